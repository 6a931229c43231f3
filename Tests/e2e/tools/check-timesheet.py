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
import html.parser
import json
import sys

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def hours(seconds):
    minutes = (seconds + 30) // 60
    return f"{minutes // 60}:{minutes % 60:02d}"


def money(minor, currency):
    sign = "-" if minor < 0 else ""
    whole, cents = divmod(abs(minor), 100)
    return f"{sign}{whole:,}.{cents:02d} {currency}"


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
        return money(value, at(sheet, path[:-1] + ["currency"]))
    return hours(value)


class Page(html.parser.HTMLParser):
    def __init__(self, sheet):
        super().__init__(convert_charrefs=True)
        self.sheet = sheet
        self.stack = []
        self.problems = []
        self.checked = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "link", "img", "iframe", "object", "embed", "base"):
            self.problems.append(f"a <{tag}> element: markup from a name, or something to fetch")
        if tag in VOID:
            return
        self.stack.append((tag, dict(attrs), []))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        while self.stack:
            name, attrs, text = self.stack.pop()
            if "data-json" in attrs:
                self.check(attrs, "".join(text))
            if name == tag:
                return

    def handle_data(self, data):
        for _, _, text in self.stack:
            text.append(data)
        if not any(c.isdigit() for c in data):
            return
        if any(t in ("style", "title", "time", "bdi") or "data-json" in a
               or a.get("class", "") in ("clock", "rule") for t, a, _ in self.stack):
            return
        self.problems.append(f"a number outside the timesheet's numbers: {data.strip()!r}")

    def check(self, attrs, text):
        self.checked += 1
        path = json.loads(attrs["data-json"])
        value = int(attrs["data-value"])
        expected = at(self.sheet, path)
        if expected != value:
            self.problems.append(f"{path}: the page has {value}, --json {expected}")
        elif text != shown(self.sheet, path, value):
            self.problems.append(f"{path}: shows {text!r}, not {shown(self.sheet, path, value)!r}")


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
