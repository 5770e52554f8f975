"""Stable integer action ids for every game's moves, by arithmetic on the board's geometry.

An action space is a row of segments, each a family of moves with the same shape (a square to
place on, a piece that slides along its row or column, a step to a neighbour, a fixed word such
as 'swap'); a segment's ids follow the previous segment's. Every id in [0, size) names one
well-formed move of the game (whether it is legal depends on the position), and each id turns
into the engine's move, its text and back without any table built while playing: so
`num_distinct_actions` is exact and an id means the same move in every position and every run.
docs/OPENSPIEL.md lists each game's segments. Pure Python: no OpenSpiel needed to read an id.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..coords import names

Move = int | str


class Segment:
    """One family of moves: `size` ids, each a move of the engine and a text."""
    size: int = 0

    def move(self, k: int) -> Move:
        """The engine's move of the k-th id of this segment."""
        raise NotImplementedError

    def index(self, move: Move, seat: int) -> int | None:
        """The id within this segment of the engine's `move` made by `seat`; None if not one of its moves."""
        raise NotImplementedError

    def text(self, k: int) -> str:
        raise NotImplementedError

    def parse(self, text: str) -> int | None:
        """The id within this segment of a move text (upper case); None if it is not written so."""
        raise NotImplementedError


def _cell_re(cells: tuple[str, ...]) -> str:
    return "(" + "|".join(sorted(cells, key=len, reverse=True)) + ")"


@dataclass
class Cells(Segment):
    """A placement on one of `cells`: the engine's move base + square index; text prefix + square."""
    cells: tuple[str, ...]
    base: int = 0
    prefix: str = ""

    def __post_init__(self) -> None:
        self.size = len(self.cells)
        self._re = re.compile(re.escape(self.prefix.upper()) + _cell_re(self.cells))

    def move(self, k: int) -> Move:
        return self.base + k

    def index(self, move: Move, seat: int) -> int | None:
        if isinstance(move, int) and 0 <= move - self.base < self.size:
            return move - self.base
        return None

    def text(self, k: int) -> str:
        return self.prefix + self.cells[k]

    def parse(self, text: str) -> int | None:
        m = self._re.fullmatch(text)
        return self.cells.index(m.group(1)) if m else None


@dataclass
class Word(Segment):
    """One move written as a word ('swap', 'stop', 'E11-out'), made by `seat` only if given."""
    value: Move
    word: str
    seat: int | None = None
    size: int = 1

    def move(self, k: int) -> Move:
        return self.value

    def index(self, move: Move, seat: int) -> int | None:
        return 0 if move == self.value and self.seat in (None, seat) else None

    def text(self, k: int) -> str:
        return self.word

    def parse(self, text: str) -> int | None:
        return 0 if text == self.word.upper() else None


@dataclass
class Pairs(Segment):
    """A piece from one square to another on a width x height board: the engine's move
    base + from * stride + to. Subclasses say which pairs exist and number them."""
    width: int
    height: int
    base: int = 0
    stride: int = 0
    sep: str = "-"          # the characters that may stand between the squares
    cells: tuple[str, ...] = ()     # the squares' names in reading order (default A1, B1, ...)

    def __post_init__(self) -> None:
        self.cells = self.cells or tuple(names(self.width, self.height))
        self.stride = self.stride or self.width * self.height
        cell = _cell_re(self.cells)
        self._re = re.compile(f"{cell}[{re.escape(self.sep.upper())}]{cell}")
        self.size = self._count()

    def _count(self) -> int:
        raise NotImplementedError

    def pair(self, k: int) -> tuple[int, int]:
        raise NotImplementedError

    def number(self, frm: int, to: int) -> int | None:
        raise NotImplementedError

    def move(self, k: int) -> Move:
        frm, to = self.pair(k)
        return self.base + frm * self.stride + to

    def index(self, move: Move, seat: int) -> int | None:
        if not isinstance(move, int) or move < self.base:
            return None
        frm, to = divmod(move - self.base, self.stride)
        if frm >= self.width * self.height or to >= self.width * self.height:
            return None
        return self.number(frm, to)

    def text(self, k: int) -> str:
        frm, to = self.pair(k)
        return f"{self.cells[frm]}{self.sep[0]}{self.cells[to]}"

    def parse(self, text: str) -> int | None:
        m = self._re.fullmatch(text)
        return self.number(self.cells.index(m.group(1)), self.cells.index(m.group(2))) if m else None


