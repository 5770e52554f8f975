"""The computer's levels: seconds per move, and how each level fared against the one below it.

MEASURED is written by `tests/bench/strength.py --levels --write` (do not edit it by hand):
for a game and a level k >= 2, the points level k scored against level k-1 in a match with
colours alternating, the number of games, and the time scale of that match (CPython seconds
per browser second: the browser's Pyodide runs the search at about half the speed, so the
match gives each level the iterations it gets in the page). The new-game dialog shows it, and
says so when a level is clearly weaker than the one below (a longer search is not always better)."""
import math

LEVELS = {1: 0.3, 2: 1.0, 3: 3.0, 4: 8.0}     # seconds per move in the page at each level

MEASURED: dict[str, dict[int, tuple[float, int, float]]] = {
    'surikata': {2: (12.5, 24, 0.56), 3: (11.0, 12, 0.56), 4: (7.5, 12, 0.56)},
    'snorkels': {2: (15.0, 24, 0.56), 3: (9.0, 12, 0.56), 4: (7.0, 12, 0.56)},
    'blockade': {2: (15.5, 24, 0.56), 3: (8.0, 12, 0.56), 4: (10.0, 12, 0.56)},
    'weltreich': {2: (14.5, 24, 0.56), 3: (8.5, 12, 0.56), 4: (11.5, 24, 0.56)},
    'sprung': {2: (18.0, 24, 0.56), 3: (15.0, 24, 0.56), 4: (8.0, 12, 0.56)},
    'aufstellen': {2: (21.0, 24, 0.56), 3: (9.0, 12, 0.56), 4: (8.0, 12, 0.56)},
    'tor': {2: (16.0, 24, 0.56), 3: (7.5, 12, 0.56), 4: (11.5, 24, 0.56)},
    'ziggurats': {2: (15.2, 24, 0.56), 3: (6.2, 12, 0.56), 4: (9.5, 12, 0.56)},
    'drei': {2: (15.5, 24, 0.56), 3: (16.0, 24, 0.56), 4: (12.5, 24, 0.56)},
}


def measured(gid: str, level: int) -> tuple[float, int] | None:
    """(points, games) of `level` against the level below it in game `gid`, if measured."""
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
