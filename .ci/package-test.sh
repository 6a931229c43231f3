#!/usr/bin/env bash
# The packages as a user gets them, on this (Debian, root) machine: builds them with
# scripts/package from the release build already in .build-release, checks the .deb with
# lintian, installs it with dpkg, uses what it installed (the binary, both man pages, the
# completions in bash, fish and zsh), removes it and checks that nothing is left; then
# runs the tarball's binary in an empty environment. Needs .ci/package-deps.sh first.
# Changes the machine (installs and removes the package): for CI, or a throwaway box.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C.UTF-8

fail() { echo "package-test: FAIL: $*" >&2; exit 1; }
ok() { echo "package-test: ok: $*"; }
[ "$(id -u)" -eq 0 ] || fail "run as root (it installs the .deb)"

work=$(mktemp -d /tmp/pomobar-package-test.XXXXXX)
excludes=()
cleanup() {
  # Put back the dpkg path excludes taken out below, and the package if still installed.
  for file in "${excludes[@]}"; do mv "$work/excludes/$(basename "$file")" "$file"; done
  dpkg -s pomobar >/dev/null 2>&1 && dpkg -r pomobar >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

# Docker's Debian images install no man pages or docs (path-exclude in
# /etc/dpkg/dpkg.cfg.d/): with those rules dpkg would silently skip the files this test
# is about. They are moved aside for the test and put back at the end.
mkdir -p "$work/excludes"
for file in /etc/dpkg/dpkg.cfg.d/*; do
  [ -f "$file" ] || continue
  if grep -Eq '^\s*path-exclude' "$file"; then
    echo "package-test: moving aside $file for the test (path-exclude rules)"
    mv "$file" "$work/excludes/"
    excludes+=("$file")
  fi
done

if dpkg -s pomobar >/dev/null 2>&1; then fail "pomobar is already installed"; fi

# ---- build
SECONDS=0
out=$(scripts/package --skip-build 2>&1) || { echo "$out" >&2; fail "scripts/package"; }
echo "$out" | grep -v '^Build\|^\[' | sed 's/^/  /'
version=$(.build-release/release/pomobar --version | awk '{print $2}')
deb=dist/pomobar_${version}_amd64.deb
tarball=dist/pomobar-$version-x86_64-linux.tar.gz
[ -f "$deb" ] && [ -f "$tarball" ] || fail "no $deb or $tarball"
(cd dist && sha256sum --quiet -c "$(basename "$deb").sha256" "$(basename "$tarball").sha256") ||
  fail "checksums"
ok "built in ${SECONDS}s"

# ---- lintian: no tag left, the explained ones overridden (scripts/package.d/lintian-overrides)
lintian_status=0
tags=$(lintian --fail-on error,warning,info,pedantic --pedantic -I "$deb" 2>&1) || lintian_status=$?
tags=$(echo "$tags" | grep -v '^running with root privileges' || true)
[ "$lintian_status" -eq 0 ] && [ -z "$tags" ] || { echo "$tags" >&2; fail "lintian (status $lintian_status)"; }
ok "lintian clean"

# The control file's Installed-Size: what dpkg-gencontrol would say (KiB per file
# rounded up, one per directory), recomputed here from the unpacked package.
dpkg-deb -x "$deb" "$work/unpacked"
expected=$(find "$work/unpacked" -mindepth 1 -printf '%y %s\n' |
  awk '$1 == "f" { t += int(($2 + 1023) / 1024) } $1 != "f" { t += 1 } END { print t }')
declared=$(dpkg-deb -f "$deb" Installed-Size)
[ "$declared" = "$expected" ] || fail "Installed-Size $declared, expected $expected"
[ "$(dpkg-deb -f "$deb" Recommends)" = libnotify-bin ] || fail "Recommends: libnotify-bin"

# ---- install
# What a package may touch: /usr and /etc (dpkg's own records and man-db's index aside).
snapshot() { find /usr /etc -xdev 2>/dev/null | sort; }
before=$(snapshot)
dpkg -i "$deb" >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log" >&2; fail "dpkg -i"; }
mapfile -t files < <(dpkg -L pomobar | while read -r f; do [ -f "$f" ] && echo "$f"; done)
[ "${#files[@]}" -ge 10 ] || fail "dpkg -L lists ${#files[@]} files"
for f in /usr/bin/pomobar /usr/share/man/man1/pomobar.1.gz /usr/share/man/man5/pomobar.toml.5.gz \
  /usr/share/bash-completion/completions/pomobar /usr/share/zsh/vendor-completions/_pomobar \
  /usr/share/fish/vendor_completions.d/pomobar.fish /usr/share/doc/pomobar/copyright \
  /usr/share/doc/pomobar/changelog.gz /usr/share/doc/pomobar/config.example.toml \
  /usr/share/doc/pomobar/contrib/waybar/config.jsonc; do
  [ -f "$f" ] || fail "$f is not installed"
done
ok "installed ${#files[@]} files"

# ---- the installed binary, in a home of its own
home=$work/home
mkdir -p "$home"
run() { env -i HOME="$home" PATH=/usr/bin:/bin LC_ALL=C.UTF-8 "$@"; }
line=$(run /usr/bin/pomobar --version)
[[ $line =~ ^pomobar\ $version\ \(commit\ [0-9a-f]{7}(-dirty)?\)$ ]] || fail "--version says '$line'"
status=$(run /usr/bin/pomobar status) || fail "pomobar status exited $?"
[ -n "$status" ] || fail "pomobar status printed nothing"
ok "/usr/bin/pomobar: $line; status: $status"

# ---- man pages: found, and rendered without a warning
[ "$(man -w pomobar)" = /usr/share/man/man1/pomobar.1.gz ] || fail "man -w pomobar: $(man -w pomobar 2>&1)"
[ "$(man -w pomobar.toml)" = /usr/share/man/man5/pomobar.toml.5.gz ] || fail "man -w pomobar.toml"
for page in pomobar pomobar.toml; do
  warnings=$(MANWIDTH=80 man --warnings "$page" 2>&1 >/dev/null) || fail "man $page"
  [ -z "$warnings" ] || { echo "$warnings" >&2; fail "man $page warns"; }
  MANWIDTH=80 man "$page" 2>/dev/null | grep -q "^NAME" || fail "man $page renders no NAME"
done
ok "man -w finds both pages; man --warnings renders them without a warning"

# ---- completions, each loaded the way its shell loads it
got=$(bash --norc -c 'source /usr/share/bash-completion/bash_completion
  __load_completion pomobar && complete -p pomobar')
[ "$got" = "complete -F _pomobar pomobar" ] || fail "bash: '$got'"
got=$(bash --norc -c 'source /usr/share/bash-completion/bash_completion; __load_completion pomobar
  COMP_WORDS=(pomobar c); COMP_CWORD=1; _pomobar; echo "${COMPREPLY[*]}"')
[ "$got" = "ctl check-config" ] || fail "bash completes 'pomobar c' with '$got'"
got=$(HOME=$home fish -c 'complete -C "pomobar c"' | cut -f1 | sort | tr '\n' ' ')
[ "$got" = "check-config ctl " ] || fail "fish completes 'pomobar c' with '$got'"
got=$(HOME=$home zsh -fc 'autoload -U compinit && compinit -u -d $HOME/.zcompdump && print -r -- ${_comps[pomobar]}')
[ "$got" = _pomobar ] || fail "zsh compinit: pomobar -> '$got'"
ok "bash, fish and zsh load their completion and complete 'pomobar c'"

# A project with a space and a tag with one: one word each on the command line.
mkdir -p "$home/.config/pomobar"
printf '[projects."Umbrella Corp"]\n' >"$home/.config/pomobar/config.toml"
run /usr/bin/pomobar track 2026-01-05 9-10 acme +billable '+client call' >/dev/null || fail "pomobar track"
got=$(run bash --norc -c 'source /usr/share/bash-completion/bash_completion; __load_completion pomobar
  COMP_WORDS=(pomobar report --project Umb); COMP_CWORD=3; _pomobar; printf "%s\n" "${COMPREPLY[@]}"
  COMP_WORDS=(pomobar track 9-10 acme +cl); COMP_CWORD=4; _pomobar; printf "%s\n" "${COMPREPLY[@]}"')
[ "$got" = 'Umbrella\ Corp'$'\n''+client\ call' ] || fail "bash completes a project and a tag with '$got'"
got=$(run fish -c 'complete -C "pomobar log --tag cl"' | cut -f1)
[ "$got" = "client call" ] || fail "fish completes --tag cl with '$got'"
ok "bash completes 'Umbrella\ Corp' and '+client\ call', fish the tag 'client call'"

# ---- remove: nothing left behind
dpkg -r pomobar >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log" >&2; fail "dpkg -r"; }
for f in "${files[@]}"; do [ ! -e "$f" ] || fail "$f is left after dpkg -r"; done
[ ! -e /usr/share/doc/pomobar ] || fail "/usr/share/doc/pomobar is left"
if dpkg-query -W -f='${Status}' pomobar 2>/dev/null | grep -qv 'not-installed'; then
  fail "dpkg still knows pomobar: $(dpkg-query -W -f='${Status}' pomobar)"
fi
after=$(snapshot)
left=$(comm -13 <(echo "$before") <(echo "$after"))
[ -z "$left" ] || { echo "$left" >&2; fail "files left after dpkg -r"; }
ok "dpkg -r removed all ${#files[@]} files; nothing new is left on the system"

# ---- the tarball: a static binary that runs in an empty environment
tar -xzf "$tarball" -C "$work"
binary=$work/pomobar-$version-x86_64-linux/pomobar
ldd_out=$(ldd "$binary" 2>&1 || true)
[[ $ldd_out == *"not a dynamic executable"* ]] || fail "ldd: $ldd_out"
line=$(env -i "$binary" --version) || fail "env -i pomobar --version"
[[ $line == "pomobar $version (commit "* ]] || fail "env -i pomobar --version: '$line'"
env -i HOME="$home" "$binary" status >/dev/null || fail "env -i pomobar status"
for f in man/pomobar.1 man/pomobar.toml.5 completions/pomobar.bash completions/_pomobar \
  completions/pomobar.fish contrib/i3/config config.example.toml README.md LICENSE CHANGELOG.md \
  docs/ledger.md docs/i3bar.png; do
  [ -f "$work/pomobar-$version-x86_64-linux/$f" ] || fail "the tarball has no $f"
done
ok "tarball: ldd says static; runs under env -i ($line)"
echo "package-test: all passed in ${SECONDS}s"
