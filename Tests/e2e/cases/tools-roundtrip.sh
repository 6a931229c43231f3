#!/usr/bin/env bash
# tools-roundtrip: the whole ledger out to the real tools and back (issue 25, section 4).
# timewarrior 1.4.3: a database made by `timew` itself (clients as plain tags, activity
# tags, a session across midnight, one across the night of the DST change, annotations),
# read by pomobar and written back with docs/import-export.md's recipe into a fresh
# database: every `timew summary` per day and per tag is the same; into the database it
# came from, nothing is doubled. pomobar -> timew -> pomobar: notes with a backslash,
# quotes, a line break, a control character and non-ASCII go in, `timew export` stays
# JSON (jq), `timew tag` and `lengthen` work on them, and the history read back has the
# same per-day, per-project and per-tag totals; a focus's task is its annotation in
# `timew export`. Watson 2.1: frames made by `watson` go
# back with their own updated_at, so `watson merge` without a terminal asks nothing; a
# record amended in pomobar goes with a newer updated_at.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/../lib-timew.sh"

command -v timew >/dev/null || skip "timew is not installed (.ci/e2e-deps.sh)"
command -v watson >/dev/null || skip "watson is not installed (.ci/e2e-deps.sh)"
command -v jq >/dev/null || skip "jq is not installed"

