"""Das Tor (Sid Sackson, sheet 002): open gates to bring all 11 pieces into play.
Our reading of the rules, every choice marked: assets/rules/tor.en.html.
2, 3 or 4 players; 4 may play as two teams.

Seats play clockwise from the bottom-left corner: Red (cylinder A12), Blue (A1), Green (L1),
Yellow (L12). Two players: Red and Green; three: Red, Blue and Green. Teams (4 players): seats
0+2 (Red, Green) against 1+3 (Blue, Yellow), so the turn alternates between the teams.

A piece moves straight along its row or column to any empty square that is not a centre,
jumping over anything. If it then shares its row with one piece and its column with another
piece of the same opposing colour (partners do not count), and the three shapes are all
different, the gate opens: the mover brings a triangle or square from his reserve onto the
centre of the field where the piece stopped, if that centre is empty. The choice is its own
move by the same seat. A player whose piece stands on a centre of a field holding 2 or more
opposing pieces must first move such a piece off its centre.

Moves are ints: a movement from*144 + to; a reserve piece PLACE + centre*2 + (0 triangle,
1 square). Inside, the board is a bytearray: 0 empty, else 1 + colour*3 + shape with colours
red, blue, green, yellow and shapes cylinder, triangle, square (box.py order); the position
code writes box letters."""
import math
import re

from ..codec import grid_decode, grid_encode, parse_int, split_fields
from ..engine import Outcome, State
from ..errors import BadPosition
from ..texts import add, joined, msg
from ..view import Piece
from . import box
from .box import CELLS, CENTRE_OF, FIELD, FIELD_CELLS, INDEX, IS_CENTRE, N, RAYS

