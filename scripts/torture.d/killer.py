#!/usr/bin/env python3
"""killer.py: SIGKILL bar copies at phase deadlines, then count the effects.

  killer.py run --bin B --state STATE_JSON --hooks HOOK_LOG --notes NOTIFY_LOG
                --kills N [--copies 3] [--per-deadline 3] [--jitter-ms 5]
                [--stderr DIR] [--max-secs S] [--seed N]
  killer.py analyze --state STATE_JSON --hooks HOOK_LOG --notes NOTIFY_LOG [--kills N]

`run` starts COPIES `B --format i3bar` copies and `B ctl start`, then, for each
deadline in state.json (CLOCK_BOOTTIME nanoseconds, read with the same clock), picks
PER-DEADLINE copies and SIGKILLs each at the deadline plus a random offset in
[-JITTER, +JITTER] ms (a busy wait for the last milliseconds), and starts a replacement
right after the round. It stops after N kills (or MAX-SECS), ends the copies with
SIGTERM, waits for the effects to settle, and runs `analyze`.

The config must be: auto-advance "all", every phase a whole number of seconds, a hook
for every event that appends
    EVENT PHASE REASON SLOT COMPLETED PPID UPTIME      (REASON "-" when empty)
to HOOK_LOG, and a notification command that appends "PPID UPTIME ARGS..." to NOTIFY_LOG.

`analyze` derives what must have happened from the final state (N focus sessions
completed, the phase now running: with auto-advance "all" every phase runs out, in
order) and compares with the logs. For each event the COMPLETED values must be:
    focus-end completed   1..N                 break-start           1..N
    break-end completed   1..N (1..N-1 in a break)
    focus-start           0..N (0..N-1 in a break)
each exactly once. A value missing is a lost effect, one too many a doubled one; two
lines with one value written by the same pomobar within 50 ms are one transaction that
caught up several phases and labelled them all with its final count (a labelling bug,
not a double). Notifications are counted per kind ("Pomodoro complete", "Break over").
Prints KEY=VALUE lines, then a human summary on stderr.
"""

import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import boot_ns, copy_starter, end_copies, main, say  # noqa: E402
from common import read_json as read_state  # noqa: E402


# --------------------------------------------------------------------------- run

def run(o):
    binary = o["bin"]
    state = o["state"]
    kills_wanted = int(o["kills"])
    ncopies = int(o.get("copies", 3))
    per = min(int(o.get("per-deadline", 3)), ncopies)
    jitter = float(o.get("jitter-ms", 5)) * 1e6
    max_secs = float(o.get("max-secs", 600))
    errdir = o.get("stderr", "/tmp")
    rng = random.Random(int(o.get("seed", time.time_ns() & 0xFFFFFFFF)))

    start_copy = copy_starter(binary, errdir)

    copies = [start_copy() for _ in range(ncopies)]
    subprocess.run([binary, "ctl", "start"], timeout=10, stdout=subprocess.DEVNULL)
    t_start = time.monotonic()
    kills = 0
    rounds = 0
    stalls = 0
    offsets = []
    last_deadline = None
    problem = ""
    try:
        while kills < kills_wanted and time.monotonic() - t_start < max_secs:
            # The next deadline: wait (bounded) for the file to move past the last one.
            wait_until = time.monotonic() + 5
            deadline = None
            while time.monotonic() < wait_until:
                doc = read_state(state)
                t = (doc or {}).get("timer", {})
                if t.get("phase") == "running" and isinstance(t.get("deadline"), int) and (
                        last_deadline is None or t["deadline"] > last_deadline):
                    deadline = t["deadline"]
                    break
                time.sleep(0.002)
            if deadline is None:
                stalls += 1
                problem = "the state did not move past deadline %s within 5 s (phase %s)" % (
                    last_deadline, (doc or {}).get("timer", {}).get("phase"))
                say("killer: " + problem)
                if stalls >= 3:
                    break
                # A stall: restart every copy, as a user would, and go on.
                for p in copies:
                    p.kill()
                    p.wait()
                copies = [start_copy() for _ in range(ncopies)]
                continue
            if deadline - boot_ns() > 10e9:
                problem = "deadline %.1f s away: is the config's phase longer than 2 s?" % (
                    (deadline - boot_ns()) / 1e9)
                break
            victims = rng.sample(range(ncopies), per)
            plan = sorted((deadline + rng.uniform(-jitter, jitter), v) for v in victims)
            for at, v in plan:
                left = at - boot_ns()
                if left > 3e6:
                    time.sleep((left - 2e6) / 1e9)
                while boot_ns() < at:
                    pass
                os.kill(copies[v].pid, signal.SIGKILL)
                offsets.append((boot_ns() - deadline) / 1e6)
                kills += 1
            for _, v in plan:
                copies[v].wait()
                copies[v] = start_copy()
            rounds += 1
            last_deadline = deadline
        # Settle: let the round's replacements make the transition, then end the copies
        # well before the next deadline, and give the hooks time to append.
        time.sleep(0.3)
    finally:
        end_copies(copies)
    time.sleep(1.0)
    within = sum(1 for x in offsets if abs(x) <= jitter / 1e6 + 1)
    print("kills=%d" % kills)
    print("rounds=%d" % rounds)
    print("copies_started=%d" % start_copy.started)
    print("stalls=%d" % stalls)
    print("kill_offsets_within_jitter=%d" % within)
    if offsets:
        s = sorted(offsets)
        print("kill_offset_ms_min=%.2f" % s[0])
        print("kill_offset_ms_max=%.2f" % s[-1])
    print("seconds=%.1f" % (time.monotonic() - t_start))
    print("run_problem=%s" % problem.replace(" ", "_"))
    analyze(o, kills)


