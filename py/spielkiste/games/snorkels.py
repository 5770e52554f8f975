"""Snorkels (Mark Engelberg): Go-like placement on 7x7; the first captured loses.
Our reading of the rules, every choice marked: assets/rules/snorkels.en.html.

Seats are the players; colours are what they play. Seat 0 starts with Purple; with the pie
rule, seat 1's first decision may be 'swap', after which seat 0 plays Green and moves next.
Optional stones are placed at random from the seed, or by hand as set-up moves (the seats
alternate, the starting seat first)."""
import random
from collections.abc import Iterable
from typing import Any

from ..codec import grid_decode, grid_encode, parse_int, split_fields
from ..coords import names
from ..editor import Field, Item, Setup
from ..engine import Nodes, Option, Options, Outcome, Rewards, SearchSettings, State
from ..errors import BadPosition
from ..rng import Rng
from ..texts import Message, add, msg
from ..view import Piece, View, grid
from . import negamax, snorkels_tactics as tactics
from .snorkels_tactics import around, group

N = 7
CELLS = names(N, N)
INDEX = {c: i for i, c in enumerate(CELLS)}
NEIGHBOURS = [tuple(nr * N + nc for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                    if 0 <= nr < N and 0 <= nc < N) for r in range(N) for c in range(N)]
SWAP = "swap"
STONE = 100          # a stone placement at cell i is the move STONE + i

add({
    "opt.snorkels.pie": ("Pie rule (second player may swap colours)", "Tortenregel (Zweiter darf die Farben tauschen)"),
    "opt.snorkels.stones": ("Stones", "Steine"),
    "opt.snorkels.setup": ("Stones placed", "Steine gesetzt"),
    "opt.snorkels.setup.random": ("at random", "zufällig"),
    "opt.snorkels.setup.hand": ("by hand before the game", "von Hand vor der Partie"),
    "snorkels.swap": ("Swap colours (pie rule)", "Farben tauschen (Tortenregel)"),
    "snorkels.place_stone": ("Set-up: place stone {n} of {total}.", "Aufbau: Stein {n} von {total} setzen."),
    "snorkels.pie_choice": ("Pie rule: {player} may swap colours or play on.",
                            "Tortenregel: {player} darf die Farben tauschen oder weiterspielen."),
    "why.snorkels.captured": ("{loser} captured: {winner} wins.", "{loser} geschlagen: {winner} gewinnt."),
    "why.snorkels.self": ("{loser} captured itself: {winner} wins.",
                          "{loser} hat sich selbst geschlagen: {winner} gewinnt."),
    "snorkels.illegal.swap": ("a swap is only possible as the second player's first decision under the pie rule",
                              "Tauschen ist nur mit der Tortenregel als erste Entscheidung des zweiten Spielers "
                              "möglich"),
    "snorkels.pos.what.stones": ("the number of stones to place", "die Zahl der noch zu setzenden Steine"),
    "snorkels.pos.what.swapped": ("the swap flag", "die Tauschmarke"),
    "snorkels.edit.swapped": ("Colours swapped (pie rule)", "Farben getauscht (Tortenregel)"),
    "snorkels.pos.setup": ("during the set-up, the stones placed and those to place make the number chosen, "
                           "the players take turns from the first, and nobody has swapped",
                           "im Aufbau ergeben gesetzte und noch zu setzende Steine die gewählte Zahl, "
                           "die Spieler setzen abwechselnd ab dem ersten, und niemand hat getauscht"),
    "snorkels.pos.stones": ("more than 3 stones", "mehr als 3 Steine"),
    "snorkels.pos.stones_first": ("snorkels placed before the stones", "Schnorchel vor den Steinen gesetzt"),
    "snorkels.pos.count": ("Purple moves first, so Purple has as many snorkels as Green when Purple is to move, "
                           "and one more when Green is",
                           "Lila beginnt, also hat Lila so viele Schnorchel wie Grün, wenn Lila am Zug ist, "
                           "und einen mehr, wenn Grün am Zug ist"),
    "snorkels.pos.last": ("the last move is not on an occupied square",
                          "der letzte Zug steht nicht auf einem besetzten Feld"),
    "snorkels.pos.again": ("the player who moved last is to move again", "wer zuletzt gezogen hat, ist wieder am Zug"),
    "snorkels.pos.captured": ("the group at {cell} would have been captured already",
                              "die Gruppe auf {cell} wäre schon geschlagen worden"),
})


