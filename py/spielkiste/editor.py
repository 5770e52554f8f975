"""The board editor's model, one for every game: what stands on each square, whose turn it is,
and a game's few extra fields (a reserve count, a phase).

A game tells the editor three things: edit_items() (its palette), to_setup() (a position as a
Setup) and setup_body() (a Setup as the body of a position code). Whether a setup is a position
at all is decided by the game's own position-code reader, so an edited position, a pasted code
and a link get the same checks and the same messages; a BadPosition may name the squares at
fault (`cells`), which the editor marks. The editor draws the game's empty board with the
palette's pieces on it, so a setup is drawn whether or not it is legal yet."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from .engine import Options, State
from .errors import BadPosition
from .texts import Message, msg
from .view import Piece, View


@dataclass(frozen=True)
class Item:
    """A thing of the palette: drawn like the game draws it, placed on a square."""
    key: str                   # the game's own name for it (often its letter in the position code)
    shape: str
    colour: str
    mark: str = ""
    label: Message | None = None  # a message naming it, when colour and shape do not
    stacks: bool = False        # goes on top of what stands there (a block) instead of replacing it

    def piece(self, cell: str, level: int = 0) -> Piece:
        return Piece(cell, self.shape, self.colour, level, self.mark, self.label)


@dataclass(frozen=True)
class Field:
    """A number the editor shows as an input: a reserve, a count of pieces still to place."""
    key: str
    label: str                 # text key
    lo: int
    hi: int


@dataclass
class Setup:
    """A position as the editor holds it; it may be impossible (the game's reader says why).

    board: square -> stack of item keys, bottom first (one key for most games).
    history: what only a played game has (its last move, the repetition mark, the quiet clock),
    in the game's own words; kept while the board is untouched, dropped on the first edit."""
    options: Options
    board: dict[str, tuple[str, ...]]
    to_move: int = 0
    fields: dict[str, int] = field(default_factory=dict)
    history: str = ""


class Editor:
    """Edits a Setup of one game: place, remove, move, clear, start position, side to move,
    fields and options; `check()` gives the position or the BadPosition that says what is wrong."""

    def __init__(self, game: type[State], setup: Setup):
        self.game = game
        self.setup = setup
        self._blank = game.new(setup.options)
        self.items = {i.key: i for i in self._blank.edit_items()}
        self.fields = self._blank.edit_fields()
        v = self._blank.view()         # the board with nothing on it: the same for every setup of these options
        self._empty = View(v.width, v.height, v.cells, [], {}, [], v.regions, v.files, v.ranks, [])
        self._cells = [c.id for c in v.cells]

    @classmethod
    def of(cls, state: State) -> "Editor":
        return cls(type(state), state.to_setup())

    # ------------------------------------------------------------------ edits
    def _edited(self) -> None:
        self.setup.history = ""

    def place(self, cell: str, key: str) -> None:
        """Put item `key` on `cell`. It goes on top where the square is empty or its top stacks (a
        block, a piece onto blocks); otherwise it replaces the top piece, and the same piece again
        takes it off (a second click undoes the first)."""
        self._check_cell(cell)
        item = self.items[key]
        stack = self.setup.board.get(cell, ())
        top = self.items.get(stack[-1]) if stack else None
        if item.stacks or top is None or top.stacks:
            self._set(cell, stack + (key,))
        elif stack[-1] == key:
            self._set(cell, stack[:-1])
        else:
            self._set(cell, stack[:-1] + (key,))

    def remove(self, cell: str) -> None:
        """Take the top item off `cell`."""
        self._check_cell(cell)
        self._set(cell, self.setup.board.get(cell, ())[:-1])

    def move(self, src: str, dst: str) -> None:
        """Move the top item of `src` onto `dst` (by the rules of place)."""
        stack = self.setup.board.get(src, ())
        if not stack or src == dst:
            return
        self.remove(src)
        dst_stack = self.setup.board.get(dst, ())
        if self.items[stack[-1]].stacks or dst_stack[-1:] != stack[-1:]:
            self.place(dst, stack[-1])

    def clear(self) -> None:
        self.setup.board = {}
        self._edited()

    def start_position(self) -> None:
        self.setup = self.game.new(self.setup.options).to_setup()

    def set_to_move(self, seat: int) -> None:
        if 0 <= seat < self._blank.num_players:
            self.setup.to_move = seat
            self._edited()

    def set_field(self, key: str, value: int) -> None:
        spec = next(f for f in self.fields if f.key == key)
        self.setup.fields[key] = max(spec.lo, min(spec.hi, value))
        self._edited()

    def set_options(self, raw: Mapping[str, object]) -> None:
        """New options (BadOption if wrong): the board stays while the number of players is the
        same and every piece on it is still in the palette (a tile turned, a rule switched, teams
        of two or none), else the editor starts from the new options' start position (a player more
        or fewer)."""
        options = self.game.normalize_options(raw)
        old = self.setup
        fresh = Editor(self.game, self.game.new(options).to_setup())
        if fresh._blank.num_players == self._blank.num_players and \
                all(k in fresh.items for stack in old.board.values() for k in stack):
            fresh.setup = replace(old, options=options, history="",
                                  to_move=min(old.to_move, fresh._blank.num_players - 1),
                                  fields={**fresh.setup.fields, **old.fields})
        self.__dict__.update(fresh.__dict__)

    def _set(self, cell: str, stack: tuple[str, ...]) -> None:
        board = dict(self.setup.board)
        if stack:
            board[cell] = stack
        else:
            board.pop(cell, None)
        self.setup.board = board
        self._edited()

    def _check_cell(self, cell: str) -> None:
        if cell not in self._cells:
            raise BadPosition("err.position", why=msg("pos.no_square", cell=cell))

    # ------------------------------------------------------------------ reading
    def seat_colours(self, state: State | None = None) -> list[str]:
        """The colour key of each seat, for the side-to-move choice: as the position has them
        (Snorkels after a pie swap), else as the game starts. `state`: check()'s answer, if the
        caller has it already."""
        if state is None:
            try:
                state = self.check()
            except BadPosition:
                state = self._blank
        return [state.seat_colour(s) for s in range(self._blank.num_players)]

    def cells(self) -> list[str]:
        return list(self._cells)

    def code(self) -> str:
        """The position code of the setup (not checked: check() reads it). The setup's options are
        always the editor's (set_options makes a new editor), so the blank position writes them."""
        return f"{self.game.version}:{self._blank._options_code()}:{self.game.setup_body(self.setup)}"

    def check(self) -> State:
        """The position, read by the game's own reader; BadPosition (with `cells`) if it is none."""
        return self.game.decode(self.code())

    def view(self, bad: tuple[str, ...] = ()) -> View:
        """The setup drawn: the empty board, the palette's pieces, the squares at fault marked."""
        e = self._empty
        v = View(e.width, e.height, e.cells, [], {}, [], e.regions, e.files, e.ranks, [])
        for cell, stack in self.setup.board.items():
            for level, key in enumerate(stack):
                v.pieces.append(self.items[key].piece(cell, level))
        if bad:
            v.add_layer("bad", list(bad))
        return v
