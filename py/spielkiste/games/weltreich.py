"""Weltreich (Sid Sackson, sheet 002; our reading of the rules, every choice marked, is
assets/rules/weltreich.en.html): seize the thrones; every piece captures at
its own distance. 2, 3 or 4 players; 4 may play as two teams.

Seats play clockwise from the top-left corner: Blue (commander B2), then with 3-4 players Green
(top right, K2), Red (bottom right, K11) and with 4 Yellow (bottom left, B11). Two players:
Blue and Red. Teams (4 players) sit side by side: Blue with Green (the top corners) against
Red with Yellow, so partners move one after the other.

Every piece moves straight along its row or column to any empty square, jumping over
anything. It captures by moving onto an enemy piece at exactly its distance: rider (triangle)
3, archer (square) 4, commander (cylinder) 2 or 5. A move is the int from*144 + to.

Inside, the board is a bytearray: 0 empty, else 1 + seat*3 + kind (kind 0 commander, 1 rider,
2 archer). The position code writes the box letters of the seats' colours (box.py).
In 3-4 player games without teams a captured commander's player is out and his pieces turn
into the captor's pieces (colour and all); his seat is skipped from then on."""
import random
import re

from collections.abc import Hashable

from ..codec import grid_decode, parse_int
from ..editor import Item, Setup
from ..engine import Options, Outcome, Rewards, SearchSettings, State
from ..errors import BadPosition
from ..texts import Message, add, joined, msg
from ..view import Piece, View
from . import box
from .box import CELLS, INDEX, N, RAYS, SQUARE_RE

