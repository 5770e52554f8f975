"""The board of the *Blockade* box (sheet 002), shared by its six games (rules pages:
assets/rules/{blockade,weltreich,sprung,aufstellen,solitaire,tor}.en.html).

12x12 squares in 16 fields of 3x3; the middle square of each field is its circled centre
(B2, E2, H2, K2, B5 ... K11). Squares are indexed row*12+col, row 0 at the top, so E11 is
index 10*12+4 (coords.py names).

Pieces: per colour (red, blue, green, yellow) 1 cylinder, 4 triangles, 6 squares. On a board
(a flat list of one-character cells, '.' empty) each piece is one letter:
    cylinder  R B G Y      the colour's initial, upper case
    square    r b g y      the colour's initial, lower case
    triangle  s c h z      the letter after the colour's initial (r->s, b->c, g->h, y->z)
These letters are safe in position codes (codec.grid_encode)."""
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence

from ..codec import grid_encode
from ..coords import names
from ..editor import Item, Setup
from ..engine import Rewards
from ..texts import Message, add
from ..view import Piece, View, grid

N = 12
CELLS = names(N, N)
INDEX = {c: i for i, c in enumerate(CELLS)}
SQUARE_RE = r"[A-La-l](?:1[0-2]|[1-9])"                                  # one square in move text
ROW = [i // N for i in range(N * N)]
COL = [i % N for i in range(N * N)]


def marked(board: bytes | bytearray, mark: bytes) -> list[int]:
    """The squares, in board order, whose piece `mark` (a bytes.translate table) maps to 1: a
    player's pieces found by a bytes search, not a loop over all 144 squares (playouts ask every ply)."""
    t = board.translate(mark)
    out = []
    i = t.find(1)
    while i >= 0:
        out.append(i)
        i = t.find(1, i + 1)
    return out


def random_step(board: Sequence[object], sources: list[int], lines: Sequence[Sequence[int]],
                rand: Callable[[], float], tries: int) -> int | None:
    """A playout's cheap move: a random piece of `sources` to a random square of its line
    (`lines[square]`), tried `tries` times until that square is empty; None if every try hit a
    piece (the caller then draws from the full move list). A move is from * N * N + to."""
    for _ in range(tries):
        frm = sources[int(rand() * len(sources))]
        line = lines[frm]
        to = line[int(rand() * len(line))]
        if not board[to]:
            return frm * N * N + to
    return None

# ---------------------------------------------------------------- fields and centres
FIELD = [(i // N // 3) * 4 + (i % N) // 3 for i in range(N * N)]        # field 0..15 of a square
FIELD_CELLS = tuple(tuple(i for i in range(N * N) if FIELD[i] == f) for f in range(16))
CENTRE_OF = tuple(cells[4] for cells in FIELD_CELLS)                      # the centre of each field
IS_CENTRE = [i in CENTRE_OF for i in range(N * N)]
CENTRES = CENTRE_OF                                                        # reading order B2, E2, ... K11

# ---------------------------------------------------------------- directions
UP, DOWN, LEFT, RIGHT = 0, 1, 2, 3
DELTAS = ((-1, 0), (1, 0), (0, -1), (0, 1))                               # (drow, dcol) per direction
TURNS = ((LEFT, RIGHT), (LEFT, RIGHT), (UP, DOWN), (UP, DOWN))            # the two 90° turns
OFF = -1


def _step(i: int, d: int) -> int:
    r, c = ROW[i] + DELTAS[d][0], COL[i] + DELTAS[d][1]
    return r * N + c if 0 <= r < N and 0 <= c < N else OFF


NEXT = tuple(tuple(_step(i, d) for i in range(N * N)) for d in range(4))   # NEXT[d][i]: neighbour or OFF


def _ray(i: int, d: int) -> tuple[int, ...]:
    out = []
    j = NEXT[d][i]
    while j != OFF:
        out.append(j)
        j = NEXT[d][j]
    return tuple(out)


RAYS = tuple(tuple(_ray(i, d) for d in range(4)) for i in range(N * N))   # RAYS[i][d]: squares beyond i

# ---------------------------------------------------------------- pieces
COLOURS = ("red", "blue", "green", "yellow")
SHAPES = ("cylinder", "triangle", "square")
CYLINDER, TRIANGLE, SQUARE = SHAPES
_TRIANGLE_CHARS = {"red": "s", "blue": "c", "green": "h", "yellow": "z"}


def char(colour: str, shape: str) -> str:
    """The board letter of a piece: char('red', 'cylinder') == 'R'."""
    if shape == CYLINDER:
        return colour[0].upper()
    if shape == SQUARE:
        return colour[0]
    return _TRIANGLE_CHARS[colour]


PIECES = {char(c, s): (c, s) for c in COLOURS for s in SHAPES}            # letter -> (colour, shape)
ALPHABET = "".join(PIECES)                                                 # for codec.grid_decode


def read_step(text: str) -> tuple[int, int] | None:
    """(from, to) of a straight move along a row or column written like 'A1-A5', or None."""
    m = re.fullmatch(rf"({SQUARE_RE})-({SQUARE_RE})", text)
    if not m:
        return None
    frm, to = INDEX[m.group(1).upper()], INDEX[m.group(2).upper()]
    return (frm, to) if frm != to and (ROW[frm] == ROW[to] or COL[frm] == COL[to]) else None


def colour_of(ch: str) -> str:
    return PIECES[ch][0]


def shape_of(ch: str) -> str:
    return PIECES[ch][1]


add({"why.box.stuck": ("No player can move: draw.", "Niemand kann ziehen: unentschieden.")})

# ---------------------------------------------------------------- drawing
def field_fill(col: int, row: int) -> str:
    """Fields alternate like a chessboard of 3x3 blocks."""
    return "field" if (row // 3 + col // 3) % 2 == 0 else "field-alt"


def board_view(mark: Callable[[int, int], str | None] | None = None) -> View:
    """The empty box board: 144 squares, alternating field fills, circled centres, the 16
    fields outlined as regions. mark(col, row) may replace the centre mark (thrones...)."""
    def centre(c: int, r: int) -> str:
        if mark is not None:
            m = mark(c, r)
            if m is not None:
                return m
        return "centre" if r % 3 == 1 and c % 3 == 1 else ""
    v = grid(N, N, fill=field_fill, mark=centre)
    v.regions.extend((fc * 3, fr * 3, 3, 3, "field") for fr in range(4) for fc in range(4))
    return v


def piece(i: int, ch: str, label: Message | None = None) -> Piece:
    """The view piece for letter ch on square index i (`label`: what the game calls it, if the
    shape does not say: Blockade's cylinder is its king)."""
    colour, shape = PIECES[ch]
    return Piece(CELLS[i], shape, colour, label=label)


def add_pieces(view: View, board: Iterable[str], labels: Mapping[str, Message] | None = None) -> None:
    """Every piece of a board (list of letters, '.' empty) onto the view, labelled per letter."""
    labels = labels or {}
    for i, ch in enumerate(board):
        if ch != ".":
            view.pieces.append(piece(i, ch, labels.get(ch)))


# ---------------------------------------------------------------- board editor
def edit_item(ch: str, mark: str = "") -> Item:
    """The editor's palette item for letter ch, drawn like piece() draws it."""
    colour, shape = PIECES[ch]
    return Item(ch, shape, colour, mark)


def setup_board(cells: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Board letters ('.' empty) as the editor's board: square -> (letter,)."""
    return {CELLS[i]: (ch,) for i, ch in enumerate(cells) if ch != "."}


def code_body(cells: Sequence[str], to_move: int, history: str) -> str:
    """A box game's position code: the board's letters, the seat to move, then `history` (the
    fields only a played game has: last move, repetition mark, quiet clock)."""
    return ";".join([grid_encode(cells, N), str(to_move), history])


def setup_body(setup: Setup, empty_history: str) -> str:
    """code_body of an editor Setup; an edited setup has no history: `empty_history` stands in."""
    return code_body([setup.board.get(c, (".",))[-1] for c in CELLS], setup.to_move,
                     setup.history or empty_history)


# ---------------------------------------------------------------- search
def side_rewards(teams: Sequence[int], score: Sequence[float], scale: float,
                 alive: Sequence[bool] | None = None) -> Rewards:
    """Rewards per seat for the search from a score per seat: each side (a seat, or a team)
    adds up its seats' scores and is compared with the best other side through
    tanh(difference / scale). A seat that is out of the game gets 0."""
    n = len(score)
    alive = alive or [True] * n
    side: dict[int, float] = {}
    for s in range(n):
        if alive[s]:
            side[teams[s]] = side.get(teams[s], 0.0) + score[s]
    out = []
    for s in range(n):
        others = [x for t, x in side.items() if t != teams[s]]
        if not alive[s]:
            out.append(0.0)
        elif not others:
            out.append(1.0)
        else:
            out.append(0.5 + 0.5 * math.tanh((side[teams[s]] - max(others)) / scale))
    return tuple(out)
