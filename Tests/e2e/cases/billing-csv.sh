#!/usr/bin/env bash
# billing-csv: `export RANGE --format csv` with billing on, read as a spreadsheet reads it
# (Python's csv module, amounts as Decimal), adds up exactly to `report RANGE --json`'s
# billing, per project and overall: amounts, rounded and billable seconds.
# Three weeks in Europe/Berlin: two clients, a client's rate raised mid-range (a rate
# change inside one project's work), a project rate, a tag rate (`+support`), a project
# that does not bill (`+billable` overriding it: billable without a rate), `+non-billable`
# on a billed project, an entry across midnight, a focus-started clock with focus sessions
# and breaks inside it (the breaks are not billed), a focus on a day without the clock,
# notes with commas, quotes, line breaks and non-ASCII, and a bill on the first week.
# Then pomobar's own JSON export imported into a fresh history keeps the bill.
source "$(dirname "$0")/../lib.sh"

command -v python3 >/dev/null || skip "python3 is not installed"
command -v jq >/dev/null || skip "jq is not installed"

setup_pomobar '[billing]
round = "15m"
tag-rates = { support = "60 EUR/h" }

[clients."Globex"]
rate = ["80 EUR/h", "95.50 EUR/h from 2026-01-14"]

[projects."globex-api"]
client = "Globex"

[projects."globex-web"]
client = "Globex"
rate = "88.25 EUR/h"

[projects."Umbrella Corp"]
client = "Umbrella"
rate = "120 EUR/h"

[projects.home]
billable = false'
export TZ=Europe/Berlin
range=(--from 2026-01-05 --to 2026-01-25)

# The focus-started clock: a work record with two focus sessions and their breaks inside,
# all of one machine (a break is taken out of the work of its own machine only).
rec() { # id kind start end seconds project outcome
  printf '{"id":"%s","kind":"%s","start":"%s","end":"%s","seconds":%s,"project":"%s","outcome":%s,"internal":0,"external":0,"gap":0,"note":null,"tags":[]}' \
    "$1" "$2" "$3" "$4" "$5" "$6" "$7"
}
{
  echo '['
  rec e2e.w1 work 2026-01-06T09:00:00+01:00 2026-01-06T10:00:00+01:00 3600 globex-api null; echo ,
  rec e2e.f1 focus 2026-01-06T09:00:00+01:00 2026-01-06T09:25:00+01:00 1500 globex-api '"completed"'; echo ,
  rec e2e.b1 short-break 2026-01-06T09:25:00+01:00 2026-01-06T09:30:00+01:00 300 globex-api '"completed"'; echo ,
  rec e2e.f2 focus 2026-01-06T09:30:00+01:00 2026-01-06T09:55:00+01:00 1500 globex-api '"completed"'; echo ,
  rec e2e.b2 short-break 2026-01-06T09:55:00+01:00 2026-01-06T10:00:00+01:00 300 globex-api '"completed"'; echo ,
  # A focus on a day without the work clock: work, as report counts it, and billed.
  rec e2e.f3 focus 2026-01-17T10:00:00+01:00 2026-01-17T10:25:00+01:00 1500 globex-web '"completed"'
  echo ']'
} >"$E2E_TMP/clock.json"
need "pomobar imports the focus-started clock" pb import "$E2E_TMP/clock.json"

track() { pb track "$@" >>"$E2E_OUT/pomobar.log" 2>&1; }
need "track globex-api, a note with a comma and quotes" track 2026-01-05 9:00 10:07 globex-api +billable \
  --note 'fixed the login, "twice"'
