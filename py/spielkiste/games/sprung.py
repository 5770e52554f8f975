"""Schaff den Sprung (Sid Sackson's Blockade box): a race to the right.
Our reading of the rules, every choice marked: assets/rules/sprung.en.html.

Each seat owns the three rows of one left-edge field of the box board and starts with 6
squares (columns A-B) and 3 triangles (column C) there. A piece moves right within its row
to the first empty square: one step, or a jump over the unbroken run of pieces directly to
its right. A piece that stops in a column holding 1 or 3 opposing pieces (3-4 players: an odd
number) may move again; continuing is optional, so the bonus is a decision of the same seat:
the piece's next move, or 'stop'. The first seat (team: both partners) to fill the three
goal squares J-L of its rows wins. A seat that cannot move (its goal is full, or in the expert
variant full in the wrong order) is passed over.

Moves are ints 144 * from + to; STOP ends a bonus sequence."""
import math
import random

from ..codec import grid_decode, parse_int, split_fields
from ..editor import Item, Setup
from ..engine import Option, Options, Outcome, Rewards, SearchSettings, State
from ..errors import BadPosition
from ..texts import Message, add, msg
from ..view import View
from . import box
from .box import CELLS, INDEX, N

STOP = -1
START_DISTANCE = 81                           # remaining() at the start: 3 rows x (9 + 9 + 9)
GOAL_COL = 9                                  # J: the goal field is J-L of own rows
TRIANGLE_COL = 2                              # C: the triangles start here, the squares on A-B

# seat -> (colour, top row) per player count: Blue rows 4-6 and Red rows 7-9 (Abb. 8), then
# Yellow rows 10-12 and Green rows 1-3 (our choice of seats and colours for 3-4 players). The
# turn runs down the board; with 4 it starts at the top, so that partners (seats 0+1, 2+3)
# own neighbouring rows: Green with Blue against Red with Yellow.
LAYOUT = {
    2: (("blue", 3), ("red", 6)),
    3: (("blue", 3), ("red", 6), ("yellow", 9)),
    4: (("green", 0), ("blue", 3), ("red", 6), ("yellow", 9)),
}

add({
    "opt.sprung.expert": ("Expert variant: triangles must finish in the front column L",
                          "Variante für Erfahrene: Dreiecke müssen in der vorderen Spalte L ankommen"),
    "sprung.stop": ("Stop here (end the turn)", "Hier aufhören (Zug beenden)"),
    "sprung.bonus": ("{player} may move the piece on {cell} again (column {col} holds {count} opposing "
                     "{count:piece|pieces}) or stop.",
                     "{player} darf die Figur auf {cell} nochmals ziehen (Spalte {col} hat {count} "
                     "{count:gegnerische Figur|gegnerische Figuren}) oder aufhören."),
    "sprung.passed": ("{player} cannot move and is passed over.", "{player} kann nicht ziehen und wird übersprungen."),
    "why.sprung.goal": ("{winner} fills the goal field and wins.", "{winner} besetzt das Zielfeld und gewinnt."),
    "why.sprung.goal_team": ("{winner} and {partner} fill their goal fields and win.",
                             "{winner} und {partner} besetzen ihre Zielfelder und gewinnen."),
    "aid.bonus_columns": ("Squares that earn a bonus move", "Felder, die einen Extrazug bringen"),
})

