#!/usr/bin/env bash
# hledger-org: `export --format timeclock` read by the real hledger (Debian 12: 1.25),
# and `export --format org` summed by the real Emacs (28.2, org 9.5).
# A history in Europe/Berlin with several projects, one with a space and one with a
# colon in its name (one account each), a session across midnight, one across the night
# of the clock change (25 October 2025), a paused record, a focus on a day without the
# work clock (work, as report counts it), a record without a project, a tag with a space
# and a note: `hledger balance` per account equals `pomobar report --json` per project,
# and the hours of the entries tagged `client call` equal `report --tag`. Every interval
# is a whole number of 36 s, the hundredth of an hour hledger rounds each session to.
# Emacs's `org-clock-sum` (in UTC, where the clocks count as written) gives each
# heading the minutes of `report --json` per project.
source "$(dirname "$0")/../lib.sh"

command -v hledger >/dev/null || skip "hledger is not installed (.ci/e2e-deps.sh)"
command -v emacs >/dev/null || skip "emacs is not installed (.ci/e2e-deps.sh)"
command -v jq >/dev/null || skip "jq is not installed"

setup_pomobar
export TZ=Europe/Berlin
log "$(hledger --version)"

rec() { # id kind start end seconds project
  printf '{"id":"%s","kind":"%s","start":"%s","end":"%s","seconds":%s,"project":%s,"outcome":%s,"internal":0,"external":0,"gap":0,"note":null,"tags":[]}\n' \
    "$1" "$2" "$3" "$4" "$5" "$6" "$([ "$2" = work ] && echo null || echo '"completed"')"
}
{
  echo '['
  rec e2e.1 work 2025-10-26T01:30:00+02:00 2025-10-26T02:30:00+01:00 7200 '"initech"'; echo ,
  rec e2e.2 work 2026-01-07T13:00:00+01:00 2026-01-07T14:00:00+01:00 2520 '"globex"'; echo ,
  rec e2e.3 focus 2026-01-08T10:00:00+01:00 2026-01-08T10:24:00+01:00 1440 '"acme"'
  echo ']'
} >"$E2E_TMP/more.json"
need "pomobar imports the clock-change night, the paused record and the focus" pb import "$E2E_TMP/more.json"
track() { pb track "$@" >>"$E2E_OUT/pomobar.log" 2>&1; }
need "track acme" track 2026-01-05 9:00 10:30 acme +billable "+client call" --note "fixed the login; twice"
need "track Umbrella Corp" track 2026-01-05 11:00 12:12 Umbrella Corp +billable
need "track client: x" track 2026-01-05 13:00 13:45 "client: x" "+client call"
need "track globex past midnight" track 2026-01-05 22:30 00:45 globex
need "track without a project" track 2026-01-06 9:00 9:33
pb log all >"$E2E_OUT/history.txt" 2>&1

pb export --format timeclock >"$E2E_OUT/history.timeclock"
pb report all --json >"$E2E_OUT/report.json"
expect "the export holds a clock-in and a clock-out per record" test "$(grep -c '^i ' "$E2E_OUT/history.timeclock")" -eq 8 -a \
  "$(grep -c '^o ' "$E2E_OUT/history.timeclock")" -eq 8
need "hledger reads the export" hledger -f "$E2E_OUT/history.timeclock" balance -O csv -o "$E2E_OUT/balance.csv"
hledger -f "$E2E_OUT/history.timeclock" print >"$E2E_OUT/print.txt" 2>&1

# Per project: report's seconds as hours in hundredths; the account hledger shows.
jq -r '.projects[] | [(.name // "(no project)"), .seconds] | @tsv' "$E2E_OUT/report.json" |
  while IFS=$'\t' read -r name seconds; do
    printf '%s\t%s\n' "${name//:/：}" "$(awk -v s="$seconds" 'BEGIN { printf "%.2fh", s / 3600 }')"
  done | sort >"$E2E_OUT/want.tsv"
# hledger's CSV: "account","balance" rows, then "total".
awk -F'","' 'NR > 1 && $1 != "\"total" { gsub(/^"|"$/, "", $1); gsub(/"$/, "", $2); print $1 "\t" $2 }' \
  "$E2E_OUT/balance.csv" | sort >"$E2E_OUT/got.tsv"
expect "report has the five projects and the time without one" test "$(wc -l <"$E2E_OUT/want.tsv")" -eq 6
expect "hledger balance per account equals report --json per project ($(paste -sd' ' "$E2E_OUT/got.tsv"))" \
  cmp -s "$E2E_OUT/want.tsv" "$E2E_OUT/got.tsv"
expect "the colon stays in one account: no sub-account of client" bash -c "! grep -q '^client:' '$E2E_OUT/got.tsv'"
expect "the night across midnight is split by hledger into two days" \
  grep -q '^2026-01-06 \* 00:00-00:45' "$E2E_OUT/print.txt"

# Tags are in the description (hledger 1.43 reads them as tags): the hours of the
# entries tagged `client call` (client_call:) equal report's work with that tag.
want=$(pb report all --tag "client call" --json | jq -r '.work' | awk '{ printf "%.2fh", $1 / 3600 }')
got=$(hledger -f "$E2E_OUT/history.timeclock" balance desc:client_call: -O csv | awk -F'","' '$1 == "\"total" { gsub(/"/, "", $2); print $2 }')
expect "hledger's hours tagged client call ($got) equal report --tag ($want)" test "$got" = "$want"
pb export --format timeclock --kind all >"$E2E_OUT/all.timeclock"
expect "with --kind all the focus is on an account of its own, focus:acme (0.40h)" bash -c \
  "hledger -f '$E2E_OUT/all.timeclock' balance -O csv | grep -qx '\"focus:acme\",\"0.40h\"'"
expect "the note is the description" grep -q '^2026-01-05 \* fixed the login； twice ; billable:, client_call:' "$E2E_OUT/print.txt"

# --- Emacs: org-clock-sum's minutes per heading
pb export --format org >"$E2E_OUT/history.org"
TZ=UTC timeout 120 emacs --batch -Q --eval '(progn
  (require (quote org))
  (find-file (car command-line-args-left))
  (org-clock-sum)
  (org-map-entries (lambda ()
    (princ (format "%s\t%d\n" (org-get-heading t t t t)
                   (or (get-text-property (point) :org-clock-minutes) 0))))))' \
  "$E2E_OUT/history.org" 2>"$E2E_OUT/emacs.log" | sort >"$E2E_OUT/org-got.tsv"
jq -r '.projects[] | [(.name // "(no project)"), (.seconds / 60)] | @tsv' "$E2E_OUT/report.json" |
  sort >"$E2E_OUT/org-want.tsv"
expect "Emacs reads six headings" test "$(wc -l <"$E2E_OUT/org-got.tsv")" -eq 6
expect "org-clock-sum per heading equals report --json per project ($(paste -sd' ' "$E2E_OUT/org-got.tsv"))" \
  cmp -s "$E2E_OUT/org-want.tsv" "$E2E_OUT/org-got.tsv"
finish