need "track globex-api support at the tag rate" track 2026-01-05 11:00 11:20 globex-api +support
need "track globex-web, a note with a line break" track 2026-01-07 14:00 16:31 globex-web --note $'first line\nsecond line, Grüße'
need "track Umbrella Corp across midnight" track 2026-01-08 22:50 00:40 Umbrella Corp
need "track home, not billed" track 2026-01-09 8:00 8:45 home
need "track home +billable: billable without a rate" track 2026-01-09 9:00 9:10 home +billable
need "track globex-api on the day the rate changes" track 2026-01-14 9:00 9:01 globex-api
need "track globex-api after the change" track 2026-01-15 13:00 17:44 globex-api
need "track globex-web +non-billable" track 2026-01-16 10:00 11:00 globex-web +non-billable
need "track Umbrella Corp" track 2026-01-20 8:00 8:08 Umbrella Corp --note ';semicolon; and a "quote"'
need "track globex-web" track 2026-01-23 15:00 15:16 globex-web
need "bill the first week of Globex" bash -c "'$E2E_BIN' bill --from 2026-01-05 --to 2026-01-11 --client Globex --invoice 'INV 2026-001' >'$E2E_OUT/bill.txt' 2>&1"
pb log all >"$E2E_OUT/history.txt" 2>&1

pb export "${range[@]}" --format csv >"$E2E_OUT/export.csv"
pb export "${range[@]}" --format csv --kind work >"$E2E_OUT/work.csv"
pb export "${range[@]}" --format json >"$E2E_OUT/export.json"
pb report "${range[@]}" --json >"$E2E_OUT/report.json"
need "the report bills, in one currency" jq -e '.billing.currency == "EUR" and .billing.totals[0].amount_minor > 0' "$E2E_OUT/report.json"

cat >"$E2E_TMP/check.py" <<'EOF'
"""Reads the CSV as a spreadsheet does and checks it against report --json."""
import csv, json, sys
from collections import defaultdict
from decimal import Decimal

csv_path, work_path, json_path, report_path = sys.argv[1:5]
problems = []
def check(ok, what):
    print(("ok: " if ok else "FAILED: ") + what)
    if not ok:
        problems.append(what)

raw = open(csv_path, "rb").read()
check(raw.count(b"\r\n") >= 1 and raw.replace(b"\r\n", b"").count(b"\r") == 0,
      "rows end in CRLF (RFC 4180)")
raw.decode("utf-8")
with open(csv_path, newline="", encoding="utf-8") as file:
    rows = list(csv.reader(file))
header, body = rows[0], rows[1:]
want = ("id,kind,start,end,seconds,hours,project,outcome,internal,external,gap,note,tags,"
        "rate,billable_seconds,rounded_seconds,amount,billed,invoice").split(",")
check(header == want, f"the header row names the columns ({','.join(header)})")
check(all(len(row) == len(header) for row in body), "every row has as many fields as the header")
records = [dict(zip(header, row)) for row in body]
exported = {r["id"]: r for r in json.load(open(json_path, encoding="utf-8"))}
check(len(records) == len(exported), f"one row per record ({len(records)})")
check(all((row["note"] or None) == exported[row["id"]]["note"] for row in records),
      "notes with commas, quotes, line breaks and non-ASCII read back as written")
check(any("\n" in row["note"] for row in records) and any('"' in row["note"] for row in records),
      "the notes hold a line break and a quote")

report = json.load(open(report_path, encoding="utf-8"))["billing"]
amount = defaultdict(Decimal)
rounded = defaultdict(int)
billable = defaultdict(int)
for row in records:
    if row["rounded_seconds"] == "":
        check(row["amount"] == "" and row["rate"] == "", f"{row['id']}: not billed, no rate or amount")
        continue
    project = row["project"] or None
    if row["amount"]:
        amount[project] += Decimal(row["amount"])
    rounded[project] += int(row["rounded_seconds"])
    billable[project] += int(row["billable_seconds"])
lines = defaultdict(lambda: {"amount": Decimal(0), "rounded": 0, "billable": 0})
for line in report["lines"]:
    sums = lines[line["project"]]
    if line.get("amount_minor") is not None:
        sums["amount"] += Decimal(line["amount_minor"]) / 100
    sums["rounded"] += line["rounded"]
    sums["billable"] += line["billable"]
check(set(lines) == set(rounded), f"the same projects bill ({sorted(map(str, rounded))})")
for project, sums in lines.items():
    check(amount[project] == sums["amount"],
          f"{project}: the rows' amounts {amount[project]} = report's {sums['amount']}")
    check(rounded[project] == sums["rounded"],
          f"{project}: rounded seconds {rounded[project]} = report's {sums['rounded']}")
    check(billable[project] == sums["billable"],
          f"{project}: billable seconds {billable[project]} = report's {sums['billable']}")
