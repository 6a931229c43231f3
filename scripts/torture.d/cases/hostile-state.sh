#!/usr/bin/env bash
# hostile-state: state.json must be trusted no more than any file (issue 7, failures 4,
# 5, 6). state.json is replaced by each of: a folder, a FIFO, a symlink to /dev/zero,
# 100 MB of JSON-ish garbage, well-formed files with out-of-range numbers (a note's gap
# Int64.min; deadline and total near Int64.max; slot 0; a wall clock of 10^30; a paused
# phase with remaining Int64.min), a symlink to a valid state file outside the folder.
# For each, on a fresh state folder each time: `pomobar status`, `pomobar ctl toggle`
# and a bar (`--format i3bar`) must exit 0 (the bar: print its first frame) within 2 s,
# with a peak RSS below 32 MiB and no death by a signal; afterwards the bad thing has
# been moved aside (state.json.bad-*) and a good state.json (a regular file that parses)
# exists, except for the note's gap, which pomobar could have written itself: that state
# is kept, the note dropped; a file outside the folder is never changed.
# Then state.json.tmp planted as a symlink to a victim file outside: `ctl start` must
# succeed and leave the victim unchanged. And POMOBAR_TEST_CLOCK files with `wall 1e10`,
# `wall nan`, `suspend inf`: the three commands must not crash (and finish in 2 s).
source "$TORTURE_D/lib.sh"

setup_pomobar "[timer]
focus = \"25m\"

[notifications]
enabled = false"
dir="$XDG_STATE_HOME/pomobar"
state="$dir/state.json"
outside="$E2E_TMP/outside"
mkdir -p "$outside"
"$PY" "$TORTURE_D/mkstate.py" garbage-100mb "$E2E_TMP/big.json" || fail_now "could not write the 100 MB file"
"$PY" "$TORTURE_D/mkstate.py" good "$outside/state.json"
outside_sum=$(sha256sum <"$outside/state.json")

# plant VARIANT: a fresh state folder with VARIANT in place of state.json.
plant() {
  rm -rf "$dir"
  mkdir -m 700 "$dir"
  case "$1" in
    folder) mkdir "$state" && echo x >"$state/inside" ;;
    fifo) mkfifo -m 600 "$state" ;;
    dev-zero) ln -s /dev/zero "$state" ;;
    100mb) ln "$E2E_TMP/big.json" "$state" 2>/dev/null || cp "$E2E_TMP/big.json" "$state" ;;
    symlink-outside) ln -s "$outside/state.json" "$state" ;;
    gap-min | huge-deadline | slot-0 | wall-1e30 | paused-min | good | idle) "$PY" "$TORTURE_D/mkstate.py" "$1" "$state" ;;
  esac
}

LIMIT=2.5        # seconds a command may take before it is killed (the promise: 2 s)
RSS_KIB=32768    # 32 MiB
PROBLEMS=()      # per variant, what went wrong
peak_all=0

# check_run WHAT: judges the last probe; prints the problems (empty when fine).
check_run() {
  local what=$1 p=()
  case "$P_END" in
    timeout) p+=("$what hung > ${LIMIT} s") ;;
    rss-cap) p+=("$what killed at $(fmt_mib "$P_RSS") after $(printf '%.1f' "$P_T") s") ;;
    signal:*) p+=("$what died by ${P_END#signal:}") ;;
    exit:0 | ended) ;;
    *) p+=("$what $P_END${P_ERR:+ ($(cut -c1-80 <<<"$P_ERR"))}") ;;
  esac
  if [ "$P_SECS" != none ] && awk -v s="$P_SECS" 'BEGIN { exit !(s > 2) }'; then p+=("$what took $P_SECS s"); fi
  if [ "$P_END" != timeout ] && [ "$P_END" != rss-cap ] && [ "$P_SECS" = none ] && [ "$what" = bar ]; then p+=("bar printed no frame"); fi
  [ "$P_RSS" -ge "$RSS_KIB" ] && [ "$P_END" != rss-cap ] && p+=("$what peak RSS $(fmt_mib "$P_RSS")")
  [ "$P_RSS" -gt "$peak_all" ] && peak_all=$P_RSS
  join_by ', ' "${p[@]}"
}

