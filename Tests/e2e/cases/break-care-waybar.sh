#!/usr/bin/env bash
# break-care-waybar: `[breaks] remind-after = "3s"` in a real waybar on headless sway
# 1.7, with contrib/waybar/config.jsonc and style.css as they ship: after 3 s of the work
# clock the module gets the class `overdue` (and `urgent`, for `[display] urgent-for =
# "1s"`); once the urgent flag clears, the example style's tomato underline stays on
# screen; `pomobar ctl snooze` takes it away.
source "$(dirname "$0")/../lib.sh"

setup_pomobar '[breaks]
remind-after = "3s"

[display]
urgent-for = "1s"

[notifications]
enabled = false'
start_sway_waybar

need "the module printed its first line" wait_for 10 "first line" has_line
pbu ctl work start >/dev/null || fail_now "ctl work start failed"
need "the module is drawn, grey while the timer is idle" wait_for 6 "grey pixels" bar_shows "$GREY" 01-working
expect "working, not yet overdue: no tomato" lacks_colour "$E2E_OUT/01-working.png" "$TOMATO" "${region[@]}"
expect "after 3 s the module has the class overdue (got: $(last_obj))" wait_for 6 "overdue" class_has overdue
expect "the tooltip says how long" sh -c "grep -E '^\{' '$stream' | tail -n 1 | jq -r .tooltip | grep -q 'without a break'"
expect "the urgent flag clears after urgent-for (1 s)" wait_for 4 "no urgent" class_lacks urgent
expect "the class overdue stays" class_has overdue
expect "the example style's underline shows it in tomato" wait_for 3 "tomato underline" bar_shows "$TOMATO" 02-overdue
pbu ctl snooze >/dev/null || fail_now "ctl snooze failed"
expect "snoozed: the class goes" wait_for 3 "not overdue" class_lacks overdue
expect "snoozed: no tomato" wait_for 3 "no tomato" bar_lacks "$TOMATO" 03-snoozed
finish
