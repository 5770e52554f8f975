#!/usr/bin/env python3
"""The ladder of levels per two-player game, in search iterations, resumable, and its ratings.

  nice -n 19 python tests/bench/ladder.py --resume --minutes 45 [--game snorkels,drei] [--jobs 2]
  python tests/bench/ladder.py --write          # the table into levels.py (MEASURED, RATINGS)
  python tests/bench/ladder.py --measure 3 --write     # the page's iterations per second first (PAGE_RATE)

The pairings of a game: level -1 against the novice reference (players.py `novice`), then each level k
against k-1, every player a number of search iterations (levels.spec: the same match on any machine and
under any load). --resume plays games of the pairings still open, --jobs processes at once (two: both
cores) at the lowest priority (os.nice(19)), until --minutes are up (the games under way are finished).
Each game ends as one line appended to RESULTS (tests/bench/ladder_results.jsonl): game, levels, both
specs, the game's index i (its seed f"ladder:{game}:{hi}:{lo}:{i}", colours alternating with i) and the
points of the higher level, and the game's search_version. A game only counts for the specs and the search
it was played with: a level redefined, or a game's search changed (its search_version raised), starts its
pairings afresh. A pairing is open until sprt() decides between 55 % and 65 % (never before MIN_GAMES) or it
has MAX_GAMES.
Every run ends with one Bradley-Terry fit (bt_fit) over the games of the closed pairings: each level's rating and its
95 % interval, the novice anchored at levels.NOVICE_RATING; --write stores each level's result against the
level below (MEASURED, scale 0.0: in iterations) and the ratings (RATINGS) in levels.py, where
levels.offered() drops the levels the fit cannot tell apart from the next one up."""
import argparse
import json
import math
import os
import random
import re
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "py"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from spielkiste.ai import levels  # noqa: E402
from spielkiste.registry import GAMES  # noqa: E402
from strength import play_game, two_player_games  # noqa: E402

ELO = 400 / math.log(10)
RESULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ladder_results.jsonl")
NOVICE = "novice"
MAX_GAMES = 120           # a pairing still open after this many games is closed: its score is what it is
MIN_GAMES = 12            # and none is decided before this many (each seat six games: a seat's edge evens out)
P0, P1 = 0.55, 0.65       # sprt(): a step scores at most P0 (too small) or at least P1 (a level of its own)


def sprt(points: float, games: int, sumsq: float | None = None, p0: float = P0, p1: float = P1,
         alpha: float = 0.05, beta: float = 0.05) -> str | None:
    """A sequential test of a match score: "H1" (the share is p1 or more), "H0" (p0 or less) or None (play
    on). The generalized SPRT of fishtest (a normal approximation): the log-likelihood ratio
    n (p1 - p0) (2 mean - p0 - p1) / (2 var), the variance of a game's points measured from the games
    (`sumsq`: the sum of their squares; None: no draws), one virtual win and one virtual loss added so
    that a short run of wins or of draws proves nothing. A draw is half a point either way, and a match
    of mostly draws has a small variance: Das Tor's careful levels, 50 draws in 52 games, are told apart
    from a 65 % step in a few dozen games instead of the Bernoulli test's hundreds."""
    sq = points if sumsq is None else sumsq
    n, mean = games + 2, (points + 1) / (games + 2)
    var = max((sq + 1) / n - mean * mean, 1e-9)
    llr = n * (p1 - p0) * (2 * mean - p0 - p1) / (2 * var)
    if llr >= math.log((1 - beta) / alpha):
        return "H1"
    if llr <= math.log(beta / (1 - alpha)):
        return "H0"
    return None


def verdict(t: list[float]) -> str | None:
    """A pairing's state from its tally (points, games, next index, sum of squares): "H1", "H0",
    "closed" (MAX_GAMES played, undecided) or None (open; always before MIN_GAMES)."""
    if t[1] < MIN_GAMES:
        return None
    found = sprt(t[0], int(t[1]), t[3])
    return found or ("closed" if t[1] >= MAX_GAMES else None)


def step_kept(t: list[float] | None) -> bool:
    """Is the higher level of a pairing kept: its match open (kept until measured), or decided (or
    closed at MAX_GAMES) with a share of P1 or more? A level that scores less is no step of its own."""
    return t is None or verdict(t) is None or t[0] >= P1 * t[1]


