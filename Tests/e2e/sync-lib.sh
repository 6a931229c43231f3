# Tests/e2e/sync-lib.sh: what cases/sync-syncthing.sh and cases/sync-git.sh share: two
# pomobar "machines" A and B, and the scenario both run, whatever carries the files.
# Sourced after lib.sh. The case calls two_machines, sets up its transport between
# $E2E_TMP/A/data/pomobar and $E2E_TMP/B/data/pomobar, then sync_scenario, having defined:
#   sync_both   bring both folders to each other's files and wait (bounded) until done;
#               when they do not converge, say so (expect ... false), leave a state to go
#               on from, and return non-zero. $SYNCS is this sync's number, $STEP the step.
#   conflicts   how many conflicts the transport made (conflict copies, failed merges).
#   CONFLICT_WHAT, CONFLICT_COPIES: how the checks and the note name them.

# ---------------------------------------------------------------- two machines

# machine SIDE ID: folders and a wrapper, $E2E_TMP/SIDE/pb, running pomobar as machine ID.
machine() {
  local side=$1 id=$2 d="$E2E_TMP/$1"
  mkdir -p "$d/config/pomobar" "$d/state/pomobar" "$d/data/pomobar/history" "$d/home"
  chmod 700 "$d/state/pomobar"
  printf '%s\n' "$id" >"$d/machine-id"
  printf '[timer]\nfocus = "25m"\n\n[notifications]\nenabled = false\n\n[projects.acme]\nclient = "Acme"\n' >"$d/config/pomobar/config.toml"
  cat >"$d/pb" <<EOF
#!/bin/sh
# pomobar as machine $side ($id): its own folders, its own /etc/machine-id.
export XDG_CONFIG_HOME='$d/config' XDG_STATE_HOME='$d/state' XDG_DATA_HOME='$d/data' HOME='$d/home'
exec unshare -m sh -c 'mount --bind "\$0" /etc/machine-id && { [ ! -e /var/lib/dbus/machine-id ] || mount --bind "\$0" /var/lib/dbus/machine-id; } && exec timeout 10 "\$@"' '$d/machine-id' '$E2E_BIN' "\$@"
EOF
  chmod 755 "$d/pb"
}
pbA() { "$E2E_TMP/A/pb" "$@" 2>>"$E2E_OUT/A.stderr"; }
pbB() { "$E2E_TMP/B/pb" "$@" 2>>"$E2E_OUT/B.stderr"; }
# two_machines: A and B, each with its folders and machine id.
two_machines() {
  machine A aaaaaaaaaaaa0000000000000000000a
  machine B bbbbbbbbbbbb0000000000000000000b
  need "machine A runs pomobar with its own id" bash -c "'$E2E_TMP/A/pb' --version >/dev/null"
}

# ---------------------------------------------------------------- syncing

elapsed_since() { awk -v a="$(now_s)" -v b="$1" 'BEGIN { printf "%.2f", a - b }'; }
SYNCS=0
SYNC_MAX=0
SYNC_FAILS=0
# sync_now: the case's sync_both, counted and timed.
sync_now() {
  local t0; t0=$(now_s)
  SYNCS=$((SYNCS + 1))
  sync_both || SYNC_FAILS=$((SYNC_FAILS + 1))
  local e; e=$(elapsed_since "$t0")
  awk -v a="$e" -v b="$SYNC_MAX" 'BEGIN { exit !(a > b) }' && SYNC_MAX=$e
  log "sync $SYNCS took $e s"
}

# ---------------------------------------------------------------- the scenario

