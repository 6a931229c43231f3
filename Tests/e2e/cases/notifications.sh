#!/usr/bin/env bash
# notifications: a real notification daemon on a private session bus, under Xvfb.
# dunst 1.9 (Debian 12) with libnotify 0.8's notify-send; pomobar with a 2 s focus and
# [focus-mode] dnd = "dunst":
# - dunst's do-not-disturb (`dunstctl is-paused`) is on during the focus, off after it,
#   and was off before: it is restored, not forced;
# - at the focus's end "Pomodoro complete" arrives once (dbus-monitor sees one Notify
#   call) with the actions "Start break" and "New focus", and is displayed (not held
#   back by do-not-disturb);
# - "Start break" is pressed the way a dunst user presses it: `dunstctl context` opens
#   dunst's action menu (its `dmenu` setting: here a script that picks the line and
#   records the menu), dunst invokes the action, notify-send prints its name, and
#   `pomobar status --format json` shows the short break; the notification is in dunst's
#   history;
# - the next focus end's notification is closed by pomobar when the user acts from the
#   "bar" (`pomobar ctl break`) instead, and a stale button does nothing;
# - with xfce4-notifyd (draws action buttons), a real xdotool click on "Start break";
#   its screenshot is docs/notification.png.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/../lib-notify.sh"

for c in dunst dunstctl notify-send dbus-daemon dbus-monitor busctl; do
  command -v "$c" >/dev/null || skip "$c is not installed (.ci/e2e-deps.sh)"
done

icon="$E2E_ROOT/contrib/icons/pomobar.svg"
setup_pomobar "[timer]
focus = \"2s\"
short-break = \"30s\"
long-break = \"40s\"

[notifications]
icon = \"$icon\"

[focus-mode]
dnd = \"dunst\""
start_xvfb 1024x300
state="$XDG_STATE_HOME/pomobar"
hooks_log="$state/hooks.log"

# --- a private session bus, and dunst: its action menu a script that picks a line
start_session_bus
start_dunst

paused() { [ "$(dunstctl is-paused 2>/dev/null)" = "$1" ]; }

need "do-not-disturb is off before the focus" paused false

# --- a 2 s focus: do-not-disturb on during it, off after it, the notification once
pb ctl start >/dev/null || fail_now "ctl start failed"
expect "do-not-disturb is on during the focus (dunstctl is-paused)" wait_for 2 "is-paused true" paused true
expect "the notification's state is remembered as off" grep -qx "dunst off" "$state/dnd"
sleep 2.2
expect "the focus ran out: status says focus-done" wait_for 3 "focus-done" phase_is focus-done
expect "do-not-disturb is off again after the focus" wait_for 3 "is-paused false" paused false
expect "dunst displays the notification" wait_for 5 "one displayed" displayed 1
sleep 0.5
calls=$(notify_calls)
expect "exactly one Notify call reached the bus (got $calls)" test "$calls" = 1
call=$(cat "$E2E_OUT/notify-calls.txt")
has_text() { grep -qF -- "$1" <<<"$call"; }
expect "its app name is pomobar" has_text 'string "pomobar"'
expect "its summary is 'Pomodoro complete'" has_text 'string "Pomodoro complete"'
expect "its body names the next phase" has_text 'string "Completed: 1. Next: short break, 30 s."'
for a in '"break"' '"Start break"' '"start"' '"New focus"'; do
  expect "its actions include $a" has_text "string $a"
done
expect "it has the replace hint x-canonical-private-synchronous" has_text 'x-canonical-private-synchronous'
expect "it carries the tomato icon" has_text "$icon"
shot=$(shot_x 01-dunst-notification)
# dunst draws the frame in tomato around a white box: the notification is on screen.
expect "the notification is on screen (tomato frame)" has_solid "$shot" "$TOMATO" 200

