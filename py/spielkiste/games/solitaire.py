"""Allein Wetteifern (Sid Sackson, sheet 002): the solitaire of the Blockade box.
Our reading of the rules, every choice marked: assets/rules/solitaire.en.html.

36 pieces (per colour 6 squares + 3 triangles) stand as a 6x6 block on D4-I9. A move jumps
one piece straight over an unbroken run of one or more pieces, none of its own colour, onto the
first empty square beyond (anywhere on the 12x12 board); every jumped piece is removed. The
game ends when no jump is possible; the rating goes by the pieces left (1 excellent, 2 good,
3 satisfactory, 4+ practise).

One seat. Moves are ints from*144 + to. The solver beside it (solitaire_solver.py) answers
"hint" and "is this still solvable?" for any position."""
import random
from collections.abc import Sequence

from ..codec import grid_decode, grid_encode, split_fields
from ..editor import Item, Setup
from ..engine import Option, Options, Outcome, Rewards, SearchSettings, State
from ..errors import BadPosition
from ..rng import Rng
from ..texts import Message, add, msg
from ..view import View
from . import box, solitaire_solver
from .box import CELLS, INDEX, N, RAYS

NN = N * N
# the standard start (colours reconstructed, see the rules page), rows 4-9 top to bottom, columns D-I;
# rows 4-5 triangles
START_ROWS = ("RBRGYG", "GYYBBR", "RBGRYG", "GYBYBR", "YRRGGB", "BGBYRY")
COLOUR = {"R": "red", "B": "blue", "G": "green", "Y": "yellow"}
BLOCK = tuple(INDEX[f"{'DEFGHI'[c]}{r + 4}"] for r in range(6) for c in range(6))   # D4..I9, reading order
COLOUR_NO = {ch: box.COLOURS.index(box.colour_of(ch)) + 1 for ch in box.ALPHABET}     # 1 red .. 4 yellow
BOX = {ch: {box.SQUARE: 6, box.TRIANGLE: 3, box.CYLINDER: 0}[box.shape_of(ch)] for ch in box.ALPHABET}  # the most


def start_board(shuffle: bool = False, seed: int = 0) -> list[str]:
    """The 144-square board of the standard start or a seeded shuffled deal."""
    letters = []
    for r, row in enumerate(START_ROWS):
        for ch in row:
            letters.append(box.char(COLOUR[ch], box.TRIANGLE if r < 2 else box.SQUARE))
    if shuffle:
        Rng(seed).shuffle(letters)
    board = ["."] * NN
    for i, ch in zip(BLOCK, letters, strict=True):
        board[i] = ch
    return board


def landings(board: Sequence[str], f: int) -> list[int]:
    """The landing square of every jump of the piece on f (the playouts ask often: no run lists)."""
    own = COLOUR_NO[board[f]]
    out = []
    for ray in RAYS[f]:
        jumped = False
        for j in ray:
            ch = board[j]
            if ch == ".":
                if jumped:
                    out.append(j)
                break
            if COLOUR_NO[ch] == own:
                break
            jumped = True
    return out


def jumps_from(board: Sequence[str], f: int) -> list[tuple[int, list[int]]]:
    """(landing square, jumped squares) for every jump of the piece on f."""
    lands = landings(board, f)
    return [(to, list(ray[:ray.index(to)])) for ray in RAYS[f] for to in lands if to in ray]


def rating(left: int) -> str:
    return "excellent" if left == 1 else "good" if left == 2 else "satisfactory" if left == 3 else "practise"