# last_op SIDE OP: the id of SIDE's latest edit op OP (its edits.MACHINE.jsonl).
last_op() { cat "$E2E_TMP/$1"/data/pomobar/history/edits.*"$(head -c 12 "$E2E_TMP/$1/machine-id")".jsonl 2>/dev/null | jq -r --arg o "$2" 'select(.op == $o) | .id' | tail -n 1; }
# id_of SIDE JQ_SELECT: the id of the one exported record matching.
id_of() { "pb$1" export --format json | jq -r "[.[] | select($2)] | .[0].id // empty"; }
# acme_bill SIDE: the invoice of the acme record's bill, as SIDE's export says.
acme_bill() { "pb$1" export --format json | jq -r '[.[] | select(.project == "acme")] | .[0].billed.invoice // "(unbilled)"'; }
# unbilled_of SIDE: SIDE's {unbilled}, as its status shows it (empty: nothing unbilled).
unbilled_of() { "pb$1" status --format plain | grep -o '[0-9,.]* [A-Z][A-Z][A-Z] unbilled' || true; }
# bar_shows SIDE TEXT: SIDE's running bar (bar_on) shows TEXT in its last frame.
bar_shows() { tail -n 1 "$E2E_OUT/bar-$1.log" 2>/dev/null | grep -qF -- "$2"; }
# bar_unbilled_gone SIDE N: SIDE's bar wrote a frame after its first N, without {unbilled}.
bar_unbilled_gone() {
  [ "$(wc -l <"$E2E_OUT/bar-$1.log")" -gt "$2" ] && ! tail -n 1 "$E2E_OUT/bar-$1.log" | grep -q unbilled
}
# bar_on SIDE: a bar running on SIDE (plain frames to bar-SIDE.log), reading its folders.
bar_on() {
  local d="$E2E_TMP/$1"
  spawn "bar-$1" env XDG_CONFIG_HOME="$d/config" XDG_STATE_HOME="$d/state" XDG_DATA_HOME="$d/data" HOME="$d/home" \
    "$E2E_BIN" --format plain
}
proj_of() { "pb$1" export --format json | jq -r --arg i "$2" '[.[] | select(.id == $i)] | if length == 0 then "(gone)" else .[0].project end'; }
same_views() {
  local ra rb la lb
  ra=$(pbA report all --json | jq -S 'del(.range.today)'); rb=$(pbB report all --json | jq -S 'del(.range.today)')
  la=$(pbA log all); lb=$(pbB log all)
  printf '%s\n' "$ra" >"$E2E_OUT/report-A-$SYNCS.json"; printf '%s\n' "$rb" >"$E2E_OUT/report-B-$SYNCS.json"
  printf '%s\n' "$la" >"$E2E_OUT/log-A-$SYNCS.txt"; printf '%s\n' "$lb" >"$E2E_OUT/log-B-$SYNCS.txt"
  [ -n "$ra" ] && [ "$ra" = "$rb" ] && [ "$la" = "$lb" ]
}
DIFFS=0
STEP=""
step() {
  STEP=$1
  sync_now
  if ! expect "after '$STEP': A and B report and log the same" same_views; then DIFFS=$((DIFFS + 1)); fi
}

