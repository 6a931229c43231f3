#!/usr/bin/env bash
# state-folder-trust: a state folder that other users can write to (chmod 777) or that
# belongs to another user must be refused, as ssh refuses such a ~/.ssh (issue 7,
# failure 6): `pomobar ctl toggle` exits non-zero with a message naming the folder and
# how to fix it (chmod or chown), and changes nothing; a bar shows ⚠ in its first frame
# (within 2 s) and keeps running instead of going blank. (Not as root: only the
# world-writable folder, since making a folder another user's needs root.)
source "$TORTURE_D/lib.sh"

torture_user
setup_pomobar "[notifications]
enabled = false"
dir="$XDG_STATE_HOME/pomobar"

trial() {
  local kind=$1 probs=()
  rm -rf "$dir"
  mkdir -m 700 "$dir"
  "$PY" "$TORTURE_D/mkstate.py" idle "$dir/state.json"
  case "$kind" in
    world-writable) chmod 777 "$dir" ;;
    other-owner) chown "$TU_UID:$TU_GID" "$dir" ;;
  esac
  log "$kind: $(stat -c '%A %U' "$dir")"
  timeout 5 "$E2E_BIN" ctl toggle >"$E2E_OUT/$kind-ctl.out" 2>"$E2E_OUT/$kind-ctl.err"
  local rc=$? msg; msg=$(head -c 300 "$E2E_OUT/$kind-ctl.err" | tr '\n' ' ')
  log "$kind: ctl toggle exit $rc: $msg"
  [ $rc -ne 0 ] || probs+=("ctl toggle exit 0")
  grep -qF -- "$dir" "$E2E_OUT/$kind-ctl.err" || probs+=("ctl's message does not name the folder${msg:+ (\"$(cut -c1-80 <<<"$msg")\")}")
  grep -qE 'chmod|chown' "$E2E_OUT/$kind-ctl.err" || probs+=("ctl's message does not say how to fix it (chmod/chown)")
  [ "$(state_phase "$dir/state.json")" = idle ] || probs+=("ctl changed the timer (now $(state_phase "$dir/state.json"))")
  probe bar 2 --linger 1.5 --err "$E2E_OUT/$kind-bar.err" -- "$E2E_BIN" --format i3bar
  local text; text=$(sed 's/^,//' <<<"$P_FRAME" | jq -r '.[0].full_text // empty' 2>/dev/null)
  if [ "$P_SECS" = none ]; then probs+=("the bar printed no frame ($P_END)")
  elif ! grep -q "$WARN_SIGN" <<<"$text"; then probs+=("the bar shows \"$text\", no $WARN_SIGN"); fi
  [ "$P_ALIVE" = yes ] || probs+=("the bar did not keep running ($P_END)")
  if [ ${#probs[@]} -gt 0 ]; then
    FAILS+=("$kind folder: $(join_by ', ' "${probs[@]}")")
  else
    note "$kind folder refused: \"$(cut -c1-100 <<<"$msg")\"; bar shows \"$text\""
  fi
}

trial world-writable
if is_root; then
  trial other-owner
else
  note "other-owner folder: not tried (chown needs root)"
fi
finish