def pairings(gid: str, counts: dict | None = None) -> list[tuple[int, int | str]]:
    """(higher level, lower level or NOVICE) of each match of the ladder in `gid`, from the bottom:
    the lowest level against the novice reference, then each level against the last level kept below
    it (step_kept, from the games in `counts`, tally's): a level that does not score 65 % against it is
    dropped, and the next one up plays the level it could not beat."""
    counts = counts or {}
    ks = sorted(levels.LEVELS)
    out: list[tuple[int, int | str]] = [(ks[0], NOVICE)]
    kept = ks[0]
    for k in ks[1:]:
        out.append((k, kept))
        if step_kept(counts.get((gid, k, kept))):
            kept = k
    return out


def offered(gid: str, counts: dict) -> list[int]:
    """The levels the ladder keeps in `gid` (pairings: those not dropped)."""
    ks = sorted(levels.LEVELS)
    return [ks[0]] + [hi for hi, lo in pairings(gid, counts)[1:] if step_kept(counts.get((gid, hi, lo)))]


def spec_of(gid: str, who: int | str) -> str:
    return NOVICE if who == NOVICE else levels.spec(gid, int(who))


def read_results(path: str = RESULTS) -> list[dict]:
    """The recorded games; a line cut short by a killed run is skipped."""
    if not os.path.exists(path):
        return []
    rows = []
    with open(path) as f:
        for line in f:
            try:
                row = json.loads(line)
            except ValueError:
                continue
            if isinstance(row, dict) and {"game", "hi", "lo", "spec_hi", "spec_lo", "points"} <= set(row):
                rows.append(row)
    return rows


def current(rows: list[dict]) -> list[dict]:
    """The rows played with the levels' present specs and the game's present search (a row without
    "search" was played before the marker: version 1)."""
    return [r for r in rows if r["game"] in GAMES and r["spec_hi"] == spec_of(r["game"], r["hi"])
            and r["spec_lo"] == spec_of(r["game"], r["lo"])
            and r.get("search", 1) == GAMES[r["game"]].search_version]


def tally(rows: list[dict]) -> dict[tuple[str, int | str, int | str], list[float]]:
    """{(game, hi, lo): [points of hi, games, next game index, sum of the points squared]} over `rows`
    (a row of several games, "games": counted without draws)."""
    out: dict[tuple[str, int | str, int | str], list[float]] = {}
    for r in rows:
        t = out.setdefault((r["game"], r["hi"], r["lo"]), [0.0, 0, 0, 0.0])
        t[0] += r["points"]
        t[1] += r.get("games", 1)
        t[3] += r["points"] if "games" in r else r["points"] ** 2
        if r.get("i") is not None:
            t[2] = max(t[2], r["i"] + 1)
    return out


def play_one(gid: str, hi: int | str, lo: int | str, i: int) -> dict:
    """One game of a pairing (run in a worker process): the row RESULTS keeps."""
    specs = (spec_of(gid, hi), spec_of(gid, lo))
    rng = random.Random(f"ladder:{gid}:{hi}:{lo}:{i}")
    t0 = time.perf_counter()
    points, plies = play_game(GAMES[gid], specs, i % 2, rng)
    return {"game": gid, "hi": hi, "lo": lo, "spec_hi": specs[0], "spec_lo": specs[1], "i": i,
            "search": GAMES[gid].search_version, "points": points, "plies": plies,
            "seconds": round(time.perf_counter() - t0, 1)}


def _low_priority() -> None:
    os.nice(19)