class Lines(Pairs):
    """To any other square of the same row or column (a rook's line, on a square board of n):
    id = from * (2n - 2) + k, k < n - 1 the row's other columns left to right, then the column's
    other rows top to bottom."""

    def _count(self) -> int:
        n = self.width
        return n * n * (2 * n - 2)

    def pair(self, k: int) -> tuple[int, int]:
        n = self.width
        frm, k = divmod(k, 2 * n - 2)
        r, c = divmod(frm, n)
        if k < n - 1:
            return frm, r * n + (k if k < c else k + 1)
        k -= n - 1
        return frm, (k if k < r else k + 1) * n + c

    def number(self, frm: int, to: int) -> int | None:
        n = self.width
        (r, c), (r2, c2) = divmod(frm, n), divmod(to, n)
        if r == r2 and c != c2:
            k = c2 if c2 < c else c2 - 1
        elif c == c2 and r != r2:
            k = n - 1 + (r2 if r2 < r else r2 - 1)
        else:
            return None
        return frm * (2 * n - 2) + k


class Rightward(Pairs):
    """To a square further right in the same row: per row the pairs (c, c2), c < c2, in order
    of c then c2; id = row * n(n-1)/2 + c(n-1) - c(c-1)/2 + (c2 - c - 1)."""

    def _count(self) -> int:
        n = self.width
        return self.height * n * (n - 1) // 2

    def _first(self, c: int) -> int:
        n = self.width
        return c * (n - 1) - c * (c - 1) // 2

    def pair(self, k: int) -> tuple[int, int]:
        n = self.width
        r, k = divmod(k, n * (n - 1) // 2)
        c = 0
        while self._first(c + 1) <= k:
            c += 1
        return r * n + c, r * n + c + 1 + k - self._first(c)

    def number(self, frm: int, to: int) -> int | None:
        n = self.width
        (r, c), (r2, c2) = divmod(frm, n), divmod(to, n)
        if r != r2 or c2 <= c:
            return None
        return r * (n * (n - 1) // 2) + self._first(c) + c2 - c - 1


class Anywhere(Pairs):
    """To any other square: id = from * (squares - 1) + to, less one past from."""

    def _count(self) -> int:
        m = self.width * self.height
        return m * (m - 1)

    def pair(self, k: int) -> tuple[int, int]:
        frm, to = divmod(k, self.width * self.height - 1)
        return frm, to if to < frm else to + 1

    def number(self, frm: int, to: int) -> int | None:
        if frm == to:
            return None
        return frm * (self.width * self.height - 1) + (to if to < frm else to - 1)


ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))         # (drow, dcol): right, left, down, up
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))


@dataclass
class Steps(Pairs):
    """One step to a neighbour in one of `dirs` ((drow, dcol) pairs): per direction in order,
    the squares that have that neighbour, in reading order."""
    dirs: tuple[tuple[int, int], ...] = ORTHOGONAL

    def _block(self, d: int) -> tuple[int, int, int, int]:
        """(first row, first column, columns, size) of direction d's squares."""
        dr, dc = self.dirs[d]
        cols = self.width - abs(dc)
        return max(0, -dr), max(0, -dc), cols, (self.height - abs(dr)) * cols

    def _count(self) -> int:
        return sum(self._block(d)[3] for d in range(len(self.dirs)))

    def pair(self, k: int) -> tuple[int, int]:
        for d, (dr, dc) in enumerate(self.dirs):
            r0, c0, cols, size = self._block(d)
            if k < size:
                r, c = r0 + k // cols, c0 + k % cols
                return r * self.width + c, (r + dr) * self.width + c + dc
            k -= size
        raise IndexError(k)

    def number(self, frm: int, to: int) -> int | None:
        (r, c), (r2, c2) = divmod(frm, self.width), divmod(to, self.width)
        offset = 0
        for d, step in enumerate(self.dirs):
            r0, c0, cols, size = self._block(d)
            if step == (r2 - r, c2 - c):
                return offset + (r - r0) * cols + c - c0
            offset += size
        return None


