#!/usr/bin/env python3
"""Random playouts per second of every game, under CPython and inside Pyodide (node), side by side.

  python tests/bench/playouts.py [--seconds 2] [--rounds 1] [--games snorkels,tor] [--python python3.13] [--json]
  python tests/bench/playouts.py --search ...   the search's iterations per second from the start instead
                                               (spielkiste.cli.search_per_second; the computer's budget)

Both sides run the same code, spielkiste.cli.playouts_per_second (the search's random playouts,
State.rollout, from the start position, seed 1), on the same py/ folder: CPython in a fresh process
(--python, default the one running this script), Pyodide by node from the pinned
npm package in assets/npm/node_modules/pyodide (fetched with `python build.py deps` if missing), the
py/ folder mounted with NODEFS. The games run one after the other (never both sides at once): each
round measures every game under CPython, then every game in a freshly booted Pyodide; with several
rounds each side keeps its best rate per game (the least disturbed by other load). Prints a table with
the ratio Pyodide/CPython per game and its geometric mean; the goal is
a ratio of at least 0.45 (Pyodide is a WebAssembly build of CPython, pure Python runs about 2x
slower). The numbers are noisy on a loaded machine: use --seconds 5 or more for decisions."""
import argparse
import json
import math
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PYODIDE_DIR = os.path.join(ROOT, "assets", "npm", "node_modules", "pyodide")
GOAL = 0.45

# node side: boot Pyodide, mount py/, measure each game, print one JSON line
NODE_SCRIPT = r"""
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
const cfg = JSON.parse(process.env.SPIELKISTE_BENCH);
const { loadPyodide } = await import(pathToFileURL(path.join(cfg.pyodide, "pyodide.mjs")).href);
const t0 = performance.now();
const py = await loadPyodide({ env: { PYTHONDONTWRITEBYTECODE: "1" } });
const boot = (performance.now() - t0) / 1000;
py.setStdout({ write: (b) => { fs.writeSync(2, b); return b.length; } });
py.setStderr({ write: (b) => { fs.writeSync(2, b); return b.length; } });
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: cfg.py }, "/src");
py.globals.set("CFG", JSON.stringify(cfg));
const out = py.runPython(`
import json, platform, sys
sys.dont_write_bytecode = True
sys.path.insert(0, "/src")
from spielkiste import cli
from spielkiste.registry import GAMES
cfg = json.loads(CFG)
measure = getattr(cli, cfg["measure"])
res = {}
for gid in cfg["games"] or list(GAMES):
    rate, plies = measure(GAMES[gid], cfg["seconds"])
    res[gid] = [rate, plies]
json.dumps({"python": platform.python_version(), "platform": sys.platform, "results": res})
`);
const r = JSON.parse(out);
r.boot = boot;
process.stdout.write(JSON.stringify(r) + "\n");
"""


CPYTHON_SCRIPT = """
import json, os, platform, sys
cfg = json.loads(os.environ["SPIELKISTE_BENCH"])
sys.dont_write_bytecode = True
sys.path.insert(0, cfg["py"])
from spielkiste import cli
from spielkiste.registry import GAMES
measure = getattr(cli, cfg["measure"])
res = {gid: list(measure(GAMES[gid], cfg["seconds"])) for gid in cfg["games"] or list(GAMES)}
print(json.dumps({"python": platform.python_version(), "platform": sys.platform, "results": res}))
"""


MEASURE = "playouts_per_second"      # or "search_per_second" (--search)


def cpython(games: list[str], seconds: float, python: str) -> dict:
    cfg = {"py": os.path.join(ROOT, "py"), "games": games, "seconds": seconds, "measure": MEASURE}
    r = subprocess.run([python, "-c", CPYTHON_SCRIPT], cwd=ROOT, capture_output=True, text=True,
                       env=dict(os.environ, SPIELKISTE_BENCH=json.dumps(cfg)))
    if r.returncode != 0:
        raise SystemExit(f"the CPython side failed ({r.returncode}):\n{r.stderr[-4000:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def pyodide(games: list[str], seconds: float) -> dict:
    node = shutil.which("node")
    if not node:
        raise SystemExit("node (20) is needed for the Pyodide side")
    if not os.path.exists(os.path.join(PYODIDE_DIR, "pyodide.mjs")):
        subprocess.run([sys.executable, os.path.join(ROOT, "build.py"), "deps"], cwd=ROOT, check=True)
    cfg = {"pyodide": PYODIDE_DIR, "py": os.path.join(ROOT, "py"), "games": games, "seconds": seconds,
           "measure": MEASURE}
    r = subprocess.run([node, "--input-type=module", "-e", NODE_SCRIPT], cwd=ROOT, capture_output=True, text=True,
                       env=dict(os.environ, SPIELKISTE_BENCH=json.dumps(cfg)))
    if r.returncode != 0:
        raise SystemExit(f"the Pyodide side failed ({r.returncode}):\n{r.stderr[-4000:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def best(old: dict | None, new: dict) -> dict:
    if old is None:
        return new
    for gid, r in new["results"].items():
        if r[0] > old["results"][gid][0]:
            old["results"][gid] = r
    return old


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="per game and side (default 2)")
    ap.add_argument("--rounds", type=int, default=1, help="alternating rounds; the best rate per side counts")
    ap.add_argument("--games", default="", help="comma-separated game ids (default: every registered game)")
    ap.add_argument("--python", default=sys.executable,
                    help="the CPython to compare with (default: this one), e.g. python3.13")
    ap.add_argument("--json", action="store_true", help="print the raw figures as JSON as well")
    ap.add_argument("--search", action="store_true", help="the search's iterations per second instead")
    args = ap.parse_args()
    global MEASURE
    if args.search:
        MEASURE = "search_per_second"
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    c = p = None
    for _ in range(max(1, args.rounds)):
        c = best(c, cpython(games, args.seconds, args.python))
        p = best(p, pyodide(list(c["results"]), args.seconds))
    what = "search iterations" if args.search else "random playouts"
    print(f"{what} per second, best of {max(1, args.rounds)} x {args.seconds:g} s per game and side; "
          f"CPython {c['python']} vs Pyodide {p['python']} ({p['platform']}, node {_node_version()}, "
          f"booted in {p['boot']:.1f} s)")
    print(f"{'game':<12}{'CPython/s':>11}{'Pyodide/s':>11}{'ratio':>8}{'plies':>8}   goal >= {GOAL}")
    ratios = []
    for gid, (crate, cplies) in c["results"].items():
        prate, pplies = p["results"][gid]
        ratio = prate / crate
        ratios.append(ratio)
        flag = "ok" if ratio >= GOAL else "BELOW"
        plies = f"{cplies:.0f}" if round(cplies) == round(pplies) else f"{cplies:.0f}/{pplies:.0f}"
        print(f"{gid:<12}{crate:>11.1f}{prate:>11.1f}{ratio:>8.2f}{plies:>8}   {flag}")
    if ratios:
        gmean = math.exp(sum(map(math.log, ratios)) / len(ratios))
        print(f"{'geomean':<12}{'':>11}{'':>11}{gmean:>8.2f}")
    print("machine load average (1, 5, 15 min) at the end: " + ", ".join(f"{x:.1f}" for x in os.getloadavg())
          + f" on {os.cpu_count()} cores")
    if args.json:
        print(json.dumps({"seconds": args.seconds, "cpython": c, "pyodide": p}))
    return 0


def _node_version() -> str:
    try:
        return subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "?"


if __name__ == "__main__":
    sys.exit(main())
