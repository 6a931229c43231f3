#!/usr/bin/env bash
# ledger-hostile-files: the history folder cannot hurt the timer (issue 15, "A hostile
# history folder blocks the timer" and "One bad argument wipes the state").
# The history holds one good record (tracked yesterday); then, one at a time, a hostile
# file named like another machine's history file of this month:
#   fifo      a FIFO                          devzero  a symlink to /dev/zero
#   bigline   a 10 MB line, then a good one   badutf8  invalid UTF-8 lines
#   torn      a good record, then a torn last line (no newline)
# With each in place, `report all`, `log all`, `export --format json`, `history amend ID
# --project P` and `track yesterday H:00 H:10 P` each run under probe.py (killed after
# 5 s); 0.3 s after each starts, `ctl toggle` must succeed within 1 s (no lock held).
# Pass, per file and command: it ends within 5 s with exit 0, below 64 MiB, and its
# stderr names the file (one warning). Then a 1,100-byte project name: `ctl project`
# refuses it with exit 64, and the next `status` still shows the running focus, the
# work clock on its project and today's totals as before. Last, far apart (issue 25): an
# import of one interval in 1970 and one in 9999; `report all` as text, `--json`, `--html`
# and `--svg`, each under `ulimit -v 1000000` (1 GB), must end within 60 s with exit 0
# and below 64 MiB: a report holds the days that have records, not the 2.9 million
# between them (it grew to 2.1 GiB and aborted).
source "$TORTURE_D/lib.sh"

setup_pomobar '[timer]
focus = "25m"

[notifications]
enabled = false'
hdir="$XDG_DATA_HOME/pomobar/history"
mkdir -p "$hdir" "$XDG_STATE_HOME/pomobar"
chmod 700 "$XDG_STATE_HOME/pomobar"
month=$(date +%Y-%m)
need "track a first record" pb track yesterday 8:00 8:30 base
id=$(pb export --format json 2>/dev/null | jq -r '.[0].id // empty')
need "the tracked record has an id ($id)" test -n "$id"
good_line=$(pb export --format json | jq -c '.[0] | .id = "abcdef123459.x.1"')

plant() {
  local f="$hdir/$month.abcdef$2.jsonl"
  case "$1" in
    fifo) mkfifo -m 644 "$f" ;;
    devzero) ln -s /dev/zero "$f" ;;
    bigline) { head -c 10000000 /dev/zero | tr '\0' x; printf '\n%s\n' "$good_line"; } >"$f" ;;
    badutf8) printf '\xff\xfe\xfd{"id":"\xc3\x28"}\n\x80\x80\x80\n' >"$f" ;;
    torn) printf '%s\n{"id":"abcdef123459.x.2","kind":"wo' "$good_line" >"$f" ;;
  esac
  PLANTED=$f
}

