# scripts/torture.d/lib.sh: helpers for the torture cases, on top of the real-bar
# suite's Tests/e2e/lib.sh (expect/need/finish/skip, wait_for, setup_pomobar, pb,
# phase_is, last_frame, spawn, and the EXIT trap that kills every process carrying the
# case's E2E_CASE_ID by pid). scripts/torture starts each case with E2E_CASE, E2E_OUT,
# E2E_TMP, E2E_BIN (a copy every user can run), E2E_ROOT and TORTURE_D set.

# shellcheck source=../../Tests/e2e/lib.sh
source "$E2E_ROOT/Tests/e2e/lib.sh"

PY=python3
CLK_TCK=$(getconf CLK_TCK)
# The cases' notification command (notify_toml) is a logger, not notify-send; pomobar runs
# it only in a session that has a bus (SessionBus: no bus, no notification shown, it is
# left for a copy that has one), so the cases name one, as a desktop session does.
export DBUS_SESSION_BUS_ADDRESS="unix:path=$E2E_TMP/session-bus"

WARN_SIGN='⚠'

# finish, as Tests/e2e/lib.sh's, plus SUMMARY: the case's measured figures, which a FAIL
# line carries too (after the failed checks), so that every line says what was measured.
SUMMARY=""
finish() {
  if [ ${#FAILS[@]} -eq 0 ]; then
    local joined="" n
    for n in "${NOTES[@]}"; do joined+="${joined:+; }$n"; done
    verdict "PASS ${SUMMARY:-$joined}"
    exit 0
  fi
  local joined="" f
  for f in "${FAILS[@]}"; do joined+="${joined:+; }$f"; done
  verdict "FAIL $joined${SUMMARY:+ [measured: $SUMMARY]}"
  exit 1
}

is_root() { [ "$(id -u)" -eq 0 ]; }
need_root() { is_root || skip "needs root ($1)"; }

# ---------------------------------------------------------------- the other user

# torture_user: a user other than root, for what root would ignore (a chmod 555 folder):
# as root, makes sure $TORTURE_USER exists (useradd -r -M) and sets AS_USER, a command
# prefix running a command as that user (setpriv), plus TU_UID, TU_GID; not as root, the
# current user, with an empty AS_USER.
torture_user() {
  if ! is_root; then
    AS_USER=()
    TU_UID=$(id -u)
    TU_GID=$(id -g)
    return 0
  fi
  if ! id -u "$TORTURE_USER" >/dev/null 2>&1; then
    useradd -r -M -s /usr/sbin/nologin "$TORTURE_USER" >>"$E2E_OUT/useradd.log" 2>&1 ||
      fail_now "useradd $TORTURE_USER failed (see useradd.log)"
  fi
  TU_UID=$(id -u "$TORTURE_USER")
  TU_GID=$(id -g "$TORTURE_USER")
  AS_USER=(setpriv "--reuid=$TU_UID" "--regid=$TU_GID" --init-groups)
}

# ---------------------------------------------------------------- config pieces

# hooks_toml LOG [EVENT...]: a [hooks] table whose commands append
# "EVENT PHASE REASON SLOT COMPLETED PPID UPTIME" (REASON "-" when empty) to LOG.
hooks_toml() {
  local log=$1 e; shift
  [ $# -gt 0 ] || set -- focus-start focus-end break-start break-end pause resume
  echo '[hooks]'
  for e in "$@"; do
    printf "%s = 'read t _ </proc/uptime; echo \"\$POMOBAR_EVENT \$POMOBAR_PHASE \${POMOBAR_REASON:--} \$POMOBAR_SLOT \$POMOBAR_COMPLETED \$PPID \$t\" >> %s'\n" "$e" "$log"
  done
}

# fast_timer_toml: the [timer] table of the cases that kill at deadlines: focus 2 s, breaks
# 1 s, each phase starting the next (auto-advance "all"), a deadline every second or two.
fast_timer_toml() {
  printf '[timer]\nfocus = "2s"\nshort-break = "1s"\nlong-break = "1s"\nauto-advance = "all"\n'
}

# notify_toml SCRIPT LOG: writes SCRIPT, a notification command appending
# "PPID UPTIME ARGS..." to LOG, and prints the [notifications] table using it.
notify_toml() {
  cat >"$1" <<EOF
#!/bin/sh
read t _ </proc/uptime
echo "\$PPID \$t \$*" >> '$2'
EOF
  chmod 755 "$1"
  printf '[notifications]\ncommand = "%s"\n' "$1"
}

# count_lines FILE [PATTERN]: lines of FILE (matching PATTERN); 0 when missing.
count_lines() {
  local n
  if [ $# -gt 1 ]; then n=$(grep -c -- "$2" "$1" 2>/dev/null); else n=$(wc -l <"$1" 2>/dev/null); fi
  echo "${n:-0}"
}

# ---------------------------------------------------------------- bars

declare -A BAR_PID=() BAR_IN=()

# start_bar NAME [RUNNER...]: `pomobar --format ${BAR_FORMAT:-i3bar} ${BAR_ARGS[@]}` (under
# RUNNER, e.g. "${AS_USER[@]}") with stdin a FIFO this shell keeps open (write clicks
# with bar_send), stdout and stderr each read by count.py (NAME.out.stats,
# NAME.err.stats; the first stderr lines in NAME.err.txt). With BAR_ERR_GATE=FILE,
# stderr is a pipe nobody reads until FILE exists. Sets BAR_PID[NAME].
BAR_ARGS=()
start_bar() {
  local name=$1 fifo="$E2E_TMP/$1.in" fd gate=(); shift
  [ -n "${BAR_ERR_GATE:-}" ] && gate=(--gate "$BAR_ERR_GATE")
  rm -f "$fifo"
  mkfifo -m 644 "$fifo"
  exec {fd}<>"$fifo"
  BAR_IN[$name]=$fd
  "$@" "$E2E_BIN" --format "${BAR_FORMAT:-i3bar}" "${BAR_ARGS[@]}" <"$fifo" \
    > >(exec "$PY" "$TORTURE_D/count.py" "$E2E_TMP/$name.out.stats") \
    2> >(exec "$PY" "$TORTURE_D/count.py" "$E2E_TMP/$name.err.stats" --keep "$E2E_TMP/$name.err.txt" "${gate[@]}") &
  BAR_PID[$name]=$!
  PIDS+=($!)
  log "bar $name: pid $!"
}

# bar_send NAME LINE...: writes each LINE and a newline to the bar's stdin (bounded: a
# bar that stopped reading must not hang the case).
bar_send() { local n=$1; shift; timeout 5 bash -c 'printf "%s\n" "$@" >&'"${BAR_IN[$n]}" _ "$@"; }
# bar_drained NAME: the bar has read everything sent to it (nothing left in its FIFO).
bar_drained() {
  "$PY" -c 'import array, fcntl, os, sys, termios
fd = os.open(sys.argv[1], os.O_RDWR | os.O_NONBLOCK)
n = array.array("i", [0])
fcntl.ioctl(fd, termios.FIONREAD, n)
sys.exit(0 if n[0] == 0 else 1)' "$E2E_TMP/$1.in"
}

# stats FILE FIELD: field 1 (lines), 2 (bytes) or 3 ("y" lines) of a count.py file.
stats() { local a=0 b=0 c=0; read -r a b c 2>/dev/null <"$1"; case $2 in 1) echo "${a:-0}" ;; 2) echo "${b:-0}" ;; 3) echo "${c:-0}" ;; esac; }
out_lines() { stats "$E2E_TMP/$1.out.stats" 1; }
err_lines() { stats "$E2E_TMP/$1.err.stats" 1; }
# last_line NAME: the last line the bar printed.
last_line() { sed -n 2p "$E2E_TMP/$1.out.stats" 2>/dev/null; }
# last_text NAME: full_text (i3bar) or text (waybar) of the last frame.
last_text() { last_line "$1" | sed 's/^,//' | jq -r 'if type == "array" then (.[0].full_text // "") else (.text // "") end' 2>/dev/null; }
# has_frame NAME: the bar printed a frame (i3bar: header, "[", then frames).
has_frame() { [ "$(out_lines "$1")" -ge "${FIRST_FRAME_LINE:-3}" ]; }
alive() { [ -d "/proc/$1" ] && [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" != Z ]; }

# click_line BUTTON: an i3bar click object for pomobar's block, without a newline (the
# stream is "[", then one object per line, each after the first with a leading comma).
click_line() { printf '{"name":"pomobar","instance":"pomodoro","button":%s,"modifiers":[],"x":1200,"y":10,"relative_x":12,"relative_y":8,"width":120,"height":22}' "$1"; }

# hook_procs PATTERN: "PID PGID" of this case's processes whose command line contains
# PATTERN (hooks inherit the bar's environment, hence the case's id).
hook_procs() {
  local p cmd
  for p in $(marked_pids); do
    cmd=$(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null) || continue
    case "$cmd" in *"$1"*) echo "$p $(sed 's/.*) //' "/proc/$p/stat" 2>/dev/null | awk '{print $3}')" ;; esac
  done
}
# hook_count PATTERN: how many processes; hook_groups PATTERN: how many hooks (each hook
# runs in a process group of its own: today its own session, setsid).
hook_count() { hook_procs "$1" | grep -c . ; }
hook_groups() { hook_procs "$1" | awk '{print $2}' | sort -u | grep -c . ; }

# cpu_ticks PID: utime + stime of PID (clock ticks).
cpu_ticks() { sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | awk '{ print $12 + $13 }'; }

# ---------------------------------------------------------------- time and state

# secs_to_deadline STATE_JSON: seconds until the running phase's deadline (CLOCK_BOOTTIME).
secs_to_deadline() {
  "$PY" - "$1" <<'EOF'
import json, sys, time
try:
    t = json.load(open(sys.argv[1]))["timer"]
    print("%.3f" % ((t["deadline"] - time.clock_gettime_ns(time.CLOCK_BOOTTIME)) / 1e9))
except Exception:
    print("none")
EOF
}

# state_phase STATE_JSON: the file's phase as status names it (focus, focus-done, ...),
# read directly, so that no pomobar command makes a transition on the way.
state_phase() {
  jq -r '.timer | if .phase == "running" or .phase == "paused" then .kind else .phase end' "$1" 2>/dev/null
}

# regular_state DIR: state.json is a small regular file that parses, with a version.
regular_state() {
  [ -f "$1/state.json" ] && [ ! -L "$1/state.json" ] && [ "$(stat -c %s "$1/state.json")" -lt 65536 ] &&
    jq -e '.version and .timer' "$1/state.json" >/dev/null 2>&1
}

# moved_aside DIR: something was moved aside as state.json.bad-*.
moved_aside() { compgen -G "$1/state.json.bad-*" >/dev/null; }

# join_by SEP WORD...: the words joined with SEP.
join_by() { local sep=$1 out="" w; shift; for w in "$@"; do out+="${out:+$sep}$w"; done; printf '%s' "$out"; }

# elapsed_since T0: seconds since T0 (from now_s), two decimals.
elapsed_since() { awk -v a="$(now_s)" -v b="$1" 'BEGIN { printf "%.2f", a - b }'; }

# fmt_mib KIB: "12.3 MiB".
fmt_mib() { awk -v k="$1" 'BEGIN { if (k >= 1048576) printf "%.2f GiB", k / 1048576; else printf "%.1f MiB", k / 1024 }'; }

# ---------------------------------------------------------------- drivers

# driver NAME run ARG...: scripts/torture.d/NAME.py; its KEY=VALUE lines in $DRIVER_OUT and
# $E2E_OUT/NAME.out, its human summary (stderr) in $E2E_OUT/NAME.txt and on this stderr.
driver() {
  local name=$1; shift
  DRIVER_OUT=$("$PY" "$TORTURE_D/$name.py" "$@" 2>"$E2E_OUT/$name.txt")
  printf '%s\n' "$DRIVER_OUT" >"$E2E_OUT/$name.out"
  cat "$E2E_OUT/$name.txt" >&2
}
# driver_keys NAME KEY...: $DRIVER_OUT's KEY=VALUE lines into the array K; fails the case
# when one of the KEYs is missing; logs them all.
driver_keys() {
  local name=$1 k v; shift
  declare -gA K=()
  while IFS='=' read -r k v; do [ -n "$k" ] && K[$k]=$v; done <<<"$DRIVER_OUT"
  for k in "$@"; do
    [ -n "${K[$k]:-}" ] || fail_now "$name.py gave no $k (see $name.txt, $name.out)"
  done
  log "$name: $(tr '\n' ' ' <<<"$DRIVER_OUT")"
}

# probe MODE LIMIT [OPTIONS] -- CMD...: scripts/torture.d/probe.py; sets P_SECS, P_RSS
# (KiB), P_END, P_T (seconds until it ended), P_ALIVE, P_FRAME, P_ERR.
probe() {
  local out
  out=$("$PY" "$TORTURE_D/probe.py" "$@")
  P_SECS=none P_RSS=0 P_END=none P_T=0 P_ALIVE=no P_FRAME="" P_ERR=""
  local line w
  while IFS= read -r line; do
    case "$line" in
      "frame: "*) P_FRAME=${line#frame: } ;;
      "stderr: "*) P_ERR=${line#stderr: } ;;
      *) for w in $line; do
           case "$w" in
             secs=*) P_SECS=${w#secs=} ;; rss_kib=*) P_RSS=${w#rss_kib=} ;;
             end=*) P_END=${w#end=} ;; alive=*) P_ALIVE=${w#alive=} ;; t=*) P_T=${w#t=} ;;
           esac
         done ;;
    esac
  done <<<"$out"
  P_ERR=${P_ERR//$E2E_TMP\//}
  log "probe $*: $out"
}
