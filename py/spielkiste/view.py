"""The plain view model an engine emits and the one SVG renderer draws.

It holds geometry and appearance only (cells, pieces, highlight layers, lines, regions); no
rule. Coordinates are in cell units, (0, 0) the top-left corner of the board. Words are
messages (texts.msg pairs), never prose: the renderer translates them into the page's language."""
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from .coords import LETTERS
from .texts import Message


@dataclass
class Cell:
    id: str                 # square name, becomes data-cell
    x: float
    y: float
    w: float = 1.0
    h: float = 1.0
    fill: str = ""          # a colour class: 'light', 'dark', 'red', 'field-a', ...
    mark: str = ""          # a symbol drawn on the square: 'centre', 'throne', 'rook', ...
    label: Message | None = None  # a message added to the accessible label after fill and mark
    owners: tuple[str, ...] = ()  # the seat colours the square is for (Weltreich's crowning thrones): small dots


@dataclass
class Piece:
    cell: str
    shape: str              # 'disc', 'stone', 'mound', 'cylinder', 'triangle', 'square', 'block', 'pawn'
    colour: str             # a colour key: 'purple', 'green', 'neutral', ...
    level: int = 0          # position in a stack, 0 = on the board
    mark: str = ""          # an overlay: 'meerkat', 'commander', ...
    label: Message | None = None  # a message for the accessible label; the renderer adds colour and shape
    id: str = ""            # stable id for data-piece; '' = '<cell>.<level>'


@dataclass
class View:
    width: float
    height: float
    cells: list[Cell] = field(default_factory=list)
    pieces: list[Piece] = field(default_factory=list)
    layers: dict[str, list[str]] = field(default_factory=dict)   # highlight name -> cell ids
    lines: list[tuple[str, list[str]]] = field(default_factory=list)  # (kind, cells) drawn through centres
    regions: list[tuple[float, float, float, float, str]] = field(default_factory=list)  # x, y, w, h, kind
    files: list[tuple[float, str]] = field(default_factory=list)   # column labels (x centre, text)
    ranks: list[tuple[float, str]] = field(default_factory=list)   # row labels (y centre, text)
    notes: list[Message] = field(default_factory=list)    # (text key, args) shown beside the board

    def add_layer(self, name: str, cells: Iterable[str]) -> None:
        self.layers.setdefault(name, []).extend(cells)


def grid(width: int, height: int, fill: Callable[[int, int], str] | None = None,
         mark: Callable[[int, int], str] | None = None,
         label: Callable[[int, int], Message | None] | None = None) -> View:
    """A rectangular board of width x height squares with coordinate labels.

    fill and mark are optional functions (col, row) -> str, label (col, row) -> message or None."""
    v = View(width, height)
    for r in range(height):
        for c in range(width):
            v.cells.append(Cell(f"{LETTERS[c]}{r + 1}", c, r,
                                fill=fill(c, r) if fill else ("light" if (c + r) % 2 == 0 else "dark"),
                                mark=mark(c, r) if mark else "",
                                label=label(c, r) if label else None))
    v.files = [(c + 0.5, LETTERS[c]) for c in range(width)]
    v.ranks = [(r + 0.5, str(r + 1)) for r in range(height)]
    return v
