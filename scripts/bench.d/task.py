#!/usr/bin/env python3
# scripts/bench.d/task.py BINARY latency [N] | rss: the task's cost (issue 28), in a
# sandbox of its own. `latency`: a bar (`--format waybar`, `[format] full = "{time}
# {task}"`) runs a focus; `pomobar ctl task "task number I"` N times (50), each time from
# ctl's start (and from its exit) to the bar's first frame that shows it, p50/p99.
# `rss`: a bar runs 10 s with no task, then with one, three times each; VmRSS (KiB) from
# /proc at the end of each. docs/benchmarks.md, "A task per focus".
import os, subprocess, sys, time, select, tempfile, statistics, json
P = sys.argv[1]
root = tempfile.mkdtemp(prefix="pbm-")
env = dict(os.environ, XDG_STATE_HOME=root+"/s", XDG_DATA_HOME=root+"/d", XDG_CONFIG_HOME=root+"/c")
env.pop("DISPLAY", None); env.pop("WAYLAND_DISPLAY", None)
os.makedirs(root+"/c/pomobar")
open(root+"/c/pomobar/config.toml","w").write('[timer]\nfocus = "50m"\n[format]\nfull = "{time} {task}"\n[notifications]\nenabled = false\n')
def ctl(*a): subprocess.run([P,"ctl",*a], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
def rss(pid):
    for l in open(f"/proc/{pid}/status"):
        if l.startswith("VmRSS"): return int(l.split()[1])
def bar():
    return subprocess.Popen([P,"--format","waybar"], env=env, stdout=subprocess.PIPE, stdin=subprocess.PIPE, stderr=subprocess.DEVNULL)
ctl("start")
mode = sys.argv[2]
if mode == "rss":
    out = {}
    for label in ["no-task", "task"]:
        if label == "task": ctl("task", "write the quarterly report for the board")
        else: ctl("task", "--clear")
        vals = []
        for rep in range(3):
            b = bar(); time.sleep(10); vals.append(rss(b.pid)); b.kill(); b.wait()
        out[label] = vals
    print(json.dumps(out))
else:
    b = bar()
    fd = b.stdout.fileno(); os.set_blocking(fd, False)
    buf = b""
    def wait_for(text, timeout=5):
        global buf
        end = time.monotonic()+timeout
        while time.monotonic() < end:
            r,_,_ = select.select([fd],[],[],0.05)
            if r:
                chunk = os.read(fd, 65536)
                buf += chunk
                lines = buf.split(b"\n"); buf = lines[-1]
                for l in lines[:-1]:
                    if text.encode() in l: return time.monotonic()
        return None
    wait_for("{", 5)
    starts, exits = [], []
    for i in range(int(sys.argv[3]) if len(sys.argv) > 3 else 50):
        name = f"task number {i}"
        t0 = time.monotonic()
        p = subprocess.Popen([P,"ctl","task",name], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        t = wait_for(name)
        p.wait(); t1 = time.monotonic()
        if t: starts.append((t-t0)*1000); exits.append((t-t1)*1000)
        time.sleep(0.05)
    b.kill()
    def pct(v,q):
        v=sorted(v); return round(v[min(len(v)-1,int(round(q/100*(len(v)-1))))],1)
    print(json.dumps({"n":len(starts),"from_ctl_start_p50":pct(starts,50),"from_ctl_start_p99":pct(starts,99),"max":round(max(starts),1),
      "after_ctl_exit_p50":pct(exits,50),"after_ctl_exit_p99":pct(exits,99)}))
