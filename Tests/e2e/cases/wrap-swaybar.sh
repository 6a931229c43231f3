#!/usr/bin/env bash
# wrap-swaybar: `pomobar --wrap i3status -c CONF` as swaybar's status command
# (headless sway, as an unprivileged user): i3status's clock (in the bar's cyan
# statusline colour) and pomobar's grey block both render in one status line; a real
# click (virtual pointer) on pomobar's block starts focus, one on the clock leaves the
# timer alone.
source "$(dirname "$0")/../lib.sh"

command -v i3status >/dev/null || skip "i3status is not installed (.ci/e2e-deps.sh)"
CYAN='#00FFFF'
ensure_user
setup_pomobar '[timer]
focus = "25m"

[notifications]
enabled = false'
cat >"$E2E_TMP/i3status.conf" <<'CONF'
general {
  output_format = "i3bar"
  colors = false
  interval = 1
}
order += "tztime local"
tztime local {
  format = "%H:%M:%S"
}
CONF
wrapper=$(stream_wrapper bar)
stream="$E2E_TMP/bar.stream"
cat >"$E2E_TMP/bar.conf" <<BAR
bar {
    status_command $wrapper --format i3bar --wrap i3status -c $E2E_TMP/i3status.conf
    colors {
        statusline $CYAN
    }
}
BAR
cp "$E2E_TMP/bar.conf" "$E2E_OUT/bar.conf"
sway_config "$E2E_TMP/sway.conf" "$E2E_TMP/bar.conf"
start_sway "$E2E_TMP/sway.conf"

region=(426 150 854 50)
names() { last_frame "$stream" | jq -r '[.[] | .name] | join(",")' 2>/dev/null; }
merged() { [ "$(names)" = "pomobar,tztime" ]; }
need "swaybar reads one line with pomobar's block, then i3status's clock" \
  wait_for 10 "merged line" merged
frame_text() { block_field "$stream" full_text; }
both_drawn() {
  local s; s=$(shot_wl "$1")
  has_colour "$s" "$CYAN" 30 "${region[@]}" && has_colour "$s" "$GREY" 15 "${region[@]}"
}
expect "the clock (cyan) and pomobar's block (grey) are both drawn" wait_for 5 "both blocks" both_drawn 01-merged

if ! vpointer_works; then
  note "clicks not tested: the virtual pointer did not connect"
  finish
fi
s=$(shot_wl before-start)
read -r _ x0 y0 x1 y1 _ < <(find_block "$s" "${region[@]}" "$GREY") || fail_now "no grey block"
need "left click on pomobar's block" vpointer move "$(((x0 + x1) / 2))" "$(((y0 + y1) / 2))" click left
expect "the click reached pomobar: focus" wait_for 3 "Focus frame" frame_has Focus
expect "status says focus" phase_is focus pbu
s=$(shot_wl before-clock)
read -r _ x0 y0 x1 y1 < <(colour_box "$s" "$CYAN" "${region[@]}")
need "the clock is on screen" test "${x0:--1}" -ge 0
need "left click on the clock" vpointer move "$(((x0 + x1) / 2))" "$(((y0 + y1) / 2))" click left
sleep 1
expect "a click on the clock leaves the focus running" frame_has "Focus [0-9]"
shot_wl 02-after-clicks >/dev/null
finish
