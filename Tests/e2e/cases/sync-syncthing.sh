#!/usr/bin/env bash
# sync-syncthing: two machines' histories kept in one Syncthing folder converge, with
# no conflict copy, nothing resurrected and nothing reverted (issue 15, "Edits do not
# survive syncing"). Two real Syncthing instances (Debian's syncthing 1.19) on loopback
# only: global and local discovery, relays, NAT, usage reporting, crash reports and
# auto-upgrade off, GUI/REST on 127.0.0.1 with an API key, each sharing its side's
# $XDG_DATA_HOME/pomobar with the other. Two pomobar "machines" A and B: each runs in a
# mount namespace of its own (unshare -m) with /etc/machine-id (and D-Bus's copy) bound
# to an id of its own, so their history files and record ids differ, as on two computers.
# The scenario (sync_scenario, shared with sync-git.sh) tracks, amends, removes,
# renames and undoes on both sides, records of the other side included, in both orders
# and concurrently; after each step `sync_now` scans both folders over REST and waits
# (bounded, on conditions: /rest/db/completion 100 % both ways, both folders idle with
# nothing needed, the two trees byte-equal). Pass: both sides' `report all --json` and
# `log all` equal after every step; the expected final values (a record removed on the
# other side stays removed, an amend and a rename are kept, an undo redoes); no
# *.sync-conflict-* file. Bounded: the whole case well under 90 s.
source "$(dirname "$0")/../lib.sh"

command -v syncthing >/dev/null || skip "no syncthing (Debian: apt-get install syncthing; .ci/e2e-deps.sh)"
[ "$(id -u)" -eq 0 ] || skip "needs root (unshare -m and bind mounts give the two machines their ids)"
command -v curl >/dev/null || skip "no curl"

# ---------------------------------------------------------------- two machines

# machine SIDE ID: folders and a wrapper, $E2E_TMP/SIDE/pb, running pomobar as machine ID.
machine() {
  local side=$1 id=$2 d="$E2E_TMP/$1"
  mkdir -p "$d/config/pomobar" "$d/state/pomobar" "$d/data/pomobar/history" "$d/home"
  chmod 700 "$d/state/pomobar"
  printf '%s\n' "$id" >"$d/machine-id"
  printf '[timer]\nfocus = "25m"\n\n[notifications]\nenabled = false\n' >"$d/config/pomobar/config.toml"
  cat >"$d/pb" <<EOF
#!/bin/sh
# pomobar as machine $side ($id): its own folders, its own /etc/machine-id.
export XDG_CONFIG_HOME='$d/config' XDG_STATE_HOME='$d/state' XDG_DATA_HOME='$d/data' HOME='$d/home'
exec unshare -m sh -c 'mount --bind "\$0" /etc/machine-id && { [ ! -e /var/lib/dbus/machine-id ] || mount --bind "\$0" /var/lib/dbus/machine-id; } && exec timeout 10 "\$@"' '$d/machine-id' '$E2E_BIN' "\$@"
EOF
  chmod 755 "$d/pb"
}
machine A aaaaaaaaaaaa0000000000000000000a
machine B bbbbbbbbbbbb0000000000000000000b
pbA() { "$E2E_TMP/A/pb" "$@" 2>>"$E2E_OUT/A.stderr"; }
pbB() { "$E2E_TMP/B/pb" "$@" 2>>"$E2E_OUT/B.stderr"; }
need "machine A runs pomobar with its own id" bash -c "'$E2E_TMP/A/pb' --version >/dev/null"

# ---------------------------------------------------------------- two Syncthings

