"""Surikata's learned evaluation: a model trained offline on the search's own games
(tests/bench/train_surikata.py), evaluated here in pure Python for the worker.

Surikata has no hand-written evaluate(): its playouts run to the end. This is the experiment
issue 53 asks for (an evaluation learned from self-play), switched on only by the search
option `learned` (SearchSettings.learned, `mcts:0.3s,learned=1`); the game's default search
does not use it. The model sees the position from the mover's side as sparse 0/1 features:
the OpenSpiel observation planes (planes.py: own and opposing discs, mounds, the meerkat's
square; seats swapped so the mover is always "own"), then planes the rules make from them (the
mover's free squares, the empty squares that would make a line for either side), then counts
(the empty squares that make no line: the mover's free ones, all for either side; the pieces
placed). Its weights are plain numbers in surikata_weights.py, written by the script.

Measured, not kept on (5 December 2026; 2,476 self-play games at 400 iterations a move, the
last fifth held out): on held-out positions it names the final winner 69.5 % of the time (mean
squared error 0.178), as well as the mean of 16 playouts (70.0 %, 0.177) and better than the
one playout the search runs per leaf (64.1 %, 0.352); a hidden layer of 16 units scored 70.4 %
(0.175), not worth its cost. In the search it does not pay: `strength.py --game surikata --a
mcts:0.3s,learned=1,minimax=0.3 --b mcts:0.3s --games 48 --seed 21` 10.5/48 = 22 % [13, 35];
with cap=0 (no playouts) 8/24 = 33 % [18, 53], cap=6 9/24 = 38 % [21, 57]; at equal
iterations (mcts:1500 both) 26/48 = 54 % [40, 67], with minimax=0.6 14/48 = 29 % [18, 43]:
the knowledge is worth at best what it replaces (trusted more, it hurts), and its cost (35 %
fewer iterations in a game) loses at equal time."""
from __future__ import annotations

import math
from typing import Protocol

from ..engine import Rewards
from . import surikata_weights as W
from .surikata_board import COLOURS, SIZE, TRIPLES


class Position(Protocol):
    """What the features read of a Surikata position (surikata.Surikata, which imports this)."""
    board: list[str]
    to_move: int
    meerkat: int
    mounds_left: int

    def in_view(self, at: int | None = None) -> list[int]: ...

    def pieces(self) -> int: ...

PLANES = ("own", "other", "mound", "meerkat", "free", "line_own", "line_other")
COUNT_CAP = 8                                   # the counts' one-hot features: 0 .. COUNT_CAP (and more)
FREE_SAFE = len(PLANES) * SIZE                  # one-hot: the mover's free squares that make no line
OWN_SAFE = FREE_SAFE + COUNT_CAP + 1            # one-hot: empty squares that make no line for the mover
OTHER_SAFE = OWN_SAFE + COUNT_CAP + 1           # one-hot: empty squares that make no line for the other
PIECES = OTHER_SAFE + COUNT_CAP + 1             # one-hot: pieces placed (0 .. 20)
SETUP = PIECES + 21                             # mounds still to place
FEATURES = SETUP + 1


def _line(mask: int, i: int) -> bool:
    """Would a piece on i make a three with the pieces in `mask` (bit masks over the board)?"""
    new = mask | 1 << i
    return any(t & new == t for t in TRIPLES[i])


def features(state: Position) -> list[int]:
    """The indices of the position's features that are 1 (all others are 0), from the mover's side."""
    board, me = state.board, COLOURS[state.to_move]
    own = other = 0
    out: list[int] = []
    empty = []
    for i, c in enumerate(board):
        if c == ".":
            empty.append(i)
        elif c == "M":
            out.append(2 * SIZE + i)
        elif c == me:
            own |= 1 << i
            out.append(i)
        else:
            other |= 1 << i
            out.append(SIZE + i)
    if state.meerkat >= 0:
        out.append(3 * SIZE + state.meerkat)
    seen = set(state.in_view())
    free_safe = own_safe = other_safe = 0
    for i in empty:
        free = i not in seen
        if free:
            out.append(4 * SIZE + i)
        if _line(own, i):
            out.append(5 * SIZE + i)
        else:
            own_safe += 1
            free_safe += free
        if _line(other, i):
            out.append(6 * SIZE + i)
        else:
            other_safe += 1
    out.append(FREE_SAFE + min(free_safe, COUNT_CAP))
    out.append(OWN_SAFE + min(own_safe, COUNT_CAP))
    out.append(OTHER_SAFE + min(other_safe, COUNT_CAP))
    out.append(PIECES + min(state.pieces(), 20))
    if state.mounds_left:
        out.append(SETUP)
    return out


def mover_chance(active: list[int]) -> float:
    """The model's chance (win 1, draw 1/2) of the mover, from its active features: logistic
    regression, the sum of their weights (a hidden layer measured no better: the script's --hidden)."""
    weights = W.WEIGHTS
    z = W.BIAS
    for i in active:
        z += weights[i]
    z = max(-30.0, min(30.0, z))
    return 1.0 / (1.0 + math.exp(-z))


def evaluate(state: Position) -> Rewards:
    """Rewards per seat by the model (the search's hook, Surikata.learned_evaluate)."""
    p = mover_chance(features(state))
    return (p, 1.0 - p) if state.to_move == 0 else (1.0 - p, p)
