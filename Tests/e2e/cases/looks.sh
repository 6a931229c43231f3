#!/usr/bin/env bash
# looks: themes, format strings and the {bar} in a real i3bar. i3 under Xvfb with
# contrib/i3/config's bar block and a config with `[theme] name = "nord"`,
# `hide-when-idle = true` and `full = "{ring} {time} {bar}"`: idle, the block is empty and
# nothing of the theme is drawn; after `ctl start` the block switches to Pango markup
# and the screen shows both of the bar's colours, nord's focus and nord's track; a
# project name with markup characters comes through as text.
source "$(dirname "$0")/../lib.sh"

NORD_FOCUS='#CF8990'
NORD_TRACK='#6F7D98'
setup_pomobar '[timer]
focus = "20s"

[theme]
name = "nord"

[display]
hide-when-idle = true
bar-width = 8

[format]
full = "{ring} {time} {bar} {project}"

[ledger]
show = "timer"

[notifications]
enabled = false'
start_i3bar

field() { last_frame "$stream" | jq -r --arg f "$1" '.[0][$f] | tostring' 2>/dev/null; }
expect "idle: the block's full_text is empty (got: '$(field full_text)')" test "$(field full_text)" = ""
expect "idle: nothing in nord's focus colour on screen" lacks_colour "$(shot_x 01-idle-hidden)" "$NORD_FOCUS" "${region[@]}"

need "ctl project '<a&b>'" pb ctl project '<a&b>'
need "ctl start" pb ctl start
pango() { [ "$(field markup)" = pango ] && field full_text | grep -qi '="#6f7d98"'; }
expect "running: the block is Pango markup with the track colour" \
  wait_for 5 "a pango frame" pango
escaped() { field full_text | grep -qF '&lt;a&amp;b&gt;'; }
expect "the project name is escaped as markup (got: $(field full_text))" escaped
sleep 3 # a few seconds in, part of the bar is elapsed
s=$(shot_x 02-running-bar)
expect "the screen shows nord's focus colour" has_solid "$s" "$NORD_FOCUS" 30 "${region[@]}"
expect "the screen shows nord's track colour beside it" has_solid "$s" "$NORD_TRACK" 30 "${region[@]}"
finish
