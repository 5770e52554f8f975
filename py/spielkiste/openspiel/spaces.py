"""Each game's action space (actions.py segments, in id order) for its options: the table that
docs/OPENSPIEL.md prints."""
from __future__ import annotations

from typing import Any

from ..coords import names
from ..games import aufstellen, blockade, box, drei, drei_board, snorkels, sprung, surikata, tor, ziggurats
from ..games.ziggurats_geometry import size_for
from .actions import DIAGONAL, ORTHOGONAL, ActionSpace, Anywhere, Cells, Gates, Lines, Rightward, Segment, Steps, Word


def _box_lines(base: int = 0, sep: str = "-") -> Lines:
    return Lines(12, 12, base=base, sep=sep)


def segments(game_id: str, options: dict[str, Any]) -> list[Segment]:
    """The segments of `game_id` under its (normalized) options."""
    if game_id == "surikata":
        return [Cells(tuple(surikata.CELLS)), Cells(tuple(surikata.CELLS), surikata.MOUND, "m")]
    if game_id == "snorkels":
        cells = tuple(snorkels.CELLS)
        return [Cells(cells), Cells(cells, snorkels.STONE, "s"), Word(snorkels.SWAP, "swap")]
    if game_id == "blockade":
        kings = [Word(blockade.KING, f"{box.CELLS[sq]}-out", seat) for seat, sq in enumerate(blockade.KING_SQ)]
        return [Cells(tuple(box.CELLS)), _box_lines(blockade.MOVE), *kings]
    if game_id == "weltreich":
        return [_box_lines(sep="-x")]
    if game_id in ("solitaire",):
        return [_box_lines()]
    if game_id == "sprung":
        return [Rightward(12, 12), Word(sprung.STOP, "stop")]
    if game_id == "aufstellen":
        centres = aufstellen.CENTRE_CELLS
        return [Cells(centres), Steps(4, 4, aufstellen.MOVE, 16, cells=centres, dirs=ORTHOGONAL + DIAGONAL)]
    if game_id == "tor":
        return [_box_lines(), Gates(tor.PLACE, tor.GATE_CHOICES)]
    if game_id == "ziggurats":
        n = size_for(options.get("players", 2))
        cells = tuple(names(n, n))
        return [Cells(cells), Cells(cells, ziggurats.FOUND, "f"), Steps(n, n, ziggurats.MOVE, 100)]
    if game_id == "drei":
        return [Cells(tuple(drei_board.CELLS)), Anywhere(8, 8, drei.LIFT, drei_board.SIZE)]
    raise ValueError(f"no action space for {game_id}")


def action_space(game_id: str, options: dict[str, Any]) -> ActionSpace:
    return ActionSpace(segments(game_id, options))
