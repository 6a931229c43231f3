#!/usr/bin/env bash
# apt-install.sh NAME PACKAGE...: installs the Debian packages not yet installed, as the
# deps scripts (.ci/e2e-deps.sh, .ci/package-deps.sh) need; NAME labels its messages.
# Idempotent: does nothing when all is present. Quiet on success; on failure prints
# apt's log and exits non-zero. APT_UPDATE=1 refreshes the package lists first.
set -euo pipefail
name=$1
shift

missing=()
for p in "$@"; do
  dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "$name: missing packages (${missing[*]}) and not root: run as root" >&2
  exit 1
fi

log=$(mktemp "/tmp/$name.XXXXXX.log")
export DEBIAN_FRONTEND=noninteractive
# One `apt-get update` per machine: skip it when the lists are already there.
if ! ls /var/lib/apt/lists/*_Packages >/dev/null 2>&1 || [ -n "${APT_UPDATE:-}" ]; then
  apt-get update -q >>"$log" 2>&1 || { echo "$name: apt-get update failed:" >&2; tail -n 30 "$log" >&2; exit 1; }
fi
if ! apt-get install -y -q --no-install-recommends "${missing[@]}" >>"$log" 2>&1; then
  # Stale lists are the usual cause: refresh once and try again.
  apt-get update -q >>"$log" 2>&1 || true
  apt-get install -y -q --no-install-recommends "${missing[@]}" >>"$log" 2>&1 || {
    echo "$name: apt-get install ${missing[*]} failed:" >&2; tail -n 40 "$log" >&2; exit 1; }
fi
rm -f "$log"
echo "$name: installed ${missing[*]}"
