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

exec "$(dirname "$0")/apt-install.sh" package-deps "${pkgs[@]}"