add({
    "opt.solitaire.shuffle": ("Shuffled colours (a random deal from the seed)",
                              "Gemischte Farben (zufällige Aufstellung aus der Zufallszahl)"),
    "solitaire.left": ("{n} {n:piece|pieces} left.", "Noch {n} {n:Figur|Figuren}."),
    "solitaire.one_left": ("1 piece left.", "Noch 1 Figur."),
    "aid.jumps": ("Show pieces that can jump", "Figuren zeigen, die springen können"),
    "tool.hint": ("Hint", "Tipp"),
    "tool.solvable": ("Still solvable?", "Noch lösbar?"),
    "solitaire.hint": ("Hint: {move}. From here one piece can be reached in {n} {n:move|moves}.",
                       "Tipp: {move}. Von hier ist in {n} {n:Zug|Zügen} eine Figur erreichbar."),
    "solitaire.hint_best": ("Hint: {move}. The best line found leaves {left} {left:piece|pieces}.",
                            "Tipp: {move}. Die beste gefundene Zugfolge lässt {left} {left:Figur|Figuren} übrig."),
    "solitaire.no_jump": ("No jump is possible.", "Kein Sprung ist mehr möglich."),
    "solitaire.solvable_yes": ("Yes: one piece can still be reached ({n} {n:move|moves}).",
                               "Ja: Eine Figur ist noch erreichbar ({n} {n:Zug|Züge})."),
    "solitaire.solvable_no": ("No: at best {left} {left:piece|pieces} can be left.",
                              "Nein: Bestenfalls {left:bleibt|bleiben} {left} {left:Figur|Figuren} übrig."),
    "solitaire.solvable_unknown": ("Not found out in time; the best line found leaves {left} {left:piece|pieces}.",
                                   "In der Zeit nicht herausgefunden; die beste gefundene Zugfolge lässt "
                                   "{left} {left:Figur|Figuren} übrig."),
    "why.solitaire.excellent": ("One piece left: excellent!", "Eine Figur übrig: hervorragend!"),
    "why.solitaire.good": ("Two pieces left: good.", "Zwei Figuren übrig: gut."),
    "why.solitaire.satisfactory": ("Three pieces left: satisfactory.", "Drei Figuren übrig: zufriedenstellend."),
    "why.solitaire.practise": ("{n} {n:piece|pieces} left: practise, practise!",
                               "{n} {n:Figur|Figuren} übrig: üben, üben!"),
    "solitaire.illegal.occupied": ("a piece lands on an empty square", "eine Figur landet auf einem leeren Feld"),
    "solitaire.illegal.straight": ("a piece jumps straight along a row or a column",
                                   "eine Figur springt gerade entlang einer Reihe oder Spalte"),
    "solitaire.illegal.adjacent": ("a piece must jump over at least one piece next to it",
                                   "eine Figur muss über mindestens eine benachbarte Figur springen"),
    "solitaire.illegal.unbroken": ("a jump ends on the first empty square: the jumped run must be unbroken",
                                   "ein Sprung endet auf dem ersten leeren Feld: die übersprungene Reihe "
                                   "muss lückenlos sein"),
    "solitaire.illegal.own_colour": ("a piece may not jump over a piece of its own colour",
                                     "eine Figur darf nicht über eine Figur ihrer eigenen Farbe springen"),
    "solitaire.pos.pieces": ("each colour has at most 6 squares and 3 triangles, no cylinder",
                             "jede Farbe hat höchstens 6 Vierecke und 3 Dreiecke, keinen Zylinder"),
    "solitaire.pos.empty": ("no piece on the board", "keine Figur auf dem Brett"),
    "solitaire.pos.start": ("all 36 pieces stand on the board only at the start (every jump takes pieces off)",
                            "alle 36 Figuren stehen nur zu Beginn auf dem Brett (jeder Sprung nimmt Figuren weg)"),
    "solitaire.pos.jumped": ("the pieces the last move jumped are still there",
                             "die beim letzten Zug übersprungenen Figuren stehen noch da"),
})


