# Tests/e2e/lib-timew.sh: into_timew, docs/import-export.md's recipe for timewarrior 1.4
# (Debian 12's, which has no `timew import`): `pomobar export --format timewarrior-data`
# into TIMEWARRIORDB's month files. It is read from the page itself, so the cases run word
# for word what a user copies, and a change to the page is a change to what is tested.
# The cases define `pomobar` as the binary under test.

TIMEW_RECIPE=$(awk '/^  db=\$\{TIMEWARRIORDB/ { p = 1 } p { sub(/^  /, ""); print } p && /timew tags/ { exit }' \
  "$(dirname "${BASH_SOURCE[0]}")/../../docs/import-export.md")
into_timew() {
  [ -n "$TIMEW_RECIPE" ] || fail_now "docs/import-export.md has no timewarrior 1.4 recipe"
  eval "$TIMEW_RECIPE"
}