# --- press "Start break" through dunst's own action menu
need "dunstctl context opens the action menu" dunst_press "Start break"
expect "the short break runs after 'Start break'" wait_for 5 "short-break" phase_is short-break
expect "dunst's menu listed both actions" sh -c "grep -q '^#Start break (Pomodoro complete)' '$E2E_OUT/dunst-menu.txt' && grep -q '^#New focus (Pomodoro complete)' '$E2E_OUT/dunst-menu.txt'"
expect "hooks.log: the button and the action it did" wait_for 3 "did ctl break" grep -q "notification: break: did 'pomobar ctl break'" "$hooks_log"
in_history() { dunstctl history 2>/dev/null | jq -e '[.data[0][] | select(.appname.data == "pomobar" and .summary.data == "Pomodoro complete")] | length >= 1' >/dev/null; }
expect "pomobar's notification is in dunst's history" wait_for 3 "history" in_history
expect "nothing is displayed any more" wait_for 3 "none displayed" displayed 0
expect "do-not-disturb stays off during the break" paused false
expect "the notifier has exited" wait_for 3 "no __notify" notifier_gone

# --- the next focus end: acting from the bar closes the notification
pb ctl start >/dev/null # skips the break: focus 2
expect "focus 2 runs, do-not-disturb on" wait_for 2 "is-paused true" paused true
sleep 2.2
expect "focus 2 ran out" wait_for 3 "focus-done" phase_is focus-done
expect "its notification is displayed" wait_for 5 "one displayed" displayed 1
expect "one Notify call per focus end (2 so far)" test "$(notify_calls)" = 2
subject_before=$(cat "$state/notification" 2>/dev/null)
log "record: $subject_before"
expect "the waiting notifier recorded itself" test -n "$subject_before"
pb ctl break >/dev/null # from the bar instead of the button
expect "acting from the bar closes the notification" wait_for 5 "none displayed" displayed 0
expect "the notifier has exited" wait_for 3 "no __notify" notifier_gone
expect "the record is gone" test ! -e "$state/notification"
expect "status says short-break" phase_is short-break
expect "do-not-disturb off in the break" paused false
grep -E 'notification|dnd' "$hooks_log" >"$E2E_OUT/hooks-notification-lines.txt"

# --- xfce4-notifyd draws the buttons: a real click on "Start break"
xfce=/usr/lib/x86_64-linux-gnu/xfce4/notifyd/xfce4-notifyd
if [ -x "$xfce" ] && command -v xdotool >/dev/null; then
  kill "$DUNST_PID"
  name_free() { ! name_owned; }
  need "dunst has left the bus" wait_for 5 "dunst off the bus" name_free
  pb ctl reset >/dev/null
  spawn xfce4-notifyd "$xfce"
  need "xfce4-notifyd owns org.freedesktop.Notifications" wait_for 10 "xfce4-notifyd on the bus" name_owned
  has_xfce() { server_name | grep -q 'Xfce'; }
  need "xfce4-notifyd owns the notification service" wait_for 10 "xfce4-notifyd" has_xfce
  pb ctl start >/dev/null
  sleep 2.2
  expect "focus 1 ran out again" wait_for 3 "focus-done" phase_is focus-done
  win() { timeout 5 xdotool search --onlyvisible --class xfce4-notifyd 2>/dev/null | head -n 1; }
  win_mapped() { [ -n "$(win)" ]; }
  need "the notification window is mapped" wait_for 5 "xfce4-notifyd window" win_mapped
  sleep 0.5 # its fade-in
  eval "$(timeout 5 xdotool getwindowgeometry --shell "$(win)")"
  log "notification window at $X,$Y ${WIDTH}x$HEIGHT"
  shot=$(shot_x 02-xfce-notification)
  $CONVERT "$shot" -crop "${WIDTH}x${HEIGHT}+${X}+${Y}" +repage "$E2E_OUT/notification.png" # docs/notification.png
  # The buttons sit at the bottom right, right-aligned: "New focus", and "Start break"
  # left of it, about 157 px from the window's right edge and 31 px from its bottom.
  bx=$((X + WIDTH - 157)) by=$((Y + HEIGHT - 31))
  log "clicking Start break at $bx,$by"
  x_click "$bx" "$by" 1
  expect "a real click on 'Start break' starts the short break" wait_for 5 "short-break" phase_is short-break
  expect "hooks.log: break pressed" wait_for 3 "break pressed" sh -c "grep -c 'notification: break: did' '$hooks_log' | grep -qx 2"
else
  note "xfce4-notifyd not installed: no click on a drawn button"
fi

finish
