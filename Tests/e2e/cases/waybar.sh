#!/usr/bin/env bash
# waybar: the custom/pomobar module from contrib/waybar/config.jsonc and
# contrib/waybar/style.css, on headless sway. Waybar sends the module no
# clicks: each click runs the module's on-click command. Real clicks go
# through the virtual pointer; one action runs the configured command string
# itself, as waybar would.
source "$(dirname "$0")/../lib.sh"

setup_pomobar
start_sway_waybar

need "the module printed its first line" wait_for 10 "first line" has_line
obj=$(last_obj)
expect "waybar line has text, alt, tooltip, class, percentage (got: $obj)" \
  jq -e 'has("text") and has("alt") and has("tooltip") and has("class") and (.percentage | type == "number")' <<<"$obj" >/dev/null
expect "idle line has class idle" class_has idle
expect "idle text says Ready" text_has Ready
expect "idle module drawn in grey (style.css)" wait_for 6 "grey pixels" bar_shows "$GREY" 01-idle
s="$E2E_OUT/01-idle.png"
expect "no tomato while idle" lacks_colour "$s" "$TOMATO" "${region[@]}"

if vpointer_works; then
  need "left click sent" click_module left start
  note "real clicks via virtual pointer"
else
  note "real clicks not tested: the virtual pointer did not connect; ran the on-click commands"
  need "on-click command ran" run_onclick on-click
fi
expect "on-click starts focus (status)" wait_for 3 "focus" phase_is focus pbu
expect "module line has class focus" wait_for 3 "class focus" class_has focus
expect "module text says Focus" text_has Focus
expect "focus drawn in tomato" wait_for 3 "tomato pixels" bar_shows "$TOMATO" 02-focus

if vpointer_works; then
  need "second left click sent" click_module left pause
  expect "second click pauses: class paused" wait_for 3 "class paused" class_has paused
  expect "paused drawn in grey" wait_for 3 "grey pixels" bar_shows "$GREY" 03-paused
  need "third left click sent" click_module left resume
  resumed() { class_has focus && ! class_has paused; }
  expect "third click resumes: class focus without paused" wait_for 3 "resumed" resumed

  # Scroll: waybar runs on-scroll-up / on-scroll-down (extend / shorten).
  remaining() { pbu status --format json | jq -r '.remaining'; }
  r0=$(remaining)
  need "scroll up sent" scroll_module up extend
  longer() { [ "$(remaining)" -gt "$((r0 + 30))" ]; }
  expect "scroll up runs on-scroll-up: one minute more" wait_for 3 "longer" longer
  r1=$(remaining)
  need "scroll down sent" scroll_module down shorten
  shorter() { [ "$(remaining)" -lt "$((r1 - 30))" ]; }
  expect "scroll down runs on-scroll-down: one minute less" wait_for 3 "shorter" shorter
  r2=$(remaining)
  log "remaining: $r0 -> $r1 -> $r2"
  expect "extend/shorten by a minute each ($r0 s -> $r1 s -> $r2 s)" \
    test "$((r1 - r0))" -ge 56 -a "$((r1 - r0))" -le 60 -a "$((r1 - r2))" -ge 59 -a "$((r1 - r2))" -le 64
fi

# on-click-right, as configured, run as waybar runs it.
need "on-click-right command ran" run_onclick on-click-right
expect "on-click-right skips to the short break (status)" wait_for 3 "short-break" phase_is short-break pbu
expect "module line has class short-break" wait_for 3 "class short-break" class_has short-break
expect "short break drawn in green" wait_for 3 "green pixels" bar_shows "$GREEN" 04-short-break

if vpointer_works; then
  need "middle click sent" click_module middle stop
else
  need "on-click-middle command ran" run_onclick on-click-middle
fi
expect "middle click stops (status idle)" wait_for 3 "idle" phase_is idle pbu
expect "module line has class idle again" wait_for 3 "class idle" class_has idle
expect "idle again in grey" wait_for 3 "grey pixels" bar_shows "$GREY" 05-stopped

finish
