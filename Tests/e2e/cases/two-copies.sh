#!/usr/bin/env bash
# two-copies: two i3bar bars (contrib/i3/config's bar block twice), so two
# pomobar processes. One real click on one bar: both show the same phase, and
# the other copy re-renders within milliseconds (inotify). contrib's key
# bindings ($mod+Shift+p = skip, $mod+Ctrl+p = stop), pressed with xdotool,
# reach both as well.
source "$(dirname "$0")/../lib.sh"

setup_pomobar
start_xvfb 1280x200
wa=$(stream_wrapper barA)
wb=$(stream_wrapper barB)
contrib_copy i3/config "$E2E_TMP/pomobar-a.conf" "$wa"
# The second bar: the same bar block (not the key bindings again).
contrib_copy i3/config "$E2E_TMP/pomobar-b.full" "$wb"
sed -n '/^bar {/,/^}/p' "$E2E_TMP/pomobar-b.full" >"$E2E_TMP/pomobar-b.conf"
i3_config "$E2E_TMP/i3.conf" "$E2E_TMP/pomobar-a.conf" "$E2E_TMP/pomobar-b.conf"
start_i3 "$E2E_TMP/i3.conf"
sa="$E2E_TMP/barA.stream"
sb="$E2E_TMP/barB.stream"

two_bars() { [ "$(bar_windows | wc -l)" -ge 2 ]; }
need "two i3bar windows are mapped" wait_for 10 "two bars" two_bars
mapfile -t bars < <(bar_windows)
log "bars: ${bars[*]}"
both_framed() { [ -n "$(last_frame "$sa")" ] && [ -n "$(last_frame "$sb")" ]; }
need "both pomobar copies sent frames" wait_for 10 "frames from both" both_framed
expect "two pomobar processes run" test "$(pgrep -c -f -- "^$E2E_BIN --format i3bar")" -ge 2

# bar_region N: the status-line part of bar N (0 = upper).
bar_region() { local _w x y w h; read -r _w x y w h <<<"${bars[$1]}"; echo "$((x + w / 3)) $y $((w - w / 3)) $h"; }
both_show() {
  local s; s=$(shot_x "$2")
  has_colour "$s" "$1" 15 $(bar_region 0) && has_colour "$s" "$1" 15 $(bar_region 1)
}
frames_say() { block_field "$sa" full_text | grep -q -- "$1" && block_field "$sb" full_text | grep -q -- "$1"; }

expect "both bars idle in grey" wait_for 3 "grey in both" both_show "$GREY" 01-idle

# One real click on the lower bar's block.
s=$(shot_x before-click)
read -r _ x0 _ x1 _ _ < <(find_block "$s" $(bar_region 1) "$GREY" "$TOMATO" "$GREEN") || fail_now "no block in the lower bar"
read -r _ _ by _ bh <<<"${bars[1]}"
need "left click on the lower bar" x_click "$(((x0 + x1) / 2))" "$((by + bh / 2))" 1
expect "both copies print Focus" wait_for 3 "Focus in both streams" frames_say Focus
expect "both bars show focus in tomato" wait_for 3 "tomato in both" both_show "$TOMATO" 02-both-focus
ta=$(first_time "$sa.ts" Focus)
tb=$(first_time "$sb.ts" Focus)
lag=$(awk -v a="$ta" -v b="$tb" 'BEGIN { d = (a - b) * 1000; if (d < 0) d = -d; printf "%.1f", d }')
log "clicked bar printed Focus at $tb, the other at $ta: ${lag} ms apart"
note "other copy followed the click in ${lag} ms"
# The promise is 20 ms; the read times carry some scheduling noise of their own.
expect "the other copy followed within 50 ms (got ${lag} ms; the promise is 20 ms)" awk -v l="$lag" 'BEGIN { exit !(l <= 50) }'

# contrib's key binding $mod+Shift+p (skip), pressed for real: both follow.
timeout 5 xdotool key --clearmodifiers super+shift+p
expect "after \$mod+Shift+p (ctl skip) both copies print Short break" wait_for 3 "Short break in both" frames_say "Short break"
expect "both bars show the break in green" wait_for 3 "green in both" both_show "$GREEN" 03-both-break
timeout 5 xdotool key --clearmodifiers super+ctrl+p
expect "after \$mod+Ctrl+p (ctl stop) both copies print Ready" wait_for 3 "Ready in both" frames_say Ready

finish
