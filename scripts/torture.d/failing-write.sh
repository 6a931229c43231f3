# scripts/torture.d/failing-write.sh: the failing-write-* cases (issue 7, failure 1).
#
# failing_write MODE, MODE one of
#   readonly  the state folder is chmod 555 (bars run as a non-root user: root ignores it)
#   full      the state folder is a 16 KiB tmpfs, filled with a big file
#   folder    state.json is replaced by a folder
# Three bars (`pomobar --format i3bar`, stdout and stderr each read by a counting
# reader) show a 2 s focus; the fault starts before its deadline. Over
# $TORTURE_MEASURE_SECS seconds after the deadline: each copy's CPU (utime + stime from
# /proc/PID/stat), frames per second on stdout, warning lines on stderr.
# Pass: CPU < 1 % per copy, at most 1 frame per second on average, at most 10 warning
# lines per copy in the window, every copy alive, and (readonly, full) the last frame
# shows ⚠. Then the fault is cleared (chmod back / filler deleted; a folder in place of
# state.json is expected to be moved aside by pomobar itself, with nothing cleared): the
# state must be saved within 5 s (state.json, read directly, is a regular file that
# parses; readonly/full: phase focus-done), and the focus-end hook and the notification
# ran exactly once (folder: at most once, the timer may have started clean).

failing_write() {
  local mode=$1
  local n=3 measure=${TORTURE_MEASURE_SECS:-10}
  local runner=()
  case "$mode" in
    readonly) torture_user; runner=("${AS_USER[@]}") ;;  # empty when not root: ourselves
    full) need_root "mount -t tmpfs" ;;
    folder) ;;
    *) fail_now "unknown mode $mode" ;;
  esac

  local logs="$E2E_TMP/logs"
  mkdir -p "$logs"
  setup_pomobar "[timer]
focus = \"2s\"

$(hooks_toml "$logs/hooks.log")

