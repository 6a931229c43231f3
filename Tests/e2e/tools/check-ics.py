#!/usr/bin/env python3
"""Reads `pomobar export --format ics` with Python's icalendar (report-html case).

Usage: check-ics.py FIRST.ics SECOND.ics RECORDS.json

RECORDS.json is `pomobar export --format json` of the same range. Each work and focus
record must be one event, in either export, with the record's instants, on the
record's own offset when read in $TZ (a zone across a DST change), the project as its
title, and the same UID in both exports; no two events share a UID. Exits 1 on a
difference, printing it.
"""
import datetime
import json
import os
import sys
import zoneinfo

import icalendar


def events(path):
    with open(path, "rb") as f:
        calendar = icalendar.Calendar.from_ical(f.read())
    return [c for c in calendar.walk() if c.name == "VEVENT"]


def main():
    first, second, records_path = sys.argv[1:4]
    zone = zoneinfo.ZoneInfo(os.environ["TZ"])
    with open(records_path, encoding="utf-8") as f:
        records = [r for r in json.load(f) if r["kind"] in ("work", "focus")]
    problems = []
    a, b = events(first), events(second)
    if len(a) != len(records) or len(b) != len(records):
        problems.append(f"{len(a)} and {len(b)} events for {len(records)} work and focus records")
    uids = [str(e["UID"]) for e in a]
    if len(set(uids)) != len(uids):
        problems.append("two events share a UID")
    if uids != [str(e["UID"]) for e in b]:
        problems.append("the UIDs differ between two exports of the same history")
    offsets = set()
    for event, record in zip(a, records):
        start, end = event.decoded("DTSTART"), event.decoded("DTEND")
        for name, moment, text in (("start", start, record["start"]), ("end", end, record["end"])):
            want = datetime.datetime.fromisoformat(text)
            local = moment.astimezone(zone)
            if moment != want or local.utcoffset() != want.utcoffset():
                problems.append(f"{record['id']} {name}: {local.isoformat()} in the calendar, {text} recorded")
            offsets.add(local.utcoffset())
        title = str(event["SUMMARY"])
        project = record["project"] or "Work"
        want = project if record["kind"] == "work" else "Focus: " + project if record["project"] else "Focus"
        if title != want:
            problems.append(f"{record['id']}: title {title!r}, project {want!r}")
        if record.get("note") and record["note"] not in str(event.get("DESCRIPTION", "")):
            problems.append(f"{record['id']}: the note is not in the description")
    if len(offsets) < 2:
        problems.append(f"the events do not span a change of offset in {zone}: {offsets}")
    for problem in problems[:20]:
        print(problem)
    if not problems:
        print(f"{len(a)} events, {len(offsets)} offsets in {zone}, UIDs stable")
    return 1 if problems else 0


sys.exit(main())
