"""What a move does on the board, for its animation (issue 34): read off the views of the position
before and after it, so it knows no rule of any game.

- `path`: the squares the moved piece passes, first to last. A move that jumps over pieces (the
  solitaire, Schaff den Sprung, Weltreich and Das Tor's pieces that jump over anything) passes every
  square of its line in turn, one hop each; any other movement glides from its first square to its
  last.
- `gone`: the pieces of the position before that are no longer there (a capture, the solitaire's
  jumped pieces, a piece that changed colour: Weltreich's captured player's army), drawn as ghosts
  that fade out where they stood, each jumped piece as the mover passes it.
- `fresh`: the square whose piece was placed (it fades in); `rise`: the level the moved piece
  started at (a block taken off a stack), `gate`: the square a placed piece enters from (Das Tor's
  gate: the view's "gate" layer names the square that opened it first).
svg.render draws it (one answer only); the page's board plays it with board.css's keyframes."""
from __future__ import annotations

from dataclasses import dataclass

from spielkiste.engine import Move, State
from spielkiste.view import Piece, View


@dataclass(frozen=True)
class Motion:
    path: tuple[str, ...] = ()
    fresh: frozenset[str] = frozenset()
    gone: tuple[Piece, ...] = ()
    rise: int = 0
    gate: str = ""


def of_move(before: State, after: State, move: Move) -> Motion:
    """The motion of `move`, played in `before` to give `after`."""
    squares, _ = before.move_input(move)
    return between(before.view(), after.view(), squares)


def between(was: View, now: View, squares: tuple[str, ...] | list[str]) -> Motion:
    """The motion from view `was` to view `now` of a move entered by clicking `squares`."""
    squares = tuple(squares)
    path: tuple[str, ...] = ()
    rise, gate = 0, ""
    fresh: frozenset[str] = frozenset(squares[-1:])
    moved: tuple[str, str, str] | None = None        # (square, shape, colour) of the piece that left
    if len(squares) >= 2 and squares[0] != squares[-1]:
        start = [p for p in was.pieces if p.cell == squares[0]]
        if start:
            top = max(start, key=lambda p: p.level)
            rise, moved = top.level, (top.cell, top.shape, top.colour)
        line = _line(was, squares[0], squares[-1])
        occupied = {p.cell for p in was.pieces}
        if line and any(c in occupied for c in line):
            path = (squares[0], *line, squares[-1])       # a jump: one hop per square of its line
        else:
            path = (squares[0], squares[-1])
    elif len(squares) == 1:
        for name, cells in was.layers.items():
            if name == "gate" and squares[0] in cells and cells[0] != squares[0]:
                gate = cells[0]
    return Motion(path, fresh, _gone(was, now, moved), rise, gate)


def _line(view: View, a: str, b: str) -> list[str]:
    """The squares strictly between a and b when they share a row, a column or a diagonal of
    unit squares, in order from a; else []."""
    at = {(round(c.x), round(c.y)): c.id for c in view.cells if c.w == 1 and c.h == 1}
    where = {cid: xy for xy, cid in at.items()}
    if a not in where or b not in where:
        return []
    (x0, y0), (x1, y1) = where[a], where[b]
    dx, dy = x1 - x0, y1 - y0
    if not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
        return []
    n = max(abs(dx), abs(dy))
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    out = []
    for k in range(1, n):
        cid = at.get((x0 + k * sx, y0 + k * sy))
        if cid is None:
            return []
        out.append(cid)
    return out


def _gone(was: View, now: View, moved: tuple[str, str, str] | None) -> tuple[Piece, ...]:
    """The pieces of `was` with no piece of the same shape and colour on their square in `now`,
    but the moved piece itself (it left its square)."""
    left: dict[tuple[str, str, str], int] = {}
    for p in now.pieces:
        key = (p.cell, p.shape, p.colour)
        left[key] = left.get(key, 0) + 1
    if moved is not None:
        left[moved] = left.get(moved, 0) + 1          # its own square counts it as still there
    out = []
    for p in sorted(was.pieces, key=lambda p: -p.level):   # a stack loses its top block first
        key = (p.cell, p.shape, p.colour)
        if left.get(key, 0):
            left[key] -= 1
        else:
            out.append(p)
    return tuple(sorted(out, key=lambda p: p.level))
