#!/usr/bin/env bash
# stalled-reader: a bar whose reader stopped reading (a hung or stopped i3bar) must not
# freeze the other copies and the keybindings. `pomobar --format i3bar` writes to a
# pipe nobody reads (`| sleep`), and gets 600 click lines (left clicks: toggle) on
# stdin, enough frames to fill the pipe. Then `pomobar ctl resume` and
# `pomobar ctl toggle`, from other processes, must each answer (exit 0) within 1 s
# (bounded: killed after 5 s), and another bar must start and print its first frame
# within 1 s.
source "$TORTURE_D/lib.sh"

setup_pomobar "[timer]
focus = \"25m\"

[notifications]
enabled = false"

clicks="$E2E_TMP/clicks"
{
  printf '[\n'
  for i in $(seq 600); do
    [ "$i" -gt 1 ] && printf ','
    printf '{"name":"pomobar","instance":"pomodoro","button":1,"modifiers":[],"x":1200,"y":10,"relative_x":12,"relative_y":8,"width":120,"height":22}\n'
  done
} >"$clicks"
log "click stream: $(wc -c <"$clicks") bytes, 600 clicks"

# stdin: the clicks, then held open (as i3bar holds it); stdout: a pipe to a reader that
# never reads. Both are FIFOs so that the pid is pomobar's own.
mkfifo "$E2E_TMP/in" "$E2E_TMP/out"
sleep 60 <"$E2E_TMP/out" &
PIDS+=($!)
(cat "$clicks"; exec sleep 60) >"$E2E_TMP/in" &
PIDS+=($!)
"$E2E_BIN" --format i3bar <"$E2E_TMP/in" >"$E2E_TMP/out" 2>"$E2E_OUT/bar.stderr" &
bar=$!
PIDS+=($bar)
log "stalled bar: pid $bar"

# Wait (bounded) until it is blocked writing to the full pipe, or has handled the clicks.
blocked() { grep -q pipe_write "/proc/$bar/wchan" 2>/dev/null; }
# Done: the feeder wrote every click and the bar waits in epoll for more.
clicks_done() { ! pgrep -f "^cat $clicks" >/dev/null && grep -q epoll_wait "/proc/$bar/wchan" 2>/dev/null; }
settled() { blocked || clicks_done; }
wait_for 10 "the bar blocked on its stdout or done with the clicks" settled
if blocked; then
  note "the bar is blocked writing to its stalled stdout ($(cat "/proc/$bar/wchan" 2>/dev/null))"
else
  note "the bar is not blocked on its stdout"
  sleep 0.5
fi
expect "the stalled bar is still running" alive "$bar"

# timed CMD...: runs CMD bounded by 5 s; sets T_SECS and T_RC.
timed() {
  local t0; t0=$(now_s)
  timeout -k 1 5 "$@" >>"$E2E_OUT/ctl.out" 2>>"$E2E_OUT/ctl.err"
  T_RC=$?
  T_SECS=$(elapsed_since "$t0")
}
answer() {
  if [ "$T_RC" -eq 124 ] || [ "$T_RC" -eq 137 ]; then echo "hung > 5 s (killed)"; else echo "exit $T_RC after $T_SECS s"; fi
}
timed "$E2E_BIN" ctl resume
r1=$(answer)
expect "ctl resume answers within 1 s (got: $r1)" awk -v s="$T_SECS" -v r="$T_RC" 'BEGIN { exit !(r == 0 && s <= 1) }'
timed "$E2E_BIN" ctl toggle
r2=$(answer)
expect "ctl toggle answers within 1 s (got: $r2)" awk -v s="$T_SECS" -v r="$T_RC" 'BEGIN { exit !(r == 0 && s <= 1) }'
probe bar 5 -- "$E2E_BIN" --format i3bar
if [ "$P_SECS" = none ]; then r3="no frame in 5 s ($P_END)"; else r3="first frame after $P_SECS s"; fi
expect "another bar prints its first frame within 1 s (got: $r3)" awk -v s="$P_SECS" 'BEGIN { exit !(s != "none" && s <= 1) }'
note "ctl resume: $r1; ctl toggle: $r2; another bar: $r3"
finish
