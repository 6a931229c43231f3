#!/usr/bin/env bash
# broken-config-at-start: a config mistake at login must not leave a blank bar or a dead
# keybinding (issue 7, failure 8). The config has a colour typo and `focus = "50m"`:
#  - `pomobar --format i3bar` and `--format waybar` print a first frame within 2 s that
#    shows ⚠ (not nothing, not exit 78) and keep running;
#  - `pomobar status --format tmux` prints a line and exits 0;
#  - `pomobar ctl toggle` exits 0 and starts a 50-minute focus (not 25: only the broken
#    key falls back), with a warning on stderr;
#  - `pomobar check-config` still exits 78.
source "$TORTURE_D/lib.sh"

setup_pomobar '[timer]
focus = "50m"

[colors]
focus = "#E54D2"

[notifications]
enabled = false'
state="$XDG_STATE_HOME/pomobar/state.json"

frame_text() { sed 's/^,//' <<<"$1" | jq -r 'if type == "array" then (.[0].full_text // "") else (.text // "") end' 2>/dev/null; }

probe bar 2 --linger 1 --err "$E2E_OUT/i3bar.err" -- "$E2E_BIN" --format i3bar
t=$(frame_text "$P_FRAME")
if [ "$P_SECS" = none ]; then r1="no frame ($P_END${P_ERR:+: $(sed "s#$XDG_CONFIG_HOME/pomobar/##" <<<"$P_ERR" | cut -c1-90)})"; else r1="\"$t\" after $P_SECS s, running: $P_ALIVE"; fi
expect "i3bar: a first frame with $WARN_SIGN, still running (got: $r1)" \
  bash -c '[ "$1" != none ] && grep -q "$2" <<<"$3" && [ "$4" = yes ]' _ "$P_SECS" "$WARN_SIGN" "$t" "$P_ALIVE"

probe bar 2 --frame '[^[:space:]]' --linger 1 --err "$E2E_OUT/waybar.err" -- "$E2E_BIN" --format waybar
t=$(frame_text "$P_FRAME")
if [ "$P_SECS" = none ]; then r2="no frame ($P_END)"; else r2="\"$t\" after $P_SECS s, running: $P_ALIVE"; fi
expect "waybar: a first frame with $WARN_SIGN, still running (got: $r2)" \
  bash -c '[ "$1" != none ] && grep -q "$2" <<<"$3" && [ "$4" = yes ]' _ "$P_SECS" "$WARN_SIGN" "$t" "$P_ALIVE"

timeout 5 "$E2E_BIN" status --format tmux >"$E2E_OUT/tmux.out" 2>"$E2E_OUT/tmux.err"
rc=$?
line=$(head -n 1 "$E2E_OUT/tmux.out")
r3="exit $rc, \"$(cut -c1-60 <<<"$line")\""
expect "status --format tmux prints a line and exits 0 (got: $r3)" test $rc -eq 0 -a -n "$line"

timeout 5 "$E2E_BIN" ctl toggle >"$E2E_OUT/ctl.out" 2>"$E2E_OUT/ctl.err"
rc=$?
total=$(jq -r '.timer.total // empty' "$state" 2>/dev/null)
mins=$(awk -v t="${total:-0}" 'BEGIN { printf "%g", t / 60e9 }')
r4="exit $rc, $( [ -n "$total" ] && echo "a ${mins}-minute $(state_phase "$state")" || echo "no timer started")"
expect "ctl toggle exits 0 and starts a 50-minute focus (got: $r4)" \
  test $rc -eq 0 -a "$(state_phase "$state")" = focus -a "${total:-0}" = 3000000000000
expect "ctl toggle warns about the config on stderr" test -s "$E2E_OUT/ctl.err"

timeout 5 "$E2E_BIN" check-config >"$E2E_OUT/check-config.out" 2>&1
rc=$?
expect "check-config still exits 78 (got $rc)" test $rc -eq 78
note "i3bar: $r1; waybar: $r2; tmux: $r3; ctl toggle: $r4; check-config: exit $rc"
finish
