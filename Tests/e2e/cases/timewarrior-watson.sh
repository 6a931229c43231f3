#!/usr/bin/env bash
# timewarrior-watson: pomobar's exports read by the real tools, and back.
# timewarrior 1.4.3 (Debian 12, no `timew import`): docs/import-export.md's recipe puts
# `export --format timewarrior-data` into TIMEWARRIORDB's month files; `timew summary`
# per tag and per day must equal `pomobar report --json`; `timew export` read back
# adds nothing, and the recipe run again leaves the data files as they were.
# Watson 2.1: `watson merge` of pomobar's frames gives `watson report` totals equal
# to pomobar's; watson -> pomobar -> `watson merge --force` adds nothing; an edited
# frame read again is reported changed, not added.
# Tags: records tagged in pomobar (one tag with a space, one named like a kind) go to
# timew and Watson as their tags (`timew summary TAG`, `watson report --tag TAG` equal
# `pomobar report --tag TAG`), and come back from either tool into an empty history with
# every day's per-tag totals and each record's project and tags as they were.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/../lib-timew.sh"

command -v timew >/dev/null || skip "timew is not installed (.ci/e2e-deps.sh)"
command -v watson >/dev/null || skip "watson is not installed (.ci/e2e-deps.sh)"
command -v jq >/dev/null || skip "jq is not installed"

setup_pomobar
export TZ=UTC TIMEWARRIORDB="$E2E_TMP/timew" WATSON_DIR="$E2E_TMP/watson"
mkdir -p "$TIMEWARRIORDB/data" "$WATSON_DIR"
yes | timew >/dev/null 2>&1 # first run: creates timewarrior.cfg without asking again

# A history with focus sessions and breaks inside work, a paused focus (counts 20 of
# 30 minutes), a break outside work, and projects named like kinds, over two days.
rec() { # id kind start end seconds project [tags, a JSON array]
  printf '{"id":"%s","kind":"%s","start":"%s","end":"%s","seconds":%s,"project":%s,"outcome":%s,"internal":0,"external":0,"gap":0,"note":null,"tags":%s}\n' \
    "$1" "$2" "$3" "$4" "$5" "$6" "$([ "$2" = work ] && echo null || echo '"completed"')" "${7:-[]}"
}
{
  echo '['
  rec e2e.1 focus 2026-01-05T09:10:00Z 2026-01-05T09:35:00Z 1500 '"api"' '["billable"]'; echo ,
  rec e2e.2 short-break 2026-01-05T09:35:00Z 2026-01-05T09:40:00Z 300 '"api"'; echo ,
  rec e2e.3 focus 2026-01-05T13:05:00Z 2026-01-05T13:35:00Z 1200 '"focus"'; echo ,
  rec e2e.4 long-break 2026-01-05T15:00:00Z 2026-01-05T15:15:00Z 900 null; echo ,
  rec e2e.5 focus 2026-01-06T10:00:00Z 2026-01-06T10:25:00Z 1500 '"work"'; echo ,
  rec e2e.6 work 2026-01-06T15:00:00Z 2026-01-06T16:00:00Z 3600 '"client"' '["billable","client call","focus"]'; echo ,
  rec e2e.7 focus 2026-01-06T15:10:00Z 2026-01-06T15:35:00Z 1500 '"client"' '["billable","client call","focus"]'; echo ,
  rec e2e.8 work 2026-01-06T16:00:00Z 2026-01-06T16:30:00Z 1800 null '["admin"]'
  echo ']'
} >"$E2E_TMP/focus.json"
need "pomobar imports the focus sessions" pb import "$E2E_TMP/focus.json"
pb track 2026-01-05 9:00 11:00 api >>"$E2E_OUT/pomobar.log" 2>&1
pb track 2026-01-05 13:00 14:00 focus >>"$E2E_OUT/pomobar.log" 2>&1
pb track 2026-01-06 9:30 12:00 work >>"$E2E_OUT/pomobar.log" 2>&1
pb track 2026-01-06 13:00 14:00 "a b" >>"$E2E_OUT/pomobar.log" 2>&1
pb log all >"$E2E_OUT/history.txt" 2>&1
expect "log shows the tags after the project" grep -q 'client +billable +"client call" +focus$' "$E2E_OUT/history.txt"
# Each day's tags and their totals, and the records' projects and tags, to compare with
# what comes back from the tools.
tags_of() { # DAY [XDG_DATA_HOME]: the day's per-tag totals as one line of JSON
  XDG_DATA_HOME=${2:-$XDG_DATA_HOME} pb report --from "$1" --to "$1" --json | jq -c '[.tags[] | [.name, .seconds]]'
}
tagged() { # [XDG_DATA_HOME]: each "project tags" that tagged records have, once (the tools
  # get pieces of one timeline, so records come back cut where a focus starts and ends)
  XDG_DATA_HOME=${1:-$XDG_DATA_HOME} pb export --format json |
    jq -r '.[] | select((.tags // []) != []) | "\(.project) \(.tags | sort | join("|"))"' | sort -u
}

