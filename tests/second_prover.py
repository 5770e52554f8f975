"""A second prover for the shipped puzzles, written apart from spielkiste.puzzles.proof: its own AND-OR
search over the engine's legal_moves/copy/play/result only (no winning_moves hook, no move ordering
taken from the first prover, no key() of the engine), so a slip of the first one is not repeated here.
It plays a position's moves one at a time and stops at the first that decides, trying first the moves
that decided most often before (its own tally): Weltreich's positions have 100-160 moves, and playing
every one before deciding cost 10-68 million positions per win in 3.

Budget n counts the moves the seat may still make, a bonus move of the same seat included; the defender's
moves are free. The seat wins within n when one of its moves wins at once, or leaves n - 1 >= 1 and a
position it wins within n - 1; the defender to move loses within n when every reply ends in the seat's
win or leaves a position the seat wins within n. So a defender left only replies that lose by themselves
counts as the seat's last move (the puzzles' rule, puzzles/__init__.py). Positions are remembered by their
position code and, where repetition draws, the codes met on the way there with their counts (the same
code reached by another way with another history may end differently); whether the seat wins at once
by the code alone, which no history changes (State.play counts a position for repetition only when the
move did not end the game)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Hashable

from spielkiste.engine import Move, State


class SecondProver:
    """Forced wins of `seat` within a number of its moves, exhaustively."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.memo: dict[tuple[Hashable, int], bool] = {}
        self.positions = 0
        # how often each move decided a position: won at once, won later, or escaped as the defender's
        self.won_at_once: Counter[Move] = Counter()
        self.won_later: Counter[Move] = Counter()
        self.escaped: Counter[Move] = Counter()

    def _ident(self, s: State, path: Counter[str]) -> Hashable:
        code = s.encode()
        return (code, frozenset(path.items())) if s.repetition else code

    def _child(self, s: State, m: Move) -> State:
        t = s.copy()
        t.play(m)
        self.positions += 1
        return t

    def _won(self, t: State) -> bool:
        return t.result is not None and t.result.rewards[self.seat] == 1.0

    def move_wins(self, s: State, m: Move, n: int, path: Counter[str] | None = None) -> bool:
        """Does the seat's move `m` in `s` win within n of its moves, this one counted?"""
        t = self._child(s, m)
        if t.result is not None:
            return self._won(t)
        return n >= 2 and self._value(t, n - 1, path or Counter())

    def reply_loses(self, s: State, r: Move, n: int, path: Counter[str] | None = None) -> bool:
        """Does the defender's reply `r` in `s` lose within n more moves of the seat?"""
        t = self._child(s, r)
        if t.result is not None:
            return self._won(t)
        return self._value(t, n, path or Counter())

    def _value(self, s: State, n: int, path: Counter[str]) -> bool:
        # whether the seat wins at once is the same whatever the history: a move that ends the game is
        # not made a draw by repetition (State.play counts positions only when the game goes on)
        ident = (s.encode() if n == 1 and s.to_move == self.seat else self._ident(s, path), n)
        if ident not in self.memo:
            here = path + Counter([s.encode()]) if s.repetition else path
            self.memo[ident] = (self._seat_wins(s, n, here) if s.to_move == self.seat
                                else self._defender_loses(s, n, here))
        return self.memo[ident]

    def _seat_wins(self, s: State, n: int, here: Counter[str]) -> bool:
        """The seat to move: a move that wins at once (each move played once, the ones that won before
        first), else with n >= 2 one after which the seat wins within n - 1."""
        later = []
        for m in self._first(s.legal_moves(), self.won_at_once):
            t = self._child(s, m)
            if self._won(t):
                self.won_at_once[m] += 1
                return True
            if t.result is None:
                later.append((m, t))
        if n < 2:
            return False
        for m, t in sorted(later, key=lambda mt: -self.won_later[mt[0]]):
            if self._value(t, n - 1, here):
                self.won_later[m] += 1
                return True
        return False

    def _defender_loses(self, s: State, n: int, here: Counter[str]) -> bool:
        """The defender to move: every reply ends in the seat's win or leaves a position the seat wins
        within n; the replies that escaped before are tried first (one escape decides)."""
        for r in self._first(s.legal_moves(), self.escaped):
            t = self._child(s, r)
            if t.result is not None and self._won(t):
                continue
            if t.result is not None or not self._value(t, n, here):
                self.escaped[r] += 1
                return False
        return True

    @staticmethod
    def _first(moves: list[Move], counts: Counter[Move]) -> list[Move]:
        """The moves, those that decided most often before first (the order only: every move is tried)."""
        return sorted(moves, key=lambda m: -counts[m]) if counts else moves

    def fewest(self, s: State, m: Move, most: int, seat_moves: bool) -> int | None:
        """The fewest of the seat's moves within which `m` (the seat's move, or with seat_moves False the
        defender's reply) leads to the seat's win, up to `most`; None beyond."""
        test = self.move_wins if seat_moves else self.reply_loses
        return next((n for n in range(1, most + 1) if test(s, m, n)), None)