fails_detail=()
figures=()
worst_secs=0
hour=10
n=0
for item in fifo devzero bigline badutf8 torn; do
  n=$((n + 1))
  plant "$item" "12345$n"
  name=$(basename "$PLANTED")
  for cmd in report log export amend track; do
    case $cmd in
      report) args=(report all) ;;
      log) args=(log all) ;;
      export) args=(export --format json) ;;
      amend) args=(history amend "$id" --project "p$item") ;;
      track) args=(track yesterday "$hour:00" "$hour:10" "t$item"); hour=$((hour + 1)) ;;
    esac
    err="$E2E_OUT/$item-$cmd.stderr"
    "$PY" "$TORTURE_D/probe.py" run 5 --out /dev/null --err "$err" -- "$E2E_BIN" "${args[@]}" >"$E2E_TMP/probe.txt" &
    ppid=$!
    sleep 0.3
    t0=$(now_s)
    timeout 3 "$E2E_BIN" ctl toggle >/dev/null 2>>"$E2E_OUT/ctl.stderr"
    crc=$?
    ct=$(elapsed_since "$t0")
    wait "$ppid"
    pr=$(cat "$E2E_TMP/probe.txt")
    secs=$(grep -o 'secs=[^ ]*' <<<"$pr" | cut -d= -f2)
    end=$(grep -o 'end=[^ ]*' <<<"$pr" | cut -d= -f2)
    rss=$(grep -o 'rss_kib=[^ ]*' <<<"$pr" | cut -d= -f2)
    warned=no
    grep -qF "$name" "$err" 2>/dev/null && warned=yes
    log "$item $cmd: $pr; warned $warned; ctl toggle exit $crc in $ct s"
    bad=()
    [ "$end" = exit:0 ] || bad+=("$end after ${secs}s")
    [ "${rss:-0}" -lt 65536 ] || bad+=("$(fmt_mib "$rss")")
    [ "$warned" = yes ] || bad+=("no warning naming it")
    { [ "$crc" -eq 0 ] && awk -v t="$ct" 'BEGIN { exit !(t < 1) }'; } || bad+=("ctl toggle exit $crc in ${ct}s")
    [ ${#bad[@]} -eq 0 ] || fails_detail+=("$item/$cmd: $(join_by ', ' "${bad[@]}")")
    [ "$secs" != none ] && awk -v a="$secs" -v b="$worst_secs" 'BEGIN { exit !(a > b) }' && worst_secs=$secs
  done
  rm -f "$PLANTED"
done
figures+=("$((n * 5)) commands: ${#fails_detail[@]} failed (slowest ${worst_secs}s)${fails_detail[*]:+: $(join_by '; ' "${fails_detail[@]}")}")
expect "every command with a hostile file ends in 5 s, exit 0, < 64 MiB, warns naming the file, ctl meanwhile works (${#fails_detail[@]} of $((n * 5)) did not)" \
  test ${#fails_detail[@]} -eq 0

# ---------------------------------------------------------------- a name of 1,100 bytes
pb ctl stop >/dev/null 2>&1
pb ctl start >/dev/null 2>&1
need "ctl project api" pb ctl project api
sleep 1.1
pb ctl project web >/dev/null 2>&1   # closes api's interval: today's totals are not empty
before=$(pb status --format json 2>/dev/null | jq -c '{phase, p: .work.project, r: .remaining, t: .work.total}')
long=$(head -c 1100 /dev/zero | tr '\0' p)
pb ctl project "$long" >/dev/null 2>"$E2E_OUT/long-project.stderr"
lrc=$?
after=$(pb status --format json 2>/dev/null | jq -c '{phase, p: .work.project, r: .remaining, t: .work.total}')
aside=no
moved_aside "$XDG_STATE_HOME/pomobar" && aside=yes
log "long project: exit $lrc; before $before; after $after; moved aside: $aside"
bp=$(jq -r .phase <<<"$before"); ap=$(jq -r .phase <<<"$after" 2>/dev/null)
bw=$(jq -r .p <<<"$before"); aw=$(jq -r .p <<<"$after" 2>/dev/null)
bt=$(jq -r .t <<<"$before"); at=$(jq -r .t <<<"$after" 2>/dev/null)
figures+=("1,100-byte project: exit $lrc; status after: phase ${ap:-?}, project ${aw:0:12}, today ${at:-?} s (before: $bp, $bw, $bt s); state moved aside: $aside")
expect "ctl project with a 1,100-byte name is refused with exit 64 (got $lrc)" test "$lrc" -eq 64
expect "the timer survives it (phase $bp -> ${ap:-none})" test "$bp" = "$ap"
expect "the work clock survives it (project $bw -> ${aw:0:20})" test "$bw" = "$aw"
expect "today's totals survive it ($bt s -> ${at:-none} s)" awk -v a="${at:-0}" -v b="$bt" 'BEGIN { exit !(a + 0 >= b + 0 && b + 0 > 0) }'
expect "the state is not moved aside" test "$aside" = no

# ---------------------------------------------------------------- far apart (issue 25)
far="$E2E_TMP/far.json"
printf '%s\n' '[{"id":1,"start":"19700105T080000Z","end":"19700105T090000Z","tags":["api"]},' \
  '{"id":2,"start":"99990601T080000Z","end":"99990601T090000Z","tags":["api"]}]' >"$far"
need "import a record of 1970 and one of 9999" pb import "$far"
far_fails=()
far_figures=()
for output in text --json --html --svg; do
  args=(report all)
  [ "$output" = text ] || args+=("$output")
  "$PY" "$TORTURE_D/probe.py" run 60 --out "$E2E_TMP/far.out" --err "$E2E_OUT/far$output.stderr" -- \
    bash -c 'ulimit -v 1000000 && exec "$@"' far "$E2E_BIN" "${args[@]}" >"$E2E_TMP/probe.txt"
  pr=$(cat "$E2E_TMP/probe.txt")
  secs=$(grep -o 'secs=[^ ]*' <<<"$pr" | cut -d= -f2)
  end=$(grep -o 'end=[^ ]*' <<<"$pr" | cut -d= -f2)
  rss=$(grep -o 'rss_kib=[^ ]*' <<<"$pr" | cut -d= -f2)
  bytes=$(stat -c %s "$E2E_TMP/far.out" 2>/dev/null || echo 0)
  log "far $output: $pr; $bytes bytes out"
  far_figures+=("$output ${secs}s $(fmt_mib "${rss:-0}") ($((bytes / 1048576)) MiB out)")
  bad=()
  [ "$end" = exit:0 ] || bad+=("$end after ${secs}s")
  [ "${rss:-0}" -lt 65536 ] || bad+=("$(fmt_mib "$rss")")
  [ ${#bad[@]} -eq 0 ] || far_fails+=("$output: $(join_by ', ' "${bad[@]}")")
done
figures+=("1970 and 9999, report all: $(join_by ', ' "${far_figures[@]}")")
expect "report all of a record in 1970 and one in 9999 ends in 60 s, exit 0, < 64 MiB under a 1 GB cap (${far_fails[*]:-all did})" \
  test ${#far_fails[@]} -eq 0

SUMMARY=$(join_by '; ' "${figures[@]}")
finish
