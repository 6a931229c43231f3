#!/usr/bin/env python3
"""Per-day, per-client and per-tag totals of two time trackers, compared.

Usage: totals.py --from DAY --to DAY --clients A,B --tags X,Y [--fixes FILE] WANT GOT

WANT and GOT are each `timew:DB` (a TIMEWARRIORDB), `watson:DIR` (a WATSON_DIR) or
`pomobar:DIR` (an XDG_DATA_HOME; the binary is $E2E_BIN), read through the tool's own
totals: `timew summary FROM - TO [TAG]` (its per-day and grand totals), `watson
aggregate` / `watson report --json`, `pomobar report --json [--tag TAG]`. A client is a
timewarrior tag from --clients, a Watson or pomobar project; time without one is client
"" (timewarrior: the total less the clients'). Totals are per local day (TZ) and over
the whole range ("all"), in whole seconds.

FILE holds the edits made in pomobar on purpose, one JSON object a line:
{"start": "2026-10-13 09:00", "project": "acme"} or {..., "tags": ["meeting", "billable"]}
(the record's whole set of tags). WANT (timew or watson) is then what the user meant:
the interval of WANT's data starting then counts for that project or those tags instead.

Prints every total that differs and a last line "N totals compared, M differ"; exits 1
when one differs.
"""
import argparse
import collections
import datetime
import json
import os
import re
import subprocess
import sys
import zoneinfo

UTC = datetime.timezone.utc
ZONE = zoneinfo.ZoneInfo(os.environ.get("TZ", "UTC"))
DAY = datetime.timedelta(days=1)


def run(cmd, **env):
    out = subprocess.run(cmd, env={**os.environ, **env}, capture_output=True, text=True, timeout=30)
    if out.returncode != 0:
        sys.exit(f"totals.py: {' '.join(cmd)} failed ({out.returncode}): {out.stderr.strip()}")
    return out.stdout


def secs(hms):
    h, m, s = (int(x) for x in hms.split(":"))
    return h * 3600 + m * 60 + s


def timew_summary(db, first, last, tag):
    """(seconds per day, grand total) of `timew summary` for TAG (None: everything)."""
    text = run(["timew", "summary", first, "-", next_day(last)] + ([tag] if tag else []), TIMEWARRIORDB=db)
    days, grand, day = {}, 0, None
    for line in text.splitlines():
        m = re.match(r"(?:W\d+\s+)?(\d{4}-\d\d-\d\d)\s", line)
        day = m.group(1) if m else day
        times = re.findall(r"\b\d+:\d\d:\d\d\b", line)
        if len(times) == 4:  # start end time total: the day's last row
            days[day] = secs(times[3])
        elif len(times) == 1 and line.strip() == times[0]:
            grand = secs(times[0])
    if sum(days.values()) != grand:
        sys.exit(f"totals.py: cannot read timew summary {tag or ''}: days {days}, total {grand}\n{text}")
    return days, grand


def from_timew(db, first, last, clients, tags):
    fig = collections.Counter()
    for key, tag in [("total", None)] + [(f"client:{c}", c) for c in clients] + [(f"tag:{t}", t) for t in tags]:
        days, grand = timew_summary(db, first, last, tag)
        for day, s in days.items():
            fig[day, key] = s
        fig["all", key] = grand
    for day in {d for d, _ in fig}:
        fig[day, "client:"] = fig[day, "total"] - sum(fig[day, f"client:{c}"] for c in clients)
    return fig


def watson_project(name):
    return "" if name == "(no project)" else name


def from_watson(wdir, first, last, clients, tags):
    fig = collections.Counter()
    daily = json.loads(run(["watson", "aggregate", "-f", first, "-t", last, "--json"], WATSON_DIR=wdir))
    whole = json.loads(run(["watson", "report", "-f", first, "-t", last, "--json"], WATSON_DIR=wdir))
    whole["timespan"]["from"] = "all"
    for rep in daily + [whole]:
        day = rep["timespan"]["from"][:10]
        for p in rep["projects"]:
            # a frame across midnight is cut at 23:59:59.999999: round, not floor
            fig[day, "total"] += round(p["time"])
            fig[day, f"client:{watson_project(p['name'])}"] += round(p["time"])
            for t in p["tags"]:
                if t["name"] in tags:
                    fig[day, f"tag:{t['name']}"] += round(t["time"])
    return fig


