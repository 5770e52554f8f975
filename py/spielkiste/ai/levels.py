# ruff: noqa: E501  (MEASURED and RATINGS are written by the benches, one line per game)
"""The computer's levels: seconds per move, and how each level fared against the one below it.

MEASURED is written by `tests/bench/strength.py --levels --write` and `tests/bench/ladder.py --write`
(do not edit it by hand):
for a game and a level k >= 2, the points level k scored against level k-1 in a match with
colours alternating, the number of games, and the time scale of that match (CPython seconds
per browser second: the browser's Pyodide runs the search at about half the speed, so the
match gives each level the iterations it gets in the page). The new-game dialog shows it, and
says so when a level is clearly weaker than the one below (a longer search is not always better).

Below level 1 are "beginner" (-1) and "casual" (0), levels of their own numbers so a save or link
of levels 1-4 keeps its meaning: they search WEAK iterations and draw their move with a
temperature (weak.sample_move), their seconds in LEVELS only a cap. `tests/bench/ladder.py --write`
measures them in iterations, machine-independent: level -1 against the novice reference (stored as
level -1's entry), 0 against -1 and 1 against 0, level 1 at PAGE_RATE (the search's iterations per
second in the page's Pyodide) times its seconds; their entries' scale is 0.0 (played in
iterations). It then fits RATINGS: one Elo-style rating per game and level, Bradley-Terry over
every match in MEASURED, the novice anchored at NOVICE_RATING, with 95 % intervals."""
import math

LEVELS = {-1: 1.0, 0: 1.0, 1: 0.3, 2: 1.0, 3: 3.0, 4: 8.0}     # seconds per move in the page at each level
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
DEFAULT_LEVEL = 1                           # a first game's level (no game played yet)
NOVICE_RATING = 1000

MEASURED: dict[str, dict[int, tuple[float, int, float]]] = {
    'surikata': {-1: (11.0, 24, 0.0), 0: (23.0, 24, 0.0), 1: (20.0, 24, 0.0), 2: (12.5, 24, 0.56), 3: (11.0, 12, 0.56), 4: (7.5, 12, 0.56)},
    'snorkels': {-1: (11.0, 24, 0.0), 0: (19.0, 24, 0.0), 1: (21.0, 24, 0.0), 2: (15.0, 24, 0.56), 3: (9.0, 12, 0.56), 4: (7.0, 12, 0.56)},
    'blockade': {-1: (13.0, 24, 0.0), 0: (24.0, 24, 0.0), 1: (24.0, 24, 0.0), 2: (15.5, 24, 0.56), 3: (8.0, 12, 0.56), 4: (10.0, 12, 0.56)},
    'weltreich': {-1: (11.5, 24, 0.0), 0: (16.0, 24, 0.0), 1: (20.5, 24, 0.0), 2: (14.5, 24, 0.56), 3: (8.5, 12, 0.56), 4: (11.5, 24, 0.56)},
    'sprung': {-1: (12.0, 24, 0.0), 0: (22.0, 24, 0.0), 1: (24.0, 24, 0.0), 2: (18.0, 24, 0.56), 3: (15.0, 24, 0.56), 4: (8.0, 12, 0.56)},
    'aufstellen': {-1: (11.0, 24, 0.0), 0: (23.0, 24, 0.0), 1: (21.0, 24, 0.0), 2: (21.0, 24, 0.56), 3: (9.0, 12, 0.56), 4: (8.0, 12, 0.56)},
    'tor': {-1: (12.5, 24, 0.0), 0: (19.5, 24, 0.0), 1: (24.0, 24, 0.0), 2: (16.0, 24, 0.56), 3: (7.5, 12, 0.56), 4: (11.5, 24, 0.56)},
    'ziggurats': {-1: (12.0, 24, 0.0), 0: (17.5, 24, 0.0), 1: (17.5, 24, 0.0), 2: (15.2, 24, 0.56), 3: (6.2, 12, 0.56), 4: (9.5, 12, 0.56)},
    'drei': {-1: (14.0, 24, 0.0), 0: (20.0, 24, 0.0), 1: (18.0, 24, 0.0), 2: (15.5, 24, 0.56), 3: (16.0, 24, 0.56), 4: (12.5, 24, 0.56)},
}


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
    'surikata': {-1: (972, 836, 1109), 0: (1450, 1133, 1768), 1: (1714, 1350, 2077), 2: (1727, 1339, 2116), 3: (2081, 1593, 2569), 4: (2163, 1638, 2688)},
    'snorkels': {-1: (972, 836, 1109), 0: (1192, 978, 1406), 1: (1507, 1217, 1798), 2: (1592, 1270, 1915), 3: (1766, 1380, 2152), 4: (1820, 1389, 2251)},
    'blockade': {-1: (1028, 891, 1164), 0: (1704, 1199, 2209), 1: (2380, 1679, 3081), 2: (2480, 1764, 3195), 3: (2590, 1848, 3333), 4: (2840, 2059, 3620)},
    'weltreich': {-1: (986, 850, 1122), 0: (1101, 903, 1299), 1: (1389, 1118, 1661), 2: (1460, 1155, 1765), 3: (1601, 1233, 1968), 4: (1587, 1195, 1979)},
    'sprung': {-1: (1000, 864, 1136), 0: (1382, 1117, 1646), 1: (2058, 1504, 2612), 2: (2239, 1664, 2815), 3: (2325, 1733, 2917), 4: (2435, 1811, 3059)},
    'aufstellen': {-1: (972, 836, 1109), 0: (1450, 1133, 1768), 1: (1765, 1392, 2139), 2: (2081, 1659, 2503), 3: (2254, 1782, 2727), 4: (2365, 1852, 2877)},
    'tor': {-1: (1014, 878, 1150), 0: (1255, 1037, 1473), 1: (1931, 1398, 2464), 2: (2046, 1494, 2598), 3: (2128, 1542, 2713), 4: (2114, 1513, 2715)},
    'ziggurats': {-1: (1000, 864, 1136), 0: (1164, 960, 1368), 1: (1328, 1074, 1582), 2: (1419, 1129, 1710), 3: (1430, 1083, 1776), 4: (1639, 1226, 2052)},
    'drei': {-1: (1056, 918, 1194), 0: (1319, 1095, 1544), 1: (1501, 1228, 1774), 2: (1601, 1293, 1909), 3: (1716, 1377, 2056), 4: (1730, 1364, 2096)},
}


def weak_level(gid: str, level: int) -> tuple[int, float] | None:
    """(iterations, temperature) of a level below level 1 in game `gid`; None for the others."""
    return WEAK_GAMES.get(gid, {}).get(level, WEAK.get(level))


def spec(gid: str, level: int, rate: float) -> str:
    """The player spec (players.parse_player) of `level` in game `gid` in a match, in iterations:
    the weak levels' own, the others' seconds times `rate` (the page's iterations per second)."""
    found = weak_level(gid, level)
    if found is not None:
        return f"mcts:{found[0]},temperature={found[1]:g}"
    return f"mcts:{max(1, round(LEVELS[level] * rate))}"


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
