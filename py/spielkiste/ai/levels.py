# ruff: noqa: E501  (MEASURED and RATINGS are written by the benches, one line per game)
"""The computer's levels: each a strength (search iterations, the same on every device), and how
each level fared against the one below it.

A level is what the search may do, not a time: "beginner" (-1) and "casual" (0) search WEAK iterations
and draw their move with a temperature (weak.sample_move: mistakes on purpose); levels 1-4 search
iterations() of the best move (where the game solves its endings, Surikata's, first with a number of
solver nodes per iteration: SearchSettings.solve_nodes), spaced evenly in log-iterations from casual's
up to TOP, the strongest: what the search does in TOP_SECONDS a move in the page's Pyodide (PAGE_RATE,
its iterations per second on this machine). On a slower device a level keeps its strength and takes
longer. Saves and links keep their level numbers: 1-4 were seconds per move (0.3, 1, 3, 8 s) and are now
the same four steps from the weakest full search to the strongest.

MEASURED, RATINGS and OFFERED are written by `tests/bench/ladder.py --write` from the games in
tests/bench/ladder_results.jsonl (do not edit them by hand). The ladder plays each level against the last
level kept below it (the lowest level: against the novice reference, weak.novice_move); a level that does
not score 65 % there is dropped, and the next level up plays the one it could not beat. MEASURED: for a
game and a level k, the points level k scored in that match, the number of games and the level it
played. RATINGS: one Elo-style rating per game and level, a Bradley-Terry fit over the matches decided,
the novice anchored at NOVICE_RATING, with 95 % intervals. OFFERED: the levels kept (a game not yet
measured offers every level)."""
import math