# --- timewarrior 1.5+: the JSON has no overlaps (timew import refused any overlap)
pb export --format timewarrior >"$E2E_OUT/timewarrior.json"
expect "export --format timewarrior: no interval overlaps the next" \
  jq -e '[.[] | [.start, .end]] | sort | . as $a | [range(1; length) | $a[.-1][1] <= $a[.][0]] | all' "$E2E_OUT/timewarrior.json" >/dev/null

# --- timewarrior 1.4.3: docs/import-export.md's recipe, read from the page (lib-timew.sh)
pomobar() { pb "$@"; }
into_timew
cp "$TIMEWARRIORDB/data/2026-01.data" "$E2E_OUT/2026-01.data"
timew_total() { # DAY TAG: seconds of TAG on DAY from `timew summary`
  local next t
  next=$(date -u -d "$1 + 1 day" +%F)
  t=$(timew summary "$1" - "$next" ${2:+"$2"} 2>/dev/null | awk 'NF == 1 && $1 ~ /^[0-9]+:[0-9][0-9]:[0-9][0-9]$/ { v = $1 } END { print v }')
  [ -n "$t" ] || t=0:00:00
  awk -F: '{ print $1 * 3600 + $2 * 60 + $3 }' <<<"$t"
}
checks=0
for day in 2026-01-05 2026-01-06; do
  pb report --from "$day" --to "$day" --json >"$E2E_OUT/report-$day.json"
  r() { jq -r "$1" "$E2E_OUT/report-$day.json"; }
  for pair in "work=.work" "focus=.focus" "api=(.days[0].projects.api // 0)" \
    "project:focus=(.days[0].projects.focus // 0)" "project:work=(.days[0].projects.work // 0)" \
    "a b=(.days[0].projects[\"a b\"] // 0)"; do
    tag=${pair%%=*}
    want=$(r "${pair#*=}")
    got=$(timew_total "$day" "$tag")
    expect "$day: timew summary $tag ($got s) equals pomobar report ($want s)" test "$got" = "$want"
    checks=$((checks + 1))
  done
  for tag in billable "client call" tag:focus admin; do
    t=${tag#tag:}
    want=$(pb report --from "$day" --to "$day" --tag "$t" --json | jq .work)
    got=$(timew_total "$day" "$tag")
    expect "$day: timew summary $tag ($got s) equals pomobar report --tag $t ($want s)" test "$got" = "$want"
    checks=$((checks + 1))
  done
  got=$(($(timew_total "$day" short-break) + $(timew_total "$day" long-break)))
  expect "$day: timew summary of the breaks ($got s) equals pomobar report ($(r .breaks.seconds) s)" \
    test "$got" = "$(r .breaks.seconds)"
done
note "timew 1.4.3 summary = pomobar report on $checks day/tag totals ($(timew_total 2026-01-05 work) s of work on 2026-01-05)"

# timewarrior -> pomobar -> timewarrior adds nothing
timew export >"$E2E_TMP/timew-export.json" 2>>"$E2E_OUT/timew.log"
pb import "$E2E_TMP/timew-export.json" >"$E2E_OUT/reimport-timew.txt" 2>&1
expect "timew export read back adds no record ($(cat "$E2E_OUT/reimport-timew.txt"))" \
  grep -q ": 0 records added" "$E2E_OUT/reimport-timew.txt"
XDG_DATA_HOME="$E2E_TMP/fresh" pb import "$E2E_TMP/timew-export.json" >>"$E2E_OUT/reimport-timew.txt" 2>&1
fresh_work=$(XDG_DATA_HOME="$E2E_TMP/fresh" pb report --from 2026-01-05 --to 2026-01-05 --json | jq .work)
expect "timew export into an empty history: work on 2026-01-05 $fresh_work s = timew's" \
  test "$fresh_work" = "$(timew_total 2026-01-05 work)"
for day in 2026-01-05 2026-01-06; do
  expect "pomobar -> timew -> pomobar: $day's tags $(tags_of "$day" "$E2E_TMP/fresh") as they were" \
    test "$(tags_of "$day" "$E2E_TMP/fresh")" = "$(tags_of "$day")"
done
tagged >"$E2E_OUT/tagged.txt"
tagged "$E2E_TMP/fresh" >"$E2E_OUT/tagged-timew.txt"
expect "pomobar -> timew -> pomobar: projects with their tags as they were ($(paste -sd, "$E2E_OUT/tagged.txt"))" \
  cmp -s "$E2E_OUT/tagged.txt" "$E2E_OUT/tagged-timew.txt"
sum_before=$(sha256sum "$TIMEWARRIORDB/data/2026-01.data")
into_timew
XDG_DATA_HOME="$E2E_TMP/fresh" into_timew
expect "the recipe run again (and from the history read back) leaves timew's data as it was" \
  test "$sum_before" = "$(sha256sum "$TIMEWARRIORDB/data/2026-01.data")"

# --- Watson: pomobar -> watson
pb export --format watson >"$E2E_TMP/pomobar.frames"
echo '[]' >"$WATSON_DIR/frames"
need "watson merge --force takes pomobar's frames" sh -c 'watson merge --force "$0" >"$1" 2>&1' \
  "$E2E_TMP/pomobar.frames" "$E2E_OUT/watson-merge-1.txt"
for day in 2026-01-05 2026-01-06; do
  watson report -f "$day" -t "$day" --json >"$E2E_OUT/watson-report-$day.json" 2>>"$E2E_OUT/watson.log"
  w() { jq -r "$1" "$E2E_OUT/watson-report-$day.json"; }
  r() { jq -r "$1" "$E2E_OUT/report-$day.json"; }
  for p in api focus work "a b"; do
    got=$(w "[.projects[] | select(.name == \"$p\") | .time] | add // 0 | floor")
    want=$(r "(.days[0].projects[\"$p\"] // 0)")
    expect "$day: watson report, project $p ($got s) equals pomobar ($want s)" test "$got" = "$want"
  done
  got=$(watson report -f "$day" -t "$day" -T focus --json 2>/dev/null | jq '.time | floor')
  expect "$day: watson report --tag focus ($got s) equals pomobar focus ($(r .focus) s)" test "$got" = "$(r .focus)"
  for tag in billable "client call" tag:focus admin; do
    t=${tag#tag:}
    want=$(pb report --from "$day" --to "$day" --tag "$t" --json | jq .work)
    got=$(watson report -f "$day" -t "$day" -T "$tag" --json 2>/dev/null | jq '.time | floor')
    expect "$day: watson report --tag '$tag' ($got s) equals pomobar report --tag '$t' ($want s)" test "$got" = "$want"
  done
done
# pomobar -> watson -> pomobar: Watson's own frames file into an empty history
XDG_DATA_HOME="$E2E_TMP/fresh-watson" pb import "$WATSON_DIR/frames" >"$E2E_OUT/import-watson-fresh.txt" 2>&1
for day in 2026-01-05 2026-01-06; do
  expect "pomobar -> watson -> pomobar: $day's tags $(tags_of "$day" "$E2E_TMP/fresh-watson") as they were" \
    test "$(tags_of "$day" "$E2E_TMP/fresh-watson")" = "$(tags_of "$day")"
done
tagged "$E2E_TMP/fresh-watson" >"$E2E_OUT/tagged-watson.txt"
expect "pomobar -> watson -> pomobar: projects with their tags as they were" \
  cmp -s "$E2E_OUT/tagged.txt" "$E2E_OUT/tagged-watson.txt"

# watson -> pomobar -> watson adds nothing
watson add -f "2026-01-07 09:00" -t "2026-01-07 11:00" web +client >>"$E2E_OUT/watson.log" 2>&1
frames_before=$(jq length "$WATSON_DIR/frames")
total_before=$(watson report -f 2026-01-01 -t 2026-01-31 --json 2>/dev/null | jq .time)
pb import "$WATSON_DIR/frames" >"$E2E_OUT/import-watson.txt" 2>&1
pb export --format watson >"$E2E_TMP/round.frames"
watson merge --force "$E2E_TMP/round.frames" >"$E2E_OUT/watson-merge-2.txt" 2>&1
frames_after=$(jq length "$WATSON_DIR/frames")
total_after=$(watson report -f 2026-01-01 -t 2026-01-31 --json 2>/dev/null | jq .time)
expect "watson merge of the round trip adds no frame ($frames_before, then $frames_after)" test "$frames_before" = "$frames_after"
expect "watson's total is unchanged ($total_before s, then $total_after s)" test "$total_before" = "$total_after"
note "watson: $frames_after frames, $total_after s before and after the round trip"

# an edited frame (as `watson edit` leaves it: same id, other stop) replaces its record
# rather than add one: pomobar's total grows by exactly the 1800 s Watson's did
work_before=$(pb report --from 2026-01-01 --to 2026-01-31 --json | jq .work)
jq '(.[] | select(.[2] == "web")) |= (.[1] += 1800)' "$WATSON_DIR/frames" >"$E2E_TMP/edited.frames"
pb import "$E2E_TMP/edited.frames" >"$E2E_OUT/import-edited.txt" 2>&1
expect "an edited frame read again replaces its record ($(head -n 1 "$E2E_OUT/import-edited.txt"))" \
  grep -q ": 0 records added, 1 changed" "$E2E_OUT/import-edited.txt"
work_after=$(pb report --from 2026-01-01 --to 2026-01-31 --json | jq .work)
expect "the replaced frame's 1800 s more count once ($work_before s, then $work_after s)" \
  test "$((work_after - work_before))" = 1800

finish
