# Tests/e2e/lib-notify.sh: a notification daemon on a private session bus, for the cases
# that watch pomobar's notifications and press their buttons. Sourced after lib.sh.
#
# Under Xvfb (dunst) everything runs as the current user: start_session_bus, start_dunst.
# Under headless sway (mako, swaync) everything runs as $E2E_USER (sway refuses root; a
# session bus takes clients of its own user only): sway, start_user_bus, the daemon, and
# pomobar (pbu), whose notifier runs notify-send on that bus.

# How the bus's clients run: nothing for the current user's bus, as_user for $E2E_USER's.
BUS_AS=()

# start_session_bus: a private session bus as the current user (start_user_bus: as
# $E2E_USER), and a dbus-monitor writing every Notify call to $E2E_OUT/notify-calls.txt;
# exports DBUS_SESSION_BUS_ADDRESS.
start_session_bus() { BUS_AS=(); start_bus; }
start_user_bus() { BUS_AS=(as_user); start_bus; }
start_bus() {
  local bus_file="$E2E_TMP/bus.txt"
  : >"$bus_file"
  if [ ${#BUS_AS[@]} -gt 0 ]; then
    chown "$E2E_USER:" "$bus_file"
    user_cmd dbus-daemon --session --nofork --nopidfile --print-address=3
  else
    UCMD=(dbus-daemon --session --nofork --nopidfile --print-address=3)
  fi
  "${UCMD[@]}" 3>"$bus_file" >>"$E2E_OUT/dbus.log" 2>&1 </dev/null &
  PIDS+=($!)
  wait_for 10 "session bus address" test -s "$bus_file" || fail_now "dbus-daemon did not start"
  DBUS_SESSION_BUS_ADDRESS=$(head -n 1 "$bus_file")
  export DBUS_SESSION_BUS_ADDRESS
  log "session bus: $DBUS_SESSION_BUS_ADDRESS"
  local monitor=(dbus-monitor --session "type='method_call',interface='org.freedesktop.Notifications',member='Notify'")
  if [ ${#BUS_AS[@]} -gt 0 ]; then user_cmd "${monitor[@]}"; else UCMD=("${monitor[@]}"); fi
  "${UCMD[@]}" >"$E2E_OUT/notify-calls.txt" 2>&1 </dev/null &
  PIDS+=($!)
}

# name_owned: a daemon owns org.freedesktop.Notifications (asked without D-Bus
# activation, which would start whichever daemon's service file comes first).
name_owned() {
  "${BUS_AS[@]}" dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.Notifications 2>/dev/null | grep -q 'boolean true'
}

# server_name: the daemon's name from GetServerInformation.
server_name() {
  "${BUS_AS[@]}" dbus-send --session --print-reply --dest=org.freedesktop.Notifications /org/freedesktop/Notifications \
    org.freedesktop.Notifications.GetServerInformation 2>/dev/null | sed -n 's/^ *string "\(.*\)"$/\1/p' | head -n 1
}

# notify_calls: how many Notify calls reached the bus so far.
notify_calls() { grep -c 'member=Notify' "$E2E_OUT/notify-calls.txt" 2>/dev/null || true; }

# pomobar_notified SUMMARY: a Notify call from pomobar with SUMMARY went over the bus.
pomobar_notified() { grep -qF "string \"$1\"" "$E2E_OUT/notify-calls.txt" 2>/dev/null; }

# notifier_gone: no `pomobar __notify` of this case is waiting for a button any more.
notifier_gone() { ! marked_running ' __notify '; }

# make_picker MATCH LOG: $E2E_TMP/pick.sh, the stand-in for dmenu or wofi that a daemon's
# action menu runs: it logs the lines it is offered to LOG and prints the first that
# matches the line in $E2E_TMP/pick (MATCH: grep's -F for a part of the line, -xF for all
# of it).
make_picker() {
  cat >"$E2E_TMP/pick.sh" <<PICK
#!/bin/sh
tee -a '$2' | grep -m1 $1 "\$(cat '$E2E_TMP/pick')"
PICK
  chmod 755 "$E2E_TMP/pick.sh"
}

# ---------------------------------------------------------------- dunst

# start_dunst: dunst 1.9 on the case's X display and bus, its notifications white with a
# tomato frame, icons at the left, no timeout, and its action menu (`dmenu`) the picker,
# which logs the menu to $E2E_OUT/dunst-menu.txt. Sets DUNST_PID.
start_dunst() {
  make_picker -F "$E2E_OUT/dunst-menu.txt"
  cat >"$E2E_TMP/dunstrc" <<RC
[global]
    font = DejaVu Sans 11
    dmenu = $E2E_TMP/pick.sh
    width = 420
    origin = top-right
    offset = 10x10
    frame_width = 2
    frame_color = "$TOMATO"
    icon_position = left
    max_icon_size = 48
[urgency_normal]
    background = "#FFFFFF"
    foreground = "#202020"
    timeout = 0
RC
  cp "$E2E_TMP/dunstrc" "$E2E_OUT/dunstrc"
  spawn dunst dunst -config "$E2E_TMP/dunstrc"
  DUNST_PID=${PIDS[-1]}
  need "dunst owns org.freedesktop.Notifications" wait_for 10 "dunst on the bus" name_owned
  need "dunst answers on the private bus" wait_for 10 "dunstctl debug" sh -c 'dunstctl debug >/dev/null 2>&1'
}

# displayed N: dunst displays N notifications.
displayed() { [ "$(dunstctl count displayed 2>/dev/null)" = "$1" ]; }

# dunst_press LABEL: the button LABEL of the notification on top, pressed the way a dunst
# user presses it: `dunstctl context` opens dunst's action menu (the picker), dunst
# invokes the action picked.
dunst_press() {
  printf '%s\n' "$1" >"$E2E_TMP/pick"
  log "dunstctl context: pressing '$1'"
  dunstctl context
}

# start_sway_notifications DAEMON COMMAND...: what a case of DAEMON under headless sway
# starts with: it skips unless each COMMAND is installed; then a 2 s focus with
# `[focus-mode] dnd = "DAEMON"`, sway, and the private bus as $E2E_USER.
start_sway_notifications() {
  local daemon=$1 c; shift
  for c in "$@" notify-send dbus-daemon dbus-monitor dbus-send jq; do
    command -v "$c" >/dev/null || skip "$c is not installed (.ci/e2e-deps.sh)"
  done
  ensure_user
  setup_pomobar "[timer]
focus = \"2s\"
short-break = \"30s\"
long-break = \"40s\"

[focus-mode]
dnd = \"$daemon\""
  sway_config "$E2E_TMP/sway.conf"
  start_sway "$E2E_TMP/sway.conf"
  start_user_bus
}

# ---------------------------------------------------------------- mako

# start_mako: mako on the case's sway and bus, its notifications white with a tomato
# border and no timeout, and `[mode=do-not-disturb] invisible=1` as the docs ask.
start_mako() {
  cat >"$E2E_TMP/mako.conf" <<CONF
font=DejaVu Sans 11
background-color=#FFFFFF
text-color=#202020
border-color=$TOMATO
border-size=4
default-timeout=0
anchor=top-right

[mode=do-not-disturb]
invisible=1
CONF
  cp "$E2E_TMP/mako.conf" "$E2E_OUT/mako.conf"
  chown "$E2E_USER:" "$E2E_TMP/mako.conf"
  user_cmd mako -c "$E2E_TMP/mako.conf"
  "${UCMD[@]}" >>"$E2E_OUT/mako.log" 2>&1 </dev/null &
  PIDS+=($!)
  need "mako owns org.freedesktop.Notifications" wait_for 10 "mako on the bus" name_owned
  need "makoctl answers on the private bus" wait_for 10 "makoctl mode" makoctl_answers
  # The picker makoctl menu runs logs what it was offered to $E2E_TMP/menu.txt (which
  # the user may write).
  make_picker -xF "$E2E_TMP/menu.txt"
  touch "$E2E_TMP/menu.txt"
  chown "$E2E_USER:" "$E2E_TMP/menu.txt"
}
makoctl_answers() { as_user makoctl mode >/dev/null 2>&1; }

# mako_id SUMMARY: the id of the notification mako holds with SUMMARY.
mako_id() {
  as_user makoctl list 2>/dev/null | jq -r --arg s "$1" '[.data[0][] | select(.summary.data == $s) | .id.data][0] // empty'
}
# mako_actions SUMMARY: its buttons as mako has them, KEY=LABEL a line.
mako_actions() {
  as_user makoctl list 2>/dev/null | jq -r --arg s "$1" '.data[0][] | select(.summary.data == $s) | .actions.data | to_entries[] | "\(.key)=\(.value)"'
}

# mako_press SUMMARY LABEL: the button LABEL of the notification SUMMARY, pressed the way
# a mako user presses it: `makoctl menu -n ID PICKER` hands the picker the labels, one a
# line, and invokes the one it prints.
mako_press() {
  local id; id=$(mako_id "$1")
  [ -n "$id" ] || { log "no notification '$1' to press"; return 1; }
  printf '%s\n' "$2" >"$E2E_TMP/pick"
  chmod 644 "$E2E_TMP/pick"
  log "makoctl menu -n $id: pressing '$2' on '$1'"
  as_user timeout 10 makoctl menu -n "$id" "$E2E_TMP/pick.sh"
}

# ---------------------------------------------------------------- swaync

# The flat colour swaync draws the Nth action button in (start_swaync's style.css).
BUTTON_COLOURS=('#00C000' '#0000E0' '#C000C0')

# start_swaync: swaync on the case's sway and bus, with popups that stay until acted on,
# no transitions, and a style that gives the notification a tomato frame and each action
# button a flat colour of its own (BUTTON_COLOURS).
start_swaync() {
  mkdir -p "$E2E_TMP/swaync"
  cat >"$E2E_TMP/swaync/config.json" <<'JSON'
{
  "positionX": "right",
  "positionY": "top",
  "layer": "overlay",
  "cssPriority": "user",
  "timeout": 0,
  "timeout-low": 0,
  "timeout-critical": 0,
  "notification-window-width": 500,
  "transition-time": 0,
  "hide-on-action": true,
  "widgets": ["notifications"]
}
JSON
  local i
  {
    echo '* { font-family: "DejaVu Sans"; font-size: 14px; transition: none; }'
    echo ".notification { background: #FFFFFF; border: 4px solid $TOMATO; border-radius: 0; box-shadow: none; margin: 6px 12px; }"
    echo '.notification-content { padding: 6px; }'
    echo '.summary, .body, .time { color: #202020; text-shadow: none; }'
    echo '.notification-default-action, .notification-default-action:hover { background: #FFFFFF; border: none; }'
    for i in 1 2 3; do
      echo ".notification-action:nth-child($i), .notification-action:nth-child($i):hover { background: ${BUTTON_COLOURS[i - 1]}; background-image: none; color: #FFFFFF; border: none; border-radius: 0; box-shadow: none; min-height: 36px; }"
    done
  } >"$E2E_TMP/swaync/style.css"
  cp "$E2E_TMP/swaync/config.json" "$E2E_TMP/swaync/style.css" "$E2E_OUT/"
  chown -R "$E2E_USER:" "$E2E_TMP/swaync"
  user_cmd NO_AT_BRIDGE=1 GTK_A11Y=none GDK_BACKEND=wayland swaync -c "$E2E_TMP/swaync/config.json" -s "$E2E_TMP/swaync/style.css"
  "${UCMD[@]}" >>"$E2E_OUT/swaync.log" 2>&1 </dev/null &
  PIDS+=($!)
  need "swaync owns org.freedesktop.Notifications" wait_for 10 "swaync on the bus" name_owned
}

# swaync_press N: a real click (the virtual pointer) on the Nth action button of the
# notification on screen, found by its colour in a fresh screenshot.
swaync_press() {
  local n=$1 shot box count x0 y0 x1 y1
  shot=$(shot_wl "press-button-$n")
  box=$(colour_box "$shot" "${BUTTON_COLOURS[n - 1]}")
  read -r count x0 y0 x1 y1 <<<"$box"
  [ "$count" -ge 100 ] || { log "button $n is not on screen ($count px of ${BUTTON_COLOURS[n - 1]})"; return 1; }
  log "vpointer click on button $n at $(((x0 + x1) / 2)),$(((y0 + y1) / 2)) ($count px)"
  vpointer move "$(((x0 + x1) / 2))" "$(((y0 + y1) / 2))" click left
}

# ---------------------------------------------------------------- the away question

# come_back_from_away: a time away the user comes back from, with the work clock on api:
# the clock since 10 min ago, away since 5 min ago (as an idle daemon's timeout says it,
# `ctl away --ago 5m`), back now; "Away 5 min" waits for an answer. It happens a quarter
# of an hour on: every pomobar run from here reads the clocks 15 min late
# (POMOBAR_TEST_CLOCK), else the clock dated back would overlap what the case recorded
# so far, and be refused (one timeline). The timer is stopped first.
come_back_from_away() {
  pbu ctl stop >/dev/null
  printf 'awake 900\n' >"$E2E_TMP/test-clock"
  chmod 644 "$E2E_TMP/test-clock"
  export POMOBAR_TEST_CLOCK="$E2E_TMP/test-clock"
  local step
  for step in "project api --ago 10m" "away --ago 5m" "back"; do
    # shellcheck disable=SC2086 # the words of the step
    pbu ctl $step >>"$E2E_OUT/away-ctl.txt" 2>&1 || { log "ctl $step failed"; return 1; }
  done
  log "away and back: $(tr '\n' '|' <"$E2E_OUT/away-ctl.txt")"
}

# away_calls: the Notify calls for "Away 5 min" as dbus-monitor wrote them (one record a
# call, each from its `method call` line on).
away_calls() {
  awk '/^method call/ { n++ } { r[n] = r[n] $0 "\n" }
    END { for (i = 1; i <= n; i++) if (index(r[i], "string \"Away 5 min\"")) printf "%s", r[i] }' \
    "$E2E_OUT/notify-calls.txt" 2>/dev/null
}
away_call_count() { away_calls | grep -c '^method call' || true; }

# expect_away_asked: the question waits (`status --format json` has `away`, 5 min on api)
# and "Away 5 min" reached the bus once, with away-work "Keep as work", away-discard
# "Discard" and away-break "Was a break".
expect_away_asked() {
  expect "status says a time away waits (away)" wait_for 5 "away" status_has '.away.project == "api" and .away.seconds == 300'
  expect "'Away 5 min' reached the bus" wait_for 5 "Notify call" pomobar_notified "Away 5 min"
  sleep 0.3
  expect "exactly one Notify call for 'Away 5 min' (got $(away_call_count))" test "$(away_call_count)" = 1
  local a call; call=$(away_calls)
  for a in '"away-work"' '"Keep as work"' '"away-discard"' '"Discard"' '"away-break"' '"Was a break"'; do
    expect "its actions include $a" grep -qF -- "string $a" <<<"$call"
  done
}

# expect_kept_as_work: after "Keep as work", the question is gone and the time away is
# work on api in the history (`log`: the note `away: kept as work`).
expect_kept_as_work() {
  expect "the answer took the question away (away null)" wait_for 5 "away null" status_has '.away == null'
  expect "hooks.log: the button and the action it did" wait_for 3 "did away-was" \
    grep -q "notification: away-work: did 'pomobar ctl away-was work'" "$XDG_STATE_HOME/pomobar/hooks.log"
  pbu log today >"$E2E_OUT/pomobar-log.txt" 2>&1
  expect "pomobar log shows the time away kept as work" grep -q 'api  · away: kept as work' "$E2E_OUT/pomobar-log.txt"
  expect "the notifier has exited" wait_for 3 "no __notify" notifier_gone
}

# status_has JQ: `pomobar status --format json` (as the user) satisfies JQ.
status_has() { pbu status --format json 2>/dev/null | jq -e "$1" >/dev/null; }
