#!/usr/bin/env bash
# i3bar: i3 under Xvfb with contrib/i3/config's bar block. Real xdotool clicks
# on the block: left starts, pauses and resumes, scroll extends and shortens,
# right skips, middle stops. Then the bar is hidden (`bar mode hide`) while a
# focus phase runs out: pomobar must keep timing (stop_signal SIGURG, not SIGSTOP).
source "$(dirname "$0")/../lib.sh"

setup_pomobar
start_i3bar
bar_hidden() { ! bar_mapped; }

# --- the protocol header, as i3bar read it
header=$(head -n 1 "$stream")
expect "header is i3bar v1 with click_events, stop_signal 23, cont_signal 18 (got: $header)" \
  jq -e '.version == 1 and .click_events == true and .stop_signal == 23 and .cont_signal == 18' <<<"$header" >/dev/null
expect "second line opens the endless array" test "$(sed -n 2p "$stream")" = "["
frame=$(last_frame "$stream")
expect "block has name pomobar, instance pomodoro, markup none (got: $frame)" \
  jq -e '.[0] | .name == "pomobar" and .instance == "pomodoro" and .markup == "none" and (.urgent == false) and (.short_text | type == "string")' <<<"$frame" >/dev/null

# click_block BUTTON NAME: find the block's pixels again and click its middle.
click_block() {
  local b=$1 name=$2 shot box
  shot=$(shot_x "before-$name")
  box=$(find_block "$shot" "${region[@]}" "$TOMATO" "$GREEN" "$GREY") || { log "no block pixels before $name"; return 1; }
  read -r _ x0 _ x1 _ _ <<<"$box"
  log "click $b at x=$(((x0 + x1) / 2)) (block $x0..$x1) for $name"
  x_click "$(((x0 + x1) / 2))" "$((BY + BH / 2))" "$b"
}
frame_text() { block_field "$stream" full_text; }
urgent_set() { [ "$(block_field "$stream" urgent)" = true ]; }
block_shows() { local s; s=$(shot_x "$2"); has_colour "$s" "$1" 15 "${region[@]}"; }

# --- idle: "Ready", grey
s=$(shot_x 01-idle)
expect "idle frame says Ready (got: $(frame_text))" frame_has Ready
expect "idle colour is grey $GREY (got: $(block_field "$stream" color))" test "$(block_field "$stream" color | tr a-f A-F)" = "$GREY"
expect "idle block is drawn in grey" has_colour "$s" "$GREY" 15 "${region[@]}"
expect "no tomato while idle" lacks_colour "$s" "$TOMATO" "${region[@]}"
expect "status says idle" phase_is idle
ring=$(frame_text | cut -c1-3 | od -An -tx1 | tr -d ' \n')
expect "text starts with a Braille ring glyph (U+28xx; got bytes $ring)" grep -qE '^e2a[0-3]' <<<"$ring"

# --- left click: focus, tomato, counting down
need "left click reached the bar" click_block 1 start
expect "left click starts focus (frame says Focus)" wait_for 3 "Focus frame" frame_has Focus
expect "focus is drawn in tomato" wait_for 3 "tomato pixels" block_shows "$TOMATO" 02-focus
expect "status says focus" phase_is focus
expect "focus colour field is $TOMATO" test "$(block_field "$stream" color | tr a-f A-F)" = "$TOMATO"
t1=$(text_seconds "$(frame_text)")
sleep 2.1
t2=$(text_seconds "$(frame_text)")
log "countdown: $t1 -> $t2"
expect "frames count down (got $t1 then $t2 two seconds later)" test -n "$t1" -a -n "$t2" -a "${t2:-0}" -lt "${t1:-0}"

