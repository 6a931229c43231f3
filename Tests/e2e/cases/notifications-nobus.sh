#!/usr/bin/env bash
# notifications-nobus: a copy of pomobar started without the session's D-Bus address (as
# a systemd unit or cron starts it: DBUS_SESSION_BUS_ADDRESS unset, no per-user bus in
# its XDG_RUNTIME_DIR, but DISPLAY set) ends a focus. The user's session: Xvfb, a private
# session bus, dunst 1.9 on it, libnotify 0.8's notify-send.
# - `pomobar watch` without the address runs through the end of a 2 s focus alone: no
#   Notify call reaches the user's bus yet, and no second dbus-daemon or dunst appears
#   (notify-send would autolaunch a bus of its own on the display, and that bus a dunst);
#   the notification is left in the state folder;
# - the user's bar starts (with the address): "Pomodoro complete" reaches the user's
#   dunst, once (dbus-monitor), and is displayed; a second bar adds nothing.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/../lib-notify.sh"

for c in dunst dunstctl notify-send dbus-daemon dbus-monitor dbus-launch; do
  command -v "$c" >/dev/null || skip "$c is not installed (.ci/e2e-deps.sh)"
done

setup_pomobar '[timer]
focus = "2s"
short-break = "30s"'
start_xvfb 1024x300
state="$XDG_STATE_HOME/pomobar"
hooks_log="$state/hooks.log"

start_session_bus
start_dunst

# running COMM: how many of the case's processes are COMM.
running() {
  local p n=0
  for p in $(marked_pids); do [ "$(cat "/proc/$p/comm" 2>/dev/null)" = "$1" ] && n=$((n + 1)); done
  echo "$n"
}
log "before: $(running dbus-daemon) dbus-daemon, $(running dunst) dunst"

# --- the copy without the bus: a systemd unit's `pomobar watch`
mkdir -p "$E2E_TMP/runtime"
chmod 700 "$E2E_TMP/runtime"
nobus=(env -u DBUS_SESSION_BUS_ADDRESS XDG_RUNTIME_DIR="$E2E_TMP/runtime" DISPLAY="$DISPLAY")
spawn watch "${nobus[@]}" "$E2E_BIN" watch
"${nobus[@]}" timeout 5 "$E2E_BIN" ctl start >/dev/null || fail_now "ctl start failed"
# (Asked without the bus too: a `status` with it could end the focus itself.)
expect "the watch without the bus ended the focus (focus-done)" \
  wait_for 6 "focus-done" phase_is focus-done "${nobus[@]}" timeout 5 "$E2E_BIN"
left() { grep -q 'notification: no session bus here' "$hooks_log" 2>/dev/null; }
expect "its notifier found no bus and left the notification" wait_for 5 "left" left
cp "$hooks_log" "$E2E_OUT/hooks-before-bar.log" 2>/dev/null
expect "no Notify call reached the user's bus yet (got $(notify_calls))" test "$(notify_calls)" = 0
expect "no second dbus-daemon (got $(running dbus-daemon))" test "$(running dbus-daemon)" = 1
expect "no second dunst (got $(running dunst))" test "$(running dunst)" = 1

# --- the user's bar, with the bus: it shows the notification, once
spawn bar "$E2E_BIN" --format i3bar
expect "'Pomodoro complete' reached the user's bus" wait_for 5 "Notify" pomobar_notified "Pomodoro complete"
expect "dunst displays it" wait_for 5 "one displayed" displayed 1
spawn bar2 "$E2E_BIN" --format i3bar
two_bars() { [ -s "$E2E_OUT/bar2.log" ]; }
expect "a second bar is up" wait_for 5 "the second bar's frame" two_bars
taken() { grep -c 'taken over from a pomobar without a session bus' "$hooks_log" 2>/dev/null; }
expect "one copy took it over (got $(taken))" test "$(taken)" = 1
expect "exactly one Notify call reached the user's bus (got $(notify_calls))" test "$(notify_calls)" = 1
expect "still one dbus-daemon (got $(running dbus-daemon))" test "$(running dbus-daemon)" = 1
expect "still one dunst (got $(running dunst))" test "$(running dunst)" = 1
expect "nothing left in the state folder" test ! -e "$state/notification.owed"
cp "$hooks_log" "$E2E_OUT/hooks.log" 2>/dev/null
shot_x notification >/dev/null
finish