NN = N * N
PLACE = NN * NN
CYL, TRI, SQU = 0, 1, 2
SHAPES = box.SHAPES                         # cylinder, triangle, square
COLOURS = box.COLOURS                       # red, blue, green, yellow
COLOUR = (-1,) + tuple(v // 3 for v in range(12))
SHAPE = (-1,) + tuple(v % 3 for v in range(12))
BIT = (0,) + tuple(1 << (v % 3) for v in range(12))
ROW = box.ROW
COL = box.COL
# squares a piece on i may move to when they are empty (its row and column, no centres)
TARGETS = tuple(tuple(tuple(j for j in ray if not IS_CENTRE[j]) for ray in RAYS[i]) for i in range(NN))
LINE = tuple(tuple(j for ray in TARGETS[i] for j in ray) for i in range(NN))
ROW_CELLS = tuple(tuple(r * N + c for c in range(N)) for r in range(N))
COL_CELLS = tuple(tuple(r * N + c for r in range(N)) for c in range(N))
# FIRE[s][row shapes][column shapes]: one row piece and one column piece give 3 different shapes
FIRE = tuple(tuple(tuple(any(rm >> a & 1 and cm >> b & 1 and len({s, a, b}) == 3
                             for a in range(3) for b in range(3))
                         for cm in range(8)) for rm in range(8)) for s in range(3))
START = {   # colour: cylinder, triangle, square
    "red": ("A12", "C12", "A10"), "blue": ("A1", "A3", "C1"),
    "green": ("L1", "J1", "L3"), "yellow": ("L12", "L10", "J12"),
}
SEAT_COLOURS = {2: ("red", "green"), 3: ("red", "blue", "green"), 4: ("red", "blue", "green", "yellow")}
ROTATION = {"red": 0, "blue": 270, "green": 180, "yellow": 90}   # the seat's corner at the viewer's left hand
RESERVE = (3, 5)                            # triangles, squares beside the board at the start
TOTAL = 11
QUIET_ROUNDS = 30                           # our choice: this many rounds without a new piece draw
SQUARE_RE = r"[A-La-l](?:1[0-2]|[1-9])"
CHOICE = ("tor.triangle", "tor.square")

add({
    "tor.triangle": ("Triangle", "Dreieck"),
    "tor.square": ("Square", "Viereck"),
    "tor.reserve": ("{player}: {n}/11 in play ({t} triangles, {s} squares left).",
                    "{player}: {n}/11 im Spiel ({t} Dreiecke, {s} Vierecke übrig)."),
    "tor.choose": ("The gate at {square} is open: {player} brings a triangle or a square onto it.",
                   "Das Tor auf {square} ist offen: {player} bringt ein Dreieck oder ein Viereck darauf."),
    "tor.must_leave": ("{player} must first move a piece off a centre: {squares}.",
                       "{player} muss zuerst eine Figur von einem Zentrum ziehen: {squares}."),
    "tor.gate_open": ("Gate! {square} opens for {player}.", "Tor! {square} öffnet sich für {player}."),
    "tor.gate_taken": ("Gate condition met, but the centre {square} is occupied: the right lapses.",
                       "Torbedingung erfüllt, aber das Zentrum {square} ist besetzt: das Recht verfällt."),
    "tor.gate_done": ("Gate condition met, but {player} has no reserve left.",
                      "Torbedingung erfüllt, aber {player} hat keinen Vorrat mehr."),
    "why.tor.all_in": ("{winner} has all 11 pieces in play and wins.", "{winner} hat alle 11 Figuren im Spiel und gewinnt."),
    "why.tor.all_in_team": ("{winner} and {partner} have all their pieces in play and win.",
                            "{winner} und {partner} haben alle Figuren im Spiel und gewinnen."),
    "why.tor.stuck": ("No player can move: draw.", "Niemand kann ziehen: unentschieden."),
    "why.tor.quiet": ("No new piece in play for {rounds} rounds: draw.",
                      "{rounds} Runden ohne neue Figur im Spiel: unentschieden."),
})

add({
    "tor.illegal.no_triangle": ("no triangle is left in your reserve", "in deiner Reserve ist kein Dreieck mehr"),
    "tor.illegal.no_square": ("no square is left in your reserve", "in deiner Reserve ist kein Viereck mehr"),
    "tor.illegal.gate_first": ("first bring a reserve piece onto the open gate {cell} ({cell}T or {cell}S)",
                               "bringe zuerst eine Reservefigur auf das offene Tor {cell} ({cell}T oder {cell}S)"),
    "tor.illegal.through_gate": ("a reserve piece comes into play only through an open gate",
                                 "eine Reservefigur kommt nur durch ein offenes Tor ins Spiel"),
    "tor.illegal.centre": ("no piece may move onto a centre", "keine Figur darf auf ein Zentrum ziehen"),
    "tor.illegal.must_leave": ("you must first move a piece off a centre: {cells}",
                               "du musst zuerst eine Figur von einem Zentrum ziehen: {cells}"),
    "tor.pos.colour": ("{colour} does not play with {n} players", "{colour} spielt nicht mit {n} Spielern"),
    "tor.pos.cylinder": ("a cylinder never stands on a centre ({cell})", "ein Zylinder steht nie auf einem Zentrum ({cell})"),
    "tor.pos.pieces": ("{colour} must have 1 cylinder, 1-4 triangles and 1-6 squares on the board",
                       "{colour} muss 1 Zylinder, 1-4 Dreiecke und 1-6 Vierecke auf dem Brett haben"),
    "tor.pos.centres.1": ("{colour} has more triangles on centres than came through gates",
                          "{colour} hat mehr Dreiecke auf Zentren, als durch Tore gekommen sind"),
    "tor.pos.centres.2": ("{colour} has more squares on centres than came through gates",
                          "{colour} hat mehr Vierecke auf Zentren, als durch Tore gekommen sind"),
    "tor.pos.what.quiet": ("the number of moves without a new piece", "die Zahl der Züge ohne neue Figur"),
    "tor.pos.what.last": ("the last move", "der letzte Zug"),
    "tor.pos.what.gate": ("the move that opened the gate", "der Zug, der das Tor geöffnet hat"),
    "tor.pos.gate_movement": ("the gate move must be a movement", "der Torzug muss ein Ziehen sein"),
    "tor.pos.gate_fit": ("the gate move does not fit the board", "der Torzug passt nicht zum Brett"),
    "tor.pos.gate_centre": ("the open gate must be a centre", "das offene Tor muss ein Zentrum sein"),
    "tor.pos.gate_occupied": ("the open gate is occupied or the player has no reserve",
                              "das offene Tor ist besetzt oder der Spieler hat keine Reserve"),
    "tor.pos.gate_opener": ("no movement of the player to move opened this gate",
                            "kein Zug des Spielers am Zug hat dieses Tor geöffnet"),
    "tor.pos.two_winners": ("two sides have all their pieces in play", "zwei Seiten haben alle Figuren im Spiel"),
    "tor.pos.over_gate": ("the game is over but a gate is open", "die Partie ist beendet, aber ein Tor ist offen"),
    "tor.pos.quiet_gate": ("a gate is open, so a new piece is coming", "ein Tor ist offen, also kommt eine neue Figur"),
    "tor.pos.unreadable": ("{what} is not readable", "{what} ist nicht lesbar"),
    "tor.pos.misfit": ("{what} does not fit the board", "{what} passt nicht zum Brett"),
    "tor.pos.not_straight": ("{what} is not a straight move off the centres",
                             "{what} ist kein gerader Zug abseits der Zentren"),
})


class Tor(State):
    id = "tor"
    player_counts = (2, 3, 4)
    team_counts = (4,)
    repetition = True
    move_pattern = rf"{SQUARE_RE}-{SQUARE_RE}|{SQUARE_RE}[TtSs]"
    playout_cap = 0           # evaluate() at once: beat 120-ply playouts 4-0 and 4-ply ones 3-1

    board: bytearray     # 0 empty, else 1 + colour*3 + shape
    reserve: list        # [triangles, squares] per seat, flat: seat*2 + (0 triangle, 1 square)
    gate: int            # the open gate's centre waiting for the mover's reserve piece, or -1
    fired: int           # the last movement, if it met the gate condition, else -1 (for the view)
    quiet: int           # movements since a piece last came into play (QUIET_ROUNDS rounds draw)

    def _setup(self, options):
        self.board = bytearray(NN)
        self.reserve = []
        for colour in SEAT_COLOURS[self.num_players]:
            ci = COLOURS.index(colour)
            for shape, sq in enumerate(START[colour]):
                self.board[INDEX[sq]] = 1 + ci * 3 + shape
            self.reserve.extend(RESERVE)
        self.gate = -1
        self.fired = -1
        self.quiet = 0
        self._cache_colours()

    def _cache_colours(self):
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
    def partner(self, seat):
        for s in range(self.num_players):
            if s != seat and self.teams[s] == self.teams[seat]:
                return s
        return None

    def in_play(self, seat):
        return TOTAL - self.reserve[2 * seat] - self.reserve[2 * seat + 1]

    def must_leave(self, seat):
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

    def legal_moves(self):
        if self.result is not None:
            return []
        seat = self.to_move
        if self.gate >= 0:
            base = PLACE + self.gate * 2
            return [base + k for k in (0, 1) if self.reserve[2 * seat + k]]
        forced = self.must_leave(seat)
        if forced:
            moves = self._moves_from(forced)
            if moves:
                return moves
        c = self.cidx[seat]
        b = self.board
        return self._moves_from([i for i in range(NN) if b[i] and COLOUR[b[i]] == c])

    def _moves_from(self, squares):
        b = self.board
        out = []
        for i in squares:
            base = i * NN
            for j in LINE[i]:
                if not b[j]:
                    out.append(base + j)
        return out

    def has_move(self, seat):
        b = self.board
        c = self.cidx[seat]
        for i in range(NN):
            v = b[i]
            if v and COLOUR[v] == c:
                for j in LINE[i]:
                    if not b[j]:
                        return True
        return False

    def gate_witness(self, sq, seat):
        """For a piece of `seat` on sq: (row piece, column piece) of one opposing colour giving
        three different shapes, or None."""
        b = self.board
        s = SHAPE[b[sq]]
        r, c = ROW[sq], COL[sq]
        for colour in self.enemies[seat]:
            rows = [j for j in ROW_CELLS[r] if b[j] and COLOUR[b[j]] == colour]
            cols = [j for j in COL_CELLS[c] if b[j] and COLOUR[b[j]] == colour]
            for a in rows:
                for d in cols:
                    if len({s, SHAPE[b[a]], SHAPE[b[d]]}) == 3:
                        return a, d
        return None

    def fires(self, sq, seat):
        """The gate test for a piece of `seat` standing on sq (fast)."""
        b = self.board
        s = SHAPE[b[sq]]
        row, col = ROW_CELLS[ROW[sq]], COL_CELLS[COL[sq]]
        for colour in self.enemies[seat]:
            rm = cm = 0
            lo = 1 + colour * 3
            for j in row:
                v = b[j] - lo
                if 0 <= v < 3:
                    rm |= 1 << v
            if rm:
                for j in col:
                    v = b[j] - lo
                    if 0 <= v < 3:
                        cm |= 1 << v
                if FIRE[s][rm][cm]:
                    return True
        return False

    def _apply(self, move):
        seat = self.to_move
        b = self.board
        if move >= PLACE:
            ctr, k = divmod(move - PLACE, 2)
            b[ctr] = 1 + self.cidx[seat] * 3 + (TRI if k == 0 else SQU)
            self.reserve[2 * seat + k] -= 1
            self.gate = -1
            self.quiet = 0
            if self.in_play(seat) == TOTAL:
                p = self.partner(seat)
                if p is None:
                    self.to_move = (seat + 1) % self.num_players
                    self.result = Outcome.win(self, seat, "why.tor.all_in", winner=self.seat_ref(seat))
                    return
                if self.in_play(p) == TOTAL:
                    self.to_move = (seat + 1) % self.num_players
                    self.result = Outcome.win(self, seat, "why.tor.all_in_team", winner=self.seat_ref(seat),
                                              partner=self.seat_ref(p))
                    return
        else:
            frm, to = divmod(move, NN)
            b[to] = b[frm]
            b[frm] = 0
            self.fired = -1
            self.quiet += 1
            if self.fires(to, seat):
                self.fired = move
                ctr = CENTRE_OF[FIELD[to]]
                if not b[ctr] and (self.reserve[2 * seat] or self.reserve[2 * seat + 1]):
                    self.gate = ctr
                    return              # the same seat chooses the reserve piece
        self._next_turn(seat)
        if self.result is None and self.quiet >= QUIET_ROUNDS * self.num_players:
            self.result = Outcome.draw(self, "why.tor.quiet", rounds=QUIET_ROUNDS)

    def _next_turn(self, seat):
        n = self.num_players
        for k in range(1, n + 1):
            s = (seat + k) % n
            if self.has_move(s):
                self.to_move = s
                return
        self.to_move = (seat + 1) % n
        self.result = Outcome.draw(self, "why.tor.stuck")

    # ---------------------------------------------------------------- search
    def key(self):
        return bytes(self.board) + bytes((self.to_move, self.gate + 1))

    def winning_moves(self) -> list:
        """The moves that win at once: the reserve piece that completes 11 in play (teams: with
        the partner complete). A search may try these first."""
        seat = self.to_move
        if self.result is not None or self.gate < 0 or self.in_play(seat) != TOTAL - 1:
            return []
        p = self.partner(seat)
        if p is not None and self.in_play(p) != TOTAL:
            return []
        return self.legal_moves()

    def playout_move(self, rng):
        """Reserve choices at random; otherwise try random movements for one that opens an
        empty gate (tested on each opposing colour's shapes per row and column), else play the
        first random movement found."""
        seat = self.to_move
        if self.gate >= 0 or self.must_leave(seat):
            moves = self.legal_moves()
            return moves[int(rng.random() * len(moves))]
        b = self.board
        c = self.cidx[seat]
        own = []
        rm = [0] * 48
        cm = [0] * 48
        for i in range(NN):
            v = b[i]
            if v:
                col = COLOUR[v]
                if col == c:
                    own.append(i)
                bit = BIT[v]
                rm[col * 12 + ROW[i]] |= bit
                cm[col * 12 + COL[i]] |= bit
        has_reserve = self.reserve[2 * seat] or self.reserve[2 * seat + 1]
        enemies = self.enemies[seat]
        rand = rng.random
        fallback = -1
        for _ in range(40):
            i = own[int(rand() * len(own))]
            line = LINE[i]
            j = line[int(rand() * len(line))]
            if b[j]:
                continue
            if fallback < 0:
                fallback = i * NN + j
                if not has_reserve:
                    return fallback
            ctr = CENTRE_OF[FIELD[j]]
            if b[ctr] and ctr != i:
                continue
            fire = FIRE[SHAPE[b[i]]]
            r, cc = ROW[j], COL[j]
            for e in enemies:
                if fire[rm[e * 12 + r]][cm[e * 12 + cc]]:
                    return i * NN + j
        if fallback >= 0:
            return fallback
        moves = self.legal_moves()
        return moves[int(rng.random() * len(moves))]

    def gate_options(self, seat) -> int:
        """How many movements of `seat` would open an empty gate now (shape masks per opposing
        colour, row and column)."""
        b = self.board
        c = self.cidx[seat]
        rm = [0] * 48
        cm = [0] * 48
        own = []
        for i in range(NN):
            v = b[i]
            if v:
                col = COLOUR[v]
                if col == c:
                    own.append(i)
                rm[col * 12 + ROW[i]] |= BIT[v]
                cm[col * 12 + COL[i]] |= BIT[v]
        enemies = self.enemies[seat]
        n = 0
        for i in own:
            fire = FIRE[SHAPE[b[i]]]
            for j in LINE[i]:
                if b[j]:
                    continue
                ctr = CENTRE_OF[FIELD[j]]
                if b[ctr] and ctr != i:
                    continue
                r, cc = ROW[j], COL[j]
                for e in enemies:
                    if fire[rm[e * 12 + r]][cm[e * 12 + cc]]:
                        n += 1
                        break
        return n

    def evaluate(self):
        """Pieces in play, plus a little for gates that are ready to open (while the reserve
        lasts), per team against the best other team. The search evaluates every new leaf with
        this at once (playout_cap 0): in measured play that finds gates far faster than playouts."""
        n = self.num_players
        val = []
        for s in range(n):
            x = self.in_play(s)
            if self.reserve[2 * s] or self.reserve[2 * s + 1]:
                if self.gate >= 0 and s == self.to_move:
                    x += 1.0
                else:
                    x += 0.4 * min(self.gate_options(s), 3) / 3
            val.append(x)
        team, size = {}, {}
        for s in range(n):
            t = self.teams[s]
            team[t] = team.get(t, 0.0) + val[s]
            size[t] = size.get(t, 0) + 1
        out = []
        for s in range(n):
            t = self.teams[s]
            me = team[t] / size[t]
            best = max(team[o] / size[o] for o in team if o != t)
            out.append(0.5 + 0.5 * math.tanh((me - best) / 2.0))
        return tuple(out)

    # ---------------------------------------------------------------- notation
    def move_text(self, move) -> str:
        if move >= PLACE:
            ctr, k = divmod(move - PLACE, 2)
            return CELLS[ctr] + "TS"[k]
        frm, to = divmod(move, NN)
        return f"{CELLS[frm]}-{CELLS[to]}"

    def move_input(self, move):
        if move >= PLACE:
            ctr, k = divmod(move - PLACE, 2)
            return (CELLS[ctr],), CHOICE[k]
        frm, to = divmod(move, NN)
        return (CELLS[frm], CELLS[to]), None

    def why_illegal(self, text):
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
    def _encode_body(self):
        cells = [box.char(COLOURS[COLOUR[v]], SHAPES[SHAPE[v]]) if v else "." for v in self.board]
        return ";".join([grid_encode(cells, N), str(self.to_move),
                         CELLS[self.gate] if self.gate >= 0 else "",
                         self.move_text(self.last) if isinstance(self.last, int) else "",
                         self.move_text(self.fired) if self.fired >= 0 else "",
                         "r" if self.result is not None and self.result.reason == "why.repetition" else ""]
                        + ([str(self.quiet)] if self.quiet else []))

    def _decode_body(self, body, options):
        if body.count(";") == 6:
            body, _, quiet = body.rpartition(";")
            self.quiet = parse_int(quiet, 1, QUIET_ROUNDS * self.num_players, "tor.pos.what.quiet")
        else:
            self.quiet = 0
        grid, seat, gate, last, fired, drawn = split_fields(body, 6)
        if drawn not in ("", "r"):
            raise BadPosition("err.position", why=msg("pos.repetition_field"))
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
                raise BadPosition("err.position", why=msg("tor.pos.colour", colour="@colour." + colour, n=n))
            if si == CYL and IS_CENTRE[i]:
                raise BadPosition("err.position", why=msg("tor.pos.cylinder", cell=CELLS[i]))
            self.board[i] = 1 + ci * 3 + si
            count[ci][si] += 1
        self.reserve = []
        for ci in self.cidx:
            cyl, tri, squ = count[ci]
            if cyl != 1 or not 1 <= tri <= 4 or not 1 <= squ <= 6:
                raise BadPosition("err.position", why=msg("tor.pos.pieces", colour="@colour." + COLOURS[ci]))
            for shape, total in ((TRI, tri), (SQU, squ)):
                on_centres = sum(1 for c in CENTRE_OF if self.board[c] == 1 + ci * 3 + shape)
                if on_centres > total - 1:
                    raise BadPosition("err.position", why=msg(f"tor.pos.centres.{shape}",
                                                                       colour="@colour." + COLOURS[ci]))
            self.reserve.extend((4 - tri, 6 - squ))
        if not seat.isdigit() or int(seat) >= n:
            raise BadPosition("err.position", why=msg("pos.number", what="@pos.what.to_move", lo=0, hi=n - 1))
        self.to_move = int(seat)
        self.last = self._read_move(last, "last") if last else None
        self.fired = self._read_move(fired, "gate") if fired else -1
        if self.fired >= PLACE:
            raise BadPosition("err.position", why=msg("tor.pos.gate_movement"))
        if self.fired >= 0:
            to = self.fired % NN
            frm = self.fired // NN
            if not self.board[to] or (self.board[frm] and frm != CENTRE_OF[FIELD[to]]) or \
                    not self.fires(to, self.seat_of[COLOUR[self.board[to]]]):
                raise BadPosition("err.position", why=msg("tor.pos.gate_fit"))
        self.gate = -1
        if gate:
            if gate.upper() not in INDEX or not IS_CENTRE[INDEX[gate.upper()]]:
                raise BadPosition("err.position", why=msg("tor.pos.gate_centre"))
            g = INDEX[gate.upper()]
            if self.board[g] or not (self.reserve[2 * self.to_move] or self.reserve[2 * self.to_move + 1]):
                raise BadPosition("err.position", why=msg("tor.pos.gate_occupied"))
            if self.fired < 0 or self.last != self.fired or CENTRE_OF[FIELD[self.fired % NN]] != g or \
                    COLOUR[self.board[self.fired % NN]] != self.cidx[self.to_move]:
                raise BadPosition("err.position", why=msg("tor.pos.gate_opener"))
            self.gate = g
        done = [s for s in range(n) if self.in_play(s) == TOTAL]
        teams_done = {self.teams[s] for s in done
                      if self.partner(s) is None or self.partner(s) in done}
        if len(teams_done) > 1:
            raise BadPosition("err.position", why=msg("tor.pos.two_winners"))
        if teams_done:
            if self.gate >= 0:
                raise BadPosition("err.position", why=msg("tor.pos.over_gate"))
            t = teams_done.pop()
            winner = next(s for s in range(n) if self.teams[s] == t)
            p = self.partner(winner)
            if p is None:
                self.result = Outcome.win(self, winner, "why.tor.all_in", winner=self.seat_ref(winner))
            else:
                self.result = Outcome.win(self, winner, "why.tor.all_in_team", winner=self.seat_ref(winner),
                                          partner=self.seat_ref(p))
        elif drawn:
            self.result = Outcome.draw(self, "why.repetition")
        elif self.quiet >= QUIET_ROUNDS * n:
            if self.gate >= 0:
                raise BadPosition("err.position", why=msg("tor.pos.quiet_gate"))
            self.result = Outcome.draw(self, "why.tor.quiet", rounds=QUIET_ROUNDS)
        elif self.gate < 0 and not self.has_move(self.to_move):
            if any(self.has_move(s) for s in range(n)):
                raise BadPosition("err.position", why=msg("pos.no_move"))
            self.result = Outcome.draw(self, "why.tor.stuck")

    def _read_move(self, text, what):
        m = re.fullmatch(rf"({SQUARE_RE})-({SQUARE_RE})|({SQUARE_RE})([TS])", text.upper())
        if not m:
            raise BadPosition("err.position", why=msg("tor.pos.unreadable", what="@tor.pos.what." + what))
        if m.group(3):
            ctr = INDEX[m.group(3)]
            v = self.board[ctr]
            if not IS_CENTRE[ctr] or not v or SHAPE[v] != "TS".index(m.group(4)) + 1:
                raise BadPosition("err.position", why=msg("tor.pos.misfit", what="@tor.pos.what." + what))
            return PLACE + ctr * 2 + "TS".index(m.group(4))
        frm, to = INDEX[m.group(1)], INDEX[m.group(2)]
        if frm == to or (ROW[frm] != ROW[to] and COL[frm] != COL[to]) or IS_CENTRE[to]:
            raise BadPosition("err.position", why=msg("tor.pos.not_straight", what="@tor.pos.what." + what))
        return frm * NN + to

    # ---------------------------------------------------------------- presentation
    def seat_colour(self, seat):
        return SEAT_COLOURS[self.num_players][seat]

    def seat_rotation(self, seat):
        return ROTATION[self.seat_colour(seat)]

    def status(self):
        if self.result is not None:
            return None
        player = self.seat_ref(self.to_move)
        if self.gate >= 0:
            return "tor.choose", {"player": player, "square": CELLS[self.gate]}
        forced = self.must_leave(self.to_move)
        if forced:
            return "tor.must_leave", {"player": player, "squares": ", ".join(CELLS[i] for i in forced)}
        return None

    def view(self, aids=frozenset(), selected=None):
        v = box.board_view()
        b = self.board
        for i in range(NN):
            x = b[i]
            if x:
                v.pieces.append(Piece(CELLS[i], SHAPES[SHAPE[x]], COLOURS[COLOUR[x]]))
        if isinstance(self.last, int):
            v.add_layer("last", list(self.move_input(self.last)[0]))
        if self.fired >= 0:
            to = self.fired % NN
            mover = self.seat_of[COLOUR[b[to]]]
            w = self.gate_witness(to, mover)
            ctr = CENTRE_OF[FIELD[to]]
            if w:
                v.add_layer("gate", [CELLS[to], CELLS[w[0]], CELLS[w[1]], CELLS[ctr]])
                if self.gate >= 0 or (self.last is not None and self.last >= PLACE):
                    v.notes.append(("tor.gate_open", {"square": CELLS[ctr], "player": self.seat_ref(mover)}))
                elif b[ctr]:
                    v.notes.append(("tor.gate_taken", {"square": CELLS[ctr]}))
                else:
                    v.notes.append(("tor.gate_done", {"player": self.seat_ref(mover)}))
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