def from_pomobar(data, first, last, clients, tags):
    fig = collections.Counter()

    def report(*args):
        return json.loads(run([os.environ["E2E_BIN"], "report", "--from", first, "--to", last, "--json", *args],
                              XDG_DATA_HOME=data))

    rep = report()
    fig["all", "total"] = rep["work"]
    for p in rep["projects"]:
        fig["all", f"client:{p['name'] or ''}"] = p["seconds"]
    for d in rep["days"]:
        fig[d["date"], "total"] = d["work"]
        for name, s in d["projects"].items():
            fig[d["date"], f"client:{name}"] = s
    for t in tags:
        rep = report("--tag", t)
        fig["all", f"tag:{t}"] = rep["work"]
        for d in rep["days"]:
            fig[d["date"], f"tag:{t}"] = d["work"]
    return fig


def next_day(day):
    return (datetime.date.fromisoformat(day) + DAY).isoformat()


def intervals(source, where, clients):
    """WANT's intervals as (start, end, client, tags), times aware."""
    if source == "timew":
        for i in json.loads(run(["timew", "export"], TIMEWARRIORDB=where)):
            start, end = (datetime.datetime.strptime(i[k], "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC) for k in ("start", "end"))
            client = next((t for t in i.get("tags", []) if t in clients), "")
            yield start, end, client, [t for t in i.get("tags", []) if t != client]
    elif source == "watson":
        with open(os.path.join(where, "frames")) as f:
            for start, stop, project, _id, tags, _at in json.load(f):
                yield (datetime.datetime.fromtimestamp(start, UTC), datetime.datetime.fromtimestamp(stop, UTC),
                       watson_project(project), tags)
    else:
        sys.exit(f"totals.py: --fixes need WANT's intervals: timew or watson, not {source}")


def day_pieces(start, end):
    """(local day, seconds) of [start, end), cut at local midnights."""
    while start < end:
        local = start.astimezone(ZONE)
        midnight = datetime.datetime.combine(local.date() + DAY, datetime.time(), ZONE).astimezone(UTC)
        piece_end = min(end, midnight)
        yield local.date().isoformat(), int((piece_end - start).total_seconds())
        start = piece_end


def apply_fixes(fig, fixes, source, where, clients, tags):
    known = list(intervals(source, where, clients))
    for fix in fixes:
        at = datetime.datetime.strptime(fix["start"], "%Y-%m-%d %H:%M").replace(tzinfo=ZONE).astimezone(UTC)
        found = [i for i in known if i[0] == at]
        if len(found) != 1:
            sys.exit(f"totals.py: {len(found)} intervals of {source} start at {fix['start']} (a fix of the case)")
        start, end, client, was = found[0]
        for day in day_pieces(start, end):
            for d, s in ((day[0], day[1]), ("all", day[1])):
                if "project" in fix:
                    fig[d, f"client:{client}"] -= s
                    fig[d, f"client:{fix['project']}"] += s
                for t in tags if "tags" in fix else []:
                    fig[d, f"tag:{t}"] += s * ((t in fix["tags"]) - (t in was))


def hms(s):
    return f"{'-' if s < 0 else ''}{abs(s) // 3600}:{abs(s) // 60 % 60:02}:{abs(s) % 60:02}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--from", dest="first", required=True)
    ap.add_argument("--to", dest="last", required=True)
    ap.add_argument("--clients", required=True)
    ap.add_argument("--tags", required=True)
    ap.add_argument("--fixes")
    ap.add_argument("want")
    ap.add_argument("got")
    a = ap.parse_args()
    clients, tags = a.clients.split(","), a.tags.split(",")
    readers = {"timew": from_timew, "watson": from_watson, "pomobar": from_pomobar}
    figures = []
    for side in (a.want, a.got):
        source, _, where = side.partition(":")
        figures.append(readers[source](where, a.first, a.last, clients, tags))
    want, got = figures
    fixes = []
    if a.fixes and os.path.exists(a.fixes):
        with open(a.fixes) as f:
            fixes = [json.loads(line) for line in f if line.strip()]
    if fixes:
        source, _, where = a.want.partition(":")
        apply_fixes(want, fixes, source, where, clients, tags)
    keys = sorted(k for k in set(want) | set(got) if want[k] or got[k])
    differ = [k for k in keys if want[k] != got[k]]
    for day, key in differ:
        print(f"{day} {key}: want {hms(want[day, key])} ({a.want.split(':')[0]}"
              f"{' + fixes' if fixes else ''}), got {hms(got[day, key])} ({a.got.split(':')[0]})")
    days = len({d for d, _ in keys} - {"all"})
    print(f"{len(keys)} totals compared ({days} days, all), {len(differ)} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