NN = N * N
COMMANDER, RIDER, ARCHER = 0, 1, 2
KIND_SHAPE = ("cylinder", "triangle", "square")
CAPTURE_DIST = ((2, 5), (3,), (4,))
CAN_CAPTURE = tuple(tuple(d in CAPTURE_DIST[k] for d in range(N)) for k in range(3))
OWNER = (-1,) + tuple(v // 3 for v in range(12))       # OWNER[code]
KIND = (-1,) + tuple(v % 3 for v in range(12))         # KIND[code]

# CAPSQ[kind][i]: the squares at that kind's capture distances from i (both ways the same)
CAPSQ = tuple(tuple(tuple(ray[d - 1] for ray in RAYS[i] for d in CAPTURE_DIST[k] if d <= len(ray))
                    for i in range(NN)) for k in range(3))
# TAKERS[i]: (square, kind) for every square a piece of that kind captures on i from
TAKERS = tuple(tuple((j, k) for k in range(3) for j in CAPSQ[k][i]) for i in range(NN))
# every square in the row and column of i, nearest first per direction
LINES = tuple(tuple(j for ray in RAYS[i] for j in ray) for i in range(NN))

# MARK[seat]: a bytes.translate table marking that seat's pieces with 1, everything else 0
MARK = tuple(bytes(1 if 0 < v < 13 and OWNER[v] == seat else 0 for v in range(256)) for seat in range(4))

THRONES = tuple(INDEX[c] for c in ("E5", "H5", "E8", "H8"))
THRONE_POINTS = 2.5             # evaluate(): a throne held is worth this many pieces

# corners clockwise from the top left: the start layout of the top-left player and its turns
CORNERS = ("tl", "tr", "br", "bl")
_TL = {"B2": COMMANDER, "B1": RIDER, "A2": RIDER, "C2": RIDER, "B3": RIDER,
       "A1": ARCHER, "C1": ARCHER, "A3": ARCHER, "C3": ARCHER, "D1": ARCHER, "A4": ARCHER}


def _turn(i: int, quarter: int) -> int:
    """Square i turned clockwise by quarter * 90 degrees about the board's middle."""
    r, c = divmod(i, N)
    for _ in range(quarter):
        r, c = c, N - 1 - r
    return r * N + c


START = {corner: {_turn(INDEX[c], q): k for c, k in _TL.items()} for q, corner in enumerate(CORNERS)}
CROWN = {"tl": INDEX["H8"], "tr": INDEX["E8"], "br": INDEX["E5"], "bl": INDEX["H5"]}
ROTATION = {"br": 0, "tr": 90, "tl": 180, "bl": 270}     # the seat's corner at the viewer's right hand
# seats per player count: (corner, colour)
SEATS = {
    2: (("tl", "blue"), ("br", "red")),
    3: (("tl", "blue"), ("tr", "green"), ("br", "red")),
    4: (("tl", "blue"), ("tr", "green"), ("br", "red"), ("bl", "yellow")),
}

add({
    "aid.threatened": ("Show my pieces an enemy can capture", "Meine schlagbaren Figuren zeigen"),
    "weltreich.thrones": ("{player} holds {n} of 4 thrones.", "{player} besetzt {n} von 4 Thronen."),
    "weltreich.thrones_team": ("{player} and {partner} hold {n} of 4 thrones.",
                               "{player} und {partner} besetzen {n} von 4 Thronen."),
    "weltreich.out": ("{player} is out: its commander was captured.",
                      "{player} ist ausgeschieden: sein Kommandeur wurde geschlagen."),
    "weltreich.crowned": ("{player}'s commander stands on its crowning throne {square}.",
                          "Der Kommandeur von {player} steht auf seinem Krönungsthron {square}."),
    "weltreich.threat": ("{player}: your commander on {square} can be captured!",
                         "{player}: dein Kommandeur auf {square} kann geschlagen werden!"),
    "why.weltreich.thrones": ("{winner} holds all 4 thrones and wins.", "{winner} besetzt alle 4 Throne und gewinnt."),
    "why.weltreich.thrones3": ("{winner} holds 3 of the 4 thrones and wins.",
                               "{winner} besetzt 3 der 4 Throne und gewinnt."),
    "why.weltreich.thrones_team": ("{winner} and {partner} hold all 4 thrones and win.",
                                   "{winner} und {partner} besetzen alle 4 Throne und gewinnen."),
    "why.weltreich.crown": ("{winner}'s commander is crowned on {square}, where no enemy can capture it: "
                            "{winner} wins.",
                            "Der Kommandeur von {winner} wird auf {square} gekrönt, wo ihn niemand schlagen kann: "
                            "{winner} gewinnt."),
    "why.weltreich.crown_team": ("The commanders of {winner} and {partner} are crowned where no enemy can capture "
                                 "them: they win.",
                                 "Die Kommandeure von {winner} und {partner} sind unschlagbar gekrönt: sie gewinnen."),
    "why.weltreich.commander": ("{winner} captures the commander of {loser} and wins.",
                                "{winner} schlägt den Kommandeur von {loser} und gewinnt."),
    "why.weltreich.commander_team": ("{winner} captures the commander of {loser}: {winner} and {partner} win.",
                                     "{winner} schlägt den Kommandeur von {loser}: {winner} und {partner} gewinnen."),
    "why.weltreich.last": ("{winner} captures the last other commander ({loser}) and wins.",
                           "{winner} schlägt den letzten anderen Kommandeur ({loser}) und gewinnt."),
    "why.weltreich.quiet": ("No capture in {rounds} rounds: draw.", "{rounds} Runden ohne Schlagen: unentschieden."),
})

add({
    "weltreich.illegal.own": ("{cell} holds one of your own side's pieces",
                              "auf {cell} steht eine Figur deiner eigenen Seite"),
    "weltreich.illegal.distance.0": ("a commander captures only at a distance of exactly 2 or 5 squares, not {d}",
                                     "ein Kommandeur schlägt nur auf genau 2 oder 5 Felder Entfernung, nicht auf {d}"),
    "weltreich.illegal.distance.1": ("a rider captures only at a distance of exactly 3 squares, not {d}",
                                     "ein Reiter schlägt nur auf genau 3 Felder Entfernung, nicht auf {d}"),
    "weltreich.illegal.distance.2": ("an archer captures only at a distance of exactly 4 squares, not {d}",
                                     "ein Bogenschütze schlägt nur auf genau 4 Felder Entfernung, nicht auf {d}"),
    "weltreich.crown_of": ("for {players}", "für {players}"),
    "weltreich.pos.colour": ("no {colour} player with {n} players", "{colour} spielt nicht mit {n} Spielern"),
    "weltreich.pos.two_commanders": ("{colour} has two commanders", "{colour} hat zwei Kommandeure"),
    "weltreich.pos.too_many.1": ("too many riders: {colour} has {count}, but a player has 4 and gains more only "
                                 "from a player who is out",
                                 "zu viele Reiter: {colour} hat {count}, doch jeder Spieler hat 4 und bekommt weitere "
                                 "nur von einem ausgeschiedenen Spieler"),
    "weltreich.pos.too_many.2": ("too many archers: {colour} has {count}, but a player has 6 and gains more only "
                                 "from a player who is out",
                                 "zu viele Bogenschützen: {colour} hat {count}, doch jeder Spieler hat 6 und bekommt "
                                 "weitere nur von einem ausgeschiedenen Spieler"),
    "weltreich.pos.no_commander": ("{colour} has pieces but no commander",
                                   "{colour} hat Figuren, aber keinen Kommandeur"),
    "weltreich.pos.commanders": ("no commander on the board", "kein Kommandeur auf dem Brett"),
    "weltreich.pos.captured": ("more than one commander captured", "mehr als ein Kommandeur geschlagen"),
    "weltreich.pos.capture_turn": ("the capture of the {colour} commander does not fit the player to move: "
                                   "an enemy of {colour} must have moved last",
                                   "das Schlagen des Kommandeurs von {colour} passt nicht zum Spieler am Zug: "
                                   "ein Gegner von {colour} muss zuletzt gezogen haben"),
    "weltreich.pos.last_standing": ("the last commander standing does not fit the player to move: "
                                    "{colour} moved last, so {player} is to move",
                                    "der letzte verbliebene Kommandeur passt nicht zum Spieler am Zug: "
                                    "{colour} hat zuletzt gezogen, also ist {player} am Zug"),
    "weltreich.pos.mover_out": ("the last move was made by a player who is out",
                                "den letzten Zug hat ein ausgeschiedener Spieler gemacht"),
    "weltreich.pos.to_move_out": ("the player to move is out of the game", "der Spieler am Zug ist ausgeschieden"),
    "weltreich.pos.won": ("another player would have won with the thrones already",
                          "ein anderer Spieler hätte mit den Thronen schon gewonnen"),
    "weltreich.pos.win_turn": ("the winning move does not fit the player to move: {player} follows {colour}",
                               "der Gewinnzug passt nicht zum Spieler am Zug: auf {colour} folgt {player}"),
})


class Weltreich(State):
    id = "weltreich"
    takes_pieces = True
    version = 2               # 2: partners sit side by side (seats 0+1, 2+3)
    player_counts = (2, 3, 4)
    team_counts = (4,)
    repetition = True
    quiet_rounds = 30         # our choice: this many rounds without a capture draw
    quiet_reason = "why.weltreich.quiet"
    stuck_reason = "why.box.stuck"
    move_pattern = rf"{SQUARE_RE}[-xX]{SQUARE_RE}"
    aids = ("threatened",)
    # cap 0, evaluate() at once: beat 80-ply playouts 6-0 and 8-ply ones 5.5-0.5
    search_settings = SearchSettings(cap=0)
    CAPTURE_SHARE = 0.8       # of the best capture the player to move is credited (evaluate)

    board: bytearray     # 0 empty, else 1 + seat*3 + kind
    cmd: list[int]       # square of each seat's commander, -1 once captured

    def _setup(self, options: Options) -> None:
        self.board = bytearray(NN)
        self.cmd = [-1] * self.num_players
        for seat, (corner, _) in enumerate(SEATS[self.num_players]):
            for i, k in START[corner].items():
                self.board[i] = 1 + seat * 3 + k
            self.cmd[seat] = _turn(INDEX["B2"], CORNERS.index(corner))

    # ---------------------------------------------------------------- seats
    def corner(self, seat: int) -> str:
        return SEATS[self.num_players][seat][0]

    def crown(self, seat: int) -> int:
        return CROWN[self.corner(seat)]

    def individual(self) -> bool:
        """3-4 players without teams: captured players drop out, 3 thrones win."""
        return self.num_players > 2 and self.teams == tuple(range(self.num_players))

    # ---------------------------------------------------------------- rules
    def legal_moves(self) -> list[int]:
        if self.result is not None:
            return []
        return self._moves(self.to_move)

    def _moves(self, seat: int) -> list[int]:
        b, teams = self.board, self.teams
        mine = teams[seat]
        out = []
        lo = 1 + seat * 3
        for i in range(NN):
            v = b[i]
            if lo <= v < lo + 3:
                ok = CAN_CAPTURE[v - lo]
                base = i * NN
                for ray in RAYS[i]:
                    d = 0
                    for j in ray:
                        d += 1
                        w = b[j]
                        if not w or (ok[d] and teams[OWNER[w]] != mine):
                            out.append(base + j)
        return out

    def piece_moves(self, i: int) -> list[int]:
        """The target squares of the piece on square i (whoever owns it)."""
        v = self.board[i]
        return [m % NN for m in self._moves(OWNER[v]) if m // NN == i] if v else []

    def squares_of(self, seat: int) -> list[int]:
        """The squares of seat's pieces, in board order."""
        return box.marked(self.board, MARK[seat])

    def capturable(self, sq: int, seat: int) -> bool:
        """Could an enemy of `seat` capture a piece of `seat` standing on sq with one move?"""
        b, teams = self.board, self.teams
        mine = teams[seat]
        for k in (COMMANDER, RIDER, ARCHER):
            for j in CAPSQ[k][sq]:
                w = b[j]
                if w and KIND[w] == k and teams[OWNER[w]] != mine:
                    return True
        return False

    def can_move(self, seat: int) -> bool:
        """Cheap: is `seat` still in the game with a legal move?"""
        b = self.board
        c = self.cmd[seat]
        if c < 0:
            return False
        for j in LINES[c]:
            if not b[j]:
                return True
        return bool(self._moves(seat))

    def _apply(self, move: int) -> None:
        frm, to = divmod(move, NN)
        seat = self.to_move
        b = self.board
        v, w = b[frm], b[to]
        b[frm] = 0
        b[to] = v
        if KIND[v] == COMMANDER:
            self.cmd[seat] = to
        n = self.num_players
        if w and KIND[w] == COMMANDER:
            victim = OWNER[w]
            self.cmd[victim] = -1
            if not self.individual():
                self.to_move = (seat + 1) % n
                self.result = self.win(seat, "why.weltreich.commander", line=[CELLS[to]], loser=self.seat_ref(victim))
                return
            lo = 1 + victim * 3
            shift = (seat - victim) * 3
            for i in range(NN):
                x = b[i]
                if lo <= x < lo + 3:
                    b[i] = x + shift
            if sum(1 for c in self.cmd if c >= 0) == 1:
                self.to_move = (seat + 1) % n
                self.result = self.win(seat, "why.weltreich.last", line=[CELLS[to]], loser=self.seat_ref(victim))
                return
        self.result = self._win_check(seat)
        if self.result is not None:
            self.to_move = (seat + 1) % n
            return
        self._end_turn(seat, progress=bool(w))

    def thrones_held(self, seat: int) -> int:
        b, teams = self.board, self.teams
        return sum(1 for t in THRONES if b[t] and teams[OWNER[b[t]]] == teams[seat])

    def crowned(self, seat: int) -> bool:
        """seat's commander stands on its crowning throne where no enemy could capture it."""
        c = self.cmd[seat]
        return c == self.crown(seat) and not self.capturable(c, seat)

    def _win_check(self, seat: int) -> Outcome | None:
        """The thrones and crowning conditions of the mover (and his partner)."""
        b, teams = self.board, self.teams
        held = [t for t in THRONES if b[t] and teams[OWNER[b[t]]] == teams[seat]]
        if self.individual():
            if len(held) >= 3:
                return self.win(seat, "why.weltreich.thrones3", line=[CELLS[t] for t in held])
        elif len(held) == 4:
            return self.win(seat, "why.weltreich.thrones", line=[CELLS[t] for t in held])
        if not self.crowned(seat):
            return None
        p = self.partner(seat)
        if p is None or self.crowned(p):
            crowned = [seat] if p is None else [seat, p]
            return self.win(seat, "why.weltreich.crown", line=[CELLS[self.cmd[s]] for s in crowned],
                            square=CELLS[self.cmd[seat]])
        return None

    # ---------------------------------------------------------------- search
    def key(self) -> Hashable:
        return bytes(self.board) + bytes((self.to_move,))

    def winning_moves(self) -> list[int]:
        """The moves that win at once (cheap, no trial moves): an enemy commander captured
        (with 2 players, teams, or the last other commander), the last throne needed, the
        commander onto its crowning throne where nothing can capture it (teams: partner already
        crowned). A search may try these first."""
        if self.result is not None:
            return []
        b, teams, seat = self.board, self.teams, self.to_move
        mine = teams[seat]
        lo = 1 + seat * 3
        out = []
        enemies = [c for s, c in enumerate(self.cmd) if c >= 0 and teams[s] != mine]
        individual = self.individual()
        if not individual or len(enemies) == 1:
            for c in enemies:
                out.extend(self._takers(c, seat))
        need = 3 if individual else 4
        if individual and len(enemies) > 1:
            # a captured commander's pieces join the captor: with them his thrones become ours
            owned = sum(1 for t in THRONES if b[t] and teams[OWNER[b[t]]] == mine)
            for s, c in enumerate(self.cmd):
                if c < 0 or teams[s] == mine:
                    continue
                theirs = sum(1 for t in THRONES if b[t] and OWNER[b[t]] == s)
                out.extend(m for m in self._takers(c, seat) if owned + theirs - (m // NN in THRONES) >= need)
        missing = [t for t in THRONES if not (b[t] and teams[OWNER[b[t]]] == mine)]
        if len(missing) == 1 or (need == 3 and len(missing) == 2):
            # a piece leaving a throne of ours gives that throne up: it completes nothing
            for t in missing:
                w = b[t]
                if not w:
                    out.extend(j * NN + t for j in LINES[t] if lo <= b[j] < lo + 3 and j not in THRONES)
                elif teams[OWNER[w]] != mine:
                    out.extend(m for m in self._takers(t, seat) if m // NN not in THRONES)
        c = self.cmd[seat]
        cr = self.crown(seat)
        p = self.partner(seat)
        if c != cr and (p is None or self.crowned(p)) and (c // N == cr // N or c % N == cr % N):
            w = b[cr]
            d = abs(c - cr) // (N if c % N == cr % N else 1)
            if not w or (teams[OWNER[w]] != mine and d in (2, 5)):
                b[c] = 0
                b[cr] = lo
                safe = not self.capturable(cr, seat)
                b[c] = lo
                b[cr] = w
                if safe:
                    out.append(c * NN + cr)
        return list(dict.fromkeys(out)) if out else out

    def _takers(self, sq: int, seat: int) -> list[int]:
        """seat's moves that capture on sq, each piece at its own distance."""
        b, lo = self.board, 1 + seat * 3
        return [j * NN + sq for j, k in TAKERS[sq] if b[j] == lo + k]

    def playout_move(self, rng: random.Random) -> int:
        """A cheap, purposeful random move: a winning move (winning_moves); else an enemy
        commander captured (3-4 players); a threatened commander moved to a safe square; often
        some capture; else a random piece to a random empty square of its lines."""
        rand = rng.random
        win = self.winning_moves()
        if win:
            return win[int(rand() * len(win))]
        b, teams, seat = self.board, self.teams, self.to_move
        mine = teams[seat]
        lo = 1 + seat * 3
        for s, c in enumerate(self.cmd) if self.individual() else ():   # otherwise such captures win
            caps = self._takers(c, seat) if c >= 0 and teams[s] != mine else ()
            if caps:
                return caps[0]
        c = self.cmd[seat]
        if self.capturable(c, seat) and rand() < 0.8:
            line = LINES[c]
            for _ in range(8):
                j = line[int(rand() * len(line))]
                if not b[j]:
                    b[c] = 0
                    b[j] = lo
                    safe = not self.capturable(j, seat)
                    b[j] = 0
                    b[c] = lo
                    if safe:
                        return c * NN + j
        own = self.squares_of(seat)
        if rand() < 0.5:
            caps = self.captures(seat, own)
            if caps:
                return caps[int(rand() * len(caps))]
        move = box.random_step(b, own, LINES, rand, 40)
        if move is not None:
            return move
        moves = self._moves(seat)
        return moves[int(rand() * len(moves))]

    def captures(self, seat: int, own: list[int]) -> list[int]:
        """seat's capturing moves, from its pieces on the squares `own` (squares_of(seat))."""
        b, teams = self.board, self.teams
        lo, mine = 1 + seat * 3, teams[seat]
        return [i * NN + j for i in own for j in CAPSQ[b[i] - lo][i] if b[j] and teams[OWNER[b[j]]] != mine]

    def capture_gain(self, seat: int) -> float:
        """What seat's best capture wins at once, in evaluate()'s points: the piece, its throne,
        less the piece it costs when the captor can be taken back on that square (pieces capture
        by distance, over anything, so the square alone decides that)."""
        best = 0.0
        for m in self.captures(seat, self.squares_of(seat)):
            j = m % NN
            g = 1.0 + (THRONE_POINTS if j in THRONES else 0.0) - (1.0 if self.capturable(j, seat) else 0.0)
            best = max(best, g)
        return best

    def evaluate(self) -> Rewards | None:
        """Material, thrones held, a commander on its crowning throne and a penalty for a
        commander under attack, per team against the best other team; the player to move also
        gets most of its best capture (capture_gain): a leaf is evaluated before that capture is
        played, and without it a search's value swung by a piece with the parity of its depth,
        so longer searches were not stronger. (A version that also scored the winning moves of
        the side to move won none of 12 test games against the one without them.)"""
        n = self.num_players
        b = self.board
        score = [0.0] * n
        for i in range(NN):
            v = b[i]
            if v:
                score[OWNER[v]] += 1.0
        for t in THRONES:
            if b[t]:
                score[OWNER[b[t]]] += THRONE_POINTS
        for s in range(n):
            c = self.cmd[s]
            if c >= 0:
                if c == self.crown(s):
                    score[s] += 3.0
                if self.capturable(c, s):
                    score[s] -= 4.0
        score[self.to_move] += self.CAPTURE_SHARE * self.capture_gain(self.to_move)
        return box.side_rewards(self.teams, score, 6.0, alive=[c >= 0 for c in self.cmd])

    # ---------------------------------------------------------------- notation
    def move_text(self, move: int) -> str:
        frm, to = divmod(move, NN)
        return f"{CELLS[frm]}{'x' if self.board[to] else '-'}{CELLS[to]}"

    def move_input(self, move: int) -> tuple[tuple[str, ...], str | None]:
        frm, to = divmod(move, NN)
        return (CELLS[frm], CELLS[to]), None

    def parse_move(self, text: str) -> int:
        """'B2-B5' or 'B2xB5'; a capture may also be written with '-' and a move with 'x'."""
        parts = re.split(r"[-xX]", text.strip())
        if len(parts) == 2 and parts[1].upper() in INDEX:
            text = parts[0] + ("x" if self.board[INDEX[parts[1].upper()]] else "-") + parts[1]
        move: int = super().parse_move(text)
        return move

    def why_illegal(self, text: str) -> Message | None:
        parts = re.split(r"[-xX]", text.strip().upper())
        if len(parts) != 2 or parts[0] not in INDEX or parts[1] not in INDEX:
            return None
        frm, to = INDEX[parts[0]], INDEX[parts[1]]
        b = self.board
        v, w = b[frm], b[to]
        if not v:
            return msg("illegal.no_piece", cell=parts[0])
        if OWNER[v] != self.to_move:
            return msg("illegal.not_yours", cell=parts[0])
        fr, fc = divmod(frm, N)
        tr, tc = divmod(to, N)
        if frm == to or (fr != tr and fc != tc):
            return msg("illegal.straight")
        if w:
            if self.teams[OWNER[w]] == self.teams[self.to_move]:
                return msg("weltreich.illegal.own", cell=parts[1])
            return msg(f"weltreich.illegal.distance.{KIND[v]}", d=abs(fr - tr) + abs(fc - tc))
        return None

    # ---------------------------------------------------------------- position code
    @classmethod
    def _upgrade(cls, version: int, options: Options, body: str) -> str:
        """Version 1 codes read unchanged, but for teams: their partners sat opposite."""
        if version == 1 and not options.get("teams"):
            return body
        return super()._upgrade(version, options, body)

    def _char(self, v: int) -> str:
        return box.char(SEATS[self.num_players][OWNER[v]][1], KIND_SHAPE[KIND[v]])

    def _cells(self) -> list[str]:
        return [self._char(v) if v else "." for v in self.board]

    def _history(self) -> str:
        """The code's fields after the seat to move: the last move, the repetition mark, the quiet clock."""
        last = ""
        if isinstance(self.last, int):
            frm, to = divmod(self.last, NN)
            last = f"{CELLS[frm]}-{CELLS[to]}"
        return ";".join([last] + self._code_tail())

    def _encode_body(self) -> str:
        return box.code_body(self._cells(), self.to_move, self._history())

    def _decode_body(self, body: str, options: Options) -> None:
        (grid, seat, last), drawn = self._split_code(body, 3)
        n = self.num_players
        colours = [c for _, c in SEATS[n]]
        cells = grid_decode(grid, N, N, box.ALPHABET)
        self.board = bytearray(NN)
        self.cmd = [-1] * n
        for i, ch in enumerate(cells):
            if ch == ".":
                continue
            colour, shape = box.PIECES[ch]
            if colour not in colours:
                raise BadPosition("err.position", why=msg("weltreich.pos.colour", colour="@colour." + colour,
                                                          n=n)).at(CELLS[i])
            s, k = colours.index(colour), KIND_SHAPE.index(shape)
            self.board[i] = 1 + s * 3 + k
            if k == COMMANDER:
                if self.cmd[s] >= 0:
                    why = msg("weltreich.pos.two_commanders", colour="@colour." + colour)
                    raise BadPosition("err.position", why=why).at(CELLS[self.cmd[s]], CELLS[i])
                self.cmd[s] = i
        self._check_counts()
        self.to_move = parse_int(seat, 0, n - 1, "pos.what.to_move")
        active = [s for s in range(n) if self.cmd[s] >= 0]
        if not active:
            raise BadPosition("err.position", why=msg("weltreich.pos.commanders"))
        mover = None
        if last:
            step = box.read_step(last)
            if step is None or self.board[step[0]] or not self.board[step[1]]:
                raise BadPosition("err.position", why=msg("pos.last_move"))
            self.last = step[0] * NN + step[1]
            mover = OWNER[self.board[step[1]]]
        missing = [s for s in range(n) if self.cmd[s] < 0]
        if not self.individual():
            if len(missing) > 1:
                raise BadPosition("err.position", why=msg("weltreich.pos.captured"))
            if missing:
                victim = missing[0]
                if mover is None:
                    mover = (self.to_move - 1) % n
                if self.teams[mover] == self.teams[victim] or self.to_move != (mover + 1) % n:
                    raise BadPosition("err.position", why=msg("weltreich.pos.capture_turn",
                                                              colour=self.seat_ref(victim)))
                line = [CELLS[self.last % NN]] if self.last is not None else []
                self.result = self.win(mover, "why.weltreich.commander", line=line, loser=self.seat_ref(victim))
                return
        elif len(active) == 1:
            winner = active[0]
            if (mover is not None and mover != winner) or self.to_move != (winner + 1) % n:
                raise BadPosition("err.position", why=msg("weltreich.pos.last_standing", colour=self.seat_ref(winner),
                                                          player=self.seat_ref((winner + 1) % n))
                                  ).at(CELLS[self.cmd[winner]])
            line = [CELLS[self.last % NN]] if self.last is not None else []
            self.result = self.win(winner, "why.weltreich.last", line=line, loser=self.seat_ref(missing[-1]))
            return
        if mover is None:
            mover = next(s for k in range(1, n + 1) for s in [(self.to_move - k) % n] if self.cmd[s] >= 0)
        if self.cmd[mover] < 0:
            raise BadPosition("err.position", why=msg("weltreich.pos.mover_out"))
        self.result = self._win_check(mover)
        if self.result is None and self.cmd[self.to_move] < 0:
            raise BadPosition("err.position", why=msg("weltreich.pos.to_move_out"))
        for s in active:
            if s != mover and self.teams[s] != self.teams[mover] and \
                    self.thrones_held(s) >= (3 if self.individual() else 4):
                raise BadPosition("err.position", why=msg("weltreich.pos.won")).at(
                    *(CELLS[t] for t in THRONES if self.board[t] and self.teams[OWNER[self.board[t]]] == self.teams[s]))
        if self.result is not None and self.to_move != (mover + 1) % n:
            raise BadPosition("err.position", why=msg("weltreich.pos.win_turn", colour=self.seat_ref(mover),
                                                      player=self.seat_ref((mover + 1) % n)))
        if self.result is None:
            self.result = self._code_draw(drawn)
        if self.result is None and not self.can_move(self.to_move):
            if any(self.can_move(s) for s in active):
                raise BadPosition("err.position", why=msg("pos.no_move"))
            self.result = Outcome.draw(self, self.stuck_reason)

    def _check_counts(self) -> None:
        """Every player starts with 4 riders and 6 archers; a player gains pieces only when his
        commander captures (3-4 players without teams) and the captured player's pieces join
        him. So the riders (archers) above 4 (6) of all players add up to at most 4 (6) per
        player who is out; a player who is out has no pieces left."""
        n, b = self.num_players, self.board
        out = [s for s in range(n) if self.cmd[s] < 0] if self.individual() else []
        for s in out:
            mine = [CELLS[i] for i in range(NN) if b[i] and OWNER[b[i]] == s]
            if mine:
                raise BadPosition("err.position", why=msg("weltreich.pos.no_commander",
                                                          colour=self.seat_ref(s))).at(*mine)
        for k, most in ((RIDER, 4), (ARCHER, 6)):
            squares = [[CELLS[i] for i in range(NN) if b[i] == 1 + s * 3 + k] for s in range(n)]
            if sum(max(0, len(q) - most) for q in squares) > most * len(out):
                s = max(range(n), key=lambda s: len(squares[s]))
                raise BadPosition("err.position", why=msg(f"weltreich.pos.too_many.{k}", colour=self.seat_ref(s),
                                                          count=len(squares[s]))).at(*squares[s])

    # ---------------------------------------------------------------- board editor
    def edit_items(self) -> tuple[Item, ...]:
        """Commander, rider and archer in every colour of this player count."""
        return tuple(box.edit_item(box.char(colour, KIND_SHAPE[k]), "commander" if k == COMMANDER else "")
                     for _, colour in SEATS[self.num_players] for k in (COMMANDER, RIDER, ARCHER))

    def to_setup(self) -> Setup:
        return Setup(dict(self.options), box.setup_board(self._cells()), self.to_move, {}, self._history())

    @classmethod
    def setup_body(cls, setup: Setup) -> str:
        return box.setup_body(setup, ";")

    # ---------------------------------------------------------------- presentation
    def seat_colour(self, seat: int) -> str:
        return SEATS[self.num_players][seat][1]

    def seat_rotation(self, seat: int) -> int:
        return ROTATION[self.corner(seat)]

    def status(self) -> Message | None:
        seat = self.to_move
        if self.result is None and self.capturable(self.cmd[seat], seat):
            return "weltreich.threat", {"player": self.seat_ref(seat), "square": CELLS[self.cmd[seat]]}
        return None

    def view(self, aids: frozenset[str] = frozenset(), selected: str | None = None) -> View:
        n = self.num_players
        crowns: dict[int, list[int]] = {}
        for s in range(n):
            crowns.setdefault(self.crown(s), []).append(s)

        def mark(c: int, r: int) -> str | None:
            i = r * N + c
            return "crown" if i in crowns else "throne" if i in THRONES else None
        v = box.board_view(mark)
        for cell in v.cells:
            i = INDEX[cell.id]
            if i in crowns:
                cell.label = msg("weltreich.crown_of", players=joined(self.seat_ref(s) for s in crowns[i]))
                cell.owners = tuple(self.seat_colour(s) for s in crowns[i])     # drawn: whose crowning throne
        b = self.board
        for i in range(NN):
            x = b[i]
            if x:
                s, k = OWNER[x], KIND[x]
                v.pieces.append(Piece(CELLS[i], KIND_SHAPE[k], self.seat_colour(s),
                                          mark="commander" if k == COMMANDER else ""))
        if isinstance(self.last, int):
            v.add_layer("last", [CELLS[x] for x in divmod(self.last, NN)])
        if self.result is not None and self.result.line:
            captured = self.result.reason.startswith(("why.weltreich.commander", "why.weltreich.last"))
            v.add_layer("captured" if captured else "goal", self.result.line)
        if selected in INDEX and b[INDEX[selected]]:
            i = INDEX[selected]
            x = b[i]
            owner = OWNER[x]
            v.add_layer("reach", [CELLS[j] for j in self.piece_moves(i) if not b[j]])
            v.add_layer("capture", [CELLS[j] for j in CAPSQ[KIND[x]][i]
                                    if not b[j] or self.teams[OWNER[b[j]]] != self.teams[owner]])
        if "threatened" in aids and self.result is None:
            seat = self.to_move
            v.add_layer("danger", [CELLS[i] for i in range(NN) if b[i] and OWNER[b[i]] == seat
                                   and self.capturable(i, seat)])
        for s in range(n):
            p = self.partner(s)
            if self.cmd[s] < 0:
                v.notes.append(("weltreich.out", {"player": self.seat_ref(s)}))
            elif p is not None:           # teams hold thrones together (all 4 win): one count a team
                held = self.thrones_held(s)
                if held and (s < p or self.cmd[p] < 0):
                    v.notes.append(("weltreich.thrones_team",
                                    {"player": self.seat_ref(s), "partner": self.seat_ref(p), "n": held}))
            else:
                held = sum(1 for t in THRONES if b[t] and OWNER[b[t]] == s)
                if held:
                    v.notes.append(("weltreich.thrones", {"player": self.seat_ref(s), "n": held}))
            if self.cmd[s] >= 0 and self.cmd[s] == self.crown(s):
                    v.notes.append(("weltreich.crowned", {"player": self.seat_ref(s), "square": CELLS[self.cmd[s]]}))
        return v
