#!/usr/bin/env bash
# ledger-kills: every committed record in the history exactly once, whatever is killed
# when (issue 15, "Records lost under kills"). focus 2 s, breaks 1 s, auto-advance "all";
# hooks for focus-start/-end/-done, break-start/-end, void, work-start/-stop, project,
# interrupt append one line each to a log. Three bars run for $TORTURE_LEDGER_SECS
# seconds (60; --long 600) while a loop runs `ctl project api|web|docs`, `ctl work
# toggle`, `ctl interrupt`, `ctl void`, `ctl start`, a third of them SIGKILLed 0..15 ms
# into their run; a copy is SIGKILLed 0..5 ms after each deadline, another at random
# moments, and every pomobar alive is SIGKILLed the moment a history file is written
# (inotify IN_MODIFY on the history folder: the append's write(), before its fsync and
# whatever the transaction writes next; scripts/torture.d/ledger.py). A static binary
# takes no LD_PRELOAD and strace -e inject would slow every transaction; the inotify
# kill lands between the append and the next state write when state.json is then older
# than the history file ("between" below).
# Then `ctl pause` and the history (the JSONL files, `export --format json`,
# `report today --json`) against the hook log and state.json:
# Pass: completed focus records = focus-done hook runs = the state's completed count;
# voided focus records = focus-end hooks with reason voided; completed breaks =
# break-end hooks with reason completed; other focus and break ends likewise (a hook may
# run twice if its copy died between starting it and recording that: at most 1 per 500
# kills more hook runs than records); 0 doubled ids (files and export), 0 records twice
# with other ids, 0 overlapping intervals of one kind (work/work, phase/phase) on the
# machine, no unparsable line, and the state's today (closed work per project) = the
# history's work today per project.
# TORTURE_LEDGER_SECS=S sets the run's length; TORTURE_LEDGER_KILLS=no makes it a control
# run without any kill (the same checks must pass on any build).
source "$TORTURE_D/lib.sh"

if [ "${TORTURE_LONG:-0}" = 1 ]; then secs=${TORTURE_LEDGER_SECS:-600}; else secs=${TORTURE_LEDGER_SECS:-60}; fi
# bounded by the case's limit: start, the run, the settling and the analysis
max=$(( ${TORTURE_CASE_LIMIT:-120} - 40 ))
[ "$secs" -gt "$max" ] && secs=$max
logs="$E2E_TMP/logs"
mkdir -p "$logs" "$E2E_OUT/stderr"
setup_pomobar "$(fast_timer_toml)

[notifications]
enabled = false

$(hooks_toml "$logs/hooks.log" focus-start focus-end focus-done break-start break-end void work-start work-stop project interrupt)"
mkdir -p "$XDG_STATE_HOME/pomobar" "$XDG_DATA_HOME/pomobar/history"
chmod 700 "$XDG_STATE_HOME/pomobar"

driver ledger run --bin "$E2E_BIN" --state-dir "$XDG_STATE_HOME/pomobar" \
  --data-dir "$XDG_DATA_HOME/pomobar" --hooks "$logs/hooks.log" --secs "$secs" --copies 3 \
  --stderr "$E2E_OUT/stderr" --kills "${TORTURE_LEDGER_KILLS:-yes}"
cp -r "$logs/hooks.log" "$XDG_STATE_HOME/pomobar/state.json" "$XDG_DATA_HOME/pomobar/history" "$E2E_OUT/" 2>/dev/null
driver_keys ledger copy_kills aimed_rounds aimed_between ctl_kills ctl_runs focus_completed_records \
  focus_done_hooks state_completed voided_records voided_hooks break_completed_records break_completed_hooks \
  focus_other_records focus_other_hooks break_other_records break_other_hooks dup_ids_raw dup_ids_export \
  dup_content overlaps today_state today_history today_mismatch unparsable_lines export_records

kills=$((K[copy_kills] + K[ctl_kills] + ${K[ctl_kills_aimed]:-0}))
allow=$((kills / 500))
SUMMARY="${K[seconds]:-?} s, ${K[copy_kills]} bar kills (${K[copy_kills_deadline]:-?} at deadlines, ${K[aimed_rounds]} aimed at a history write, ${K[aimed_between]} of them between the append and the next state write), $((K[ctl_kills] + ${K[ctl_kills_aimed]:-0})) ctl kills of ${K[ctl_runs]} runs; ${K[export_records]} records; focus completed: records ${K[focus_completed_records]} / focus-done hooks ${K[focus_done_hooks]} / state ${K[state_completed]}; voided: records ${K[voided_records]} / hooks ${K[voided_hooks]}; breaks completed: records ${K[break_completed_records]} / hooks ${K[break_completed_hooks]}; other focus ends ${K[focus_other_records]} / ${K[focus_other_hooks]}, other break ends ${K[break_other_records]} / ${K[break_other_hooks]}; doubled ids ${K[dup_ids_raw]} (files) ${K[dup_ids_export]} (export), same interval twice ${K[dup_content]}; overlaps ${K[overlaps]}; today's work state ${K[today_state]} s / history ${K[today_history]} s; unparsable lines ${K[unparsable_lines]}"
log "$SUMMARY"

# records vs hook runs: equal, or at most $allow more hook runs (a hook doubled by a kill)
same() { local r=$1 h=$2; [ "$r" -le "$h" ] && [ "$((h - r))" -le "$allow" ]; }
expect "completed focus records = the state's completed count (${K[focus_completed_records]} vs ${K[state_completed]})" \
  test "${K[focus_completed_records]}" -eq "${K[state_completed]}"
expect "completed focus records = focus-done hook runs (${K[focus_completed_records]} vs ${K[focus_done_hooks]})" \
  same "${K[focus_completed_records]}" "${K[focus_done_hooks]}"
expect "voided focus records = voided focus-end hook runs (${K[voided_records]} vs ${K[voided_hooks]})" \
  same "${K[voided_records]}" "${K[voided_hooks]}"
expect "completed break records = completed break-end hook runs (${K[break_completed_records]} vs ${K[break_completed_hooks]})" \
  same "${K[break_completed_records]}" "${K[break_completed_hooks]}"
expect "other focus ends: records = hook runs (${K[focus_other_records]} vs ${K[focus_other_hooks]})" \
  same "${K[focus_other_records]}" "${K[focus_other_hooks]}"
expect "other break ends: records = hook runs (${K[break_other_records]} vs ${K[break_other_hooks]})" \
  same "${K[break_other_records]}" "${K[break_other_hooks]}"
expect "0 doubled ids (files ${K[dup_ids_raw]}, export ${K[dup_ids_export]})" \
  test "$((K[dup_ids_raw] + K[dup_ids_export]))" -eq 0
expect "0 intervals recorded twice under two ids (got ${K[dup_content]})" test "${K[dup_content]}" -eq 0
expect "0 overlapping intervals of one kind on the machine (got ${K[overlaps]})" test "${K[overlaps]}" -eq 0
expect "no unparsable line in the history (got ${K[unparsable_lines]})" test "${K[unparsable_lines]}" -eq 0
expect "today's work in the state = the history's today (${K[today_state]} s vs ${K[today_history]} s, ${K[today_mismatch]} projects differ)" \
  test "${K[today_mismatch]}" -eq 0
[ "${TORTURE_LEDGER_KILLS:-yes}" = no ] && note "control run: no kills" ||
  expect "some kills landed at a history write (${K[aimed_rounds]} aimed)" test "${K[aimed_rounds]}" -gt 0
finish
