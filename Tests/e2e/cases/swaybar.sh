#!/usr/bin/env bash
# swaybar: headless sway (as an unprivileged user) with contrib/sway/config's
# bar block. Real pointer clicks through the zwlr_virtual_pointer_v1 protocol
# (Tests/e2e/tools/vpointer.c): left starts, scroll up extends, right skips,
# middle stops. Screenshots with grim.
source "$(dirname "$0")/../lib.sh"

ensure_user
setup_pomobar
wrapper=$(stream_wrapper bar)
stream="$E2E_TMP/bar.stream"
contrib_copy sway/config "$E2E_TMP/pomobar-sway.conf" "$wrapper"
sway_config "$E2E_TMP/sway.conf" "$E2E_TMP/pomobar-sway.conf"
start_sway "$E2E_TMP/sway.conf"

# The status line: right two thirds of the bottom 50 rows of the 1280x200 output.
region=(426 150 854 50)
frame_text() { block_field "$stream" full_text; }
has_frame() { [ -n "$(last_frame "$stream")" ]; }
block_shows() { local s; s=$(shot_wl "$2"); has_colour "$s" "$1" 15 "${region[@]}"; }

need "swaybar read pomobar's first frame" wait_for 10 "first frame" has_frame
header=$(head -n 1 "$stream")
expect "header asks for click events and stop_signal 23 (got: $header)" \
  jq -e '.version == 1 and .click_events == true and .stop_signal == 23 and .cont_signal == 18' <<<"$header" >/dev/null
expect "idle block drawn in grey" wait_for 5 "grey pixels" block_shows "$GREY" 01-idle
expect "idle frame says Ready" frame_has Ready

# click_block BUTTON NAME: locate the block in a fresh screenshot, click its middle.
click_block() {
  local b=$1 name=$2 shot box
  shot=$(shot_wl "before-$name")
  box=$(find_block "$shot" "${region[@]}" "$TOMATO" "$GREEN" "$GREY") || { log "no block pixels before $name"; return 1; }
  read -r _ x0 y0 x1 y1 _ <<<"$box"
  log "vpointer $b at $(((x0 + x1) / 2)),$(((y0 + y1) / 2)) for $name"
  case $b in
    up | down) vpointer move "$(((x0 + x1) / 2))" "$(((y0 + y1) / 2))" scroll "$b" ;;
    *) vpointer move "$(((x0 + x1) / 2))" "$(((y0 + y1) / 2))" click "$b" ;;
  esac
}

if ! vpointer_works; then
  note "clicks not tested: the virtual pointer did not connect ($(tail -n 1 "$E2E_OUT/vpointer.log" 2>/dev/null)); state driven by pomobar ctl"
  pbu ctl start
  expect "focus (after ctl start) drawn in tomato" wait_for 3 "tomato" block_shows "$TOMATO" 02-focus
  pbu ctl skip
  expect "short break (after ctl skip) drawn in green" wait_for 3 "green" block_shows "$GREEN" 04-short-break
  finish
fi

need "left click sent" click_block left start
expect "left click starts focus" wait_for 3 "Focus frame" frame_has Focus
expect "focus drawn in tomato" wait_for 3 "tomato pixels" block_shows "$TOMATO" 02-focus
expect "status says focus" phase_is focus pbu

expect_scroll_minute up
shot_wl 03-extended >/dev/null

expect_right_click_skips right 04-short-break pbu

need "middle click sent" click_block middle stop
expect "middle click stops (Ready)" wait_for 3 "Ready frame" frame_has Ready
expect "idle again in grey" wait_for 3 "grey pixels" block_shows "$GREY" 05-stopped
expect "status says idle" phase_is idle pbu

# Hide and show the bar: swaybar signals the status command's process group
# (stop_signal / cont_signal); the block must come back.
bar_id=$(as_user timeout 5 swaymsg -t get_bar_config | jq -r '.[0]')
as_user timeout 5 swaymsg bar "$bar_id" mode hide >>"$E2E_OUT/swaymsg.log" 2>&1
sleep 1
pbu ctl start >>"$E2E_OUT/ctl.log" 2>&1
sleep 0.5
as_user timeout 5 swaymsg bar "$bar_id" mode dock >>"$E2E_OUT/swaymsg.log" 2>&1
expect "after hide/show the block is back and shows focus (tomato)" wait_for 4 "tomato after show" block_shows "$TOMATO" 06-after-hide
expect "swaybar still has its status command" pgrep -f -- "^$E2E_BIN --format i3bar" >/dev/null
# swaybar sends stop_signal to the whole process group, including the /bin/sh
# that runs contrib's plain `status_command pomobar`: the signal pomobar asks
# for (SIGURG) must not kill that shell.
sb_pid=$(for p in $(marked_pids); do [ "$(cat "/proc/$p/comm" 2>/dev/null)" = swaybar ] && echo "$p"; done | head -n 1)
dead=$(ps -o pid=,stat=,args= --ppid "${sb_pid:-0}" 2>/dev/null | awk '$2 ~ /^Z/')
expect "hiding the bar killed no process of the status command (dead: ${dead:-none})" test -z "$dead"

finish
