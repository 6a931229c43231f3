#!/usr/bin/env bash
# report-html: `pomobar report --html` and `export --format ics` read by real programs.
# A generated October (five projects with names to escape, focus sessions, tags, notes,
# night work across the change back to winter time) is imported; the month's page must
# be valid HTML (tidy), render in headless Chromium at a desktop size, as an A4 page and
# as PDF, in light and in dark (prefers-color-scheme), with no request but the file in
# Chromium's network log, and every number on it equal to `report --json`. The calendar
# export, read by Python's icalendar with TZ=Europe/Berlin: one event per record with the
# recorded instants and offsets on both sides of the change, and the same UIDs in two
# exports. Five clients of one day on a page of their own: their colours told apart
# (CIEDE2000 20 or more between any two, in both schemes).
source "$(dirname "$0")/../lib.sh"

command -v chromium >/dev/null || skip "chromium is not installed (.ci/e2e-deps.sh)"
command -v tidy >/dev/null || skip "tidy is not installed (.ci/e2e-deps.sh)"
PY=""
for candidate in python3 /usr/bin/python3; do
  if "$candidate" -c 'import icalendar' 2>/dev/null; then PY=$candidate; break; fi
done
[ -n "$PY" ] || skip "python3-icalendar is not installed (.ci/e2e-deps.sh)"
TOOLS="$E2E_ROOT/Tests/e2e/tools"

setup_pomobar '[ledger]
daily-goal = "4h"

[projects.api]
goal = "1h"
weekly-goal = "6h"'
export TZ=Europe/Berlin

"$PY" "$TOOLS/month-history.py" 2026 10 >"$E2E_TMP/october.json"
need "pomobar imports the generated month" pb import "$E2E_TMP/october.json"
range=(--from 2026-10-01 --to 2026-10-31)
pb report "${range[@]}" --json >"$E2E_OUT/report.json"
need "report --html writes the page" pb report "${range[@]}" --html >"$E2E_OUT/report.html"
need "report --svg writes the chart" pb report "${range[@]}" --svg >"$E2E_OUT/chart.svg"
note "page $(wc -c <"$E2E_OUT/report.html") bytes"

# Valid HTML, no warnings either (tidy: 0 clean, 1 warnings, 2 errors).
tidy -errors -q "$E2E_OUT/report.html" >"$E2E_OUT/tidy.log" 2>&1
rc=$?
expect "tidy finds nothing to say about the page" test "$rc" -eq 0
"$PY" -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$E2E_OUT/chart.svg" \
  2>"$E2E_OUT/svg.log"
rc=$?
expect "the SVG is well-formed XML" test "$rc" -eq 0

# Every number on the page is the JSON's.
"$PY" "$TOOLS/check-report-html.py" "$E2E_OUT/report.html" "$E2E_OUT/report.json" >"$E2E_OUT/numbers.log" 2>&1
rc=$?
expect "every number on the page equals report --json ($(tail -n 1 "$E2E_OUT/numbers.log"))" test "$rc" -eq 0

# Headless Chromium, with every host name unresolvable (nothing leaves the machine even
# if the page asked); its net log must show no request made for the page. The browser's
# own services (time, updates) are requests with no origin ("not an origin"); a page's,
# from a file, have the opaque origin "null": a control page that asks for a style sheet
# and an image shows that the check sees them.
page="file://$E2E_OUT/report.html"
shot() { # NAME WIDTH HEIGHT [FLAGS...]: a screenshot of $url (default the page), its net log beside it
  local name=$1 width=$2 height=$3 url=${url:-$page}
  shift 3
  timeout 60 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync --disable-extensions \
    --host-resolver-rules='MAP * ~NOTFOUND' \
    --user-data-dir="$E2E_TMP/chromium-$name" --log-net-log="$E2E_OUT/netlog-$name.json" \
    --window-size="$width,$height" --screenshot="$E2E_OUT/$name.png" "$@" "$url" \
    >>"$E2E_OUT/chromium.log" 2>&1
}
printf '%s' '<!DOCTYPE html><html lang="en"><head><title>control</title>
<link rel="stylesheet" href="https://example.invalid/style.css"></head>
<body><img src="http://192.0.2.1/pixel.png" alt=""></body></html>' >"$E2E_OUT/control.html"
url="file://$E2E_OUT/control.html" expect "Chromium renders the control page" shot control 400 300
need "Chromium renders the page at a desktop size" shot desktop 1280 3600
expect "Chromium renders the page at A4 (794x1123)" shot a4 794 1123
expect "Chromium renders the page in dark mode" shot dark 1280 900 --force-dark-mode
timeout 60 chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
  --user-data-dir="$E2E_TMP/chromium-pdf" --no-pdf-header-footer --print-to-pdf="$E2E_OUT/report.pdf" "$page" \
  >>"$E2E_OUT/chromium.log" 2>&1
