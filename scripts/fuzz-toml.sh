#!/usr/bin/env bash
# Fuzzes the TOML parser (Sources/TOML) with libFuzzer and reports what it found.
#
# Usage: scripts/fuzz-toml.sh [SECONDS]     (default 60)
#
# Builds scripts/fuzz/TOMLFuzzer.swift together with Sources/TOML/*.swift using
# `swiftc -sanitize=fuzzer,address`, seeds it with the test fixtures, and runs it for SECONDS.
# Work files go to .build-fuzz/ (git-ignored): the growing corpus in corpus/, crashing inputs
# in artifacts/. Exits 0 when nothing was found, 1 on a crash, and 0 with a notice when the
# toolchain cannot build fuzzers. Environment: SWIFTC (compiler), FUZZ_WORK_DIR (work folder).
set -euo pipefail

seconds="${1:-60}"
case "$seconds" in
  '' | *[!0-9]*) echo "usage: $0 [SECONDS]" >&2; exit 2 ;;
esac

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${FUZZ_WORK_DIR:-$root/.build-fuzz}"
swiftc="${SWIFTC:-swiftc}"
binary="$work/toml-fuzzer"
mkdir -p "$work/corpus" "$work/seeds" "$work/artifacts"

if [[ "$(uname -s)" != "Linux" ]]; then
  echo "fuzz-toml: libFuzzer via swiftc is only set up for Linux; skipping." >&2
  exit 0
fi

echo "fuzz-toml: building $binary"
if ! "$swiftc" -parse-as-library -sanitize=fuzzer,address -O -g \
  -module-name TOMLFuzz \
  "$root"/Sources/TOML/*.swift "$root/scripts/fuzz/TOMLFuzzer.swift" \
  -o "$binary" 2>"$work/build.log"; then
  if grep -qiE "sanitize|fuzzer|libclang_rt" "$work/build.log"; then
    echo "fuzz-toml: this toolchain cannot build libFuzzer harnesses; skipping." >&2
    sed 's/^/  /' "$work/build.log" >&2
    exit 0
  fi
  echo "fuzz-toml: build failed:" >&2
  cat "$work/build.log" >&2
  exit 2
fi

cp "$root"/Tests/TOMLTests/Fixtures/valid/*.toml "$work/seeds/"
cp "$root"/Tests/TOMLTests/Fixtures/invalid/*.toml "$work/seeds/"

echo "fuzz-toml: fuzzing for ${seconds}s (corpus: $work/corpus)"
set +e
# Swift's own crash backtracer trips AddressSanitizer; libFuzzer prints the stack instead.
SWIFT_BACKTRACE=enable=no "$binary" \
  -max_total_time="$seconds" \
  -max_len=8192 \
  -timeout=10 \
  -print_final_stats=1 \
  -dict="$root/scripts/fuzz/toml.dict" \
  -artifact_prefix="$work/artifacts/" \
  "$work/corpus" "$work/seeds" >"$work/fuzz.log" 2>&1
status=$?
set -e

runs="$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$work/fuzz.log" | grep -oE '[0-9]+$' || true)"
if [[ -z "$runs" ]]; then
  runs="$(grep -oE '#[0-9]+' "$work/fuzz.log" | tail -1 | tr -d '#' || true)"
fi
coverage="$(grep -oE 'cov: [0-9]+' "$work/fuzz.log" | tail -1 | grep -oE '[0-9]+' || true)"
corpus="$(find "$work/corpus" -type f | wc -l | tr -d ' ')"

echo "fuzz-toml: ${runs:-?} executions, coverage ${coverage:-?} edges, corpus ${corpus} inputs"
if [[ $status -ne 0 ]]; then
  echo "fuzz-toml: CRASH (libFuzzer exit $status); log: $work/fuzz.log" >&2
  grep -E "ERROR|Fatal error|SUMMARY|Test unit written" "$work/fuzz.log" | head -20 >&2 || true
  echo "fuzz-toml: reproduce with: SWIFT_BACKTRACE=enable=no $binary <artifact>" >&2
  exit 1
fi
echo "fuzz-toml: no crashes"
