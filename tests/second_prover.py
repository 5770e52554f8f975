"""A second prover for the shipped puzzles, written apart from spielkiste.puzzles.proof: its own AND-OR
search over the engine's legal_moves/copy/play/result only (no winning_moves hook, no move ordering
taken from the first prover, no key() of the engine), so a slip of the first one is not repeated here.

Budget n counts the moves the seat may still make, a bonus move of the same seat included; the defender's
moves are free. The seat wins within n when one of its moves wins at once, or leaves n - 1 >= 1 and a
position it wins within n - 1; the defender to move loses within n when every reply ends in the seat's
win or leaves a position the seat wins within n. So a defender left only replies that lose by themselves
counts as the seat's last move (the puzzles' rule, puzzles/__init__.py). Positions are remembered by their
position code and, where repetition draws, the codes met on the way there with their counts (the same
code reached by another way with another history may end differently)."""
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
        ident = (self._ident(s, path), n)
        if ident not in self.memo:
            here = path + Counter([s.encode()]) if s.repetition else path
            children = [self._child(s, m) for m in s.legal_moves()]
            if s.to_move == self.seat:
                found = any(self._won(t) for t in children) or (n >= 2 and any(
                    t.result is None and self._value(t, n - 1, here) for t in children))
            else:
                ended_lost = any(t.result is not None and not self._won(t) for t in children)
                found = not ended_lost and all(t.result is not None or self._value(t, n, here) for t in children)
            self.memo[ident] = found
        return self.memo[ident]

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
