#!/usr/bin/env bash
# hung-and-flooding-hooks: hooks get a time limit and their own output (issue 7,
# failure 7). With `[hooks] timeout = "2s"`:
#  - a focus-start hook `sleep 1001 & sleep 1001` (a child that hangs, with a child of
#    its own), run by a bar: 3.5 s later no process of it is left (its whole process
#    group killed); the same run by `pomobar ctl start`;
#  - 18 such hooks (18 clicks that start a focus, each followed by a stop, one pair per
#    read), then the bar exits (SIGTERM): 3.5 s after the last start nothing of them is
#    alive;
#  - a hook that floods its output (`yes | head -c 50M`) while the bar's stderr is a pipe
#    nobody reads (yet): the bar keeps printing a frame every second, its own warning (a
#    bad click line) still gets out, no hook output reaches the bar's stderr, and the
#    hook's output is in $XDG_STATE_HOME/pomobar/hooks.log (each line stamped with the
#    time, the event and the hook's pid), which with one rotated
#    hooks.log.1 stays at most 2 MiB;
#  - a hook whose program does not exist: one line `focus-start: exit 127 after N s` in
#    hooks.log, ⚠ on the bar, one warning line on the bar's stderr, cleared by the next
#    click;
#  - 500 clicks that pause and resume, each running a hook: 500 runs, none lost, the
#    bar's descriptors the same before and after, no runner left, no zombie among the
#    case's processes.
# When the binary does not know `[hooks] timeout` (check-config exits 78), that is a
# failure, and the rest runs without the key so that its figures are still measured.
source "$TORTURE_D/lib.sh"

setup_pomobar "[notifications]
enabled = false"
dir="$XDG_STATE_HOME/pomobar"
mkdir -p "$dir"

