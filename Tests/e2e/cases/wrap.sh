#!/usr/bin/env bash
# wrap: `pomobar --wrap` in a real i3bar. Two bars under i3 (Xvfb):
#  - bottom: contrib/i3/config's `status_command pomobar --wrap i3status` line as it
#    ships, with Debian's stock /etc/i3status.conf (no output_format: i3status, whose
#    parent is not i3bar, would fall back to plain text). i3status's blocks come through
#    as i3bar JSON, its clock (drawn in the bar's statusline colour, cyan here) and
#    pomobar's grey block both render; a real click on pomobar's block starts focus; a
#    real click on the clock does not touch the timer (i3status asks for no clicks).
#  - top: a tiny script child that asks for clicks and logs its stdin: a real click on
#    its block reaches it, as i3bar wrote it, and not pomobar.
source "$(dirname "$0")/../lib.sh"

command -v i3status >/dev/null || skip "i3status is not installed (.ci/e2e-deps.sh)"
CYAN='#00FFFF'
PROBE='#FFCC00'
lacks_line() { ! grep -q -- "$1" "$2"; }
setup_pomobar '[timer]
focus = "25m"

[notifications]
enabled = false'

line=$(grep -E '^#? *status_command pomobar --wrap i3status$' "$E2E_ROOT/contrib/i3/config" | head -n 1)
need "contrib/i3/config shows status_command pomobar --wrap i3status" test -n "$line"

# i3status finds no config of the user's (HOME and XDG_CONFIG_HOME are the case's own)
# and reads Debian's stock one, which leaves output_format to its auto-detection.
stock=/etc/i3status.conf
need "Debian's stock $stock is there" test -f "$stock"
need "$stock leaves output_format out" lacks_line output_format "$stock"
cp "$stock" "$E2E_OUT/"
cat >"$E2E_TMP/probe.sh" <<PROBE
#!/bin/bash
# A status command that wants clicks and logs every byte of its stdin.
cat <&0 >>'$E2E_TMP/probe-clicks.log' &
echo '{"version":1,"click_events":true}'
echo '['
echo '[{"name":"probe","instance":"p1","full_text":"PROBE BLOCK","color":"$PROBE"}]'
while sleep 5; do echo ',[{"name":"probe","instance":"p1","full_text":"PROBE BLOCK","color":"$PROBE"}]'; done
PROBE
chmod 755 "$E2E_TMP/probe.sh"
: >"$E2E_TMP/probe-clicks.log"

start_xvfb 1280x200
wrapper=$(stream_wrapper bar)
probe_wrapper=$(stream_wrapper probe)
# The contrib line as it ships, with the binary under test.
bottom=$(sed -E "s#^\# *##; s#pomobar --wrap i3status#$wrapper --format i3bar --wrap i3status#" <<<"$line")
cat >"$E2E_TMP/bars.conf" <<BARS
bar {
    position bottom
    $bottom
    colors {
        statusline $CYAN
    }
}
bar {
    position top
    status_command $probe_wrapper --format i3bar --wrap $E2E_TMP/probe.sh
}
BARS
cp "$E2E_TMP/bars.conf" "$E2E_OUT/bars.conf"
i3_config "$E2E_TMP/i3.conf" "$E2E_TMP/bars.conf"
start_i3 "$E2E_TMP/i3.conf"
two_bars() { [ "$(bar_windows | wc -l)" -ge 2 ]; }
need "two i3bar windows are mapped" wait_for 10 "two bars" two_bars
read -r _ TX TY TW TH < <(bar_windows | head -n 1)
read -r _ BX BY BW BH < <(bar_windows | tail -n 1)
log "top bar at $TX,$TY ${TW}x$TH; bottom bar at $BX,$BY ${BW}x$BH"
# The bottom bar past its workspace button: i3status's stock blocks take most of it.
region=("$((BX + 40))" "$BY" "$((BW - 40))" "$BH")
top_region=("$((TX + TW / 3))" "$TY" "$((TW - TW / 3))" "$TH")
stream="$E2E_TMP/bar.stream"
pstream="$E2E_TMP/probe.stream"

# --- the bottom bar: i3status's blocks, as i3bar JSON, and pomobar's block in one line
names() { last_frame "$1" | jq -r '[.[] | .name] | join(",")' 2>/dev/null; }
# The stock order: ipv6, wireless, ethernet, battery, disk, load, memory, tztime.
merged() { [[ "$(names "$stream")" =~ ^pomobar,ipv6,wireless,.*,tztime$ ]]; }
expect "the status line holds pomobar's block, then i3status's own blocks (got: $(names "$stream"))" \
  wait_for 10 "merged line" merged
log "names: $(names "$stream")"
expect "no ⚠: pomobar could use all i3status wrote" lacks_line '⚠' "$stream"
coloured() { last_frame "$stream" | jq -e '[.[] | .color] | any(. == "#00FF00" or . == "#FF0000")' >/dev/null; }
expect "i3status's colours come through (colors = true: a green or red block)" coloured
header=$(head -n 1 "$stream")
expect "the merged header keeps pomobar's click_events and stop/cont signals (got: $header)" \
  jq -e '.click_events == true and .stop_signal == 23 and .cont_signal == 18' <<<"$header" >/dev/null
