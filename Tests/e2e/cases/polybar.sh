#!/usr/bin/env bash
# polybar: polybar 3.6 under Xvfb with contrib/polybar/config.ini as it ships
# (its [bar/pomobar] and [module/pomobar], tail = true). Polybar never writes
# to the script: clicks are the action tags pomobar writes around its text,
# which run `pomobar ctl`. Real xdotool clicks: left starts focus, scroll up
# and down change the time by a minute, right skips to the (green) break.
# Editing [clicks] in the config changes the actions in the next line.
source "$(dirname "$0")/../lib.sh"

command -v polybar >/dev/null || skip "polybar is not installed"
setup_pomobar
start_xvfb 1280x200
wrapper=$(stream_wrapper bar)
contrib_copy polybar/config.ini "$E2E_TMP/polybar.ini" "$wrapper"
spawn polybar polybar -c "$E2E_TMP/polybar.ini" pomobar
stream="$E2E_TMP/bar.stream"

# bar_window: "WID X Y W H" of the mapped polybar window.
bar_window() {
  local w
  for w in $(timeout 5 xdotool search --onlyvisible --class '^Polybar$' 2>/dev/null); do
    timeout 5 xdotool getwindowgeometry --shell "$w" 2>/dev/null |
      awk -F= -v w="$w" '{v[$1]=$2} END { if (v["HEIGHT"] > 1 && v["WIDTH"] > 100) print w, v["X"], v["Y"], v["WIDTH"], v["HEIGHT"] }'
  done | head -n 1
}
bar_mapped() { [ -n "$(bar_window)" ]; }
need "polybar window is mapped" wait_for 10 "polybar window" bar_mapped
read -r _ BX BY BW BH < <(bar_window)
log "bar at $BX,$BY ${BW}x$BH"
has_line() { [ -s "$stream" ]; }
need "pomobar's first line reached polybar" wait_for 10 "first line" has_line

# last_line: the last line polybar read; frame_text: that line without its tags.
last_line() { tail -n 1 "$stream"; }
frame_text() { last_line | sed -E 's/%\{[^}]*\}//g'; }

# --- the line's tags: colour, then one action per button running this binary's ctl
line=$(last_line)
bin=$(readlink -f "$E2E_BIN")
log "line: $line"
expect "line is coloured %{F#8b8d98}...%{F-} while idle (got: $line)" \
  grep -qiE "^%\\{F$GREY\\}.*%\\{F-\\}\$" <<<"$line"
for pair in 1:toggle 2:stop 3:skip 4:extend 5:shorten; do
  expect "button ${pair%%:*} runs '$bin' ctl ${pair#*:}" \
    grep -qF "%{A${pair%%:*}:'$bin' ctl ${pair#*:}:}" <<<"$line"
done
expect "five actions closed (got $(grep -o '%{A}' <<<"$line" | wc -l))" test "$(grep -o '%{A}' <<<"$line" | wc -l)" -eq 5

region=("$BX" "$BY" "$BW" "$BH")
# click_block BUTTON NAME: find the module's pixels again and click its middle.
click_block() {
  local b=$1 name=$2 shot box
  shot=$(shot_x "before-$name")
  box=$(find_block "$shot" "${region[@]}" "$TOMATO" "$GREEN" "$GREY") || { log "no module pixels before $name"; return 1; }
  read -r _ x0 _ x1 _ _ <<<"$box"
  log "click $b at x=$(((x0 + x1) / 2)) (module $x0..$x1) for $name"
  x_click "$(((x0 + x1) / 2))" "$((BY + BH / 2))" "$b"
}
block_shows() { local s; s=$(shot_x "$2"); has_colour "$s" "$1" 15 "${region[@]}"; }

# --- idle: "Ready", grey
s=$(shot_x 01-idle)
expect "idle line says Ready (got: $(frame_text))" frame_has Ready
expect "idle module is drawn in grey" has_colour "$s" "$GREY" 15 "${region[@]}"
expect "no tomato while idle" lacks_colour "$s" "$TOMATO" "${region[@]}"

# --- left click: focus, tomato, counting down
need "left click reached the bar" click_block 1 start
expect "left click starts focus (line says Focus)" wait_for 3 "Focus line" frame_has Focus
expect "focus is drawn in tomato" wait_for 3 "tomato pixels" block_shows "$TOMATO" 02-focus
expect "status says focus" phase_is focus
t1=$(text_seconds "$(frame_text)")
sleep 2.1
t2=$(text_seconds "$(frame_text)")
log "countdown: $t1 -> $t2"
expect "lines count down (got $t1 then $t2 two seconds later)" test -n "$t1" -a -n "$t2" -a "${t2:-0}" -lt "${t1:-0}"

# --- scroll up: one minute more; scroll down: one minute less
expect_scroll_minute 4 5

# --- right click: skip to the short break, green
expect_right_click_skips 3 03-short-break
# --- editing the config redraws the line with the new click map
cat "$E2E_OUT/config.toml" - >"$XDG_CONFIG_HOME/pomobar/config.toml" <<'TOML'
[clicks]
middle = "none"
scroll-up = "extend 5m"
TOML
new_map() { last_line | grep -qF "%{A4:'$bin' ctl extend 5m:}" && ! last_line | grep -qF "%{A2:"; }
expect "after a config edit the line's actions follow the new [clicks]" wait_for 3 "new click map" new_map
no_polybar_errors() { ! grep -qiE 'error|invalid' "$E2E_OUT/polybar.log"; }
expect "polybar logged no tag errors" no_polybar_errors

finish
