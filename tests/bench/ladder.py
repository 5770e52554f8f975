#!/usr/bin/env python3
"""The ladder of levels per two-player game, at the page's real budget, and its ratings.

  nice -n 19 python tests/bench/ladder.py [--pairs -1,0,1] [--game snorkels,drei] [--games 24]
                                          [--seed 1] [--write] [--rates speed.json] [--fit]

--pairs names the matches: -1 is the easiest level against the novice reference (players.py
`novice`), k >= 0 is level k against level k-1. Every player's budget is in search iterations,
so the match is the same on any machine and under any load: the levels below level 1 have their
own (levels.weak_level: per game), level k >= 1 gets LEVELS[k] seconds times levels.PAGE_RATE[game], the search's
iterations per second in the page's Pyodide (from the start position: tests/bench/playouts.py
--search --json, read with --rates FILE, which --write stores in levels.py too). Each match runs
--games games, colours alternating, from its own seed random.Random(f"ladder:{seed}:{game}:{k}")
(so any one match can be replayed alone). Levels 2-4 are not played here: their entries in
levels.MEASURED come from tests/bench/strength.py --levels (time at the measured scale).
--write stores each match's result in levels.MEASURED as it ends (scale 0.0: in iterations), then
the ratings; --fit only refits levels.RATINGS from levels.MEASURED.

Ratings: the matches of a game form a chain (novice - -1 - 0 - 1 - 2 - 3 - 4), where the
Bradley-Terry maximum likelihood is each step's logit 400 log10(p / (1 - p)) (p with one virtual
draw added to the match, so 24 of 24 stays finite); the novice is anchored at
levels.NOVICE_RATING, a level's rating is the sum of the steps below it, its 95 % interval from
the sum of the steps' variances (1 / (n p (1 - p)) in logits each, the Fisher information)."""
import argparse
import json
import math
import os
import random
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "py"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from spielkiste.ai import levels  # noqa: E402
from strength import HEADER, match, two_player_games, write_levels  # noqa: E402

ELO = 400 / math.log(10)


# the search's iterations per CPU second from each game's start (CPU time: the machine's other
# load does not count), inside Pyodide under node (process.cpuUsage) or CPython (process_time)
RATE_CODE = """
import json, sys, time
sys.path.insert(0, PY)
from spielkiste.ai.mcts import Search
from spielkiste.registry import GAMES
try:
    import js
    def cpu():
        u = js.process.cpuUsage()
        return (u.user + u.system) / 1e6
except ImportError:
    cpu = time.process_time
out = {}
for gid in GAMES_:
    s = Search(GAMES[gid].new(), seed=1)
    c0 = cpu()
    s.run(seconds=SECONDS)
    out[gid] = s.iterations / (cpu() - c0)
json.dumps(out)
"""

NODE = r"""
import path from "node:path";
import { pathToFileURL } from "node:url";
const cfg = JSON.parse(process.env.LADDER);
const { loadPyodide } = await import(pathToFileURL(path.join(cfg.pyodide, "pyodide.mjs")).href);
const py = await loadPyodide();
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: cfg.py }, "/src");
process.stdout.write(py.runPython(cfg.code) + "\n");
"""


def measure_rates(games: list[str], seconds: float) -> dict[str, dict[str, float]]:
    """{game: {"pyodide": it/s, "cpython": it/s}}, per CPU second (RATE_CODE)."""
    import subprocess
    from playouts import PYODIDE_DIR, ROOT
    py = os.path.join(ROOT, "py")
    code = f"PY, GAMES_, SECONDS = {py!r}, {games!r}, {seconds!r}\n" + RATE_CODE
    cpy = json.loads(subprocess.run([sys.executable, "-c", code.replace("json.dumps(out)", "print(json.dumps(out))")],
                                    capture_output=True, text=True, check=True).stdout)
    cfg = {"pyodide": PYODIDE_DIR, "py": py, "code": code.replace(repr(py), "'/src'")}
    r = subprocess.run(["node", "--input-type=module", "-e", NODE], capture_output=True, text=True, check=True,
                       env=dict(os.environ, LADDER=json.dumps(cfg)))
    pyo = json.loads(r.stdout.strip().splitlines()[-1])
    return {gid: {"pyodide": round(pyo[gid], 1), "cpython": round(cpy[gid], 1)} for gid in games}