class Snorkels(State):
    id = "snorkels"
    takes_pieces = True
    option_specs = (
        Option("pie", "bool", True, (), "opt.snorkels.pie"),
        Option("stones", "int", 0, (0, 1, 2, 3), "opt.snorkels.stones"),
        Option("setup", "choice", "random", ("random", "hand"), "opt.snorkels.setup"),
        Option("seed", "int", 0, (), "ui.option.seed"),
    )
    move_pattern = r"(?i)swap|s?[A-G][1-7]"
    # implicit minimax over evaluate() (the weakest group's free tubes): one reply that shuts a group in
    # counts at once. 28/32 = 88 % against the search without at 0.3 s (strength.py --game snorkels
    # --a mcts:0.3s,minimax=0.3 --b mcts:0.3s --games 32 --seed 5942); against UCT given 4x the time 83 %
    # (24 games, before: 50 %), at equal time 75 % as before (32 games; issue 53).
    # The playouts' policy (snorkels_tactics.playout_move: capture, escape, two tubes; 3.3x slower than
    # random stones) with RAVE: 20/24 against RAVE alone, RAVE 17/24 against none (0.3 s; RAVE 60 and 600
    # against 200: 13/24 and 10/24). The forced captures (solve, a ladder read to its end): 25/32 and 23/32
    # against the same search without them (--b mcts:0.3s,solve=0, seeds 642 and 641). Against UCT
    # (strength.py --issue53 --seconds 0.3 --games 32 --games-4x 24 --game snorkels --seed 5961): 32/32 at
    # equal time (was 75 %), 24/24 given 4x the time (was 83 %)
    search_settings = SearchSettings(minimax=0.3, rave=200, solve=True, solve_nodes=4)
    search_version = 3      # 2: implicit minimax; 3: the playout policy, RAVE, the forced captures solved

    board: list[str]     # 'P', 'G', 'S' or '.' per cell
    swapped: bool        # True after a pie swap: seat 0 plays Green
    stones_left: int     # stones still to place by hand

    def _setup(self, options: Options) -> None:
        self.board = ["."] * (N * N)
        self.swapped = False
        self.stones_left = 0
        if options["stones"]:
            if options["setup"] == "hand":
                self.stones_left = options["stones"]
            else:
                for i in Rng(options["seed"]).sample(range(N * N), options["stones"]):
                    self.board[i] = "S"

    # ---------------------------------------------------------------- rules
    def colour_of(self, seat: int) -> str:
        return "P" if (seat == 0) != self.swapped else "G"

    def pie_pending(self) -> bool:
        return (self.options["pie"] and not self.swapped and self.stones_left == 0
                and self.board.count("P") == 1 and self.board.count("G") == 0)

    def legal_moves(self) -> list[int | str]:
        if self.result is not None:
            return []
        empty = [i for i, v in enumerate(self.board) if v == "."]
        if self.stones_left:
            return [STONE + i for i in empty]
        return ([SWAP] if self.pie_pending() else []) + empty

    def winning_moves(self) -> list[int | str]:
        """The last free tube of every enemy group (filling it captures the group: the mover wins
        even if its own group is captured too): the search's hook, cheaper than trying every move.
        With one empty square left, that square is tried (filling the board wins too)."""
        board = self.board
        if self.result is not None or self.stones_left:
            return []
        if board.count(".") <= 1:
            return [m for m in self.legal_moves() if m != SWAP and self._wins_by_trial(m)]
        enemy = "G" if self.colour_of(self.to_move) == "P" else "P"
        out, seen = set(), set()
        for i, v in enumerate(board):
            if v == enemy and i not in seen:
                cells, _ = self.group(i)
                seen |= cells
                tubes = self.tubes(cells)
                if len(tubes) == 1:
                    out |= tubes
        return sorted(out)

    def _wins_by_trial(self, move: int | str) -> bool:
        s = self.copy()
        s.play(move)
        return s.result is not None and s.result.rewards[self.to_move] == 1.0

    def playout_move(self, rng: random.Random) -> int | str:
        """Set-up stones at random; then the policy of snorkels_tactics.playout_move (the pie rule's
        swap is never played)."""
        board = self.board
        if self.stones_left:
            while True:   # a random empty square; the board never fills (see test_full_board_impossible)
                i = rng.randrange(N * N)
                if board[i] == ".":
                    return STONE + i
        me, op, empty = self._masks()
        return tactics.playout_move(me, op, empty, op, self._last_stone(), rng)[0]

    def solve(self, deadline: float | None, table: dict[Any, Any], nodes: Nodes | None = None) -> Rewards | None:
        """The search's solve() hook: the result the forced captures decide (snorkels_tactics.solve:
        a ladder read to its end), else None, as while stones are set up or the pie rule's swap is
        open. `table` is not used: each answer is read afresh, in a few hundred positions at most."""
        if self.result is not None:
            return self.result.rewards
        if self.stones_left or self.pie_pending():
            return None
        me, op, empty = self._masks()
        v = tactics.solve(me, op, empty, deadline, nodes)
        return None if v is None else negamax.rewards(v, self.to_move)

    def _masks(self) -> tuple[int, int, int]:
        """The mover's stones, the opponent's and the empty cells, as bit masks."""
        own, other = self.colour_of(self.to_move), self.colour_of(1 - self.to_move)
        me = op = empty = 0
        for i, v in enumerate(self.board):
            if v == ".":
                empty |= 1 << i
            elif v == own:
                me |= 1 << i
            elif v == other:
                op |= 1 << i
        return me, op, empty

    def _last_stone(self) -> int:
        """The last move's cell as a mask if it placed a player's stone, else 0."""
        return 1 << self.last if isinstance(self.last, int) and self.last < STONE else 0

    def rollout(self, rng: random.Random, plies: int, seq: list[tuple[int, int | str]] | None = None) -> None:
        """The playout on bit masks: the moves playout_move() picks, drawn from the same rng in the
        same order, so the state ends as play() would leave it. From each side's second move on,
        only the groups the last two stones touched can have one tube left (a policy move would
        have captured any other), so only they are looked at. A move that ends the game is
        played by play(), which names the result."""
        plies = self.rollout_setup(rng, plies, seq, lambda: self.stones_left)
        if not plies:
            return
        me, op, empty = self._masks()
        last, mine, seat, n, moves = self._last_stone(), 0, self.to_move, 0, []
        while n < plies:
            seeds = op if n < 2 else last | around(mine)
            m, captures = tactics.playout_move(me, op, empty, seeds, last, rng)
            bit = 1 << m
            left = empty & ~bit
            if captures or not left or not around(group(bit, me | bit)) & left:
                break                                 # a capture, a self-capture or the last cell: play() ends it
            if seq is not None:
                seq.append((seat, m))
            moves.append(m)
            me, op, empty, last, mine, seat, n = op, me | bit, left, bit, last, 1 - seat, n + 1
        else:
            m = -1
        board = self.board
        for i, cell in enumerate(moves):
            board[cell] = self.colour_of(self.to_move ^ (i & 1))
        if moves:
            self.to_move, self.last, self.ply = seat, moves[-1], self.ply + len(moves)
        if m >= 0:
            if seq is not None:
                seq.append((seat, m))
            self.play(m)

    def _apply(self, move: int | str) -> None:
        seat = self.to_move
        if isinstance(move, str):          # SWAP, the only move that is no square
            self.swapped = True
            self.to_move = 0           # seat 0 now plays Green, and Green moves next
            return
        if move >= STONE:
            self.board[move - STONE] = "S"
            self.stones_left -= 1
            self.to_move = 1 - seat if self.stones_left else 0
            return
        self.board[move] = self.colour_of(seat)
        self.to_move = 1 - seat
        self.result = self._capture_after(move, seat)
        if self.result is None and "." not in self.board:
            self.result = Outcome.win(self, seat, "why.no_moves", player=self.seat_ref(1 - seat),
                                      winner=self.seat_ref(seat))

    def group(self, i: int) -> tuple[set[int], bool]:
        """The group through cell i and whether it has a free breathing tube."""
        board, colour = self.board, self.board[i]
        seen, stack, free = {i}, [i], False
        while stack:
            for n in NEIGHBOURS[stack.pop()]:
                v = board[n]
                if v == ".":
                    free = True
                elif v == colour and n not in seen:
                    seen.add(n)
                    stack.append(n)
        return seen, free

    def tubes(self, cells: Iterable[int]) -> set[int]:
        """The free breathing tubes of a group's cells."""
        board = self.board
        return {n for c in cells for n in NEIGHBOURS[c] if board[n] == "."}

    def _capture_after(self, i: int, seat: int) -> Outcome | None:
        """Enemy groups first (mutual blockade: the mover wins), then the mover's own group."""
        own = self.board[i]
        enemy = "G" if own == "P" else "P"
        for n in NEIGHBOURS[i]:
            if self.board[n] == enemy:
                cells, free = self.group(n)
                if not free:
                    return Outcome.win(self, seat, "why.snorkels.captured", line=[CELLS[c] for c in sorted(cells)],
                                       loser=self.seat_ref(1 - seat), winner=self.seat_ref(seat))
        cells, free = self.group(i)
        if not free:
            return Outcome.win(self, 1 - seat, "why.snorkels.self", line=[CELLS[c] for c in sorted(cells)],
                               loser=self.seat_ref(seat), winner=self.seat_ref(1 - seat))
        return None

    def evaluate(self) -> Rewards | None:
        """Liberties of the weakest group decide who is closer to being captured."""
        worst = {"P": 99, "G": 99}
        seen = set()
        for i, v in enumerate(self.board):
            if v in "PG" and i not in seen:
                cells, _ = self.group(i)
                seen |= cells
                worst[v] = min(worst[v], len(self.tubes(cells)))
        a = self.colour_of(0)
        b = "G" if a == "P" else "P"
        d = max(-3, min(3, worst[a] - worst[b]))
        return (0.5 + d / 7, 0.5 - d / 7)

    # ---------------------------------------------------------------- notation
    def move_text(self, move: int | str) -> str:
        if isinstance(move, str):
            return move
        if move >= STONE:
            return "s" + CELLS[move - STONE]
        return CELLS[move]

    def move_input(self, move: int | str) -> tuple[tuple[str, ...], str | None]:
        if isinstance(move, str):
            return (), "snorkels.swap"
        return (CELLS[move % STONE],), None

    def why_illegal(self, text: str) -> Message | None:
        t = text.strip().upper().lstrip("S") if text.strip().upper() != "SWAP" else ""
        if t in INDEX and self.board[INDEX[t]] != ".":
            return msg("illegal.not_empty")
        if text.strip().lower() == SWAP:
            return msg("snorkels.illegal.swap")
        return None

    # ---------------------------------------------------------------- position code
    def _encode_body(self) -> str:
        last = CELLS[self.last % STONE] if isinstance(self.last, int) else ""
        return ";".join([grid_encode(self.board, N), str(self.to_move), "1" if self.swapped else "0",
                         str(self.stones_left), last])

    def _decode_body(self, body: str, options: Options) -> None:
        b, seat, swapped, left, last = split_fields(body, 5)
        self.board = grid_decode(b, N, N, "PGS")
        self.to_move = parse_int(seat, 0, 1, "pos.what.to_move")
        self.swapped = parse_int(swapped, 0, 1, "snorkels.pos.what.swapped") == 1
        self.stones_left = parse_int(left, 0, 3, "snorkels.pos.what.stones")
        stones = self.board.count("S")
        if stones + self.stones_left > 3:
            raise BadPosition("err.position", why=msg("snorkels.pos.stones"))
        if self.stones_left and self.board.count(".") != N * N - stones:
            raise BadPosition("err.position", why=msg("snorkels.pos.stones_first"))
        purple, green = self.board.count("P"), self.board.count("G")
        if self.stones_left:      # set-up: the seats take turns from seat 0; the pie comes later
            if (stones + self.stones_left != options["stones"] or self.to_move != stones % 2
                    or self.swapped):
                raise BadPosition("err.position", why=msg("snorkels.pos.setup"))
        elif purple - green != (0 if self.colour_of(self.to_move) == "P" else 1):
            raise BadPosition("err.position", why=msg("snorkels.pos.count"))
        self.ply = purple + green + stones + int(self.swapped)
        if last:
            if last not in INDEX or self.board[INDEX[last]] not in "PGS":
                raise BadPosition("err.position", why=msg("snorkels.pos.last"))
            self.last = INDEX[last] + (STONE if self.board[INDEX[last]] == "S" else 0)
        if self.last is not None and self.board[self.last % STONE] in "PG":
            mover = 0 if self.colour_of(0) == self.board[self.last] else 1
            if mover == self.to_move:
                raise BadPosition("err.position", why=msg("snorkels.pos.again"))
            self.result = self._capture_after(self.last, mover)
        # a group without a tube may only touch the last move (which ended the game)
        near = {self.last, *NEIGHBOURS[self.last]} if self.result is not None else set()
        for i, v in enumerate(self.board):
            if v in "PG" and i not in near:
                cells, free = self.group(i)
                if not free and not cells & near:
                    raise BadPosition("err.position", why=msg("snorkels.pos.captured", cell=CELLS[i])).at(
                        *(CELLS[c] for c in sorted(cells)))

    # ---------------------------------------------------------------- board editor
    def edit_items(self) -> tuple[Item, ...]:
        return (Item("P", "disc", "purple"), Item("G", "disc", "green"), Item("S", "stone", "neutral"))

    def edit_fields(self) -> tuple[Field, ...]:
        return (Field("swapped", "snorkels.edit.swapped", 0, 1), Field("stones_left", "snorkels.pos.what.stones", 0, 3))

    def to_setup(self) -> Setup:
        board: dict[str, tuple[str, ...]] = {CELLS[i]: (v,) for i, v in enumerate(self.board) if v != "."}
        return Setup(dict(self.options), board, self.to_move,
                     {"swapped": int(self.swapped), "stones_left": self.stones_left}, self._encode_body().split(";")[4])

    @classmethod
    def setup_body(cls, setup: Setup) -> str:
        board = [setup.board.get(c, (".",))[-1] for c in CELLS]
        return ";".join([grid_encode(board, N), str(setup.to_move), str(setup.fields.get("swapped", 0)),
                         str(setup.fields.get("stones_left", 0)), setup.history])

    # ---------------------------------------------------------------- presentation
    def seat_colour(self, seat: int) -> str:
        return "purple" if self.colour_of(seat) == "P" else "green"

    def status(self) -> Message | None:
        if self.stones_left:
            total = self.options["stones"]
            return "snorkels.place_stone", {"n": total - self.stones_left + 1, "total": total}
        if self.pie_pending() and self.result is None:
            return "snorkels.pie_choice", {"player": self.seat_ref(self.to_move)}
        return None

    def seat_rotation(self, seat: int) -> int:
        return 0

    def view(self, aids: frozenset[str] = frozenset(), selected: str | None = None) -> View:
        v = grid(N, N, fill=lambda c, r: "sand")
        colour = {"P": "purple", "G": "green", "S": "neutral"}
        for i, x in enumerate(self.board):
            if x != ".":
                v.pieces.append(Piece(CELLS[i], "stone" if x == "S" else "disc", colour[x]))
        if isinstance(self.last, int):
            v.add_layer("last", [CELLS[self.last % STONE]])
        if self.result is not None and self.result.line:
            v.add_layer("captured", self.result.line)
        return v
