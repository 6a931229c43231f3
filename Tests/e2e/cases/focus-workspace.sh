#!/usr/bin/env bash
# focus-workspace: contrib/focus-mode/focus-workspace as pomobar's focus-start and
# focus-end hooks, under i3 4.22 on Xvfb: starting a focus moves you from workspace 1 to
# the workspace "focus" (a scratchpad window shown on 1 stays behind, unseen), and any
# end of the focus (here: stop, then a skip) takes you back to where you were.
source "$(dirname "$0")/../lib.sh"

command -v i3 >/dev/null || skip "i3 is not installed"
command -v jq >/dev/null || skip "jq is not installed"
script="$E2E_TMP/focus-workspace"
cp "$E2E_ROOT/contrib/focus-mode/focus-workspace" "$script"
chmod 755 "$script"
setup_pomobar "[timer]
focus = \"25m\"

[hooks]
focus-start = \"$script start\"
focus-end = \"$script end\""
start_xvfb 1024x300
i3_config "$E2E_TMP/i3.conf"
start_i3 "$E2E_TMP/i3.conf"
export XDG_RUNTIME_DIR="$E2E_TMP/run"
mkdir -p "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"

focused() { i3-msg -t get_workspaces 2>/dev/null | jq -r '.[] | select(.focused) | .name'; }
on() { [ "$(focused)" = "$1" ]; }
need "i3 starts on workspace 1" wait_for 5 "workspace 1" on 1

# A window in the scratchpad, shown on workspace 1.
spawn xmessage xmessage -name scratchy "scratchpad window"
mapped() { timeout 2 xdotool search --onlyvisible --classname scratchy >/dev/null 2>&1; }
need "a window to put in the scratchpad" wait_for 5 "xmessage" mapped
i3-msg '[instance="scratchy"] move scratchpad; [instance="scratchy"] scratchpad show' >/dev/null
expect "the scratchpad window shows on workspace 1" wait_for 3 "scratchpad shown" mapped

pb ctl start >/dev/null || fail_now "ctl start failed"
expect "focus start moves to the workspace 'focus'" wait_for 3 "workspace focus" on focus
hidden() { ! mapped; }
expect "the scratchpad window is out of sight" wait_for 3 "scratchpad hidden" hidden
pb ctl stop >/dev/null
expect "stopping the focus goes back to workspace 1" wait_for 3 "workspace 1" on 1

i3-msg 'workspace 3' >/dev/null
pb ctl start >/dev/null
expect "a focus from workspace 3 goes to 'focus'" wait_for 3 "workspace focus" on focus
pb ctl skip >/dev/null # the focus ends by a skip: the break begins
expect "skipping the focus goes back to workspace 3" wait_for 3 "workspace 3" on 3
expect "hooks.log has both hooks, exit 0" sh -c "grep -c 'focus-[a-z]*: exit 0' '$XDG_STATE_HOME/pomobar/hooks.log' | grep -qx 4"
cp "$XDG_STATE_HOME/pomobar/hooks.log" "$E2E_OUT/hooks.log" 2>/dev/null
finish