add({
    "sprung.illegal.stop": ("'stop' ends a bonus move sequence; there is none now",
                            "„stop“ beendet eine Folge von Extrazügen; gerade gibt es keine"),
    "sprung.illegal.bonus": ("only the piece on {cell} may move again (or stop)",
                             "nur die Figur auf {cell} darf noch einmal ziehen (oder stop)"),
    "sprung.illegal.not_yours": ("that is not your piece", "das ist nicht deine Figur"),
    "sprung.illegal.row": ("a piece stays in its own row", "eine Figur bleibt in ihrer Reihe"),
    "sprung.illegal.right": ("pieces move to the right only", "Figuren ziehen nur nach rechts"),
    "sprung.illegal.blocked": ("that piece is blocked up to the edge", "diese Figur ist bis zum Rand blockiert"),
    "sprung.illegal.first_empty": ("the piece moves to the first empty square to its right, {cell}",
                                   "die Figur zieht auf das erste leere Feld rechts von ihr, {cell}"),
    "sprung.pos.row": ("row {row} must hold 2 squares and 1 triangle of {player}",
                       "Reihe {row} muss 2 Vierecke und 1 Dreieck von {player} enthalten"),
    "sprung.pos.triangle": ("a triangle starts in column C and moves only to the right: it cannot stand on {cell}",
                            "ein Dreieck beginnt in Spalte C und zieht nur nach rechts: es kann nicht auf {cell} "
                            "stehen"),
    "sprung.pos.no_move": ("{player} cannot move (the goal squares are full) and so cannot be the side to move",
                           "{player} kann nicht ziehen (die Zielfelder sind voll) und ist daher nicht am Zug"),
    "sprung.pos.nobody": ("row {row} belongs to nobody", "Reihe {row} gehört niemandem"),
    "sprung.pos.last": ("'{text}' is not a move to an occupied square", "„{text}“ ist kein Zug auf ein besetztes Feld"),
    "sprung.pos.two_winners": ("two sides have filled their goal fields", "zwei Seiten haben ihre Zielfelder gefüllt"),
    "sprung.pos.winner": ("{player} has filled the goal field, so {player} moved last and must be the side to move",
                          "{player} hat das Zielfeld gefüllt, hat also zuletzt gezogen und muss am Zug sein"),
    "sprung.pos.bonus_over": ("a bonus move after the game ended", "ein Extrazug nach dem Ende der Partie"),
    "sprung.pos.bonus_square": ("the bonus square is not on the board",
                                "das Feld des Extrazugs liegt nicht auf dem Brett"),
    "sprung.pos.bonus_piece": ("the bonus piece is not a piece of the player to move",
                               "die Figur des Extrazugs gehört nicht dem Spieler am Zug"),
    "sprung.pos.bonus_earned": ("that piece has not earned a bonus move", "diese Figur hat keinen Extrazug verdient"),
})


