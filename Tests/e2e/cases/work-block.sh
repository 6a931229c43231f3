#!/usr/bin/env bash
# work-block: the work clock in a real i3bar. i3 under Xvfb with contrib/i3/config's bar
# block; `pomobar ctl project api --ago 1m` with `[projects.api] color = "#FF8800"`: the status
# line i3bar got carries a second block, pomobar-work, "● api 0:01" in that colour, and
# the screenshot shows orange beside the grey timer. A real left click on the work
# block stops the clock (its own click map), and its record is in the history; the block
# stays, muted ("○ api"), and a second real click on it starts the clock again.
source "$(dirname "$0")/../lib.sh"

ORANGE='#FF8800'
setup_pomobar '[timer]
focus = "25m"

[projects.api]
color = "#FF8800"

[notifications]
enabled = false'
start_i3bar

# A minute on: the click below closes an interval of a minute (no work record is under a second).
need "ctl project api --ago 1m" pb ctl project api --ago 1m
work_field() {
  last_frame "$stream" | jq -r --arg f "$1" '.[] | select(.name == "pomobar-work") | .[$f] | tostring' 2>/dev/null
}
work_shown() { [ "$(work_field full_text)" = "● api 0:01" ]; }
expect "the stream carries the pomobar-work block \"● api 0:01\" (got: $(work_field full_text))" \
  wait_for 3 "the work block" work_shown
expect "the work block is in the project's colour (got: $(work_field color))" test "$(work_field color)" = "$ORANGE"
orange_shown() { has_colour "$(shot_x "$1")" "$ORANGE" 15 "${region[@]}"; }
expect "the bar shows the project's orange" wait_for 3 "orange in the bar" orange_shown 01-work-block
expect "the timer's block is still there, grey" has_colour "$(shot_x 02-both-blocks)" "$GREY" 15 "${region[@]}"

# A real left click on the orange block: the work block's own map stops the clock.
s=$(shot_x before-click)
read -r _ x0 _ x1 _ _ < <(find_block "$s" "${region[@]}" "$ORANGE") || fail_now "no orange block in the bar"
need "left click on the work block" x_click "$(((x0 + x1) / 2))" "$((BY + BH / 2))" 1
stopped_shown() { [ "$(work_field full_text)" = "○ api 0:01" ]; }
expect "the click stopped the work clock: the block stays, muted (got: $(work_field full_text))" \
  wait_for 3 "a muted work block" stopped_shown
expect "the stopped block is in the theme's idle grey (got: $(work_field color))" test "$(work_field color)" = "$GREY"
stopped() { [ "$(pb status --format json | jq -r '.work')" = null ]; }
expect "status says the clock is stopped" stopped
expect "status still names the project" test "$(pb status --format json | jq -r '.project')" = api
records() { cat "$XDG_DATA_HOME"/pomobar/history/*.jsonl 2>/dev/null | jq -r 'select(.kind == "work") | .project'; }
expect "the history holds the api interval (got: $(records | tr '\n' ' '))" test "$(records)" = api
shot_x 03-stopped >/dev/null

# The muted block is still there to click: a real left click starts the clock again.
s=$(shot_x before-second-click)
# Where the orange block was (the timer's block, to its left, is grey too).
read -r _ x0 _ x1 _ _ < <(find_block "$s" "$((x0 - 4))" "${region[1]}" "$((region[0] + region[2] - x0 + 4))" \
  "${region[3]}" "$GREY") || fail_now "no grey work block in the bar"
need "left click on the muted work block" x_click "$(((x0 + x1) / 2))" "$((BY + BH / 2))" 1
expect "the click started the clock again: \"● api\" in orange (got: $(work_field full_text))" \
  wait_for 3 "the running work block" work_shown
running() { [ "$(pb status --format json | jq -r '.work.project')" = api ]; }
expect "status says the clock runs on api" running
shot_x 04-started-again >/dev/null
finish