# try VARIANT [CLEANED [LABEL]]: the three commands, each on a freshly planted VARIANT.
# With CLEANED=no, the variant is not expected to be moved aside (test clock variants);
# with CLEANED=kept, it must not be: pomobar could have written it, and reads it with the
# out-of-range value dropped (the note whose gap is out of range).
try() {
  local v=$1 cleaned=${2:-yes} label=${3:-$1} what probs=() r
  for what in status ctl bar; do
    plant "$v"
    case "$what" in
      status) probe run "$LIMIT" --err "$E2E_OUT/$v-$what.err" -- "$E2E_BIN" status ;;
      ctl) probe run "$LIMIT" --err "$E2E_OUT/$v-$what.err" -- "$E2E_BIN" ctl toggle ;;
      bar) probe bar "$LIMIT" --err "$E2E_OUT/$v-$what.err" -- "$E2E_BIN" --format i3bar ;;
    esac
    r=$(check_run "$what")
    [ -n "$r" ] && probs+=("$r")
    log "$label / $what: ${P_END}, ${P_SECS} s, $(fmt_mib "$P_RSS")${r:+ -> $r}"
    if [ "$cleaned" = yes ]; then
      moved_aside "$dir" || probs+=("not moved aside after $what")
      regular_state "$dir" || probs+=("no good state.json after $what")
    elif [ "$cleaned" = kept ]; then
      moved_aside "$dir" && probs+=("moved aside after $what, though pomobar could have written it")
      regular_state "$dir" || probs+=("no good state.json after $what")
    fi
    if [ "$(sha256sum <"$outside/state.json")" != "$outside_sum" ]; then
      probs+=("the file outside the folder changed after $what")
      "$PY" "$TORTURE_D/mkstate.py" good "$outside/state.json"
      outside_sum=$(sha256sum <"$outside/state.json")
    fi
    ls -la "$dir" >>"$E2E_OUT/$v.ls" 2>&1
  done
  # One line per variant; runs of "not moved aside"/"no good state.json" are merged.
  local merged; merged=$(printf '%s\n' "${probs[@]}" | awk '
    /^not moved aside after / { na = na (na ? "/" : "") $NF; next }
    /^no good state.json after / { ng = ng (ng ? "/" : "") $NF; next }
    NF { out = out (out ? ", " : "") $0 }
    END { if (na) out = out (out ? ", " : "") "not moved aside (" na ")"
          if (ng) out = out (out ? ", " : "") "no good state.json (" ng ")"; print out }')
  if [ -n "$merged" ]; then
    PROBLEMS+=("$label: $merged")
    log "FAILED $label: $merged"
  else
    log "ok $label"
  fi
}

for v in folder fifo dev-zero 100mb huge-deadline slot-0 wall-1e30 paused-min symlink-outside; do
  try "$v"
done
try gap-min kept

# state.json.tmp planted as a symlink to a victim outside the folder.
plant idle
echo "victim: must never change" >"$outside/victim"
victim_sum=$(sha256sum <"$outside/victim")
ln -s "$outside/victim" "$state.tmp"
probe run "$LIMIT" --err "$E2E_OUT/tmp-symlink.err" -- "$E2E_BIN" ctl start
r=$(check_run "ctl start")
tmp_probs=()
[ -n "$r" ] && tmp_probs+=("$r")
[ "$(sha256sum <"$outside/victim")" = "$victim_sum" ] || tmp_probs+=("the victim was overwritten ($(head -c 60 "$outside/victim" | tr '\n' ' '))")
[ "$(state_phase "$state")" = focus ] || tmp_probs+=("no focus started (state: $(state_phase "$state"))")
[ -L "$state" ] && tmp_probs+=("state.json became a symlink")
ls -la "$dir" >"$E2E_OUT/tmp-symlink.ls" 2>&1
if [ ${#tmp_probs[@]} -gt 0 ]; then PROBLEMS+=("tmp-symlink: $(join_by ', ' "${tmp_probs[@]}")"); log "FAILED tmp-symlink: ${tmp_probs[*]}"; else log "ok tmp-symlink"; fi

# POMOBAR_TEST_CLOCK with numbers out of range: no crash.
for c in "wall 1e10" "wall nan" "suspend inf"; do
  printf '%s\n' "$c" >"$E2E_TMP/clock"
  POMOBAR_TEST_CLOCK="$E2E_TMP/clock" try good no "clock '$c'"
done

total=$((10 * 3 + 1 + 3 * 3))
if [ ${#PROBLEMS[@]} -eq 0 ]; then
  note "$total runs on 14 hostile states: all within 2 s, peak RSS $(fmt_mib "$peak_all"), none crashed, all moved aside but the note's gap (kept, the note dropped)"
else
  for p in "${PROBLEMS[@]}"; do FAILS+=("$p"); done
  note "$((${#PROBLEMS[@]})) of 14 hostile states failed; largest peak RSS $(fmt_mib "$peak_all")"
  log "${#PROBLEMS[@]} of 14 hostile states failed"
fi
finish
