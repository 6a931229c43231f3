#!/usr/bin/env python3
"""ledger.py: SIGKILL bar copies and `ctl` processes while the ledger is written, then
compare the history with the hook log and the state.

  ledger.py run --bin B --state-dir DIR --data-dir DIR --hooks HOOK_LOG --secs S
                [--copies 3] [--seed N] [--stderr DIR]
  ledger.py analyze --bin B --state-dir DIR --data-dir DIR --hooks HOOK_LOG

`run` starts COPIES `B --format i3bar` copies and `B ctl start`, then for S seconds:
  - a loop of `ctl project api|web|docs`, `ctl work toggle`, `ctl interrupt`,
    `ctl void`, `ctl start` (every 80..300 ms), a third of them SIGKILLed 0..15 ms
    after they were started (mid-run);
  - at each phase deadline (state.json, CLOCK_BOOTTIME ns), a random copy SIGKILLed
    0..5 ms after it;
  - aimed kills: an inotify watch on the history folder; when a history file is written
    (IN_MODIFY: the append's write(), before its fsync and before whatever is written
    next), every copy and every `ctl` process alive is SIGKILLed at once (at most once
    per 0.7..2 s, so that the timer moves on). Afterwards, if state.json is older than the
    history file just written, the kill landed between the history append and the next
    state write ("between" in the output);
  - now and then a random copy at a random moment.
Killed copies are replaced at once. `--kills no` is the same run without any kill: a
control, whose analysis must find nothing wrong on any build. At the end: `ctl pause` (no more transitions), wait
until the hook log has not grown for 1 s (bounded: 6 s), SIGTERM the copies, `analyze`.

The config must have auto-advance "all", hooks for focus-start, focus-end, focus-done,
break-start, break-end, void, work-start, work-stop, project, interrupt that append
    EVENT PHASE REASON SLOT COMPLETED PPID UPTIME      (REASON "-" when empty)
to HOOK_LOG (scripts/torture.d/lib.sh's hooks_toml).

`analyze` reads the history three ways: the JSONL files under DATA/pomobar/history/
(raw: every complete line that parses as a record, torn lines counted apart),
`B export --format json` (what pomobar says the history is) and `B report today --json`,
and the state (state.json: timer.completed, ledger.today). It prints KEY=VALUE lines:
  focus_completed_records, focus_done_hooks, state_completed
  voided_records, voided_hooks          (focus records voided / focus-end voided hooks)
  break_completed_records, break_completed_hooks
  focus_other_records, focus_other_hooks  (focus ends skipped/stopped/...)
  dup_ids_raw, dup_ids_export, dup_content (same kind, start, end, twice)
  overlaps (intervals of one kind overlapping on one machine: work vs work, phase vs phase)
  today_state, today_history (seconds of work today, per the state and per the history)
  today_mismatch (projects whose seconds differ)
  torn_lines, unparsable_lines, export_records, raw_records
then a human summary on stderr.
"""

import datetime
import json
import os
import random
import select
import subprocess
import sys
import time
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import IN_CREATE, IN_MODIFY, Inotify, boot_ns, copy_starter, end_copies, main, read_json, say  # noqa: E402


# --------------------------------------------------------------------------- run

