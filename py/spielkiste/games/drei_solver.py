"""Die Drei's placement phase solved exactly, for the search's solve() hook: negamax with
alpha-beta on bit masks and a transposition table. The game is short (16 pawns) and each pawn
must go where the last one attacks, so the tree is small: the whole game from the start on the
default board is 2.7 million nodes (2,702,126 calls of negamax, counted by solving each of the 64
first pawns in turn with one table: 36 s in CPython 3.11 on the 2-core CI machine; the first
player wins: 19 first moves win, 37 draw, 8 lose), a position two pawns in takes a fraction of a
second, four pawns in about 0.02 s. Values are for the side to move: 1 win, 0 draw, -1 loss.

The rules as Drei plays them (drei.py): a pawn goes on an empty square the opponent's last pawn
attacks; three own pawns equally spaced on a line win; the 16th pawn without a line draws; a
pawn after which the opponent has no legal placement is forbidden unless it wins, where a
placement is legal when the chain of placements goes on to a line or to the 16th pawn. Here a
position whose side to move has no legal placement returns ILLEGAL, so its parent skips the
move that led there."""
import time
from typing import TypeAlias

from .drei_board import Rays
from .negamax import CHECK, EXACT, LIMIT, LOWER, Nodes, OutOfTime, Table, flag, probe

Attack: TypeAlias = tuple[tuple[int, tuple[tuple[int, ...], ...]], ...]   # per square (step mask, ray bits)

ILLEGAL = 9                      # no legal placement: the move that led here was forbidden

def attacks(rays: Rays) -> Attack:
    """Each square's attack as the solver reads it: (the mask of its single-step squares, its
    longer rays as bits, nearest first), from the board's rays (drei_board.attack_rays): a
    knight's or king's step, and a rook's or bishop's ray ending at once, is a ray of one square."""
    return tuple((sum(1 << r[0] for r in sq if len(r) == 1), tuple(tuple(1 << j for j in r) for r in sq if len(r) > 1))
                 for sq in rays)


def attacked(u: int, occ: int, attack: Attack) -> int:
    """The empty squares (a mask) a pawn on u attacks, with the squares in `occ` filled."""
    step, rays = attack[u]
    m = step & ~occ
    for ray in rays:
        for b in ray:
            if occ & b:
                break
            m |= b
    return m


def solve(me: int, op: int, pairs_me: int, pairs_op: int, last: int, placed: int, attack: Attack,
          thirds: tuple[tuple[int, ...], ...], table: Table, deadline: float | None = None,
          nodes: Nodes | None = None) -> int | None:
    """The value for the side to move, whose pawns are `me` and the opponent's `op` (masks), with
    the squares that make a line of three with two pawns of each (`pairs_me`, `pairs_op`: masks,
    Drei._pair_squares), the last pawn on square `last`, `placed` pawns on the board (fewer
    than 16), each square's attack as attacks() gives it and each pair's third squares
    (`thirds[a][b]`, drei_board); ILLEGAL if it has no legal placement; None if
    time.perf_counter() passed `deadline` or the search would take more than `nodes` has left
    first (the nodes searched are taken from it). `table` keeps the bounds found between calls on
    the same board (every entry stays true, an interrupted search included)."""
    if len(table) > LIMIT:
        table.clear()
    clock = time.perf_counter
    count = [0]
    budget = None if nodes is None else nodes.left

    def negamax(me: int, op: int, cme: int, cop: int, cand: int, placed: int, alpha: int, beta: int) -> int:
        count[0] += 1
        if not count[0] & CHECK and (deadline is not None and clock() > deadline
                                     or budget is not None and count[0] > budget):
            raise OutOfTime
        if not cand:
            return ILLEGAL
        if cand & cme:
            return 1                                  # a line at once
        if placed == 15:
            return 0                                  # the 16th pawn, no line: a draw
        occ = me | op
        key = me | op << 64 | cand << 128               # the last pawn matters only by what it attacks
        found = table.get(key)
        if found is not None:
            known, alpha, beta = probe(found, alpha, beta)
            if known is not None:
                return known
        a0, best, replies = alpha, ILLEGAL, []
        while cand:
            b = cand & -cand
            cand ^= b
            step, rays = attack[b.bit_length() - 1]
            full = occ | b
            a = step & ~full
            for ray in rays:                          # attacked(), inline: the solver's hot spot
                for r in ray:
                    if full & r:
                        break
                    a |= r
            if a & cop:
                best = -1                             # the opponent's line at once (always legal)
            elif a:                                   # none: the opponent stuck, so forbidden
                replies.append((a.bit_count(), b, a))
        if best == -1:
            alpha = max(alpha, -1)
            if alpha >= beta:
                table[key] = (best, LOWER)
                return best
        replies.sort()                                # fewest replies first
        for _, b, a in replies:
            u = b.bit_length() - 1
            grown = cme
            rest = me
            while rest:
                p = rest & -rest
                rest ^= p
                grown |= thirds[u][p.bit_length() - 1]
            v = negamax(op, me | b, cop, grown, a, placed + 1, -beta, -alpha)
            if v == ILLEGAL:
                continue
            v = -v
            if best == ILLEGAL or v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        if best == ILLEGAL:
            table[key] = (ILLEGAL, EXACT)
        else:
            table[key] = (best, flag(best, a0, beta))
        return best

    try:
        return negamax(me, op, pairs_me, pairs_op, attacked(last, me | op, attack), placed, -1, 1)
    except OutOfTime:
        return None
    finally:
        if nodes is not None:
            nodes.left -= count[0]