class Sprung(State):
    id = "sprung"
    version = 2                     # 2: with 4 players Green moves first; partners are seats 0+1, 2+3
    player_counts = (2, 3, 4)
    team_counts = (4,)
    option_specs = (
        Option("expert", "bool", False, (), "opt.sprung.expert"),
    )
    move_pattern = r"(?i)stop|[A-L](1[0-2]|[1-9])-[A-L](1[0-2]|[1-9])"
    aids = ("bonus_columns",)
    stuck_reason = "why.box.stuck"
    search_settings = SearchSettings(cap=30)   # then evaluate(): the race is measured well by distance

    board: list[str]     # 144 box letters, '.' empty
    bonus: int           # square of the piece that may move again, -1 if none
    colcount: list[int]  # colcount[seat * 12 + col]: pieces of seat in column col

    def _setup(self, options: Options) -> None:
        self._init_tables()
        self.board = ["."] * (N * N)
        for seat in range(self.num_players):
            colour, top = self.layout[seat]
            sq, tri = box.char(colour, box.SQUARE), box.char(colour, box.TRIANGLE)
            for r in range(top, top + 3):
                self.board[r * N:r * N + TRIANGLE_COL + 1] = sq, sq, tri
        self.bonus = -1
        self._count()

    def _init_tables(self) -> None:
        self.layout = LAYOUT[self.num_players]
        owner = {}
        for seat, (colour, _top) in enumerate(self.layout):
            for shape in (box.SQUARE, box.TRIANGLE):
                owner[box.char(colour, shape)] = seat
        self.owner = owner
        # opposing seats of each seat (teams: the other team)
        self.opp = [tuple(o for o in range(self.num_players) if self.teams[o] != self.teams[s])
                    for s in range(self.num_players)]

    def _count(self) -> None:
        cc = [0] * (self.num_players * N)
        for i, ch in enumerate(self.board):
            if ch != ".":
                cc[self.owner[ch] * N + i % N] += 1
        self.colcount = cc

    # ---------------------------------------------------------------- rules
    def rows_of(self, seat: int) -> range:
        top = self.layout[seat][1]
        return range(top, top + 3)

    def dest(self, i: int) -> int:
        """Where the piece on square i moves: the first empty square to its right, or -1."""
        board = self.board
        end = i - i % N + N
        j = i + 1
        while j < end:
            if board[j] == ".":
                return j
            j += 1
        return -1

    def opposing_in_column(self, seat: int, col: int) -> int:
        cc = self.colcount
        return sum(cc[o * N + col] for o in self.opp[seat])

    def earns_bonus(self, seat: int, col: int) -> bool:
        k = self.opposing_in_column(seat, col)
        if self.num_players == 2:
            return k == 1 or k == 3
        return k % 2 == 1

    def piece_moves(self, seat: int) -> list[int]:
        out = []
        board, dest = self.board, self.dest
        for r in self.rows_of(seat):
            base = r * N
            for c in range(N - 1):
                if board[base + c] != ".":
                    j = dest(base + c)
                    if j >= 0:
                        out.append((base + c) * 144 + j)
        return out

    def legal_moves(self) -> list[int]:
        if self.result is not None:
            return []
        if self.bonus >= 0:
            return [self.bonus * 144 + self.dest(self.bonus), STOP]
        return self.piece_moves(self.to_move)

    def playout_move(self, rng: random.Random) -> int:
        if self.bonus >= 0:
            if rng.random() < 0.9:
                return self.bonus * 144 + self.dest(self.bonus)
            return STOP
        moves = self.piece_moves(self.to_move)
        return moves[rng.randrange(len(moves))]

    def can_move(self, seat: int) -> bool:
        board = self.board
        for r in self.rows_of(seat):
            # a row is frozen only when its pieces stand on J, K and L
            if board[r * N + 9] == "." or board[r * N + 10] == "." or board[r * N + 11] == ".":
                return True
        return False

    def goal_full(self, seat: int) -> bool:
        board = self.board
        expert = self.options["expert"]
        colour = self.layout[seat][0]
        tri = box.char(colour, box.TRIANGLE)
        for r in self.rows_of(seat):
            b = r * N
            if board[b + 9] == "." or board[b + 10] == "." or board[b + 11] == ".":
                return False
            if expert and board[b + 11] != tri:
                return False
        return True

    def team_done(self, seat: int) -> bool:
        team = self.teams[seat]
        return all(self.goal_full(s) for s in range(self.num_players) if self.teams[s] == team)

    def _apply(self, move: int) -> None:
        seat = self.to_move
        if move == STOP:
            self.bonus = -1
            self._end_turn(seat)
            return
        f, t = divmod(move, 144)
        board = self.board
        board[t] = board[f]
        board[f] = "."
        if f % N != t % N:
            cc = self.colcount
            cc[seat * N + f % N] -= 1
            cc[seat * N + t % N] += 1
        if t % N >= GOAL_COL and self.team_done(seat):
            self.bonus = -1
            self.result = self.win(seat, "why.sprung.goal", line=self.goal_cells(seat))
            return
        if self.earns_bonus(seat, t % N) and self.dest(t) >= 0:
            self.bonus = t
            return
        self.bonus = -1
        self._end_turn(seat)

    def remaining(self, seat: int) -> int:
        """Squares the seat's pieces still have to travel, at least (each row's pieces, rightmost
        first, to L, K and J)."""
        board = self.board
        total = 0
        for r in self.rows_of(seat):
            b = r * N
            target = 11
            for c in range(11, -1, -1):
                if board[b + c] != ".":
                    total += target - c
                    target -= 1
        return total

    def to_go(self, seat: int) -> int | None:
        """remaining(), and in the expert variant a penalty for each piece still ahead of a
        triangle (it has to be overtaken); None when a row is frozen in the wrong order."""
        total = self.remaining(seat)
        if not self.options["expert"]:
            return total
        board = self.board
        tri = box.char(self.layout[seat][0], box.TRIANGLE)
        for r in self.rows_of(seat):
            b = r * N
            if board[b + 9] != "." and board[b + 10] != "." and board[b + 11] != ".":
                if board[b + 11] != tri:
                    return None
                continue
            ahead = 0
            for c in range(11, -1, -1):
                ch = board[b + c]
                if ch == tri:
                    break
                if ch != ".":
                    ahead += 1
            total += 4 * ahead
        return total

    def evaluate(self) -> Rewards | None:
        """A race: the side with less distance to go is ahead (teams add both partners'); in
        the expert variant a side with a row frozen in the wrong order cannot win."""
        n = self.num_players
        teams = sorted(set(self.teams))
        dist: dict[int, int | None] = {}
        for tm in teams:
            d: int | None = 0
            for s in range(n):
                if self.teams[s] == tm:
                    g = self.to_go(s)
                    d = None if g is None or d is None else d + g
            dist[tm] = d
        alive = [d for d in dist.values() if d is not None]
        if not alive:
            return (0.5,) * n
        best = min(alive)
        w = {tm: (math.exp(-(d - best) / 6.0) if d is not None else 0.0) for tm, d in dist.items()}
        z = sum(w.values())
        return tuple(w[self.teams[s]] / z for s in range(n))

    # ---------------------------------------------------------------- notation
    def follows_up(self) -> bool:
        """A bonus move (or its 'stop') is part of the turn that earned it: the move lists write the
        whole chain as one move ("B5-D5 D5-E5 stop"), numbered once."""
        return self.bonus >= 0 and self.result is None

    def move_text(self, move: int) -> str:
        if move == STOP:
            return "stop"
        f, t = divmod(move, 144)
        return f"{CELLS[f]}-{CELLS[t]}"

    def move_input(self, move: int) -> tuple[tuple[str, ...], str | None]:
        if move == STOP:
            return (), "sprung.stop"
        f, t = divmod(move, 144)
        return (CELLS[f], CELLS[t]), None

    def why_illegal(self, text: str) -> Message | None:
        s = text.strip().upper()
        if s == "STOP":
            return msg("sprung.illegal.stop")
        a, _, b = s.partition("-")
        if a not in INDEX or b not in INDEX:
            return msg("illegal.off_board")
        f, t = INDEX[a], INDEX[b]
        seat = self.to_move
        if self.bonus >= 0 and f != self.bonus:
            return msg("sprung.illegal.bonus", cell=CELLS[self.bonus])
        if self.board[f] == "." or self.owner.get(self.board[f]) != seat:
            return msg("sprung.illegal.not_yours")
        if f // N != t // N:
            return msg("sprung.illegal.row")
        if t % N <= f % N:
            return msg("sprung.illegal.right")
        d = self.dest(f)
        if d < 0:
            return msg("sprung.illegal.blocked")
        return msg("sprung.illegal.first_empty", cell=CELLS[d])

    # ---------------------------------------------------------------- position code
    @classmethod
    def _upgrade(cls, version: int, options: Options, body: str) -> str:
        """Version 1 codes without teams; with 4 players their seats ran Blue, Red, Yellow,
        Green, one behind today's."""
        if version == 1 and not options.get("teams"):
            if options.get("players") != 4:
                return body
            fields = body.split(";")
            if len(fields) == 4 and fields[1] in ("0", "1", "2", "3"):
                return ";".join([fields[0], str((int(fields[1]) + 1) % 4)] + fields[2:])
        return super()._upgrade(version, options, body)

    def _encode_body(self) -> str:
        return box.code_body(self.board, self.to_move, self._history())

    def _history(self) -> str:
        """The bonus square and the last move: what only a played game has (a bonus needs the
        move that earned it)."""
        last = self.move_text(self.last) if self.last is not None else ""
        return f"{CELLS[self.bonus] if self.bonus >= 0 else ''};{last}"

    def _decode_body(self, body: str, options: Options) -> None:
        self._init_tables()
        b, seat, bonus, last = split_fields(body, 4)
        self.board = grid_decode(b, N, N, "".join(self.owner))
        self.to_move = parse_int(seat, 0, self.num_players - 1, "pos.what.to_move")
        for s in range(self.num_players):
            colour = self.layout[s][0]
            tri = box.char(colour, box.TRIANGLE)
            for r in self.rows_of(s):
                row = self.board[r * N:(r + 1) * N]
                mine = [ch for ch in row if ch != "."]
                if len(mine) != 3 or mine.count(tri) != 1 or any(self.owner[ch] != s for ch in mine):
                    raise BadPosition("err.position", why=msg("sprung.pos.row", row=r + 1, player=self.seat_ref(s))).at(
                        *CELLS[r * N:(r + 1) * N])
                if tri in row[:TRIANGLE_COL]:             # it never moves left of its start
                    cell = CELLS[r * N + row.index(tri)]
                    raise BadPosition("err.position", why=msg("sprung.pos.triangle", cell=cell)).at(cell)
        for r in range(N):
            if not any(r in self.rows_of(s) for s in range(self.num_players)) and \
                    any(ch != "." for ch in self.board[r * N:(r + 1) * N]):
                raise BadPosition("err.position", why=msg("sprung.pos.nobody", row=r + 1)).at(
                    *(CELLS[i] for i in range(r * N, (r + 1) * N) if self.board[i] != "."))
        self._count()
        self.bonus = -1
        if last:
            f, _, t = last.upper().partition("-")
            if last.lower() == "stop":
                self.last = STOP
            elif f in INDEX and t in INDEX and INDEX[f] // N == INDEX[t] // N and INDEX[f] < INDEX[t] \
                    and self.board[INDEX[t]] != ".":
                self.last = INDEX[f] * 144 + INDEX[t]
            else:
                raise BadPosition("err.position", why=msg("sprung.pos.last", text=last))
        self.ply = sum(START_DISTANCE - self.remaining(s) for s in range(self.num_players)) // 2
        winners = [s for s in range(self.num_players) if self.team_done(s)]
        if winners:
            goals = [c for s in winners for c in self.goal_cells(s)]
            if len({self.teams[s] for s in winners}) > 1:
                raise BadPosition("err.position", why=msg("sprung.pos.two_winners")).at(*goals)
            if self.to_move not in winners:
                raise BadPosition("err.position", why=msg("sprung.pos.winner", player=self.seat_ref(winners[0]))).at(
                    *goals)
            if bonus:
                raise BadPosition("err.position", why=msg("sprung.pos.bonus_over"))
            self.result = self.win(self.to_move, "why.sprung.goal", line=self.goal_cells(self.to_move))
            return
        if bonus:
            if bonus.upper() not in INDEX:
                raise BadPosition("err.position", why=msg("sprung.pos.bonus_square"))
            i = INDEX[bonus.upper()]
            if self.board[i] == "." or self.owner[self.board[i]] != self.to_move:
                raise BadPosition("err.position", why=msg("sprung.pos.bonus_piece"))
            if not self.earns_bonus(self.to_move, i % N) or self.dest(i) < 0 or \
                    not isinstance(self.last, int) or self.last == STOP or self.last % 144 != i:
                raise BadPosition("err.position", why=msg("sprung.pos.bonus_earned"))
            self.bonus = i
        if not any(self.can_move(s) for s in range(self.num_players)):
            self.result = Outcome.draw(self, self.stuck_reason)
        elif not self.can_move(self.to_move):
            raise BadPosition("err.position", why=msg("sprung.pos.no_move", player=self.seat_ref(self.to_move))).at(
                *self.goal_cells(self.to_move))

    # ---------------------------------------------------------------- board editor
    def edit_items(self) -> tuple[Item, ...]:
        """The squares and the triangle of every seat's colour (Sprung uses no cylinders)."""
        return tuple(box.edit_item(box.char(colour, shape))
                     for colour, _top in self.layout for shape in (box.SQUARE, box.TRIANGLE))

    def to_setup(self) -> Setup:
        history = self._history()
        return Setup(dict(self.options), box.setup_board(self.board), self.to_move, {},
                     history if history != ";" else "")

    @classmethod
    def setup_body(cls, setup: Setup) -> str:
        return box.setup_body(setup, ";")

    # ---------------------------------------------------------------- presentation
    def seat_colour(self, seat: int) -> str:
        return self.layout[seat][0]

    def seat_rotation(self, seat: int) -> int:
        return 0

    def goal_cells(self, seat: int) -> list[str]:
        return [CELLS[r * N + c] for r in self.rows_of(seat) for c in range(GOAL_COL, N)]

    def status(self) -> Message | None:
        if self.result is None and self.bonus >= 0:
            seat = self.to_move
            col = self.bonus % N
            return "sprung.bonus", {"player": self.seat_ref(seat), "cell": CELLS[self.bonus],
                                    "col": CELLS[col][0], "count": self.opposing_in_column(seat, col)}
        return None

    def view(self, aids: frozenset[str] = frozenset(), selected: str | None = None) -> View:
        v = box.board_view()
        expert = self.options["expert"]
        box.add_pieces(v, self.board)
        for seat in range(self.num_players):
            top = self.layout[seat][1]
            v.regions.append((GOAL_COL, top, 3, 3, "goal"))
        if expert:
            for seat in range(self.num_players):
                for r in self.rows_of(seat):
                    v.cells[r * N + 11].mark = "goal"
        if self.result is not None:
            for s in self.result.winners:
                v.add_layer("goal", self.goal_cells(s))
            return self._last_layer(v)
        seat = self.to_move
        for s in range(self.num_players):
            if not self.can_move(s):
                v.notes.append(("sprung.passed", {"player": self.seat_ref(s)}))
        v.add_layer("goal", [c for c in self.goal_cells(seat) if self.board[INDEX[c]] == "."])
        if self.bonus >= 0:
            v.add_layer("due", [CELLS[self.bonus]])
        if "bonus_columns" in aids:
            cols = [c for c in range(N) if self.earns_bonus(seat, c)]
            v.add_layer("reach", [CELLS[r * N + c] for r in self.rows_of(seat) for c in cols])
        if selected in INDEX:
            i = INDEX[selected]
            if self.board[i] != "." and self.owner[self.board[i]] == seat and (self.bonus < 0 or i == self.bonus):
                d = self.dest(i)
                if d >= 0:
                    v.add_layer("path", [CELLS[k] for k in range(i + 1, d + 1)])
        return self._last_layer(v)

    def _last_layer(self, v: View) -> View:
        if isinstance(self.last, int) and self.last != STOP:
            f, t = divmod(self.last, 144)
            v.add_layer("last", [CELLS[f], CELLS[t]])
        return v
