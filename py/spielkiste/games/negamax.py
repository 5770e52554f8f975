"""What the games' exact solvers share (drei_solver, surikata_solver): negamax with alpha-beta on
bit masks, values for the side to move (1 win, 0 draw, -1 loss), a transposition table of bounds
kept by the search along a game, and a limit read every CHECK + 1 nodes: a deadline (a time budget)
and/or a budget of nodes (a level's, the same on every device)."""
from typing import TypeAlias

from ..engine import Nodes, Rewards

__all__ = ["Nodes"]

Table: TypeAlias = dict[int, tuple[int, int]]    # position key -> (value, EXACT / LOWER / UPPER)

EXACT, LOWER, UPPER = 0, 1, 2    # what a table entry's value is: exact, at least, at most
LIMIT = 200_000                  # table entries kept (about 30 MB in CPython); cleared beyond
CHECK = 255                      # the clock is read every CHECK + 1 nodes (a few ms in CPython)


class OutOfTime(Exception):
    """The deadline passed or the nodes ran out: the solve is abandoned (the table keeps what was
    finished)."""


def flag(best: int, alpha: int, beta: int) -> int:
    """What `best`, found in the window (alpha, beta), tells of the position's value."""
    return UPPER if best <= alpha else LOWER if best >= beta else EXACT


def probe(found: tuple[int, int], alpha: int, beta: int) -> tuple[int | None, int, int]:
    """What a table entry (value, kind) says in the window (alpha, beta): (the value if it decides
    the position there, else None; the window narrowed by it)."""
    v, kind = found
    if kind == EXACT:
        return v, alpha, beta
    if kind == LOWER:
        return (v, alpha, beta) if v >= beta else (None, max(alpha, v), beta)
    return (v, alpha, beta) if v <= alpha else (None, alpha, min(beta, v))


def rewards(value: int, seat: int) -> Rewards:
    """The search's rewards per seat for a solver's value (1, 0, -1) for `seat`, the side to move."""
    if value == 0:
        return (0.5, 0.5)
    return (1.0, 0.0) if (seat == 0) == (value == 1) else (0.0, 1.0)
