#!/usr/bin/env bash
# tasks-taskwarrior: [tasks] source = "taskwarrior" with taskwarrior 2.6 and the picker
# found by itself (rofi 1.7, under Xvfb), driven by xdotool: `pomobar ctl task` lists the
# pending tasks most urgent first, the one typed and chosen becomes the task (and its
# project the project) on a running bar; a focus on it starts and stops the task in
# taskwarrior and annotates it (`task ID info`); the record carries the task and
# `report --by task` sums it; the contrib
# hook started by a real `task ID start` starts pomobar's focus on that task, `task ID
# stop` stops it. The task's `estimate` (a duration UDA) shows as progress, counting
# another machine's focus on it from the synced history: `{task-progress}`, `status
# --format json`'s `estimate` and `spent`. Measures the time from the choice (the Return key) to the bar's line
# showing the task, p50/p99 over 20 picks.
source "$(dirname "$0")/../lib.sh"

command -v task >/dev/null || skip "taskwarrior is not installed"
command -v rofi >/dev/null || skip "rofi is not installed"
command -v jq >/dev/null || skip "jq is not installed"
setup_pomobar '[timer]
focus = "75s"
short-break = "10m"

[format]
full = "{phase} {time} {task} {task-progress}"

[tasks]
source = "taskwarrior"'
export TASKRC="$HOME/.taskrc"
mkdir -p "$HOME/.task/hooks" "$E2E_TMP/bin"
printf 'data.location=%s\nconfirmation=no\nnews.version=2.6.2\nuda.estimate.type=duration\nuda.estimate.label=Estimate\n' \
  "$HOME/.task" >"$TASKRC"
tw() { timeout 10 task rc.verbose=nothing "$@"; }
tw add project:acme priority:H due:today estimate:2h write the report
tw add call Bob
tw add project:home tidy the desk
uuid() { tw _get "$1.uuid"; }
report=$(uuid 1) bob=$(uuid 2)
expect "taskwarrior exports the estimate as a duration" test "$(tw rc.json.array=on 1 export | jq -r '.[0].estimate')" = PT2H
# Another machine's 30 min focus on "write the report" yesterday (a task's time is of any
# day; `report` of today leaves it out), synced into the history folder.
history="$XDG_DATA_HOME/pomobar/history"
mkdir -p "$history"
day=$(date -u -d yesterday +%Y-%m-%d)
printf '{"id":"laptop.f.1","kind":"focus","start":"%sT00:10:00+00:00","end":"%sT00:40:00+00:00","seconds":1800,"project":"acme","outcome":"completed","internal":0,"external":0,"gap":0,"note":null,"task":{"title":"write the report","id":"%s","source":"taskwarrior","project":"acme","estimate":7200}}\n' \
  "$day" "$day" "$report" >"$history/${day:0:7}.laptop.jsonl"

start_xvfb 1024x600
w=$(stream_wrapper waybar)
spawn bar "$w" --format waybar
stream="$E2E_TMP/waybar.stream"
need "the bar's first line" wait_for 5 "a frame" test -s "$stream"

rofi_up() { timeout 2 xdotool search --onlyvisible --class rofi >/dev/null 2>&1; }
rofi_gone() { ! rofi_up; }
# pick WORDS: `pomobar ctl task` in the background, WORDS typed into rofi, Return; prints
# the Return's time.
pick() {
  timeout 30 "$E2E_BIN" ctl task >>"$E2E_OUT/ctl-task.log" 2>&1 &
  local ctl=$!
  wait_for 10 "rofi's window" rofi_up || { kill "$ctl" 2>/dev/null; return 1; }
  # xdotool's own failure (a server it could not reach) is said, not taken for rofi's.
  timeout 5 xdotool type --delay 20 "$1" 2>>"$E2E_OUT/xdotool.log" ||
    { note "xdotool type failed: $? (xdotool.log)"; kill "$ctl" 2>/dev/null; return 1; }
  local at=$EPOCHREALTIME
  timeout 5 xdotool key Return 2>>"$E2E_OUT/xdotool.log" ||
    { note "xdotool key failed: $? (xdotool.log)"; kill "$ctl" 2>/dev/null; return 1; }
  wait "$ctl" || return 1
  echo "$at"
}
shows() { tail -n 1 "$stream" | jq -e --arg t "$1" '.text | contains($t)' >/dev/null 2>&1; }
tooltip_says() { tail -n 1 "$stream" | jq -e --arg t "$1" '.tooltip | split("\n") | index($t)' >/dev/null 2>&1; }
task_title() { pb status --format json | jq -r '.task.title // empty'; }

# The list rofi got: most urgent first, each with its id and project.
at=$(pick "report") || fail_now "picking with rofi failed (see ctl-task.log)"
expect "the task chosen in rofi is the task" test "$(task_title)" = "write the report"
expect "its project is the project" test "$(pb status --format json | jq -r .project)" = acme
expect "the bar shows the task" wait_for 5 "the task on the bar" shows "write the report"
expect "and its progress, the other machine's focus counted" wait_for 5 "the progress" shows "write the report 0:30 of 2h"

# Cancel: Escape changes nothing.
before=$(cat "$XDG_STATE_HOME/pomobar/state.json")
timeout 30 "$E2E_BIN" ctl task >>"$E2E_OUT/ctl-task.log" 2>&1 &
ctl=$!
need "rofi opens again" wait_for 10 "rofi's window" rofi_up
timeout 5 xdotool key Escape
expect "a cancelled pick exits 0" wait "$ctl"
expect "a cancelled pick changes nothing" test "$before" = "$(cat "$XDG_STATE_HOME/pomobar/state.json")"

