#!/usr/bin/env bash
# tasks-todotxt: [tasks] source = "todo.txt" on a file kept with todotxt-cli 2.11
# (`todo-txt add`, `pri`, `do`), picked with dmenu under Xvfb driven by xdotool: the list
# has (A) first and no done line; the chosen task and its +project are set; a focus on it
# writes `pomo:1 spent:1m` back to its line once, a second (shorter) focus adds to the same
# line, which `todo-txt ls` still reads (the priority and +project intact).
source "$(dirname "$0")/../lib.sh"

command -v todo-txt >/dev/null || skip "todotxt-cli is not installed"
command -v dmenu >/dev/null || skip "dmenu (suckless-tools) is not installed"
command -v jq >/dev/null || skip "jq is not installed"
setup_pomobar "[timer]
focus = \"75s\"
short-break = \"10m\"

[tasks]
source = \"todo.txt\"
file = \"~/todo/todo.txt\"
picker = \"dmenu -l 10 -p task\""
mkdir -p "$HOME/.todo" "$HOME/todo"
cat >"$HOME/.todo/config" <<CONF
export TODO_DIR="$HOME/todo"
export TODO_FILE="\$TODO_DIR/todo.txt"
export DONE_FILE="\$TODO_DIR/done.txt"
export REPORT_FILE="\$TODO_DIR/report.txt"
CONF
td() { timeout 10 todo-txt -p "$@"; }
td add "call mum @phone" >/dev/null
td add "write the report +acme @desk" >/dev/null
td add "file taxes +home" >/dev/null
td pri 2 A >/dev/null
td do 3 >/dev/null # done: todo-txt moves it to done.txt
printf 'x 2026-11-01 an old done line +home\n' >>"$HOME/todo/todo.txt"
cp "$HOME/todo/todo.txt" "$E2E_OUT/todo-before.txt"

start_xvfb 1024x600
spawn bar "$E2E_BIN" --format waybar # a running copy ends each focus on time
dmenu_up() { timeout 2 xdotool search --onlyvisible --class dmenu >/dev/null 2>&1; }
# The list dmenu got: a stand-in records it, then dmenu runs on it.
cat >"$E2E_TMP/bin-dmenu" <<'SH'
#!/bin/sh
tee "$LIST" | exec dmenu "$@"
SH
chmod 755 "$E2E_TMP/bin-dmenu"
export LIST="$E2E_TMP/list.txt"
sed -i "s#^picker = \"dmenu #picker = \"$E2E_TMP/bin-dmenu #" "$XDG_CONFIG_HOME/pomobar/config.toml"

timeout 30 "$E2E_BIN" ctl task >>"$E2E_OUT/ctl-task.log" 2>&1 &
ctl=$!
need "dmenu opens" wait_for 10 "dmenu's window" dmenu_up
cp "$LIST" "$E2E_OUT/list.txt"
expect "(A) first, then the others; no done line" test "$(cat "$LIST")" = "(A) @desk  write the report  +acme
@phone  call mum"
timeout 5 xdotool type --delay 20 "report"
timeout 5 xdotool key Return
expect "ctl task exits 0" wait "$ctl"
status=$(pb status --format json)
expect "the chosen task is the task" test "$(jq -r .task.title <<<"$status")" = "write the report"
expect "its +project is the project" test "$(jq -r .project <<<"$status")" = acme

line() { grep -F "write the report" "$HOME/todo/todo.txt"; }
written() { grep -F 'write the report' "$HOME/todo/todo.txt" | grep -q "pomo:$1 "; }
# A 75 s focus started 72 s ago: it ends in 3 s, 1 min of it.
pb ctl start --ago 72s >/dev/null || fail_now "ctl start --ago failed"
expect "the focus end writes its minutes to the line" wait_for 10 "pomo:1 on the line" written 1
expect "the line keeps its priority and project, with pomo:1 spent:1m" test "$(line)" = "(A) write the report +acme @desk pomo:1 spent:1m"
# A second focus, of 2 s: less than a minute, one more completed.
sed -i 's/^focus = "75s"/focus = "2s"/' "$XDG_CONFIG_HOME/pomobar/config.toml"
pb ctl stop >/dev/null
pb ctl start >/dev/null || fail_now "ctl start failed"
expect "a second focus adds to the same line" wait_for 10 "pomo:2 on the line" written 2
expect "pomo:2 spent:1m" test "$(line)" = "(A) write the report +acme @desk pomo:2 spent:1m"
expect "one line for the task" test "$(grep -cF 'write the report' "$HOME/todo/todo.txt")" -eq 1
td ls >"$E2E_OUT/todo-ls.txt"
expect "todo-txt still reads it" grep -q "(A) .*write the report +acme @desk pomo:2 spent:1m" "$E2E_OUT/todo-ls.txt"
cp "$HOME/todo/todo.txt" "$E2E_OUT/todo-after.txt"
cp "$XDG_STATE_HOME/pomobar/hooks.log" "$E2E_OUT/hooks.log" 2>/dev/null
finish
