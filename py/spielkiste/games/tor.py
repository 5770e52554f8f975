"""Das Tor (Sid Sackson, sheet 002): open gates to bring all 11 pieces into play.
Our reading of the rules, every choice marked: assets/rules/tor.en.html.
2, 3 or 4 players; 4 may play as two teams.

Seats play clockwise from the bottom-left corner: Red (cylinder A12), Blue (A1), Green (L1),
Yellow (L12). Two players: Red and Green; three: Red, Blue and Green. Teams (4 players) sit
side by side: Red with Blue (the left corners) against Green with Yellow, so partners move one
after the other.

A piece moves straight along its row or column to any empty square that is not a centre,
jumping over anything. If it then shares its row with one piece and its column with another
piece of the same opposing colour (partners do not count), and the three shapes are all
different, the gate opens: the mover may bring a triangle or square from his reserve onto the
centre of the field where the piece stopped, if that centre is empty. That choice (triangle,
square or no piece) is its own move by the same seat. A player whose piece stands on a centre
of a field holding 2 or more opposing pieces must first move such a piece off its centre.

Moves are ints: a movement from*144 + to; the gate choice PLACE + centre*3 + (0 triangle,
1 square, 2 no piece). Inside, the board is a bytearray: 0 empty, else 1 + colour*3 + shape
with colours red, blue, green, yellow and shapes cylinder, triangle, square (box.py order); the
position code writes box letters."""
import random
import re

from collections.abc import Hashable, Iterable
from typing import TypeAlias

from ..codec import grid_decode, parse_int
from ..editor import Item, Setup
from ..engine import Options, Outcome, Rewards, SearchSettings, State
from ..errors import BadPosition
from ..texts import Message, add, joined, msg
from ..view import Piece, View
from . import box
from .box import CELLS, CENTRE_OF, FIELD, FIELD_CELLS, INDEX, IS_CENTRE, N, RAYS, SQUARE_RE

