#!/usr/bin/env bash
# shell-snippets: the contrib/ snippets for desktop shells (Quickshell, eww, AGS,
# ironbar), which read `pomobar watch`. None of the four shells is in Debian, so what
# runs here is what can: pomobar-countdown (eww's and ironbar's helper) on the real
# binary, counting down and (Flowtime) up, the AGS widget's view code compiled by tsc
# --strict and run by node on the binary's real lines, the click commands of the eww and ironbar configs run as those
# shells run them (sh -c), the syntax of the QML (qmllint) and the TSX (the TypeScript
# parser), and the QML widget under qmltestrunner with stand-ins for Quickshell's types.
# The shells' own types (Quickshell.Io, astal) are not checked.
source "$(dirname "$0")/../lib.sh"

setup_pomobar '[timer]
focus = "25m"

[notifications]
enabled = false'
contrib="$E2E_ROOT/contrib"
export POMOBAR="$E2E_BIN"

# --- pomobar-countdown, as eww (--json) and ironbar (--markup) run it
json="$E2E_TMP/countdown.json"
markup="$E2E_TMP/countdown.markup"
"$contrib/watch/pomobar-countdown" --json >"$json" 2>>"$E2E_OUT/countdown.log" </dev/null &
PIDS+=($!)
"$contrib/watch/pomobar-countdown" --markup >"$markup" 2>>"$E2E_OUT/countdown.log" </dev/null &
PIDS+=($!)
lines() { wc -l <"$1"; }
# `ctl pause`, then FILE (a pomobar-countdown's output) gets its paused line, which
# matches the jq FILTER, and no line after it: pause_holds FILE NONE_MORE SAYS FILTER.
pause_holds() {
  local file=$1 n
  pb ctl pause >/dev/null
  wait_for 3 "the paused line" sh -c "tail -n 1 '$file' | jq -e .paused >/dev/null"
  n=$(lines "$file")
  sleep 1.5
  expect "paused: $2 ($n then $(lines "$file"))" test "$(lines "$file")" -eq "$n"
  expect "the paused line $3 (got: $(tail -n 1 "$file"))" jq -e "$4" <<<"$(tail -n 1 "$file")"
}
need "pomobar-countdown --json printed the idle state" wait_for 5 "a line" sh -c "[ \$(wc -l <'$json') -ge 1 ]"
expect "the idle line: grey, 25:00, class idle (got: $(head -n 1 "$json"))" \
  jq -e '.text == "⣿ 25:00" and .color == "#8B8D98" and .class == "idle" and .remaining == 1500' <<<"$(head -n 1 "$json")"
expect "the markup line is Pango (got: $(head -n 1 "$markup"))" \
  test "$(head -n 1 "$markup")" = '<span foreground="#8B8D98">⣿ 25:00</span>'
sleep 1.5
expect "nothing more while idle ($(lines "$json") lines)" test "$(lines "$json")" -eq 1
pb ctl start >/dev/null
expect "a running phase counts down a line a second" wait_for 5 "3 lines" sh -c "[ \$(wc -l <'$json') -ge 4 ]"
expect "the running lines are tomato and count down (got: $(tail -n 2 "$json" | tr '\n' ' '))" \
  sh -c "tail -n 1 '$json' | jq -e '.color == \"#E54D2E\" and .class == \"focus\" and .remaining < 1500 and .remaining > 1490'"
expect "the markup follows (got: $(tail -n 1 "$markup"))" grep -q '<span foreground="#E54D2E">⣿ 24:5[0-9]</span>' "$markup"
counting_down=$(timeout 2 "$E2E_BIN" watch | head -n 1) # for the QML below
pause_holds "$json" "no more lines" "is grey with ⏸" '.color == "#8B8D98" and (.text | endswith("⏸"))'

# A line that arrives in two parts with a tick between them (bash reads a pipe a byte at a
# time, and a tick's read times out mid-line) is read whole, not lost.
split="$E2E_TMP/split-watch"
cat >"$split" <<'EOF'
#!/usr/bin/env bash
up=$(printf '{"v":1,"phase":"focus","paused":false,"urgent":false,"remaining":0,"total":0,"deadline":null,"color":"#E54D2E","classes":["focus"],"problem":null,"elapsed":0,"started":%s}' "$(date +%s%3N)")
paused='{"v":1,"phase":"focus","paused":true,"urgent":false,"remaining":0,"total":0,"deadline":null,"color":"#8B8D98","classes":["focus","paused"],"problem":null,"elapsed":3723,"started":null}'
printf '%s\n%s' "$up" "${paused:0:60}"
sleep 1.5
printf '%s\n' "${paused:60}"
sleep 3
EOF
chmod +x "$split"
got=$(POMOBAR="$split" timeout 2.5 "$contrib/watch/pomobar-countdown" --markup 2>"$E2E_TMP/split.err")
log "split line: $(tr '\n' ' ' <<<"$got") $(cat "$E2E_TMP/split.err")"
expect "a line split across a tick is read whole (got: $(tail -n 1 <<<"$got"))" \
  test "$(tail -n 1 <<<"$got")" = '<span foreground="#8B8D98">↑ 1:02:03 ⏸</span>'

