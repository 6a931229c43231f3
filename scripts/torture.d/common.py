"""common.py: what the torture drivers (killer.py, ledger.py) share: their options, the
boot clock the state's deadlines are on, reading state.json, the bar copies they start
and end, an inotify watch, and their `run`/`analyze` entry point. Imported with the
drivers' own folder on sys.path."""

import ctypes
import ctypes.util
import json
import os
import signal
import struct
import subprocess
import sys
import time

BOOT = time.CLOCK_BOOTTIME
IN_MODIFY = 0x2
IN_CLOSE_WRITE = 0x8
IN_CREATE = 0x100


def boot_ns():
    return time.clock_gettime_ns(BOOT)


def say(*a):
    print(*a, file=sys.stderr, flush=True)


def opts(argv, prog):
    o = {}
    while argv:
        k = argv.pop(0)
        if not k.startswith("--"):
            sys.exit(prog + ": unexpected " + k)
        o[k[2:]] = argv.pop(0)
    return o


def read_json(path):
    try:
        with open(path, "rb") as f:
            return json.loads(f.read())
    except (OSError, ValueError):
        return None


def copy_starter(binary, errdir):
    """A function starting one more `BINARY --format i3bar` copy (its stderr in
    ERRDIR/copy-N.stderr); its .started is how many it started."""
    def start_copy():
        start_copy.started += 1
        err = open(os.path.join(errdir, "copy-%d.stderr" % start_copy.started), "wb")
        p = subprocess.Popen([binary, "--format", "i3bar"], stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=err)
        err.close()
        return p
    start_copy.started = 0
    return start_copy


def end_copies(copies):
    """SIGTERM every copy, then wait for each (bounded: 3 s, then SIGKILL)."""
    for p in copies:
        try:
            p.send_signal(signal.SIGTERM)
        except ProcessLookupError:
            pass
    for p in copies:
        try:
            p.wait(timeout=3)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


class Inotify:
    """A bare inotify watch through libc (the stdlib has none)."""

    def __init__(self, path, mask):
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        self.fd = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        if self.fd < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1")
        if libc.inotify_add_watch(self.fd, path.encode(), mask) < 0:
            raise OSError(ctypes.get_errno(), "inotify_add_watch " + path)

    def read(self):
        """Names of the files with events (drains the queue)."""
        names = []
        while True:
            try:
                buf = os.read(self.fd, 65536)
            except BlockingIOError:
                return names
            i = 0
            while i + 16 <= len(buf):
                _wd, _mask, _cookie, n = struct.unpack_from("iIII", buf, i)
                names.append(buf[i + 16:i + 16 + n].rstrip(b"\0").decode("utf-8", "replace"))
                i += 16 + n


def main(prog, run, analyze):
    """`PROG run --OPTION VALUE...` or `PROG analyze --OPTION VALUE...`."""
    mode = sys.argv[1]
    o = opts(sys.argv[2:], prog)
    if mode == "run":
        run(o)
    elif mode == "analyze":
        analyze(o)
    else:
        sys.exit(prog + ": run or analyze")