# Latency: the Return key to the bar's line with the task, over 20 picks.
: >"$E2E_OUT/latency.txt"
for i in $(seq 20); do
  if ((i % 2)); then word=Bob title="call Bob"; else word=report title="write the report"; fi
  at=$(pick "$word") || { note "pick $i failed"; continue; }
  wait_for 5 "the bar shows $title" shows "$title" || continue
  shown=$(awk -v t="$title" 'index($0, t) { v = $1 } END { print v }' "$stream.ts")
  awk -v a="$at" -v b="$shown" 'BEGIN { printf "%.1f\n", (b - a) * 1000 }' >>"$E2E_OUT/latency.txt"
done
lat=$(sort -n "$E2E_OUT/latency.txt" | awk '{ v[NR] = $1 } END { if (NR) printf "p50 %s ms, p99 %s ms (n=%d)", v[int((NR + 1) / 2)], v[NR - int(NR / 100)], NR }')
note "choice to bar: $lat"
expect "20 picks measured" test "$(wc -l <"$E2E_OUT/latency.txt")" -eq 20

# A focus on "write the report" (75 s, started 72 s ago: it ends in 3 s, 1 min of it).
at=$(pick "report") || fail_now "picking with rofi failed"
pb ctl start --ago 72s >/dev/null || fail_now "ctl start --ago failed"
active() { [ -n "$(tw _get "$report.start")" ]; }
expect "the focus start starts the task in taskwarrior" wait_for 5 "task start" active
inactive() { ! active; }
expect "the focus end stops it" wait_for 10 "task stop" inactive
annotated() { tw _get "$report.annotations.1.description" | grep -q "pomobar: focus completed, 1 min"; }
expect "the focus is annotated" wait_for 5 "the annotation" annotated
tw 1 info >"$E2E_OUT/task-info.txt" 2>&1
expect "task info shows the start, the stop and the annotation" sh -c "grep -q 'Start deleted' '$E2E_OUT/task-info.txt' && grep -q 'pomobar: focus completed, 1 min' '$E2E_OUT/task-info.txt'"
pb export --format json >"$E2E_OUT/export.json"
expect "the focus record carries the task" sh -c "jq -e --arg u '$report' '[.. | objects | select(.task? and .task.id == \$u)] | length > 0' '$E2E_OUT/export.json' >/dev/null"
pb report --by task --json >"$E2E_OUT/report.json"
expect "report --by task sums the focus on it" test "$(jq -r '.tasks[] | select(.title == "write the report") | "\(.focus) \(.completed)"' "$E2E_OUT/report.json")" = "75 1"
expect "the bar's progress adds the focus" wait_for 5 "the progress" tooltip_says "Task: write the report, 0:31 of 2h"
expect "status --format json has the estimate and the time spent" \
  test "$(pb status --format json | jq -r '"\(.task.estimate) \(.task.spent)"')" = "7200 1875"

# A task picked while a focus runs is started in taskwarrior for that focus, and the one
# the focus had is stopped there (once each: the write-back is the transaction's effect).
pb ctl stop >/dev/null
pb ctl start >/dev/null || fail_now "ctl start failed"
expect "a focus on the report starts it" wait_for 5 "task start" active
bob_active() { [ -n "$(tw _get "$bob.start")" ]; }
bob_inactive() { ! bob_active; }
pick "Bob" >/dev/null || fail_now "picking with rofi failed"
expect "Bob, picked during the focus, is started in taskwarrior" wait_for 5 "task 2 start" bob_active
expect "and the report, which the focus had, is stopped" wait_for 5 "task 1 stop" inactive
pb ctl stop >/dev/null
expect "the focus's end stops Bob" wait_for 5 "task 2 stop" bob_inactive
# Two focus starts, two ends and the pick's release and start: six write-backs, each once.
write_backs() { grep -c 'task-write-back: exit 0' "$XDG_STATE_HOME/pomobar/hooks.log"; }
expect "six write-backs ran" wait_for 5 "the sixth write-back" sh -c "test \"\$(grep -c 'task-write-back: exit 0' '$XDG_STATE_HOME/pomobar/hooks.log')\" -ge 6"
expect "each once" test "$(write_backs)" -eq 6

# The contrib hook: `task 2 start` starts pomobar's focus on "call Bob", `task 2 stop` stops it.
ln -sf "$E2E_BIN" "$E2E_TMP/bin/pomobar"
export PATH="$E2E_TMP/bin:$PATH"
install -m 755 "$E2E_ROOT/contrib/taskwarrior/on-modify.pomobar" "$HOME/.task/hooks/on-modify.pomobar"
timeout 10 task 2 start >"$E2E_OUT/task-start.txt" 2>&1
expect "task 2 start says pomobar's focus" grep -q "pomobar: focus on 'call Bob'" "$E2E_OUT/task-start.txt"
expect "and pomobar's focus runs on it" test "$(pb status --format json | jq -r '.phase + " " + (.task.title // "")')" = "focus call Bob"
expect "the task is still started in taskwarrior" test -n "$(tw _get "$bob.start")"
timeout 10 task 2 stop >"$E2E_OUT/task-stop.txt" 2>&1
expect "task 2 stop stops pomobar's focus" test "$(pb status --format json | jq -r .phase)" = idle
cp "$XDG_STATE_HOME/pomobar/hooks.log" "$E2E_OUT/hooks.log" 2>/dev/null
finish