def resume(games: list[str], minutes: float, jobs: int, path: str = RESULTS,
           play: object = play_one) -> int:
    """Plays the open pairings' next games, `jobs` at once, until `minutes` are up; appends each game to
    `path` as it ends. The pairing that has had the least CPU time (its games, counting those under way,
    times its mean game's seconds) goes next: a cheap pairing is decided in minutes instead of waiting
    for the top levels' games of several minutes each. Returns the number of games played."""
    deadline = time.monotonic() + 60 * minutes
    rows = current(read_results(path))
    counts = tally(rows)
    spent: dict[tuple, list[float]] = {}
    for r in rows:
        if r.get("seconds") is not None:
            t = spent.setdefault((r["game"], r["hi"], r["lo"]), [0.0, 0])
            t[0] += r["seconds"]
            t[1] += 1

    def cost(key: tuple) -> float:
        s, n = spent.get(key, (0.0, 0))
        return max(0.01, s / n) if n else 0.01
    running: dict[Future, tuple[str, int | str, int | str]] = {}
    done = 0
    if os.path.exists(path) and os.path.getsize(path):
        with open(path, "rb") as f:          # a line cut short by a killed run: the next game starts a line
            f.seek(-1, os.SEEK_END)
            cut = f.read(1) != b"\n"
        if cut:
            with open(path, "a") as f:
                f.write("\n")
    with ProcessPoolExecutor(max_workers=jobs, initializer=_low_priority) as pool, open(path, "a") as out:
        while True:
            while len(running) < jobs and time.monotonic() < deadline:
                under_way = [running[f] for f in running]
                # the chain as the games so far have it (pairings)
                live = {(gid, hi, lo) for gid in games for hi, lo in pairings(gid, counts)}
                for key in live:
                    counts.setdefault(key, [0.0, 0, 0, 0.0])
                candidates = [((t[1] + under_way.count(key)) * cost(key), key) for key, t in counts.items()
                              if key in live and verdict(t) is None and t[1] + under_way.count(key) < MAX_GAMES]
                if not candidates:
                    break
                key = min(candidates, key=lambda c: (c[0], games.index(c[1][0])))[1]
                t = counts[key]
                running[pool.submit(play, *key, int(t[2]))] = key    # type: ignore[operator]
                t[2] += 1
            if not running:
                return done
            finished, _ = wait(list(running), return_when=FIRST_COMPLETED)
            for f in finished:
                key = running.pop(f)
                row = f.result()
                out.write(json.dumps(row) + "\n")
                out.flush()
                counts[key][0] += row["points"]
                counts[key][1] += 1
                counts[key][3] += row["points"] ** 2
                mine = spent.setdefault(key, [0.0, 0])
                mine[0] += row.get("seconds") or 0.0
                mine[1] += 1
                done += 1
                print(f"{key[0]:<11} {key[1]} vs {key[2]}  game {row['i']}: {row['points']}  "
                      f"({row['plies']} plies, {row['seconds']} s)  now {counts[key][0]}/{counts[key][1]}", flush=True)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting; a small dense system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def bt_fit(matches: dict[tuple[object, object], tuple[float, float]], anchor: object, anchor_rating: float
           ) -> dict[object, tuple[int, int, int]]:
    """Bradley-Terry maximum likelihood over `matches` ({(a, b): (a's points, games)}), each pairing with
    one virtual draw added (so 24 of 24 stays finite): {player: (rating, low, high)}, Elo-style, the
    anchor at anchor_rating, the 95 % interval from the inverse Fisher information. Players not linked to
    the anchor by matches are left out."""
    linked, grow = {anchor}, True
    while grow:
        grow = False
        for a, b in matches:
            if (a in linked) != (b in linked):
                linked |= {a, b}
                grow = True
    free = sorted((p for p in linked if p != anchor), key=str)
    idx = {p: i for i, p in enumerate(free)}
    theta = {p: 0.0 for p in linked}
    games = [(a, b, (s + 0.5) / (n + 1), n + 1) for (a, b), (s, n) in matches.items() if a in linked]
    info: list[list[float]] = []
    for _ in range(100):
        grad = [0.0] * len(free)
        info = [[0.0] * len(free) for _ in free]
        for a, b, share, n in games:
            p = 1 / (1 + math.exp(theta[b] - theta[a]))
            w = n * p * (1 - p)
            for x, sign in ((a, 1), (b, -1)):
                if x in idx:
                    grad[idx[x]] += sign * n * (share - p)
                    info[idx[x]][idx[x]] += w
            if a in idx and b in idx:
                info[idx[a]][idx[b]] -= w
                info[idx[b]][idx[a]] -= w
        if not free:
            break
        step = solve(info, grad)
        for p, i in idx.items():
            theta[p] += step[i]
        if max(abs(s) for s in step) < 1e-10:
            break
    out = {anchor: (round(anchor_rating), round(anchor_rating), round(anchor_rating))}
    for p, i in idx.items():
        unit = [1.0 if j == i else 0.0 for j in range(len(free))]
        half = 1.96 * ELO * math.sqrt(solve(info, unit)[i])
        r = anchor_rating + ELO * theta[p]
        out[p] = (round(r), round(r - half), round(r + half))
    return out


