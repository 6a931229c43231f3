#!/usr/bin/env python3
"""A month of history as pomobar's JSON export, for `pomobar import` (report-html case).

Usage: month-history.py YEAR MONTH > month.json

Work days from 08:30 on, two to four blocks of work a day over five projects whose names
a page must escape (markup, quotes and ampersands, right-to-left text, an emoji) and time
without a project; focus sessions inside the blocks with every outcome and some
interruptions; tags and notes on some. Local times in Europe/Berlin, so October holds the
change back to winter time, and one night's work runs across it (01:30 CEST to 03:30 CET
on its last Sunday). Deterministic: the same month gives the same records.
"""
import datetime
import json
import random
import sys
import zoneinfo

ZONE = zoneinfo.ZoneInfo("Europe/Berlin")
PROJECTS = ["api", "<script>alert(1)</script>", "quo\"te & 'amp'", "עברית", "🍅 tomato", None]


def record(n, kind, start, end, project, outcome=None, tags=(), note=None, internal=0, external=0):
    return {
        "id": f"e2e.month.{n}", "kind": kind, "start": start.isoformat(), "end": end.isoformat(),
        # Across a change of offset, aware datetimes of one zone subtract as wall clocks: in UTC.
        "seconds": int((end.astimezone(datetime.timezone.utc) - start.astimezone(datetime.timezone.utc)).total_seconds()),
        "project": project, "outcome": outcome,
        "internal": internal, "external": external, "gap": 0, "note": note, "tags": list(tags),
    }


def month(year, number):
    rng = random.Random(year * 100 + number)
    records = []
    day = datetime.date(year, number, 1)
    while day.month == number:
        if day.weekday() < 5:
            start = datetime.datetime(day.year, day.month, day.day, 8, 30, tzinfo=ZONE)
            start += datetime.timedelta(minutes=rng.randrange(0, 60))
            for _ in range(rng.randrange(2, 5)):
                project = rng.choice(PROJECTS)
                end = start + datetime.timedelta(minutes=rng.randrange(45, 150))
                tags = rng.choice([(), ("billable",), ("billable", "client call")])
                note = rng.choice([None, None, 'fix <b>bug</b>, "quoted"; semi\\colon'])
                records.append(record(len(records), "work", start, end, project, tags=tags, note=note))
                focus = start + datetime.timedelta(minutes=5)
                while focus + datetime.timedelta(minutes=25) <= end:
                    outcome = rng.choice(["completed"] * 6 + ["skipped", "stopped", "voided"])
                    records.append(record(
                        len(records), "focus", focus, focus + datetime.timedelta(minutes=25), project, outcome,
                        tags, internal=rng.randrange(0, 2), external=rng.randrange(0, 2)))
                    focus += datetime.timedelta(minutes=30)
                start = end + datetime.timedelta(minutes=rng.randrange(10, 60))
        day += datetime.timedelta(days=1)
    # The night of the change back to winter time (the last Sunday of October).
    if number == 10:
        sunday = max(datetime.date(year, 10, d) for d in range(25, 32) if datetime.date(year, 10, d).weekday() == 6)
        night = datetime.datetime(year, 10, sunday.day, 1, 30, tzinfo=ZONE).astimezone(datetime.timezone.utc)
        end = night + datetime.timedelta(hours=3)
        records.append(record(len(records), "work", night.astimezone(ZONE), end.astimezone(ZONE), "api"))
    records.sort(key=lambda r: r["start"])
    return records


if __name__ == "__main__":
    json.dump(month(int(sys.argv[1]), int(sys.argv[2])), sys.stdout, ensure_ascii=False)