# --- the click commands of the eww and ironbar configs, run as those shells run them
onclick() { sed -nE "s/.*:$1 \"(.*)\"$/\\1/p" "$contrib/eww/eww.yuck"; }
run_click() { log "running: $1"; sh -c "$(sed "s#pomobar ctl#'$E2E_BIN' ctl#g" <<<"$1")" >/dev/null 2>&1; }
pb ctl reset >/dev/null
run_click "$(onclick onclick)"
expect "eww :onclick starts the focus" phase_is focus pb
run_click "$(onclick onrightclick)"
expect "eww :onrightclick skips to the break" phase_is short-break pb
run_click "$(onclick onmiddleclick)"
expect "eww :onmiddleclick stops" phase_is idle pb
pb ctl start >/dev/null
r0=$(pb status --format json | jq .remaining)
run_click "$(onclick onscroll | sed 's/{}/up/g')"
expect "eww :onscroll up extends" test "$(pb status --format json | jq .remaining)" -gt "$((r0 + 30))"
ironbar() { jq -r ".end[0].$1" "$contrib/ironbar/config.json"; }
expect "ironbar's module runs pomobar-countdown in watch mode" \
  test "$(ironbar mode) $(ironbar cmd)" = "watch pomobar-countdown --markup"
run_click "$(ironbar on_click_left)"
paused_now() { pb status --format json | jq -e .paused >/dev/null; }
expect "ironbar on_click_left pauses" paused_now
run_click "$(ironbar on_click_right)"
expect "ironbar on_click_right skips" phase_is short-break pb

# --- AGS: the view code type-checked and run on the binary's real lines
if command -v tsc >/dev/null && command -v node >/dev/null; then
  out="$E2E_TMP/ts"
  expect "pomobar-view.ts passes tsc --strict" tsc --strict --target es2020 --module commonjs --outDir "$out" \
    "$contrib/ags/pomobar-view.ts"
  pb ctl reset >/dev/null
  pb ctl start >/dev/null
  line=$(timeout 3 "$E2E_BIN" watch | head -n 1)
  log "watch line: $line"
  shown=$(node -e 'const v = require(process.argv[1]); const l = JSON.parse(process.argv[2]);
    console.log(v.text(l, l.at), "|", v.text(l, l.deadline - 61000), "|", v.nextTick(l, l.at) <= 1000)' \
    "$out/pomobar-view.js" "$line")
  expect "the AGS view shows the real line (got: $shown)" test "$shown" = "⣿ 25:00 | ⠁ 1:01 | true"
  tsx=$(node -e 'const fs = require("fs"); const ts = require(fs.existsSync("/usr/share/nodejs/typescript") ? "/usr/share/nodejs/typescript" : "typescript"); 
    const out = ts.transpileModule(fs.readFileSync(process.argv[1], "utf8"), { reportDiagnostics: true,
      fileName: "Pomobar.tsx", compilerOptions: { jsx: ts.JsxEmit.Preserve } });
    console.log(out.diagnostics.length)' "$contrib/ags/Pomobar.tsx" 2>&1)
  expect "Pomobar.tsx parses as TypeScript (diagnostics: $tsx)" test "$tsx" = 0
else
  note "AGS not checked: no tsc/node"
fi

# --- Flowtime: a focus that counts up, from the line's `started`
setup_pomobar '[timer]
mode = "flowtime"

[notifications]
enabled = false'
pb ctl reset >/dev/null
up="$E2E_TMP/countup.json"
upmarkup="$E2E_TMP/countup.markup"
"$contrib/watch/pomobar-countdown" --json >"$up" 2>>"$E2E_OUT/countdown.log" </dev/null &
PIDS+=($!)
"$contrib/watch/pomobar-countdown" --markup >"$upmarkup" 2>>"$E2E_OUT/countdown.log" </dev/null &
PIDS+=($!)
need "pomobar-countdown printed the Flowtime idle state" wait_for 5 "a line" sh -c "[ \$(wc -l <'$up') -ge 1 ]"
pb ctl start >/dev/null
expect "a focus that counts up is a line a second" wait_for 6 "3 lines" sh -c "[ \$(wc -l <'$up') -ge 4 ]"
expect "the lines count up from 0:00 (got: $(tr '\n' ' ' <"$up"))" \
  sh -c "tail -n 1 '$up' | jq -e '(.text | test(\"^↑ 0:[0-5][0-9]$\")) and .elapsed >= 1 and .remaining == 0
    and (.class | split(\" \") | index(\"counting-up\")) != null'"
expect "the markup counts up too (got: $(tail -n 1 "$upmarkup"))" \
  grep -q '<span foreground="#E54D2E">↑ 0:0[1-9]</span>' "$upmarkup"
watched=$(timeout 2.5 "$E2E_BIN" watch)
log "watch while counting up: $watched"
expect "watch writes one line for a focus that counts up, none per second ($(wc -l <<<"$watched") lines)" \
  test "$(wc -l <<<"$watched")" -eq 1
expect "the line has started, elapsed and no deadline" \
  jq -e '.deadline == null and (.started | type) == "number" and (.elapsed | type) == "number"' <<<"$watched"
if [ -f "${out:-}/pomobar-view.js" ]; then
  shown=$(node -e 'const v = require(process.argv[1]); const l = JSON.parse(process.argv[2]);
    console.log(v.text(l, l.started + 754000), "|", v.text(l, l.started + 3723000), "|",
      v.nextTick(l, l.started + 250))' "$out/pomobar-view.js" "$watched")
  expect "the AGS view counts up from started (got: $shown)" test "$shown" = "↑ 12:34 | ↑ 1:02:03 | 750"
fi
pause_holds "$up" "the count stops, no more lines" "keeps its time so far with ⏸" \
  '(.text | test("^↑ 0:[0-5][0-9] ⏸$")) and .elapsed >= 1'
paused=$(timeout 2 "$E2E_BIN" watch | head -n 1)
if [ -f "${out:-}/pomobar-view.js" ]; then
  shown=$(node -e 'const v = require(process.argv[1]); const l = JSON.parse(process.argv[2]);
    console.log(v.text(l, l.at) === v.text(l, l.at + 60000), v.nextTick(l, l.at))' \
    "$out/pomobar-view.js" "$paused")
  expect "the AGS view holds a paused count still (got: $shown)" test "$shown" = "true null"
fi

# --- Quickshell: the QML's syntax (its Quickshell types cannot be resolved here)
qmllint=$(command -v qmllint || echo /usr/lib/qt6/bin/qmllint)
if [ -x "$qmllint" ]; then
  expect "Pomobar.qml and shell.qml parse (qmllint, Quickshell's types left out)" \
    "$qmllint" --import disable --type disable --property disable --signal disable --unqualified disable \
    --required disable "$contrib/quickshell/Pomobar.qml" "$contrib/quickshell/shell.qml"
else
  note "QML not checked: no qmllint"
fi
# ... and the widget itself under qmltestrunner, with stand-ins for Quickshell's types
# (Tests/e2e/qml/Quickshell), fed the binary's real lines: counting down, up, paused.
qmltest=$(command -v qmltestrunner || echo /usr/lib/qt6/bin/qmltestrunner)
if [ -x "$qmltest" ]; then
  qml="$E2E_TMP/qml"
  cp -r "$E2E_ROOT/Tests/e2e/qml" "$qml"
  cp "$contrib/quickshell/Pomobar.qml" "$qml/"
  printf '.pragma library\nvar countingDown = %s;\nvar countingUp = %s;\nvar paused = %s;\n' \
    "$(jq -Rc . <<<"$counting_down")" "$(jq -Rc . <<<"$watched")" "$(jq -Rc . <<<"$paused")" >"$qml/lines.js"
  expect "Pomobar.qml counts down, counts a Flowtime focus up, holds a paused one, and clicks run ctl" \
    env QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$E2E_TMP" timeout 60 "$qmltest" -import "$qml" \
    -input "$qml/tst_pomobar.qml" -o "$E2E_OUT/qmltest.txt,txt"
  log "qmltestrunner: $(grep Totals "$E2E_OUT/qmltest.txt")"
else
  note "Pomobar.qml not run: no qmltestrunner"
fi
note "not run: Quickshell, eww, AGS and ironbar themselves (none is in Debian)"
finish
