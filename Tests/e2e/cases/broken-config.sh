#!/usr/bin/env bash
# broken-config: a config mistake at login must not leave a blank block (issue 7,
# failure 8). i3 under Xvfb with contrib/i3/config's bar block, and a config with a
# colour typo plus `focus = "50m"`. The status line i3bar got must show ⚠ (pomobar
# started with every valid setting, defaults only for the broken key), i3bar must show
# no "status_command process exited" error, a real left click on the block must start a
# 50-minute focus (not 25), and once the file is fixed the block drops the ⚠.
source "$(dirname "$0")/../lib.sh"

WARN='⚠'
setup_pomobar '[timer]
focus = "50m"

[colors]
focus = "#E54D2"

[notifications]
enabled = false'
state="$XDG_STATE_HOME/pomobar/state.json"
start_i3bar  # needs pomobar's first frame despite the broken config
frame_text() { block_field "$stream" full_text; }
sleep 0.5
s=$(shot_x 01-broken-config)
# i3bar prints "Error: status_command process exited unexpectedly (exit 78)" in red.
expect "i3bar shows no status_command error (no red #FF0000 text)" lacks_colour "$s" '#FF0000' "${region[@]}"
has_frame || finish
expect "the block shows $WARN (got: $(frame_text))" frame_has "$WARN"
expect "the idle block is drawn in grey" has_colour "$s" "$GREY" 15 "${region[@]}"

# A real left click on the block: the focus is the config's 50 minutes.
click_block() {
  local b=$1 name=$2 shot box
  shot=$(shot_x "before-$name")
  box=$(find_block "$shot" "${region[@]}" "$GREY" "$TOMATO" "$GREEN") || { log "no block pixels before $name"; return 1; }
  read -r _ x0 _ x1 _ _ <<<"$box"
  log "click $b at x=$(((x0 + x1) / 2)) (block $x0..$x1) for $name"
  x_click "$(((x0 + x1) / 2))" "$((BY + BH / 2))" "$b"
}
need "left click on the block" click_block 1 start
expect "the click starts a focus" wait_for 3 "Focus frame" frame_has Focus
total=$(jq -r '.timer.total // empty' "$state" 2>/dev/null)
expect "the focus is the config's 50 minutes (state total: ${total:-none} ns, frame: $(frame_text))" test "${total:-0}" = 3000000000000
expect "the focus frame still shows $WARN" frame_has "$WARN"
shot_x 02-focus-broken-config >/dev/null

# The file is fixed: the running bar reloads it and drops the ⚠.
printf '[timer]\nfocus = "50m"\n\n[colors]\nfocus = "#E54D2E"\n\n[notifications]\nenabled = false\n' \
  >"$XDG_CONFIG_HOME/pomobar/config.toml"
no_warning() { has_frame && ! frame_has "$WARN"; }
wait_for 5 "a frame without $WARN" no_warning
expect "after the file is fixed the block drops $WARN (got: $(frame_text))" no_warning
s=$(shot_x 03-fixed)
expect "the focus is drawn in tomato after the fix" has_colour "$s" "$TOMATO" 15 "${region[@]}"
note "block: $(frame_text)"
finish
