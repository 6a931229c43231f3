#!/usr/bin/env bash
# idle-watch-sway: `pomobar idle-watch` started the way the docs say, from the
# compositor's config (`exec pomobar idle-watch`), on headless sway 1.7 with no bar at
# all, as for i3blocks or tmux users: no input for 2 s stops the work clock (dated back
# to the last input), a virtual-pointer move starts it again, and the watch is still
# there, silent, afterwards.
source "$(dirname "$0")/../lib.sh"

ensure_user
setup_pomobar '[idle]
after = "2s"

[notifications]
enabled = false'
sway_config "$E2E_TMP/sway.conf"
echo "exec $E2E_BIN idle-watch 2>>$E2E_TMP/idle-watch.log" >>"$E2E_TMP/sway.conf"
start_sway "$E2E_TMP/sway.conf"
vpointer_works || skip "the virtual pointer did not connect: no input to give"

watch_running() { marked_running "^$E2E_BIN idle-watch"; }
work() { pbu status --format json 2>/dev/null | jq -c '.work'; }
running() { [ "$(work)" != null ] && [ -n "$(work)" ]; }
stopped() { [ "$(work)" = null ]; }

need "sway started idle-watch" wait_for 5 "idle-watch process" watch_running
pbu ctl project api --ago 1m >/dev/null  # a minute: no work record is under a second
moved=$(date +%s)
vpointer move 100 100
need "the work clock runs after input" wait_for 4 "work running" running
expect "no input for 2 s: the clock stops" wait_for 6 "work stopped" stopped
# The interval ends at the last input, not when the threshold passed.
end=$(pbu export --format json 2>/dev/null | jq -r '[.[] | select(.project == "api")][-1].end // empty')
log "last input at $(date -u -d "@$moved" +%H:%M:%S), the record ends at $end"
end_s=$(date -d "$end" +%s 2>/dev/null || echo 0)
expect "the record ends at the last input, not 2 s later (ends $end)" test "$end_s" -le "$((moved + 1))"
vpointer move 300 120
expect "a pointer move starts it again" wait_for 4 "work running" running
expect "idle-watch is still running" watch_running
expect "idle-watch said nothing on stderr" test ! -s "$E2E_TMP/idle-watch.log"
cp "$E2E_TMP/idle-watch.log" "$E2E_OUT/" 2>/dev/null
finish
