# Tests/e2e/lib.sh: helpers shared by the end-to-end bar cases.
# Sourced by Tests/e2e/cases/NAME.sh, which Tests/e2e/run starts one at a time
# with these set:
#   E2E_ROOT     the repository            E2E_BIN   pomobar, readable by all
#   E2E_TOOLS    vpointer etc.             E2E_OUT   this case's results folder
#   E2E_TMP      this case's scratch folder (world-traversable, under /tmp)
#   E2E_CASE     the case's name           E2E_USER  the unprivileged user for sway
# A case calls expect/need while it runs and ends with `finish`; it can also
# `skip REASON`. Its verdict goes to $E2E_OUT/result, one line:
# "PASS detail", "FAIL reason; reason" or "SKIP reason".
# Every process a case starts carries E2E_CASE_ID in its environment (also
# the ones that double-fork away, like i3bar and swaybar), and the EXIT trap
# ends each of them by process id.

set -uo pipefail
export LC_ALL=C.UTF-8
export E2E_CASE_ID="${E2E_CASE}-$$-${RANDOM}"
CONVERT=/usr/bin/convert
[ -x "$CONVERT" ] || CONVERT=convert

# Colours pomobar promises (DESIGN contract); the cases use them.
# shellcheck disable=SC2034
TOMATO='#E54D2E'
# shellcheck disable=SC2034
GREEN='#46A758'
# shellcheck disable=SC2034
GREY='#8B8D98'

FAILS=()
NOTES=()
T0=$(date +%s.%N)

log() { printf '[%s] %s\n' "$(awk -v a="$(date +%s.%N)" -v b="$T0" 'BEGIN { printf "%6.2f", a - b }')" "$*" >&2; }
note() { NOTES+=("$*"); log "NOTE: $*"; }

# expect DESC CMD...: a check that records a failure and carries on.
expect() {
  local desc=$1; shift
  if "$@"; then log "ok: $desc"; return 0; fi
  FAILS+=("$desc"); log "FAILED: $desc"; return 1
}
# need DESC CMD...: a check the rest of the case depends on.
need() { expect "$@" || finish; }
fail_now() { FAILS+=("$*"); log "FAILED: $*"; finish; }