NN = N * N
Masks: TypeAlias = tuple[list[int], list[int]]   # shape bits per colour and row, per colour and column
PLACE = NN * NN
CYL, TRI, SQU = 0, 1, 2
SHAPES = box.SHAPES                         # cylinder, triangle, square
COLOURS = box.COLOURS                       # red, blue, green, yellow
COLOUR = (-1,) + tuple(v // 3 for v in range(12))
SHAPE = (-1,) + tuple(v % 3 for v in range(12))
BIT = (0,) + tuple(1 << (v % 3) for v in range(12))
ROW = box.ROW
COL = box.COL
LINES = len(COLOURS) * N                    # shape masks: one per colour and row (or column)
# squares a piece on i may move to when they are empty (its row and column, no centres)
LINE = tuple(tuple(j for ray in RAYS[i] for j in ray if not IS_CENTRE[j]) for i in range(NN))
# FIRE[s][row shapes][column shapes]: one row piece and one column piece give 3 different shapes
FIRE = tuple(tuple(tuple(any(rm >> a & 1 and cm >> b & 1 and len({s, a, b}) == 3
                             for a in range(3) for b in range(3))
                         for cm in range(8)) for rm in range(8)) for s in range(3))
# MARK[c] / SHAPE_BITS[c]: bytes.translate tables: 1 / the shape's bit on colour c's pieces, else 0
MARK = tuple(bytes(1 if 0 < v < 13 and COLOUR[v] == c else 0 for v in range(256)) for c in range(4))
SHAPE_BITS = tuple(bytes(BIT[v] if 0 < v < 13 and COLOUR[v] == c else 0 for v in range(256)) for c in range(4))
# the centre of each square's field, whose gate a piece stopping there may open; -1 on a centre
GATE_OF = tuple(-1 if IS_CENTRE[i] else CENTRE_OF[FIELD[i]] for i in range(NN))
START = {   # colour: cylinder, triangle, square
    "red": ("A12", "C12", "A10"), "blue": ("A1", "A3", "C1"),
    "green": ("L1", "J1", "L3"), "yellow": ("L12", "L10", "J12"),
}
SEAT_COLOURS = {2: ("red", "green"), 3: ("red", "blue", "green"), 4: ("red", "blue", "green", "yellow")}
ROTATION = {"red": 0, "blue": 270, "green": 180, "yellow": 90}   # the seat's corner at the viewer's left hand
RESERVE = (3, 5)                            # triangles, squares beside the board at the start
TOTAL = 11
GATE_CHOICES = "TSN"                        # the gate move's letter: triangle, square, no piece
NO_PIECE = 2
CHOICE = ("tor.triangle", "tor.square", "tor.no_piece")

add({
    "tor.triangle": ("Triangle", "Dreieck"),
    "tor.square": ("Square", "Viereck"),
    "tor.no_piece": ("No new piece", "Keine neue Figur"),
    "tor.reserve": ("{player}: {n}/11 in play ({t} {t:triangle|triangles}, {s} {s:square|squares} left).",
                    "{player}: {n}/11 im Spiel ({t} {t:Dreieck|Dreiecke}, {s} {s:Viereck|Vierecke} übrig)."),
    "tor.choose": ("The gate at {square} is open: {player} may bring a triangle or a square onto it, or no piece.",
                   "Das Tor auf {square} ist offen: {player} darf ein Dreieck oder ein Viereck darauf bringen "
                   "oder darauf verzichten."),
    "tor.must_leave": ("{player} must first move a piece off a centre: {squares}.",
                       "{player} muss zuerst eine Figur von einem Zentrum ziehen: {squares}."),
    "tor.gate_open": ("Gate! {square} opens for {player}.", "Tor! {square} öffnet sich für {player}."),
    "tor.gate_used": ("Gate: {player} brought a new {piece} onto {square}.",
                      "Tor: {player} hat ein neues {piece} auf {square} gebracht."),
    "tor.gate_taken": ("Gate condition met, but the centre {square} is occupied: the right lapses.",
                       "Torbedingung erfüllt, aber das Zentrum {square} ist besetzt: das Recht verfällt."),
    "tor.gate_declined": ("No new piece came onto the open gate {square}.",
                          "Auf das offene Tor {square} kam keine neue Figur."),
    "tor.gate_done": ("Gate condition met, but {player} has no reserve left.",
                      "Torbedingung erfüllt, aber {player} hat keinen Vorrat mehr."),
    "why.tor.all_in": ("{winner} has all 11 pieces in play and wins.",
                       "{winner} hat alle 11 Figuren im Spiel und gewinnt."),
    "why.tor.all_in_team": ("{winner} and {partner} have all their pieces in play and win.",
                            "{winner} und {partner} haben alle Figuren im Spiel und gewinnen."),
    "why.tor.quiet": ("No new piece in play for {rounds} rounds: draw.",
                      "{rounds} Runden ohne neue Figur im Spiel: unentschieden."),
})

add({
    "tor.illegal.no_triangle": ("no triangle is left in your reserve", "in deiner Reserve ist kein Dreieck mehr"),
    "tor.illegal.no_square": ("no square is left in your reserve", "in deiner Reserve ist kein Viereck mehr"),
    "tor.illegal.gate_first": ("first decide on the open gate {cell}: {cell}T, {cell}S or {cell}N (no piece)",
                               "entscheide zuerst über das offene Tor {cell}: {cell}T, {cell}S oder {cell}N "
                               "(keine Figur)"),
    "tor.illegal.through_gate": ("a reserve piece comes into play only through an open gate",
                                 "eine Reservefigur kommt nur durch ein offenes Tor ins Spiel"),
    "tor.illegal.centre": ("no piece may move onto a centre", "keine Figur darf auf ein Zentrum ziehen"),
    "tor.illegal.must_leave": ("you must first move a piece off a centre: {cells}",
                               "du musst zuerst eine Figur von einem Zentrum ziehen: {cells}"),
    "tor.pos.colour": ("{colour} does not play with {n} players", "{colour} spielt nicht mit {n} Spielern"),
    "tor.pos.cylinder": ("a cylinder never stands on a centre ({cell})",
                         "ein Zylinder steht nie auf einem Zentrum ({cell})"),
    "tor.pos.pieces": ("{colour} must have 1 cylinder, 1-4 triangles and 1-6 squares on the board",
                       "{colour} muss 1 Zylinder, 1-4 Dreiecke und 1-6 Vierecke auf dem Brett haben"),
    "tor.pos.centres.1": ("{colour} has more triangles on centres than came through gates",
                          "{colour} hat mehr Dreiecke auf Zentren, als durch Tore gekommen sind"),
    "tor.pos.centres.2": ("{colour} has more squares on centres than came through gates",
                          "{colour} hat mehr Vierecke auf Zentren, als durch Tore gekommen sind"),
    "tor.pos.what.last": ("the last move", "der letzte Zug"),
    "tor.pos.gate_centre": ("the open gate must be a centre", "das offene Tor muss ein Zentrum sein"),
    "tor.pos.gate_occupied": ("the open gate is occupied or the player has no reserve",
                              "das offene Tor ist besetzt oder der Spieler hat keine Reserve"),
    "tor.pos.gate_opener": ("no movement of the player to move opened this gate",
                            "kein Zug des Spielers am Zug hat dieses Tor geöffnet"),
    "tor.pos.two_winners": ("two sides have all their pieces in play", "zwei Seiten haben alle Figuren im Spiel"),
    "tor.pos.win_turn": ("{colour} has all its pieces in play: the player after it is to move, not {player}",
                         "{colour} hat alle Figuren im Spiel: am Zug ist der Spieler danach, nicht {player}"),
    "tor.pos.over_gate": ("the game is over but a gate is open", "die Partie ist beendet, aber ein Tor ist offen"),
    "tor.pos.quiet_gate": ("a gate is open, so a new piece is coming", "ein Tor ist offen, also kommt eine neue Figur"),
    "tor.pos.unreadable": ("{what} is not readable", "{what} ist nicht lesbar"),
    "tor.pos.misfit": ("{what} does not fit the board", "{what} passt nicht zum Brett"),
    "tor.pos.not_straight": ("{what} is not a straight move off the centres",
                             "{what} ist kein gerader Zug abseits der Zentren"),
})


class Tor(State):
    id = "tor"
    version = 2               # 2: partners side by side; the gate piece may be declined; no gate-move field
    player_counts = (2, 3, 4)
    team_counts = (4,)
    repetition = True
    quiet_rounds = 30         # our choice: this many rounds without a new piece draw
    quiet_reason = "why.tor.quiet"
    stuck_reason = "why.box.stuck"
    move_pattern = rf"{SQUARE_RE}-{SQUARE_RE}|{SQUARE_RE}[{GATE_CHOICES}{GATE_CHOICES.lower()}]"
    # cap 0, evaluate() at once: beat 120-ply playouts 4-0 and 4-ply ones 3-1
    search_settings = SearchSettings(cap=0)

    board: bytearray     # 0 empty, else 1 + colour*3 + shape
    reserve: list[int]   # [triangles, squares] per seat, flat: seat*2 + (0 triangle, 1 square)
    gate: int            # the open gate's centre waiting for the mover's choice, or -1

    def _setup(self, options: Options) -> None:
        self.board = bytearray(NN)
        self.reserve = []
        for colour in SEAT_COLOURS[self.num_players]:
            ci = COLOURS.index(colour)
            for shape, sq in enumerate(START[colour]):
                self.board[INDEX[sq]] = 1 + ci * 3 + shape
            self.reserve.extend(RESERVE)
        self.gate = -1
        self._cache_colours()
        self._masks()

    def _cache_colours(self) -> None:
        cols = SEAT_COLOURS[self.num_players]
        self.cidx = tuple(COLOURS.index(c) for c in cols)          # seat -> colour index
        seat_of = [-1] * 4
        for s, c in enumerate(self.cidx):
            seat_of[c] = s
        self.seat_of = tuple(seat_of)                               # colour index -> seat
        # enemy colour indices of each seat (partners are not enemies)
        self.enemies = tuple(tuple(self.cidx[o] for o in range(self.num_players)
                                   if self.teams[o] != self.teams[s]) for s in range(self.num_players))

    # ---------------------------------------------------------------- rules
    def in_play(self, seat: int) -> int:
        return TOTAL - self.reserve[2 * seat] - self.reserve[2 * seat + 1]

    def has_reserve(self, seat: int) -> bool:
        return bool(self.reserve[2 * seat] or self.reserve[2 * seat + 1])

    def done(self, seat: int) -> bool:
        """seat's side has won: all its pieces in play (a team: both partners')."""
        p = self.partner(seat)
        return self.in_play(seat) == TOTAL and (p is None or self.in_play(p) == TOTAL)

    def must_leave(self, seat: int) -> list[int]:
        """seat's pieces on centres of fields holding 2+ opposing pieces."""
        b = self.board
        c = self.cidx[seat]
        enemy = self.enemies[seat]
        out = []
        for ctr in CENTRE_OF:
            v = b[ctr]
            if v and COLOUR[v] == c:
                k = 0
                for j in FIELD_CELLS[FIELD[ctr]]:
                    w = b[j]
                    if w and COLOUR[w] in enemy:
                        k += 1
                if k >= 2:
                    out.append(ctr)
        return out

    def legal_moves(self) -> list[int]:
        if self.result is not None:
            return []
        seat = self.to_move
        if self.gate >= 0:
            base = PLACE + self.gate * 3
            return [base + k for k in (0, 1) if self.reserve[2 * seat + k]] + [base + NO_PIECE]
        forced = self.must_leave(seat)
        if forced:
            moves = self._moves_from(forced)
            if moves:
                return moves
        return self._moves_from(self.squares_of(self.cidx[seat]))

    def squares_of(self, colour: int) -> list[int]:
        """The squares of a colour's pieces, in board order."""
        return box.marked(self.board, MARK[colour])

    def _moves_from(self, squares: Iterable[int]) -> list[int]:
        b = self.board
        out = []
        for i in squares:
            base = i * NN
            for j in LINE[i]:
                if not b[j]:
                    out.append(base + j)
        return out

    def can_move(self, seat: int) -> bool:
        b = self.board
        t = b.translate(MARK[self.cidx[seat]])
        i = t.find(1)
        while i >= 0:
            for j in LINE[i]:
                if not b[j]:
                    return True
            i = t.find(1, i + 1)
        return False

    # ---------------------------------------------------------------- the gate test
    # line_masks() as kept up to date by _apply, None until first asked
    _rows: list[int] | None = None
    _cols: list[int] | None = None

    def line_masks(self) -> Masks:
        """The shapes (bits) of each colour's pieces per row and per column, indexed
        colour * N + line: what every gate test reads."""
        rows, cols = self._masks()
        return rows[:], cols[:]

    def _masks(self) -> Masks:
        """line_masks() kept by _apply (the playouts' gate tests read them every ply); do not change."""
        if self._rows is None or self._cols is None:
            rows, cols = [0] * LINES, [0] * LINES
            b = self.board
            for i in range(NN):
                v = b[i]
                if v:
                    rows[COLOUR[v] * N + ROW[i]] |= BIT[v]
                    cols[COLOUR[v] * N + COL[i]] |= BIT[v]
            self._rows, self._cols = rows, cols
        return self._rows, self._cols

    def _reread(self, colour: int, sq: int) -> None:
        """After a piece of `colour` came to or left sq: its masks of sq's row and column again."""
        if self._rows is None or self._cols is None:
            return
        b, bits = self.board, SHAPE_BITS[colour]
        r, c = ROW[sq], COL[sq]
        t = b[r * N:r * N + N].translate(bits)
        self._rows[colour * N + r] = (1 in t) | (2 in t) << 1 | (4 in t) << 2
        t = b[c::N].translate(bits)
        self._cols[colour * N + c] = (1 in t) | (2 in t) << 1 | (4 in t) << 2

    def opens(self, masks: Masks, seat: int, shape: int, sq: int) -> bool:
        """Would a piece of `seat` and `shape` standing on sq meet the gate condition: one row
        piece and one column piece of one opposing colour, three different shapes?"""
        rows, cols = masks
        fire, r, c = FIRE[shape], ROW[sq], COL[sq]
        for e in self.enemies[seat]:
            if fire[rows[e * N + r]][cols[e * N + c]]:
                return True
        return False

    def gate_moves(self, seat: int, sources: Iterable[int]) -> list[int]:
        """seat's movements from the squares `sources` that would open an empty gate: per enemy
        colour the shapes in each row and column, then for each source only the targets in its own
        row (or column) whose column (row) holds that colour."""
        b = self.board
        out = []
        all_rows, all_cols = self._masks()
        for e in self.enemies[seat]:
            rows, cols = all_rows[e * N:e * N + N], all_cols[e * N:e * N + N]
            rl = [(r * N, m) for r, m in enumerate(rows) if m]
            cl = [(c, m) for c, m in enumerate(cols) if m]
            for frm in sources:
                fire = FIRE[SHAPE[b[frm]]]
                r0, c0 = ROW[frm], COL[frm]
                rm = rows[r0]
                if rm:                          # along its row, to a column holding colour e
                    fr, base = fire[rm], r0 * N
                    for c, m in cl:
                        if fr[m] and not b[base + c]:
                            ctr = GATE_OF[base + c]
                            if ctr >= 0 and (not b[ctr] or ctr == frm):
                                out.append(frm * NN + base + c)
                cm = cols[c0]
                if cm:                          # along its column, to a row holding colour e
                    for r, m in rl:
                        if fire[m][cm] and not b[r + c0]:
                            ctr = GATE_OF[r + c0]
                            if ctr >= 0 and (not b[ctr] or ctr == frm):
                                out.append(frm * NN + r + c0)
        return out

    def opens_gate(self, masks: Masks, seat: int, frm: int, to: int) -> bool:
        """Would moving seat's piece from frm to the empty square `to` open an empty gate?"""
        ctr = CENTRE_OF[FIELD[to]]
        return (not self.board[ctr] or ctr == frm) and self.opens(masks, seat, SHAPE[self.board[frm]], to)

    def gate_witness(self, sq: int, seat: int) -> tuple[int, int] | None:
        """For a piece of `seat` on sq: (row piece, column piece) that meet the gate condition
        with it, or None (for the view)."""
        b = self.board
        fire = FIRE[SHAPE[b[sq]]]
        row, col = range(ROW[sq] * N, ROW[sq] * N + N), range(COL[sq], NN, N)
        for colour in self.enemies[seat]:
            for a in row:
                for d in col:
                    if b[a] and b[d] and COLOUR[b[a]] == COLOUR[b[d]] == colour and fire[BIT[b[a]]][BIT[b[d]]]:
                        return a, d
        return None

    def _apply(self, move: int) -> None:
        seat = self.to_move
        b = self.board
        if move >= PLACE:
            ctr, k = divmod(move - PLACE, 3)
            self.gate = -1
            if k != NO_PIECE:
                b[ctr] = 1 + self.cidx[seat] * 3 + (TRI, SQU)[k]
                self._reread(self.cidx[seat], ctr)
                self.reserve[2 * seat + k] -= 1
                if self.done(seat):
                    self.to_move = (seat + 1) % self.num_players
                    self.result = self.win(seat, "why.tor.all_in")
                    return
            self._end_turn(seat, progress=k != NO_PIECE)
            return
        frm, to = divmod(move, NN)
        b[to] = b[frm]
        b[frm] = 0
        self._reread(self.cidx[seat], frm)
        self._reread(self.cidx[seat], to)
        ctr = CENTRE_OF[FIELD[to]]
        if not b[ctr] and self.has_reserve(seat) and self.opens(self._masks(), seat, SHAPE[b[to]], to):
            self.gate = ctr             # the same seat decides on the new piece
            return
        self._end_turn(seat)

    # ---------------------------------------------------------------- search
    def key(self) -> Hashable:
        return bytes(self.board) + bytes((self.to_move, self.gate + 1))

    def winning_moves(self) -> list[int]:
        """The moves that win at once: the reserve piece that completes 11 in play (teams: with
        the partner complete). A search may try these first."""
        seat = self.to_move
        if self.result is not None or self.gate < 0 or self.in_play(seat) != TOTAL - 1:
            return []
        p = self.partner(seat)
        if p is not None and self.in_play(p) != TOTAL:
            return []
        return self.legal_moves()[:-1]

    def playout_move(self, rng: random.Random) -> int:
        """At an open gate a reserve piece at random (never the refusal); otherwise a random one of
        the movements that open an empty gate (gate_moves), else a random movement: a random piece
        (of those that must leave a centre, if any can) to a random empty square of its lines, a few
        tries before the full list. Not uniform over the movements; every one is legal."""
        seat = self.to_move
        if self.gate >= 0:
            moves = self.legal_moves()[:-1]
            return moves[int(rng.random() * len(moves))]
        b = self.board
        sources = self.must_leave(seat)
        if not (sources and self._moves_from(sources)):
            sources = self.squares_of(self.cidx[seat])
        if self.has_reserve(seat):
            gates = self.gate_moves(seat, sources)
            if gates:
                return gates[int(rng.random() * len(gates))]
        move = box.random_step(b, sources, LINE, rng.random, 8)
        if move is not None:
            return move
        moves = self._moves_from(sources)
        return moves[int(rng.random() * len(moves))]

    def gate_options(self, seat: int, masks: Masks | None = None) -> int:
        """How many movements of `seat` would open an empty gate now."""
        masks = masks or self.line_masks()
        b, c = self.board, self.cidx[seat]
        return sum(1 for i in range(NN) if b[i] and COLOUR[b[i]] == c
                   for j in LINE[i] if not b[j] and self.opens_gate(masks, seat, i, j))

    def evaluate(self) -> Rewards | None:
        """Pieces in play, plus a little for gates that are ready to open (while the reserve
        lasts), per side against the best other side. The search evaluates every new leaf with
        this at once (cap 0): in measured play that finds gates far faster than playouts."""
        masks = self.line_masks()
        score = []
        for s in range(self.num_players):
            x = float(self.in_play(s))
            if self.has_reserve(s):
                if self.gate >= 0 and s == self.to_move:
                    x += 1.0
                else:
                    x += 0.4 * min(self.gate_options(s, masks), 3) / 3
            score.append(x)
        return box.side_rewards(self.teams, score, 2.0)

    # ---------------------------------------------------------------- notation
    def move_text(self, move: int) -> str:
        if move >= PLACE:
            ctr, k = divmod(move - PLACE, 3)
            return CELLS[ctr] + GATE_CHOICES[k]
        frm, to = divmod(move, NN)
        return f"{CELLS[frm]}-{CELLS[to]}"

    def follows_up(self) -> bool:
        return self.gate >= 0 and self.result is None

    def follow_up_text(self, text: str) -> str:
        """"B2S" after the movement that opened B2: "+S B2" (T triangle, S square, N no piece)."""
        return f"+{text[-1].upper()} {text[:-1].upper()}"

    def move_input(self, move: int) -> tuple[tuple[str, ...], str | None]:
        if move >= PLACE:
            ctr, k = divmod(move - PLACE, 3)
            return (CELLS[ctr],), CHOICE[k]
        frm, to = divmod(move, NN)
        return (CELLS[frm], CELLS[to]), None

    def why_illegal(self, text: str) -> Message | None:
        s = text.strip().upper()
        seat = self.to_move
        if self.gate >= 0:
            g = CELLS[self.gate]
            if s in (g + "T", g + "S"):
                return msg("tor.illegal.no_triangle" if s[-1] == "T" else "tor.illegal.no_square")
            return msg("tor.illegal.gate_first", cell=g)
        if "-" not in s:
            return msg("tor.illegal.through_gate")
        a, _, z = s.partition("-")
        if a not in INDEX or z not in INDEX:
            return None
        frm, to = INDEX[a], INDEX[z]
        b = self.board
        if not b[frm]:
            return msg("illegal.no_piece", cell=a)
        if COLOUR[b[frm]] != self.cidx[seat]:
            return msg("illegal.not_yours", cell=a)
        if frm == to or (ROW[frm] != ROW[to] and COL[frm] != COL[to]):
            return msg("illegal.straight")
        if IS_CENTRE[to]:
            return msg("tor.illegal.centre")
        if b[to]:
            return msg("illegal.not_empty")
        forced = self.must_leave(seat)
        if forced and frm not in forced:
            return msg("tor.illegal.must_leave", cells=joined((CELLS[i] for i in forced), "or"))
        return None

    # ---------------------------------------------------------------- position code
    @classmethod
    def _upgrade(cls, version: int, options: Options, body: str) -> str:
        """Version 1 codes without teams (their partners sat opposite): the gate-move field
        they carried for the view is dropped, and at an open gate the movement that opened it
        no longer counts on the quiet clock before the turn ends."""
        fields = body.split(";")
        if version == 1 and not options.get("teams") and len(fields) in (6, 7):
            del fields[4]
            if fields[2] and len(fields) == 6 and fields[5].isdigit():
                fields[5] = str(int(fields[5]) - 1)
                if fields[5] == "0":
                    fields.pop()
            return ";".join(fields)
        return super()._upgrade(version, options, body)

    def _cells(self) -> list[str]:
        return [box.char(COLOURS[COLOUR[v]], SHAPES[SHAPE[v]]) if v else "." for v in self.board]

    def _history(self) -> str:
        """The code's fields after the seat to move: the open gate (it needs the movement that
        opened it), the last move, the repetition mark, the quiet clock."""
        return ";".join([CELLS[self.gate] if self.gate >= 0 else "",
                         self.move_text(self.last) if isinstance(self.last, int) else ""] + self._code_tail())

    def _encode_body(self) -> str:
        return box.code_body(self._cells(), self.to_move, self._history())

    def _decode_body(self, body: str, options: Options) -> None:
        (grid, seat, gate, last), drawn = self._split_code(body, 4)
        n = self.num_players
        self._cache_colours()
        cells = grid_decode(grid, N, N, box.ALPHABET)
        self.board = bytearray(NN)
        count = [[0, 0, 0] for _ in range(4)]
        for i, ch in enumerate(cells):
            if ch == ".":
                continue
            colour, shape = box.PIECES[ch]
            ci, si = COLOURS.index(colour), SHAPES.index(shape)
            if self.seat_of[ci] < 0:
                raise BadPosition("err.position", why=msg("tor.pos.colour", colour="@colour." + colour,
                                                          n=n)).at(CELLS[i])
            if si == CYL and IS_CENTRE[i]:
                raise BadPosition("err.position", why=msg("tor.pos.cylinder", cell=CELLS[i])).at(CELLS[i])
            self.board[i] = 1 + ci * 3 + si
            count[ci][si] += 1
        self.reserve = []
        for ci in self.cidx:
            cyl, tri, squ = count[ci]
            if cyl != 1 or not 1 <= tri <= 4 or not 1 <= squ <= 6:
                over = [v for v, most in ((1 + ci * 3 + CYL, 1), (1 + ci * 3 + TRI, 4), (1 + ci * 3 + SQU, 6))
                        if self.board.count(v) > most]
                raise BadPosition("err.position", why=msg("tor.pos.pieces", colour="@colour." + COLOURS[ci])).at(
                    *(CELLS[i] for i in range(NN) if self.board[i] in over))
            for kind, total in ((TRI, tri), (SQU, squ)):
                on_centres = [CELLS[c] for c in CENTRE_OF if self.board[c] == 1 + ci * 3 + kind]
                if len(on_centres) > total - 1:    # one of each came in at the start, off the centres
                    raise BadPosition("err.position", why=msg(f"tor.pos.centres.{kind}",
                                                              colour="@colour." + COLOURS[ci])).at(*on_centres)
            self.reserve.extend((4 - tri, 6 - squ))
        self.to_move = parse_int(seat, 0, n - 1, "pos.what.to_move")
        self.last = self._read_last(last) if last else None
        self.gate = self._read_gate(gate) if gate else -1
        winners = [s for s in range(n) if self.done(s)]
        if len({self.teams[s] for s in winners}) > 1:
            raise BadPosition("err.position", why=msg("tor.pos.two_winners"))
        if winners:
            if self.gate >= 0:
                raise BadPosition("err.position", why=msg("tor.pos.over_gate"))
            if (self.to_move - 1) % n not in winners:     # the winning piece ended its mover's turn
                raise BadPosition("err.position", why=msg("tor.pos.win_turn", colour=self.seat_ref(winners[0]),
                                                          player=self.seat_ref(self.to_move)))
            self.result = self.win(winners[0], "why.tor.all_in")
        elif self.gate >= 0 and self.quiet >= self.quiet_rounds * n:
            raise BadPosition("err.position", why=msg("tor.pos.quiet_gate"))
        else:
            self.result = self._code_draw(drawn)
        if self.result is None and self.gate < 0 and not self.can_move(self.to_move):
            if any(self.can_move(s) for s in range(n)):
                raise BadPosition("err.position", why=msg("pos.no_move"))
            self.result = Outcome.draw(self, self.stuck_reason)

    def _read_last(self, text: str) -> int:
        """The last move of a position code, checked against the board it led to."""
        what = "@tor.pos.what.last"
        m = re.fullmatch(rf"({SQUARE_RE})-({SQUARE_RE})|({SQUARE_RE})([{GATE_CHOICES}])", text.upper())
        if not m:
            raise BadPosition("err.position", why=msg("tor.pos.unreadable", what=what))
        if m.group(3):
            ctr, k = INDEX[m.group(3)], GATE_CHOICES.index(m.group(4))
            v = self.board[ctr]
            if not IS_CENTRE[ctr] or (v if k == NO_PIECE else SHAPE[v] != (TRI, SQU)[k]):
                raise BadPosition("err.position", why=msg("tor.pos.misfit", what=what))
            return PLACE + ctr * 3 + k
        step = box.read_step(text)
        if step is None or IS_CENTRE[step[1]]:
            raise BadPosition("err.position", why=msg("tor.pos.not_straight", what=what))
        frm, to = step
        if self.board[frm] or not self.board[to]:
            raise BadPosition("err.position", why=msg("tor.pos.misfit", what=what))
        return frm * NN + to

    def _read_gate(self, text: str) -> int:
        """The open gate of a position code: an empty centre the last movement opened for the
        player to move, who has a reserve piece left."""
        g = INDEX.get(text.upper(), -1)
        if g < 0 or not IS_CENTRE[g]:
            raise BadPosition("err.position", why=msg("tor.pos.gate_centre"))
        seat = self.to_move
        if self.board[g] or not self.has_reserve(seat):
            raise BadPosition("err.position", why=msg("tor.pos.gate_occupied"))
        to = self.last % NN if self.last is not None and self.last < PLACE else -1
        if to < 0 or CENTRE_OF[FIELD[to]] != g or COLOUR[self.board[to]] != self.cidx[seat] or \
                not self.opens(self.line_masks(), seat, SHAPE[self.board[to]], to):
            raise BadPosition("err.position", why=msg("tor.pos.gate_opener"))
        return g

    # ---------------------------------------------------------------- board editor
    def edit_items(self) -> tuple[Item, ...]:
        """Cylinder, triangle and square in every colour of this player count. The reserves are
        no field: nothing leaves the board, so a reserve is what its colour lacks on the board."""
        return tuple(box.edit_item(box.char(colour, shape)) for colour in SEAT_COLOURS[self.num_players]
                     for shape in SHAPES)

    def to_setup(self) -> Setup:
        return Setup(dict(self.options), box.setup_board(self._cells()), self.to_move, {}, self._history())

    @classmethod
    def setup_body(cls, setup: Setup) -> str:
        return box.setup_body(setup, ";;")

    # ---------------------------------------------------------------- presentation
    def seat_colour(self, seat: int) -> str:
        return SEAT_COLOURS[self.num_players][seat]

    def seat_rotation(self, seat: int) -> int:
        return ROTATION[self.seat_colour(seat)]

    def status(self) -> Message | None:
        if self.result is not None:
            return None
        player = self.seat_ref(self.to_move)
        if self.gate >= 0:
            return "tor.choose", {"player": player, "square": CELLS[self.gate]}
        forced = self.must_leave(self.to_move)
        if forced:
            return "tor.must_leave", {"player": player, "squares": ", ".join(CELLS[i] for i in forced)}
        return None

    def view(self, aids: frozenset[str] = frozenset(), selected: str | None = None) -> View:
        v = box.board_view()
        b = self.board
        for i in range(NN):
            x = b[i]
            if x:
                v.pieces.append(Piece(CELLS[i], SHAPES[SHAPE[x]], COLOURS[COLOUR[x]]))
        if isinstance(self.last, int):
            v.add_layer("last", list(self.move_input(self.last)[0]))
            self._gate_notes(v)
        if self.result is None:
            forced = self.must_leave(self.to_move) if self.gate < 0 else []
            if forced:
                v.add_layer("due", [CELLS[i] for i in forced])
            if selected in INDEX and self.gate < 0:
                i = INDEX[selected]
                if b[i]:
                    v.add_layer("reach", [CELLS[j] for j in LINE[i] if not b[j]])
            if self.gate >= 0:
                v.add_layer("reach", [CELLS[self.gate]])
        for s in range(self.num_players):
            v.notes.append(("tor.reserve", {"player": self.seat_ref(s), "n": self.in_play(s),
                                            "t": self.reserve[2 * s], "s": self.reserve[2 * s + 1]}))
        return v

    def _gate_notes(self, v: View) -> None:
        """What the last move did at a gate, read off the board (the rules keep no record of it)."""
        b = self.board
        if self.last >= PLACE:
            ctr, k = divmod(self.last - PLACE, 3)
            if k == NO_PIECE:
                v.notes.append(("tor.gate_declined", {"square": CELLS[ctr]}))
            else:
                v.add_layer("gate", [CELLS[ctr]])
                opener = self.seat_ref(self.seat_of[COLOUR[b[ctr]]])     # done: said as done, not as open now
                v.notes.append(("tor.gate_used", {"square": CELLS[ctr], "player": opener,
                                                  "piece": "@shape." + ("triangle" if k == 0 else "square")}))
            return
        to = self.last % NN
        mover = self.seat_of[COLOUR[b[to]]]
        w = self.gate_witness(to, mover)
        if w:
            ctr = CENTRE_OF[FIELD[to]]
            v.add_layer("gate", [CELLS[to], CELLS[w[0]], CELLS[w[1]], CELLS[ctr]])
            if self.gate >= 0:
                v.notes.append(("tor.gate_open", {"square": CELLS[ctr], "player": self.seat_ref(mover)}))
            elif b[ctr]:
                v.notes.append(("tor.gate_taken", {"square": CELLS[ctr]}))
            else:
                v.notes.append(("tor.gate_done", {"player": self.seat_ref(mover)}))
