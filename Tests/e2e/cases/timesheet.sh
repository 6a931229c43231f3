#!/usr/bin/env bash
# timesheet: `pomobar report --timesheet` as a client gets it. A generated October (its
# hostile names: `<script>`, quotes and `&`, Hebrew, an emoji; notes with markup) billed
# to three clients, one with a rate that changes on 2026-10-26, one with a tag rate, part
# of it billed on an invoice. The page, read back from headless Chromium's DOM
# (--dump-dom), must be valid HTML (tidy) with every number on it equal to
# `report --timesheet --json`, whose totals are `report --json`'s; Chromium draws it
# (PNG, A4 wide) and `report --timesheet --pdf` prints it: one A4 page per client
# (pdfinfo), each client's name and total on its own page (pdftotext). Without Chromium,
# --pdf fails and says how to print.
source "$(dirname "$0")/../lib.sh"

command -v chromium >/dev/null || skip "chromium is not installed (.ci/e2e-deps.sh)"
command -v tidy >/dev/null || skip "tidy is not installed (.ci/e2e-deps.sh)"
command -v pdfinfo >/dev/null || skip "pdfinfo is not installed (poppler-utils, .ci/e2e-deps.sh)"
command -v python3 >/dev/null || skip "python3 is not installed"
TOOLS="$E2E_ROOT/Tests/e2e/tools"

setup_pomobar '[projects.api]
client = "Globex"
rate = "95 EUR/h"

[projects."עברית"]
client = "Globex"

[projects."<script>alert(1)</script>"]
client = "Initech <&>"
rate = "80 USD/h"

[projects."🍅 tomato"]
client = "Umbrella"
rate = ["70 EUR/h", "85 EUR/h from 2026-10-26"]

[projects."quo\"te & '"'"'amp'"'"'"]
billable = false

[clients.Globex]
rate = "90 EUR/h"

[billing]
round = "15m"
tag-rates = { "client call" = "60 EUR/h" }'
export TZ=Europe/Berlin

python3 "$TOOLS/month-history.py" 2026 10 >"$E2E_TMP/october.json"
need "pomobar imports the generated month" pb import "$E2E_TMP/october.json"
range=(--from 2026-10-19 --to 2026-10-31)
need "bill Globex's first week on an invoice" \
  pb bill --from 2026-10-19 --to 2026-10-23 --client Globex --invoice "2026-042"
pb report "${range[@]}" --json >"$E2E_OUT/report.json"
need "report --timesheet --json" pb report "${range[@]}" --timesheet --json >"$E2E_OUT/timesheet.json"
need "report --timesheet writes text" pb report "${range[@]}" --timesheet >"$E2E_OUT/timesheet.txt"
need "report --timesheet --html writes the page" pb report "${range[@]}" --timesheet --html >"$E2E_OUT/timesheet.html"
clients=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["clients"]))' "$E2E_OUT/timesheet.json")
note "$clients clients, page $(wc -c <"$E2E_OUT/timesheet.html") bytes"
expect "three clients and projects without one have billed work" test "$clients" -eq 4

tidy -errors -q "$E2E_OUT/timesheet.html" >"$E2E_OUT/tidy.log" 2>&1
rc=$?
expect "tidy finds nothing to say about the page" test "$rc" -eq 0

chrome=(timeout 60 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run
  --disable-background-networking --disable-component-update --disable-sync --disable-extensions
  --host-resolver-rules='MAP * ~NOTFOUND')
page="file://$E2E_OUT/timesheet.html"
"${chrome[@]}" --user-data-dir="$E2E_TMP/chromium-dom" --dump-dom "$page" >"$E2E_OUT/dom.html" 2>>"$E2E_OUT/chromium.log"
expect "Chromium reads the page (--dump-dom)" test -s "$E2E_OUT/dom.html"
python3 "$TOOLS/check-timesheet.py" "$E2E_OUT/dom.html" "$E2E_OUT/timesheet.json" "$E2E_OUT/report.json" \
  >"$E2E_OUT/numbers.log" 2>&1
rc=$?
log "$(cat "$E2E_OUT/numbers.log")"
expect "every number in Chromium's DOM equals --json ($(tail -n 1 "$E2E_OUT/numbers.log"))" test "$rc" -eq 0

