#!/usr/bin/env python3
"""Checks `pomobar report --html` against `pomobar report --json` (report-html case).

Usage: check-report-html.py PAGE.html REPORT.json

Every element with `data-json` (a path into the JSON, as a JSON array) must carry in
`data-value` the number at that path (a project missing from a day's `projects` is 0;
`["months", "YYYY-MM", KEY]` is the sum of that month's days), and show it as the text
report does (h:mm, a count, `N %`, a signed h:mm for the balance) unless it is an SVG
shape. Every piece of text with a digit outside the charts must be one of those numbers,
a date or clock time (`<time>`, `.clock`), a name (`<bdi>`) or the heatmap legend; no
element may be a script or anything that fetches. Prints what differs and
exits 1, or prints how many numbers were checked.
"""
import html.parser
import json
import sys

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def hours(seconds):
    minutes = (seconds + 30) // 60
    return f"{minutes // 60}:{minutes % 60:02d}"


def at(report, path):
    if path[0] == "months":
        return sum(day[path[2]] for day in report["days"] if day["date"].startswith(path[1]))
    node = report
    for step in path:
        if isinstance(node, dict) and step in node:
            node = node[step]
        elif isinstance(node, list) and isinstance(step, int) and step < len(node):
            node = node[step]
        elif len(path) >= 2 and path[-2] == "projects" and isinstance(node, dict):
            return 0  # no time on that project that day
        else:
            return None
    return node


def money(minor, currency):
    whole, cents = divmod(abs(minor), 100)
    return f"{'-' if minor < 0 else ''}{whole:,}.{cents:02d} {currency}"


def shown(value, path, report):
    """The text the page should show for `value` at `path`."""
    key = path[-1]
    if key in ("amount_minor", "per_hour_minor"):  # billing: cents, the currency beside them
        return money(value, at(report, path[:-1] + ["currency"]))
    if key == "percent":
        return f"{value} %"
    if path[:2] == ["balance", "seconds"]:
        return ("−" if value < 0 else "+") + hours(abs(value))
    if key in ("completed", "skipped", "stopped", "voided", "internal", "external", "taken", "days_met",
               "days", "current", "longest", "work_days", "goal_days_met"):
        return str(value)
    return hours(value)


class Page(html.parser.HTMLParser):
    """Collects a page's numbers: each element with `data-json` is checked against the
    JSON (`at`) and its text against how pomobar writes that number (`shown`); any other
    text with a digit is a problem unless it lies in an element that may hold one
    (`QUIET_TAGS`, `QUIET_CLASSES`, `quiet`). check-timesheet.py's page is one of these."""

    QUIET_TAGS = ("svg", "style", "title", "time", "bdi")
    QUIET_CLASSES = ("clock", "legend")
    WHAT = "the report's numbers"

    def __init__(self, data):
        super().__init__(convert_charrefs=True)
        self.data = data
        self.stack = []  # (tag, attrs, text parts)
        self.problems = []
        self.checked = 0

    def at(self, path):
        return at(self.data, path)

    def shown(self, value, path):
        return shown(value, path, self.data)

    def quiet(self):
        """Whether the text being read may hold digits that are none of the numbers: the
        billing's rule in words (`rounded up to 15m per entry`)."""
        return bool(self.stack) and self.stack[-1][0] == "p" and self.inside(
            lambda t, a: a.get("aria-labelledby") == "h-billing")

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
                self.check(name, attrs, "".join(text))
            if name == tag:
                return

    def inside(self, predicate):
        return any(predicate(tag, attrs) for tag, attrs, _ in self.stack)

    def handle_data(self, data):
        for _, _, text in self.stack:
            text.append(data)
        if not any(c.isdigit() for c in data):
            return
        # User strings (project and tag names, in <bdi>) may hold digits of their own.
        if self.inside(lambda t, a: t in self.QUIET_TAGS or "data-json" in a
                       or a.get("class", "") in self.QUIET_CLASSES) or self.quiet():
            return
        self.problems.append(f"a number outside {self.WHAT}: {data.strip()!r}")

    def check(self, tag, attrs, text):
        self.checked += 1
        path = json.loads(attrs["data-json"])
        value = int(attrs["data-value"])
        expected = self.at(path)
        if expected != value:
            self.problems.append(f"{path}: the page has {value}, --json {expected}")
        if tag != "rect" and text != self.shown(value, path):
            self.problems.append(f"{path}: shows {text!r}, not {self.shown(value, path)!r}")


def main():
    page_path, report_path = sys.argv[1:3]
    with open(report_path, encoding="utf-8") as f:
        report = json.load(f)
    page = Page(report)
    with open(page_path, encoding="utf-8") as f:
        page.feed(f.read())
    page.close()
    for problem in page.problems[:30]:
        print(problem)
    if page.problems:
        print(f"{len(page.problems)} problems")
        return 1
    if page.checked < 50:
        print(f"only {page.checked} numbers carry data-json")
        return 1
    print(f"{page.checked} numbers equal --json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
