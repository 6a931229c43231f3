#!/usr/bin/env bash
# sync-git: two machines' histories kept in git converge, with no merge conflict, nothing
# resurrected and nothing reverted (issue 15, "Edits do not survive syncing", with git
# instead of Syncthing). Two pomobar "machines" A and B (each in a mount namespace of its
# own with /etc/machine-id bound to an id of its own, as in sync-syncthing.sh) whose
# $XDG_DATA_HOME/pomobar folders are two clones of one bare repository. The scenario is
# sync-syncthing.sh's; `sync_now` is: on each side `git add -A`, `git commit`, `git pull
# --no-rebase`, `git push` (A, B, then A again), each bounded. Pass: every pull merges
# without a conflict, both work trees end clean at the same commit with the same files,
# both sides' `report all --json` and `log all` equal after every step, and the
# scenario's expected final values.
source "$(dirname "$0")/../lib.sh"

command -v git >/dev/null || skip "no git (Debian: apt-get install git; .ci/e2e-deps.sh)"
[ "$(id -u)" -eq 0 ] || skip "needs root (unshare -m and bind mounts give the two machines their ids)"

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

# ---------------------------------------------------------------- one bare repo, two clones

export GIT_AUTHOR_NAME=pomobar-e2e GIT_AUTHOR_EMAIL=e2e@localhost GIT_COMMITTER_NAME=pomobar-e2e \
  GIT_COMMITTER_EMAIL=e2e@localhost GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 GIT_TERMINAL_PROMPT=0
g() { local side=$1; shift; timeout 10 git -C "$E2E_TMP/$side/data/pomobar" "$@" >>"$E2E_OUT/git-$side.log" 2>&1; }
need "a bare repository" git init -q --bare -b main "$E2E_TMP/bare.git"
for s in A B; do
  rm -rf "$E2E_TMP/$s/data/pomobar"
  need "clone on $s" git clone -q "$E2E_TMP/bare.git" "$E2E_TMP/$s/data/pomobar"
  g "$s" config pull.rebase false
  g "$s" checkout -q -B main
  mkdir -p "$E2E_TMP/$s/data/pomobar/history"
done
printf 'pomobar data\n' >"$E2E_TMP/A/data/pomobar/README"
g A add -A && g A commit -q -m start && g A push -q -u origin main
need "B starts from A's first commit" g B pull -q --no-rebase origin main
g B branch -q --set-upstream-to=origin/main main

SYNCS=0
SYNC_MAX=0
SYNC_FAILS=0
elapsed_since() { awk -v a="$(now_s)" -v b="$1" 'BEGIN { printf "%.2f", a - b }'; }
# side_sync SIDE: commit what changed, pull (merge), push.
side_sync() {
  g "$1" add -A
  g "$1" diff --cached --quiet || g "$1" commit -q -m "$1: $STEP"
  g "$1" pull -q --no-rebase --no-edit origin main || return 1
  g "$1" push -q origin main
}
unmerged() { git -C "$E2E_TMP/$1/data/pomobar" diff --name-only --diff-filter=U | wc -l; }
tree() { (cd "$E2E_TMP/$1/data/pomobar" && find . -path ./.git -prune -o -type f -print0 | sort -z | xargs -0 -r sha256sum); }
sync_now() {
  local t0 ok=1 s; t0=$(now_s)
  SYNCS=$((SYNCS + 1))
  for s in A B A; do side_sync "$s" || ok=0; done
  local ua ub; ua=$(unmerged A); ub=$(unmerged B)
  [ "$ua$ub" = 00 ] || ok=0
  [ "$(git -C "$E2E_TMP/A/data/pomobar" rev-parse HEAD)" = "$(git -C "$E2E_TMP/B/data/pomobar" rev-parse HEAD)" ] || ok=0
  [ -z "$(git -C "$E2E_TMP/A/data/pomobar" status --porcelain)" ] && [ -z "$(git -C "$E2E_TMP/B/data/pomobar" status --porcelain)" ] || ok=0
  [ "$(tree A)" = "$(tree B)" ] || ok=0
  if [ $ok -eq 0 ]; then
    SYNC_FAILS=$((SYNC_FAILS + 1))
    expect "sync $SYNCS ($STEP): pulled both ways without conflict, same commit, clean trees (unmerged files: A $ua, B $ub; see git-A.log, git-B.log)" false
    # go on from a clean state: keep A's side of any conflict
    for s in A B; do g "$s" merge --abort; g "$s" reset -q --hard origin/main; done
  fi
  local e; e=$(elapsed_since "$t0")
  awk -v a="$e" -v b="$SYNC_MAX" 'BEGIN { exit !(a > b) }' && SYNC_MAX=$e
  log "sync $SYNCS took $e s"
}
conflicts() { echo "$SYNC_FAILS"; }   # syncs that met a merge conflict (or did not converge)

# ---------------------------------------------------------------- the scenario
# (the same in sync-syncthing.sh; keep them alike)

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
  expect "no merge conflict (got $nc)" test "$nc" -eq 0
  note "$SYNCS syncs (slowest ${SYNC_MAX}s, $SYNC_FAILS never converged), $DIFFS steps with different views, $nc syncs with a conflict, $(find "$E2E_TMP/A/data/pomobar/history" -type f | wc -l) history files; r1 ${r1:+$(proj_of A "$r1")}, r2 $r2a/$r2b, r3 $(proj_of A "$r3"), r4 $(proj_of B "$r4")"
}

sync_scenario
cp -r "$E2E_TMP/A/data/pomobar/history" "$E2E_OUT/history-A" 2>/dev/null
cp -r "$E2E_TMP/B/data/pomobar/history" "$E2E_OUT/history-B" 2>/dev/null
finish