total = sum(amount.values(), Decimal(0))
check(total == Decimal(report["totals"][0]["amount_minor"]) / 100,
      f"the amounts add up to report's total ({total} = {report['amount']})")
check(sum(rounded.values()) == report["rounded"], f"rounded seconds add up ({report['rounded']})")
check(sum(billable.values()) == report["billable"], f"billable seconds add up ({report['billable']})")
check(any(row["rate"] == "80.00 EUR/h" for row in records)
      and any(row["rate"] == "95.50 EUR/h" for row in records)
      and any(row["rate"] == "60.00 EUR/h" for row in records),
      "the client's rate before and after its change, and the tag rate, each on its rows")
check({line["rate"]["text"] for line in report["lines"] if line["project"] == "globex-api"}
      >= {"80.00 EUR/h", "95.50 EUR/h", "60.00 EUR/h"}, "globex-api bills on three lines")
breaks = [r for r in records if r["kind"] == "short-break"]
check(len(breaks) == 2 and all(r["amount"] == "" for r in breaks), "the breaks bill nothing")
clock = next(r for r in records if r["id"] == "e2e.w1")
check(clock["billable_seconds"] == "3000", "the focus-started clock bills its hour less its breaks (3000 s)")

with open(work_path, newline="", encoding="utf-8") as file:
    work = list(csv.DictReader(file))
billed = [r for r in work if r["billed"]]
check({r["invoice"] for r in billed} == {"INV 2026-001"}, "the billed rows name the invoice")
check({r["project"] for r in billed} == {"globex-api", "globex-web"}
      and all(r["start"] < "2026-01-12" for r in billed), "the bill marks Globex's first week only")
print("billed seconds", sum(int(r["seconds"]) for r in billed))
sys.exit(1 if problems else 0)
EOF
python3 "$E2E_TMP/check.py" "$E2E_OUT/export.csv" "$E2E_OUT/work.csv" "$E2E_OUT/export.json" \
  "$E2E_OUT/report.json" >"$E2E_OUT/check.txt" 2>&1
status=$?
while read -r line; do log "csv: $line"; done <"$E2E_OUT/check.txt"
expect "the CSV, read by Python's csv, adds up to report --json (check.txt)" test "$status" -eq 0
billed=$(awk '/^billed seconds/ { print $3 }' "$E2E_OUT/check.txt")
expect "the billed rows' seconds ($billed) are report's billed" \
  test "$billed" = "$(jq -r '.billed' "$E2E_OUT/report.json")"

# A restore: pomobar's own JSON or CSV export, imported into a fresh history, keeps what
# was invoiced.
pb export --format json >"$E2E_TMP/all.json"
pb export --format csv >"$E2E_TMP/all.csv"
invoiced() { python3 -c 'import csv, sys; print(sorted(r["id"] + " " + r["invoice"] for r in csv.DictReader(open(sys.argv[1], newline="")) if r["billed"]))' "$1"; }
for format in json csv; do
  export XDG_DATA_HOME="$E2E_TMP/restored-$format" XDG_STATE_HOME="$E2E_TMP/restored-$format-state"
  mkdir -p "$XDG_DATA_HOME" "$XDG_STATE_HOME"
  need "the $format export imports into a fresh history" bash -c "'$E2E_BIN' import '$E2E_TMP/all.$format' >'$E2E_OUT/restore-$format.txt' 2>&1"
  pb report "${range[@]}" --json >"$E2E_OUT/restored-$format.json"
  expect "the history restored from $format reports the same billed and unbilled time and amount" \
    test "$(jq -c '[.billed, .unbilled, .billing.amount]' "$E2E_OUT/restored-$format.json")" = \
    "$(jq -c '[.billed, .unbilled, .billing.amount]' "$E2E_OUT/report.json")"
  pb export "${range[@]}" --format csv --kind work >"$E2E_OUT/restored-$format-work.csv"
  expect "the history restored from $format bills the same records on the same invoice" \
    test "$(invoiced "$E2E_OUT/restored-$format-work.csv")" = "$(invoiced "$E2E_OUT/work.csv")"
done
finish