$(notify_toml "$logs/notify.sh" "$logs/notify.log")"
  local dir="$XDG_STATE_HOME/pomobar" state="$XDG_STATE_HOME/pomobar/state.json"
  mkdir -p "$dir"
  chmod 700 "$dir"
  if [ "$mode" = full ]; then
    mount -t tmpfs -o size=16k,mode=700 tmpfs "$dir" || skip "mount -t tmpfs failed here (a container without CAP_SYS_ADMIN?)"
    log "tmpfs of 16 KiB on $dir"
  fi
  if [ ${#runner[@]} -gt 0 ]; then
    chown -R "$TU_UID:$TU_GID" "$XDG_CONFIG_HOME" "$XDG_STATE_HOME" "$XDG_DATA_HOME" "$HOME" "$logs"
  fi

  local i names=()
  for i in $(seq "$n"); do
    start_bar "bar$i" "${runner[@]}"
    names+=("bar$i")
  done
  for i in "${names[@]}"; do
    need "$i printed its first frame" wait_for 5 "$i's first frame" has_frame "$i"
  done
  need "ctl start" timeout 5 "${runner[@]}" "$E2E_BIN" ctl start
  local ts left; ts=$(now_s); left=$(secs_to_deadline "$state")
  log "focus started, deadline in $left s"
  [ "$left" != none ] || fail_now "no deadline in state.json after ctl start"

  # --- the fault, before the deadline
  case "$mode" in
    readonly) chmod 555 "$dir" ;;
    full) dd if=/dev/zero of="$dir/filler" bs=1024 >>"$E2E_OUT/dd.log" 2>&1
      log "filler: $(stat -c %s "$dir/filler" 2>/dev/null) bytes; $(df -k "$dir" | tail -n 1)" ;;
    folder) rm -f "$state" && mkdir "$state" && echo x >"$state/inside" ;;
  esac
  local before; before=$(awk -v l="$left" -v e="$(elapsed_since "$ts")" 'BEGIN { printf "%.2f", l - e }')
  log "fault ($mode) in place $before s before the deadline"
  expect "the fault was in place before the deadline ($before s before)" awk -v b="$before" 'BEGIN { exit !(b > 0) }'

  # --- the deadline passes under the fault
  sleep "$(awk -v b="$before" 'BEGIN { w = b + 0.3; print (w > 0 ? w : 0) }')"
  declare -A c0 f0 w0
  local t0; t0=$(now_s)
  for i in "${names[@]}"; do
    c0[$i]=$(cpu_ticks "${BAR_PID[$i]}"); f0[$i]=$(out_lines "$i"); w0[$i]=$(err_lines "$i")
  done
  sleep "$measure"
  local dt; dt=$(elapsed_since "$t0")
  local cpus=() fpss=() wins=() warns=() worst_cpu=0 worst_fps=0 worst_warn=0 dead=() noflag=()
  for i in "${names[@]}"; do
    local pid=${BAR_PID[$i]} c1 f1 w1 cpu fps win
    if ! alive "$pid"; then dead+=("$i"); fi
    c1=$(cpu_ticks "$pid"); f1=$(out_lines "$i"); w1=$(err_lines "$i")
    cpu=$(awk -v a="${c0[$i]:-0}" -v b="${c1:-${c0[$i]:-0}}" -v t="$dt" -v hz="$CLK_TCK" 'BEGIN { printf "%.1f", (b - a) / hz / t * 100 }')
    fps=$(awk -v a="${f0[$i]}" -v b="$f1" -v t="$dt" 'BEGIN { printf "%.1f", (b - a) / t }')
    win=$((w1 - w0[$i]))
    cpus+=("$cpu %"); fpss+=("$fps"); wins+=("$win")
    warns+=("$(awk -v w="$win" -v t="$dt" 'BEGIN { printf "%.1f", w / t }')")
    worst_cpu=$(awk -v a="$worst_cpu" -v b="$cpu" 'BEGIN { print (b > a ? b : a) }')
    worst_fps=$(awk -v a="$worst_fps" -v b="$fps" 'BEGIN { print (b > a ? b : a) }')
    [ "$win" -gt "$worst_warn" ] && worst_warn=$win
    last_line "$i" | grep -q "$WARN_SIGN" || noflag+=("$i")
    log "$i: CPU $cpu %, $fps frames/s, $win warning lines in ${dt}s; last frame: $(last_text "$i")"
  done
  note "each copy $(join_by ', ' "${cpus[@]}") CPU; $(join_by ', ' "${fpss[@]}") frames/s; $(join_by ', ' "${warns[@]}") warnings/s ($(join_by ', ' "${wins[@]}") lines in ${dt}s)"
  expect "CPU below 1 % per copy over ${dt}s after the deadline (got $(join_by ', ' "${cpus[@]}"))" \
    awk -v w="$worst_cpu" 'BEGIN { exit !(w < 1) }'
  expect "at most 1 frame per second per copy (got $(join_by ', ' "${fpss[@]}") frames/s)" \
    awk -v w="$worst_fps" 'BEGIN { exit !(w <= 1) }'
  expect "at most 10 warning lines per copy in ${dt}s (got $(join_by ', ' "${wins[@]}"))" test "$worst_warn" -le 10
  expect "every copy still running (gone: ${dead[*]:-none})" test ${#dead[@]} -eq 0
  if [ "$mode" != folder ]; then
    expect "the last frame of every copy shows $WARN_SIGN (without: ${noflag[*]:-none}; bar1 shows \"$(last_text bar1)\")" test ${#noflag[@]} -eq 0
  fi
  sed -n '1,5p' "$E2E_TMP/bar1.err.txt" >"$E2E_OUT/bar1-first-warnings.txt" 2>/dev/null

  # --- the fault clears: the state must be saved
  case "$mode" in
    readonly) chmod 700 "$dir" ;;
    full) rm -f "$dir/filler" ;;
  esac
  local tc; tc=$(now_s)
  saved() {
    regular_state "$dir" || return 1
    [ "$mode" = folder ] || [ "$(state_phase "$state")" = focus-done ]
  }
  if wait_for 5 "state saved" saved; then
    note "state saved $(elapsed_since "$tc") s after the fault $([ "$mode" = folder ] && echo began || echo cleared)"
  else
    expect "state saved within 5 s after the fault $([ "$mode" = folder ] && echo "(pomobar moves the folder aside)" || echo cleared) (state.json: $( [ -d "$state" ] && echo "a folder" || state_phase "$state"))" false
  fi
  if [ "$mode" = folder ]; then
    expect "the folder in place of state.json was moved aside (state.json.bad-*)" moved_aside "$dir"
  fi
  sleep 1
  local ends notes
  ends=$(count_lines "$logs/hooks.log" '^focus-end ')
  notes=$(count_lines "$logs/notify.log" 'Pomodoro complete')
  note "focus-end hook ran $ends time(s), notification $notes time(s)"
  if [ "$mode" = folder ]; then
    expect "focus-end hook ran at most once (got $ends)" test "$ends" -le 1
    expect "the notification at most once (got $notes)" test "$notes" -le 1
  else
    expect "focus-end hook ran exactly once (got $ends)" test "$ends" -eq 1
    expect "the notification exactly once (got $notes)" test "$notes" -eq 1
  fi
  ls -la "$dir" >"$E2E_OUT/state-folder.txt" 2>&1
  finish
}
