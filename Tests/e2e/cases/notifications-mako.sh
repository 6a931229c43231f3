#!/usr/bin/env bash
# notifications-mako: mako 1.7 (Debian 12) on headless sway 1.7 and a private session
# bus, with pomobar's [focus-mode] dnd = "mako" and a 2 s focus:
# - do-not-disturb is mako's mode `do-not-disturb` (`makoctl mode`): on during the
#   focus, back off after it, and the user's other modes are left alone;
# - with do-not-disturb already on before a focus, it stays on after it (restored,
#   not forced);
# - "Pomodoro complete" arrives once with "Start break" and "New focus", is drawn by
#   mako (its tomato border in a grim screenshot), and "Start break" is pressed the way
#   a mako user presses it: `makoctl menu` with a picker (a script that picks the line,
#   as dmenu or wofi would), mako invokes the action, and the short break runs;
# - back from a time away with the work clock on (`ctl project api --ago 10m`, `ctl away
#   --ago 5m`, `ctl back`), "Away 5 min" arrives once with away-work=Keep as work,
#   away-discard=Discard and away-break=Was a break; "Keep as work" pressed through
#   `makoctl menu` puts the time in `pomobar log` as `away: kept as work`, and the
#   question is gone from `status --format json`.
# `mako_press SUMMARY LABEL` (Tests/e2e/lib-notify.sh) presses any notification's button
# this way.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/../lib-notify.sh"

start_sway_notifications mako mako makoctl busctl

start_mako
log "server: $(server_name)"

modes() { as_user makoctl mode 2>/dev/null | tr '\n' ' '; }
has_mode() { as_user makoctl mode 2>/dev/null | grep -qx "$1"; }
dnd_on() { has_mode do-not-disturb; }
dnd_off() { ! dnd_on; }
shown() { [ -n "$(mako_id "$1")" ]; }
gone() { [ -z "$(mako_id "$1")" ]; }

need "do-not-disturb is off before the focus (modes: $(modes))" dnd_off
as_user makoctl mode -a dark >/dev/null  # a mode of the user's own, to be left alone
# --- a 2 s focus: do-not-disturb on during it, back off after it
pbu ctl start >/dev/null || fail_now "ctl start failed"
expect "do-not-disturb is on during the focus" wait_for 2 "mode do-not-disturb" dnd_on
expect "the user's own mode is still there during the focus" has_mode dark
sleep 2.2
expect "the focus ran out: status says focus-done" wait_for 3 "focus-done" phase_is focus-done pbu
expect "do-not-disturb is off again after the focus" wait_for 3 "no mode do-not-disturb" dnd_off
log "modes after the focus: $(modes)"
expect "the user's own mode is kept after the focus" has_mode dark
expect "mako holds 'Pomodoro complete'" wait_for 5 "notification in makoctl list" shown "Pomodoro complete"
expect "exactly one Notify call reached the bus (got $(notify_calls))" test "$(notify_calls)" = 1
actions=$(mako_actions "Pomodoro complete" | tr '\n' ' ')
log "actions: $actions"
has_actions() { grep -q 'break=Start break' <<<"$actions" && grep -q 'start=New focus' <<<"$actions"; }
expect "its buttons are break=Start break and start=New focus (got: $actions)" has_actions
mako_drawn() { local s; s=$(shot_wl 01-mako-notification); has_solid "$s" "$TOMATO" 200; }
expect "mako draws it (its tomato border on screen)" wait_for 5 "tomato border" mako_drawn

# --- "Start break" through mako's own menu
need "makoctl menu invokes 'Start break'" mako_press "Pomodoro complete" "Start break"
expect "the short break runs after 'Start break'" wait_for 5 "short-break" phase_is short-break pbu
expect "the picker was offered both labels" sh -c "grep -qx 'Start break' '$E2E_TMP/menu.txt' && grep -qx 'New focus' '$E2E_TMP/menu.txt'"
expect "the notifier has exited" wait_for 3 "no __notify" notifier_gone
expect "the notification is gone from mako" wait_for 3 "gone" gone "Pomodoro complete"
expect "do-not-disturb stays off during the break" dnd_off

# --- do-not-disturb the user had on stays on: restored, not forced off
as_user makoctl mode -a do-not-disturb >/dev/null
pbu ctl start >/dev/null # skips the break: focus 2
sleep 2.2
expect "focus 2 ran out" wait_for 3 "focus-done" phase_is focus-done pbu
expect "pomobar's notification was sent (2 Notify calls)" wait_for 3 "2 calls" sh -c "[ \"\$(grep -c member=Notify '$E2E_OUT/notify-calls.txt')\" = 2 ]"
expect "do-not-disturb is still on after the focus: it was on before (modes: $(modes))" dnd_on

# --- the away question, "Keep as work" through mako's own menu
as_user makoctl mode -r do-not-disturb >/dev/null # the user ends do-not-disturb
need "back from a time away with the clock on api" come_back_from_away
expect_away_asked
expect "mako holds 'Away 5 min'" wait_for 5 "notification in makoctl list" shown "Away 5 min"
actions=$(mako_actions "Away 5 min" | tr '\n' ' ')
log "actions: $actions"
has_away_actions() {
  grep -q 'away-work=Keep as work' <<<"$actions" && grep -q 'away-discard=Discard' <<<"$actions" &&
    grep -q 'away-break=Was a break' <<<"$actions"
}
expect "its buttons are away-work, away-discard, away-break (got: $actions)" has_away_actions
need "makoctl menu invokes 'Keep as work'" mako_press "Away 5 min" "Keep as work"
expect "the picker was offered the three answers" \
  sh -c "grep -c -x -e 'Keep as work' -e 'Discard' -e 'Was a break' '$E2E_TMP/menu.txt' | grep -qx 3"
expect_kept_as_work
expect "the question is gone from mako" wait_for 3 "gone" gone "Away 5 min"
cp "$E2E_TMP/menu.txt" "$E2E_OUT/makoctl-menu.txt"
grep -E 'notification|dnd|mako' "$XDG_STATE_HOME/pomobar/hooks.log" >"$E2E_OUT/hooks-notification-lines.txt" 2>/dev/null
finish
