#!/usr/bin/env bash
# sync-syncthing: two machines' histories kept in one Syncthing folder converge, with
# no conflict copy, nothing resurrected and nothing reverted (issue 15, "Edits do not
# survive syncing"). Two real Syncthing instances (Debian's syncthing 1.19) on loopback
# only: global and local discovery, relays, NAT, usage reporting, crash reports and
# auto-upgrade off, GUI/REST on 127.0.0.1 with an API key, each sharing its side's
# $XDG_DATA_HOME/pomobar with the other. Two pomobar "machines" A and B: each runs in a
# mount namespace of its own (unshare -m) with /etc/machine-id (and D-Bus's copy) bound
# to an id of its own, so their history files and record ids differ, as on two computers.
# The scenario (sync_scenario, Tests/e2e/sync-lib.sh, shared with sync-git.sh) tracks, amends, removes,
# renames and undoes on both sides, records of the other side included, in both orders
# and concurrently; after each step `sync_both` scans both folders over REST and waits
# (bounded, on conditions: /rest/db/completion 100 % both ways, both folders idle with
# nothing needed, the two trees byte-equal). Pass: both sides' `report all --json` and
# `log all` equal after every step; the expected final values (a record removed on the
# other side stays removed, an amend and a rename are kept, an undo redoes); no
# *.sync-conflict-* file. Bounded: the whole case well under 90 s.
source "$(dirname "$0")/../lib.sh"

command -v syncthing >/dev/null || skip "no syncthing (Debian: apt-get install syncthing; .ci/e2e-deps.sh)"
[ "$(id -u)" -eq 0 ] || skip "needs root (unshare -m and bind mounts give the two machines their ids)"
command -v curl >/dev/null || skip "no curl"

source "$(dirname "$0")/../sync-lib.sh"
two_machines

# ---------------------------------------------------------------- two Syncthings

