#!/usr/bin/env bash
# kill-at-deadlines: effects are never lost and never doubled beyond the documented
# window. focus 2 s, breaks 1 s, auto-advance "all"; hooks for every event append
# "EVENT PHASE REASON SLOT COMPLETED PPID UPTIME" to a log, the notification command
# appends a line per notification to another. Three bars run; at each phase deadline
# (read from state.json: CLOCK_BOOTTIME nanoseconds) every copy is SIGKILLed at its own
# random offset in -5..+5 ms and replaced right after, until $TORTURE_KILLS kills
# (scripts/torture.d/killer.py). Then, from the final state (N focus sessions done),
# every event's COMPLETED values must be each expected value exactly once (killer.py
# says which), notifications one per natural end, focus-starts one more than
# focus-ends while a focus runs.
# Pass: 0 lost (hooks and notifications), doubled at most 1 per 500 kills (a copy may
# die between starting a child and recording that it did: microseconds), 0 hook lines
# mislabelled by a catch-up transaction (today's POMOBAR_COMPLETED is the count after
# the whole transaction), no stall (some copy always made the transition).
source "$TORTURE_D/lib.sh"

kills=${TORTURE_KILLS:-150}
logs="$E2E_TMP/logs"
mkdir -p "$logs" "$E2E_OUT/stderr"
setup_pomobar "$(fast_timer_toml)

$(hooks_toml "$logs/hooks.log")

$(notify_toml "$logs/notify.sh" "$logs/notify.log")"

# Bounded by the case's own limit (scripts/torture derives it from the kills).
max_secs=$(( ${TORTURE_CASE_LIMIT:-600} - 20 ))
driver killer run --bin "$E2E_BIN" --state "$XDG_STATE_HOME/pomobar/state.json" \
  --hooks "$logs/hooks.log" --notes "$logs/notify.log" --kills "$kills" --copies 3 --per-deadline 3 \
  --jitter-ms 5 --stderr "$E2E_OUT/stderr" --max-secs "$max_secs"
cp "$logs/hooks.log" "$logs/notify.log" "$E2E_OUT/" 2>/dev/null
driver_keys killer kills rounds completed hooks_lost hooks_doubled hooks_mislabelled hooks_unexpected \
  hooks_malformed notes_want notes_got notes_lost notes_doubled notes_unclassified focus_starts focus_ends \
  focus_open stalls

done_kills=${K[kills]}
allow=$(awk -v k="$done_kills" 'BEGIN { printf "%.2f", k / 500 }')
warnings=$(cat "$E2E_OUT"/stderr/*.stderr 2>/dev/null | wc -l)
SUMMARY="$done_kills kills in ${K[rounds]} rounds over ${K[seconds]:-?} s (offsets ${K[kill_offset_ms_min]:-?}..${K[kill_offset_ms_max]:-?} ms), $((K[completed])) focus sessions; hooks: lost ${K[hooks_lost]}, doubled ${K[hooks_doubled]}, mislabelled by catch-up ${K[hooks_mislabelled]} of ${K[hook_lines]:-?} lines; notifications: lost ${K[notes_lost]}, doubled ${K[notes_doubled]} (${K[notes_got]} of ${K[notes_want]}); focus-start ${K[focus_starts]} / focus-end ${K[focus_ends]}; $warnings stderr lines"
log "$SUMMARY"
expect "at least $kills kills (got $done_kills${K[run_problem]:+: ${K[run_problem]//_/ }})" test "$done_kills" -ge "$kills"
expect "no stall: a copy made every transition (stalls: ${K[stalls]})" test "${K[stalls]}" -eq 0
expect "0 hook runs lost (got ${K[hooks_lost]})" test "${K[hooks_lost]}" -eq 0
expect "0 notifications lost (got ${K[notes_lost]} of ${K[notes_want]})" test "${K[notes_lost]}" -eq 0
expect "hook runs doubled at most $allow (1 per 500 kills; got ${K[hooks_doubled]})" \
  awk -v d="${K[hooks_doubled]}" -v a="$allow" 'BEGIN { exit !(d <= a) }'
expect "notifications doubled at most $allow (got ${K[notes_doubled]})" \
  awk -v d="${K[notes_doubled]}" -v a="$allow" 'BEGIN { exit !(d <= a) }'
expect "no hook line mislabelled by a catch-up (POMOBAR_COMPLETED of the whole transaction; got ${K[hooks_mislabelled]})" \
  test "${K[hooks_mislabelled]}" -eq 0
expect "no unexpected or malformed hook line (${K[hooks_unexpected]} unexpected, ${K[hooks_malformed]} malformed)" \
  test "$((K[hooks_unexpected] + K[hooks_malformed]))" -eq 0
expect "every notification is a 'Pomodoro complete' or 'Break over' (${K[notes_unclassified]} others)" test "${K[notes_unclassified]}" -eq 0
expect "focus-start ${K[focus_starts]} = focus-end ${K[focus_ends]} + ${K[focus_open]} (the focus running now)" \
  test "${K[focus_starts]}" -eq "$((K[focus_ends] + K[focus_open]))"
finish