verdict() { printf '%s\n' "$*" >"$E2E_OUT/result"; }
skip() { log "SKIP: $*"; verdict "SKIP $*"; exit 77; }
finish() {
  if [ ${#FAILS[@]} -eq 0 ]; then
    local IFS=';'
    verdict "PASS ${NOTES[*]:-}"
    exit 0
  fi
  local joined="" f
  for f in "${FAILS[@]}"; do joined+="${joined:+; }$f"; done
  verdict "FAIL $joined"
  exit 1
}

# ---------------------------------------------------------------- processes

PIDS=()
# spawn LOGNAME CMD...: start CMD in the background, output to $E2E_OUT/LOGNAME.log.
spawn() {
  local name=$1; shift
  "$@" >>"$E2E_OUT/$name.log" 2>&1 </dev/null &
  PIDS+=($!)
}

# marked_pids: every process whose environment carries this case's id (but not
# this shell). Pure bash: no child process of its own shows up in the list.
marked_pids() {
  local p kv
  for p in /proc/[0-9]*; do
    p=${p#/proc/}
    [ "$p" = "$$" ] && continue
    [ "$p" = "${BASHPID:-$$}" ] && continue
    while IFS= read -r -d '' kv; do
      if [ "$kv" = "E2E_CASE_ID=$E2E_CASE_ID" ]; then echo "$p"; break; fi
    done 2>/dev/null <"/proc/$p/environ"
  done
}

# marked_running REGEX: a process of this case whose command line (words joined by
# spaces) matches REGEX runs.
marked_running() {
  local p
  for p in $(marked_pids); do
    tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null | grep -qE -- "$1" && return 0
  done
  return 1
}

cleanup() {
  local rc=$? p left i
  trap - EXIT INT TERM
  cp "$E2E_TMP"/*.stream "$E2E_TMP"/*.stream.ts "$E2E_OUT"/ 2>/dev/null
  # Known children first, newest first, then whatever escaped (double forks).
  for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do kill -TERM "${PIDS[i]}" 2>/dev/null; done
  for p in $(marked_pids); do kill -TERM "$p" 2>/dev/null; done
  for i in $(seq 20); do
    left=$(marked_pids)
    [ -z "$left" ] && break
    sleep 0.1
  done
  for p in $(marked_pids); do kill -KILL "$p" 2>/dev/null; done
  # Reap our own children (a zombie has no environment, so the loop above
  # already counts it as gone).
  for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null; done
  exit "$rc"
}
trap cleanup EXIT
trap 'FAILS+=("interrupted"); finish' INT TERM

# wait_for SECONDS DESC CMD...: poll CMD every 0.1 s until it succeeds.
wait_for() {
  local secs=$1 desc=$2; shift 2
  local end; end=$(($(date +%s%N) + secs * 1000000000))
  while [ "$(date +%s%N)" -lt "$end" ]; do
    "$@" && return 0
    sleep 0.1
  done
  log "timed out after ${secs}s waiting for: $desc"
  return 1
}

# now_s: seconds since the epoch, with fractions.
now_s() { date +%s.%N; }

# ---------------------------------------------------------------- pomobar

# A private timer per case: its own XDG dirs and a config with short phases.
# setup_pomobar [TOML]: writes $XDG_CONFIG_HOME/pomobar/config.toml.
setup_pomobar() {
  export XDG_CONFIG_HOME="$E2E_TMP/config" XDG_STATE_HOME="$E2E_TMP/state" XDG_DATA_HOME="$E2E_TMP/data"
  export HOME="$E2E_TMP/home"
  mkdir -p "$XDG_CONFIG_HOME/pomobar" "$XDG_STATE_HOME" "$XDG_DATA_HOME" "$HOME"
  local toml=${1:-'[timer]
focus = "12s"
short-break = "30s"
long-break = "40s"
long-break-every = 4'}
  printf '%s\n' "$toml" >"$XDG_CONFIG_HOME/pomobar/config.toml"
  cp "$XDG_CONFIG_HOME/pomobar/config.toml" "$E2E_OUT/config.toml"
}

# contrib_copy SRC DEST: a file from contrib/ as it ships, with only the
# `pomobar` command replaced by the binary under test.
contrib_copy() {
  local src="$E2E_ROOT/contrib/$1" dest=$2 bin=${3:-$E2E_BIN}
  [ -f "$src" ] || fail_now "contrib/$1 is missing"
  sed -E "s#(^|[^[:alnum:]_/.-])pomobar( +(--format|ctl|status)\\b)#\\1${bin}\\2#g" "$src" >"$dest"
  cp "$dest" "$E2E_OUT/$(basename "$dest")"
}

# pb ARGS...: run pomobar (bounded) as the current user.
pb() { timeout 5 "$E2E_BIN" "$@"; }

# phase_norm TEXT: "Short_Break" -> "shortbreak", so either spelling matches.
phase_norm() { tr 'A-Z' 'a-z' <<<"$1" | tr -d ' _-'; }

# status_phase [RUNNER...]: the "phase" field of `pomobar status --format json`.
status_phase() {
  local json
  json=$("${@:-pb}" status --format json 2>>"$E2E_OUT/status.stderr") || return 1
  jq -r '.phase // empty' <<<"$json" 2>/dev/null
}

# phase_is PHASE [RUNNER...]: succeeds when the status shows PHASE.
phase_is() {
  local want=$1; shift
  local got; got=$(status_phase "$@") || return 1
  [ "$(phase_norm "$got")" = "$(phase_norm "$want")" ]
}

# text_seconds TEXT: the last mm:ss (or h:mm:ss) in TEXT, in seconds ("12:34" -> 754).
text_seconds() {
  local t; t=$(grep -oE '[0-9]+(:[0-9]{2}){1,2}' <<<"$1" | tail -n 1) || return 1
  awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }' <<<"$t"
}

# ---------------------------------------------------------------- shared checks
# These use the case's own frame_text (the text the bar was last given), click_block
# BUTTON NAME (a real click) and block_shows HEX SHOT (the colour on screen).

frame_has() { frame_text | grep -q -- "$1"; }
secs_above() { local t; t=$(text_seconds "$(frame_text)") && [ "$t" -gt "$1" ]; }
secs_below() { local t; t=$(text_seconds "$(frame_text)") && [ "$t" -lt "$1" ]; }

# expect_scroll_minute UP [DOWN] [RUNNER...]: scrolling up (button UP) adds one minute
# to the running focus; with DOWN, scrolling down takes it off again.
expect_scroll_minute() {
  local up=$1 down=${2:-}; shift; [ $# -gt 0 ] && shift
  local before after after2
  before=$(text_seconds "$(frame_text)")
  need "scroll up on the block" click_block "$up" extend
  wait_for 3 "longer time" secs_above "$((before + 30))"
  after=$(text_seconds "$(frame_text)")
  log "extend: $before -> $after"
  expect "scroll up adds one minute ($before s -> $after s)" test "$((after - before))" -ge 56 -a "$((after - before))" -le 60
  [ -n "$down" ] || return 0
  need "scroll down on the block" click_block "$down" shorten
  wait_for 3 "shorter time" secs_below "$((after - 30))"
  after2=$(text_seconds "$(frame_text)")
  log "shorten: $after -> $after2"
  expect "scroll down takes one minute off ($after s -> $after2 s)" test "$((after - after2))" -ge 59 -a "$((after - after2))" -le 64
  expect "still in focus after extend+shorten" phase_is focus "$@"
}

# expect_right_click_skips BUTTON SHOT [RUNNER...]: a right click skips the focus to the
# short break, which the bar draws in green.
expect_right_click_skips() {
  local button=$1 shot=$2; shift 2
  need "right click on the block" click_block "$button" skip
  expect "right click skips to the short break" wait_for 3 "Short break frame" frame_has "Short break"
  expect "short break is drawn in green" wait_for 3 "green pixels" block_shows "$GREEN" "$shot"
  expect "status says short-break" phase_is short-break "$@"
}

# ---------------------------------------------------------------- pixels

# colour_box FILE HEX [X Y W H] [TOL]: pixels within TOL (RGB distance, default
# 40, or $TOL) of HEX in the region: prints "COUNT XMIN YMIN XMAX YMAX" (absolute coords).
colour_box() {
  local file=$1 hex=$2 x=${3:-0} y=${4:-0} w=${5:-0} h=${6:-0} tol=${7:-${TOL:-40}}
  local crop=()
  [ "$w" -gt 0 ] && crop=(-crop "${w}x${h}+${x}+${y}" +repage)
  timeout 20 "$CONVERT" "$file" "${crop[@]}" -depth 8 txt:- 2>/dev/null | awk -v hex="$hex" -v ox="$x" -v oy="$y" -v tol="$tol" '
    function hv(s) { return index("0123456789ABCDEF", toupper(s)) - 1 }
    function h2(s) { return hv(substr(s, 1, 1)) * 16 + hv(substr(s, 2, 1)) }
    BEGIN { tr = h2(substr(hex, 2, 2)); tg = h2(substr(hex, 4, 2)); tb = h2(substr(hex, 6, 2)); n = 0 }
    /^[0-9]+,[0-9]+:/ {
      split($1, xy, /[,:]/)
      c = ""; for (i = 2; i <= NF; i++) if ($i ~ /^#[0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f]/) { c = $i; break }
      if (c == "") next
      r = h2(substr(c, 2, 2)); g = h2(substr(c, 4, 2)); b = h2(substr(c, 6, 2))
      if ((r - tr) ^ 2 + (g - tg) ^ 2 + (b - tb) ^ 2 <= tol * tol) {
        px = xy[1] + ox; py = xy[2] + oy
        if (n == 0 || px < x0) x0 = px; if (n == 0 || px > x1) x1 = px
        if (n == 0 || py < y0) y0 = py; if (n == 0 || py > y1) y1 = py
        n++
      }
    }
    END { if (n == 0) print "0 -1 -1 -1 -1"; else print n, x0, y0, x1, y1 }'
}

# colour_count FILE HEX [X Y W H]: just the count.
colour_count() { local b; b=$(colour_box "$@"); echo "${b%% *}"; }

# has_colour FILE HEX MIN [X Y W H]: at least MIN pixels of HEX.
has_colour() {
  local file=$1 hex=$2 min=$3; shift 3
  local n; n=$(colour_count "$file" "$hex" "$@")
  log "  $(basename "$file"): $n px of $hex"
  [ "${n:-0}" -ge "$min" ]
}
# has_solid FILE HEX MIN [X Y W H]: like has_colour, for a flat fill (tolerance 8).
has_solid() { TOL=8 has_colour "$@"; }
lacks_colour() {
  local file=$1 hex=$2; shift 2
  local n; n=$(colour_count "$file" "$hex" "$@")
  log "  $(basename "$file"): $n px of $hex (want none)"
  [ "${n:-0}" -le 2 ]
}

# ---------------------------------------------------------------- X11

# start_xvfb WxH: a private X server; exports DISPLAY.
start_xvfb() {
  local size=${1:-1280x200} dfile="$E2E_TMP/display.txt"
  : >"$dfile"
  Xvfb -displayfd 3 -screen 0 "${size}x24" -nolisten tcp 3>"$dfile" >>"$E2E_OUT/xvfb.log" 2>&1 </dev/null &
  PIDS+=($!)
  wait_for 10 "Xvfb display number" test -s "$dfile" || fail_now "Xvfb did not start"
  export DISPLAY=":$(head -n 1 "$dfile")"
  log "Xvfb on $DISPLAY"
}

# shot_x NAME: screenshot of the whole X screen to $E2E_OUT/NAME.png.
shot_x() {
  rm -f "$E2E_OUT/$1.png" # never judge a stale picture
  timeout 10 import -window root "$E2E_OUT/$1.png" 2>>"$E2E_OUT/import.log" || log "import failed for $1"
  echo "$E2E_OUT/$1.png"
}

# bar_windows: "WID X Y W H" per mapped i3bar window, top to bottom.
bar_windows() {
  local w
  for w in $(timeout 5 xdotool search --onlyvisible --class '^i3bar$' 2>/dev/null); do
    timeout 5 xdotool getwindowgeometry --shell "$w" 2>/dev/null |
      awk -F= -v w="$w" '{v[$1]=$2} END { if (v["HEIGHT"] > 1 && v["WIDTH"] > 100) print w, v["X"], v["Y"], v["WIDTH"], v["HEIGHT"] }'
  done | sort -k3n
}

# x_click X Y BUTTON: a real pointer click on the X screen.
x_click() {
  local x=$1 y=$2 b=$3 cur
  cur=$(timeout 5 xdotool getmouselocation --shell 2>/dev/null | awk -F= '/^X=/{x=$2} /^Y=/{y=$2} END{print x","y}')
  # xdotool blocks ~15 s when told to move where the pointer already is.
  if [ "$cur" != "$x,$y" ]; then
    timeout 5 xdotool mousemove --sync "$x" "$y" || { log "mousemove $x $y failed"; return 1; }
  fi
  timeout 5 xdotool click "$b"
}

# ---------------------------------------------------------------- Wayland

# ensure_user: the unprivileged account sway runs as (sway refuses root).
ensure_user() {
  [ "$(id -u)" -ne 0 ] && { E2E_USER=$(id -un); return 0; }
  id "$E2E_USER" >/dev/null 2>&1 && return 0
  useradd -m -s /bin/sh "$E2E_USER" >>"$E2E_OUT/useradd.log" 2>&1 || fail_now "useradd $E2E_USER failed"
}

# user_cmd CMD...: sets UCMD to CMD run as $E2E_USER with the case's
# Wayland/XDG environment (one exec chain: its pid is CMD's pid).
user_cmd() {
  UCMD=(env HOME="$E2E_TMP/home" XDG_RUNTIME_DIR="$E2E_TMP/run"
    ${WAYLAND_DISPLAY:+WAYLAND_DISPLAY=$WAYLAND_DISPLAY} ${SWAYSOCK:+SWAYSOCK=$SWAYSOCK} "$@")
  # Not root: sway runs as ourselves.
  [ "$(id -u)" -eq 0 ] && UCMD=(setpriv --reuid="$E2E_USER" --regid="$E2E_USER" --init-groups "${UCMD[@]}")
}
# as_user CMD...: run CMD as $E2E_USER (see user_cmd).
as_user() { local UCMD; user_cmd "$@"; "${UCMD[@]}"; }

# pbu ARGS...: pomobar as the sway user (the state dir is the user's).
pbu() { as_user timeout 5 "$E2E_BIN" "$@"; }

# start_sway CONF: headless sway as $E2E_USER; exports WAYLAND_DISPLAY, SWAYSOCK.
start_sway() {
  local conf=$1 run="$E2E_TMP/run"
  ensure_user
  mkdir -p "$run"
  chown -R "$E2E_USER:" "$E2E_TMP"
  chmod 0700 "$run"
  cp "$conf" "$E2E_OUT/sway.conf"
  user_cmd WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman sway -c "$conf"
  "${UCMD[@]}" >>"$E2E_OUT/sway.log" 2>&1 </dev/null &
  PIDS+=($!)
  wait_for 15 "sway's sockets" sh -c "ls '$run'/wayland-? '$run'/sway-ipc.*.sock" >/dev/null 2>&1 ||
    fail_now "sway did not start (see sway.log)"
  WAYLAND_DISPLAY=$(basename "$(ls "$run"/wayland-? | head -n 1)")
  SWAYSOCK=$(ls "$run"/sway-ipc.*.sock | head -n 1)
  export WAYLAND_DISPLAY SWAYSOCK
  wait_for 10 "sway IPC" as_user timeout 2 swaymsg -t get_version >/dev/null 2>&1 || fail_now "sway IPC does not answer"
  log "sway up: $WAYLAND_DISPLAY"
}

# shot_wl NAME [OUTPUT]: grim screenshot to $E2E_OUT/NAME.png.
shot_wl() {
  local f="$E2E_TMP/run/shot.png"
  rm -f "$f" "$E2E_OUT/$1.png" # never judge a stale picture
  as_user timeout 10 grim ${2:+-o "$2"} "$f" 2>>"$E2E_OUT/grim.log" || log "grim failed for $1"
  cp "$f" "$E2E_OUT/$1.png" 2>/dev/null
  echo "$E2E_OUT/$1.png"
}

# vpointer ARGS...: the virtual-pointer client (Tests/e2e/tools/vpointer.c).
vpointer() { as_user timeout 10 "$E2E_TOOLS/vpointer" "$@" 2>>"$E2E_OUT/vpointer.log"; }

# ---------------------------------------------------------------- blocks

# find_block FILE X Y W H COLOUR...: the bounding box of the first COLOUR with
# enough pixels in the region, as "COUNT XMIN YMIN XMAX YMAX COLOUR".
find_block() {
  local file=$1 x=$2 y=$3 w=$4 h=$5; shift 5
  local c b
  for c in "$@"; do
    b=$(colour_box "$file" "$c" "$x" "$y" "$w" "$h")
    [ "${b%% *}" -ge 15 ] && { echo "$b $c"; return 0; }
  done
  return 1
}

# The region a case's module or block is searched in on screen ("X Y W H"), for the
# helpers below; the case sets it.
region=()

# bar_shows HEX NAME: a fresh screenshot (NAME.png) shows HEX in $region.
bar_shows() { local s; s=$(shot_wl "$2"); has_colour "$s" "$1" 15 "${region[@]}"; }
# bar_lacks HEX NAME: a fresh screenshot shows (next to) no HEX in $region.
bar_lacks() { local s; s=$(shot_wl "$2"); lacks_colour "$s" "$1" "${region[@]}"; }

# module_at NAME: the middle of the module in a fresh screenshot (before-NAME.png), found
# by the colours pomobar draws in (tomato, green, grey), as "X Y".
module_at() {
  local shot box x0 y0 x1 y1
  shot=$(shot_wl "before-$1")
  box=$(find_block "$shot" "${region[@]}" "$TOMATO" "$GREEN" "$GREY") || { log "no module pixels before $1"; return 1; }
  read -r _ x0 y0 x1 y1 _ <<<"$box"
  echo "$(((x0 + x1) / 2)) $(((y0 + y1) / 2))"
}
# click_module BUTTON NAME: a real click (the virtual pointer) on the module.
click_module() {
  local x y
  read -r x y < <(module_at "$2") || return 1
  log "vpointer $1 at $x,$y for $2"
  vpointer move "$x" "$y" click "$1"
}
# scroll_module up|down NAME: one wheel notch over the module.
scroll_module() {
  local x y
  read -r x y < <(module_at "$2") || return 1
  log "vpointer scroll $1 at $x,$y for $2"
  vpointer move "$x" "$y" scroll "$1"
}

# ---------------------------------------------------------------- i3

# stream_wrapper NAME: a script that runs pomobar; when it runs as a bar
# (--format ...), its stdout is copied to $E2E_TMP/NAME.stream (what the bar
# read; kept in $E2E_OUT at the end), and each line with the time it was
# read to NAME.stream.ts ("EPOCHREALTIME line"). Prints the script's path. The copy
# runs in the bar's process group too, which gets pomobar's stop/cont signals.
stream_wrapper() {
  local w="$E2E_TMP/bin/$1"
  mkdir -p "$E2E_TMP/bin"
  cat >"$w" <<WRAP
#!/bin/bash
[ "\$1" = --format ] && exec > >(trap '' URG; exec tee -a '$E2E_TMP/$1.stream' \
  >(while IFS= read -r l; do printf '%s %s\\n' "\$EPOCHREALTIME" "\$l"; done >>'$E2E_TMP/$1.stream.ts'))
exec '$E2E_BIN' "\$@"
WRAP
  chmod 755 "$E2E_TMP/bin" "$w"
  echo "$w"
}

# last_frame STREAMFILE: the last complete i3bar frame (a JSON array) read.
last_frame() {
  grep -E '^,?\[\{' "$1" 2>/dev/null | tail -n 1 | sed 's/^,//'
}

# block_field STREAMFILE FIELD: FIELD of the pomobar block in the last frame.
block_field() {
  last_frame "$1" | jq -r --arg f "$2" '.[] | select(.name == "pomobar") | .[$f] | tostring' 2>/dev/null
}

# start_i3 CONF: i3 on $DISPLAY with CONF; exports I3SOCK.
start_i3() {
  cp "$1" "$E2E_OUT/i3.conf"
  spawn i3 i3 -c "$1"
  export I3SOCK="$E2E_TMP/i3.sock"
  wait_for 10 "i3 IPC" sh -c 'timeout 2 i3-msg -t get_version >/dev/null 2>&1' || fail_now "i3 did not start (see i3.log)"
}

# start_i3bar: i3 under Xvfb with contrib/i3/config's bar block, pomobar's output copied
# to $stream; waits for the bar window and pomobar's first frame. Sets stream, BX BY BW
# BH (the bar window) and region (where i3bar's right-aligned status line can be).
start_i3bar() {
  start_xvfb 1280x200
  local wrapper
  wrapper=$(stream_wrapper bar)
  contrib_copy i3/config "$E2E_TMP/pomobar-i3.conf" "$wrapper"
  i3_config "$E2E_TMP/i3.conf" "$E2E_TMP/pomobar-i3.conf"
  start_i3 "$E2E_TMP/i3.conf"
  stream="$E2E_TMP/bar.stream"
  need "i3bar window is mapped" wait_for 10 "i3bar window" bar_mapped
  read -r _ BX BY BW BH < <(bar_windows | tail -n 1)
  log "bar at $BX,$BY ${BW}x$BH"
  region=("$((BX + BW / 3))" "$BY" "$((BW - BW / 3))" "$BH")
  need "pomobar's first frame reached i3bar" wait_for 10 "first frame" has_frame
}
bar_mapped() { [ -n "$(bar_windows)" ]; }
has_frame() { [ -n "$(last_frame "$stream")" ]; }

# i3_config FILE INCLUDE...: a minimal i3 config that includes contrib snippets.
i3_config() {
  local f=$1; shift
  {
    echo '# i3 config file (v4)'
    echo 'font pango:DejaVu Sans 12'
    echo 'set $mod Mod4'
    echo "ipc-socket $E2E_TMP/i3.sock"
    local inc
    for inc in "$@"; do echo "include $inc"; done
  } >"$f"
}

# sway_config FILE INCLUDE...: headless sway with one 1280x200 output.
sway_config() {
  local f=$1; shift
  {
    echo 'xwayland disable'
    echo 'output HEADLESS-1 resolution 1280x200'
    echo 'font pango:DejaVu Sans 12'
    echo 'set $mod Mod4'
    local inc
    for inc in "$@"; do echo "include $inc"; done
  } >"$f"
}

# vpointer_works: the virtual-pointer client is built and the compositor takes it.
vpointer_works() { [ -x "$E2E_TOOLS/vpointer" ] && vpointer sleep 10; }

# jsonc_get FILE JQ: a value from a JSONC file whose comments are whole lines.
jsonc_get() { grep -vE '^[[:space:]]*//' "$1" | jq -r "$2"; }

# start_waybar CONFIG STYLE: waybar as $E2E_USER on the running sway.
start_waybar() {
  cp "$1" "$2" "$E2E_OUT"/
  chown "$E2E_USER:" "$1" "$2"
  user_cmd NO_AT_BRIDGE=1 GTK_A11Y=none GDK_BACKEND=wayland waybar -c "$1" -s "$2"
  "${UCMD[@]}" >>"$E2E_OUT/waybar.log" 2>&1 </dev/null &
  PIDS+=($!)
}

# waybar_style FILE: a plain dark bar, then contrib/waybar/style.css as it ships.
waybar_style() {
  {
    echo '* { font-family: "DejaVu Sans"; font-size: 16px; border: none; border-radius: 0; min-height: 0; }'
    echo 'window#waybar { background-color: #000000; color: #FFFFFF; }'
    cat "$E2E_ROOT/contrib/waybar/style.css"
  } >"$1"
}

# start_sway_waybar [FUNCTION]: headless sway with one 1280x200 output and waybar on it
# running contrib/waybar/config.jsonc and style.css as they ship, the module's pomobar
# output copied to $stream. Sets stream, conf, style, and region (where the module is
# drawn). FUNCTION, if given, runs once sway is up and before waybar starts (for input
# the module must see from its start). Call setup_pomobar first.
start_sway_waybar() {
  local wrapper
  ensure_user
  wrapper=$(stream_wrapper module)
  stream="$E2E_TMP/module.stream"
  conf="$E2E_TMP/config.jsonc"
  style="$E2E_TMP/style.css"
  region=(426 140 854 60)
  contrib_copy waybar/config.jsonc "$conf" "$wrapper"
  waybar_style "$style"
  sway_config "$E2E_TMP/sway.conf"
  start_sway "$E2E_TMP/sway.conf"
  [ $# -eq 0 ] || "$@"
  start_waybar "$conf" "$style"
}

# The module's last line (a JSON object) as waybar read it from $stream, and its fields.
last_obj() { grep -E '^\{' "$stream" 2>/dev/null | tail -n 1; }
has_line() { [ -n "$(last_obj)" ]; }
last_text() { last_obj | jq -r '.text' 2>/dev/null; }
# text_has PATTERN: the last line's text matches PATTERN (grep).
text_has() { last_text | grep -q -- "$1"; }
# class_has CLASS / class_lacks CLASS: the last line's class (a string or a list) has
# CLASS, or is there without it.
class_has() { last_obj | jq -e --arg c "$1" '.class | (if type == "array" then . else [.] end) | index($c) != null' >/dev/null 2>&1; }
class_lacks() { last_obj | jq -e --arg c "$1" '.class | (if type == "array" then . else [.] end) | index($c) == null' >/dev/null 2>&1; }

# run_onclick KEY: the module's command for KEY in $conf, exactly as configured, run the
# way waybar runs it (sh -c, as the user, in waybar's environment).
run_onclick() {
  local cmd; cmd=$(jsonc_get "$conf" ".\"custom/pomobar\".\"$1\"")
  log "running $1: $cmd"
  [ -n "$cmd" ] && [ "$cmd" != null ] && as_user timeout 5 sh -c "$cmd"
}

# first_time TSFILE PATTERN: when the first line matching PATTERN was printed.
first_time() { grep -m 1 -- "$2" "$1" 2>/dev/null | cut -d' ' -f1; }