# conf NAME HOOK: a config file with the hook as focus-start; prints its path.
TIMEOUT_LINE='timeout = "2s"'
conf() {
  local f="$XDG_CONFIG_HOME/pomobar/$1.toml"
  printf '[timer]\nfocus = "25m"\n\n[hooks]\n%s\nfocus-start = "%s"\n\n[notifications]\nenabled = false\n' \
    "$TIMEOUT_LINE" "$2" >"$f"
  echo "$f"
}
probe_conf=$(conf probe "true")
if ! timeout 5 "$E2E_BIN" check-config "$probe_conf" >"$E2E_OUT/check-config.out" 2>&1; then
  FAILS+=("no [hooks] timeout key ($(grep -m 1 -i timeout "$E2E_OUT/check-config.out" | sed "s#$XDG_CONFIG_HOME/pomobar/##" | cut -c1-100))")
  log "FAILED: check-config rejects [hooks] timeout; going on without it"
  TIMEOUT_LINE=''
fi

# --- one hung hook, run by a bar
c1=$(conf hang1 "sleep 1001 & sleep 1001")
BAR_ARGS=(--config "$c1")
start_bar one
need "the bar printed its first frame" wait_for 5 "first frame" has_frame one
bar_send one "[" "$(click_line 1)"
wait_for 3 "the hook's processes" sh -c "[ \$(ps -eo args | grep -c '^sleep 1001') -ge 1 ]"
t_hook=$(now_s)
seen1=$(hook_count "sleep 1001")
sleep 3.5
left1=$(hook_count "sleep 1001")
log "hung hook by a bar: $seen1 processes seen, $left1 alive 3.5 s later"
expect "a hung hook run by a bar is gone 3.5 s later ($left1 of its $seen1 processes alive)" test "$left1" -eq 0
[ "$seen1" -ge 2 ] || FAILS+=("the hook did not run (saw $seen1 processes)")

# --- the same hung hook, run by `pomobar ctl start`
c2=$(conf hang2 "sleep 1002 & sleep 1002")
timeout 5 "$E2E_BIN" ctl stop --config "$c2" >/dev/null 2>&1
( exec timeout 10 "$E2E_BIN" ctl start --config "$c2" >>"$E2E_OUT/ctl.log" 2>&1 ) &
PIDS+=($!)
wait_for 3 "the hook's processes" sh -c "[ \$(ps -eo args | grep -c '^sleep 1002') -ge 1 ]"
seen2=$(hook_count "sleep 1002")
sleep 3.5
left2=$(hook_count "sleep 1002")
log "hung hook by ctl: $seen2 processes seen, $left2 alive 3.5 s later"
expect "a hung hook run by ctl start is gone 3.5 s later ($left2 of its $seen2 processes alive)" test "$left2" -eq 0
kill -TERM "${BAR_PID[one]}" 2>/dev/null

# --- 18 hung hooks, then the bar exits
c3=$(conf hang18 "sleep 1003 & sleep 1003")
timeout 5 "$E2E_BIN" ctl stop --config "$c3" >/dev/null 2>&1
BAR_ARGS=(--config "$c3")
start_bar many
need "the second bar printed its first frame" wait_for 5 "first frame" has_frame many
# One click pair per read: the clicks of one read are one transition, whose commands run
# one after another (each hung one to its timeout), while separate transitions' run side
# by side, as separate clicks would. The next pair goes once the bar has read the last
# (a loaded machine would otherwise let the bar read several pairs at once). Every hook's
# process group is noted as it is seen: on a loaded machine the first may reach their
# 2 s limit before the last has started.
groups3="$E2E_TMP/groups18"
: >"$groups3"
note_groups() { hook_procs "sleep 1003" | awk '{print $2}' >>"$groups3"; }
groups_seen() { sort -u "$groups3" | grep -c .; }
bar_send many "["
for i in $(seq 18); do
  bar_send many "$([ "$i" -gt 1 ] && printf ',')$(click_line 1)" ",$(click_line 2)"
  wait_for 3 "the bar to read click pair $i" bar_drained many || break
  note_groups
done
eighteen() { note_groups; [ "$(groups_seen)" -ge 18 ]; }
wait_for 3 "18 hooks" eighteen
seen3=$(groups_seen)
kill -TERM "${BAR_PID[many]}" 2>/dev/null
gone() { ! alive "${BAR_PID[many]}"; }
wait_for 3 "the bar to exit" gone || log "the bar did not exit on SIGTERM"
sleep 3.5
left3=$(hook_groups "sleep 1003")
procs3=$(hook_count "sleep 1003")
log "18 hooks: $seen3 seen, $left3 still alive ($procs3 processes) 3.5 s after the bar exited"
expect "18 hung hooks leave nothing alive after the bar exits ($left3 of $seen3 hooks alive, $procs3 processes)" test "$procs3" -eq 0
[ "$seen3" -ge 18 ] || FAILS+=("only $seen3 of 18 hooks ran")
# End them here (by pid), so that the flood below is measured alone.
for p in $(hook_procs "sleep 100" | awk '{print $1}'); do kill -KILL "$p" 2>/dev/null; done

# --- a flooding hook while the bar's stderr is not read
c4=$(conf flood "yes | head -c 50M")
timeout 5 "$E2E_BIN" ctl stop --config "$c4" >/dev/null 2>&1
BAR_ARGS=(--config "$c4")
BAR_ERR_GATE="$E2E_TMP/gate" start_bar flood
need "the flood bar printed its first frame" wait_for 5 "first frame" has_frame flood
bar_send flood "[" "$(click_line 1)"
sleep 1
f0=$(out_lines flood)
bar_send flood ",garbage: not a click"
t0=$(now_s)
sleep 4
f1=$(out_lines flood)
dt=$(elapsed_since "$t0")
frames=$((f1 - f0))
fps=$(awk -v n="$frames" -v t="$dt" 'BEGIN { printf "%.2f", n / t }')
log "flood: $frames frames in $dt s after the bad click line"
expect "the bar keeps printing a frame a second while a hook floods (got $frames frames in $dt s)" test "$frames" -ge 3
flooders=$(hook_count "yes")
log "flood: $flooders processes of the flooding hook alive"
touch "$E2E_TMP/gate"
stable() {
  local b; b=$(stats "$E2E_TMP/flood.err.stats" 2)
  [ "$b" = "${LAST_B:-x}" ] && return 0
  LAST_B=$b; return 1
}
wait_for 15 "the bar's stderr drained" stable
ylines=$(stats "$E2E_TMP/flood.err.stats" 3)
ebytes=$(stats "$E2E_TMP/flood.err.stats" 2)
own=$(count_lines "$E2E_TMP/flood.err.txt" 'pomobar')
log "bar's stderr: $ebytes bytes, $ylines hook lines, $own pomobar lines"
head -n 5 "$E2E_TMP/flood.err.txt" >"$E2E_OUT/flood-stderr-head.txt" 2>/dev/null
expect "no hook output on the bar's stderr (got $ylines lines of it, $ebytes bytes)" test "$ylines" -eq 0
expect "the bar's own warning got out ($own pomobar lines on its stderr)" test "$own" -ge 1
hl=$(stat -c %s "$dir/hooks.log" 2>/dev/null || echo 0)
hl1=$(stat -c %s "$dir/hooks.log.1" 2>/dev/null || echo 0)
log "hooks.log $hl bytes, hooks.log.1 $hl1 bytes"
expect "the hook's output is in \$XDG_STATE_HOME/pomobar/hooks.log ($hl bytes)" grep -qsE '^[0-9-]+ [0-9:]+ focus-start\[[0-9]+\]: y$' "$dir/hooks.log"
expect "hooks.log + hooks.log.1 at most 2 MiB (got $((hl + hl1)) bytes)" test "$((hl + hl1))" -le 2097152
kill -TERM "${BAR_PID[flood]}" 2>/dev/null

# --- a hook that does not exist, and the processes left behind by everything above
c5=$(conf missing "no-such-program-$$ --now")
timeout 5 "$E2E_BIN" ctl stop --config "$c5" >/dev/null 2>&1
BAR_ARGS=(--config "$c5")
start_bar missing
need "the missing-hook bar printed its first frame" wait_for 5 "first frame" has_frame missing
bar_send missing "[" "$(click_line 1)"
missing_logged() { grep -qsE '^[0-9-]+ [0-9:]+ focus-start: exit 127 after [0-9.]+ s$' "$dir/hooks.log"; }
warned() { last_text missing | grep -q '⚠'; }
said() { grep -qs 'hook focus-start failed: exit 127 (command not found)' "$E2E_TMP/missing.err.txt"; }
wait_for 5 "the missing hook's exit in hooks.log" missing_logged
wait_for 5 "⚠ on the bar" warned
wait_for 5 "the warning on the bar's stderr" said
expect "a hook that does not exist is one line in hooks.log with its status and duration" missing_logged
expect "the bar shows ⚠ after a hook that does not exist (text: $(last_text missing))" warned
expect "the bar says the failure on its stderr" said
said_lines=$(grep -c 'hook focus-start failed' "$E2E_TMP/missing.err.txt" 2>/dev/null || echo 0)
expect "the failure is said once ($said_lines lines)" test "$said_lines" -eq 1
bar_send missing ",$(click_line 1)"  # the next action (pause) clears it
cleared() { ! last_text missing | grep -q '⚠'; }
wait_for 5 "⚠ cleared by the next action" cleared
expect "the next action clears the ⚠ (text: $(last_text missing))" cleared
kill -TERM "${BAR_PID[missing]}" 2>/dev/null

# --- 500 hook runs: the bar's descriptors before and after, every run done, none lost
runs="$E2E_TMP/runs"
c6="$XDG_CONFIG_HOME/pomobar/runs.toml"
printf '[timer]\nfocus = "30m"\n\n[hooks]\npause = "echo p >> %s"\nresume = "echo r >> %s"\n\n[notifications]\nenabled = false\n' \
  "$runs" "$runs" >"$c6"
timeout 5 "$E2E_BIN" ctl stop --config "$c6" >/dev/null 2>&1
BAR_ARGS=(--config "$c6")
start_bar runs
need "the runs bar printed its first frame" wait_for 5 "first frame" has_frame runs
bar_send runs "[" "$(click_line 1)"  # start a focus
# Descriptors once the bar is between transactions (no lock or temporary file open).
fds() { ls -l "/proc/${BAR_PID[runs]}/fd" 2>/dev/null | awk 'NR > 1 { print $9, $11 }' | grep -v -e 'state.lock$' -e '\.tmp$' | sort; }
settled() { ! ls -l "/proc/${BAR_PID[runs]}/fd" 2>/dev/null | grep -q -e 'state.lock$' -e '\.tmp$'; }
wait_for 5 "the first write done" settled
fds_before=$(fds)
for i in $(seq 500); do bar_send runs ",$(click_line 1)"; sleep 0.005; done
all_ran() { [ "$(wc -l <"$runs" 2>/dev/null || echo 0)" -ge 500 ]; }
wait_for 60 "500 hook runs" all_ran
ran=$(wc -l <"$runs" 2>/dev/null || echo 0)
none_left() { [ "$(hook_count "__effects")" -eq 0 ] && settled; }
wait_for 30 "every runner done" none_left
fds_after=$(fds)
n_before=$(grep -c . <<<"$fds_before")
n_after=$(grep -c . <<<"$fds_after")
lost=$(grep -c "not run: state write" "$dir/hooks.log" 2>/dev/null || true)
log "500 hook runs: $ran ran, $lost not run; bar descriptors $n_before before, $n_after after"
expect "500 clicks ran 500 hooks, none lost ($ran ran, ${lost:-0} reported not run)" test "$ran" -eq 500
expect "the bar's descriptors are the same after 500 hook runs ($n_before before, $n_after after)" test "$fds_before" = "$fds_after"

# No zombie child of any of this case's processes (a zombie's environment cannot be read,
# so it is found by its parent), and no effect runner still running.
marked=" $(marked_pids | tr '\n' ' ') "
zombies=0
for f in /proc/[0-9]*/stat; do
  st=$(<"$f") 2>/dev/null || continue
  read -r -a fields <<<"${st##*) }"
  [ "${fields[0]}" = Z ] && [[ "$marked" == *" ${fields[1]} "* ]] && zombies=$((zombies + 1))
done
runners=$(hook_count "__effects")
log "zombies: $zombies, effect runners alive: $runners"
expect "no zombie process left by the hooks ($zombies)" test "$zombies" -eq 0
kill -TERM "${BAR_PID[runs]}" 2>/dev/null

note "missing hook: logged, ⚠ shown and cleared, said $said_lines time(s); 500 clicks: $ran hook runs, bar fds $n_before -> $n_after; $zombies zombies; hung hook gone after 3.5 s: $((left1 == 0 ? 1 : 0))/1 by a bar, $((left2 == 0 ? 1 : 0))/1 by ctl; 18 hooks: $left3 alive after the bar exited; flood: $fps frames/s, $ylines hook lines on the bar's stderr, hooks.log $((hl + hl1)) bytes"
finish
