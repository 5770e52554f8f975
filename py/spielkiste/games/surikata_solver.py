"""Surikata's endings solved exactly, for the search's solve() hook (negamax.py: alpha-beta on bit
masks, a table of bounds kept along the game). Once the mounds stand a game is at most 20 pieces,
and the meerkat's view and the lines of three cut each turn's squares to a few, so an ending is
small. In the positions of six 0.1 s self-play games (`tests/bench/surikata_solve.py --games 6
--max-empty 16`, CPython, a fresh table each) the median (and longest) solve took: 12 empty squares
0.009 s (0.02), 13 0.03 s (0.08), 14 0.08 s (0.14), 15 0.3 s (0.4), 16 1.3 s (1.6); a position with
17 took 2 to 40 s when tried. Pyodide searches about 0.6 times as many nodes a second.

The rules as Surikata plays them (surikata.py): a piece goes on an empty square outside the
meerkat's view (its row and column from the last piece, cut by mounds); three or more own pieces in
a continuous line lose at once; the 20th piece without a line draws; a player with no square to
place on loses."""
import time

from .negamax import CHECK, LIMIT, Nodes, OutOfTime, Table, flag, probe

__all__ = ["Table", "solve"]
from .surikata_board import PIECES, TRIPLES


def solve(me: int, op: int, moves: int, empty: int, views: tuple[int, ...], mounds: int, table: Table,
          deadline: float | None = None, nodes: Nodes | None = None) -> int | None:
    """The value for the side to move, whose pieces are `me` and the opponent's `op` (masks), who may
    place on the squares of `moves` (the empty squares out of the meerkat's view), with `empty` the
    empty squares, `views` each square's view mask and `mounds` the mounds (a mask, part of the table's
    key); None if time.perf_counter() passed `deadline` or the search would take more than `nodes`
    has left first (the nodes searched are taken from it). `table` keeps the bounds found between
    calls (every entry stays true, an interrupted search included)."""
    if len(table) > LIMIT:
        table.clear()
    clock = time.perf_counter
    count = [0]
    budget = None if nodes is None else nodes.left
    mkey = mounds << 75

    def negamax(me: int, op: int, moves: int, empty: int, placed: int, alpha: int, beta: int) -> int:
        count[0] += 1
        if not count[0] & CHECK and (deadline is not None and clock() > deadline
                                     or budget is not None and count[0] > budget):
            raise OutOfTime
        if not moves:
            return -1                                 # no square to place on: lost
        key = me | op << 25 | moves << 50 | mkey
        found = table.get(key)
        if found is not None:
            known, alpha, beta = probe(found, alpha, beta)
            if known is not None:
                return known
        a0, best, replies = alpha, -1, []             # every square makes a line: lost
        last = placed + 1 == PIECES
        while moves:
            b = moves & -moves
            moves ^= b
            i = b.bit_length() - 1
            mine = me | b
            for t in TRIPLES[i]:
                if t & mine == t:
                    break                             # a line: this piece loses
            else:
                if last:
                    best = 0                          # the 20th piece: a draw
                    continue
                rest = empty ^ b
                reply = rest & ~views[i]
                if not reply:
                    best = 1                          # the opponent has no square: won
                    break
                replies.append((reply.bit_count(), b, reply, rest))
        if best < 1:
            replies.sort()                            # fewest replies first
            alpha = max(alpha, best)
            for _, b, reply, rest in replies:
                if alpha >= beta:
                    break
                v = -negamax(op, me | b, reply, rest, placed + 1, -beta, -alpha)
                if v > best:
                    best = v
                    alpha = max(alpha, v)
        table[key] = (best, flag(best, a0, beta))
        return best

    try:
        return negamax(me, op, moves, empty, (me | op).bit_count(), -1, 1)
    except OutOfTime:
        return None
    finally:
        if nodes is not None:
            nodes.left -= count[0]