# The report's page with the bill: a Billed card, every number (billing's too) --json's.
need "report --html writes the page" pb report "${range[@]}" --html >"$E2E_OUT/report.html"
python3 "$TOOLS/check-report-html.py" "$E2E_OUT/report.html" "$E2E_OUT/report.json" >"$E2E_OUT/report-numbers.log" 2>&1
rc=$?
expect "every number on the report's page equals report --json ($(tail -n 1 "$E2E_OUT/report-numbers.log"))" \
  test "$rc" -eq 0
expect "... billed and unbilled among them" grep -q 'data-json="\[&quot;unbilled&quot;\]"' "$E2E_OUT/report.html"

# --client: that client's page alone, the same as in the whole.
pb report "${range[@]}" --timesheet --client Umbrella --json >"$E2E_OUT/umbrella.json"
expect "--client Umbrella is Umbrella's page of the whole" python3 -c '
import json, sys
whole, one = (json.load(open(name)) for name in sys.argv[1:3])
sys.exit([c for c in whole["clients"] if c["name"] == "Umbrella"] != one["clients"])' \
  "$E2E_OUT/timesheet.json" "$E2E_OUT/umbrella.json"

# Pictures to look at: the sheets at a screen's width, and the first at A4's.
expect "Chromium draws the page" "${chrome[@]}" --user-data-dir="$E2E_TMP/chromium-png" --window-size=900,3600 \
  --screenshot="$E2E_OUT/timesheet.png" "$page" >>"$E2E_OUT/chromium.log" 2>&1
expect "Chromium draws the page at A4 (794x1123)" "${chrome[@]}" --user-data-dir="$E2E_TMP/chromium-a4" \
  --window-size=794,1123 --screenshot="$E2E_OUT/timesheet-a4.png" "$page" >>"$E2E_OUT/chromium.log" 2>&1
colors=$("$CONVERT" "$E2E_OUT/timesheet.png" -format '%k' info: 2>/dev/null)
expect "the picture has text on it ($colors colours)" test "${colors:-0}" -gt 20

# pomobar's own print: one A4 page per client, each with its name and total.
timeout 150 "$E2E_BIN" report "${range[@]}" --timesheet --pdf "$E2E_OUT/timesheet.pdf" >"$E2E_OUT/pdf.log" 2>&1
rc=$?
expect "report --timesheet --pdf prints (status $rc)" test "$rc" -eq 0
pdfinfo "$E2E_OUT/timesheet.pdf" >"$E2E_OUT/pdfinfo.txt" 2>&1
pages=$(awk '/^Pages:/ { print $2 }' "$E2E_OUT/pdfinfo.txt")
expect "the PDF has a page per client ($pages pages, $clients clients)" test "${pages:-0}" -eq "$clients"
expect "the PDF is A4" grep -q 'Page size:.*(A4)' "$E2E_OUT/pdfinfo.txt"
python3 - "$E2E_OUT/timesheet.json" >"$E2E_OUT/pages.txt" <<'PY'
import json, sys
for page in json.load(open(sys.argv[1]))["clients"]:
    whole, cents = divmod(page["total"]["amounts"][0]["amount_minor"], 100)
    name = page["name"] or "(no client)"
    print(f'{name}\t{whole:,}.{cents:02d} {page["total"]["amounts"][0]["currency"]}')
PY
n=0
while IFS=$'\t' read -r name total; do
  n=$((n + 1))
  pdftotext -layout -f "$n" -l "$n" "$E2E_OUT/timesheet.pdf" "$E2E_OUT/page-$n.txt"
  expect "PDF page $n names $name" grep -qF -- "$name" "$E2E_OUT/page-$n.txt"
  expect "PDF page $n totals $total" grep -qF -- "$total" "$E2E_OUT/page-$n.txt"
  pdftoppm -r 80 -png -f "$n" -l "$n" "$E2E_OUT/timesheet.pdf" "$E2E_OUT/pdf-page-$n"
done <"$E2E_OUT/pages.txt"

# Without Chromium: status 1, a reason, the way to print by hand, and no file.
PATH=/nonexistent "$E2E_BIN" report "${range[@]}" --timesheet --pdf "$E2E_OUT/none.pdf" >"$E2E_OUT/nochrome.log" 2>&1
rc=$?
expect "--pdf without Chromium fails (status $rc)" test "$rc" -eq 1
expect "... and says to print the --html page" grep -q -- "--html" "$E2E_OUT/nochrome.log"
expect "... and writes no file" test ! -e "$E2E_OUT/none.pdf"

finish
