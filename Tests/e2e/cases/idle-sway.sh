#!/usr/bin/env bash
# idle-sway: `[idle] after` in a real waybar on headless sway 1.7. The compositor's own
# idle timer (org_kde_kwin_idle there), spoken by pomobar over the Wayland socket with no
# other program: no input for 2 s stops the work clock ("○ api", the interval ended at
# the last input), a virtual-pointer move starts it again ("● api") and brings the
# question on return (`[idle] ask-after = "1s"`: "away N s?", class `away-pending`),
# which `ctl away-was break` answers: a break in `log`.
source "$(dirname "$0")/../lib.sh"

setup_pomobar '[idle]
after = "2s"
ask-after = "1s"

[notifications]
enabled = false'
# The clock on api and input just before waybar starts: the clock runs as the module starts.
clock_and_input() {
  vpointer_works || skip "the virtual pointer did not connect: no input to give"
  pbu ctl project api --ago 1m >/dev/null  # a minute: no work record is under a second
  vpointer move 100 100
}
start_sway_waybar clock_and_input

running() { last_text | grep -q '● api'; }
away() { last_text | grep -q '○ api'; }
need "the module shows the running clock (got: $(last_text))" wait_for 10 "● api" running
expect "no input for 2 s: the clock stops, the block stays muted (got: $(last_text))" wait_for 6 "○ api" away
expect "status says the clock is stopped" test "$(pbu status --format json | jq -r '.work')" = null
vpointer move 300 120
expect "a pointer move starts it again (got: $(last_text))" wait_for 4 "● api" running
asking() { last_obj | jq -e '(.text | test("away [0-9]+ s\\?")) and (.class | index("away-pending"))' >/dev/null; }
expect "the module asks what the time away was (got: $(last_text))" wait_for 4 "away-pending" asking
pbu ctl away-was break >"$E2E_OUT/away-was.txt" 2>&1
expect "ctl away-was break answers it ($(cat "$E2E_OUT/away-was.txt"))" grep -q 'recorded as a break$' "$E2E_OUT/away-was.txt"
pbu log today >"$E2E_OUT/pomobar-log.txt" 2>&1
expect "the time away is a break in the history" grep -q 'away: recorded as a break' "$E2E_OUT/pomobar-log.txt"
records() { pbu log today 2>/dev/null | grep -c ' api'; }
expect "the away interval is in the history (got: $(pbu log today 2>/dev/null | tr '\n' '|'))" test "$(records)" -ge 1
expect "no idle problem on the module's stderr" sh -c "! grep -q 'idle:' '$E2E_OUT'/*.log 2>/dev/null"
finish
