#!/usr/bin/env bash
# Installs what the package test (.ci/package-test.sh) needs: man-db and groff to find
# and render the man pages, the three shells whose completions it loads, lintian to
# check the .deb, and binutils for `strip`. Idempotent: does nothing when all is present.
# Quiet on success; on failure prints apt's log and exits non-zero.
set -euo pipefail

pkgs=(
  man-db groff-base          # man -w, man --warnings
  bash-completion fish zsh   # each completion loaded in its shell
  lintian                    # the .deb's checks
  binutils                   # strip (scripts/package)
)

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "package-deps: missing packages (${missing[*]}) and not root: run as root" >&2
  exit 1
fi

log=$(mktemp /tmp/package-deps.XXXXXX.log)
export DEBIAN_FRONTEND=noninteractive
# One `apt-get update` per machine: skip it when the lists are already there.
if ! ls /var/lib/apt/lists/*_Packages >/dev/null 2>&1; then
  apt-get update -q >>"$log" 2>&1 || { echo "package-deps: apt-get update failed:" >&2; tail -n 30 "$log" >&2; exit 1; }
fi
if ! apt-get install -y -q --no-install-recommends "${missing[@]}" >>"$log" 2>&1; then
  # Stale lists are the usual cause: refresh once and try again.
  apt-get update -q >>"$log" 2>&1 || true
  apt-get install -y -q --no-install-recommends "${missing[@]}" >>"$log" 2>&1 || {
    echo "package-deps: apt-get install ${missing[*]} failed:" >&2; tail -n 40 "$log" >&2; exit 1; }
fi
rm -f "$log"
echo "package-deps: installed ${missing[*]}"