# ----------------------------------------------------------------------- analyze

def analyze(o, kills=None):
    if kills is None:
        kills = int(o.get("kills", 0))
    doc = read_state(o["state"])
    if not doc:
        print("analysis_error=state.json_unreadable")
        return
    t = doc["timer"]
    n = int(t.get("completed", 0))
    in_break = t.get("phase") == "running" and t.get("kind") in ("short-break", "long-break")
    in_focus = t.get("phase") == "running" and t.get("kind") == "focus"
    expected = {
        ("focus-end", "completed"): range(1, n + 1),
        ("break-start", "-"): range(1, n + 1),
        ("break-end", "completed"): range(1, n if in_break else n + 1),
        ("focus-start", "-"): range(0, n if in_break else n + 1),
    }
    seen = defaultdict(list)  # (event, reason) -> [(completed, ppid, uptime)]
    unexpected = 0
    malformed = 0
    try:
        lines = open(o["hooks"], "rb").read().decode("utf-8", "replace").splitlines()
    except OSError:
        lines = []
    for line in lines:
        w = line.split()
        if len(w) != 7:
            malformed += 1
            continue
        event, _phase, reason, _slot, completed, ppid, up = w
        key = (event, reason)
        try:
            entry = (int(completed), ppid, float(up))
        except ValueError:
            malformed += 1
            continue
        if key not in expected:
            unexpected += 1
        seen[key].append(entry)

    lost = doubled = mislabel = 0
    detail = []
    for key, want in expected.items():
        counts = Counter(c for c, _, _ in seen[key])
        k_lost = [v for v in want if counts[v] == 0]
        k_extra = 0
        k_mislabel = 0
        for v, c in counts.items():
            if c <= 1 and v in want:
                continue
            extra = c - (1 if v in want else 0)
            # Duplicates written by one pomobar at once: one catch-up transaction.
            entries = sorted((e for e in seen[key] if e[0] == v), key=lambda e: e[2])
            same = sum(1 for a, b in zip(entries, entries[1:]) if a[1] == b[1] and b[2] - a[2] <= 0.05)
            same = min(same, extra)
            k_mislabel += same
            k_extra += extra - same
        # A mislabelled line stands for an effect that did run: not lost.
        k_lost_n = max(0, len(k_lost) - k_mislabel)
        lost += k_lost_n
        doubled += k_extra
        mislabel += k_mislabel
        detail.append("%s/%s: %d lines, want %d, lost %d%s, doubled %d, mislabelled %d" % (
            key[0], key[1], len(seen[key]), len(want), k_lost_n,
            (" (e.g. COMPLETED %s)" % ",".join(map(str, k_lost[:5]))) if k_lost else "",
            k_extra, k_mislabel))

    # Notifications: one per natural end, by kind.
    want_focus = n
    want_break = len(expected[("break-end", "completed")])
    got_focus = got_break = got_other = 0
    try:
        notes = open(o["notes"], "rb").read().decode("utf-8", "replace").splitlines()
    except OSError:
        notes = []
    for line in notes:
        low = line.lower()
        if "pomodoro complete" in low:
            got_focus += 1
        elif "break over" in low:
            got_break += 1
        else:
            got_other += 1
    n_lost = max(0, want_focus - got_focus) + max(0, want_break - got_break)
    n_doubled = max(0, got_focus - want_focus) + max(0, got_break - want_break)

    starts = len(seen[("focus-start", "-")])
    ends = sum(len(v) for k, v in seen.items() if k[0] == "focus-end")
    print("completed=%d" % n)
    print("phase_now=%s" % (t.get("kind") or t.get("phase")))
    print("hook_lines=%d" % len(lines))
    print("hooks_lost=%d" % lost)
    print("hooks_doubled=%d" % doubled)
    print("hooks_mislabelled=%d" % mislabel)
    print("hooks_unexpected=%d" % unexpected)
    print("hooks_malformed=%d" % malformed)
    print("notes_want=%d" % (want_focus + want_break))
    print("notes_got=%d" % (got_focus + got_break + got_other))
    print("notes_lost=%d" % n_lost)
    print("notes_doubled=%d" % n_doubled)
    print("notes_unclassified=%d" % got_other)
    print("focus_starts=%d" % starts)
    print("focus_ends=%d" % ends)
    print("focus_open=%d" % (1 if in_focus else 0))
    for d in detail:
        say("  hooks " + d)
    say("  notifications: focus done %d of %d, break over %d of %d, other %d" % (
        got_focus, want_focus, got_break, want_break, got_other))


if __name__ == "__main__":
    main("killer.py", run, analyze)
