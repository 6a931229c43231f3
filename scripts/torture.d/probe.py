#!/usr/bin/env python3
"""probe.py: run one pomobar command, bounded, and say how it went.

  probe.py run LIMIT [--out F] [--err F] -- CMD...
      Runs CMD (stdin /dev/null) until it exits or LIMIT seconds pass (then SIGKILL).
  probe.py bar LIMIT [--frame REGEX] [--linger S] [--out F] [--err F] -- CMD...
      Runs a bar (stdin: a pipe left open, as a bar's) until its first frame, a line
      matching REGEX (default: an i3bar frame), or LIMIT seconds; then lets it run S
      more seconds (default 0) to see that it stays up, and ends it (SIGTERM, SIGKILL).

Prints one line of KEY=VALUE words:
  secs=    seconds until it exited (run) or printed its first frame (bar); "none" if never
  rss_kib= peak resident size: VmHWM, sampled every 2 ms (wait4's maxrss would count the
           forked copy of this script before the exec)
  end=     exit:N | signal:NAME | timeout | rss-cap (killed above --rss-cap MiB, 1024)
  alive=   bar: yes if it was still running after the linger
  t=       seconds from the start until it exited or was ended
and, quoted on their own lines, `frame: ...` (bar) and `stderr: ...` (first line).
Every process it starts is killed before it returns.
"""

import os
import re
import resource
import select
import signal
import subprocess
import sys
import time

args = sys.argv[1:]
mode = args.pop(0)
limit = float(args.pop(0))
frame_re = rb"^,?\[\{"
linger = 0.0
out_path = err_path = None
rss_cap_mib = 1024
while args and args[0] != "--":
    flag = args.pop(0)
    if flag == "--frame":
        frame_re = args.pop(0).encode()
    elif flag == "--linger":
        linger = float(args.pop(0))
    elif flag == "--out":
        out_path = args.pop(0)
    elif flag == "--err":
        err_path = args.pop(0)
    elif flag == "--rss-cap":
        rss_cap_mib = int(args.pop(0))
    else:
        sys.exit("probe.py: unknown option " + flag)
args.pop(0)
cmd = args

err_file = open(err_path or os.devnull, "wb")
out_file = open(out_path or os.devnull, "wb")


def safety():
    # A hard bound on the address space in case sampling misses a fast allocation.
    resource.setrlimit(resource.RLIMIT_AS, (8 << 30, 8 << 30))


stdin_r, stdin_w = os.pipe()
if mode == "bar":
    p = subprocess.Popen(cmd, stdin=stdin_r, stdout=subprocess.PIPE, stderr=err_file,
                         preexec_fn=safety)
else:
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out_file, stderr=err_file,
                         preexec_fn=safety)
os.close(stdin_r)
t0 = time.monotonic()
peak = 0
end = None
first = None
frame = b""
buf = b""
status = None


def sample():
    global peak
    try:
        with open("/proc/%d/status" % p.pid) as f:
            for line in f:
                if line.startswith(("VmHWM:", "VmRSS:")):
                    peak = max(peak, int(line.split()[1]))
    except (OSError, ValueError):
        pass


def reap(block):
    """waitpid the child; sets status. True once it is gone."""
    global status
    if status is not None:
        return True
    pid, st = os.waitpid(p.pid, 0 if block else os.WNOHANG)
    if pid == 0:
        return False
    status = st
    p.returncode = 0  # keep Popen from waiting again
    return True


while True:
    now = time.monotonic()
    if reap(False):
        break
    sample()
    if peak > rss_cap_mib * 1024:
        end = "rss-cap"
        break
    if now - t0 > limit:
        end = "timeout"
        break
    if mode == "bar" and first is not None and now - first_at >= linger:
        break
    if mode == "bar":
        r, _, _ = select.select([p.stdout], [], [], 0.002)
        if r:
            chunk = os.read(p.stdout.fileno(), 1 << 16)
            out_file.write(chunk)
            if first is None:
                buf += chunk
                for line in buf.split(b"\n")[:-1] if b"\n" in buf else []:
                    if re.search(frame_re, line):
                        first = now - t0
                        first_at = time.monotonic()
                        frame = line
                        break
                buf = buf[-65536:]
    else:
        time.sleep(0.002)

t_end = time.monotonic() - t0
alive = "no"
if status is None:
    alive = "yes"
    sample()
    for sig, wait in ((signal.SIGTERM, 1.0), (signal.SIGKILL, 2.0)):
        try:
            p.send_signal(sig)
        except ProcessLookupError:
            pass
        t = time.monotonic()
        while time.monotonic() - t < wait and not reap(False):
            time.sleep(0.01)
        if status is not None:
            break
    if status is None:
        reap(True)
if end is None:
    if os.WIFSIGNALED(status) and mode == "run":
        end = "signal:" + signal.Signals(os.WTERMSIG(status)).name
    elif os.WIFSIGNALED(status):
        # A bar we ended ourselves shows our SIGTERM; only a signal before that counts.
        end = "signal:" + signal.Signals(os.WTERMSIG(status)).name if alive == "no" else "ended"
    else:
        end = "exit:%d" % os.WEXITSTATUS(status)
secs = time.monotonic() - t0 if mode == "run" else first
if mode == "run" and end in ("timeout", "rss-cap"):
    secs = None
os.close(stdin_w)
err_file.close()
out_file.close()
stderr_first = b""
if err_path:
    with open(err_path, "rb") as f:
        stderr_first = f.read(4096).split(b"\n")[0]
words = ["secs=%s" % ("none" if secs is None else "%.3f" % secs), "rss_kib=%d" % peak,
         "end=%s" % end, "t=%.3f" % t_end]
if mode == "bar":
    words.append("alive=%s" % alive)
print(" ".join(words))
if mode == "bar":
    print("frame: " + frame.decode("utf-8", "replace")[:4000])
print("stderr: " + stderr_first.decode("utf-8", "replace")[:300])