setup_pomobar
export TZ=Europe/Berlin WATSON_DIR="$E2E_TMP/watson"
mkdir -p "$WATSON_DIR"
pomobar() { pb "$@"; }
tw() { timew "$@" >>"$E2E_OUT/timew.log" 2>&1; }
new_db() { # DIR: an empty timewarrior database
  export TIMEWARRIORDB=$1
  mkdir -p "$TIMEWARRIORDB/data"
  yes | timew >/dev/null 2>&1 # first run: creates timewarrior.cfg without asking again
}
# docs/import-export.md's recipe, read from the page (lib-timew.sh)
timew_total() { # FROM TO [TAG]: seconds `timew summary` gives
  local t
  t=$(timew summary "$1" - "$2" ${3:+"$3"} 2>/dev/null | awk 'NF == 1 && $1 ~ /^[0-9]+:[0-9][0-9]:[0-9][0-9]$/ { v = $1 } END { print v }')
  [ -n "$t" ] || t=0:00:00
  awk -F: '{ print $1 * 3600 + $2 * 60 + $3 }' <<<"$t"
}
DAYS=(2026-03-27 2026-03-28 2026-03-29 2026-03-30 2026-03-31)
TAGS=(acme globex "Umbrella Corp" initech internal billable dev meeting review admin)
summaries() { # the per-day totals and the per-day totals of each tag, one line each
  local i day next tag
  for ((i = 0; i < ${#DAYS[@]} - 1; i++)); do
    day=${DAYS[i]} next=${DAYS[i + 1]}
    printf '%s all %s\n' "$day" "$(timew_total "$day" "$next")"
    for tag in "${TAGS[@]}"; do printf '%s %s %s\n' "$day" "$tag" "$(timew_total "$day" "$next" "$tag")"; done
  done
}
report() { # [XDG_DATA_HOME]: pomobar's per-day, per-project and per-tag totals
  XDG_DATA_HOME=${1:-$XDG_DATA_HOME} pb report --from 2026-03-20 --to 2026-04-05 --json | jq -c '{
    work, focus, breaks: .breaks.seconds, projects: [.projects[] | [.name, .seconds]],
    tags: [.tags[] | [.name, .seconds]],
    days: [.days[] | select(.work > 0 or .focus > 0) | [.date, .work, .focus, .projects]]}'
}

# --- timewarrior -> pomobar -> timewarrior
new_db "$E2E_TMP/timew-a"
tw track 2026-03-27T09:00 - 2026-03-27T11:30 acme billable dev
tw track 2026-03-27T13:00 - 2026-03-27T14:00 globex meeting
tw track 2026-03-27T23:00 - 2026-03-28T01:30 "Umbrella Corp" billable
tw track 2026-03-29T01:30 - 2026-03-29T04:00 internal admin
tw track 2026-03-29T10:00 - 2026-03-29T12:00 acme billable review
tw track 2026-03-30T09:00 - 2026-03-30T10:00 initech meeting
tw annotate @4 'call with "Bob" – Grüße'
tw annotate @1 'kick-off, ünïcode'
timew export >"$E2E_OUT/timew-a.json" 2>>"$E2E_OUT/timew.log"
need "timew made the database ($(jq length "$E2E_OUT/timew-a.json") intervals)" \
  test "$(jq length "$E2E_OUT/timew-a.json")" = 6
summaries >"$E2E_OUT/summary-a.txt"
need "pomobar imports timew's export" pb import "$E2E_OUT/timew-a.json"
report >"$E2E_OUT/report-pomobar.json"
# into a fresh database
new_db "$E2E_TMP/timew-b"
into_timew
cp "$TIMEWARRIORDB/data/2026-03.data" "$E2E_OUT/timew-b.data"
timew export >"$E2E_OUT/timew-b.json" 2>>"$E2E_OUT/timew.log"
expect "timew -> pomobar -> timew: every interval is there ($(jq length "$E2E_OUT/timew-b.json") of 6)" \
  test "$(jq length "$E2E_OUT/timew-b.json")" = 6
summaries >"$E2E_OUT/summary-b.txt"
expect "timew -> pomobar -> timew: timew summary per day and per tag as before ($(wc -l <"$E2E_OUT/summary-a.txt") totals)" \
  cmp -s "$E2E_OUT/summary-a.txt" "$E2E_OUT/summary-b.txt"
annotations() { jq -c '[.[] | [.start, .annotation]] | sort' "$1"; }
expect "timew -> pomobar -> timew: the annotations as they were" \
  test "$(annotations "$E2E_OUT/timew-a.json")" = "$(annotations "$E2E_OUT/timew-b.json")"
# into the database they came from: replaced, not doubled
export TIMEWARRIORDB="$E2E_TMP/timew-a"
into_timew
summaries >"$E2E_OUT/summary-a-again.txt"
expect "the recipe into the database the intervals came from doubles none ($(timew export | jq length) intervals)" \
  cmp -s "$E2E_OUT/summary-a.txt" "$E2E_OUT/summary-a-again.txt"
note "timew -> pomobar -> timew: $(grep -c . "$E2E_OUT/summary-a.txt") summary totals equal"

# --- pomobar -> timewarrior -> pomobar, with notes timewarrior's parser trips on
export XDG_DATA_HOME="$E2E_TMP/data-notes"
rec() { # id kind start end seconds project note(JSON) [tags, a JSON array]
  printf '{"id":"%s","kind":"%s","start":"2026-03-%s:00+01:00","end":"2026-03-%s:00+01:00","seconds":%s,"project":%s,"outcome":%s,"internal":0,"external":0,"gap":0,"note":%s,"tags":%s}\n' \
    "$1" "$2" "$3" "$4" "$5" "$6" "$([ "$2" = work ] && echo null || echo '"completed"')" "$7" "${8:-[]}"
}
note_json='"C:\\temp\\new \"quoted\" line\nbreak\u0007bell Grüße"'
{
  echo '['
  rec n.1 work 23T09:00 23T12:00 10800 '"acme"' "$note_json" '["billable","dev"]'; echo ,
  rec n.2 focus 23T09:10 23T09:35 1500 '"acme"' '"deep \\ work"'; echo ,
  rec n.3 short-break 23T09:35 23T09:40 300 '"acme"' null; echo ,
  rec n.4 work 23T23:00 24T01:00 7200 '"Umbrella Corp"' null '["billable"]'; echo ,
  rec n.5 work 24T14:00 24T15:00 3600 null '"no project\there"' '["admin"]'; echo ,
  rec n.6 focus 25T10:00 25T10:25 1500 '"globex"' null; echo ,
  # a focus for a task (pomobar ctl task): its annotation in timewarrior
  rec n.7 focus 25T11:00 25T11:25 1500 '"globex"' null | sed 's/}$/,"task":{"title":"write the report","source":"taskwarrior"}}/'
  echo ']'
} >"$E2E_OUT/notes.json"
need "pomobar imports the noted history" pb import "$E2E_OUT/notes.json"
report >"$E2E_OUT/report-notes.json"
pb export --format timewarrior >"$E2E_OUT/notes-timewarrior.json"
expect "export --format timewarrior is JSON" jq -e . "$E2E_OUT/notes-timewarrior.json" >/dev/null
new_db "$E2E_TMP/timew-c"
into_timew
cp "$TIMEWARRIORDB/data/2026-03.data" "$E2E_OUT/timew-c.data"
timew export >"$E2E_OUT/timew-c.json" 2>>"$E2E_OUT/timew.log"
expect "timew export of the notes is valid JSON (jq)" jq -e . "$E2E_OUT/timew-c.json" >/dev/null
kept='C:⧵temp⧵new "quoted" line break bell Grüße'
expect "the note reads back in timew as '$kept'" \
  jq -e --arg k "$kept" 'any(.[]; .annotation == $k)' "$E2E_OUT/timew-c.json" >/dev/null
expect "the focus's note reads back in timew as 'deep ⧵ work'" \
  jq -e 'any(.[]; .annotation == "deep ⧵ work")' "$E2E_OUT/timew-c.json" >/dev/null
expect "the focus's task reads back in timew export as its annotation" \
  jq -e 'any(.[]; .annotation == "write the report" and .start == "20260325T100000Z")' "$E2E_OUT/timew-c.json" >/dev/null
# timewarrior finds its intervals by their lines: changing them works (on a copy)
cp -r "$E2E_TMP/timew-c" "$E2E_TMP/timew-c2"
export TIMEWARRIORDB="$E2E_TMP/timew-c2"
noted=$(timew export | jq --arg k "$kept" '[.[] | select(.annotation == $k)][0].id')
expect "timew tag @$noted (an interval with the note) works" tw tag "@$noted" extra
expect "timew lengthen @1 works" tw lengthen @1 5min
expect "timew export after the changes is valid JSON" sh -c 'timew export | jq -e . >/dev/null'
export TIMEWARRIORDB="$E2E_TMP/timew-c"
# back into an empty history
XDG_DATA_HOME="$E2E_TMP/data-notes-back" pb import "$E2E_OUT/timew-c.json" >>"$E2E_OUT/pomobar.log" 2>&1
report "$E2E_TMP/data-notes-back" >"$E2E_OUT/report-notes-back.json"
expect "pomobar -> timew -> pomobar: per-day, per-project and per-tag totals as they were ($(cat "$E2E_OUT/report-notes.json"))" \
  cmp -s "$E2E_OUT/report-notes.json" "$E2E_OUT/report-notes-back.json"

# --- Watson: frames made by watson go back as they came
export XDG_DATA_HOME="$E2E_TMP/data-watson"
echo '[]' >"$WATSON_DIR/frames"
watson add -f "2026-03-27 09:00" -t "2026-03-27 11:00" acme +billable +dev >>"$E2E_OUT/watson.log" 2>&1
watson add -f "2026-03-27 13:00" -t "2026-03-27 14:00" globex +meeting >>"$E2E_OUT/watson.log" 2>&1
watson add -f "2026-03-28 10:00" -t "2026-03-28 11:30" umbrella +billable >>"$E2E_OUT/watson.log" 2>&1
# as if they were written a minute after they ended, long before now
jq '[.[] | .[5] = .[1] + 60]' "$WATSON_DIR/frames" >"$E2E_TMP/frames" && cp "$E2E_TMP/frames" "$WATSON_DIR/frames"
cp "$WATSON_DIR/frames" "$E2E_OUT/watson-frames.json"
need "watson made 3 frames" test "$(jq length "$WATSON_DIR/frames")" = 3
need "pomobar imports Watson's frames" pb import "$WATSON_DIR/frames"
pb export --format watson >"$E2E_TMP/pomobar.frames"
cp "$E2E_TMP/pomobar.frames" "$E2E_OUT/pomobar.frames"
sorted() { jq -c 'sort_by(.[3])' "$1"; }
expect "each frame goes back exactly as watson wrote it, updated_at included" \
  test "$(sorted "$WATSON_DIR/frames")" = "$(sorted "$E2E_TMP/pomobar.frames")"
before=$(sha256sum <"$WATSON_DIR/frames")
expect "watson merge of pomobar's frames, without a terminal, asks nothing" \
  sh -c 'watson merge "$0" </dev/null >"$1" 2>&1' "$E2E_TMP/pomobar.frames" "$E2E_OUT/watson-merge.txt"
expect "... and changes nothing ($(tr '\n' ' ' <"$E2E_OUT/watson-merge.txt"))" \
  test "$before" = "$(sha256sum <"$WATSON_DIR/frames")"
# a record added in pomobar merges without a question
pb track 2026-03-30 9:00-10:00 acme >>"$E2E_OUT/pomobar.log" 2>&1
pb export --format watson >"$E2E_TMP/pomobar-2.frames"
expect "watson merge --force of a new frame, without a terminal, takes it" \
  sh -c 'watson merge --force "$0" </dev/null >"$1" 2>&1' "$E2E_TMP/pomobar-2.frames" "$E2E_OUT/watson-merge-2.txt"
expect "watson has the 4th frame" test "$(jq length "$WATSON_DIR/frames")" = 4
# a record amended in pomobar goes with the amend's time, newer than Watson's
id=$(pb log all | awk '/globex/ { print $1; exit }')
pb history amend "$id" --project initech >>"$E2E_OUT/pomobar.log" 2>&1
pb export --format watson >"$E2E_TMP/pomobar-3.frames"
cp "$E2E_TMP/pomobar-3.frames" "$E2E_OUT/pomobar-3.frames"
old=$(jq '.[] | select(.[2] == "globex") | .[5]' "$WATSON_DIR/frames")
new=$(jq '.[] | select(.[2] == "initech") | .[5]' "$E2E_TMP/pomobar-3.frames")
expect "the amended frame's updated_at ($new) is newer than Watson's ($old)" test "${new:-0}" -gt "${old:-0}"
unchanged=$(jq -c '[.[] | select(.[2] != "initech")] | sort_by(.[3])' "$E2E_TMP/pomobar-3.frames")
expect "the other frames keep theirs" \
  test "$unchanged" = "$(jq -c '[.[] | select(.[2] != "globex")] | sort_by(.[3])' "$WATSON_DIR/frames")"
sh -c 'watson merge --force "$0" </dev/null >"$1" 2>&1' "$E2E_TMP/pomobar-3.frames" "$E2E_OUT/watson-merge-3.txt"
expect "watson merge finds that one frame changed, and only it" \
  grep -q "^1 *frames will need to be resolved" "$E2E_OUT/watson-merge-3.txt"
note "watson: $(jq length "$WATSON_DIR/frames") frames, merged without a terminal"

finish