def run(o):
    binary = o["bin"]
    sdir = o["state-dir"]
    state = os.path.join(sdir, "state.json")
    hist = os.path.join(o["data-dir"], "history")
    secs = float(o["secs"])
    ncopies = int(o.get("copies", 3))
    errdir = o.get("stderr", "/tmp")
    seed = int(o.get("seed", time.time_ns() & 0xFFFFFFFF))
    kills = o.get("kills", "yes") != "no"  # "no": the same run without a kill (a control)
    rng = random.Random(seed)
    os.makedirs(hist, exist_ok=True)

    start_copy = copy_starter(binary, errdir)

    ctl_err = open(os.path.join(errdir, "ctl.stderr"), "ab")

    def ctl(*args):
        return subprocess.Popen([binary, "ctl", *args], stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=ctl_err)

    watch = Inotify(hist, IN_MODIFY | IN_CREATE)
    copies = [start_copy() for _ in range(ncopies)]
    subprocess.run([binary, "ctl", "start"], timeout=10, stdout=subprocess.DEVNULL, stderr=ctl_err)
    ctls = []  # [(Popen, kill_at_monotonic or None)]
    n = Counter()
    t0 = time.monotonic()
    next_action = t0 + 0.2
    next_random_kill = t0 + rng.uniform(1, 3)
    aimed_armed_at = t0 + rng.uniform(0.5, 1.5)
    last_deadline = None
    deadline_kill_at = None  # boot ns

    def kill_copy(i, why):
        try:
            copies[i].kill()
        except ProcessLookupError:
            pass
        copies[i].wait()
        copies[i] = start_copy()
        n["copy_kills"] += 1
        n["copy_kills_" + why] += 1

    # weights: a void every ~2 s, so that most focus sessions still run out
    actions = [("project", "api")] * 3 + [("project", "web")] * 3 + [("project", "docs")] * 2 + \
        [("work", "toggle")] * 4 + [("interrupt",)] * 2 + [("void", "torture")] + [("start",)] * 2
    try:
        while time.monotonic() - t0 < secs:
            now = time.monotonic()
            # the next deadline, for a kill 0..5 ms after it
            if deadline_kill_at is None:
                doc = read_json(state) or {}
                t = doc.get("timer", {})
                if t.get("phase") == "running" and isinstance(t.get("deadline"), int) and t["deadline"] != last_deadline:
                    last_deadline = t["deadline"]
                    deadline_kill_at = t["deadline"] + rng.uniform(0, 5e6)
            timeout = min(next_action, next_random_kill) - now
            if deadline_kill_at is not None:
                timeout = min(timeout, (deadline_kill_at - boot_ns()) / 1e9)
            for p, at in ctls:
                if at is not None:
                    timeout = min(timeout, at - now)
            timeout = max(0.0, min(timeout, 0.05))
            r, _, _ = select.select([watch.fd], [], [], timeout)
            if r:
                names = [x for x in watch.read() if x.endswith(".jsonl")]
                if names and kills and time.monotonic() >= aimed_armed_at:
                    # Aimed: the history was just written; kill every pomobar alive now.
                    for p in copies:
                        p.kill()
                    for p, _ in ctls:
                        if p.poll() is None:
                            p.kill()
                            n["ctl_kills_aimed"] += 1
                    for i in range(ncopies):
                        copies[i].wait()
                        copies[i] = start_copy()
                        n["copy_kills"] += 1
                        n["copy_kills_aimed"] += 1
                    n["aimed_rounds"] += 1
                    try:
                        hm = os.stat(os.path.join(hist, names[-1])).st_mtime_ns
                        sm = os.stat(state).st_mtime_ns
                        if sm < hm:
                            n["aimed_between"] += 1
                    except OSError:
                        pass
                    aimed_armed_at = time.monotonic() + rng.uniform(0.7, 2.0)
            if deadline_kill_at is not None and boot_ns() >= deadline_kill_at:
                if kills:
                    kill_copy(rng.randrange(ncopies), "deadline")
                deadline_kill_at = None
            now = time.monotonic()
            if now >= next_random_kill and kills:
                kill_copy(rng.randrange(ncopies), "random")
                next_random_kill = now + rng.uniform(1, 4)
            if now >= next_action:
                a = rng.choice(actions)
                kill_at = now + rng.uniform(0, 0.015) if kills and rng.random() < 0.33 else None
                ctls.append((ctl(*a), kill_at))
                n["ctl_" + a[0]] += 1
                next_action = now + rng.uniform(0.12, 0.4)
            keep = []
            for p, at in ctls:
                if p.poll() is not None:
                    continue
                if at is not None and time.monotonic() >= at:
                    p.kill()
                    p.wait()
                    n["ctl_kills"] += 1
                    continue
                if time.monotonic() - now > 10:
                    n["ctl_hung"] += 1
                keep.append((p, at))
            ctls = keep
        # Let the last ctl processes end (bounded), then stop the timer moving.
        for p, _ in ctls:
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                p.kill()
                n["ctl_hung"] += 1
        subprocess.run([binary, "ctl", "pause"], timeout=10, stdout=subprocess.DEVNULL, stderr=ctl_err)
        size, quiet_since, end = -1, time.monotonic(), time.monotonic() + 6
        while time.monotonic() < end:
            try:
                s = os.stat(o["hooks"]).st_size
            except OSError:
                s = 0
            if s != size:
                size, quiet_since = s, time.monotonic()
            elif time.monotonic() - quiet_since >= 1.0:
                break
            time.sleep(0.1)
    finally:
        end_copies(copies)
    ctl_n = sum(v for k, v in n.items() if k.startswith("ctl_") and k not in ("ctl_kills", "ctl_kills_aimed", "ctl_hung"))
    print("seed=%d" % seed)
    print("seconds=%.1f" % (time.monotonic() - t0))
    print("copies_started=%d" % start_copy.started)
    for k in ("copy_kills", "copy_kills_deadline", "copy_kills_random", "copy_kills_aimed",
              "aimed_rounds", "aimed_between", "ctl_kills", "ctl_kills_aimed", "ctl_hung"):
        print("%s=%d" % (k, n[k]))
    print("ctl_runs=%d" % ctl_n)
    analyze(o)


