# Tests/e2e/lib-notify.sh: a notification daemon under headless sway, for the cases
# notifications-mako.sh and notifications-swaync.sh. Sourced after lib.sh.
#
# Everything runs as $E2E_USER (sway refuses root; a session bus takes clients of its
# own user only): sway, a private session bus, the daemon, and pomobar (pbu), whose
# notifier runs notify-send on that bus.

# start_user_bus: a private session bus as $E2E_USER; exports DBUS_SESSION_BUS_ADDRESS.
start_user_bus() {
  local bus_file="$E2E_TMP/bus.txt"
  : >"$bus_file"
  chown "$E2E_USER:" "$bus_file"
  user_cmd dbus-daemon --session --nofork --nopidfile --print-address=3
  "${UCMD[@]}" 3>"$bus_file" >>"$E2E_OUT/dbus.log" 2>&1 </dev/null &
  PIDS+=($!)
  wait_for 10 "session bus address" test -s "$bus_file" || fail_now "dbus-daemon did not start"
  DBUS_SESSION_BUS_ADDRESS=$(head -n 1 "$bus_file")
  export DBUS_SESSION_BUS_ADDRESS
  log "session bus: $DBUS_SESSION_BUS_ADDRESS"
  user_cmd dbus-monitor --session "type='method_call',interface='org.freedesktop.Notifications',member='Notify'"
  "${UCMD[@]}" >"$E2E_OUT/notify-calls.txt" 2>&1 </dev/null &
  PIDS+=($!)
}

# name_owned: a daemon owns org.freedesktop.Notifications (asked without D-Bus
# activation, which would start whichever daemon's service file comes first).
name_owned() {
  as_user dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.Notifications 2>/dev/null | grep -q 'boolean true'
}

# server_name: the daemon's name from GetServerInformation.
server_name() {
  as_user dbus-send --session --print-reply --dest=org.freedesktop.Notifications /org/freedesktop/Notifications \
    org.freedesktop.Notifications.GetServerInformation 2>/dev/null | sed -n 's/^ *string "\(.*\)"$/\1/p' | head -n 1
}

# notify_calls: how many Notify calls reached the bus so far.
notify_calls() { grep -c 'member=Notify' "$E2E_OUT/notify-calls.txt" 2>/dev/null || true; }

# pomobar_notified SUMMARY: a Notify call from pomobar with SUMMARY went over the bus.
pomobar_notified() { grep -qF "string \"$1\"" "$E2E_OUT/notify-calls.txt" 2>/dev/null; }

# notifier_gone: no `pomobar __notify` of this case is waiting for a button any more.
notifier_gone() {
  local p
  for p in $(marked_pids); do
    tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null | grep -q ' __notify ' && return 1
  done
  return 0
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
  # The picker makoctl menu runs (a stand-in for dmenu or wofi): it keeps the line named
  # in $E2E_TMP/pick and logs what it was offered to $E2E_TMP/menu.txt.
  cat >"$E2E_TMP/pick.sh" <<PICK
#!/bin/sh
tee -a '$E2E_TMP/menu.txt' | grep -m1 -xF "\$(cat '$E2E_TMP/pick')"
PICK
  chmod 755 "$E2E_TMP/pick.sh"
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
