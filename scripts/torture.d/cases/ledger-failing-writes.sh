#!/usr/bin/env bash
# ledger-failing-writes: a write that fails leaves the history and the state in step
# (issue 15, mechanisms 1 and 2). Root: bind mounts and a tmpfs. Three parts, each on
# fresh folders, hooks for focus-end, focus-done, void, work-stop logging one line each:
#  void-ro  focus 3 s; `ctl start`; the state folder remounted read-only (bind mount);
#           `ctl void x` (must fail: nothing of it may reach the history); healed; the
#           focus runs out (`status` after 3.5 s catches up). Pass: 1 completed focus
#           record, 0 voided, the state's completed 1, focus-done ran once, void never.
#  end-ro   focus 2 s with a bar running; the state folder read-only from 0.5 s before
#           the deadline to 1.5 s after; healed. Pass: within 5 s state.json says
#           focus-done; exactly 1 focus record (completed), no id twice, focus-done ran once.
#  torn     the history folder is a 12 KiB tmpfs; the month's file is padded so that it
#           ends 40 bytes before a page boundary and a filler takes every other page, so
#           the next append is short (a torn line). `ctl project api`, 2 s, `ctl work
#           stop` (the append is torn); the filler removed; `ctl work start` and `ctl
#           work stop` (retries). Pass: the api interval of ~2 s is in the history
#           exactly once (export), the torn bytes are no record, the state's today for api
#           = the history's (report today --json), work-stop hooks = work records.
#  full     the same full 12 KiB tmpfs; `track` cuts its line short, a second `track` while
#           the disk is still full (its own line: the torn one is another record's), the
#           filler removed, a third `track`, then `log all` and `report` twice. Pass: while
#           full nothing claims a copy was kept (no FILE.torn-* exists; the second track
#           says no copy could be kept and fails), once there is room one warning says the
#           torn line was moved to FILE.torn-S, which holds its bytes; every read after
#           warns of nothing, and the history holds the padding and the third record.
source "$TORTURE_D/lib.sh"
need_root "bind mounts and tmpfs"

machine=$(head -c 12 /etc/machine-id 2>/dev/null)
hooks="focus-end focus-done void work-stop"
figures=()

# fresh NAME [TOML]: private folders under $E2E_TMP/NAME, a config with the hooks.
fresh() {
  local name=$1 toml=$2
  E2E_TMP_PART="$E2E_TMP/$name"
  mkdir -p "$E2E_TMP_PART"
  export XDG_CONFIG_HOME="$E2E_TMP_PART/config" XDG_STATE_HOME="$E2E_TMP_PART/state" XDG_DATA_HOME="$E2E_TMP_PART/data"
  export HOME="$E2E_TMP_PART/home"
  mkdir -p "$XDG_CONFIG_HOME/pomobar" "$XDG_STATE_HOME/pomobar" "$XDG_DATA_HOME/pomobar/history" "$HOME"
  chmod 700 "$XDG_STATE_HOME/pomobar"
  HLOG="$E2E_TMP_PART/hooks.log"
  # shellcheck disable=SC2086
  printf '%s\n\n[notifications]\nenabled = false\n\n%s\n' "$toml" "$(hooks_toml "$HLOG" $hooks)" >"$XDG_CONFIG_HOME/pomobar/config.toml"
  SDIR="$XDG_STATE_HOME/pomobar"
  HDIR="$XDG_DATA_HOME/pomobar/history"
}
ro_on() { mount --bind "$SDIR" "$SDIR" && mount -o remount,ro,bind "$SDIR"; }
ro_off() { umount "$SDIR"; }
hookn() { count_lines "$HLOG" "^$1 "; }
# records JQ_FILTER: how many exported records match
records() { pb export --format json 2>>"$E2E_OUT/export.stderr" | jq "[.[] | select($1)] | length" 2>/dev/null || echo -1; }
dup_ids() { pb export --format json 2>/dev/null | jq '[.[].id] | length - (unique | length)' 2>/dev/null || echo -1; }
keep() { local d="$E2E_OUT/$1"; mkdir -p "$d"; cp -r "$HDIR" "$SDIR/state.json" "$HLOG" "$d/" 2>/dev/null; }

