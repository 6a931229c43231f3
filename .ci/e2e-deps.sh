#!/usr/bin/env bash
# Installs what Tests/e2e/run needs: real status bars (i3bar, swaybar, waybar,
# tmux), a headless X server, screenshot and input tools, a font with the
# Braille ring glyphs, and the build deps of the Wayland virtual-pointer client
# (Tests/e2e/tools/vpointer.c); and what scripts/torture needs besides python3
# (jq, useradd, setpriv, mount); the notification daemons (dunst, xfce4-notifyd,
# mako, swaync),
# notify-send and D-Bus for the notifications case; timewarrior and Watson (pip)
# for the timewarrior-watson and timewarrior-transition cases; syncthing and git for the sync cases; yambar; qmllint,
# qmltestrunner, tsc and node for the desktop shells' snippets (shell-snippets); Chromium,
# tidy and Python's icalendar for the report-html case; poppler-utils for the timesheet case;
# hledger and Emacs for the hledger-org case; taskwarrior, rofi, todotxt-cli and dmenu for
# the tasks cases. Idempotent:
# does nothing when all is present.
# Quiet on success; on failure prints apt's log and exits non-zero.
set -euo pipefail

pkgs=(
  xvfb xdotool x11-utils imagemagick   # X11 server, clicks, window tools, pixel checks
  i3-wm                                # i3 + i3bar
  polybar i3blocks                     # polybar; i3blocks under i3bar
  sway waybar grim                     # headless Wayland bars, screenshots
  tmux                                 # tmux status line; the shells of the completions case
  bash-completion zsh fish             # completions case: each shell loads the completion as installed
  fonts-dejavu-core                    # DejaVu: Latin + Braille (the ring)
  jq                                   # JSON from `pomobar status --format json` and state.json
  i3status                             # the status command `pomobar --wrap` runs (wrap.sh)
  gcc libc6-dev pkg-config libwayland-dev libwayland-bin  # vpointer.c: wayland-scanner + libwayland-client
  passwd util-linux procps             # useradd, setpriv, mount, ps
  dunst libnotify-bin dbus dbus-x11    # notifications case: a real daemon, notify-send, a private bus
  syncthing git curl                   # sync-syncthing, sync-git: two real Syncthings on loopback (REST by curl); two git clones
  xfce4-notifyd                        # notifications case: a daemon that draws action buttons
  mako-notifier sway-notification-center  # notifications-mako, -swaync: the Wayland daemons, under sway
  timewarrior python3-pip              # timewarrior-watson case: timew 1.4.3; pip for Watson
  yambar                               # yambar case: its script module on headless sway
  qt6-declarative-dev-tools qml6-module-qtquick node-typescript  # shell-snippets: qmllint, tsc and node
  chromium tidy python3-icalendar      # report-html case: render the page, validate it, read the ics
  poppler-utils                        # timesheet case: pdfinfo counts the PDF's pages, pdftotext reads them
  hledger emacs-nox                    # hledger-org case: hledger 1.25 reads the timeclock export, Emacs 28 sums the org one
  taskwarrior rofi                     # tasks-taskwarrior: task 2.6 as the source, its hooks; rofi 1.7 the picker found by itself
  todotxt-cli suckless-tools           # tasks-todotxt: todo-txt 2.11 keeps the file, dmenu the picker
  qml6-module-qttest qml6-module-qtquick-window qml6-module-qtqml-workerscript  # shell-snippets: Pomobar.qml under qmltestrunner (QtQuick imports WorkerScript)
)

APT_UPDATE=${E2E_APT_UPDATE:-} "$(dirname "$0")/apt-install.sh" e2e-deps "${pkgs[@]}"

# Watson is not in Debian: from PyPI, pinned (the timewarrior cases), with arrow 1.3:
# arrow 1.4 reads "local" as the offset of now, so Watson 2.1 shows a frame from the
# other side of a daylight-saving change an hour off, and `watson edit` moves it.
if ! command -v watson >/dev/null || ! python3 -c 'import arrow, sys; sys.exit(arrow.__version__ != "1.3.0")' 2>/dev/null; then
  log=$(mktemp /tmp/e2e-deps-pip.XXXXXX.log)
  pip install --break-system-packages -q td-watson==2.1.0 arrow==1.3.0 >"$log" 2>&1 || {
    echo "e2e-deps: pip install td-watson failed:" >&2; tail -n 20 "$log" >&2; exit 1; }
  rm -f "$log"
  echo "e2e-deps: installed td-watson 2.1.0 (arrow 1.3.0)"
fi
