#!/usr/bin/env python3
"""Where a command's CPU goes on this machine, by process kind and thread name (issue 31's test run).

  python tests/bench/cpu_by_thread.py [--every 0.3] -- COMMAND ...
  e.g. python tests/bench/cpu_by_thread.py -- .venv/bin/python -m pytest -q tests -n 2 --dist loadgroup -m "not solo"

Runs COMMAND and reads every thread's CPU time (utime + stime) from /proc every --every seconds while it runs;
at its end prints the CPU seconds that each (process kind, thread name) used since the command started,
largest first: Chromium's renderer main threads ("chromium"), its engine workers ("DedicatedWorker"), its
thread pools, the browser and GPU processes, node, pytest's own processes. Every process of the machine is
read, so run it on an otherwise idle machine. The figures are lower bounds: a thread that ends loses the CPU
it used after the last reading, and a process that lives less than one interval is not seen at all. A
Chromium process that ended before it was first read has no kind ("?")."""
import argparse
import collections
import os
import re
import subprocess
import sys
import time

HZ = os.sysconf("SC_CLK_TCK")
CHROMIUM_TYPES = ("renderer", "gpu-process", "utility", "zygote")


def kind(pid: str) -> str:
    """A process's kind from its command line: the Chromium process type, or the program's name."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            words = f.read().decode(errors="replace").split("\0")
    except OSError:
        return "?"
    line = " ".join(words)
    if "chrom" in line:
        for name in CHROMIUM_TYPES:
            if f"--type={name}" in line:
                return name
        return "browser"
    return os.path.basename(words[0])[:20] or "?"


def threads() -> dict[tuple[str, str, str], tuple[str, int]]:
    """(pid, tid, start time) -> (thread name, CPU ticks) of every thread on the machine now."""
    out = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            tids = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for tid in tids:
            try:
                with open(f"/proc/{pid}/task/{tid}/stat") as f:
                    stat = f.read()
            except OSError:
                continue
            name = stat[stat.index("(") + 1:stat.rindex(")")]
            fields = stat[stat.rindex(")") + 2:].split()
            out[(pid, tid, fields[19])] = (name, int(fields[11]) + int(fields[12]))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--every", type=float, default=0.3, help="seconds between readings of /proc")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        ap.error("no command")
    before = {key: ticks for key, (_, ticks) in threads().items()}
    kinds: dict[str, str] = {}
    last: dict[tuple[str, str, str], tuple[str, int]] = {}
    t0 = time.time()
    proc = subprocess.Popen(command)
    while proc.poll() is None:
        for key, value in threads().items():
            last[key] = value
            if key[0] not in kinds:
                kinds[key[0]] = kind(key[0])
        time.sleep(args.every)
    wall = time.time() - t0
    used: collections.Counter = collections.Counter()
    for key, (name, ticks) in last.items():
        used[(kinds.get(key[0], "?"), re.sub(r"\d+", "#", name))] += (ticks - before.get(key, 0)) / HZ
    total = sum(used.values())
    print(f"\n{' '.join(command)}: exit {proc.returncode}, {wall:.0f} s of wall, {total:.0f} s of CPU read")
    for (what, name), seconds in used.most_common():
        if seconds >= 0.5:
            print(f"{seconds:8.1f}  {what:14s} {name}")
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
