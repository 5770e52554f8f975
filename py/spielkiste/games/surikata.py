"""Surikata (Adam Porter): place out of the meerkat's view; three in a row loses.
Our reading of the rules, every choice marked: assets/rules/surikata.en.html.

5x5 board. Seat 0 is Orange and starts (as in the sheet's illustrations, where White has the
last piece); seat 1 is White. Set-up: the 5 termite mounds are placed as moves, alternately,
the starter first (mounds 1, 3, 5), or at random from the seed. The starter then places the
first piece anywhere; the meerkat stands on the piece placed last, and every later piece must
go on an empty square outside the meerkat's row and column as seen from it (a mound cuts the
view; pieces do not). Making 3+ own pieces in a continuous line loses at once, a player with
no legal square loses, and 20 pieces placed without such a line is a draw."""
import random
from collections.abc import Sequence

from ..codec import grid_decode, grid_encode, parse_int, split_fields
from ..coords import names
from ..editor import Field, Item, Setup
from ..engine import Move, Nodes, Option, Options, Outcome, Rewards, SearchSettings, State
from ..errors import BadPosition
from ..rng import Rng
from ..texts import Message, add, msg
from ..view import Piece, View, grid
from . import negamax, surikata_solver
from .surikata_board import AXES, COLOURS, MOUNDS, N, PIECES, SIZE, TRIPLES, VIEW_RAYS

CELLS = names(N, N)
INDEX = {c: i for i, c in enumerate(CELLS)}
SOLVE_EMPTY = 14     # solve() answers with at most this many empty squares (surikata_solver.py: their time)
MOUND = 100          # a mound placement at cell i is the move MOUND + i
_VIEWS: dict[int, tuple[int, ...]] = {}      # mound mask -> the view mask from each square

add({
    "opt.surikata.mounds": ("Termite mounds", "Termitenhügel"),
    "opt.surikata.mounds.hand": ("placed by the players", "von den Spielern gesetzt"),
    "opt.surikata.mounds.random": ("at random", "zufällig"),
    "surikata.place_mound": ("Set-up: {player} places termite mound {n} of 5.",
                             "Aufbau: {player} setzt Termitenhügel {n} von 5."),
    "surikata.first_piece": ("{player} places the first piece anywhere; the meerkat goes on it.",
                             "{player} setzt den ersten Stein auf ein beliebiges Feld; das Erdmännchen kommt darauf."),
    "surikata.watch": ("Place outside the meerkat's view (shaded): {count} {count:square|squares} free.",
                       "Setze außerhalb der Sicht des Erdmännchens (schattiert): {count} {count:Feld|Felder} frei."),
    "why.surikata.line": ("{loser} made {count} in a row: {winner} wins.",
                          "{loser} hat {count} in einer Reihe gesetzt: {winner} gewinnt."),
    "why.surikata.blocked": ("{loser} has no square out of the meerkat's view: {winner} wins.",
                             "{loser} hat kein Feld außerhalb der Sicht des Erdmännchens: {winner} gewinnt."),
    "why.surikata.full": ("All 20 pieces placed without three in a row: draw.",
                          "Alle 20 Steine gesetzt, keine drei in einer Reihe: unentschieden."),
    "surikata.illegal.mounds_done": ("all termite mounds are placed; place a piece (without 'm')",
                                     "alle Termitenhügel sind gesetzt; setze einen Stein (ohne „m“)"),
    "surikata.illegal.mounds_first": ("the termite mounds come first: write m{cell} to place one there",
                                      "zuerst kommen die Termitenhügel: schreibe m{cell}, um dort einen zu setzen"),
    "surikata.illegal.seen": ("the meerkat on {cell} sees that square (same row or column, no mound between)",
                              "das Erdmännchen auf {cell} sieht dieses Feld (gleiche Reihe oder Spalte, "
                              "kein Hügel dazwischen)"),
    "surikata.pos.what.mounds": ("the number of mounds to place", "die Zahl der noch zu setzenden Hügel"),
    "surikata.pos.mounds": ("{mounds} {mounds:mound|mounds} on the board and {left} to place do not make 5",
                            "{mounds} Hügel auf dem Brett und {left} zu setzende ergeben nicht 5"),
    "surikata.pos.random": ("with random mounds there are none to place by hand",
                            "bei zufälligen Hügeln wird keiner von Hand gesetzt"),
    "surikata.pos.mounds_first": ("pieces placed before all termite mounds", "Steine vor allen Termitenhügeln gesetzt"),
    "surikata.pos.count": ("Orange starts and the players alternate: {orange} orange and {white} white pieces "
                           "cannot be",
                           "Orange beginnt und die Spieler wechseln sich ab: {orange} orange und {white} weiße Steine "
                           "sind unmöglich"),
    "surikata.pos.square": ("'{text}' is not a square", "„{text}“ ist kein Feld"),
    "surikata.pos.meerkat": ("the meerkat must stand on the piece placed last",
                             "das Erdmännchen muss auf dem zuletzt gesetzten Stein stehen"),
    "surikata.pos.mound": ("the last move is not on a termite mound",
                           "der letzte Zug steht nicht auf einem Termitenhügel"),
    "surikata.pos.no_meerkat": ("the meerkat's square (the last piece) is missing",
                                "das Feld des Erdmännchens (der letzte Stein) fehlt"),
    "surikata.pos.line": ("the line through {cell} would have ended the game",
                          "die Reihe durch {cell} hätte die Partie schon beendet"),
    "surikata.pos.to_move": ("{player} is to move: Orange begins the set-up and the play, then the players alternate",
                             "{player} ist am Zug: Orange beginnt Aufbau und Spiel, dann wechseln sich die "
                             "Spieler ab"),
    "surikata.pos.meerkats": ("the meerkat stands on one piece only, the one placed last",
                              "das Erdmännchen steht nur auf einem Stein, dem zuletzt gesetzten"),
    "surikata.pos.random_mounds": ("with random mounds from seed {seed} the termite mounds stand on {cells}",
                                   "bei zufälligen Hügeln aus der Zufallszahl {seed} stehen die Termitenhügel "
                                   "auf {cells}"),
})