expect "Chromium prints the page to PDF" test -s "$E2E_OUT/report.pdf"
requests() { # NETLOG: the URLs requested for a page (with an origin), one a line
  "$PY" -c '
import json, sys
log = json.load(open(sys.argv[1]))
start = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
urls = set()
for event in log["events"]:
    params = event.get("params") or {}
    if event["type"] == start and params.get("url") and params.get("initiator") != "not an origin":
        urls.add(params["url"])
print("\n".join(sorted(urls)))' "$1"
}
requests "$E2E_OUT/netlog-control.json" >"$E2E_OUT/requests-control.txt" 2>&1
expect "the net log shows the control page's two requests" test "$(grep -c . "$E2E_OUT/requests-control.txt")" -eq 2
url="file://$E2E_OUT/chart.svg" expect "Chromium renders the chart alone (--svg)" shot svg 1000 420
for name in desktop a4 dark svg; do
  requests "$E2E_OUT/netlog-$name.json" >"$E2E_OUT/requests-$name.txt" 2>&1
  rc=$?
  expect "the $name net log was read" test "$rc" -eq 0
  expect "no request leaves the page ($name)" test "$(grep -c . "$E2E_OUT/requests-$name.txt")" -eq 0
done
# The pictures are the page, in its schemes: the light background, the dark one.
pixel() { "$CONVERT" "$1" -format '%[hex:u.p{8,8}]' info: 2>/dev/null; }
expect "the light page has the light background (#FFF8F0)" test "$(pixel "$E2E_OUT/desktop.png")" = FFF8F0
expect "the dark page has the theme's background (#1C1917)" test "$(pixel "$E2E_OUT/dark.png")" = 1C1917
colors=$("$CONVERT" "$E2E_OUT/desktop.png" -format '%k' info: 2>/dev/null)
expect "the desktop picture has charts in it ($colors colours)" test "${colors:-0}" -gt 50
colors=$("$CONVERT" "$E2E_OUT/svg.png" -format '%k' info: 2>/dev/null)
expect "the chart alone is drawn, in the projects' colours ($colors colours)" test "${colors:-0}" -gt 20

# Five clients on one page (issue 25: globex and internal were two dark greens, initech
# and Umbrella Corp two purples): any two projects' colours at least CIEDE2000 20 apart,
# in the light and the dark scheme; both drawn, for a person to look at.
day=2026-09-15
hour=8
for client in acme globex initech "Umbrella Corp" internal; do
  need "track $client" pb track "$day" "$hour:00-$((hour + 1)):30" "$client"
  hour=$((hour + 2))
done
need "report --html of the five clients" pb report --from "$day" --to "$day" --html >"$E2E_OUT/clients.html"
"$PY" "$TOOLS/check-page-colors.py" "$E2E_OUT/clients.html" 20 >"$E2E_OUT/clients-colors.log" 2>&1
rc=$?
log "$(cat "$E2E_OUT/clients-colors.log")"
expect "the five clients' colours differ by CIEDE2000 20 or more ($(tail -n 1 "$E2E_OUT/clients-colors.log"))" \
  test "$rc" -eq 0
url="file://$E2E_OUT/clients.html" expect "Chromium renders the five clients' page" shot clients 1280 1500
url="file://$E2E_OUT/clients.html" expect "... and in dark mode" shot clients-dark 1280 1500 --force-dark-mode

# The calendar export: two exports, read by icalendar across the change of 25 October.
ics=(--from 2026-10-19 --to 2026-10-31)
pb export "${ics[@]}" --format ics --focus >"$E2E_OUT/first.ics"
pb export "${ics[@]}" --format ics --focus >"$E2E_OUT/second.ics"
pb export "${ics[@]}" --format json >"$E2E_OUT/records.json"
expect "every line of the calendar ends in CRLF" test "$(grep -c $'\r$' "$E2E_OUT/first.ics")" -eq "$(wc -l <"$E2E_OUT/first.ics")"
expect "no line of the calendar is longer than 75 octets" \
  test "$(LC_ALL=C awk '{ sub(/\r$/, ""); if (length($0) > 75) n++ } END { print n + 0 }' "$E2E_OUT/first.ics")" -eq 0
"$PY" "$TOOLS/check-ics.py" "$E2E_OUT/first.ics" "$E2E_OUT/second.ics" "$E2E_OUT/records.json" >"$E2E_OUT/ics.log" 2>&1
rc=$?
expect "icalendar reads the export as the history ($(tail -n 1 "$E2E_OUT/ics.log"))" test "$rc" -eq 0

finish
