# ruff: noqa: E501  (MEASURED and RATINGS are written by the benches, one line per game)
"""The computer's levels: each a strength (search iterations, the same on every device), and how
each level fared against the one below it.

A level is what the search may do, not a time: "beginner" (-1) and "casual" (0) search WEAK iterations
and draw their move with a temperature (weak.sample_move: mistakes on purpose); levels 1-4 search
iterations() of the best move, spaced evenly in log-iterations from casual's up to TOP, the strongest:
what the search does in TOP_SECONDS a move in the page's Pyodide (PAGE_RATE, its iterations per second
on this machine). On a slower device a level keeps its strength and takes longer. Saves and links keep
their level numbers: 1-4 were seconds per move (0.3, 1, 3, 8 s) and are now the same four steps from
the weakest full search to the strongest.

MEASURED and RATINGS are written by `tests/bench/ladder.py --write` from the games in
tests/bench/ladder_results.jsonl (do not edit them by hand): for a game and a level k, the points level k
scored against the level below it (the lowest level: against the novice reference, weak.novice_move),
the number of games, and the time scale of the match (0.0: played in iterations). RATINGS: one
Elo-style rating per game and level, a Bradley-Terry fit over the matches decided, the novice anchored at
NOVICE_RATING, with 95 % intervals. offered() drops the levels that the fit cannot tell apart from the
next one up (less than STEP_ELO)."""
import math

TOP_SECONDS = 2.0            # the strongest level: the search's iterations in about 2 s a move in the page
STEP_ELO = 400 * math.log10(0.65 / 0.35)     # a level offered scores at least 65 % against the one below
# the levels below level 1: (iterations, temperature) per game, tuned so that beginner scores about
# half against the novice reference (a random mover is far weaker in some games than in others)
WEAK: dict[int, tuple[int, float]] = {-1: (24, 0.12), 0: (150, 0.03)}
WEAK_GAMES: dict[str, dict[int, tuple[int, float]]] = {
    'surikata': {-1: (8, 0.5), 0: (150, 0.03)},
    'snorkels': {-1: (24, 0.07), 0: (150, 0.02)},
    'blockade': {-1: (24, 0.065), 0: (150, 0.02)},
    'weltreich': {-1: (24, 0.1), 0: (60, 0.06)},
    'sprung': {-1: (4, 4.0), 0: (150, 0.1)},
    'aufstellen': {-1: (12, 1.0), 0: (100, 0.1)},
    'ziggurats': {-1: (24, 0.12), 0: (165, 0.02)},
    'drei': {-1: (24, 0.33), 0: (150, 0.08)},
}
LEVELS = (-1, 0, 1, 2, 3, 4)                # beginner, casual, 1-4 (TOP_LEVEL the strongest)
TOP_LEVEL = 4
DEFAULT_LEVEL = 1                           # a first game's level (no game played yet)
NOVICE_RATING = 1000

MEASURED: dict[str, dict[int, tuple[float, int, float]]] = {
    'surikata': {0: (23.0, 24, 0.0)},
    'blockade': {0: (24.0, 24, 0.0)},
    'sprung': {0: (22.0, 24, 0.0)},
    'aufstellen': {0: (23.0, 24, 0.0)},
}


# iterations per CPU second from each game's start, Pyodide under node (ladder.py --measure); in the page's
# worker in Chromium tests/bench/page_rate.py measured 0.9-1.3 times these (issue 53)
PAGE_RATE: dict[str, float] = {
    'surikata': 6698.4,
    'snorkels': 6141.0,
    'blockade': 5532.8,
    'weltreich': 11660.9,
    'sprung': 4367.5,
    'aufstellen': 4632.0,
    'tor': 7385.1,
    'ziggurats': 1775.8,
    'drei': 4679.3,
}

RATINGS: dict[str, dict[int, tuple[int, int, int]]] = {
}


def weak_level(gid: str, level: int) -> tuple[int, float] | None:
    """(iterations, temperature) of a level below level 1 in game `gid`; None for the others."""
    return WEAK_GAMES.get(gid, {}).get(level, WEAK.get(level))


def page_rate(gid: str) -> float:
    """The search's iterations per second in the page in game `gid` (the slowest game's where unmeasured)."""
    return PAGE_RATE.get(gid, min(PAGE_RATE.values()))


def iterations(gid: str, level: int) -> int:
    """The search iterations of `level` in game `gid`: the weak levels' own; levels 1-4 evenly spaced in
    log-iterations from casual's (level 0) up to TOP_SECONDS of the page's search (level 4)."""
    found = weak_level(gid, level)
    if found is not None:
        return found[0]
    if level not in LEVELS:
        raise ValueError(f"no level {level}")
    low = WEAK_GAMES.get(gid, WEAK)[0][0]          # casual's
    top = max(low + 1, round(TOP_SECONDS * page_rate(gid)))
    return max(low + 1, int(round(low * (top / low) ** (level / TOP_LEVEL))))


def target(gid: str, level: int) -> tuple[int, float | None]:
    """(iterations, temperature or None: the best move) the computer searches at `level` in `gid`."""
    found = weak_level(gid, level)
    return found if found is not None else (iterations(gid, level), None)


def spec(gid: str, level: int) -> str:
    """The player spec (players.parse_player) of `level` in game `gid` in a match."""
    n, temperature = target(gid, level)
    return f"mcts:{n}" if temperature is None else f"mcts:{n},temperature={temperature:g}"


def seconds(level: int) -> float:
    """About how long a move at `level` takes in the page on this machine: the slowest game's."""
    return round(max(iterations(gid, level) / rate for gid, rate in PAGE_RATE.items()), 2)


def offered(gid: str) -> list[int]:
    """The levels offered in game `gid`: from the top down, a level is kept when the fit rates it at
    least STEP_ELO below the last one kept (an unrated level is kept until measured)."""
    rated = RATINGS.get(gid, {})
    kept = [TOP_LEVEL]
    for k in sorted(LEVELS, reverse=True)[1:]:
        if k not in rated or kept[-1] not in rated or rated[kept[-1]][0] - rated[k][0] >= STEP_ELO:
            kept.append(k)
    return sorted(kept)


def rating(gid: str, level: int) -> tuple[int, int, int] | None:
    """(rating, low, high) of `level` in game `gid` (95 % interval), if measured."""
    return RATINGS.get(gid, {}).get(level)


def measured(gid: str, level: int) -> tuple[float, int] | None:
    """(points, games) of `level` against the level below it (the easiest level: against the
    novice reference) in game `gid`, if measured."""
    found = MEASURED.get(gid, {}).get(level)
    return None if found is None else (found[0], found[1])


def wilson(points: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share points/n."""
    if n == 0:
        return 0.0, 1.0
    p = points / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, mid - half), min(1.0, mid + half)


def weaker(gid: str, level: int) -> bool:
    """Measured clearly weaker than the level below: even the top of its share's 95 % interval
    is below one half."""
    found = measured(gid, level)
    return found is not None and wilson(*found)[1] < 0.5
