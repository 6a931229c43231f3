#!/usr/bin/env bash
# tmux: contrib/tmux/pomobar.tmux.conf in a real tmux server. A status line is
# only drawn for an attached client, so a second ("outer") tmux runs a client
# of the inner one in its pane; capture-pane -e of that pane is the inner
# status line as a terminal shows it, colours included.
source "$(dirname "$0")/../lib.sh"

setup_pomobar
export TERM=xterm-256color
inner="$E2E_TMP/inner.sock"
outer="$E2E_TMP/outer.sock"
contrib_copy tmux/pomobar.tmux.conf "$E2E_TMP/pomobar.tmux.conf"
{
  echo 'set -g default-terminal tmux-256color'
  echo "set -as terminal-overrides ',*:RGB'" # let the inner server send #rrggbb as is
  echo "source-file $E2E_TMP/pomobar.tmux.conf"
} >"$E2E_TMP/tmux.conf"
cp "$E2E_TMP/tmux.conf" "$E2E_OUT/tmux.conf"

need "inner tmux server started" timeout 5 tmux -S "$inner" -f "$E2E_TMP/tmux.conf" new-session -d -s pomo -x 120 -y 8
need "outer tmux attached a client" timeout 5 tmux -S "$outer" -f /dev/null new-session -d -s view -x 120 -y 8 \
  "env -u TMUX tmux -S '$inner' attach -t pomo"

# status_line: the last row of the outer pane, with SGR escapes.
status_line() { timeout 5 tmux -S "$outer" capture-pane -p -e -t view 2>/dev/null | sed -n '$p'; }
status_plain() { timeout 5 tmux -S "$outer" capture-pane -p -t view 2>/dev/null | sed -n '$p'; }
line_has() { status_plain | grep -q -- "$1"; }
line_rgb() { status_line | grep -q -- "38;2;$1"; }
snap() { { status_line; status_plain; } >"$E2E_OUT/$1.txt"; }
rgb() { printf '%d;%d;%d' "0x${1:1:2}" "0x${1:3:2}" "0x${1:5:2}"; }

expect "tmux format output is #[fg=...]...#[default] (got: $(pb status --format tmux))" \
  sh -c '"$0" status --format tmux | grep -qE "^#\[fg=#[0-9A-Fa-f]{6}\].*#\[default\]"' "$E2E_BIN"
expect "status line shows Ready" wait_for 4 "Ready in the status line" line_has Ready
expect "idle text is grey $GREY" wait_for 2 "grey" line_rgb "$(rgb "$GREY")"
snap 01-idle

pb ctl start >>"$E2E_OUT/ctl.log" 2>&1
expect "after ctl start the status line shows Focus (status-interval 1)" wait_for 4 "Focus in the status line" line_has Focus
expect "focus text is tomato $TOMATO" wait_for 2 "tomato" line_rgb "$(rgb "$TOMATO")"
snap 02-focus
a=$(text_seconds "$(status_plain | grep -oE 'Focus [0-9:]+')")
sleep 2.2
b=$(text_seconds "$(status_plain | grep -oE 'Focus [0-9:]+')")
log "status line countdown: $a -> $b"
expect "status line counts down ($a then $b)" test -n "$a" -a -n "$b" -a "${b:-0}" -lt "${a:-0}"

# The key binding from the contrib file: prefix + P toggles (pauses).
timeout 5 tmux -S "$outer" send-keys -t view C-b P
expect "prefix + P pauses (binding from contrib)" wait_for 4 "Focus paused" line_has "Focus paused"
expect "status says paused" sh -c '"$0" status --format json | jq -e ".paused == true or (.phase | test(\"pause\"))" >/dev/null' "$E2E_BIN"
snap 03-paused

finish
