"""Aufstellen (Sid Sackson, sheet 002): four in a line on the 16 centres.
Our reading of the rules, every choice marked: assets/rules/aufstellen.en.html.

Only the 16 centres of the box board are used (a 4x4 grid: rows 2/5/8/11, columns B/E/H/K);
the board is drawn whole, but only centres take part. Seat 0 (Red, player A) and seat 1 (Blue,
player B) each have 2 squares, 2 triangles and 1 cylinder. The first 12 turns follow a fixed
order of placements with a cylinder move in A's fifth and B's sixth turn; then the piece type due
cycles square, triangle, cylinder over the alternating players. Four own pieces in a row,
column or long diagonal win at once; a player whose due piece type cannot move loses.

`step` counts the turns: 0-11 the opening order, then 12-17 the cycle (17 wraps to 12). The
seat to move is step % 2 throughout. Moves are ints: a placement is the centre index k (0-15,
reading order), a movement 16 + from*16 + to."""
import random
from collections.abc import Hashable

from ..codec import grid_decode, grid_encode, parse_int
from ..editor import Field, Item, Setup
from ..engine import Options, Outcome, Rewards, SearchSettings, State
from ..errors import BadPosition
from ..texts import Message, add, msg
from ..view import View
from . import box

CENTRE_CELLS = tuple(box.CELLS[i] for i in box.CENTRES)       # B2 E2 H2 K2 B5 ... K11
K_OF = {c: k for k, c in enumerate(CENTRE_CELLS)}
MOVE = 16
SQUARE, TRIANGLE, CYLINDER = "square", "triangle", "cylinder"
LETTER = ({SQUARE: "r", TRIANGLE: "s", CYLINDER: "R"},          # seat 0: red
          {SQUARE: "b", TRIANGLE: "c", CYLINDER: "B"})          # seat 1: blue
TYPE_OF = {ch: t for seat in LETTER for t, ch in seat.items()}
SEAT_OF = {ch: s for s in (0, 1) for ch in LETTER[s].values()}
PLACE, SHIFT = "place", "move"
# the opening order (seat = step % 2): A square, B triangle, A cylinder, B square, A triangle,
# B cylinder, A square, B triangle, A moves the cylinder, B square, A triangle, B moves the cylinder
OPENING = ((PLACE, SQUARE), (PLACE, TRIANGLE), (PLACE, CYLINDER), (PLACE, SQUARE), (PLACE, TRIANGLE),
           (PLACE, CYLINDER), (PLACE, SQUARE), (PLACE, TRIANGLE), (SHIFT, CYLINDER), (PLACE, SQUARE),
           (PLACE, TRIANGLE), (SHIFT, CYLINDER))
CYCLE = (SQUARE, TRIANGLE, CYLINDER)


def due(step: int) -> tuple[str, str]:
    """(place or move, piece type) due at a step."""
    return OPENING[step] if step < 12 else (SHIFT, CYCLE[(step - 12) % 3])


def _centres(text: str) -> list[int] | None:
    """The centre indices of a move's squares ('E5' or 'E5-H5'), None if one is no centre."""
    found = [K_OF.get(p) for p in text.split("-")]
    return [k for k in found if k is not None] if None not in found else None


def next_step(step: int) -> int:
    return step + 1 if step < 17 else 12


def _neighbours(diagonal: bool) -> tuple[tuple[int, ...], ...]:
    out = []
    for k in range(16):
        r, c = divmod(k, 4)
        out.append(tuple((r + dr) * 4 + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                         if (dr or dc) and (diagonal or not (dr and dc))
                         and 0 <= r + dr < 4 and 0 <= c + dc < 4))
    return tuple(out)


ORTH = _neighbours(False)
ALL8 = _neighbours(True)
LINES = tuple([tuple(r * 4 + c for c in range(4)) for r in range(4)]
              + [tuple(r * 4 + c for r in range(4)) for c in range(4)]
              + [(0, 5, 10, 15), (3, 6, 9, 12)])