sync_scenario() {
  # 1. each side tracks; a work interval closed by the clock too (a record owed, then written)
  pbA track yesterday 9:00 10:00 api
  pbB track yesterday 11:00 12:00 web
  pbA ctl project clockA; sleep 1.1; pbA ctl work stop
  step "A and B track"
  r1=$(id_of A '.project == "api"'); r2=$(id_of A '.project == "web"')
  need "both records are on A ($r1, $r2)" test -n "$r1" -a -n "$r2"
  # 2. each amends the other's record, in both orders
  pbB history amend "$r1" --project api2
  step "B amends A's record"
  pbA history amend "$r2" --project web2
  step "A amends B's record"
  # 3. a record made on A, removed on B; one made on B, removed on A
  pbA track yesterday 13:00 14:00 docs
  pbB track yesterday 15:00 16:00 ops
  step "A and B track again"
  r3=$(id_of B '.project == "docs"'); r4=$(id_of A '.project == "ops"')
  pbB history remove "$r3"
  pbA history remove "$r4"
  step "each removes the other's record"
  # 4. a rename on B of a project A's record carries; A amends it meanwhile (concurrent)
  pbB project rename api2 apix
  pbA track yesterday 17:00 17:30 api2
  step "B renames api2 while A tracks api2"
  # 5. undo by name, either side's: A undoes its own track of 17:00, B its rename, then B
  #    undoes that undo (a redo). The ops' ids are in the edits files (edits.MACHINE.jsonl).
  r6=$(id_of A '.start | test("T17:00")')
  pbA history undo "$r6"
  step "A undoes its track of 17:00"
  op=$(last_op B rename)
  pbB history undo "$op"
  step "B undoes its rename ($op)"
  op=$(last_op B undo)
  pbB history undo "$op"
  step "B undoes that undo ($op): the rename again"
  # 6. concurrent: A amends r2 while B removes r2, no sync in between
  pbA history amend "$r2" --project web3
  pbB history remove "$r2"
  step "A amends r2 while B removes it"

  # 7. B removes A's record while A appends to its own file (no sync in between)
  pbA track yesterday 18:00 18:30 late
  step "A tracks again"
  r5=$(id_of B '.project == "late"')
  pbB history remove "$r5"
  pbA track yesterday 19:00 19:30 later
  step "B removes A's record while A tracks"

  # 8. undo without a name, right after A's own change (the latest change of all)
  pbA track yesterday 20:00 20:30 undone
  step "A tracks once more"
  pbA history undo
  step "A: history undo"

  # 9. a bill made on A shows as billed on B; B bills the same work before it saw A's bill:
  #    A's, the first, stands on both; B undoes A's bill, and B's own then stands on both.
  #    Both show acme's rate in the bar as {unbilled}: equal on both, gone once billed.
  for s in A B; do printf 'rate = "100 EUR/h"\n\n[format]\nfull = "{unbilled}"\n' >>"$E2E_TMP/$s/config/pomobar/config.toml"; done
  pbA track yesterday 21:00 22:00 acme
  step "A tracks acme"
  for s in A B; do
    expect "$s: {unbilled} is acme's hour ($(unbilled_of "$s"))" test "$(unbilled_of "$s")" = "100.00 EUR unbilled"
  done
  pbA bill all --client Acme --invoice A-1 >/dev/null
  pbB bill all --project acme --invoice B-1 >/dev/null
  step "A and B bill acme's work, not yet seeing each other's bill"
  for s in A B; do
    expect "$s: A's bill of acme shows as billed on $s ($(acme_bill "$s"))" test "$(acme_bill "$s")" = A-1
    expect "$s: {unbilled} drops with the bill ($(unbilled_of "$s"))" test -z "$(unbilled_of "$s")"
    expect "$s: report splits the hour billed ($("pb$s" report all --json | jq -c '[.billed, .unbilled, .work]'))" \
      test "$("pb$s" report all --json | jq '.billed == 3600 and .unbilled == .work - 3600')" = true
  done
  op=$(last_op A bill)
  pbB history undo "$op"
  step "B undoes A's bill ($op)"
  for s in A B; do
    expect "$s: with A's bill undone, B's stands ($(acme_bill "$s"))" test "$(acme_bill "$s")" = B-1
  done
  # 10. B undoes its own bill too: unbilled again on both; A bills alone, and B's {unbilled}
  #     drops with A's bill once synced.
  op=$(last_op B bill)
  pbB history undo "$op"
  step "B undoes its own bill ($op)"
  for s in A B; do
    expect "$s: with no bill, {unbilled} is acme's hour again ($(unbilled_of "$s"))" test "$(unbilled_of "$s")" = "100.00 EUR unbilled"
  done
  bar_on B
  expect "B's running bar shows acme's hour unbilled" wait_for 10 "B's bar: 100.00 EUR unbilled" bar_shows B "100.00 EUR unbilled"
  local frames; frames=$(wc -l <"$E2E_OUT/bar-B.log")
  pbA bill all --client Acme --invoice A-2 >/dev/null
  step "A bills acme alone"
  expect "B's running bar folds A's bill in once synced: {unbilled} gone" \
    wait_for 10 "B's bar: no {unbilled}" bar_unbilled_gone B "$frames"
  kill -TERM "${PIDS[-1]}" 2>/dev/null
  for s in A B; do
    expect "$s: A's second bill shows as billed on $s ($(acme_bill "$s"))" test "$(acme_bill "$s")" = A-2
    expect "$s: {unbilled} drops with A's bill ($(unbilled_of "$s"))" test -z "$(unbilled_of "$s")"
  done

  # expected values, on both sides
  for s in A B; do
    expect "$s: A's record removed on B stays removed (r3: $(proj_of "$s" "$r3"))" test "$(proj_of "$s" "$r3")" = "(gone)"
    expect "$s: A's record removed on B while A appended stays removed (r5: $(proj_of "$s" "$r5"))" test "$(proj_of "$s" "$r5")" = "(gone)"
    expect "$s: A's track made meanwhile is there ($("pb$s" export --format json | jq '[.[] | select(.project == "later")] | length'))" \
      test "$("pb$s" export --format json | jq '[.[] | select(.project == "later")] | length')" -eq 1
    expect "$s: 'history undo' undid A's last track ($("pb$s" export --format json | jq '[.[] | select(.project == "undone")] | length') left)" \
      test "$("pb$s" export --format json | jq '[.[] | select(.project == "undone")] | length')" -eq 0
    expect "$s: B's record removed on A stays removed (r4: $(proj_of "$s" "$r4"))" test "$(proj_of "$s" "$r4")" = "(gone)"
    expect "$s: the amend and the redone rename are kept (r1: $(proj_of "$s" "$r1"))" test "$(proj_of "$s" "$r1")" = apix
    expect "$s: the undone track stays undone (17:00 api2 records: $("pb$s" export --format json | jq '[.[] | select(.project == "api2")] | length'))" \
      test "$("pb$s" export --format json | jq '[.[] | select(.project == "api2" or .project == "apix") | select(.start | test("T1[67]:"))] | length')" -eq 0
    expect "$s: A's work-clock interval is there once ($("pb$s" export --format json | jq '[.[] | select(.project == "clockA")] | length'))" \
      test "$("pb$s" export --format json | jq '[.[] | select(.project == "clockA")] | length')" -eq 1
  done
  r2a=$(proj_of A "$r2"); r2b=$(proj_of B "$r2")
  expect "the concurrent amend/remove of r2 ends the same on both ($r2a / $r2b)" test "$r2a" = "$r2b"
  nc=$(conflicts)
  expect "no $CONFLICT_WHAT (got $nc)" test "$nc" -eq 0
  note "$SYNCS syncs (slowest ${SYNC_MAX}s, $SYNC_FAILS never converged), $DIFFS steps with different views, $nc $CONFLICT_COPIES, $(find "$E2E_TMP/A/data/pomobar/history" -type f | wc -l) history files; r1 ${r1:+$(proj_of A "$r1")}, r2 $r2a/$r2b, r3 $(proj_of A "$r3"), r4 $(proj_of B "$r4")"
  cp -r "$E2E_TMP/A/data/pomobar/history" "$E2E_OUT/history-A" 2>/dev/null
  cp -r "$E2E_TMP/B/data/pomobar/history" "$E2E_OUT/history-B" 2>/dev/null
}
