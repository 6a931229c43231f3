#!/usr/bin/env bash
# waybar-two-outputs: two monitors (a second headless output made with
# `swaymsg create_output`), so waybar starts contrib's custom/pomobar module
# twice. A real click on the second monitor's module: both show focus; the
# configured on-click-right command: both show the break.
source "$(dirname "$0")/../lib.sh"

ensure_user
setup_pomobar
conf="$E2E_TMP/config.jsonc"
style="$E2E_TMP/style.css"
contrib_copy waybar/config.jsonc "$conf"
waybar_style "$style"
sway_config "$E2E_TMP/sway.conf"
echo 'output HEADLESS-2 resolution 1280x200 position 1280 0' >>"$E2E_TMP/sway.conf"
start_sway "$E2E_TMP/sway.conf"

as_user timeout 5 swaymsg create_output >>"$E2E_OUT/swaymsg.log" 2>&1
two_outputs() { [ "$(as_user timeout 5 swaymsg -t get_outputs 2>/dev/null | jq length)" = 2 ]; }
need "sway has two outputs" wait_for 5 "second output" two_outputs
as_user timeout 5 swaymsg -t get_outputs | jq -c '.[] | {name, rect}' >"$E2E_OUT/outputs.json"
start_waybar "$conf" "$style"

copies() { pgrep -c -f -- "^$E2E_BIN --format waybar" 2>/dev/null || true; }
two_copies() { [ "$(copies)" -ge 2 ]; }
need "waybar started the module once per output (2 pomobar copies)" wait_for 10 "two module copies" two_copies

# both_show COLOUR NAME: the module on each output is drawn in COLOUR.
both_show() {
  local a b
  a=$(shot_wl "$2-HEADLESS-1" HEADLESS-1)
  b=$(shot_wl "$2-HEADLESS-2" HEADLESS-2)
  has_colour "$a" "$1" 15 426 140 854 60 && has_colour "$b" "$1" 15 426 140 854 60
}
expect "both monitors show the idle module in grey" wait_for 6 "grey on both" both_show "$GREY" 01-idle

if vpointer_works; then
  s=$(shot_wl before-click HEADLESS-2)
  read -r _ x0 y0 x1 y1 _ < <(find_block "$s" 426 140 854 60 "$GREY") || fail_now "no module on HEADLESS-2"
  # Screenshot coordinates are the output's; the pointer takes layout ones.
  read -r ox oy < <(jq -r 'select(.name == "HEADLESS-2") | "\(.rect.x) \(.rect.y)"' "$E2E_OUT/outputs.json")
  need "left click on the second monitor's module" vpointer move "$((ox + (x0 + x1) / 2))" "$((oy + (y0 + y1) / 2))" click left
  note "real click on the second monitor"
else
  note "no virtual pointer: ran the on-click command instead of clicking"
  need "on-click command ran" as_user timeout 5 sh -c "$(jsonc_get "$conf" '."custom/pomobar"."on-click"')"
fi
expect "status says focus" wait_for 3 "focus" phase_is focus pbu
expect "both monitors show focus in tomato" wait_for 3 "tomato on both" both_show "$TOMATO" 02-focus

need "on-click-right command ran" as_user timeout 5 sh -c "$(jsonc_get "$conf" '."custom/pomobar"."on-click-right"')"
expect "both monitors show the short break in green" wait_for 3 "green on both" both_show "$GREEN" 03-break
expect "still two copies running" test "$(copies)" -ge 2

finish