# ----------------------------------------------------------------------- analyze

def parse_time(s):
    return datetime.datetime.fromisoformat(s.replace("Z", "+00:00")).timestamp()


def analyze(o):
    binary = o["bin"]
    sdir = o["state-dir"]
    hist = os.path.join(o["data-dir"], "history")
    doc = read_json(os.path.join(sdir, "state.json"))
    if not doc:
        print("analysis_error=state.json_unreadable")
        return
    out = {}

    # raw lines
    raw = []
    torn = unparsable = 0
    for name in sorted(os.listdir(hist)) if os.path.isdir(hist) else []:
        path = os.path.join(hist, name)
        if not name.endswith(".jsonl") or not os.path.isfile(path) or name.startswith("edits.") \
                or name.startswith("removed-"):
            continue
        data = open(path, "rb").read()
        lines = data.split(b"\n")
        if lines and lines[-1]:
            torn += 1
        for line in lines[:-1]:
            try:
                rec = json.loads(line)
                if not isinstance(rec, dict) or "id" not in rec or "kind" not in rec:
                    raise ValueError
                raw.append(rec)
            except ValueError:
                unparsable += 1
    # what pomobar says
    p = subprocess.run([binary, "export", "--format", "json"], capture_output=True, timeout=30)
    try:
        export = json.loads(p.stdout)
    except ValueError:
        export = []
        out["export_error"] = "exit_%d" % p.returncode
    p = subprocess.run([binary, "report", "today", "--json"], capture_output=True, timeout=30)
    try:
        report = json.loads(p.stdout)
    except ValueError:
        report = None

    recs = export
    ids = Counter(r.get("id") for r in raw)
    out["dup_ids_raw"] = sum(c - 1 for c in ids.values() if c > 1)
    ids = Counter(r.get("id") for r in recs)
    out["dup_ids_export"] = sum(c - 1 for c in ids.values() if c > 1)
    # (times are whole seconds: two intervals within one second may share start and end)
    content = Counter((r.get("kind"), r.get("start"), r.get("end")) for r in recs if r.get("start") != r.get("end"))
    out["dup_content"] = sum(c - 1 for c in content.values() if c > 1)

    # overlaps: one machine, one kind group
    groups = defaultdict(list)
    for r in recs:
        machine = str(r.get("id", "")).split(".")[0]
        g = "work" if r.get("kind") == "work" else "phase"
        try:
            groups[(machine, g)].append((parse_time(r["start"]), parse_time(r["end"]), r["id"]))
        except (KeyError, ValueError, TypeError):
            pass
    overlaps = 0
    examples = []
    for key, iv in groups.items():
        iv.sort()
        end_max, end_id = None, None
        for s, e, i in iv:
            if end_max is not None and s < end_max:
                overlaps += 1
                if len(examples) < 3:
                    examples.append("%s %s overlaps %s" % (key[1], i, end_id))
            if end_max is None or e > end_max:
                end_max, end_id = e, i
    out["overlaps"] = overlaps

    # hooks
    hooks = Counter()
    try:
        for line in open(o["hooks"], "rb").read().decode("utf-8", "replace").splitlines():
            w = line.split()
            if len(w) == 7:
                hooks[(w[0], w[1], w[2])] += 1
    except OSError:
        pass

    def hk(event, phases, reasons=None):
        return sum(c for (e, ph, re), c in hooks.items()
                   if e == event and ph in phases and (reasons is None or re in reasons))

    breaks = ("short-break", "long-break")
    focus_out = Counter(r.get("outcome") for r in recs if r.get("kind") == "focus")
    break_out = Counter(r.get("outcome") for r in recs if r.get("kind") in breaks)
    out["focus_completed_records"] = focus_out["completed"]
    out["focus_done_hooks"] = sum(c for (e, _, _), c in hooks.items() if e == "focus-done")
    out["state_completed"] = int(doc.get("timer", {}).get("completed", 0))
    out["voided_records"] = focus_out["voided"]
    out["voided_hooks"] = hk("focus-end", ("focus",), ("voided",))
    out["break_completed_records"] = break_out["completed"]
    out["break_completed_hooks"] = hk("break-end", breaks, ("completed",))
    out["focus_other_records"] = sum(c for k, c in focus_out.items() if k not in ("completed", "voided"))
    out["focus_other_hooks"] = sum(c for (e, ph, re), c in hooks.items()
                                   if e == "focus-end" and re not in ("completed", "voided"))
    out["break_other_records"] = sum(c for k, c in break_out.items() if k != "completed")
    out["break_other_hooks"] = sum(c for (e, ph, re), c in hooks.items()
                                   if e == "break-end" and re != "completed")
    out["work_records"] = sum(1 for r in recs if r.get("kind") == "work")
    out["work_stop_hooks"] = sum(c for (e, _, _), c in hooks.items() if e == "work-stop")

    # today: the state's closed work per project vs the history's work today
    led = doc.get("ledger", {})
    tday = led.get("today", {}) or {}
    st = {}
    for proj, s in tday.get("projects", []):
        st[proj] = st.get(proj, 0) + s
    # The history's side counts as pomobar's does when an interval closes: the part of each
    # closed work record since the day began, at most its seconds. (`report today` also
    # counts the work clock still running, which the state's totals do not hold yet.)
    hi = None
    if "day" in tday:
        import time as _time
        began = int(_time.mktime(_time.gmtime(int(tday["day"]) * 86400)[:8] + (-1,)))
        hi = {}
        for r in recs:
            if r.get("kind") != "work":
                continue
            start, end = iso_utc(r.get("start")), iso_utc(r.get("end"))
            if start is None or end is None or end <= began:
                continue
            part = min(end - max(start, began), int(r.get("seconds", 0)))
            if part > 0:
                hi[r.get("project")] = hi.get(r.get("project"), 0) + part
    elif report is not None:
        hi = report_work_by_project(report)
    # the state's totals are of its day: if that is not today, they say nothing
    out["today_state"] = sum(st.values())
    out["today_history"] = sum(hi.values()) if hi is not None else -1
    keys = set(st) | set(hi or {})
    mism = [k for k in keys if st.get(k, 0) != (hi or {}).get(k, 0)]
    out["today_mismatch"] = len(mism) if hi is not None else -1
    out["torn_lines"] = torn
    out["unparsable_lines"] = unparsable
    out["raw_records"] = len(raw)
    out["export_records"] = len(recs)
    for k, v in out.items():
        print("%s=%s" % (k, v))
    for e in examples:
        say("  overlap: " + e)
    say("  today per project, state vs history: " + ", ".join(
        "%s %s/%s" % (k, st.get(k, 0), (hi or {}).get(k, 0)) for k in sorted(keys, key=str)))
    say("  hooks: " + ", ".join("%s %s %s: %d" % (k + (c,)) for k, c in sorted(hooks.items())))


def iso_utc(text):
    """Seconds since the epoch of an ISO 8601 time with its offset (`Z` or `+01:00`)."""
    import datetime as _dt
    if not isinstance(text, str):
        return None
    try:
        return int(_dt.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp())
    except ValueError:
        return None


def report_work_by_project(report):
    """Work seconds per project (None: no project) out of `report today --json`."""
    res = {}
    projects = report.get("projects") if isinstance(report, dict) else None
    if isinstance(projects, list):
        for p in projects:
            if not isinstance(p, dict):
                continue
            name = p.get("name", p.get("project"))
            secs = p.get("work", p.get("seconds", p.get("work_seconds")))
            if isinstance(secs, dict):
                secs = secs.get("seconds")
            if isinstance(secs, (int, float)):
                res[name] = res.get(name, 0) + int(secs)
    return res


if __name__ == "__main__":
    main("ledger.py", run, analyze)