base=$((20000 + RANDOM % 20000))
declare -A GUI=() KEY=() DEV=()
st_setup() {
  local side=$1 gui=$2 listen=$3 home="$E2E_TMP/$1/st"
  STNODEFAULTFOLDER=1 syncthing generate --home="$home" --no-default-folder --skip-port-probing >>"$E2E_OUT/st-$side.log" 2>&1 ||
    fail_now "syncthing generate failed for $side (see st-$side.log)"
  DEV[$side]=$(sed -n 's/.*<device id="\([A-Z0-9-]*\)".*/\1/p' "$home/config.xml" | head -n 1)
  GUI[$side]=127.0.0.1:$gui
  KEY[$side]=pomobar-e2e-$side-$RANDOM$RANDOM
  LISTEN[$side]=tcp://127.0.0.1:$listen
}
declare -A LISTEN=()
st_setup A $base $((base + 1))
st_setup B $((base + 2)) $((base + 3))
# config.xml: loopback only, nothing announced or reported, one folder shared both ways.
st_config() {
  local side=$1 other=$2
  python3 - "$E2E_TMP/$side/st/config.xml" "${GUI[$side]}" "${KEY[$side]}" "${LISTEN[$side]}" \
    "${DEV[$side]}" "${DEV[$other]}" "${LISTEN[$other]}" "$other" "$E2E_TMP/$side/data/pomobar" <<'EOF'
import sys
import xml.etree.ElementTree as ET
path, gui, key, listen, me, other, other_addr, other_name, folder = sys.argv[1:]
tree = ET.parse(path)
root = tree.getroot()
g = root.find("gui")
g.find("address").text = gui
g.find("apikey").text = key
o = root.find("options")
def opt(name, value):
    e = o.find(name)
    if e is None:
        e = ET.SubElement(o, name)
    e.text = value
opt("listenAddress", listen)
for name, value in [("globalAnnounceEnabled", "false"), ("localAnnounceEnabled", "false"),
                    ("relaysEnabled", "false"), ("natEnabled", "false"), ("urAccepted", "-1"),
                    ("urSeen", "3"), ("autoUpgradeIntervalH", "0"), ("startBrowser", "false"),
                    ("crashReportingEnabled", "false"), ("restartOnWakeup", "false"),
                    ("setLowPriority", "false"), ("reconnectionIntervalS", "1")]:
    opt(name, value)
for e in o.findall("globalAnnounceServer"):
    o.remove(e)
d = ET.SubElement(root, "device", {"id": other, "name": other_name, "compression": "metadata",
                                   "introducer": "false", "skipIntroductionRemovals": "false",
                                   "introducedBy": ""})
ET.SubElement(d, "address").text = other_addr
ET.SubElement(d, "paused").text = "false"
ET.SubElement(d, "autoAcceptFolders").text = "false"
f = ET.SubElement(root, "folder", {"id": "pomobar", "label": "pomobar", "path": folder,
                                   "type": "sendreceive", "rescanIntervalS": "3600",
                                   "fsWatcherEnabled": "false", "fsWatcherDelayS": "1",
                                   "ignorePerms": "false", "autoNormalize": "true"})
ET.SubElement(f, "filesystemType").text = "basic"
for dev in (me, other):
    ET.SubElement(f, "device", {"id": dev, "introducedBy": ""})
ET.SubElement(f, "minDiskFree", {"unit": "%"}).text = "0"
tree.write(path)
EOF
}
st_config A B
st_config B A
mkdir -p "$E2E_TMP/A/data/pomobar/.stfolder" "$E2E_TMP/B/data/pomobar/.stfolder"
for s in A B; do
  STNODEFAULTFOLDER=1 STNOUPGRADE=1 spawn "st-$s" syncthing serve --home="$E2E_TMP/$s/st" --no-browser --no-restart \
    --no-upgrade --logflags=3
done

# st SIDE METHOD PATH: the REST API (bounded).
st() { curl -sf -m 5 -X "$2" -H "X-API-Key: ${KEY[$1]}" "http://${GUI[$1]}$3"; }
connected() { st A GET /rest/system/connections | jq -e --arg d "${DEV[B]}" '.connections[$d].connected' >/dev/null 2>&1; }
need "both Syncthings answer on 127.0.0.1" wait_for 20 "REST up" bash -c "curl -sf -m 2 -H 'X-API-Key: ${KEY[A]}' http://${GUI[A]}/rest/system/ping >/dev/null && curl -sf -m 2 -H 'X-API-Key: ${KEY[B]}' http://${GUI[B]}/rest/system/ping >/dev/null"
need "the two Syncthings connect over loopback" wait_for 20 "A connected to B" connected
opts=$(st A GET /rest/config/options)
log "options A: $(jq -c '{globalAnnounceEnabled, localAnnounceEnabled, relaysEnabled, natEnabled, urAccepted, autoUpgradeIntervalH, listenAddresses}' <<<"$opts")"
expect "discovery, relays, NAT, usage reports and upgrades are off" \
  jq -e '.globalAnnounceEnabled == false and .localAnnounceEnabled == false and .relaysEnabled == false and .natEnabled == false and .urAccepted == -1 and .autoUpgradeIntervalH == 0' <<<"$opts" >/dev/null

