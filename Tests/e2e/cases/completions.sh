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

sock="$E2E_TMP/tmux.sock"
tm() { timeout 5 tmux -S "$sock" "$@"; }
need "tmux server started" tm -f /dev/null new-session -d -s bash -x 160 -y 40 \
  "bash --noprofile --rcfile $E2E_TMP/bashrc -i"
need "zsh started" tm new-session -d -s zsh -x 160 -y 40 "env ZDOTDIR=$E2E_TMP/zdot zsh -i"
need "fish started" tm new-session -d -s fish -x 160 -y 40 "fish -i"

# cursor_line SHELL: the line the cursor is on, as the terminal shows it.
cursor_line() {
  local y
  y=$(tm display-message -p -t "$1" '#{cursor_y}') || return 1
  tm capture-pane -p -t "$1" | sed -n "$((y + 1))p"
}
line_has() { cursor_line "$1" | grep -qF -- "$2"; }
# at_prompt SHELL: the cursor is on an empty prompt.
at_prompt() { [ "$(cursor_line "$1" | sed 's/ *$//')" = 'READY$' ]; }

# complete SHELL TYPED SHOWN OUT: types TYPED and a TAB at a fresh prompt, waits until
# the line shows SHOWN (the completion), then sends the rest of the line, `>OUT 2>&1`
# and a mark that it ended, and Enter, and waits for the mark.
step=0
complete() {
  local shell=$1 typed=$2 shown=$3 out=$4
  step=$((step + 1))
  wait_for 10 "$shell prompt" at_prompt "$shell" || return 1
  tm send-keys -t "$shell" -l -- "$typed"
  tm send-keys -t "$shell" Tab
  if ! wait_for 10 "$shell completes '$typed' to '$shown'" line_has "$shell" "$shown"; then
    tm capture-pane -p -t "$shell" >"$E2E_OUT/$shell-$step.line"
    tm send-keys -t "$shell" C-c
    return 1
  fi
  cursor_line "$shell" >"$E2E_OUT/$shell-$step.line"
  tm send-keys -t "$shell" -l -- " >$out 2>&1; true >$out.done"
  tm send-keys -t "$shell" Enter
  wait_for 10 "$shell runs the line" test -e "$out.done"
}

day=5
for shell in bash zsh fish; do
  day=$((day + 1))
  out="$E2E_TMP/$shell"
  # The first TAB loads the completion (bash-completion's loader quotes what that one
  # inserts by itself); the ones after it are the completion's own.
  expect "$shell: rep<TAB> completes the command 'report'" complete "$shell" "pomobar rep" "report" "$out.report"
  expect "$shell: --project Umb<TAB> completes to 'Umbrella Corp'" \
    complete "$shell" "pomobar report all --project Umb" "Corp" "$out.project"
  expect "$shell: the completed line reports Umbrella Corp's hour ($(head -n 3 "$out.project" 2>/dev/null | tr "\n" " "))" \
    grep -qE '^Project +Umbrella Corp$' "$out.project"
  expect "$shell: --project \"Umb<TAB> completes inside the quote" \
    complete "$shell" 'pomobar report all --project "Umb' 'Corp"' "$out.quoted"
  expect "$shell: that line reports it too ($(head -n 3 "$out.quoted" 2>/dev/null | tr "\n" " "))" \
    grep -qE '^Project +Umbrella Corp$' "$out.quoted"
  expect "$shell: --tag cli<TAB> completes the tag 'client call'" \
    complete "$shell" "pomobar log all --tag cli" "call" "$out.tag"
  expect "$shell: log shows the record with that tag ($(cat "$out.tag" 2>/dev/null))" \
    grep -qF 'Umbrella Corp +billable +"client call"' "$out.tag"
  expect "$shell: track ... +bil<TAB> completes the tag word '+billable'" \
    complete "$shell" "pomobar track 2026-01-0$day 9-10 acme +bil" "+billable" "$out.track"
  expect "$shell: track adds the record with the tag ($(cat "$out.track" 2>/dev/null))" \
    grep -qE "^added: .* 2026-01-0$day 09:00-10:00 .* acme \+billable$" "$out.track"
done
tm kill-server

finish