# free_base: the first of four ports (A's GUI and listener, B's) free on 127.0.0.1, below
# the kernel's ephemeral range: a client's socket on a port there, even one in TIME_WAIT
# (the case's own curls leave hundreds, for 60 s), makes Syncthing's listener fail to bind
# ("Listen (BEP/tcp): ... bind: address already in use", despite SO_REUSEADDR and
# SO_REUSEPORT), and with B's down, A has nothing to dial.
free_base() {
  python3 - "$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)" <<'EOF'
import random, socket, sys
top = max(int(sys.argv[1]), 21024)
for _ in range(200):
    base = random.randrange(20000, top - 4)
    socks = []
    try:
        for port in range(base, base + 4):
            s = socket.socket()
            socks.append(s)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(("127.0.0.1", port))
            s.listen()
    except OSError:
        continue
    finally:
        for s in socks:
            s.close()
    print(base)
    sys.exit(0)
sys.exit(1)
EOF
}
base=$(free_base) || fail_now "no four free ports on 127.0.0.1 below the ephemeral range"
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
# st_config SIDE OTHER [ADDRESS]: OTHER is dialled at ADDRESS (default: its listen address;
# "dynamic": never dialled, its connection is awaited).
st_config() {
  local side=$1 other=$2
  python3 - "$E2E_TMP/$side/st/config.xml" "${GUI[$side]}" "${KEY[$side]}" "${LISTEN[$side]}" \
    "${DEV[$side]}" "${DEV[$other]}" "${3:-${LISTEN[$other]}}" "$other" "$E2E_TMP/$side/data/pomobar" <<'EOF'
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
# Only A dials. Syncthing dials from its own listening port (STTRACE=connections: "dialing
# ... success: 127.0.0.1:LISTEN_A-127.0.0.1:LISTEN_B"), and the two, started in the same
# second, dial each other in the same second and again on the same ramp-up: with both
# listeners up, that is one address pair from both ends, a TCP simultaneous open where
# both sides are TLS clients: a possible cause (not reproduced) of "A connected to B"
# timing out in 2 of 4 CI runs (20 s without a connection, nothing at INFO level).
st_config A B
st_config B A dynamic
mkdir -p "$E2E_TMP/A/data/pomobar/.stfolder" "$E2E_TMP/B/data/pomobar/.stfolder"
# STTRACE=connections: each dial and its outcome in st-A.log / st-B.log.
for s in A B; do
  STNODEFAULTFOLDER=1 STNOUPGRADE=1 STTRACE=connections spawn "st-$s" syncthing serve --home="$E2E_TMP/$s/st" --no-browser --no-restart \
    --no-upgrade --logflags=3
done

# st SIDE METHOD PATH: the REST API (bounded).
st() { curl -sf -m 5 -X "$2" -H "X-API-Key: ${KEY[$1]}" "http://${GUI[$1]}$3"; }
connected() { st A GET /rest/system/connections | jq -e --arg d "${DEV[B]}" '.connections[$d].connected' >/dev/null 2>&1; }
need "both Syncthings answer on 127.0.0.1" wait_for 20 "REST up" bash -c "curl -sf -m 2 -H 'X-API-Key: ${KEY[A]}' http://${GUI[A]}/rest/system/ping >/dev/null && curl -sf -m 2 -H 'X-API-Key: ${KEY[B]}' http://${GUI[B]}/rest/system/ping >/dev/null"
if ! wait_for 20 "A connected to B" connected; then
  log "listeners: $(grep -h 'Listen (BEP/tcp)' "$E2E_OUT/st-A.log" "$E2E_OUT/st-B.log" | sort -u | tr '\n' ' ')"
fi
need "the two Syncthings connect over loopback" connected
opts=$(st A GET /rest/config/options)
log "options A: $(jq -c '{globalAnnounceEnabled, localAnnounceEnabled, relaysEnabled, natEnabled, urAccepted, autoUpgradeIntervalH, listenAddresses}' <<<"$opts")"
expect "discovery, relays, NAT, usage reports and upgrades are off" \
  jq -e '.globalAnnounceEnabled == false and .localAnnounceEnabled == false and .relaysEnabled == false and .natEnabled == false and .urAccepted == -1 and .autoUpgradeIntervalH == 0' <<<"$opts" >/dev/null

scan_both() {
  st A POST "/rest/db/scan?folder=pomobar" >/dev/null
  st B POST "/rest/db/scan?folder=pomobar" >/dev/null
}
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
    scan_both
  fi
  [ "$(st A GET "/rest/db/completion?folder=pomobar&device=${DEV[B]}" | jq -r '.completion')" = 100 ] || return 1
  [ "$(st B GET "/rest/db/completion?folder=pomobar&device=${DEV[A]}" | jq -r '.completion')" = 100 ] || return 1
  for s in A B; do
    st "$s" GET "/rest/db/status?folder=pomobar" | jq -e '.state == "idle" and .needTotalItems == 0' >/dev/null || return 1
  done
  a=$(tree A); b=$(tree B)
  [ "$a" = "$b" ]
}
# sync_both: both sides scanned, then wait (bounded) until each has the other's files.
sync_both() {
  scan_both
  if wait_for 10 "Syncthing in sync" in_sync; then
    # one more round: a scan may have raced a pull
    scan_both
    wait_for 10 "Syncthing in sync" in_sync && return 0
  fi
  diff <(tree A) <(tree B) >"$E2E_OUT/sync-$SYNCS.diff"
  expect "sync $SYNCS ($STEP): both folders equal within 10 s ($(grep -c '^[<>]' "$E2E_OUT/sync-$SYNCS.diff") lines of sync-$SYNCS.diff)" false
  return 1
}
conflicts() { find "$E2E_TMP/A/data/pomobar" "$E2E_TMP/B/data/pomobar" -name '*.sync-conflict-*' | wc -l; }

CONFLICT_WHAT='*.sync-conflict-* file' CONFLICT_COPIES='conflict copies'

sync_scenario
finish
