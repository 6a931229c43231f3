#!/usr/bin/env bash
# failing-write-readonly: the state folder turns read-only (chmod 555, as a non-root user) while a focus runs.
# Three bars must not turn into busy loops: see scripts/torture.d/failing-write.sh.
source "$TORTURE_D/lib.sh"
source "$TORTURE_D/failing-write.sh"
failing_write readonly