def random_mounds(seed: int) -> list[int]:
    """The squares of the termite mounds placed at random from a seed."""
    return sorted(Rng(seed).sample(range(SIZE), MOUNDS))


class Surikata(State):
    id = "surikata"
    move_shapes_reply = True
    option_specs = (
        Option("mounds", "choice", "hand", ("hand", "random"), "opt.surikata.mounds"),
        Option("seed", "int", 0, (), "ui.option.seed"),
    )
    move_pattern = r"(?i)m?[A-E][1-5]"
    # exploration 0.7 vs plain UCT: 73 % (96 games, 0.3 s/move) and 67 % (24, 1 s), c = 1.0 52 % and 54 %
    # the endings solved exactly (surikata_solver): with it 83 % against plain UCT at 0.3 s (48 games, before:
    # 73 %), 73 % against UCT given 4x the time (32, before: 44 %); a level solves with 16 nodes per
    # iteration, about 0.6 of an iteration's time (the solver searches 27-28 nodes in the time of one
    # iteration, in CPython and in Pyodide alike: 620,000 and 355,000 nodes a second)
    search_settings = SearchSettings(cap=40, exploration=0.7, solve=True, solve_nodes=16)
    search_version = 2      # 2: the levels solve the endings (solve_nodes)

    board: list[str]     # 'O', 'W', 'M' or '.' per cell
    mounds_left: int     # mounds still to place by hand
    meerkat: int         # the cell the meerkat stands on, -1 before the first piece

    def _setup(self, options: Options) -> None:
        self.board = ["."] * SIZE
        self.meerkat = -1
        if options["mounds"] == "random":
            for i in random_mounds(options["seed"]):
                self.board[i] = "M"
            self.mounds_left = 0
        else:
            self.mounds_left = MOUNDS

    # ---------------------------------------------------------------- rules
    def in_view(self, at: int | None = None) -> list[int]:
        """The squares the meerkat (or a meerkat on `at`) sees, in ray order; mounds cut the view."""
        at = self.meerkat if at is None else at
        if at < 0:
            return []
        board, out = self.board, []
        for ray in VIEW_RAYS[at]:
            for j in ray:
                if board[j] == "M":
                    break
                out.append(j)
        return out

    def free_squares(self) -> list[int]:
        """Empty squares out of the meerkat's view: where the player to move may place."""
        board = self.board
        if self.meerkat < 0:
            return [i for i in range(SIZE) if board[i] == "."]
        seen = set(self.in_view())
        return [i for i in range(SIZE) if board[i] == "." and i not in seen]

    def can_place(self) -> bool:
        """Has the player to move an empty square out of the meerkat's view (after the first piece)?"""
        board = self.board
        seen = self.in_view()
        return any(c == "." and i not in seen for i, c in enumerate(board))

    def legal_moves(self) -> list[int]:
        if self.result is not None:
            return []
        if self.mounds_left:
            return [MOUND + i for i in range(SIZE) if self.board[i] == "."]
        return self.free_squares()

    def lines_through(self, i: int) -> list[list[int]]:
        """The continuous runs of 3+ pieces of the colour on i that pass through i."""
        board = self.board
        colour = board[i]
        out = []
        for fwd, back in AXES[i]:
            run = [i]
            for j in fwd:
                if board[j] != colour:
                    break
                run.append(j)
            before = []
            for j in back:
                if board[j] != colour:
                    break
                before.append(j)
            if len(run) + len(before) >= 3:
                out.append(sorted(before + run))
        return out

    def makes_line(self, i: int, colour: str) -> bool:
        board = self.board
        for fwd, back in AXES[i]:
            n = 1
            for j in fwd:
                if board[j] != colour:
                    break
                n += 1
            for j in back:
                if board[j] != colour:
                    break
                n += 1
            if n >= 3:
                return True
        return False

    def learned_evaluate(self) -> Rewards | None:
        """The model learned from self-play (surikata_learned.py), for the search option `learned`
        (off: imported on first use, so the worker's start does not load its weights)."""
        from . import surikata_learned
        return surikata_learned.evaluate(self)

    def solve(self, deadline: float | None, table: surikata_solver.Table, nodes: Nodes | None = None
              ) -> Rewards | None:
        """The search's solve() hook: the rewards under perfect play (surikata_solver), or None when
        not known by `deadline` (time.perf_counter()) or within `nodes`, while the mounds are placed, before the first
        piece, or with more than SOLVE_EMPTY empty squares (longer than a move's budget)."""
        if self.result is not None:
            return self.result.rewards
        if self.mounds_left or self.meerkat < 0 or self.board.count(".") > SOLVE_EMPTY:
            return None
        mounds, own, empties = self._masks()
        empty = sum(1 << i for i in empties)
        views = _VIEWS.get(mounds) or self._views(mounds)
        seat = self.to_move
        v = surikata_solver.solve(own[seat], own[1 - seat], empty & ~views[self.meerkat], empty, views, mounds,
                                  table, deadline, nodes)
        if v is None:
            return None
        return negamax.rewards(v, seat)

    def winning_moves(self) -> list[int]:
        """The squares that leave the opponent no legal square (and make no line, and are not
        the 20th piece): the search's hook. A meerkat sees at most 8 squares, so with more
        empty squares left nothing wins at once."""
        board = self.board
        empty = [i for i in range(SIZE) if board[i] == "."]
        if self.result is not None or self.mounds_left or len(empty) > 9 or self.pieces() + 1 == PIECES:
            return []
        colour = COLOURS[self.to_move]
        out = []
        for i in self.free_squares():
            if not self.makes_line(i, colour):
                seen = set(self.in_view(i))
                if all(j == i or j in seen for j in empty):
                    out.append(i)
        return out

    def playout_move(self, rng: random.Random) -> int:
        """Random, but a piece that makes a line (and loses at once) only when nothing else is left."""
        moves = self.legal_moves()
        if self.mounds_left:
            return moves[int(rng.random() * len(moves))]
        colour = COLOURS[self.to_move]
        n = len(moves)
        while n:
            k = int(rng.random() * n)     # randrange() costs 10x more
            m = moves[k]
            if not self.makes_line(m, colour):
                return m
            n -= 1
            moves[k] = moves[n]
        return moves[0]

    def _masks(self) -> tuple[int, list[int], list[int]]:
        """The board as the bit-mask code reads it (solve, rollout): the mounds' mask, each seat's
        pieces as a mask (seat 0, seat 1) and the empty squares in order."""
        mounds, own, empty = 0, [0, 0], []
        for i, c in enumerate(self.board):
            if c == ".":
                empty.append(i)
            elif c == "M":
                mounds |= 1 << i
            else:
                own[c == "W"] |= 1 << i
        return mounds, own, empty

    def rollout(self, rng: random.Random, plies: int, seq: list[tuple[int, Move]] | None = None) -> None:
        """The playout on bit masks (3-4x faster than move by move once the mounds stand): the moves
        playout_move() picks, drawn from the same rng in the same order, so the state ends as
        play() would leave it. The mound set-up is played move by move."""
        plies = self.rollout_setup(rng, plies, seq, lambda: self.mounds_left)
        if not plies:
            return
        mounds, own, empty = self._masks()
        views = _VIEWS.get(mounds) or self._views(mounds)
        seat, at, n = self.to_move, self.meerkat, 0
        blocked = views[at] if at >= 0 else 0
        while True:
            moves = [i for i in empty if not blocked >> i & 1]
            if not moves:                                  # the player to move is blocked
                break
            mine = own[seat]
            k = len(moves)
            while k:
                j = int(rng.random() * k)
                m = moves[j]
                new = mine | 1 << m
                for t in TRIPLES[m]:
                    if t & new == t:
                        break
                else:
                    break
                k -= 1
                moves[j] = moves[k]
            else:
                m = moves[0]
            if seq is not None:
                seq.append((seat, m))
            own[seat] = mine | 1 << m
            empty.remove(m)
            n += 1
            blocked = views[m]
            at, seat = m, 1 - seat
            if k == 0 or n == plies:       # forced into a line, or the cap (the 20th piece fills
                break                      # the board: no moves at the next turn)
        board = self.board
        for i in range(SIZE):
            board[i] = "M" if mounds >> i & 1 else "O" if own[0] >> i & 1 else "W" if own[1] >> i & 1 else "."
        self.meerkat, self.to_move, self.last, self.ply = at, seat, at, self.ply + n
        self.result = self._judge(at, 1 - seat)

    def _views(self, mounds: int) -> tuple[int, ...]:
        """Each square's view mask (in_view: only the mounds cut it), kept in _VIEWS by mound mask."""
        if len(_VIEWS) > 4096:
            _VIEWS.clear()
        _VIEWS[mounds] = found = tuple(sum(1 << j for j in self.in_view(i)) for i in range(SIZE))
        return found

    def _apply(self, move: int) -> None:
        seat = self.to_move
        if move >= MOUND:
            self.board[move - MOUND] = "M"
            self.mounds_left -= 1
            self.to_move = 1 - seat if self.mounds_left else 0
            return
        self.board[move] = COLOURS[seat]
        self.meerkat = move
        self.to_move = 1 - seat
        self.result = self._judge(move, seat)

    def _judge(self, i: int, seat: int) -> Outcome | None:
        """The outcome after `seat` placed on i, or None."""
        if self.makes_line(i, COLOURS[seat]):
            best = max(self.lines_through(i), key=len)
            return Outcome.win(self, 1 - seat, "why.surikata.line", line=[CELLS[j] for j in best],
                               loser=self.seat_ref(seat), winner=self.seat_ref(1 - seat), count=len(best))
        if self.pieces() == PIECES:
            return Outcome.draw(self, "why.surikata.full")
        if not self.can_place():
            return Outcome.win(self, seat, "why.surikata.blocked",
                               loser=self.seat_ref(1 - seat), winner=self.seat_ref(seat))
        return None

    def pieces(self) -> int:
        return SIZE - self.board.count(".") - self.board.count("M")

    # ---------------------------------------------------------------- notation
    def move_text(self, move: int) -> str:
        if move >= MOUND:
            return "m" + CELLS[move - MOUND]
        return CELLS[move]

    def move_input(self, move: int) -> tuple[tuple[str, ...], str | None]:
        return (CELLS[move % MOUND],), None

    def why_illegal(self, text: str) -> Message | None:
        t = text.strip().upper()
        mound = t.startswith("M")
        cell = t[1:] if mound else t
        if cell not in INDEX:
            return None
        i = INDEX[cell]
        if self.board[i] != ".":
            return msg("illegal.not_empty")
        if mound and not self.mounds_left:
            return msg("surikata.illegal.mounds_done")
        if not mound and self.mounds_left:
            return msg("surikata.illegal.mounds_first", cell=cell)
        if i in self.in_view():
            return msg("surikata.illegal.seen", cell=CELLS[self.meerkat])
        return None

    # ---------------------------------------------------------------- position code
    def _encode_body(self) -> str:
        last = CELLS[self.last % MOUND] if isinstance(self.last, int) else ""
        return _body(self.board, self.to_move, self.mounds_left, last)

    def _decode_body(self, body: str, options: Options) -> None:
        b, seat, left, last = split_fields(body, 4)
        self.board = grid_decode(b, N, N, "OWM")
        self.to_move = parse_int(seat, 0, 1, "pos.what.to_move")
        self.mounds_left = parse_int(left, 0, MOUNDS, "surikata.pos.what.mounds")
        self.meerkat = -1
        board = self.board
        mounds = board.count("M")
        orange, white = board.count("O"), board.count("W")
        at = [CELLS[i] for i in range(SIZE) if board[i] == "M"]
        if mounds + self.mounds_left != MOUNDS:
            raise BadPosition("err.position", why=msg("surikata.pos.mounds", mounds=mounds, left=self.mounds_left)).at(
                *(at if mounds > MOUNDS else ()))
        if self.mounds_left and options["mounds"] == "random":
            raise BadPosition("err.position", why=msg("surikata.pos.random"))
        if self.mounds_left and orange + white:
            raise BadPosition("err.position", why=msg("surikata.pos.mounds_first")).at(
                *(CELLS[i] for i in range(SIZE) if board[i] in "OW"))
        if options["mounds"] == "random":
            self._check_random_mounds(options["seed"])
        if self.mounds_left:
            expected = mounds % 2
        else:
            if orange - white not in (0, 1):
                raise BadPosition("err.position", why=msg("surikata.pos.count", orange=orange, white=white))
            expected = (orange + white) % 2
        if self.to_move != expected:
            raise BadPosition("err.position", why=msg("surikata.pos.to_move", player=self.seat_ref(expected)))
        self.ply = orange + white + (mounds if options["mounds"] == "hand" else 0)
        if last:
            meerkats = last.split(",")
            if len(meerkats) > 1 and all(c in INDEX for c in meerkats):
                raise BadPosition("err.position", why=msg("surikata.pos.meerkats")).at(*meerkats)
            if last not in INDEX:
                raise BadPosition("err.position", why=msg("surikata.pos.square", text=last))
            i = INDEX[last]
            if orange + white:
                if board[i] != COLOURS[1 - self.to_move]:
                    raise BadPosition("err.position", why=msg("surikata.pos.meerkat")).at(last)
                self.last = self.meerkat = i
            elif board[i] == "M" and options["mounds"] == "hand":
                self.last = MOUND + i
            else:
                raise BadPosition("err.position", why=msg("surikata.pos.mound"))
        elif orange + white:
            raise BadPosition("err.position", why=msg("surikata.pos.no_meerkat"))
        # a line of 3 ends the game at once: only the piece placed last may be part of one
        allowed = {j for ln in self.lines_through(self.meerkat) for j in ln} if self.meerkat >= 0 else set()
        for i in range(SIZE):
            if board[i] in "OW" and i not in allowed and self.makes_line(i, board[i]):
                raise BadPosition("err.position", why=msg("surikata.pos.line", cell=CELLS[i])).at(
                    *(CELLS[j] for j in max(self.lines_through(i), key=len)))
        if self.meerkat >= 0:
            self.result = self._judge(self.meerkat, 1 - self.to_move)

    def _check_random_mounds(self, seed: int) -> None:
        """Random mounds stand where the seed put them; the squares that differ are marked."""
        want = random_mounds(seed)
        wrong = [CELLS[i] for i in range(SIZE) if (self.board[i] == "M") != (i in want)]
        if wrong:
            raise BadPosition("err.position", why=msg("surikata.pos.random_mounds", seed=seed,
                                                      cells=" ".join(CELLS[i] for i in want))).at(*wrong)

    # ---------------------------------------------------------------- board editor
    def edit_items(self) -> tuple[Item, ...]:
        """Orange and White pieces, each also with the meerkat on it (it stands on the piece
        placed last; its square is the code's last-move field), and the termite mound."""
        return (Item("O", "disc", "orange"), Item("W", "disc", "white"),
                Item("O*", "disc", "orange", "meerkat"), Item("W*", "disc", "white", "meerkat"),
                Item("M", "mound", "neutral"))

    def edit_fields(self) -> tuple[Field, ...]:
        return (Field("mounds_left", "surikata.pos.what.mounds", 0, MOUNDS),)

    def to_setup(self) -> Setup:
        """The meerkat is a piece of the board; only a last mound placement is history."""
        board: dict[str, tuple[str, ...]] = {CELLS[i]: (x + "*" if i == self.meerkat else x,)
                                             for i, x in enumerate(self.board) if x != "."}
        mound = isinstance(self.last, int) and self.last >= MOUND
        return Setup(dict(self.options), board, self.to_move, {"mounds_left": self.mounds_left},
                     CELLS[self.last - MOUND] if mound else "")

    @classmethod
    def setup_body(cls, setup: Setup) -> str:
        """Every square with the meerkat goes into the last-move field (the reader wants one)."""
        cells = [setup.board.get(c, (".",))[-1] for c in CELLS]
        meerkats = [c for c, x in zip(CELLS, cells, strict=True) if x.endswith("*")]
        return _body([x[0] for x in cells], setup.to_move, setup.fields.get("mounds_left", 0),
                     ",".join(meerkats) or setup.history)

    # ---------------------------------------------------------------- presentation
    def seat_colour(self, seat: int) -> str:
        return "orange" if seat == 0 else "white"

    def seat_rotation(self, seat: int) -> int:
        return 0

    def status(self) -> Message | None:
        if self.result is not None:
            return None
        if self.mounds_left:
            return "surikata.place_mound", {"player": self.seat_ref(self.to_move), "n": MOUNDS - self.mounds_left + 1}
        if self.meerkat < 0:
            return "surikata.first_piece", {"player": self.seat_ref(self.to_move)}
        return "surikata.watch", {"count": len(self.free_squares())}

    def view(self, aids: frozenset[str] = frozenset(), selected: str | None = None) -> View:
        v = grid(N, N, fill=lambda c, r: "sand")
        colour = {"O": "orange", "W": "white"}
        for i, x in enumerate(self.board):
            if x == "M":
                v.pieces.append(Piece(CELLS[i], "mound", "neutral"))
            elif x != ".":
                v.pieces.append(Piece(CELLS[i], "disc", colour[x], mark="meerkat" if i == self.meerkat else ""))
        if isinstance(self.last, int):
            v.add_layer("last", [CELLS[self.last % MOUND]])
        if self.meerkat >= 0:
            v.add_layer("view", [CELLS[j] for j in self.in_view()])
            for line in self.lines_through(self.meerkat):
                v.lines.append(("win", [CELLS[j] for j in line]))
        return v


def _body(board: Sequence[str], to_move: int, mounds_left: int, last: str) -> str:
    """A position code body: board, seat to move, mounds still to place, the last move's square."""
    return ";".join([grid_encode(board, N), str(to_move), str(mounds_left), last])
