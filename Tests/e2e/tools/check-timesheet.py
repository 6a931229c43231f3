#!/usr/bin/env python3
"""Checks `pomobar report --timesheet --html` against `report --timesheet --json` and
`report --json` (timesheet case).

Usage: check-timesheet.py PAGE.html TIMESHEET.json REPORT.json

PAGE is the page as Chromium has it (`--dump-dom`). Every element with `data-json` (a
path into TIMESHEET.json) must carry in `data-value` the number at that path and show it
as pomobar writes it: h:mm for seconds, a count for `entries`, `1,240.00 EUR` for minor
units (`amount_minor`, `per_hour_minor`, the currency beside them). Every piece of text
with a digit must be one of those numbers, a date (`<time>`), a clock time (`.clock`), a
name or note (`<bdi>`) or the rule (`.rule`). Then the sums: each client's entries add up
to its total, billed plus unbilled is the total, and the total is `report --json`'s
`billing.clients` for that client. Prints what differs and exits 1, or how many numbers
were checked.
"""
import importlib.util
import json
import os
import sys

# The page's numbers are collected as check-report-html.py collects the report's.
_spec = importlib.util.spec_from_file_location(
    "check_report_html", os.path.join(os.path.dirname(os.path.abspath(__file__)), "check-report-html.py"))
report_html = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(report_html)


def at(data, path):
    node = data
    for step in path:
        if isinstance(node, dict) and step in node:
            node = node[step]
        elif isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
            node = node[step]
        else:
            return None
    return node


def shown(sheet, path, value):
    key = path[-1]
    if key == "entries":
        return str(value)
    if key in ("amount_minor", "per_hour_minor"):
        return report_html.money(value, at(sheet, path[:-1] + ["currency"]))
    return report_html.hours(value)


class Page(report_html.Page):
    QUIET_TAGS = ("style", "title", "time", "bdi")
    QUIET_CLASSES = ("clock", "rule")
    WHAT = "the timesheet's numbers"

    def at(self, path):
        return at(self.data, path)

    def shown(self, value, path):
        return shown(self.data, path, value)

    def quiet(self):
        return False


def sums(sheet, report):
    """The JSON adds up, and agrees with report --json."""
    problems = []
    clients = {c["name"]: c for c in report["billing"]["clients"]}
    for page in sheet["clients"]:
        name = page["name"]
        total = page["total"]
        minor = {}
        for entry in page["entries"]:
            if entry["amount_minor"] is not None:
                minor[entry["currency"]] = minor.get(entry["currency"], 0) + entry["amount_minor"]
        amounts = {a["currency"]: a["amount_minor"] for a in total["amounts"]}
        if minor != amounts:
            problems.append(f"{name}: the entries add up to {minor}, the total says {amounts}")
        for key in ("entries", "billable", "rounded"):
            whole = sum(1 if key == "entries" else e[key] for e in page["entries"])
            if whole != total[key]:
                problems.append(f"{name}: {key} of the entries {whole}, total {total[key]}")
            if page["billed"][key] + page["unbilled"][key] != total[key]:
                problems.append(f"{name}: billed and unbilled {key} do not add up to the total")
        other = clients.get(name)
        if other is None:
            problems.append(f"{name}: not a client of report --json")
            continue
        theirs = {a["currency"]: a["amount_minor"] for a in other["amounts"]}
        if (other["billable"], other["rounded"], theirs) != (total["billable"], total["rounded"], amounts):
            problems.append(f"{name}: report --json bills {other}, the timesheet {total}")
    return problems


def main():
    page_path, sheet_path, report_path = sys.argv[1:4]
    with open(sheet_path, encoding="utf-8") as f:
        sheet = json.load(f)
    with open(report_path, encoding="utf-8") as f:
        report = json.load(f)
    page = Page(sheet)
    with open(page_path, encoding="utf-8") as f:
        page.feed(f.read())
    page.close()
    problems = page.problems + sums(sheet, report)
    for problem in problems[:30]:
        print(problem)
    if problems:
        print(f"{len(problems)} problems")
        return 1
    if page.checked < 50:
        print(f"only {page.checked} numbers carry data-json")
        return 1
    print(f"{page.checked} numbers equal --json, over {len(sheet['clients'])} clients")
    return 0


sys.exit(main())