# ---------------------------------------------------------------- void-ro (mechanism 1)
fresh void-ro '[timer]
focus = "3s"'
need "void-ro: ctl start" pb ctl start
need "void-ro: state folder read-only" ro_on
pb ctl void x >>"$E2E_OUT/void-ro.txt" 2>&1
void_rc=$?
ro_off || umount -l "$SDIR"
sleep 3.5
pb status >/dev/null 2>&1
wait_for 3 "focus-done in the state" test "$(state_phase "$SDIR/state.json")" = focus-done
keep void-ro
c=$(records '.kind == "focus" and .outcome == "completed"')
v=$(records '.kind == "focus" and .outcome == "voided"')
sc=$(jq -r '.timer.completed' "$SDIR/state.json" 2>/dev/null)
figures+=("void-ro: ctl void exit $void_rc; records $c completed / $v voided; state completed $sc; hooks focus-done $(hookn focus-done), void $(hookn void)")
expect "void-ro: ctl void under a read-only state folder fails (exit $void_rc)" test "$void_rc" -ne 0
expect "void-ro: 1 completed focus record (got $c)" test "$c" -eq 1
expect "void-ro: 0 voided records for a void that failed (got $v)" test "$v" -eq 0
expect "void-ro: the state's completed count = completed records ($sc vs $c)" test "${sc:-x}" = "$c"
expect "void-ro: focus-done ran once ($(hookn focus-done)), void never ($(hookn void))" \
  test "$(hookn focus-done)" -eq 1 -a "$(hookn void)" -eq 0

# ---------------------------------------------------------------- end-ro
fresh end-ro '[timer]
focus = "2s"'
start_bar endbar
need "end-ro: the bar printed its first frame" wait_for 5 "first frame" has_frame endbar
need "end-ro: ctl start" pb ctl start
left=$(secs_to_deadline "$SDIR/state.json")
sleep "$(awk -v l="$left" 'BEGIN { w = l - 0.5; print (w > 0 ? w : 0) }')"
need "end-ro: state folder read-only" ro_on
sleep 2
ro_off || umount -l "$SDIR"
wait_for 5 "focus-done in the state" test "$(state_phase "$SDIR/state.json")" = focus-done
phase=$(state_phase "$SDIR/state.json")
sleep 0.5
kill "${BAR_PID[endbar]}" 2>/dev/null
keep end-ro
f=$(records '.kind == "focus"')
c=$(records '.kind == "focus" and .outcome == "completed"')
d=$(dup_ids)
figures+=("end-ro: phase $phase; focus records $f ($c completed); doubled ids $d; focus-done hooks $(hookn focus-done)")
expect "end-ro: healed, the state says focus-done (got $phase)" test "$phase" = focus-done
expect "end-ro: exactly 1 focus record, completed (got $f, $c completed)" test "$f" -eq 1 -a "$c" -eq 1
expect "end-ro: no id twice (got $d)" test "$d" -eq 0
expect "end-ro: focus-done ran once (got $(hookn focus-done))" test "$(hookn focus-done)" -eq 1

# ---------------------------------------------------------------- torn (mechanism 2)
fresh torn '[timer]
focus = "25m"'
mount -t tmpfs -o size=12k,mode=755 tmpfs "$HDIR" || skip "mount -t tmpfs failed here"
month=$(date -u +%Y-%m)
file="$HDIR/$month.$machine.jsonl"
# One padding record (0 s of work on the 1st of the month) whose line ends 40 bytes
# before the 4 KiB page boundary, so the next record is cut after 40 bytes.
"$PY" - "$file" "$month" <<'EOF'
import json, sys
path, month = sys.argv[1], sys.argv[2]
def line(note):
    return json.dumps({"id": "pad.0.1", "kind": "work", "start": month + "-01T00:00:00Z",
                       "end": month + "-01T00:00:00Z", "seconds": 0, "project": "pad",
                       "outcome": None, "internal": 0, "external": 0, "gap": 0, "note": note},
                      separators=(",", ":")) + "\n"
base = len(line(""))
open(path, "w").write(line("x" * (4096 - 40 - base)))
EOF
dd if=/dev/zero of="$HDIR/filler" bs=4096 >>"$E2E_OUT/dd.log" 2>&1
log "torn: $(stat -c %s "$file") bytes in $file; $(df -k "$HDIR" | tail -n 1)"
need "torn: ctl project api" pb ctl project api
sleep 2.2
pb ctl work stop >>"$E2E_OUT/torn.txt" 2>&1
stop_rc=$?
torn_bytes=$(( $(stat -c %s "$file") - 4056 ))
log "torn: ctl work stop exit $stop_rc, $torn_bytes bytes appended; tail: $(tail -c 60 "$file")"
rm -f "$HDIR/filler"
pb ctl work start >>"$E2E_OUT/torn.txt" 2>&1
sleep 1.1
pb ctl work stop >>"$E2E_OUT/torn.txt" 2>&1
keep torn
api=$(pb export --format json 2>/dev/null | jq '[.[] | select(.kind == "work" and .project == "api")] | map(.seconds) | add // 0')
n_api=$(records '.kind == "work" and .project == "api"')
d=$(dup_ids)
st=$(jq '[.ledger.today.projects[] | select(.[0] == "api") | .[1]] | add // 0' "$SDIR/state.json" 2>/dev/null)
hi=$(pb report today --json 2>/dev/null | jq '[.projects[] | select(.name == "api") | .seconds] | add // 0')
ws=$(hookn work-stop)
umount "$HDIR" 2>/dev/null || umount -l "$HDIR"
figures+=("torn: first stop exit $stop_rc, $torn_bytes bytes torn; api records $n_api ($api s); state today api $st s, history today api $hi s; work-stop hooks $ws; doubled ids $d")
expect "torn: the first append was short (a torn line of $torn_bytes bytes)" test "$torn_bytes" -gt 0 -a "$torn_bytes" -lt 200
expect "torn: the ~2 s interval is in the history (api work $api s in $n_api records)" test "${api:-0}" -ge 2
expect "torn: work records = work-stop hook runs ($n_api vs $ws)" test "$n_api" -eq "$ws"
expect "torn: the state's today for api = the history's ($st s vs $hi s)" test "${st:-x}" = "${hi:-y}"
expect "torn: no id twice (got $d)" test "$d" -eq 0