def rates_from(path: str) -> dict[str, float]:
    """The Pyodide rates of tests/bench/playouts.py --search --json output (its last JSON line)."""
    with open(path) as f:
        line = [ln for ln in f.read().splitlines() if ln.startswith("{")][-1]
    return {gid: round(r[0], 1) for gid, r in json.loads(line)["pyodide"]["results"].items()}


def fit(measured: dict) -> dict:
    """{game: {level: (rating, low, high)}} from MEASURED (see the module's docstring)."""
    out: dict = {}
    lowest = min(levels.LEVELS)
    for gid, per in measured.items():
        if lowest not in per:
            continue
        r, var = float(levels.NOVICE_RATING), 0.0
        for k in sorted(levels.LEVELS):
            if k not in per:
                break
            points, n = per[k][0], per[k][1]
            p = (points + 0.5) / (n + 1)
            r += ELO * math.log(p / (1 - p))
            var += 1 / ((n + 1) * p * (1 - p))
            half = 1.96 * ELO * math.sqrt(var)
            out.setdefault(gid, {})[k] = (round(r), round(r - half), round(r + half))
    return out


def write_block(name: str, value: dict) -> None:
    """Rewrite the dict `name` in levels.py (a block from its 'NAME: ... = {' line to the next '}')."""
    path = levels.__file__
    with open(path) as f:
        text = f.read()
    rows = "".join(f"    {k!r}: {v!r},\n" for k, v in value.items())
    new, n = re.subn(rf"(?ms)^({name}: [^\n]*= \{{\n).*?^\}}\n", lambda m: m.group(1) + rows + "}\n", text)
    if n != 1:
        raise SystemExit(f"no block {name} in {path}")
    with open(path, "w") as f:
        f.write(new)


def measured_on_disk() -> dict:
    path = levels.__file__
    scope: dict = {}
    with open(path) as f:
        exec(compile(f.read(), path, "exec"), scope)
    return scope["MEASURED"]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--pairs", default="-1,0,1")
    p.add_argument("--game", default="")
    p.add_argument("--games", type=int, default=24)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rates", help="tests/bench/playouts.py --search --json output: the page's rates")
    p.add_argument("--write", action="store_true")
    p.add_argument("--fit", action="store_true", help="only refit RATINGS from MEASURED")
    p.add_argument("--measure", type=float, metavar="SECONDS",
                   help="measure the page's rates first (Pyodide per CPU second, RATE_CODE)")
    args = p.parse_args(argv)
    rates = dict(levels.PAGE_RATE)
    if args.rates:
        rates.update(rates_from(args.rates))
        if args.write:
            write_block("PAGE_RATE", rates)
    games = args.game.split(",") if args.game else two_player_games()
    if args.measure:
        found = measure_rates(games, args.measure)
        print(f"{'game':<12}{'CPython/s':>11}{'Pyodide/s':>11}{'ratio':>8}   (search iterations per CPU second)")
        for gid, r in found.items():
            print(f"{gid:<12}{r['cpython']:>11.0f}{r['pyodide']:>11.0f}{r['pyodide'] / r['cpython']:>8.2f}")
            rates[gid] = r["pyodide"]
        if args.write:
            write_block("PAGE_RATE", rates)
    if not args.fit and args.pairs:
        for k in (int(x) for x in args.pairs.split(",")):
            for gid in games:
                hi = levels.spec(gid, k, rates.get(gid, 0.0))
                lo = "novice" if k == min(levels.LEVELS) else levels.spec(gid, k - 1, rates.get(gid, 0.0))
                seed = f"ladder:{args.seed}:{gid}:{k}"
                print(f"level {k} ({hi}) vs {lo}, {args.games} games, seed {seed!r}")
                print(HEADER, flush=True)
                points = match(gid, (hi, lo), args.games, random.Random(seed))
                if args.write:
                    write_levels({gid: {k: (points, args.games, 0.0)}})
    ratings = fit(measured_on_disk())
    for gid, per in ratings.items():
        print(gid, "  ".join(f"{k}: {r} [{lo}, {hi}]" for k, (r, lo, hi) in per.items()))
    if args.write or args.fit:
        write_block("RATINGS", ratings)
    return 0


if __name__ == "__main__":
    sys.exit(main())
