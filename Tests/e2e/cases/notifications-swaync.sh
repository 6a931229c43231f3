#!/usr/bin/env bash
# notifications-swaync: SwayNotificationCenter 0.7.3 (Debian 12) on headless sway 1.7 and
# a private session bus, with pomobar's [focus-mode] dnd = "swaync" and a 2 s focus:
# - do-not-disturb (`swaync-client --get-dnd`) is on during the focus, off after it; and
#   when the user had it on before a focus, it stays on after it (restored, not forced);
# - "Pomodoro complete" arrives once with "Start break" and "New focus", and swaync draws
#   it with its buttons (a grim screenshot; the buttons get a colour each from this
#   case's style.css);
# - "Start break" is pressed by a real click (the zwlr_virtual_pointer_v1 client) on the
#   button swaync drew, and the short break runs. swaync-client 0.7.3 has no command that
#   invokes an action (its options: -R -rs -t -op -cp -d -D -dn -df -c --hide-latest
#   --close-latest -C -sw -s -swb; `--action` came in a later release), so the button
#   is pressed where a person presses it. `swaync_press N` (Tests/e2e/lib-notify.sh)
#   presses any notification's Nth button this way.
# - back from a time away with the work clock on (`ctl project api --ago 10m`, `ctl away
#   --ago 5m`, `ctl back`), "Away 5 min" arrives once with away-work "Keep as work",
#   away-discard "Discard" and away-break "Was a break", drawn with three buttons; a
#   real click on the first, "Keep as work", puts the time in `pomobar log` as `away:
#   kept as work`, and the question is gone from `status --format json`.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/../lib-notify.sh"

start_sway_notifications swaync swaync swaync-client
vpointer_works || skip "the virtual pointer did not connect: no button can be pressed"

start_swaync
# Bounded: swaync-client waits for a daemon that is not there yet (its -sw, which would
# not, takes no second option in 0.7.3: `-sw --get-dnd` prints the usage).
dnd() { as_user timeout 3 swaync-client --get-dnd 2>>"$E2E_OUT/swaync-client.log" | tail -n 1; }
dnd_is() { [ "$(dnd)" = "$1" ]; }
need "swaync-client answers on the private bus" wait_for 10 "swaync-client --get-dnd" dnd_is false
log "server: $(server_name)"

# --- a 2 s focus: do-not-disturb on during it, off after it
pbu ctl start >/dev/null || fail_now "ctl start failed"
expect "do-not-disturb is on during the focus" wait_for 2 "dnd true" dnd_is true
sleep 2.2
expect "the focus ran out: status says focus-done" wait_for 3 "focus-done" phase_is focus-done pbu
expect "do-not-disturb is off again after the focus" wait_for 3 "dnd false" dnd_is false
expect "pomobar's notification reached the bus" wait_for 5 "Notify call" pomobar_notified "Pomodoro complete"
sleep 0.5
expect "exactly one Notify call reached the bus (got $(notify_calls))" test "$(notify_calls)" = 1
has_buttons() {
  local s; s=$(shot_wl 01-swaync-notification)
  has_solid "$s" "$TOMATO" 200 && has_solid "$s" "${BUTTON_COLOURS[0]}" 100 && has_solid "$s" "${BUTTON_COLOURS[1]}" 100
}
expect "swaync draws it with two buttons" wait_for 5 "frame and buttons" has_buttons
expect "no third button" lacks_colour "$E2E_OUT/01-swaync-notification.png" "${BUTTON_COLOURS[2]}"

# --- "Start break", pomobar's first action, by a click on swaync's first button
need "a click on swaync's 'Start break'" swaync_press 1
expect "the short break runs after 'Start break'" wait_for 5 "short-break" phase_is short-break pbu
expect "hooks.log: the button and the action it did" wait_for 3 "did ctl break" \
  grep -q "notification: break: did 'pomobar ctl break'" "$XDG_STATE_HOME/pomobar/hooks.log"
expect "the notifier has exited" wait_for 3 "no __notify" notifier_gone
expect "do-not-disturb stays off during the break" dnd_is false

# --- do-not-disturb the user had on stays on: restored, not forced off
as_user timeout 3 swaync-client --dnd-on >/dev/null
pbu ctl start >/dev/null # skips the break: focus 2
sleep 2.2
expect "focus 2 ran out" wait_for 3 "focus-done" phase_is focus-done pbu
expect "pomobar's notification was sent (2 Notify calls)" wait_for 3 "2 calls" sh -c "[ \"\$(grep -c member=Notify '$E2E_OUT/notify-calls.txt')\" = 2 ]"
expect "do-not-disturb is still on after the focus: it was on before" dnd_is true

# --- the away question, "Keep as work" by a click on swaync's first button
as_user timeout 3 swaync-client --dnd-off >/dev/null # the user ends do-not-disturb
need "back from a time away with the clock on api" come_back_from_away
expect_away_asked
three_buttons() {
  local s; s=$(shot_wl 02-swaync-away)
  has_solid "$s" "${BUTTON_COLOURS[0]}" 100 && has_solid "$s" "${BUTTON_COLOURS[1]}" 100 &&
    has_solid "$s" "${BUTTON_COLOURS[2]}" 100
}
expect "swaync draws 'Away 5 min' with three buttons" wait_for 5 "three buttons" three_buttons
need "a click on swaync's 'Keep as work'" swaync_press 1
expect_kept_as_work
popup_gone() { local s; s=$(shot_wl 03-swaync-answered); lacks_colour "$s" "${BUTTON_COLOURS[0]}"; }
expect "swaync's popup is gone" wait_for 5 "no buttons" popup_gone
grep -E 'notification|dnd|swaync' "$XDG_STATE_HOME/pomobar/hooks.log" >"$E2E_OUT/hooks-notification-lines.txt" 2>/dev/null
finish