@dataclass
class Gates(Segment):
    """Das Tor's gate choice: one of `letters` on the centre of one of the 16 fields of the 12x12
    box board (3x3 squares each): the engine's move base + centre square * 3 + choice;
    id = field * 3 + choice, field = (row // 3) * 4 + column // 3."""
    base: int
    letters: str
    size: int = 48

    def __post_init__(self) -> None:
        self.cells = tuple(names(12, 12))
        centres = tuple(self.cells[(f // 4 * 3 + 1) * 12 + f % 4 * 3 + 1] for f in range(16))
        self._re = re.compile(_cell_re(centres) + f"([{self.letters}])")

    @staticmethod
    def _field(square: int) -> int | None:
        r, c = divmod(square, 12)
        return (r // 3) * 4 + c // 3 if r % 3 == 1 and c % 3 == 1 else None

    def move(self, k: int) -> Move:
        f, choice = divmod(k, 3)
        return self.base + ((f // 4 * 3 + 1) * 12 + f % 4 * 3 + 1) * 3 + choice

    def index(self, move: Move, seat: int) -> int | None:
        if not isinstance(move, int) or not 0 <= move - self.base < 144 * 3:
            return None
        square, choice = divmod(move - self.base, 3)
        f = self._field(square)
        return None if f is None else f * 3 + choice

    def text(self, k: int) -> str:
        square = self.move(k)
        assert isinstance(square, int)
        return self.cells[(square - self.base) // 3] + self.letters[k % 3]

    def parse(self, text: str) -> int | None:
        m = self._re.fullmatch(text)
        if not m:
            return None
        f = self._field(self.cells.index(m.group(1)))
        return None if f is None else f * 3 + self.letters.index(m.group(2))


class ActionSpace:
    """A game's segments end to end: id <-> engine move <-> move text. The engine's moves are
    numbered once, when the space is made, from the segments' arithmetic (at most a few thousand),
    since OpenSpiel asks for the ids of every legal move in every position it visits; a move that
    two seats write differently (Blockade's king leaving) is looked up by the arithmetic."""

    def __init__(self, segments: list[Segment]):
        self.segments = tuple(segments)
        self.starts: list[int] = []
        n = 0
        for seg in self.segments:
            self.starts.append(n)
            n += seg.size
        self.size = n
        self._ids: dict[Move, int] = {}
        for a in range(n):
            m = self.move(a)
            self._ids[m] = -1 if m in self._ids else a

    def _find(self, action: int) -> tuple[Segment, int]:
        if not 0 <= action < self.size:
            raise ValueError(f"action {action} outside 0..{self.size - 1}")
        for seg, start in zip(reversed(self.segments), reversed(self.starts), strict=True):
            if action >= start:
                return seg, action - start
        raise AssertionError("unreachable")

    def move(self, action: int) -> Move:
        """The engine's move of an action id."""
        seg, k = self._find(action)
        return seg.move(k)

    def text(self, action: int) -> str:
        """The move text of an action id (what State.parse_move reads)."""
        seg, k = self._find(action)
        return seg.text(k)

    def action(self, move: Move, seat: int) -> int:
        """The action id of the engine's `move` made by `seat`."""
        a = self._ids.get(move, -1)
        if a >= 0:
            return a
        for seg, start in zip(self.segments, self.starts, strict=True):
            k = seg.index(move, seat)
            if k is not None:
                return start + k
        raise ValueError(f"no action for move {move!r}")

    def parse(self, text: str) -> int:
        """The action id of a move text (any case); ValueError if no id is written so."""
        t = text.strip().upper()
        for seg, start in zip(self.segments, self.starts, strict=True):
            k = seg.parse(t)
            if k is not None:
                return start + k
        raise ValueError(f"no action is written {text!r}")
