#!/usr/bin/env python3
"""How busy the machine's cores are while a command runs (issue 31: where a test run can still gain).

  python tests/bench/timeline.py [--every 10] -- COMMAND ...
  e.g. git clone -q . /tmp/ci && cd /tmp/ci && python3 tests/bench/timeline.py -- bash .ci/run

Runs COMMAND, prints each line of its output with the seconds since its start (pip's warnings about
missing local indexes left out), and at its end the mean number of busy cores (/proc/stat: every process
of the machine) in each --every seconds. A stretch at ~2.0 on a 2-core machine can only go faster with
less CPU; a stretch well below 2 is waiting (a download, one process alone, a sleep) that running two
things side by side could fill. Run it on an otherwise idle machine."""
import argparse
import os
import subprocess
import sys
import threading
import time

HZ = os.sysconf("SC_CLK_TCK")


def busy_seconds() -> float:
    """The machine's busy CPU seconds so far (all cores; idle and iowait left out)."""
    with open("/proc/stat") as f:
        t = [int(x) for x in f.readline().split()[1:]]
    return (sum(t) - t[3] - t[4]) / HZ


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--every", type=float, default=10.0, help="seconds per line of the cores' timeline")
    ap.add_argument("command", nargs=argparse.REMAINDER, help="-- COMMAND ...")
    args = ap.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        ap.error("no command")
    samples: list[tuple[float, float]] = []          # (seconds since start, busy cores over the last second)
    t0, done = time.time(), threading.Event()

    def sample() -> None:
        last = busy_seconds()
        while not done.wait(1.0):
            now = busy_seconds()
            samples.append((time.time() - t0, now - last))
            last = now

    threading.Thread(target=sample, daemon=True).start()
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    assert proc.stdout is not None
    for line in proc.stdout:
        if not line.startswith("WARNING: Location"):
            sys.stdout.write(f"[{time.time() - t0:6.1f}] {line}")
            sys.stdout.flush()
    code = proc.wait()
    done.set()
    took = time.time() - t0
    print(f"exit code {code}, {took:.0f} s")
    step = max(1, round(args.every))
    for i in range(0, len(samples), step):
        chunk = samples[i:i + step]
        print(f"{chunk[0][0] - 1:6.0f} s  cores busy {sum(c for _, c in chunk) / len(chunk):4.2f}")
    if samples:
        print(f"mean {sum(c for _, c in samples) / len(samples):.2f} cores busy over {took:.0f} s")
    return code


if __name__ == "__main__":
    sys.exit(main())
