#!/usr/bin/env bash
# away-dunst: the say over away time with a real bar copy's idle watch under Xvfb and a
# real dunst on a private session bus. pomobar with `[idle] after = "2s"`, the clock on
# `api`:
# - no input for 2 s: `away`, the clock's interval ended at the last input (within a
#   second of the xdotool move that was the last input);
# - an xdotool key: `back`, and "Away N s" arrives once on dunst with the actions
#   away-work "Keep as work", away-discard "Discard", away-break "Was a break";
#   `status --format json` has `away`;
# - "Keep as work" is pressed through dunst's own action menu (`dunstctl context`, its
#   `dmenu` a script that picks the line): the time away is in `pomobar log` as work
#   with the note `away: kept as work`, and the question is gone;
# - away and back again, answered with `pomobar ctl away-was discard` instead: the
#   notification is closed.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/../lib-notify.sh"

for c in dunst dunstctl notify-send dbus-daemon dbus-monitor xdotool Xvfb jq; do
  command -v "$c" >/dev/null || skip "$c is not installed (.ci/e2e-deps.sh)"
done

setup_pomobar '[idle]
after = "2s"
ask-after = "1s"'
start_xvfb 1024x300
state="$XDG_STATE_HOME/pomobar"

# --- a private session bus and dunst, its action menu a picker
start_session_bus
start_dunst

# --- the clock on api, a bar copy watching input
# A minute on: the interval up to the input below is a record (none is under a second).
pb ctl project api --ago 1m >/dev/null || fail_now "ctl project failed"
json() { pb status --format json 2>/dev/null | jq -e "$1" >/dev/null; }
timeout 5 xdotool mousemove 10 10
last_input=$(date +%s.%N)
spawn bar sh -c "sleep 600 | '$E2E_BIN' --format waybar"
expect "away: the clock stopped by itself" wait_for 10 "work null" json '.work == null and .project == "api"'
# The closed interval's end, from the history file.
ended=$(jq -rs '[.[] | select(.kind == "work" and .project == "api")] | last | .end' \
  "$XDG_DATA_HOME"/pomobar/history/*.jsonl 2>/dev/null | grep -v '^edits')
ended_s=$(date -d "$ended" +%s 2>/dev/null || echo 0)
log "last input $last_input, interval ended $ended ($ended_s)"
expect "the interval ended at the last input, not when away was noticed (ended $ended)" \
  awk -v a="$ended_s" -v b="$last_input" 'BEGIN { d = a - b; exit !(d > -1.5 && d < 1.5) }'

# --- back: a key, and the question; then the pointer moves now and then, as a person
# reading it would (else 2 s later it is away again, which answers with the default)
timeout 5 xdotool key shift
present() { while :; do xdotool mousemove_relative -- 1 0; sleep 0.5; xdotool mousemove_relative -- -1 0; sleep 0.5; done; }
present >/dev/null 2>&1 &
PIDS+=($!)
present_pid=$!
expect "back: the clock runs again" wait_for 5 "work running" json '.work.project == "api"'
expect "status says a time away waits (away)" wait_for 5 "away" json '.away.project == "api" and .away.unanswered == "discard"'
expect "dunst displays the question" wait_for 5 "one displayed" displayed 1
sleep 0.3
expect "exactly one Notify call (got $(notify_calls))" test "$(notify_calls)" = 1
call=$(cat "$E2E_OUT/notify-calls.txt")
has_text() { grep -qF -- "$1" <<<"$call"; }
expect "its summary says how long (Away N s)" grep -qE 'string "Away [0-9]+ s"' <<<"$call"
for a in '"away-work"' '"Keep as work"' '"away-discard"' '"Discard"' '"away-break"' '"Was a break"'; do
  expect "its actions include $a" has_text "string $a"
done
shot_x 01-away-question >/dev/null

# --- "Keep as work" through dunst's menu
need "dunstctl context opens the action menu" dunst_press "Keep as work"
expect "the answer took the question away" wait_for 5 "away null" json '.away == null'
expect "dunst's menu listed the three answers" sh -c "grep -c -e '^#Keep as work' -e '^#Discard' -e '^#Was a break' '$E2E_OUT/dunst-menu.txt' | grep -qx 3"
expect "hooks.log: the button and the action it did" wait_for 3 "did away-was" \
  grep -q "notification: away-work: did 'pomobar ctl away-was work'" "$state/hooks.log"
pb log today >"$E2E_OUT/pomobar-log.txt" 2>&1
expect "pomobar log shows the time away kept as work" grep -q 'api  · away: kept as work' "$E2E_OUT/pomobar-log.txt"
expect "nothing is displayed any more" wait_for 3 "none displayed" displayed 0
kill "$present_pid" 2>/dev/null
wait "$present_pid" 2>/dev/null

# --- away again; this time answered from a keybinding: ctl closes the question
expect "away again after 2 s without input" wait_for 10 "work null" json '.work == null'
timeout 5 xdotool key shift
expect "dunst displays the second question" wait_for 5 "one displayed" displayed 1
pb ctl away-was discard >"$E2E_OUT/ctl-discard.txt" 2>&1
expect "ctl says what it did ($(cat "$E2E_OUT/ctl-discard.txt"))" grep -q '): discarded$' "$E2E_OUT/ctl-discard.txt"
expect "answering from ctl closes the notification" wait_for 5 "none displayed" displayed 0

finish
