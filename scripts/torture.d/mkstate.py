#!/usr/bin/env python3
"""mkstate.py VARIANT OUT: writes a state.json (format: StateDocument+JSON.swift) to OUT.

VARIANT:
  good             a focus running, 60 s left, written now (this boot's clocks)
  idle             idle, written now
  gap-min          good, with a note whose gap is Int64.min
  huge-deadline    deadline and total near Int64.max
  slot-0           slot 0
  wall-1e30        written.wall 10^30, as a big integer
  paused-min       paused, remaining Int64.min, total -1
  garbage-100mb    100 MB of JSON-ish garbage: an object that opens and never closes
"""

import json
import sys
import time

INT64_MIN = -(2 ** 63)
INT64_MAX = 2 ** 63 - 1


def clocks():
    boot_id = open("/proc/sys/kernel/random/boot_id").read().strip()
    return {"wall": time.clock_gettime_ns(time.CLOCK_REALTIME),
            "boottime": time.clock_gettime_ns(time.CLOCK_BOOTTIME),
            "monotonic": time.clock_gettime_ns(time.CLOCK_MONOTONIC), "boot_id": boot_id}


def good():
    w = clocks()
    return {"version": 1, "written": w,
            "timer": {"phase": "running", "kind": "focus", "deadline": w["boottime"] + 60 * 10 ** 9,
                      "total": 1500 * 10 ** 9, "slot": 1, "urgent": False, "completed": 0,
                      "note": None}}


variant, out = sys.argv[1], sys.argv[2]
if variant == "garbage-100mb":
    head = b'{"version":1,"written":{"wall":1,"boottime":1,"monotonic":1,"boot_id":"x"},"timer":{"pad":['
    unit = b'"garbage",12345,{"k":[true,null,-1e308,"\\u0000"]},[[["x"]]],'
    with open(out, "wb") as f:
        f.write(head)
        block = unit * ((1 << 20) // len(unit) + 1)
        n = 0
        while n < 100 * 1000 * 1000:
            f.write(block)
            n += len(block)
    sys.exit(0)

d = good()
t = d["timer"]
if variant == "good":
    pass
elif variant == "idle":
    d["timer"] = {"phase": "idle", "slot": 1, "urgent": False, "completed": 0, "note": None}
elif variant == "gap-min":
    t["note"] = {"kind": "paused-by-suspend", "gap": INT64_MIN}
elif variant == "huge-deadline":
    t["deadline"] = INT64_MAX - 1000
    t["total"] = INT64_MAX - 1000
elif variant == "slot-0":
    t["slot"] = 0
elif variant == "wall-1e30":
    d["written"]["wall"] = 10 ** 30
elif variant == "paused-min":
    t["phase"] = "paused"
    del t["deadline"]
    t["remaining"] = INT64_MIN
    t["total"] = -1
else:
    sys.exit("mkstate.py: unknown variant " + variant)
with open(out, "w") as f:
    f.write(json.dumps(d, separators=(",", ":")) + "\n")
