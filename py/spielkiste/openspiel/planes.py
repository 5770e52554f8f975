"""Observation planes: what a learner sees of a position, as numbers over the board.

Read from the position's view() (what the page draws), so every game is seen the same way:
one plane per piece kind per seat (a piece belongs to the seat whose colour it has now:
Snorkels' pie swap and Weltreich's captured armies follow), then the neutral pieces (mounds,
stones, foundations), then extra cell facts a game needs (Die Drei's square colours), then the
squares of the last move (Surikata's meerkat, Die Drei's pawn to answer, Das Tor's open gate),
then one plane per seat that is all ones for the seat to move. A plane holds the number of such
pieces on the square (Ziggurats' stacks count their blocks). docs/OPENSPIEL.md lists the planes."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..coords import names
from ..engine import State
from ..games import aufstellen
from ..games.ziggurats_geometry import size_for

BOX = ("cylinder", "triangle", "square")


@dataclass(frozen=True)
class Layout:
    """Which cells and kinds a game's planes show. owners: None = the seats' colours (as they are
    in the position), else fixed colours (the solitaire's four)."""
    cells: tuple[str, ...]          # the board's squares in reading order
    width: int
    shapes: tuple[str, ...]         # piece kinds per owner
    neutral: tuple[str, ...] = ()   # kinds of the neutral pieces
    fills: tuple[str, ...] = ()     # square colours shown as planes
    owners: tuple[str, ...] | None = None

    @property
    def height(self) -> int:
        return len(self.cells) // self.width

    def names(self, players: int) -> list[str]:
        """Every plane's name, in order."""
        owners = self.owners or tuple(f"seat{s}" for s in range(players))
        return ([f"{o}.{k}" for o in owners for k in self.shapes] + [f"neutral.{k}" for k in self.neutral]
                + [f"square.{f}" for f in self.fills] + ["last_move"] + [f"to_move.seat{s}" for s in range(players)])


def _square(n: int) -> tuple[tuple[str, ...], int]:
    return tuple(names(n, n)), n


def layout(game_id: str, options: dict[str, Any]) -> Layout:
    if game_id == "surikata":
        return Layout(*_square(5), ("disc",), ("mound",))
    if game_id == "snorkels":
        return Layout(*_square(7), ("disc",), ("stone",))
    if game_id == "blockade":
        return Layout(*_square(12), ("cylinder", "square"))
    if game_id in ("weltreich", "tor"):
        return Layout(*_square(12), BOX)
    if game_id == "sprung":
        return Layout(*_square(12), ("triangle", "square"))
    if game_id == "aufstellen":
        return Layout(aufstellen.CENTRE_CELLS, 4, BOX)
    if game_id == "solitaire":
        return Layout(*_square(12), ("triangle", "square"), owners=("red", "blue", "green", "yellow"))
    if game_id == "ziggurats":
        return Layout(*_square(size_for(options.get("players", 2))), ("block",), ("block",))
    if game_id == "drei":
        return Layout(*_square(8), ("pawn",), fills=("red", "yellow", "green", "blue"))
    raise ValueError(f"no planes for {game_id}")


def planes(lay: Layout, state: State, out: list[float]) -> None:
    """Writes the planes of `state` into `out` (zeros, len = planes * squares), plane-major."""
    size = len(lay.cells)
    where = {c: i for i, c in enumerate(lay.cells)}
    n = state.num_players
    owners = lay.owners or tuple(state.seat_colour(s) for s in range(n))
    kinds = len(lay.shapes)
    neutral0 = len(owners) * kinds
    fill0 = neutral0 + len(lay.neutral)
    last0 = fill0 + len(lay.fills)
    view = state.view()
    for p in view.pieces:
        i = where.get(p.cell)
        if i is None:
            continue
        if p.colour == "neutral" and p.shape in lay.neutral:
            out[(neutral0 + lay.neutral.index(p.shape)) * size + i] += 1.0
        elif p.colour in owners and p.shape in lay.shapes:
            out[(owners.index(p.colour) * kinds + lay.shapes.index(p.shape)) * size + i] += 1.0
    if lay.fills:
        for square in view.cells:
            i = where.get(square.id)
            if i is not None and square.fill in lay.fills:
                out[(fill0 + lay.fills.index(square.fill)) * size + i] = 1.0
    if state.last is not None:
        for cell in state.move_input(state.last)[0]:
            i = where.get(cell)
            if i is not None:
                out[last0 * size + i] = 1.0
    if state.result is None:
        base = (last0 + 1 + state.to_move) * size
        out[base:base + size] = [1.0] * size