# --- left click again: paused (grey, frozen); once more: resumed
need "click to pause" click_block 1 pause
expect "second left click pauses" wait_for 3 "Focus paused frame" frame_has "Focus paused"
expect "paused is drawn in grey" wait_for 3 "grey pixels" block_shows "$GREY" 03-paused
p1=$(text_seconds "$(frame_text)")
sleep 1.5
p2=$(text_seconds "$(frame_text)")
expect "paused time stands still ($p1 then $p2)" test "${p1:-x}" = "${p2:-y}"
need "click to resume" click_block 1 resume
expect "third left click resumes focus" wait_for 3 "Focus frame" frame_has "Focus [0-9]"

# --- scroll up: one minute more; scroll down: one minute less
expect_scroll_minute 4 5

# --- right click: skip to the short break, green
expect_right_click_skips 3 04-short-break
expect "break colour field is $GREEN" test "$(block_field "$stream" color | tr a-f A-F)" = "$GREEN"

# --- middle click: stop, back to idle
need "middle click on the block" click_block 2 stop
expect "middle click stops (Ready)" wait_for 3 "Ready frame" frame_has Ready
expect "idle again in grey" wait_for 3 "grey pixels" block_shows "$GREY" 05-stopped
expect "status says idle after stop" phase_is idle

# --- hidden bar: the phase still ends on time
need "click to start the timed focus" click_block 1 start-timed
need "focus started for the hidden-bar test" wait_for 3 "Focus frame" frame_has Focus
started=$(now_s)
remaining=$(text_seconds "$(frame_text)")
state_file="$XDG_STATE_HOME/pomobar/state.json"
pid=$(pgrep -o -f -- "^$E2E_BIN --format i3bar" || true)
log "bar's pomobar pid: ${pid:-none}; focus left: ${remaining}s"
timeout 5 i3-msg bar mode hide >>"$E2E_OUT/i3-msg.log" 2>&1
need "bar is hidden" wait_for 5 "bar unmapped" bar_hidden
shot_x 06-hidden >/dev/null
mtime_before=$(stat -c %.3Y "$state_file" 2>/dev/null || echo 0)
lines_hidden=$(wc -l <"$stream")
# No other pomobar may run now: only the bar's own copy can make the transition.
deadline=$(awk -v s="$started" -v r="${remaining:-12}" 'BEGIN { printf "%.2f", s + r }')
sleep "$(awk -v d="$deadline" -v n="$(now_s)" 'BEGIN { w = d - n + 1.6; print (w > 0 ? w : 0) }')"
if [ -n "$pid" ]; then
  st=$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)
  expect "pomobar was not frozen by the hidden bar (process state $st, want S or R)" test "$st" = S -o "$st" = R
fi
mtime=$(stat -c %.3Y "$state_file" 2>/dev/null || echo 0)
log "state.json mtime $mtime (was $mtime_before), focus deadline $deadline"
expect "the hidden bar's pomobar ended focus on time: state.json rewritten within 1.6 s of the deadline (mtime $mtime, deadline $deadline)" \
  awk -v m="$mtime" -v d="$deadline" 'BEGIN { exit !(m >= d - 1.5 && m <= d + 1.6) }'
lines_after=$(wc -l <"$stream")
log "frames printed while hidden: $((lines_after - lines_hidden))"
expect "status says focus-done after the deadline" phase_is focus-done
timeout 5 i3-msg bar mode dock >>"$E2E_OUT/i3-msg.log" 2>&1
need "bar is shown again" wait_for 5 "bar mapped" bar_mapped
expect "shown bar says Focus done" wait_for 3 "Focus done frame" frame_has "Focus done"
expect "the ended phase is flagged urgent" wait_for 3 "urgent" urgent_set
sleep 0.3
s=$(shot_x 07-shown-focus-done)
# i3bar draws an urgent block on its urgent colours (default background #900000).
expect "urgent block drawn with i3bar's urgent background" has_solid "$s" '#900000' 300 "${region[@]}"

# i3bar prints "Error: status_command process exited unexpectedly" in red (#FF0000).
expect "pomobar is still running (no i3bar error message)" lacks_colour "$s" '#FF0000' "${region[@]}"

finish
