#!/usr/bin/env bash
# failing-write-full: the state folder is a 16 KiB tmpfs that fills up while a focus runs.
# Three bars must not turn into busy loops: see scripts/torture.d/failing-write.sh.
source "$TORTURE_D/lib.sh"
source "$TORTURE_D/failing-write.sh"
failing_write full