LINES_AT = tuple(tuple(ln for ln in LINES if k in ln) for k in range(16))
SEAT_CHARS = tuple("".join(LETTER[s].values()) for s in (0, 1))      # a seat's letters

add({
    "aufstellen.place.square": ("{player}: place a square.", "{player}: ein Viereck setzen."),
    "aufstellen.place.triangle": ("{player}: place a triangle.", "{player}: ein Dreieck setzen."),
    "aufstellen.place.cylinder": ("{player}: place the cylinder.", "{player}: den Zylinder setzen."),
    "aufstellen.move.square": ("{player}: move a square.", "{player}: ein Viereck ziehen."),
    "aufstellen.move.triangle": ("{player}: move a triangle.", "{player}: ein Dreieck ziehen."),
    "aufstellen.move.cylinder": ("{player}: move the cylinder.", "{player}: den Zylinder ziehen."),
    "aufstellen.next": ("Then: {next}.", "Danach: {next}."),
    "aufstellen.centres": ("Only the 16 circled centres are used.", "Gespielt wird nur auf den 16 Zentren."),
    "why.aufstellen.line": ("Four in a line: {winner} wins.", "Vier in einer Linie: {winner} gewinnt."),
    "why.aufstellen.stuck": ("{player} must move {piece} and cannot: {winner} wins.",
                             "{player} muss mit {piece} ziehen und kann es nicht: {winner} gewinnt."),
    "aufstellen.piece.square": ("a square", "einem Viereck"),          # each player has one cylinder
    "aufstellen.piece.triangle": ("a triangle", "einem Dreieck"),
    "aufstellen.piece.cylinder": ("the cylinder", "dem Zylinder"),
    "aufstellen.illegal.placed.square": ("now a square is placed, not moved",
                                         "jetzt wird ein Viereck gesetzt, nicht gezogen"),
    "aufstellen.illegal.placed.triangle": ("now a triangle is placed, not moved",
                                           "jetzt wird ein Dreieck gesetzt, nicht gezogen"),
    "aufstellen.illegal.placed.cylinder": ("now the cylinder is placed, not moved",
                                           "jetzt wird der Zylinder gesetzt, nicht gezogen"),
    "aufstellen.illegal.moved.square": ("now a square moves; all squares are placed",
                                        "jetzt zieht ein Viereck; alle Vierecke sind gesetzt"),
    "aufstellen.illegal.moved.triangle": ("now a triangle moves; all triangles are placed",
                                          "jetzt zieht ein Dreieck; alle Dreiecke sind gesetzt"),
    "aufstellen.illegal.moved.cylinder": ("now the cylinder moves; it is placed already",
                                          "jetzt zieht der Zylinder; er ist schon gesetzt"),
    "aufstellen.illegal.due.square": ("a square is due: move one of your squares",
                                      "ein Viereck ist dran: ziehe eines deiner Vierecke"),
    "aufstellen.illegal.due.triangle": ("a triangle is due: move one of your triangles",
                                        "ein Dreieck ist dran: ziehe eines deiner Dreiecke"),
    "aufstellen.illegal.due.cylinder": ("the cylinder is due: move your cylinder",
                                        "der Zylinder ist dran: ziehe deinen Zylinder"),
    "aufstellen.illegal.reach.square": ("a square moves to an orthogonally neighbouring centre",
                                        "ein Viereck zieht auf ein waagerecht oder senkrecht benachbartes Zentrum"),
    "aufstellen.illegal.reach.triangle": ("a triangle moves to an orthogonally neighbouring centre",
                                          "ein Dreieck zieht auf ein waagerecht oder senkrecht benachbartes Zentrum"),
    "aufstellen.illegal.reach.cylinder": ("the cylinder moves to one of the 8 neighbouring centres",
                                          "der Zylinder zieht auf eines der 8 benachbarten Zentren"),
    "aufstellen.illegal.taken": ("that centre is taken", "dieses Zentrum ist besetzt"),
    "aufstellen.pos.what.step": ("the step", "der Schritt"),
    "aufstellen.pos.count.square": ("at this turn {player} has {want} {want:square|squares} on the board, not {found}",
                                    "zu diesem Zug hat {player} {want} {want:Viereck|Vierecke} auf dem Brett, "
                                    "nicht {found}"),
    "aufstellen.pos.count.triangle": ("at this turn {player} has {want} {want:triangle|triangles} on the board, "
                                      "not {found}",
                                      "zu diesem Zug hat {player} {want} {want:Dreieck|Dreiecke} auf dem Brett, "
                                      "nicht {found}"),
    "aufstellen.pos.count.cylinder": ("at this turn {player} has {want} {want:cylinder|cylinders} on the board, "
                                      "not {found}",
                                      "zu diesem Zug hat {player} {want} Zylinder auf dem Brett, nicht {found}"),
    "aufstellen.pos.centres": ("pieces stand only on the 16 circled centres",
                               "Figuren stehen nur auf den 16 Zentren (den Kreisen)"),
    "aufstellen.edit.turn": ("Turn of the player to move (1-6: the opening, 7-9: the cycle, which repeats)",
                             "Zug des Spielers am Zug (1–6: Eröffnung, 7–9: Kreislauf, der sich wiederholt)"),
    "aufstellen.pos.line": ("the player to move has four in a line already",
                            "der Spieler am Zug hat schon vier in einer Linie"),
    "aufstellen.pos.two_lines": ("two lines of four", "zwei Linien aus vier"),
})