def table(rows: list[dict]) -> tuple[dict, dict, dict]:
    """(MEASURED, RATINGS, OFFERED) of levels.py from the recorded games played with the present specs:
    each level's match in the chain (pairings) once closed, as (points, games, the level it played);
    the ratings of a fit over every closed pairing (a pairing still open says too little); the levels
    kept (offered), in the games with a closed pairing."""
    measured: dict = {}
    ratings: dict = {}
    kept: dict = {}
    counts = tally(current(rows))
    for gid in GAMES:
        per = {(hi, lo): (t[0], t[1]) for (g, hi, lo), t in counts.items()
               if g == gid and t[1] and verdict(t) is not None}
        if not per:
            continue
        for hi, lo in pairings(gid, counts):
            if (hi, lo) in per:
                points, n = per[(hi, lo)]
                measured.setdefault(gid, {})[hi] = (round(points, 3), int(n), lo)
        fit = bt_fit(per, NOVICE, levels.NOVICE_RATING)
        rated = {k: fit[k] for k in sorted(levels.LEVELS) if k in fit}
        if rated:
            ratings[gid] = rated
        kept[gid] = offered(gid, counts)
    return measured, ratings, kept


def report(rows: list[dict]) -> None:
    """Per game its chain of matches (each: points, games, share, 95 % interval, verdict; a level
    dropped marked "dropped"), the levels kept and the ratings of the closed pairings."""
    counts = tally(current(rows))
    _, ratings, _ = table(rows)
    for gid in GAMES:
        steps = []
        chain = pairings(gid, counts)
        played = any(counts.get((gid, k, j)) for k, j in chain)
        for hi, lo in chain:
            t = counts.get((gid, hi, lo)) or [0.0, 0, 0, 0.0]
            if played:
                lo_, hi_ = levels.wilson(t[0], int(t[1]))
                dropped = "" if lo == NOVICE or step_kept(t) else " dropped"
                share = f"{100 * t[0] / t[1]:.0f}%" if t[1] else "-"
                steps.append(f"{hi}>{lo} {t[0]:g}/{t[1]:g} {share} [{100 * lo_:.0f}, {100 * hi_:.0f}]"
                             f" {verdict(t) or 'open'}{dropped}")
        if steps:
            print(f"{gid:<11}" + "  ".join(steps))
            print(" " * 11 + f"offered {offered(gid, counts)}  "
                  + "  ".join(f"{k}: {r} [{lo}, {hi}]" for k, (r, lo, hi) in ratings.get(gid, {}).items()))


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


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--resume", action="store_true", help="play the open pairings' next games")
    p.add_argument("--minutes", type=float, default=45.0)
    p.add_argument("--jobs", type=int, default=2, help="games at once (processes)")
    p.add_argument("--game", default="")
    p.add_argument("--results", default=RESULTS)
    p.add_argument("--rates", help="tests/bench/playouts.py --search --json output: the page's rates")
    p.add_argument("--write", action="store_true", help="store MEASURED and RATINGS (and rates) in levels.py")
    p.add_argument("--measure", type=float, metavar="SECONDS",
                   help="measure the page's rates first (Pyodide per CPU second, RATE_CODE)")
    args = p.parse_args(argv)
    games = args.game.split(",") if args.game else two_player_games()
    rates = dict(levels.PAGE_RATE)
    if args.rates:
        rates.update(rates_from(args.rates))
    if args.measure:
        found = measure_rates(games, args.measure)
        print(f"{'game':<12}{'CPython/s':>11}{'Pyodide/s':>11}{'ratio':>8}   (search iterations per CPU second)")
        for gid, r in found.items():
            print(f"{gid:<12}{r['cpython']:>11.0f}{r['pyodide']:>11.0f}{r['pyodide'] / r['cpython']:>8.2f}")
            rates[gid] = r["pyodide"]
    if (args.rates or args.measure) and args.write:
        write_block("PAGE_RATE", rates)
    if args.resume:
        n = resume(games, args.minutes, args.jobs, args.results)
        print(f"{n} games played")
    rows = read_results(args.results)
    report(rows)
    if args.write:
        measured, ratings, kept = table(rows)
        write_block("MEASURED", measured)
        write_block("RATINGS", ratings)
        write_block("OFFERED", kept)
    return 0


if __name__ == "__main__":
    sys.exit(main())