def check_win(state: State, seat: int, depth: int, line: tuple[str, ...]) -> list[str]:
    """What is wrong with a 'win' puzzle by this prover ([] when nothing): the line's first move wins within
    `depth`, no other first move does, none wins in fewer; every later move of the seat in the line is its
    only one that wins in the moves left (but its last, where any win at once is right); every reply of
    the defender in the line resists longest."""
    wrong = []
    p = SecondProver(seat)
    s, left = state.copy(), depth
    for i, text in enumerate(line):
        moves = s.legal_moves()
        chosen = s.parse_move(text)
        if s.to_move == seat:
            won = [m for m in moves if p.move_wins(s, m, left)]
            if chosen not in won:
                wrong.append(f"move {i + 1} ({text}) does not win within {left}")
            if left > 1 and len(won) != 1:
                wrong.append(f"move {i + 1}: {len(won)} moves win within {left}")
            if i == 0 and depth > 1 and any(p.move_wins(s, m, depth - 1) for m in moves):
                wrong.append(f"a win in fewer than {depth} exists")
            left -= 1
        else:
            depths = [p.fewest(s, r, left, seat_moves=False) for r in moves]
            if None in depths:
                wrong.append(f"move {i + 1}: a reply escapes")
            elif depths[moves.index(chosen)] != max(d for d in depths if d is not None):
                wrong.append(f"move {i + 1} ({text}) is not the longest defence")
            left = depths[moves.index(chosen)] or left
        s.play(chosen)
    if not p._won(s):
        wrong.append("the line does not end in the seat's win")
    return wrong


def check_defence(state: State, seat: int, depth: int, answer: str, hold: int = 3) -> list[str]:
    """What is wrong with a 'defend' puzzle by this prover ([] when nothing): the seat has no win within
    `hold`; after `answer` the opponent cannot force a win within `hold` of its moves; after every other
    move it can, and the slowest of those needs exactly `depth` (the seat's move is, to the opponent's
    prover, a defender's reply)."""
    wrong = []
    mine, theirs = SecondProver(seat), SecondProver(1 - seat)
    moves = state.legal_moves()
    if any(mine.move_wins(state, m, hold) for m in moves):
        wrong.append(f"the seat wins within {hold}")
    chosen = state.parse_move(answer)
    depths = {m: theirs.fewest(state, m, hold, seat_moves=False) for m in moves}
    if depths[chosen] is not None:
        wrong.append(f"after {answer} the opponent wins within {depths[chosen]}")
    others = [d for m, d in depths.items() if m != chosen]
    if None in others:
        wrong.append(f"{others.count(None)} other moves hold too")
    elif max(others, default=0) != depth:
        wrong.append(f"the slowest wrong move loses within {max(others, default=0)}, not {depth}")
    return wrong
