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