TOP_SECONDS = 2.0            # the strongest level: the search's iterations in about 2 s a move in the page
# the levels below level 1: (iterations, temperature) per game, tuned so that beginner scores about
# half against the novice reference (a random mover is far weaker in some games than in others)
WEAK: dict[int, tuple[int, float]] = {-1: (24, 0.12), 0: (150, 0.03)}
WEAK_GAMES: dict[str, dict[int, tuple[int, float]]] = {
    'surikata': {-1: (8, 0.5), 0: (150, 0.03)},
    'snorkels': {-1: (24, 0.2), 0: (150, 0.02)},
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

MEASURED: dict[str, dict[int, tuple[float, int, int | str]]] = {
    'surikata': {-1: (21.0, 48, 'novice'), 0: (13.0, 13, -1), 1: (13.0, 14, 0), 2: (37.5, 52, 1), 3: (17.5, 21, 2), 4: (78.5, 120, 3)},
    'snorkels': {-1: (16.0, 39, 'novice'), 0: (13.0, 14, -1), 1: (12.0, 12, 0), 2: (54.0, 102, 1), 3: (13.0, 13, 1), 4: (43.0, 85, 3)},
    'blockade': {-1: (20.0, 46, 'novice'), 0: (24.0, 24, -1), 1: (29.0, 36, 0), 2: (29.5, 37, 1), 3: (12.0, 13, 2), 4: (20.5, 25, 3)},
    'weltreich': {-1: (24.0, 52, 'novice'), 0: (78.5, 120, -1), 1: (24.0, 28, 0), 2: (23.0, 49, 1), 3: (24.5, 47, 1), 4: (26.5, 39, 1)},
    'sprung': {-1: (43.0, 84, 'novice'), 0: (22.0, 24, -1), 1: (18.0, 18, 0), 2: (23.0, 27, 1), 3: (12.0, 13, 2), 4: (22.0, 27, 3)},
    'aufstellen': {-1: (22.0, 49, 'novice'), 0: (23.0, 24, -1), 1: (30.0, 38, 0), 2: (33.0, 43, 1), 3: (54.0, 78, 2), 4: (21.0, 23, 3)},
    'tor': {-1: (41.0, 80, 'novice'), 0: (28.0, 33, -1), 1: (18.0, 18, 0), 2: (27.0, 52, 1), 3: (7.0, 15, 1), 4: (14.5, 26, 1)},
    'ziggurats': {-1: (21.5, 46, 'novice'), 0: (23.4, 30, -1), 1: (21.1, 26, 0), 2: (55.0, 81, 1), 3: (66.4, 100, 2), 4: (2.5, 13, 3)},
    'drei': {-1: (61.0, 113, 'novice'), 0: (11.5, 12, -1), 1: (13.0, 13, 0), 2: (69.0, 120, 1), 3: (71.0, 120, 1), 4: (76.5, 120, 1)},
}


# iterations per CPU second from each game's start, Pyodide under node (ladder.py --measure); in the page's
# worker in Chromium tests/bench/page_rate.py measured 0.9-1.3 times these (issue 53)
PAGE_RATE: dict[str, float] = {
    'surikata': 6698.4,
    'snorkels': 1581.8,
    'blockade': 5532.8,
    'weltreich': 11660.9,
    'sprung': 4367.5,
    'aufstellen': 4632.0,
    'tor': 7385.1,
    'ziggurats': 1612.6,
    'drei': 4679.3,
}

RATINGS: dict[str, dict[int, tuple[int, int, int]]] = {
    'surikata': {-1: (957, 859, 1055), 0: (1530, 1030, 2030), 1: (1911, 1332, 2491), 2: (2073, 1484, 2662), 3: (2334, 1716, 2952), 4: (2444, 1822, 3066)},
    'snorkels': {-1: (939, 829, 1048), 0: (1320, 1007, 1633), 1: (1879, 1297, 2462), 2: (1909, 1323, 2495), 3: (2206, 1603, 2809), 4: (2210, 1602, 2817)},
    'blockade': {-1: (955, 855, 1056), 0: (1631, 1135, 2128), 1: (1869, 1354, 2385), 2: (2099, 1566, 2632), 3: (2467, 1858, 3076), 4: (2717, 2084, 3349)},
    'weltreich': {-1: (974, 880, 1068), 0: (1083, 969, 1198), 1: (1378, 1169, 1586), 2: (1357, 1127, 1587), 3: (1392, 1162, 1623), 4: (1505, 1267, 1743)},
    'sprung': {-1: (1008, 934, 1082), 0: (1390, 1151, 1629), 1: (2017, 1474, 2560), 2: (2304, 1733, 2875), 3: (2673, 2030, 3315), 4: (2917, 2255, 3580)},
    'aufstellen': {-1: (965, 868, 1062), 0: (1443, 1140, 1746), 1: (1665, 1335, 1995), 2: (1867, 1515, 2218), 3: (2006, 1644, 2367), 4: (2379, 1953, 2806)},
    'tor': {-1: (1009, 933, 1084), 0: (1294, 1119, 1470), 1: (1922, 1403, 2440), 2: (1935, 1408, 2462), 3: (1900, 1354, 2446), 4: (1960, 1425, 2496)},
    'ziggurats': {-1: (978, 878, 1077), 0: (1189, 1012, 1365), 1: (1429, 1189, 1670), 2: (1558, 1304, 1812), 3: (1675, 1411, 1939), 4: (1449, 1105, 1794)},
    'drei': {-1: (1027, 964, 1091), 0: (1459, 1099, 1819), 1: (2032, 1423, 2640), 2: (2084, 1472, 2695), 3: (2096, 1484, 2707), 4: (2129, 1517, 2741)},
}

OFFERED: dict[str, list[int]] = {
    'surikata': [-1, 0, 1, 2, 3, 4],
    'snorkels': [-1, 0, 1, 3],
    'blockade': [-1, 0, 1, 2, 3, 4],
    'weltreich': [-1, 0, 1, 4],
    'sprung': [-1, 0, 1, 2, 3, 4],
    'aufstellen': [-1, 0, 1, 2, 3, 4],
    'tor': [-1, 0, 1],
    'ziggurats': [-1, 0, 1, 2, 3],
    'drei': [-1, 0, 1],
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
    """The levels offered in game `gid`: those the ladder keeps (OFFERED), every level until measured."""
    return list(OFFERED.get(gid, LEVELS))


def nearest(gid: str, level: int) -> int:
    """The offered level of `gid` that plays like `level`: the level itself if offered, else the highest
    offered below it (a level is dropped when it does not beat that one by 65 %), else the lowest."""
    kept = offered(gid)
    return level if level in kept else max((k for k in kept if k < level), default=kept[0])


def rating(gid: str, level: int) -> tuple[int, int, int] | None:
    """(rating, low, high) of `level` in game `gid` (95 % interval), if measured."""
    return RATINGS.get(gid, {}).get(level)


def measured(gid: str, level: int) -> tuple[float, int] | None:
    """(points, games) of `level` against the last level kept below it (the easiest level: against
    the novice reference) in game `gid`, if measured."""
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
