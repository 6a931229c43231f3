#!/usr/bin/env bash
# flowtime-waybar: `[timer] mode = "flowtime"` in the custom/pomobar module of a real
# waybar on headless sway. A left click starts a focus that counts up (classes
# `flowtime` and `counting-up`, the time growing from 00:00); scrolling changes nothing
# (no end to move); the next left click ends it, completed, into the break it earned (a
# minute: the least a ratio gives), which counts down as any break; the history holds
# the focus with its real length.
source "$(dirname "$0")/../lib.sh"

setup_pomobar '[timer]
mode = "flowtime"

[notifications]
enabled = false'
start_sway_waybar

classes() { last_obj | jq -c '.class' 2>/dev/null; }
class_is() { [ "$(classes)" = "$1" ]; }
click_or_run() {  # BUTTON NAME ON-CLICK-KEY
  if vpointer_works; then click_module "$1" "$2"; else run_onclick "$3"; fi
}
status() { pbu status --format json; }

need "the module printed its first line" wait_for 10 "first line" has_line
expect "idle in flowtime: classes idle and flowtime (got: $(classes))" class_is '["idle","flowtime"]'
expect "idle waits at 00:00 (got: $(last_obj | jq -r .text))" text_has 'Ready 00:00'
vpointer_works || note "real clicks not tested: the virtual pointer did not connect; ran the on-click commands"

need "left click: start" click_or_run left start on-click
expect "the focus counts up: classes focus, flowtime, counting-up (got: $(classes))" \
  wait_for 3 "counting-up" class_is '["focus","flowtime","counting-up"]'
expect "status says counts_up" test "$(status | jq -r .counts_up)" = true
expect "the time grows past 00:02 (got: $(last_obj | jq -r .text))" wait_for 5 "Focus 00:02" text_has 'Focus 00:0[2-9]'
if vpointer_works; then
  before=$(status | jq -r .elapsed)
  need "scroll up sent" scroll_module up extend
  still_counting() { [ "$(status | jq -r "(.counts_up == true) and (.elapsed >= $before)")" = true ]; }
  expect "scrolling changes nothing: still counting up from $before s" still_counting
fi

need "left click: end the focus" click_or_run left break on-click
expect "the earned break runs: classes short-break, ending (its last minute), flowtime (got: $(classes))" \
  wait_for 3 "short-break" class_is '["short-break","ending","flowtime"]'
expect "a minute of break (got: $(last_obj | jq -r .text))" text_has 'Short break 0[01]:[0-9][0-9]'
left=$(status | jq -r .remaining)
expect "the break counts down from a minute ($left s left)" test "$left" -le 60 -a "$left" -ge 50
focus_line() { pbu log today 2>/dev/null | grep ' focus '; }
line=$(focus_line)
expect "log shows one completed focus of its real length, a few seconds (got: $line)" \
  test "$(grep -c 'completed' <<<"$line")" = 1 -a -n "$(grep -E ' 0:00:[0-9][0-9] ' <<<"$line")"
finish
