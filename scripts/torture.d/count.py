#!/usr/bin/env python3
"""count.py STATS [--keep FILE] [--gate FILE]: a reader for one stream of a bar.

Reads stdin to its end, counting, so that a copy that prints 30,000 frames a second
fills no disk. Every 50 ms at most (and at the end) it replaces STATS with:

    LINES BYTES YLINES          (YLINES: lines that are just "y", a hook's flood)
    the last complete line that is not "y"

--keep FILE  also appends the first 200 lines that are not "y" to FILE.
--gate FILE  reads nothing until FILE exists: an unread pipe until then (bounded by
             the process being killed; the suite kills every reader it starts).
"""

import os
import select
import sys
import time

args = sys.argv[1:]
stats = args.pop(0)
keep = gate = None
while args:
    flag = args.pop(0)
    if flag == "--keep":
        keep = args.pop(0)
    elif flag == "--gate":
        gate = args.pop(0)
    else:
        sys.exit("count.py: unknown option " + flag)

lines = nbytes = ylines = kept = 0
last = b""
carry = b""
written = 0.0


def dump():
    tmp = stats + ".tmp"
    with open(tmp, "wb") as f:
        f.write(b"%d %d %d\n" % (lines, nbytes, ylines))
        f.write(last + b"\n")
    os.replace(tmp, stats)


dump()
if gate:
    while not os.path.exists(gate):
        time.sleep(0.02)

keepf = open(keep, "ab") if keep else None
dirty = False
while True:
    ready, _, _ = select.select([0], [], [], 0.05)
    if not ready:
        if dirty:
            dump()
            dirty = False
            written = time.monotonic()
        continue
    try:
        chunk = os.read(0, 1 << 16)
    except InterruptedError:
        continue
    if not chunk:
        break
    nbytes += len(chunk)
    data = carry + chunk
    if not data.replace(b"y\n", b"").strip(b"y"):
        # A flood of "y" lines: count them without splitting.
        n = data.count(b"\n")
        lines += n
        ylines += n
        carry = b"" if data.endswith(b"\n") else b"y" * (len(data) - data.rfind(b"\n") - 1)
    else:
        parts = data.split(b"\n")
        carry = parts.pop()
        lines += len(parts)
        for p in parts:
            if p == b"y":
                ylines += 1
                continue
            last = p
            if keepf and kept < 200:
                keepf.write(p + b"\n")
                kept += 1
        if keepf:
            keepf.flush()
    dirty = True
    now = time.monotonic()
    if now - written >= 0.05:
        dump()
        dirty = False
        written = now
dump()
