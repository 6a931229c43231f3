#!/usr/bin/env bash
# i3blocks: i3 under Xvfb, i3bar running `i3blocks -c contrib/i3blocks/config`
# (as it ships: a polled block, interval=1, format=json). i3blocks 1.4 runs the
# block's command again for each click with BLOCK_BUTTON set, and
# `pomobar status --format i3blocks` applies the click map before it prints.
# Real xdotool clicks: left starts focus (tomato), right skips (green).
# i3blocks runs with -vv, its log in i3blocks.log: each click it parsed, each
# command it ran (a click that comes while the command runs is dropped).
source "$(dirname "$0")/../lib.sh"

command -v i3blocks >/dev/null || skip "i3blocks is not installed"
setup_pomobar
start_xvfb 1280x200
contrib_copy i3blocks/config "$E2E_TMP/i3blocks.conf"
printf 'bar {\n    status_command i3blocks -vv -c %s 2>>%s\n}\n' "$E2E_TMP/i3blocks.conf" "$E2E_OUT/i3blocks.log" >"$E2E_TMP/bar.conf"
i3_config "$E2E_TMP/i3.conf" "$E2E_TMP/bar.conf"
start_i3 "$E2E_TMP/i3.conf"

# --- the block's output, as i3blocks reads it
out=$(cd "$E2E_TMP" && sh -c "$(sed -n 's/^command=//p' "$E2E_TMP/i3blocks.conf")")
expect "block prints one JSON object with full_text, short_text, color, urgent (got: $out)" \
  jq -e 'has("full_text") and has("short_text") and (.color | test("^#[0-9A-Fa-f]{6}$")) and .urgent == false' <<<"$out" >/dev/null
no_escaped_quote() { [[ $1 != *'\"'* ]]; }
expect "block text has no escaped quote (i3blocks 1.4 cuts the text at one)" no_escaped_quote "$out"

bar_mapped() { [ -n "$(bar_windows)" ]; }
need "i3bar window is mapped" wait_for 10 "i3bar window" bar_mapped
read -r _ BX BY BW BH < <(bar_windows | tail -n 1)
log "bar at $BX,$BY ${BW}x$BH"
region=("$((BX + BW / 3))" "$BY" "$((BW - BW / 3))" "$BH")
block_shows() { local s; s=$(shot_x "$2"); has_colour "$s" "$1" 15 "${region[@]}"; }
need "the block is drawn in grey (idle)" wait_for 5 "grey block" block_shows "$GREY" 01-idle
s="$E2E_OUT/01-idle.png"
expect "no tomato while idle" lacks_colour "$s" "$TOMATO" "${region[@]}"
expect "status says idle" phase_is idle

# click_block BUTTON NAME: find the block's pixels again and click its middle.
click_block() {
  local b=$1 name=$2 shot box
  shot=$(shot_x "before-$name")
  box=$(find_block "$shot" "${region[@]}" "$TOMATO" "$GREEN" "$GREY") || { log "no block pixels before $name"; return 1; }
  read -r _ x0 _ x1 _ _ <<<"$box"
  log "click $b at x=$(((x0 + x1) / 2)) (block $x0..$x1) for $name"
  x_click "$(((x0 + x1) / 2))" "$((BY + BH / 2))" "$b"
}
# click_for BUTTON NAME PHASE: click the block, wait up to 5 s for PHASE. A click is
# repeated once, and only when i3blocks' log shows it was lost before pomobar: i3blocks
# 1.4 drops a click that comes while the block's command runs ("process already
# spawned"), and an X click that never reached i3bar leaves no "parsed click" line.
# When i3blocks did run the command for the click, its log's tail goes to log.txt.
ilog="$E2E_OUT/i3blocks.log"
dropped() { grep -c "process already spawned" "$ilog" 2>/dev/null || true; }
parsed() { grep -c "parsed click: name=pomobar .*button=$1 " "$ilog" 2>/dev/null || true; }
click_for() {
  local b=$1 name=$2 phase=$3 drops seen
  drops=$(dropped) seen=$(parsed "$b")
  click_block "$b" "$name" || return 1
  wait_for 5 "$phase" phase_is "$phase" && return 0
  if [ "$(dropped)" -gt "$drops" ]; then
    note "i3blocks dropped the $name click (its command was running); clicked again"
  elif [ "$(parsed "$b")" -eq "$seen" ]; then
    note "the $name click never reached i3blocks (no \"parsed click\" line); clicked again"
  else
    log "i3blocks parsed the $name click and ran the command; its log's last lines:"
    grep -v setup_signals "$ilog" | tail -n 25 | sed 's/^/    /' >&2
    log "status: $(pb status --format json 2>&1 | head -c 400)"
    return 1
  fi
  click_block "$b" "$name-again" && wait_for 5 "$phase" phase_is "$phase"
}
remaining() { pb status --format json 2>/dev/null | jq -r '.remaining'; }

# --- left click: i3blocks re-runs the command with BLOCK_BUTTON=1: focus, tomato
need "left click starts focus" click_for 1 start focus
expect "focus is drawn in tomato within 2 s" wait_for 2 "tomato pixels" block_shows "$TOMATO" 02-focus
r1=$(remaining)
sleep 2.1
r2=$(remaining)
log "countdown: $r1 -> $r2"
expect "the timer counts down (got $r1 then $r2 two seconds later)" test -n "$r1" -a -n "$r2" -a "${r2:-0}" -lt "${r1:-0}"
s=$(shot_x 03-focus-later)
expect "the block stays tomato while focus runs" has_colour "$s" "$TOMATO" 15 "${region[@]}"

# --- right click: skip to the short break, green
expect "right click skips to the short break" click_for 3 skip short-break
expect "short break is drawn in green within 2 s" wait_for 2 "green pixels" block_shows "$GREEN" 04-short-break

# i3bar prints "Error: status_command process exited unexpectedly" in red (#FF0000).
expect "i3blocks is still running (no i3bar error message)" lacks_colour "$E2E_OUT/04-short-break.png" '#FF0000' "${region[@]}"

finish
