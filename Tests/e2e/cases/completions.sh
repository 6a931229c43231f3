#!/usr/bin/env bash
# completions: the bash, zsh and fish completions scripts/gendocs makes from the binary,
# each loaded the way its shell loads an installed one (bash-completion's loader from
# $XDG_DATA_HOME/bash-completion/completions, zsh's compinit from fpath, fish from
# $XDG_CONFIG_HOME/fish/completions), in a real interactive shell in tmux. Real TAB
# presses on a project with a space (`Umbrella Corp`, bare and after an opening quote)
# and on tags (`--tag`, `+tag`), then the completed line is run: it must do what the
# name says (before, bash inserted `--project Umbrella Corp` unquoted: `unknown range
# 'Corp'`, and no shell completed a tag).
source "$(dirname "$0")/../lib.sh"

for tool in tmux bash zsh fish python3; do command -v "$tool" >/dev/null || skip "$tool is not installed"; done
[ -f /usr/share/bash-completion/bash_completion ] || skip "bash-completion is not installed"

setup_pomobar '[projects."Umbrella Corp"]
color = "#2E86C1"'
mkdir -p "$E2E_TMP/bin"
ln -s "$E2E_BIN" "$E2E_TMP/bin/pomobar"
export PATH="$E2E_TMP/bin:$PATH" TERM=xterm-256color
need "scripts/gendocs writes the completions" \
  python3 "$E2E_ROOT/scripts/gendocs" --binary "$E2E_BIN" --out "$E2E_TMP/docs"
generated="$E2E_TMP/docs/completions"
mkdir -p "$XDG_DATA_HOME/bash-completion/completions" "$XDG_DATA_HOME/zsh" "$XDG_CONFIG_HOME/fish/completions"
cp "$generated/pomobar.bash" "$XDG_DATA_HOME/bash-completion/completions/pomobar"
cp "$generated/_pomobar" "$XDG_DATA_HOME/zsh/_pomobar"
cp "$generated/pomobar.fish" "$XDG_CONFIG_HOME/fish/completions/pomobar.fish"
need "a record of Umbrella Corp with two tags" pb track 2026-01-05 9-10 Umbrella Corp +billable "+client call"

# Each shell's start-up: the prompt `READY$ `, the completions loaded as installed.
cat >"$E2E_TMP/bashrc" <<'EOF'
PS1='READY$ '
bind 'set bell-style none'
source /usr/share/bash-completion/bash_completion
EOF
mkdir -p "$E2E_TMP/zdot"
cat >"$E2E_TMP/zdot/.zshrc" <<EOF
PS1='READY$ '
fpath=("$XDG_DATA_HOME/zsh" \$fpath)
autoload -U compinit && compinit -u -d "$E2E_TMP/zcompdump"
EOF
cat >"$XDG_CONFIG_HOME/fish/config.fish" <<'EOF'
set -g fish_greeting
set -g fish_autosuggestion_enabled 0
function fish_prompt; echo -n 'READY$ '; end
EOF

# Fish's first start in a new home scans every man page for completions of its own, in
# the background (python; minutes of a core and the disk on a machine with all of CI's
# packages, while the case types); made beforehand, its folder says that is done: the
# completions under test are ours. Its universal-variable notifier (a fifo under
# XDG_RUNTIME_DIR, else /tmp/fish.$USER, which every fish of the user shares) is the
# case's own.
mkdir -p "$XDG_DATA_HOME/fish/generated_completions"
mkdir -m 700 "$E2E_TMP/run"

sock="$E2E_TMP/tmux.sock"
tm() { timeout 10 tmux -S "$sock" "$@"; }
# A shell that exits leaves its pane, with what it printed last.
need "tmux server started" tm -f /dev/null new-session -d -s bash -x 160 -y 40 \
  "bash --noprofile --rcfile $E2E_TMP/bashrc -i" \; set-option -g remain-on-exit on
need "zsh started" tm new-session -d -s zsh -x 160 -y 40 "env ZDOTDIR=$E2E_TMP/zdot zsh -i"
need "fish started" tm new-session -d -s fish -x 160 -y 40 "env XDG_RUNTIME_DIR=$E2E_TMP/run fish -i"

# cursor_line SHELL: the line the cursor is on, as the terminal shows it.
cursor_line() {
  local y
  y=$(tm display-message -p -t "=$1:" '#{cursor_y}') || return 1
  tm capture-pane -p -t "=$1:" | sed -n "$((y + 1))p"
}
line_has() { cursor_line "$1" | grep -qF -- "$2"; }
# at_prompt SHELL: the cursor is on an empty prompt.
at_prompt() { [ "$(cursor_line "$1" | sed 's/ *$//')" = 'READY$' ]; }

# shown SHELL STEP WHY: for a failure message, the pane's last three lines, joined by ⏎
# (a shell that exited leaves tmux's "Pane is dead" line there). The whole pane and the
# shell's processes go to SHELL-STEP.pane in the results and to the log.
shown() {
  local shell=$1 file="$E2E_OUT/$1-$2.pane" pid
  pid=$(tm display-message -p -t "=$shell:" '#{pane_pid}')
  {
    echo "== $shell, step $2: $3"
    tm capture-pane -p -S - -t "=$shell:"
    echo "== cursor at line $(tm display-message -p -t "=$shell:" '#{cursor_y}'); the shell's processes:"
    ps -eo pid,ppid,stat,etime,time,args --forest |
      awk -v p="$pid" 'NR == 1 || $1 == p || seen[$2] { seen[$1] = 1; print }'
  } >"$file" 2>&1
  sed 's/^/    | /' "$file" >&2
  tm capture-pane -p -t "=$shell:" | sed 's/ *$//' | grep -v '^$' | tail -n 3 |
    sed "s#$E2E_TMP/##g" | awk '{ printf "%s%s", sep, $0; sep = " ⏎ " }'
}