class Aufstellen(State):
    id = "aufstellen"
    move_shapes_reply = True
    version = 2                      # 2: the code ends with the repetition mark (shared, engine.py)
    repetition = True
    search_settings = SearchSettings(cap=120)
    move_pattern = r"(?i)[BEHK](?:2|5|8|11)(?:-[BEHK](?:2|5|8|11))?"

    board: list[str]     # 16 letters, reading order of the centres
    step: int            # 0-11 opening, 12-17 cycle

    def _setup(self, options: Options) -> None:
        self.board = ["."] * 16
        self.step = 0

    # ---------------------------------------------------------------- rules
    def due(self) -> tuple[str, str]:
        return due(self.step)

    def movable(self, seat: int | None = None, kind: str | None = None) -> list[int]:
        """Squares (centre indices) of the pieces of the type due that can move."""
        seat = self.to_move if seat is None else seat
        kind = kind or self.due()[1]
        ch = LETTER[seat][kind]
        nb = ALL8 if kind == CYLINDER else ORTH
        b = self.board
        return [k for k in range(16) if b[k] == ch and any(b[n] == "." for n in nb[k])]

    def legal_moves(self) -> list[int]:
        if self.result is not None:
            return []
        b = self.board
        action, kind = self.due()
        if action == PLACE:
            return [k for k in range(16) if b[k] == "."]
        ch = LETTER[self.to_move][kind]
        nb = ALL8 if kind == CYLINDER else ORTH
        return [MOVE + k * 16 + n for k in range(16) if b[k] == ch for n in nb[k] if b[n] == "."]

    def winning_moves(self) -> list[int]:
        """The moves that win at once, without playing them (the search's hook): four in a line
        through the square reached (a piece moved out of that line does not count), or the
        opponent's due piece type left with no free neighbour (the square reached fills one; the
        square left frees its neighbours)."""
        if self.result is not None:
            return []
        b = self.board
        mine = SEAT_CHARS[self.to_move]
        action, kind = due(next_step(self.step))       # the opponent's, next
        their = LETTER[1 - self.to_move][kind]
        nb = ALL8 if kind == CYLINDER else ORTH
        pieces = [(nb[k], [n for n in nb[k] if b[n] == "."]) for k in range(16) if b[k] == their] \
            if action == SHIFT else None
        out = []
        for m in self.legal_moves():
            f, t = divmod(m - MOVE, 16) if m >= MOVE else (-1, m)
            if any(all(j == t or (j != f and b[j] in mine) for j in ln) for ln in LINES_AT[t]) or (
                    pieces is not None and all(f not in around and all(n == t for n in free)
                                               for around, free in pieces)):
                out.append(m)
        return out

    def playout_move(self, rng: random.Random) -> int:
        """Random, except that a move completing four in a line is always taken, and a placement
        onto the open square of the opponent's three is preferred (cheap foresight for the search)."""
        b = self.board
        seat = self.to_move
        action, kind = self.due()
        mine = LETTER[seat]
        due_ch = mine[kind]
        theirs = SEAT_CHARS[1 - seat]
        block = -1
        for ln in LINES:
            empty = -1
            own = other = 0
            for j in ln:
                ch = b[j]
                if ch == ".":
                    empty = j
                elif ch in theirs:
                    other += 1
                else:
                    own += 1
            if empty < 0:
                continue
            if own == 3:
                if action == PLACE:
                    return empty
                for n in (ALL8 if kind == CYLINDER else ORTH)[empty]:
                    if b[n] == due_ch and n not in ln:
                        return MOVE + n * 16 + empty
            elif other == 3 and action == PLACE:
                block = empty
        if block >= 0:
            return block
        if action == PLACE:
            while True:
                k = rng.randrange(16)
                if b[k] == ".":
                    return k
        moves = self.legal_moves()
        return moves[rng.randrange(len(moves))]

    def _apply(self, move: int) -> None:
        seat = self.to_move
        b = self.board
        action, kind = self.due()
        if move < MOVE:
            b[move] = LETTER[seat][kind]
            dest = move
        else:
            f, dest = divmod(move - MOVE, 16)
            b[dest] = b[f]
            b[f] = "."
        self.step = next_step(self.step)
        self.to_move = 1 - seat
        line = self._line_through(dest, seat)
        if line:
            self.result = Outcome.win(self, seat, "why.aufstellen.line", line=[CENTRE_CELLS[k] for k in line],
                                      winner=self.seat_ref(seat))
        else:
            self.result = self._stuck()

    def _line_through(self, k: int, seat: int) -> tuple[int, ...] | None:
        b = self.board
        mine = SEAT_CHARS[seat]
        for ln in LINES_AT[k]:
            w, x, y, z = ln
            if b[w] in mine and b[x] in mine and b[y] in mine and b[z] in mine:
                return ln
        return None

    def _stuck(self) -> Outcome | None:
        """The loss of the player to move whose due piece type cannot move."""
        action, kind = self.due()
        if action == SHIFT and not self.movable():
            seat = self.to_move
            return Outcome.win(self, 1 - seat, "why.aufstellen.stuck", player=self.seat_ref(seat),
                               piece="@aufstellen.piece." + kind, winner=self.seat_ref(1 - seat))
        return None

    def key(self) -> Hashable:
        return "".join(self.board) + str(self.step)

    def evaluate(self) -> Rewards | None:
        """Open lines: a line with only own pieces counts by how full it is."""
        b = self.board
        score = [0.0, 0.0]
        for ln in LINES:
            owners = {SEAT_OF[b[j]] for j in ln if b[j] != "."}
            if len(owners) == 1:
                s = owners.pop()
                n = sum(1 for j in ln if b[j] != ".")
                score[s] += (0, 0.05, 0.2, 0.6)[n] if n < 4 else 1.0
        d = max(-0.4, min(0.4, (score[0] - score[1]) / 3))
        return (0.5 + d, 0.5 - d)

    # ---------------------------------------------------------------- notation
    def move_text(self, move: int) -> str:
        if move < MOVE:
            return CENTRE_CELLS[move]
        f, t = divmod(move - MOVE, 16)
        return f"{CENTRE_CELLS[f]}-{CENTRE_CELLS[t]}"

    def move_input(self, move: int) -> tuple[tuple[str, ...], str | None]:
        if move < MOVE:
            return (CENTRE_CELLS[move],), None
        return tuple(CENTRE_CELLS[k] for k in divmod(move - MOVE, 16)), None

    def why_illegal(self, text: str) -> Message | None:
        action, kind = self.due()
        parts = _centres(text.strip().upper())
        if parts is None:
            return None
        if action == PLACE and len(parts) == 2:
            return msg("aufstellen.illegal.placed." + kind)
        if action == SHIFT and len(parts) == 1:
            return msg("aufstellen.illegal.moved." + kind)
        if len(parts) == 1:
            return msg("aufstellen.illegal.taken")
        f, t = parts
        if self.board[f] != LETTER[self.to_move][kind]:
            return msg("aufstellen.illegal.due." + kind)
        if t not in (ALL8 if kind == CYLINDER else ORTH)[f]:
            return msg("aufstellen.illegal.reach." + kind)
        return msg("aufstellen.illegal.taken")

    # ---------------------------------------------------------------- position code
    def _encode_body(self) -> str:
        return f"{grid_encode(self.board, 4)};{self.step};{self._history()}"

    def _history(self) -> str:
        """The last move and the repetition mark: what only a played game has."""
        return ";".join([self._last_text()] + self._code_tail())

    def _last_text(self) -> str:
        m = self.last
        if m is None:
            return ""
        return self.move_text(m)

    @classmethod
    def _upgrade(cls, version: int, options: Options, body: str) -> str:
        """Version 1 had no repetition mark (a repetition draw reopened as a game going on)."""
        return body + ";" if version == 1 else super()._upgrade(version, options, body)

    def _decode_body(self, body: str, options: Options) -> None:
        (b, step, last), drawn = self._split_code(body, 3)
        self.board = board = _read_board(b)
        self.step = parse_int(step, 0, 17, "aufstellen.pos.what.step")
        self.to_move = self.step % 2
        self.ply = self.step
        want = {ch: 0 for ch in TYPE_OF}
        for s in range(min(self.step, 12)):
            action, kind = OPENING[s]
            if action == PLACE:
                want[LETTER[s % 2][kind]] += 1
        if self.step >= 12:
            want = {ch: 1 if TYPE_OF[ch] == CYLINDER else 2 for ch in TYPE_OF}
        for ch, n in want.items():
            found = board.count(ch)
            if found != n:
                why = msg("aufstellen.pos.count." + TYPE_OF[ch], player=self.seat_ref(SEAT_OF[ch]), want=n, found=found)
                raise BadPosition("err.position", why=why).at(
                    *(CENTRE_CELLS[k] for k in range(16) if board[k] == ch and found > n))
        if last:
            ks = _centres(last.upper())
            mover = 1 - self.to_move
            prev_kinds = {due(11 if self.step == 12 else self.step - 1)[1]} if self.step else set()  # 11, 17: cylinder
            if ks is None or len(ks) > 2 or not self.step or board[ks[-1]] == "." or \
                    SEAT_OF[board[ks[-1]]] != mover or TYPE_OF[board[ks[-1]]] not in prev_kinds or \
                    (len(ks) == 2 and (board[ks[0]] != "." or ks[1] not in ALL8[ks[0]])):
                raise BadPosition("err.position", why=msg("pos.last_move"))
            self.last = ks[0] if len(ks) == 1 else MOVE + ks[0] * 16 + ks[1]
        for seat in (self.to_move, 1 - self.to_move):
            for ln in LINES:
                if all(board[j] != "." and SEAT_OF[board[j]] == seat for j in ln):
                    cells = [CENTRE_CELLS[k] for k in ln]
                    if seat == self.to_move:
                        raise BadPosition("err.position", why=msg("aufstellen.pos.line")).at(*cells)
                    if self.result is not None:
                        raise BadPosition("err.position", why=msg("aufstellen.pos.two_lines")).at(
                            *self.result.line, *cells)
                    self.result = Outcome.win(self, seat, "why.aufstellen.line",
                                              line=[CENTRE_CELLS[k] for k in ln], winner=self.seat_ref(seat))
        if self.result is None:
            self.result = self._stuck() or self._code_draw(drawn)

    # ---------------------------------------------------------------- board editor
    def edit_items(self) -> tuple[Item, ...]:
        return tuple(box.edit_item(ch) for seat in LETTER for ch in seat.values())

    def edit_fields(self) -> tuple[Field, ...]:
        """The turn of the player to move: with the side to move it gives the step (2 per turn)."""
        return (Field("turn", "aufstellen.edit.turn", 1, 9),)

    def to_setup(self) -> Setup:
        history = self._history()
        board: dict[str, tuple[str, ...]] = {CENTRE_CELLS[k]: (ch,) for k, ch in enumerate(self.board) if ch != "."}
        return Setup(dict(self.options), board, self.to_move, {"turn": self.step // 2 + 1},
                     history if history.strip(";") else "")

    @classmethod
    def setup_body(cls, setup: Setup) -> str:
        """The 16 centres; the whole box board where a piece stands off them (the reader says no)."""
        cells = [setup.board.get(c, (".",))[-1] for c in box.CELLS]
        if all(ch == "." or box.IS_CENTRE[i] for i, ch in enumerate(cells)):
            board = grid_encode([cells[i] for i in box.CENTRES], 4)
        else:
            board = grid_encode(cells, box.N)
        step = 2 * (setup.fields.get("turn", 1) - 1) + setup.to_move
        return f"{board};{step};{setup.history or ';'}"

    # ---------------------------------------------------------------- presentation
    def seat_colour(self, seat: int) -> str:
        return ("red", "blue")[seat]

    def seat_rotation(self, seat: int) -> int:
        return 0

    def status(self) -> Message | None:
        if self.result is not None:
            return None
        action, kind = self.due()
        return f"aufstellen.{action}.{kind}", {"player": self.seat_ref(self.to_move)}

    def view(self, aids: frozenset[str] = frozenset(), selected: str | None = None) -> View:
        v = box.board_view()
        for k, ch in enumerate(self.board):
            if ch != ".":
                v.pieces.append(box.piece(box.CENTRES[k], ch))
        v.notes.append(("aufstellen.centres", {}))
        m = self.last
        if m is not None:
            v.add_layer("last", [CENTRE_CELLS[m]] if m < MOVE else [CENTRE_CELLS[k] for k in divmod(m - MOVE, 16)])
        if self.result is not None:
            if self.result.reason == "why.aufstellen.line":
                v.lines.append(("win", list(self.result.line)))
                v.add_layer("line", self.result.line)
            return v
        action, kind = self.due()
        if action == SHIFT:
            v.add_layer("due", [CENTRE_CELLS[k] for k in self.movable()])
            picked = K_OF.get(selected or "")
            if picked is not None:
                v.add_layer("reach", [CENTRE_CELLS[(mv - MOVE) % 16] for mv in self.legal_moves()
                                      if (mv - MOVE) // 16 == picked])
        return v


def _read_board(text: str) -> list[str]:
    """The 16 centres of a code: 4 rows of centres, or the whole box board of 12 rows (the
    editor writes it when a piece stands off the centres), where only the centres may hold pieces."""
    if text.count("/") != box.N - 1:
        return grid_decode(text, 4, 4, "".join(TYPE_OF))
    full = grid_decode(text, box.N, box.N, "".join(TYPE_OF))
    off = [box.CELLS[i] for i, ch in enumerate(full) if ch != "." and not box.IS_CENTRE[i]]
    if off:
        raise BadPosition("err.position", why=msg("aufstellen.pos.centres")).at(*off)
    return [full[i] for i in box.CENTRES]
