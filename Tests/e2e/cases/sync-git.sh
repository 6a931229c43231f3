#!/usr/bin/env bash
# sync-git: two machines' histories kept in git converge, with no merge conflict, nothing
# resurrected and nothing reverted (issue 15, "Edits do not survive syncing", with git
# instead of Syncthing). Two pomobar "machines" A and B (each in a mount namespace of its
# own with /etc/machine-id bound to an id of its own, as in sync-syncthing.sh) whose
# $XDG_DATA_HOME/pomobar folders are two clones of one bare repository. The scenario is
# sync-syncthing.sh's (sync_scenario, Tests/e2e/sync-lib.sh); `sync_both` is: on each
# side `git add -A`, `git commit`, `git pull --no-rebase`, `git push` (A, B, then A
# again), each bounded. Pass: every pull merges
# without a conflict, both work trees end clean at the same commit with the same files,
# both sides' `report all --json` and `log all` equal after every step, and the
# scenario's expected final values.
source "$(dirname "$0")/../lib.sh"

command -v git >/dev/null || skip "no git (Debian: apt-get install git; .ci/e2e-deps.sh)"
[ "$(id -u)" -eq 0 ] || skip "needs root (unshare -m and bind mounts give the two machines their ids)"

source "$(dirname "$0")/../sync-lib.sh"
two_machines

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

# side_sync SIDE: commit what changed, pull (merge), push.
side_sync() {
  g "$1" add -A
  g "$1" diff --cached --quiet || g "$1" commit -q -m "$1: $STEP"
  g "$1" pull -q --no-rebase --no-edit origin main || return 1
  g "$1" push -q origin main
}
unmerged() { git -C "$E2E_TMP/$1/data/pomobar" diff --name-only --diff-filter=U | wc -l; }
tree() { (cd "$E2E_TMP/$1/data/pomobar" && find . -path ./.git -prune -o -type f -print0 | sort -z | xargs -0 -r sha256sum); }
# sync_both: A, B, then A again commit, pull and push; then no unmerged file, one commit,
# clean work trees, the same files.
sync_both() {
  local ok=1 s
  for s in A B A; do side_sync "$s" || ok=0; done
  local ua ub; ua=$(unmerged A); ub=$(unmerged B)
  [ "$ua$ub" = 00 ] || ok=0
  [ "$(git -C "$E2E_TMP/A/data/pomobar" rev-parse HEAD)" = "$(git -C "$E2E_TMP/B/data/pomobar" rev-parse HEAD)" ] || ok=0
  [ -z "$(git -C "$E2E_TMP/A/data/pomobar" status --porcelain)" ] && [ -z "$(git -C "$E2E_TMP/B/data/pomobar" status --porcelain)" ] || ok=0
  [ "$(tree A)" = "$(tree B)" ] || ok=0
  [ $ok -eq 1 ] && return 0
  expect "sync $SYNCS ($STEP): pulled both ways without conflict, same commit, clean trees (unmerged files: A $ua, B $ub; see git-A.log, git-B.log)" false
  # go on from a clean state: keep A's side of any conflict
  for s in A B; do g "$s" merge --abort; g "$s" reset -q --hard origin/main; done
  return 1
}
conflicts() { echo "$SYNC_FAILS"; }   # syncs that met a merge conflict (or did not converge)

CONFLICT_WHAT='merge conflict' CONFLICT_COPIES='syncs with a conflict'

sync_scenario
finish