class Solitaire(State):
    id = "solitaire"
    takes_pieces = True
    player_counts = (1,)
    option_specs = (
        Option("shuffle", "bool", False, (), "opt.solitaire.shuffle"),
        Option("seed", "int", 0, (), "ui.option.seed"),
    )
    aids = ("jumps",)
    tools = ("hint", "solvable")
    search_settings = SearchSettings(cap=40)
    move_pattern = r"(?i)[A-L](?:1[0-2]|[1-9])-[A-L](?:1[0-2]|[1-9])"

    board: list[str]     # 144 letters, '.' empty

    def _setup(self, options: Options) -> None:
        self.board = start_board(options["shuffle"], options["seed"])

    # ---------------------------------------------------------------- rules
    def pieces(self) -> int:
        return NN - self.board.count(".")

    def legal_moves(self) -> list[int]:
        if self.result is not None:
            return []
        b = self.board
        return [f * NN + to for f in range(NN) if b[f] != "." for to in landings(b, f)]

    def playout_move(self, rng: random.Random) -> int:
        """A random piece that can jump (pieces drawn until one can), then one of its jumps at
        random: not uniform over the moves, every one legal, and no full move list."""
        b = self.board
        pieces = [f for f, ch in enumerate(b) if ch != "."]
        n = len(pieces)
        while True:
            k = rng.randrange(n)
            f = pieces[k]
            lands = landings(b, f)
            if lands:
                return f * NN + lands[rng.randrange(len(lands))]
            n -= 1
            pieces[k] = pieces[n]

    def _apply(self, move: int) -> None:
        f, to = divmod(move, NN)
        b = self.board
        d = _direction(f, to)
        j = box.NEXT[d][f]
        while j != to:
            b[j] = "."
            j = box.NEXT[d][j]
        b[to] = b[f]
        b[f] = "."
        self.result = self._end()

    def _end(self) -> Outcome | None:
        b = self.board
        for f in range(NN):
            if b[f] != "." and landings(b, f):
                return None
        left = self.pieces()
        reward = 1.0 if left == 1 else 0.8 if left == 2 else 0.6 if left == 3 else 0.5 * (36 - left) / 32
        key = rating(left)
        return Outcome((max(0.0, reward),), (0,) if left == 1 else (), "why.solitaire." + key, {"n": left})

    def evaluate(self) -> Rewards | None:
        return (0.5 * (36 - self.pieces()) / 32,)

    def run_tool(self, name: str, seconds: float) -> dict[str, object]:
        """The solver's answers for the page: 'hint' (the next move of the best line found) and
        'solvable' (can one piece still be reached?)."""
        if name not in self.tools:
            return super().run_tool(name, seconds)
        if self.result is not None or not self.legal_moves():
            return {"key": "solitaire.no_jump", "args": {}, "move": None}
        r = solitaire_solver.solve(self.board, seconds)
        if name == "hint":
            move = r.line[0] if r.line else self.move_text(self.legal_moves()[0])
            if r.best == 1:
                return {"key": "solitaire.hint", "args": {"move": move, "n": len(r.line)}, "move": move}
            return {"key": "solitaire.hint_best", "args": {"move": move, "left": r.best}, "move": move}
        if r.solvable:
            return {"key": "solitaire.solvable_yes", "args": {"n": len(r.line)}, "move": None}
        if r.solvable is False:
            return {"key": "solitaire.solvable_no", "args": {"left": r.best}, "move": None}
        return {"key": "solitaire.solvable_unknown", "args": {"left": r.best}, "move": None}

    # ---------------------------------------------------------------- notation
    def move_text(self, move: int) -> str:
        f, to = divmod(move, NN)
        return f"{CELLS[f]}-{CELLS[to]}"

    def move_input(self, move: int) -> tuple[tuple[str, ...], str | None]:
        f, to = divmod(move, NN)
        return (CELLS[f], CELLS[to]), None

    def why_illegal(self, text: str) -> Message | None:
        names = text.strip().upper().split("-")
        if len(names) != 2 or not all(name in INDEX for name in names):
            return None
        f, to = INDEX[names[0]], INDEX[names[1]]
        b = self.board
        if b[f] == ".":
            return msg("illegal.no_piece", cell=CELLS[f])
        if b[to] != ".":
            return msg("solitaire.illegal.occupied")
        if box.ROW[f] != box.ROW[to] and box.COL[f] != box.COL[to]:
            return msg("solitaire.illegal.straight")
        d = _direction(f, to)
        j, run = box.NEXT[d][f], []
        while j != to:
            run.append(j)
            j = box.NEXT[d][j]
        if not run or b[run[0]] == ".":
            return msg("solitaire.illegal.adjacent")
        if any(b[j] == "." for j in run):
            return msg("solitaire.illegal.unbroken")
        return msg("solitaire.illegal.own_colour")

    # ---------------------------------------------------------------- position code
    def _encode_body(self) -> str:
        return _body(self.board, self._last_text())

    def _last_text(self) -> str:
        return "" if self.last is None else self.move_text(self.last)

    def _decode_body(self, body: str, options: Options) -> None:
        b, last = split_fields(body, 2)
        self.board = board = grid_decode(b, N, N, box.ALPHABET)
        for ch, most in BOX.items():
            if board.count(ch) > most:
                raise BadPosition("err.position", why=msg("solitaire.pos.pieces")).at(
                    *(CELLS[i] for i in range(NN) if board[i] == ch))
        left = self.pieces()
        if left == 0:
            raise BadPosition("err.position", why=msg("solitaire.pos.empty"))
        start = start_board(options["shuffle"], options["seed"])
        if left == len(BLOCK) and board != start:
            raise BadPosition("err.position", why=msg("solitaire.pos.start")).at(
                *(CELLS[i] for i in range(NN) if board[i] != start[i]))
        self.ply = 0
        if last:
            names = last.upper().split("-")
            if len(names) != 2 or not all(name in INDEX for name in names):
                raise BadPosition("err.position", why=msg("pos.last_move"))
            f, to = INDEX[names[0]], INDEX[names[1]]
            if board[to] == "." or board[f] != "." or \
                    (box.ROW[f] != box.ROW[to] and box.COL[f] != box.COL[to]) or abs(f - to) in (1, N):
                raise BadPosition("err.position", why=msg("pos.last_move"))
            d = _direction(f, to)
            j = box.NEXT[d][f]
            while j != to:
                if board[j] != ".":
                    raise BadPosition("err.position", why=msg("solitaire.pos.jumped"))
                j = box.NEXT[d][j]
            self.last = f * NN + to
        self.result = self._end()

    # ---------------------------------------------------------------- board editor
    def edit_items(self) -> tuple[Item, ...]:
        """The squares and triangles of the four colours (the solitaire uses no cylinders)."""
        return tuple(box.edit_item(box.char(colour, shape)) for colour in box.COLOURS
                     for shape in (box.SQUARE, box.TRIANGLE))

    def to_setup(self) -> Setup:
        return Setup(dict(self.options), box.setup_board(self.board), 0, {}, self._last_text())

    @classmethod
    def setup_body(cls, setup: Setup) -> str:
        return _body([setup.board.get(c, (".",))[-1] for c in CELLS], setup.history)

    # ---------------------------------------------------------------- presentation
    def seat_colour(self, seat: int) -> str:
        return "player"

    def seat_rotation(self, seat: int) -> int:
        return 0

    def status(self) -> Message | None:
        n = self.pieces()
        return ("solitaire.one_left", {}) if n == 1 else ("solitaire.left", {"n": n})

    def view(self, aids: frozenset[str] = frozenset(), selected: str | None = None) -> View:
        v = box.board_view()
        box.add_pieces(v, self.board)
        if self.last is not None:
            f, to = divmod(self.last, NN)
            v.add_layer("last", [CELLS[f], CELLS[to]])
            d = _direction(f, to)
            j, gone = box.NEXT[d][f], []
            while j != to:
                gone.append(CELLS[j])
                j = box.NEXT[d][j]
            v.add_layer("captured", gone)
        if self.result is not None:
            return v
        b = self.board
        if "jumps" in aids:
            v.add_layer("due", [CELLS[f] for f in range(NN) if b[f] != "." and jumps_from(b, f)])
        i = INDEX.get(selected or "")
        if i is not None and b[i] != ".":
            jumps = jumps_from(b, i)
            v.add_layer("reach", [CELLS[to] for to, _ in jumps])
            v.add_layer("capture", [CELLS[j] for _, run in jumps for j in run])
        return v


def _body(board: Sequence[str], last: str) -> str:
    """A position code body: the board, the last move."""
    return ";".join([grid_encode(board, N), last])


def _direction(f: int, to: int) -> int:
    if box.ROW[f] == box.ROW[to]:
        return box.RIGHT if to > f else box.LEFT
    return box.DOWN if to > f else box.UP