# ---------------------------------------------------------------- full (issue 25)
fresh full '[timer]
focus = "25m"'
mount -t tmpfs -o size=12k,mode=755 tmpfs "$HDIR" || skip "mount -t tmpfs failed here"
file="$HDIR/2024-11.$machine.jsonl"
"$PY" - "$file" 2024-11 <<'EOF2'
import json, sys
path, month = sys.argv[1], sys.argv[2]
def line(note):
    return json.dumps({"id": "pad.0.1", "kind": "work", "start": month + "-01T00:00:00Z",
                       "end": month + "-01T00:00:00Z", "seconds": 0, "project": "pad",
                       "outcome": None, "internal": 0, "external": 0, "gap": 0, "note": note},
                      separators=(",", ":")) + "\n"
base = len(line(""))
open(path, "w").write(line("x" * (4096 - 40 - base)))
EOF2
dd if=/dev/zero of="$HDIR/filler" bs=4096 >>"$E2E_OUT/dd.log" 2>&1
copies() { compgen -G "$file.torn-*" | wc -l; }
pb track 2024-11-02 9:00 10:00 api >>"$E2E_OUT/full-1.txt" 2>&1
t1=$?
torn_bytes=$(( $(stat -c %s "$file") - 4056 ))
pb track 2024-11-03 9:00 10:00 api >"$E2E_OUT/full-2.txt" 2>&1
t2=$?
claims_full=$(grep -cE "kept a copy|moved it" "$E2E_OUT/full-2.txt")
copies_full=$(copies)
said_full=$(grep -c "no copy of it could be kept" "$E2E_OUT/full-2.txt")
rm -f "$HDIR/filler"
pb track 2024-11-04 9:00 10:00 api >"$E2E_OUT/full-3.txt" 2>&1
t3=$?
moved=$(grep -c "moved it to $file.torn-" "$E2E_OUT/full-3.txt")
copy=$(compgen -G "$file.torn-*" | head -n 1)
copy_bytes=$(stat -c %s "$copy" 2>/dev/null || echo 0)
: >"$E2E_OUT/full-reads.txt"
for args in "log all" "report --from 2024-11-01 --to 2024-11-30" "log all" "report --from 2024-11-01 --to 2024-11-30"; do
  # shellcheck disable=SC2086
  pb $args >/dev/null 2>>"$E2E_OUT/full-reads.txt"
done
warnings=$(grep -c . "$E2E_OUT/full-reads.txt")
ids=$(pb export --format json 2>/dev/null | jq -r '[.[].start[0:10]] | join(",")')
keep full
umount "$HDIR" 2>/dev/null || umount -l "$HDIR"
figures+=("full: track exits $t1/$t2/$t3, $torn_bytes bytes torn; while full: $claims_full claims of a copy, $copies_full copies, said no copy could be kept $said_full; with room: moved said $moved, copy $copy_bytes bytes; $warnings warnings in 4 reads after; history: $ids")
expect "full: the first track was cut short ($torn_bytes bytes) and failed (exit $t1)" test "$torn_bytes" -gt 0 -a "$t1" -ne 0
expect "full: while full, no copy is claimed ($claims_full) and none exists ($copies_full)" test "$claims_full" -eq 0 -a "$copies_full" -eq 0
expect "full: the second track says no copy could be kept, and fails (exit $t2)" test "$said_full" -eq 1 -a "$t2" -ne 0
expect "full: with room, the third track succeeds (exit $t3) and says once that the line was moved ($moved)" test "$t3" -eq 0 -a "$moved" -eq 1
expect "full: the copy holds the torn bytes ($copy_bytes of $torn_bytes)" test "$copy_bytes" -eq "$torn_bytes"
expect "full: reads after warn of nothing (got $warnings lines)" test "$warnings" -eq 0
expect "full: the history holds the padding and the third record ($ids)" test "$ids" = "2024-11-01,2024-11-04"

SUMMARY=$(join_by '; ' "${figures[@]}")
finish