# tree SIDE: every file of the synced folder but Syncthing's own, with its checksum.
tree() { (cd "$E2E_TMP/$1/data/pomobar" && find . -path ./.stfolder -prune -o -type f ! -name '.syncthing.*.tmp' -print0 | sort -z | xargs -0 -r sha256sum); }
# in_sync: rescans both sides at most once a second (a pull that met a file changed
# since its scan waits for one), then: completion 100 % both ways, both idle with
# nothing needed, the trees equal.
LAST_SCAN=0
in_sync() {
  local a b now
  now=$(date +%s)
  if [ "$now" -gt "$LAST_SCAN" ]; then
    LAST_SCAN=$now
    st A POST "/rest/db/scan?folder=pomobar" >/dev/null
    st B POST "/rest/db/scan?folder=pomobar" >/dev/null
  fi
  [ "$(st A GET "/rest/db/completion?folder=pomobar&device=${DEV[B]}" | jq -r '.completion')" = 100 ] || return 1
  [ "$(st B GET "/rest/db/completion?folder=pomobar&device=${DEV[A]}" | jq -r '.completion')" = 100 ] || return 1
  for s in A B; do
    st "$s" GET "/rest/db/status?folder=pomobar" | jq -e '.state == "idle" and .needTotalItems == 0' >/dev/null || return 1
  done
  a=$(tree A); b=$(tree B)
  [ "$a" = "$b" ]
}
elapsed_since() { awk -v a="$(now_s)" -v b="$1" 'BEGIN { printf "%.2f", a - b }'; }
SYNCS=0
SYNC_MAX=0
SYNC_FAILS=0
# sync_now: both sides scanned, then wait (bounded) until each has the other's files.
sync_now() {
  local t0; t0=$(now_s)
  st A POST "/rest/db/scan?folder=pomobar" >/dev/null
  st B POST "/rest/db/scan?folder=pomobar" >/dev/null
  SYNCS=$((SYNCS + 1))
  local ok=0
  if wait_for 10 "Syncthing in sync" in_sync; then
    # one more round: a scan may have raced a pull
    st A POST "/rest/db/scan?folder=pomobar" >/dev/null
    st B POST "/rest/db/scan?folder=pomobar" >/dev/null
    wait_for 10 "Syncthing in sync" in_sync && ok=1
  fi
  if [ $ok -eq 0 ]; then
    SYNC_FAILS=$((SYNC_FAILS + 1))
    diff <(tree A) <(tree B) >"$E2E_OUT/sync-$SYNCS.diff"
    expect "sync $SYNCS ($STEP): both folders equal within 10 s ($(grep -c '^[<>]' "$E2E_OUT/sync-$SYNCS.diff") lines of sync-$SYNCS.diff)" false
  fi
  local e; e=$(elapsed_since "$t0")
  awk -v a="$e" -v b="$SYNC_MAX" 'BEGIN { exit !(a > b) }' && SYNC_MAX=$e
  log "sync $SYNCS took $e s"
}
conflicts() { find "$E2E_TMP/A/data/pomobar" "$E2E_TMP/B/data/pomobar" -name '*.sync-conflict-*' | wc -l; }

# ---------------------------------------------------------------- the scenario
# (the same in sync-git.sh; keep them alike)

# last_op SIDE OP: the id of SIDE's latest edit op OP (its edits.MACHINE.jsonl).
last_op() { cat "$E2E_TMP/$1"/data/pomobar/history/edits.*"$(head -c 12 "$E2E_TMP/$1/machine-id")".jsonl 2>/dev/null | jq -r --arg o "$2" 'select(.op == $o) | .id' | tail -n 1; }
# id_of SIDE JQ_SELECT: the id of the one exported record matching.
id_of() { "pb$1" export --format json | jq -r "[.[] | select($2)] | .[0].id // empty"; }
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
  expect "no *.sync-conflict-* file (got $nc)" test "$nc" -eq 0
  note "$SYNCS syncs (slowest ${SYNC_MAX}s, $SYNC_FAILS never converged), $DIFFS steps with different views, $nc conflict copies, $(find "$E2E_TMP/A/data/pomobar/history" -type f | wc -l) history files; r1 ${r1:+$(proj_of A "$r1")}, r2 $r2a/$r2b, r3 $(proj_of A "$r3"), r4 $(proj_of B "$r4")"
}

sync_scenario
cp -r "$E2E_TMP/A/data/pomobar/history" "$E2E_OUT/history-A" 2>/dev/null
cp -r "$E2E_TMP/B/data/pomobar/history" "$E2E_OUT/history-B" 2>/dev/null
finish