# alive SHELL: its pane still runs the shell (a shell that exits leaves it, dead).
alive() { [ "$(tm display-message -p -t "=$1:" '#{pane_dead}')" = 0 ]; }
# prompt_or_gone SHELL: at an empty prompt, or no longer waiting for one.
prompt_or_gone() { at_prompt "$1" || ! alive "$1"; }

# ready SHELL: the shell's line editor runs a typed line (so it reads the keys sent next).
ready() {
  local shell=$1
  wait_for 30 "$shell prompt" prompt_or_gone "$shell" && alive "$shell" || return 1
  tm send-keys -t "=$shell:" -l -- "true >$E2E_TMP/$shell.ready" && tm send-keys -t "=$shell:" Enter &&
    wait_for 30 "$shell runs a line" test -e "$E2E_TMP/$shell.ready"
}

# step DESC SHELL TYPED SHOWN OUT: types TYPED and a TAB at a fresh prompt, waits until
# the line shows SHOWN (the completion), then sends the rest of the line, `>OUT 2>&1`
# and a mark that it ended, and Enter, and waits for the mark. A failure says which wait
# ran out and what the pane showed then; a shell that does not come back to an empty
# prompt after it (Ctrl-C) is not typed into again.
n=0
declare -A stuck=()
step() {
  local desc=$1 shell=$2 typed=$3 want=$4 out=$5 why=''
  n=$((n + 1))
  if [ -n "${stuck[$shell]:-}" ]; then
    FAILS+=("$desc: not tried (${stuck[$shell]})")
    log "FAILED: ${FAILS[-1]}"
    return 1
  fi
  if ! wait_for 20 "$shell prompt" prompt_or_gone "$shell"; then
    why="no empty prompt within 20 s"
  elif ! alive "$shell"; then
    why="$shell exited"
  else
    tm send-keys -t "=$shell:" -l -- "$typed"
    tm send-keys -t "=$shell:" Tab
    if ! wait_for 20 "$shell completes '$typed' to '$want'" line_has "$shell" "$want"; then
      why="not completed to '$want' within 20 s"
    else
      cursor_line "$shell" >"$E2E_OUT/$shell-$n.line"
      tm send-keys -t "=$shell:" -l -- " >$out 2>&1; true >$out.done"
      tm send-keys -t "=$shell:" Enter
      wait_for 20 "$shell runs the line" test -e "$out.done" || why="the line did not end within 20 s"
    fi
  fi
  if [ -z "$why" ]; then
    log "ok: $desc"
    return 0
  fi
  FAILS+=("$desc: $why; the pane showed: $(shown "$shell" "$n" "$why")")
  log "FAILED: ${FAILS[-1]}"
  tm send-keys -t "=$shell:" C-c
  if ! wait_for 20 "$shell prompt after Ctrl-C" prompt_or_gone "$shell" || ! alive "$shell"; then
    stuck[$shell]="$shell stuck after step $n"
  fi
  return 1
}
# ran SHELL OUT: the completed line and what it printed, for a check's message.
ran() {
  printf "'%s' printed '%s'" "$(sed 's/^READY\$ //' "$E2E_OUT/$1-$n.line" 2>/dev/null)" \
    "$(head -n 3 "$2" 2>/dev/null | sed 's/  */ /g' | awk '{ printf "%s%s", sep, $0; sep = " ⏎ " }')"
}

for shell in bash zsh fish; do
  if ! expect "$shell reads and runs a line" ready "$shell"; then
    FAILS[-1]+=" (the pane showed: $(shown "$shell" 0 "not ready"))"
    stuck[$shell]="$shell not ready"
  fi
done
day=5
for shell in bash zsh fish; do
  day=$((day + 1))
  out="$E2E_TMP/$shell"
  # The first TAB loads the completion (bash-completion's loader quotes what that one
  # inserts by itself); the ones after it are the completion's own.
  step "$shell: rep<TAB> completes the command 'report'" "$shell" "pomobar rep" "report" "$out.report"
  step "$shell: --project Umb<TAB> completes to 'Umbrella Corp'" \
    "$shell" "pomobar report all --project Umb" "Corp" "$out.project" &&
    expect "$shell: the completed line reports Umbrella Corp's hour ($(ran "$shell" "$out.project"))" \
      grep -qE '^Project +Umbrella Corp$' "$out.project"
  step "$shell: --project \"Umb<TAB> completes inside the quote" \
    "$shell" 'pomobar report all --project "Umb' 'Corp"' "$out.quoted" &&
    expect "$shell: that line reports it too ($(ran "$shell" "$out.quoted"))" \
      grep -qE '^Project +Umbrella Corp$' "$out.quoted"
  step "$shell: --tag cli<TAB> completes the tag 'client call'" \
    "$shell" "pomobar log all --tag cli" "call" "$out.tag" &&
    expect "$shell: log shows the record with that tag ($(ran "$shell" "$out.tag"))" \
      grep -qF 'Umbrella Corp +billable +"client call"' "$out.tag"
  step "$shell: track ... +bil<TAB> completes the tag word '+billable'" \
    "$shell" "pomobar track 2026-01-0$day 9-10 acme +bil" "+billable" "$out.track" &&
    expect "$shell: track adds the record with the tag ($(ran "$shell" "$out.track"))" \
      grep -qE "^added: .* 2026-01-0$day 09:00-10:00 .* acme \+billable$" "$out.track"
done
tm kill-server

finish
