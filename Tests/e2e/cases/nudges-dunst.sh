#!/usr/bin/env bash
# nudges-dunst: [nudges] with a real bar copy's idle watch under Xvfb and a real dunst on a
# private session bus; every day a work day, work hours all day.
# - forgot-to-start = "3s": at the computer (the pointer moves), the clock stopped on
#   `api`: "Tracking nothing for 3 s" / "Start api?" arrives once, with start "Start" and
#   not-now "Not now", and not again for that stretch; "Start" pressed through dunst's
#   menu starts a focus;
# - focus-on-return: a 3 s break runs out while away (no input); a key is the return,
#   and the focus starts by itself;
# - end-of-day at the next minute (pomobar's wall clock moved on to 5 s before it):
#   "Still tracking api" with work-stop "Stop now" and work-stop-at "Stop at last input
#   (HH:MM)"; that one pressed stops the clock at HH:MM.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/../lib-notify.sh"

for c in dunst dunstctl notify-send dbus-daemon dbus-monitor xdotool Xvfb jq; do
  command -v "$c" >/dev/null || skip "$c is not installed (.ci/e2e-deps.sh)"
done

config='[timer]
short-break = "3s"

[idle]
after = "2s"
ask-after = false

[ledger]
work-days = "mon-sun"

[nudges]
forgot-to-start = "3s"
work-from = "00:00"
work-until = "23:59"
focus-on-return = true'
setup_pomobar "$config"
# pomobar's clocks, moved by the end-of-day part (an empty file moves nothing)
export POMOBAR_TEST_CLOCK="$E2E_TMP/clock"
: >"$POMOBAR_TEST_CLOCK"
start_xvfb 1024x300
state="$XDG_STATE_HOME/pomobar"
start_session_bus
start_dunst

json() { pb status --format json 2>/dev/null | jq -e "$1" >/dev/null; }
present() { while :; do xdotool mousemove_relative -- 1 0; sleep 0.5; xdotool mousemove_relative -- -1 0; sleep 0.5; done; }
present >/dev/null 2>&1 &
PIDS+=($!)
present_pid=$!

# --- forgot to start: the last project api, nothing running, a bar watching input
pb ctl project api >/dev/null || fail_now "ctl project failed"
pb ctl work stop >/dev/null || fail_now "ctl work stop failed"
spawn bar sh -c "sleep 600 | '$E2E_BIN' --format waybar"
expect "dunst displays the nudge" wait_for 10 "one displayed" displayed 1
call=$(cat "$E2E_OUT/notify-calls.txt")
has_text() { grep -qF -- "$1" <<<"$call"; }
for a in '"Tracking nothing for 3 s"' '"Start api?"' '"start"' '"Start"' '"not-now"' '"Not now"'; do
  expect "the nudge has $a" has_text "string $a"
done
shot_x 01-forgot-to-start >/dev/null
sleep 4  # the same stretch goes on past another 3 s: no second nudge
expect "exactly one Notify call for the stretch (got $(notify_calls))" test "$(notify_calls)" = 1
need "dunstctl context opens the action menu" dunst_press "Start"
expect "Start started a focus on api" wait_for 5 "focus" json '.phase == "focus" and .project == "api"'
expect "hooks.log: the button and what it did" wait_for 3 "did start" \
  grep -q "notification: start: did 'pomobar ctl start'" "$state/hooks.log"

# --- focus on return: away (no input) through a break that runs out
kill "$present_pid" 2>/dev/null
wait "$present_pid" 2>/dev/null
pb ctl break >/dev/null || fail_now "ctl break failed"
expect "the break ran out while away: idle" wait_for 10 "idle" json '.phase == "idle"'
sleep 1
expect "still idle while nobody is there" json '.phase == "idle"'
timeout 5 xdotool key shift
present >/dev/null 2>&1 &
PIDS+=($!)
present_pid=$!
expect "the return started the next focus" wait_for 5 "focus" json '.phase == "focus" and .work.project == "api"'

# --- end of day at the next minute, which pomobar's wall clock (moved on like `date -s`)
# reaches 5 s after the edit: the case does not wait for the real one
next=$((($(date +%s) / 60 + 1) * 60))
printf 'wall %s\n' "$(awk -v n="$next" -v t="$(date +%s.%N)" 'BEGIN { printf "%.3f", n - 5 - t }')" >"$POMOBAR_TEST_CLOCK"
at=$(date -d "@$next" +%H:%M)
printf '%s\nend-of-day = "%s"\n' "$config" "$at" >"$XDG_CONFIG_HOME/pomobar/config.toml"
log "end-of-day = $at"
expect "dunst gets 'Still tracking api' at $at" wait_for 20 "still tracking" pomobar_notified "Still tracking api"
call=$(cat "$E2E_OUT/notify-calls.txt")
for a in "\"Stop at $at?\"" '"work-stop"' '"Stop now"' '"work-stop-at"' "\"Stop at last input ($at)\""; do
  expect "the end-of-day nudge has $a" has_text "string $a"
done
shot_x 02-end-of-day >/dev/null
need "dunstctl context opens the action menu" dunst_press "Stop at last input"
expect "the clock stopped" wait_for 5 "work null" json '.work == null'
expect "hooks.log: work stop --at $at" wait_for 3 "did work stop" \
  grep -q "notification: work-stop-at: did 'pomobar ctl work stop --at $at'" "$state/hooks.log"
ended=$(jq -rs '[.[] | select(.kind == "work" and .project == "api")] | last | .end' \
  "$XDG_DATA_HOME"/pomobar/history/*.jsonl 2>/dev/null)
expect "the clock's record ends at $at (ended $ended)" grep -q "T$at:00" <<<"$ended"

finish