clock() { last_frame "$stream" | jq -r '.[] | select(.name == "tztime") | .full_text'; }
c1=$(clock)
ticked() { [ "$(clock)" != "$c1" ]; }
# The stock interval is 5 s.
expect "i3status's clock ticks through pomobar ($c1 -> ...)" wait_for 12 "the clock to tick" ticked
log "clock: $c1 -> $(clock)"
frame_text() { block_field "$stream" full_text; }
block_shows() { local s; s=$(shot_x "$2"); has_colour "$s" "$1" 15 "${region[@]}"; }
s=$(shot_x 01-merged)
expect "i3status's clock is drawn (cyan statusline colour)" has_colour "$s" "$CYAN" 30 "${region[@]}"
expect "pomobar's block is drawn (grey)" has_colour "$s" "$GREY" 15 "${region[@]}"
expect "the probe's block is drawn in the top bar" has_colour "$s" "$PROBE" 30 "${top_region[@]}"
read -r _ gx0 _ gx1 _ < <(colour_box "$s" "$GREY" "${region[@]}")
read -r _ cx0 _ cx1 _ < <(colour_box "$s" "$CYAN" "${region[@]}")
log "pomobar block x $gx0..$gx1, clock x $cx0..$cx1"
expect "pomobar's block is left of the clock (position first)" test "${gx1:--1}" -lt "${cx0:--1}"

# --- real clicks: pomobar's block starts focus; the clock's click does not touch the timer
click_block() {
  local b=$1 name=$2 shot box
  shot=$(shot_x "before-$name")
  box=$(find_block "$shot" "${region[@]}" "$TOMATO" "$GREY") || { log "no block pixels before $name"; return 1; }
  read -r _ x0 _ x1 _ _ <<<"$box"
  x_click "$(((x0 + x1) / 2))" "$((BY + BH / 2))" "$b"
}
need "left click on pomobar's block" click_block 1 start
expect "the click reached pomobar: focus" wait_for 3 "Focus frame" frame_has Focus
expect "focus is drawn in tomato" wait_for 3 "tomato pixels" block_shows "$TOMATO" 02-focus
s=$(shot_x before-clock-click)
read -r _ cx0 _ cx1 _ < <(colour_box "$s" "$CYAN" "${region[@]}")
need "the clock is on screen" test "${cx0:--1}" -ge 0
x_click "$((cx1 - 30))" "$((BY + BH / 2))" 1  # the clock: the rightmost block
sleep 1
expect "a click on i3status's clock leaves the timer running (not paused)" phase_is focus
expect "still 'Focus', not 'Focus paused'" frame_has "Focus [0-9]"

# --- the top bar: a click on the script's block reaches the script, as i3bar wrote it
s=$(shot_x 03-before-probe-click)
read -r _ px0 _ px1 _ < <(colour_box "$s" "$PROBE" "${top_region[@]}")
need "the probe's block is on screen" test "${px0:--1}" -ge 0
x_click "$(((px0 + px1) / 2))" "$((TY + TH / 2))" 3
probe_got() { grep -q '"name":"probe"' "$E2E_TMP/probe-clicks.log"; }
expect "the right click reached the script's stdin" wait_for 3 "probe click" probe_got
cp "$E2E_TMP/probe-clicks.log" "$E2E_OUT/"
first=$(head -n 1 "$E2E_TMP/probe-clicks.log")
event=$(sed -n 2p "$E2E_TMP/probe-clicks.log")
log "probe stdin: $(tr '\n' ' ' <"$E2E_TMP/probe-clicks.log")"
expect "the script's stdin opens the click array with [ (got: $first)" test "$first" = "["
expect "the event is i3bar's: name, instance, button 3 (got: $event)" \
  jq -e '.name == "probe" and .instance == "p1" and .button == 3 and (.x | type == "number")' <<<"$event" >/dev/null
expect "the probe's click did not touch the timer" phase_is focus
shot_x 04-after-clicks >/dev/null

# --- the bar hides: i3status (whose header names no stop signal) gets SIGSTOP from
# pomobar, which itself keeps running (its own SIGURG); shown again, SIGCONT.
i3s_pid=$(pgrep -f -- "^i3status -c /dev/stdin" | head -n 1)
pb_pid=$(pgrep -f -- "^$E2E_BIN --format i3bar --wrap i3status" | head -n 1)
log "i3status pid ${i3s_pid:-none}, its pomobar ${pb_pid:-none}"
need "i3status runs under pomobar" test -n "$i3s_pid" -a -n "$pb_pid"
state_of() { awk '{print $3}' "/proc/$1/stat" 2>/dev/null; }
stopped() { [ "$(state_of "$i3s_pid")" = T ]; }
running() { local s; s=$(state_of "$i3s_pid"); [ "$s" = S ] || [ "$s" = R ]; }
timeout 5 i3-msg bar mode hide >>"$E2E_OUT/i3-msg.log" 2>&1
expect "hidden bar: i3status is stopped (state T)" wait_for 5 "i3status stopped" stopped
sleep 0.5
expect "hidden bar: pomobar is not (state $(state_of "$pb_pid"), want S or R)" \
  test "$(state_of "$pb_pid")" = S -o "$(state_of "$pb_pid")" = R
timeout 5 i3-msg bar mode dock >>"$E2E_OUT/i3-msg.log" 2>&1
expect "shown again: i3status runs again (state S or R)" wait_for 5 "i3status running" running
c1=$(clock)
expect "shown again: the clock ticks ($c1 -> ...)" wait_for 12 "the clock to tick" ticked
finish
