"""Exhaustive proofs behind the puzzles: forced wins in a few of the mover's moves, every defence tried.

An AND-OR search over atomic moves (a bonus move of the same seat is one more of its moves): at the
mover's turn one move must win, at the defender's every reply must lose. Depth counts the mover's moves,
so "a win in 2" is move, every reply, winning move; where every reply loses by itself (Surikata's lines
of three) the defender's forced loss stands for the mover's last move, so that is a win in 2 as well
(the mover's move does not end the game: only after the replies is it decided). Immediate wins come
from the game's cheap winning_moves() hook where it has one (the search's own fast path), else from
trying every move; the root's own immediate wins are always found by trying every move, so a
puzzle's "exactly one" holds even where a hook names only some. A defence puzzle is the mirror image:
the opponent's forced wins, the mover's moves its defender's replies (holding()). A Prover stops with
OutOfBudget after `budget` positions, so a miner can skip a position too costly to decide instead of
stalling on it."""
from __future__ import annotations

import time
from collections.abc import Hashable
from dataclasses import dataclass

from ..engine import Move, State, after


HOLD = 3          # the opponent's moves a defence puzzle's answer is proven to hold against


class OutOfBudget(Exception):
    """The proof needed more positions than its budget."""


def wins_at_once(state: State, every: bool = False) -> list[Move]:
    """The moves of the side to move that win at once: the game's hook's candidates, or with `every`
    (or no hook) every legal move, each checked by playing it."""
    seat = state.to_move
    found = None if every else state.winning_moves()
    cands = state.legal_moves() if found is None else found
    return [m for m in cands if (r := after(state, m).result) is not None and r.rewards[seat] == 1.0]


class Prover:
    """Forced wins of `seat`, exhaustively, within a budget of positions and, where `deadline` is set
    (time.perf_counter()), a time (the analysis board's slices: review.Lines)."""

    def __init__(self, seat: int, budget: int = 50_000) -> None:
        self.seat = seat
        self.budget = budget
        self.deadline: float | None = None
        self.nodes = 0
        self.memo: dict[tuple[Hashable, int, bool], bool] = {}   # (position_key(), k, seat to move) -> proven
        self.killers: dict[tuple[bool, int], Move] = {}          # (seat to move, k) -> the move that decided

    def _play(self, state: State, move: Move) -> State:
        self.nodes += 1
        if self.nodes > self.budget or (self.deadline is not None and not self.nodes & 63
                                        and time.perf_counter() > self.deadline):
            raise OutOfBudget
        return after(state, move)

    def wins(self, state: State, k: int) -> bool:
        """Can the seat (to move, game on) force a win within k of its moves?"""
        if wins_at_once(state):
            return True
        if k <= 1:
            return False
        key = (state.position_key(), k, True)   # another way to the same position (and history) meets here
        if key not in self.memo:
            won = False
            for m in self._ordered(state, (True, k)):
                if self.move_wins(state, m, k):
                    won, self.killers[(True, k)] = True, m
                    break
            self.memo[key] = won
        return self.memo[key]

    def _ordered(self, state: State, slot: tuple[bool, int]) -> list[Move]:
        """The legal moves, the one that decided a sibling first (a killer move: one escape refutes a
        whole defence, and an escape often works again in the next line)."""
        moves = state.legal_moves()
        killer = self.killers.get(slot)
        if killer is not None and killer in moves:
            moves.remove(killer)
            moves.insert(0, killer)
        return moves

    def _parries_first(self, state: State, replies: list[Move]) -> list[Move]:
        """The defender's replies, those touching a square of the seat's threats first: the moves the
        seat's winning_moves() hook would name if it were to move now (a null move, used only to
        order the replies, so the proof stays exhaustive). Where an escape exists it is then mostly
        found among the first replies; a reply that touches no threat is rarely one."""
        peek = state.copy()
        peek.to_move = self.seat
        try:
            threats = peek.winning_moves() or []
            squares = {sq for m in threats for sq in peek.move_input(m)[0]}
            if not squares:
                return replies
            return sorted(replies, key=lambda r: not squares.intersection(state.move_input(r)[0]))
        except (ValueError, IndexError, KeyError):     # a game's hook may not read a position with the turn passed
            return replies

    def move_wins(self, state: State, move: Move, k: int) -> bool:
        """Does `move` (of the seat) force a win within k of its moves, counting this one?"""
        s = self._play(state, move)
        if s.result is not None:
            return s.result.rewards[self.seat] == 1.0
        if k <= 1:
            return False
        return self.wins(s, k - 1) if s.to_move == self.seat else self.holds(s, k - 1)

    def holds(self, state: State, k: int) -> bool:
        """Does every defence (the defender to move) lose within k more moves of the seat?"""
        if wins_at_once(state):                  # the defender's own win refutes at once
            return False
        key = (state.position_key(), k, False)
        if key not in self.memo:
            held = True
            for r in self._parries_first(state, self._ordered(state, (False, k))):
                if not self.refuted(state, r, k):
                    held, self.killers[(False, k)] = False, r
                    break
            self.memo[key] = held
        return self.memo[key]

    def refuted(self, state: State, reply: Move, k: int) -> bool:
        """Does the defender's `reply` lose within k more moves of the seat?"""
        s = self._play(state, reply)
        if s.result is not None:
            return s.result.rewards[self.seat] == 1.0
        return self.wins(s, k) if s.to_move == self.seat else self.holds(s, k)

    def reply_depth(self, state: State, reply: Move, most: int) -> int | None:
        """The fewest moves of the seat that win after the defender's `reply`, up to `most`."""
        return next((k for k in range(1, most + 1) if self.refuted(state, reply, k)), None)


