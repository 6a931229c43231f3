#!/usr/bin/env bash
# break-care: `[breaks] remind-after = "3s"` with a real notification daemon (dunst 1.9
# on a private session bus, under Xvfb) and two bar copies in waybar's format:
# - after 3 s of the work clock, both copies wake and show the class `overdue` and the
#   tooltip line, within a second of the moment it was due (the state's `reminded_at`);
# - "Time for a break" reaches the bus once (dbus-monitor) with the actions Take a break
#   and Snooze 15 min, and dunst displays it; the `overdue` hook runs once;
# - "Take a break" pressed through dunst's own action menu (`dunstctl context`) starts
#   a short break, and the copies drop the class.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/../lib-notify.sh"

for c in dunst dunstctl notify-send dbus-daemon dbus-monitor jq; do
  command -v "$c" >/dev/null || skip "$c is not installed (.ci/e2e-deps.sh)"
done

setup_pomobar "[breaks]
remind-after = \"3s\"

[hooks]
overdue = \"echo overdue >> '$E2E_TMP/overdue.log'\""
start_xvfb 1024x300
state="$XDG_STATE_HOME/pomobar"
hooks_log="$state/hooks.log"

# --- a private session bus, and dunst with an action menu that picks a line
start_session_bus
start_dunst

# --- two bar copies in waybar's format, as waybar runs the module
for n in 1 2; do
  spawn "bar$n" sh -c "exec '$E2E_BIN' --format waybar >'$E2E_TMP/bar$n.stream'"
done
last_object() { tail -n 1 "$E2E_TMP/bar$1.stream" 2>/dev/null; }
started() { [ -n "$(last_object 1)" ] && [ -n "$(last_object 2)" ]; }
need "both copies print" wait_for 5 "first frames" started
overdue_in() { last_object "$1" | jq -e '.class | index("overdue")' >/dev/null 2>&1; }
not_overdue_in() { last_object "$1" | jq -e '.class | index("overdue") | not' >/dev/null 2>&1; }

pb ctl work start >/dev/null || fail_now "ctl work start failed"
need "not overdue before 3 s" not_overdue_in 1
for n in 1 2; do
  expect "copy $n shows the class overdue (got: $(last_object "$n"))" wait_for 6 "overdue" overdue_in "$n"
  expect "copy $n's tooltip says how long" sh -c "tail -n 1 '$E2E_TMP/bar$n.stream' | jq -r .tooltip | grep -q 'Working 3 s without a break'"
done
expect "dunst displays the reminder" wait_for 5 "one displayed" displayed 1
sleep 0.3
expect "one Notify call for two copies (got $(notify_calls))" test "$(notify_calls)" = 1
call=$(cat "$E2E_OUT/notify-calls.txt")
has_text() { grep -qF -- "$1" <<<"$call"; }
expect "its summary is 'Time for a break'" has_text 'string "Time for a break"'
expect "its body says how long" has_text 'string "Working 3 s without a break"'
for a in '"break"' '"Take a break"' '"snooze"' '"Snooze 15 min"'; do
  expect "its actions include $a" has_text "string $a"
done
shot_x 01-break-reminder >/dev/null
expect "the overdue hook ran once" wait_for 3 "one overdue line" sh -c "[ \"\$(grep -c overdue '$E2E_TMP/overdue.log')\" = 1 ]"

# --- "Take a break" through dunst's action menu
need "dunstctl context opens the action menu" dunst_press "Take a break"
expect "a short break runs after 'Take a break'" wait_for 5 "short-break" phase_is short-break
expect "hooks.log: the button and the action it did" wait_for 3 "did ctl break" grep -q "notification: break: did 'pomobar ctl break'" "$hooks_log"
for n in 1 2; do
  expect "copy $n drops the class overdue" wait_for 3 "not overdue" not_overdue_in "$n"
done
sleep 0.5
expect "still one overdue hook run" test "$(grep -c overdue "$E2E_TMP/overdue.log")" = 1
finish
