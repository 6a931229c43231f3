#!/usr/bin/env bash
# yambar: contrib/yambar/config.yml in a real yambar on headless sway. pomobar runs as
# yambar's script module (--format yambar, continuous: a tag transaction per change);
# yambar picks the colour by the `phase` tag, and its on-click commands run
# `pomobar ctl`. Clicks go through the virtual pointer.
source "$(dirname "$0")/../lib.sh"

command -v yambar >/dev/null || skip "yambar is not installed"
ensure_user
setup_pomobar
wrapper=$(stream_wrapper module)
stream="$E2E_TMP/module.stream"
conf="$E2E_TMP/yambar.yml"
# The config as it ships, but for the script module's absolute path: the binary under
# test, through the wrapper that keeps what yambar read. Its on-click commands say
# `pomobar ctl ...`: yambar finds pomobar on its PATH, as a user's would.
sed "s#path: /usr/bin/pomobar#path: $wrapper#" "$E2E_ROOT/contrib/yambar/config.yml" >"$conf"
cp "$conf" "$E2E_OUT/yambar.yml"
ln -s "$E2E_BIN" "$E2E_TMP/bin/pomobar"
grep -q "path: $wrapper" "$conf" || fail_now "contrib/yambar/config.yml names no 'path: /usr/bin/pomobar'"
sway_config "$E2E_TMP/sway.conf"
start_sway "$E2E_TMP/sway.conf"
chown "$E2E_USER:" "$conf"
user_cmd PATH="$E2E_TMP/bin:$PATH" yambar --backend=wayland --log-no-syslog -c "$conf"
"${UCMD[@]}" >>"$E2E_OUT/yambar.log" 2>&1 </dev/null &
PIDS+=($!)

# The bar: 26 px at the bottom of the 1280x200 output, pomobar on the right.
region=(640 170 640 30)
# last_tag NAME: NAME's value in the last complete transaction yambar read.
last_tag() {
  awk -F'|' -v t="$1" '$0 == "" { v = cur; next } $1 == t { cur = $3 } END { print v }' "$stream" 2>/dev/null
}
has_transaction() { grep -qx '' "$stream" 2>/dev/null; }
phase_tag() { [ "$(last_tag phase)" = "$1" ]; }

need "pomobar's first transaction reached yambar" wait_for 10 "a transaction" has_transaction
expect "the transaction has text, phase, percentage, color (got: $(tail -n 14 "$stream" | tr '\n' '|'))" \
  sh -c "grep -q '^text|string|.*Ready' '$stream' && grep -q '^percentage|range:0-100|100$' '$stream' && grep -q '^color|string|8b8d98ff$' '$stream'"
expect "idle drawn in grey" wait_for 8 "grey pixels" bar_shows "$GREY" 01-idle
expect "no tomato while idle" lacks_colour "$E2E_OUT/01-idle.png" "$TOMATO" "${region[@]}"

vpointer_works || skip "the virtual pointer did not connect: no clicks to give"
need "left click sent" click_module left start
expect "on-click left runs pomobar ctl toggle: focus (status)" wait_for 3 "focus" phase_is focus pbu
expect "yambar was told: phase focus" wait_for 3 "phase tag focus" phase_tag focus
expect "focus drawn in tomato" wait_for 3 "tomato pixels" bar_shows "$TOMATO" 02-focus
counts_down() { [ "$(last_tag remaining)" -lt 12 ]; }
expect "the running phase counts down in the bar (remaining $(last_tag remaining))" wait_for 4 "a tick" counts_down

need "right click sent" click_module right skip
expect "on-click right runs pomobar ctl skip: short break (status)" wait_for 3 "short-break" phase_is short-break pbu
expect "short break drawn in green" wait_for 3 "green pixels" bar_shows "$GREEN" 03-short-break

need "middle click sent" click_module middle stop
expect "on-click middle runs pomobar ctl stop: idle (status)" wait_for 3 "idle" phase_is idle pbu
expect "idle again in grey" wait_for 3 "grey pixels" bar_shows "$GREY" 04-stopped
expect "yambar logged no error" sh -c "! grep -E ' err: ' '$E2E_OUT/yambar.log'"
finish