def loses_at_once(state: State, move: Move) -> bool:
    """Does `move` lose at once: the game ends without a win or draw for the mover, or the opponent
    then wins with one move?"""
    seat = state.to_move
    s = after(state, move)
    if s.result is not None:
        return s.result.rewards[seat] == 0.0
    return s.to_move != seat and bool(wins_at_once(s))


def obvious(state: State, move: Move) -> bool:
    """Is `move` found without reading ahead: the only legal capture (the only move that leaves fewer
    pieces on the board), or the only move that does not lose at once? No puzzle's answer is."""
    moves = state.legal_moves()
    if [m for m in moves if not loses_at_once(state, m)] == [move]:
        return True
    pieces = _pieces(state)
    return [m for m in moves if _pieces(after(state, m)) < pieces] == [move]


def _pieces(state: State) -> int:
    return sum(len(stack) for stack in state.to_setup().board.values())


@dataclass(frozen=True)
class Found:
    """A puzzle's proof: kind 'win' (a forced win in `depth` of the mover's moves, by exactly one first
    move) or 'defend' (exactly one move holds: holding()); `line` the moves as played, the
    mover's and the defence that resists longest; `replies` the defender's legal replies at each of
    its moves in the line, every one of them refuted."""
    kind: str
    depth: int
    line: tuple[Move, ...]
    replies: tuple[int, ...]


def analyse(state: State, most: int = 3, budget: int = 50_000, defend: bool = True) -> Found | None:
    """The puzzle in a position (game on), or None: no single winning or saving move (the latter only
    looked for with `defend`), or more than one. Wins in fewer moves are looked for first, so `depth`
    is the shortest; OutOfBudget when the proof needs more than `budget` positions."""
    seat = state.to_move
    moves = state.legal_moves()
    if len(moves) < 2:
        return None
    won = wins_at_once(state, every=True)
    if won:
        return Found("win", 1, (won[0],), ()) if len(won) == 1 else None
    p = Prover(seat, budget)
    safe = [m for m in moves if not loses_at_once(state, m)]   # a move that loses at once cannot win
    for k in range(2, most + 1):
        winners = []
        for m in safe:
            if p.move_wins(state, m, k):
                winners.append(m)
                if len(winners) > 1:
                    return None
        if winners:
            found = _line(p, state, k, winners)
            return Found("win", k, *found) if found else None
    return holding(state, budget) if defend and len(moves) >= 3 else None


def holding(state: State, budget: int = 50_000) -> Found | None:
    """A defence puzzle in a two-player position, or None: exactly one move after which the opponent
    cannot force a win within HOLD of its moves, while after every other one it can; `depth` is the
    most moves of the opponent a wrong move still needs (1: every other move loses at once). A move
    that ends the game in a draw holds. OutOfBudget as analyse()."""
    if state.num_players != 2:
        return None
    p = Prover(1 - state.to_move, budget)    # the opponent's forced wins; the mover's move is its defender's reply
    held: list[Move] = []
    depths: list[int] = []
    for m in sorted(state.legal_moves(), key=lambda m: not loses_at_once(state, m)):   # the cheap refutations first
        d = p.reply_depth(state, m, HOLD)
        if d is None:
            held.append(m)
            if len(held) > 1:
                return None
        else:
            depths.append(d)
    return Found("defend", max(depths), (held[0],), ()) if len(held) == 1 and depths else None


Line = tuple[tuple[Move, ...], tuple[int, ...]]


def _line(p: Prover, state: State, k: int, winners: list[Move] | None = None) -> Line | None:
    """The line from a position where the seat (to move) wins in exactly k: its only winning move
    (any immediate win when k is 1), then the defence; None when a later move of the seat is not the
    only one that wins in time (the page could not tell a second winning move from a wrong one)."""
    if k == 1:
        return (min(wins_at_once(state, every=True), key=state.move_text),), ()
    if winners is None:
        winners = [m for m in state.legal_moves() if p.move_wins(state, m, k)]
    if len(winners) != 1:
        return None
    m = winners[0]
    s = after(state, m)
    rest = _line(p, s, k - 1) if s.to_move == p.seat else _defence(p, s, k - 1)
    return None if rest is None else ((m, *rest[0]), rest[1])


def _defence(p: Prover, state: State, k: int) -> Line | None:
    """The defence that resists longest (the fewest of the seat's moves it still needs is largest;
    ties by notation), each reply refuted within k; the first such reply that leaves a line."""
    replies = state.legal_moves()
    depths = [(p.reply_depth(state, r, k) or 0, r) for r in replies]
    longest = max(d for d, _ in depths)
    for d, r in sorted(depths, key=lambda x: state.move_text(x[1])):
        if d != longest:
            continue
        s = after(state, r)
        if s.result is not None:
            return (r,), (len(replies),)
        rest = _line(p, s, d) if s.to_move == p.seat else _defence(p, s, d)
        if rest is not None:
            return (r, *rest[0]), (len(replies), *rest[1])
    return None
