#!/usr/bin/env bash
# failing-write-folder: state.json is replaced by a folder while a focus runs.
# Three bars must not turn into busy loops: see scripts/torture.d/failing-write.sh.
source "$TORTURE_D/lib.sh"
source "$TORTURE_D/failing-write.sh"
failing_write folder
