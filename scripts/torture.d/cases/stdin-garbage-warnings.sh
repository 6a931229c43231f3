#!/usr/bin/env bash
# stdin-garbage-warnings: warnings are rate-limited (issue 7, "smaller faults": one line
# per kind of problem per minute). A bar showing a running focus gets 1 MiB of random
# bytes (a fixed seed) on stdin. Pass: at most 5 warning lines on its stderr, and it
# keeps printing its frame every second meanwhile (at least 2 frames in the 3 s after
# the bytes began) and keeps running.
source "$TORTURE_D/lib.sh"

setup_pomobar '[timer]
focus = "25m"

[notifications]
enabled = false'
"$PY" -c 'import random, sys; sys.stdout.buffer.write(random.Random(7).randbytes(1 << 20))' >"$E2E_TMP/garbage"
need "ctl start" timeout 5 "$E2E_BIN" ctl start
start_bar bar
need "the bar printed its first frame" wait_for 5 "first frame" has_frame bar
w0=$(err_lines bar)
f0=$(out_lines bar)
t0=$(now_s)
# The FIFO stays open for writing in this shell, so the bar's stdin never ends.
timeout 20 bash -c 'cat "$1" >&'"${BAR_IN[bar]}" _ "$E2E_TMP/garbage"
fed=$?
log "1 MiB written to the bar's stdin (exit $fed) after $(elapsed_since "$t0") s"
sleep "$(awk -v e="$(elapsed_since "$t0")" 'BEGIN { w = 3 - e; print (w > 1 ? w : 1) }')"
f1=$(out_lines bar)
dt=$(elapsed_since "$t0")
sleep 1
w1=$(err_lines bar)
warnings=$((w1 - w0))
frames=$((f1 - f0))
head -n 5 "$E2E_TMP/bar.err.txt" >"$E2E_OUT/first-warnings.txt" 2>/dev/null
log "$warnings warning lines, $frames frames in $dt s"
expect "the bar read the 1 MiB (writer exit $fed)" test "$fed" -eq 0
expect "at most 5 warning lines for 1 MiB of garbage (got $warnings)" test "$warnings" -le 5
expect "frames keep coming (got $frames in $dt s)" test "$frames" -ge 2
expect "the bar is still running" alive "${BAR_PID[bar]}"
note "$warnings warning lines for 1 MiB of random bytes; $frames frames in $dt s"
finish
