"""Die Drei (David Parlett): placement en prise on the Katarenga board.
Our reading of the rules, every choice marked: assets/rules/drei.en.html.

8x8 board laid from the four 4x4 quarterboards (each turned and possibly flipped: its back is
its mirror image). A pawn attacks by the colour of its square: red like a rook and yellow like
a bishop, each up to and including the first square of its own colour on a line, green like a
knight, blue like a king; only the knight passes occupied squares. White (seat 0) places
anywhere, then every pawn goes on an empty square the opponent's last pawn attacks, and a
placement that leaves the opponent no legal move (his move must itself be legal: a chain of
placements must still reach Die Drei or the last pawn) is forbidden unless it wins. Three own pawns
equally spaced on a line (anything between) win; 16 pawns without: draw, or the continuation
(lift one own pawn and place it en prise again; repetition draws). The board and its tables:
drei_board.py."""
import random
from collections.abc import Hashable, Iterator, Mapping

from ..codec import grid_decode, grid_encode, parse_int
from ..editor import Item, Setup
from ..engine import Nodes, Option, Options, Outcome, Rewards, SearchSettings, State
from ..errors import BadOption, BadPosition
from ..texts import Message, add, msg
from ..view import Piece, View, grid
from . import drei_book, drei_solver, negamax
from .negamax import Table
from .drei_board import (CELLS, COLOUR_NAMES, INDEX, MOVE_TYPES, N, PARSE_TILE, PARTNERS, QUADRANTS, SIZE,
                         THIRDS, TILE_VALUES, attack_rays, attack_reach, board_colours, flip_tile, layout_of,
                         line_ok, turn_tile, Rays)

PAWNS = 8                      # per player
EMPTY_BIT = str.maketrans(".WB", "100")      # the board as a string -> binary digits of its empty squares
LIFT = SIZE                    # a continuation move from f to t is LIFT + f * SIZE + t
OWN = ("W", "B")
BOOK_REWARDS: dict[str, Rewards] = {"+": (1.0, 0.0), "=": (0.5, 0.5), "-": (0.0, 1.0)}   # drei_book's values for White

add({
    "opt.drei.continuation": ("Continuation after 16 pawns (lift and place again)",
                              "Fortsetzung nach 16 Figuren (umsetzen)"),
    "opt.drei.troika": ("Troika: three equally spaced in any direction", "Troika: drei gleich weit in jeder Richtung"),
    "opt.drei.board": ("Board", "Spielplan"),
    "opt.drei.board.default": ("standard layout", "Standardaufbau"),
    "opt.drei.board.random": ("random tiles (from the seed)", "zufällige Tableaus (aus der Zufallszahl)"),
    "opt.drei.board.custom": ("laid by hand (the four tiles below)", "von Hand gelegt (die vier Tableaus unten)"),
    "opt.drei.tl": ("Custom board: top-left tile", "Eigener Plan: Tableau oben links"),
    "opt.drei.tr": ("Custom board: top-right tile", "Eigener Plan: Tableau oben rechts"),
    "opt.drei.bl": ("Custom board: bottom-left tile", "Eigener Plan: Tableau unten links"),
    "opt.drei.br": ("Custom board: bottom-right tile", "Eigener Plan: Tableau unten rechts"),
    "err.drei.tiles": ("A custom board uses each of the four tiles once; tile {tile} is laid twice.",
                       "Ein eigener Plan verwendet jedes der vier Tableaus einmal; Tableau {tile} liegt doppelt."),
    "drei.first": ("{player} places the first pawn on any square.",
                   "{player} setzt die erste Figur auf ein beliebiges Feld."),
    "drei.place": ("Place where the pawn on {cell} attacks (en prise; {square}: it attacks like a {piece}).",
                   "Setze dorthin, wo die Figur auf {cell} schlägt (en prise; {square}: sie schlägt wie ein {piece})."),
    "drei.lift": ("Continuation: lift one of your pawns and place it en prise to the pawn on {cell} "
                  "({square}: attacks like a {piece}).",
                  "Fortsetzung: nimm eine deiner Figuren und setze sie en prise zur Figur auf {cell} "
                  "({square}: schlägt wie ein {piece})."),
    "drei.square.red": ("red square", "rotes Feld"), "drei.square.yellow": ("yellow square", "gelbes Feld"),
    "drei.square.green": ("green square", "grünes Feld"), "drei.square.blue": ("blue square", "blaues Feld"),
    "drei.forbidden": ("Not allowed on {cells}: a pawn there would leave {player} no legal move "
                       "(no-immobilising rule).",
                       "Nicht erlaubt auf {cells}: eine Figur dort ließe {player} keinen erlaubten Zug "
                       "(Blockadeverbot)."),
    "drei.piece.rook": ("rook", "Turm"), "drei.piece.bishop": ("bishop", "Läufer"),
    "drei.piece.knight": ("knight", "Springer"), "drei.piece.king": ("king", "König"),
    "why.drei.three": ("{winner} wins with Die Drei: {cells}.", "{winner} gewinnt mit Die Drei: {cells}."),
    "why.drei.full": ("All 16 pawns placed without Die Drei: draw.",
                      "Alle 16 Figuren gesetzt, keine Drei: unentschieden."),
    "why.drei.stuck": ("{player} has no legal placement: draw.",
                       "{player} kann keine Figur regelgerecht setzen: unentschieden."),
})
_TILE_WORDS = {"en": ("tile {t}", ", mirrored", ", turned {d}°"),
               "de": ("Tableau {t}", ", gespiegelt", ", um {d}° gedreht")}


def _tile_words(lang: str, t: int, r: int, m: bool) -> str:
    words = _TILE_WORDS[lang]
    return words[0].format(t=t + 1) + (words[1] if m else "") + (words[2].format(d=90 * r) if r else "")


add({f"opt.drei.{q}.{v}": (_tile_words("en", t, r, m), _tile_words("de", t, r, m))
     for q in QUADRANTS for v, (t, r, m) in PARSE_TILE.items()})

add({
    "drei.illegal.lift": ("all 16 pawns are placed: lift one of yours and place it again, written like C3-E5",
                          "alle 16 Figuren sind gesetzt: nimm eine deiner Figuren und setze sie neu, "
                          "geschrieben wie C3-E5"),
    "drei.illegal.no_lift": ("pawns are lifted only in the continuation, once all 16 are placed",
                             "Figuren werden nur in der Fortsetzung umgesetzt, wenn alle 16 gesetzt sind"),
    "drei.illegal.not_own": ("{cell} does not hold one of your pawns", "auf {cell} steht keine deiner Figuren"),
    "drei.illegal.same": ("the pawn must go to another square", "die Figur muss auf ein anderes Feld"),
    "drei.illegal.en_prise": ("it is not en prise: the pawn on {cell} ({square}) attacks like a {piece} "
                              "and does not reach {target}",
                              "das ist nicht en prise: die Figur auf {cell} ({square}) schlägt wie ein {piece} "
                              "und erreicht {target} nicht"),
    "drei.illegal.immobilise": ("a pawn there would leave {player} no legal move (no-immobilising rule)",
                                "eine Figur dort ließe {player} keinen erlaubten Zug (Blockadeverbot)"),
    "drei.pos.pawns": ("each player has only 8 pawns", "jeder Spieler hat nur 8 Figuren"),
    "drei.pos.count": ("White starts and the players alternate: {white} white and {black} black pawns cannot be",
                       "Weiß beginnt und die Spieler wechseln sich ab: {white} weiße und {black} schwarze Figuren "
                       "sind unmöglich"),
    "drei.pos.last": ("the last pawn placed must be given by its square (the next pawn goes en prise to it)",
                      "die zuletzt gesetzte Figur muss mit ihrem Feld angegeben sein "
                      "(die nächste Figur wird en prise zu ihr gesetzt)"),
    "drei.pos.last_many": ("only one pawn can be the one placed last", "nur eine Figur kann die zuletzt gesetzte sein"),
    "drei.pos.to_move": ("the wrong player is to move: with {n} {n:pawn|pawns} on the board, {player} places next",
                         "der falsche Spieler ist am Zug: bei {n} {n:Figur|Figuren} auf dem Brett setzt {player} "
                         "als Nächstes"),
    "drei.pos.en_prise": ("the pawn on {cell} is en prise to no pawn of the opponent, so it cannot be the one "
                          "placed last",
                          "die Figur auf {cell} steht zu keiner gegnerischen Figur en prise, sie kann also nicht "
                          "die zuletzt gesetzte sein"),
    "mark.last": ("placed last", "zuletzt gesetzt"),
    "opt.drei.turn": ("Turn", "Drehen"),
    "opt.drei.flip": ("Flip", "Wenden"),
    "drei.pos.last_owner": ("the last pawn placed must belong to the player who moved last",
                            "die zuletzt gesetzte Figur muss dem Spieler gehören, der zuletzt gezogen hat"),
    "drei.pos.lift": ("a pawn is lifted only in the continuation, from a square now empty",
                      "eine Figur wird nur in der Fortsetzung umgesetzt, von einem jetzt leeren Feld"),
    "drei.pos.no_pawn": ("no pawn is on the board", "keine Figur steht auf dem Brett"),
    "drei.pos.three": ("Die Drei {cells} would have ended the game", "Die Drei {cells} hätte die Partie schon beendet"),
    "drei.pos.forbidden": ("the pawn on {cell} leaves the player to move no legal move: that placement was forbidden",
                           "die Figur auf {cell} lässt dem Spieler am Zug keinen erlaubten Zug: "
                           "dieses Setzen war verboten"),
})


class Drei(State):
    id = "drei"
    move_shapes_reply = True
    version = 2                      # 2: the code ends with the repetition mark (shared, engine.py)
    option_specs = (
        Option("continuation", "bool", False, (), "opt.drei.continuation"),
        Option("troika", "bool", False, (), "opt.drei.troika"),
        Option("board", "choice", "default", ("default", "random", "custom"), "opt.drei.board"),
        Option("seed", "int", 0, (), "ui.option.seed"),
    ) + tuple(Option(q, "choice", str(k + 1), TILE_VALUES, f"opt.drei.{q}", ("board", "custom"),
                     (("opt.drei.turn", turn_tile), ("opt.drei.flip", flip_tile)))
              for k, q in enumerate(QUADRANTS))
    repetition = True
    move_pattern = r"(?i)[A-H][1-8](-[A-H][1-8])?"
    # a level solves with 12 solver nodes per iteration, about 0.6 of an iteration's time (the solver
    # searches some 300,000 nodes a second in CPython, about 20 in the time of one iteration a few pawns in)
    search_settings = SearchSettings(cap=120, solve=True, solve_nodes=12)
    search_version = 2      # 2: the levels solve (solve_nodes)

    colours: tuple[int, ...]   # colour number (0 red, 1 yellow, 2 green, 3 blue) per square
    rays: Rays                 # attack rays per square for this board
    board: list[str]           # 'W', 'B' or '.' per square
    placed: int          # pawns placed so far (16 in the continuation)
    last_pawn: int       # the square of the pawn placed last, -1 at the start
    _moves: list[int] | None = None   # the legal moves of the player to move, or None until asked for (moves)
    _pairs: list[int] | None = None   # per seat, the squares two of its pawns would make Die Drei with (filled
                         # ones too) as a bit mask, kept by _apply; None until asked for (completing)

    @property
    def moves(self) -> list[int]:
        """The legal moves of the player to move, found when first asked for: _apply only needs to
        know that one exists, and playouts check the few placements they try (playout_move)."""
        if self._moves is None:
            self._moves = self._legal()
        return self._moves

    @moves.setter
    def moves(self, value: list[int]) -> None:
        self._moves = value

    @classmethod
    def normalize_options(cls, raw: Mapping[str, object] | None) -> Options:
        opts = super().normalize_options(raw)
        if opts["board"] == "custom":
            tiles = [PARSE_TILE[opts[q]][0] for q in QUADRANTS]
            for t in tiles:
                if tiles.count(t) > 1:
                    raise BadOption("err.drei.tiles", tile=t + 1)
        return opts

    def _setup(self, options: Options) -> None:
        self._init_board(options)
        self.board = ["."] * SIZE
        self.placed = 0
        self.last_pawn = -1
        self.moves = self._legal()

    def _init_board(self, options: Options) -> None:
        self.colours = board_colours(layout_of(options))
        self.rays = attack_rays(self.colours)
        self.reach = attack_reach(self.colours)
        self.attack = drei_solver.attacks(self.rays)

    # ---------------------------------------------------------------- rules
    def attacked(self, i: int) -> list[int]:
        """Empty squares the pawn on i attacks."""
        board, out = self.board, []
        for ray in self.rays[i]:
            for j in ray:
                if board[j] != ".":
                    break
                out.append(j)
        return out

    def _attacks_any(self, i: int) -> bool:
        board = self.board
        for ray in self.rays[i]:
            if board[ray[0]] == ".":
                return True
        return False

    def three(self, i: int) -> list[int] | None:
        """Three pawns of the colour on i, equally spaced on a line through i, or None. Each other
        pawn q is tried as the neighbour of i in the three: i q beyond, or q i beyond."""
        board = self.board
        own = board[i]
        for q, beyond, back in PARTNERS[self.options["troika"]][i]:
            if board[q] == own:
                if beyond >= 0 and board[beyond] == own:
                    return [i, q, beyond]
                if back >= 0 and board[back] == own:
                    return [q, i, back]
        return None

    def all_threes(self, own: str) -> list[list[int]]:
        """Every Die Drei of colour `own` on the board, as (end, middle, end)."""
        board, any_dir = self.board, self.options["troika"]
        pawns = [i for i in range(SIZE) if board[i] == own]
        out = []
        for x, a in enumerate(pawns):
            for b in pawns[x + 1:]:
                dc, dr = b % N - a % N, b // N - a // N
                if dc % 2 or dr % 2 or not (any_dir or line_ok(dc, dr)):
                    continue
                m = (a // N + dr // 2) * N + a % N + dc // 2
                if board[m] == own:
                    out.append([a, m, b])
        return out

    def _can_lift_reply(self, t: int) -> bool:
        """In the continuation, after a pawn landed on t: can the opponent lift one of his pawns and
        place it en prise to t (lifting may open a line of t's attack)?"""
        if self._attacks_any(t):
            return True
        board = self.board
        opp = "B" if board[t] == "W" else "W"
        for q in range(SIZE):
            if board[q] == opp:
                board[q] = "."
                ok = any(j != q for j in self.attacked(t))
                board[q] = opp
                if ok:
                    return True
        return False

    def _allowed(self, t: int, placed: int) -> bool:
        """Whether the pawn just put on t, the game's `placed`-th, was a legal placement: it wins, or
        the game ends with it, or the opponent has a legal move afterwards. While pawns are placed his
        move must itself be legal, so this looks for a chain of en-prise placements that reaches Die
        Drei or the last pawn (our reading of the no-immobilising rule, on the rules page). The
        continuation has no last pawn: one move en prise is enough there."""
        board = self.board
        if placed == 2 * PAWNS:
            return not self.options["continuation"] or self._can_lift_reply(t) or self.three(t) is not None
        if placed == 2 * PAWNS - 1 and not self.options["continuation"]:
            return self._attacks_any(t) or self.three(t) is not None    # any reply is the last pawn
        opp = "B" if board[t] == "W" else "W"
        for ray in self.rays[t]:
            for u in ray:
                if board[u] != ".":
                    break
                board[u] = opp
                ok = self._allowed(u, placed + 1)
                board[u] = "."
                if ok:
                    return True
        return placed >= 5 and self.three(t) is not None     # a player's third pawn is the fifth

    def _legal(self) -> list[int]:
        """The legal moves of the player to move (no result checked)."""
        return list(self._legal_iter())

    def _placements(self) -> list[int]:
        """The squares a pawn may be placed on before the no-immobilising rule is asked."""
        if self.last_pawn < 0:
            return [i for i, x in enumerate(self.board) if x == "."]
        return self.attacked(self.last_pawn)

    def _placement_ok(self, t: int) -> bool:
        """Is placing the mover's pawn on the candidate square t legal (no-immobilising rule)?"""
        board = self.board
        board[t] = OWN[self.to_move]
        ok = self._allowed(t, self.placed + 1)
        board[t] = "."
        return ok

    def _legal_iter(self) -> Iterator[int]:
        """The legal moves one by one, the board as it was whenever one is given out (so a caller
        may stop after the first)."""
        board, own = self.board, OWN[self.to_move]
        if self.placed < 2 * PAWNS:
            yield from filter(self._placement_ok, self._placements())
            return
        if not self.options["continuation"]:
            return
        for f in range(SIZE):
            if board[f] != own:
                continue
            board[f] = "."
            found = []
            for t in self.attacked(self.last_pawn):
                if t == f:
                    continue
                board[t] = own
                if self._allowed(t, self.placed):
                    found.append(LIFT + f * SIZE + t)
                board[t] = "."
            board[f] = own
            yield from found

    def legal_moves(self) -> list[int]:
        if self.result is not None:
            return []
        return list(self.moves)

    def completing(self, own: str) -> int:
        """Empty squares where a pawn of colour `own` would make Die Drei (from pairs of its pawns),
        as a bit mask (bit t: square t). The playouts ask twice a ply: the pairs' squares are kept
        up to date by _apply (_pairs), only the empty ones are looked up here."""
        if self._pairs is None:
            self._pairs = [self._pair_squares(c) for c in OWN]
        out = self._pairs[OWN.index(own)]
        return out & int("".join(self.board).translate(EMPTY_BIT)[::-1], 2) if out else 0

    def _pawns(self, own: str) -> list[int]:
        text = "".join(self.board)
        out = []
        i = text.find(own)
        while i >= 0:
            out.append(i)
            i = text.find(own, i + 1)
        return out

    def _pair_squares(self, own: str) -> int:
        """The squares (a bit mask, filled ones too) that make Die Drei with two pawns of `own`."""
        thirds = THIRDS[self.options["troika"]]
        pawns = self._pawns(own)
        out = 0
        for x, a in enumerate(pawns):
            row = thirds[a]
            for b in pawns[x + 1:]:
                out |= row[b]
        return out

    def winning_moves(self) -> list[int]:
        """The moves that make Die Drei at once (the search's hook; playouts take the first)."""
        if self.result is not None:
            return []
        board, own = self.board, OWN[self.to_move]
        mine = self.completing(own)
        out = []
        for m in self.moves if mine else ():
            t = m if m < LIFT else (m - LIFT) % SIZE
            if mine >> t & 1:
                if m < LIFT:
                    out.append(m)
                    continue
                f = (m - LIFT) // SIZE
                board[f] = "."
                board[t] = own
                if self.three(t) is not None:
                    out.append(m)
                board[t] = "."
                board[f] = own
        return out

    def playout_move(self, rng: random.Random) -> int:
        """A winning move if there is one; otherwise a random move that does not let the opponent
        win at once, if there is one; otherwise any random move. While pawns are placed the
        candidate squares are tried in random order and only those tried are checked against the
        no-immobilising rule (the full move list costs a chain search per square); the choice has
        the same distribution as one drawn from legal_moves()."""
        board, own = self.board, OWN[self.to_move]
        if self.placed < 2 * PAWNS and self._moves is None:
            order = self._placements()
            mine = self.completing(own)
            for t in order if mine else ():
                if mine >> t & 1:
                    return t          # Die Drei is always a legal placement
            legal = self._placement_ok
        else:
            win = self.winning_moves()
            if win:
                return win[0]
            order = list(self.moves)
            legal = None
        theirs = self.completing("B" if own == "W" else "W")
        fallback = None
        n = len(order)
        while n:
            k = rng.randrange(n)
            m = order[k]
            n -= 1
            order[k] = order[n]
            if legal is not None and not legal(m):
                continue
            if not theirs:
                return m
            t = m if m < LIFT else (m - LIFT) % SIZE
            board[t] = own
            safe = not theirs & self.reach[t] or not any(theirs >> j & 1 for j in self.attacked(t))
            board[t] = "."
            if safe:
                return m
            if fallback is None:
                fallback = m
        assert fallback is not None, "a game not over has a legal move"
        return fallback

    def _apply(self, move: int) -> None:
        seat = self.to_move
        own = OWN[seat]
        if move >= LIFT:
            f, t = divmod(move - LIFT, SIZE)
            self.board[f] = "."
            self._pairs = None
        else:
            t = move
            self.placed += 1
        pairs = self._pairs
        line_possible = pairs is None or bool(pairs[seat] >> t & 1)     # t completes a pair: Die Drei
        if pairs is not None:
            row = THIRDS[self.options["troika"]][t]
            for p in self._pawns(own):
                pairs[seat] |= row[p]
        self.board[t] = own
        self.last_pawn = t
        self.to_move = 1 - seat
        self.result = self._judge(seat, line_possible)
        self._moves = None if self.result is None else []
        # a legal placement before the last pawn is one whose chain goes on: its first step is a
        # legal reply, so only the continuation can leave the opponent stuck
        if self.result is None and self.placed == 2 * PAWNS and next(self._legal_iter(), None) is None:
            self.result = Outcome.draw(self, "why.drei.stuck", player=self.seat_ref(self.to_move))

    def _judge(self, seat: int, line_possible: bool = True) -> Outcome | None:
        line = self.three(self.last_pawn) if line_possible else None
        if line is not None:
            line = sorted(line, key=lambda j: (j % N, j // N))
            cells = [CELLS[j] for j in line]
            return Outcome.win(self, seat, "why.drei.three", line=cells, winner=self.seat_ref(seat),
                               cells="-".join(cells))
        if self.placed == 2 * PAWNS and not self.options["continuation"]:
            return Outcome.draw(self, "why.drei.full")
        return None

    def key(self) -> Hashable:
        if self.placed < 2 * PAWNS:
            return self.placed          # while placing, no position can come back
        return "".join(self.board) + CELLS[self.last_pawn] + str(self.to_move)

    def evaluate(self) -> Rewards | None:
        """For long continuations: pairs that a third pawn on an empty square would complete."""
        score = [0, 0]
        board = self.board
        for s, own in enumerate(OWN):
            for t in range(SIZE):
                if board[t] == ".":
                    board[t] = own
                    if self.three(t) is not None:
                        score[s] += 1
                    board[t] = "."
        d = max(-4, min(4, score[0] - score[1]))
        return (0.5 + d / 10, 0.5 - d / 10)

    def solve(self, deadline: float | None, table: Table, nodes: Nodes | None = None) -> Rewards | None:
        """The search's solve() hook: the rewards under perfect play (drei_solver), or None when
        not known by `deadline` (time.perf_counter()) or within `nodes`. Only while pawns are placed without the
        continuation. From the start the whole game is 2.7 million nodes (drei_solver.py says how
        that was counted), more than a move's budget: on the standard board without the troika the
        first two pawns' positions are read from drei_book.py (written by the solver), elsewhere
        the solver starts at the second pawn."""
        if (self.result is None and self.placed <= 2 and not self.options["continuation"]
                and not self.options["troika"] and self.colours == drei_book.COLOURS):
            return self._book()
        return self.solve_live(deadline, table, nodes)

    def _book(self) -> Rewards | None:
        """The value two pawns in from drei_book (None where it has none); fewer pawns: the best
        move's, over the book's values of the positions it leads to."""
        if self.placed == 2:
            w, b = self.board.index("W"), self.board.index("B")
            return BOOK_REWARDS.get(drei_book.VALUES[w * SIZE + b])
        best: Rewards | None = None
        for m in self.legal_moves():
            s = self.copy()
            s.play(m)
            r = s.result.rewards if s.result is not None else s._book()
            if r is None:
                return None
            if best is None or r[self.to_move] > best[self.to_move]:
                best = r
        return best

    def solve_live(self, deadline: float | None, table: Table, nodes: Nodes | None = None
                   ) -> Rewards | None:
        """solve() by the solver alone, from the second pawn on (None before: too long for a move)."""
        if self.result is not None:
            return self.result.rewards
        if self.options["continuation"] or self.placed < 2:
            return None
        own, other = OWN[self.to_move], OWN[1 - self.to_move]
        me = op = 0
        for i, x in enumerate(self.board):
            if x == own:
                me |= 1 << i
            elif x != ".":
                op |= 1 << i
        v = drei_solver.solve(me, op, self._pair_squares(own), self._pair_squares(other), self.last_pawn,
                              self.placed, self.attack, THIRDS[self.options["troika"]], table, deadline,
                              nodes)
        if v is None or v == drei_solver.ILLEGAL:       # ILLEGAL: not a position play() reaches
            return None
        return negamax.rewards(v, self.to_move)

    # ---------------------------------------------------------------- notation
    def move_text(self, move: int) -> str:
        if move >= LIFT:
            f, t = divmod(move - LIFT, SIZE)
            return f"{CELLS[f]}-{CELLS[t]}"
        return CELLS[move]

    def move_input(self, move: int) -> tuple[tuple[str, ...], str | None]:
        if move >= LIFT:
            f, t = divmod(move - LIFT, SIZE)
            return (CELLS[f], CELLS[t]), None
        return (CELLS[move],), None

    def why_illegal(self, text: str) -> Message | None:
        parts = text.strip().upper().split("-")
        if any(p not in INDEX for p in parts):
            return None
        own = OWN[self.to_move]
        lifting = self.placed == 2 * PAWNS
        if lifting and not self.options["continuation"]:
            return None
        if lifting and len(parts) == 1:
            return msg("drei.illegal.lift")
        if not lifting and len(parts) == 2:
            return msg("drei.illegal.no_lift")
        f = INDEX[parts[0]] if len(parts) == 2 else -1
        t = INDEX[parts[-1]]
        if f >= 0 and self.board[f] != own:
            return msg("drei.illegal.not_own", cell=parts[0])
        if f == t:
            return msg("drei.illegal.same")
        if self.board[t] != ".":
            return msg("illegal.not_empty")
        board = self.board
        if f >= 0:
            board[f] = "."
        try:
            if self.last_pawn >= 0 and t not in self.attacked(self.last_pawn):
                k = self.colours[self.last_pawn]
                return msg("drei.illegal.en_prise", cell=CELLS[self.last_pawn], target=parts[-1],
                           square="@drei.square." + COLOUR_NAMES[k], piece="@drei.piece." + MOVE_TYPES[k])
            return msg("drei.illegal.immobilise", player=self.seat_ref(1 - self.to_move))
        finally:
            if f >= 0:
                board[f] = own

    # ---------------------------------------------------------------- position code
    def _encode_body(self) -> str:
        last = self.move_text(self.last) if isinstance(self.last, int) else ""
        return ";".join([grid_encode(self.board, N), str(self.to_move), last] + self._code_tail())

    @classmethod
    def _upgrade(cls, version: int, options: Options, body: str) -> str:
        """Version 1 had no repetition mark (a repetition draw reopened as a game going on)."""
        return body + ";" if version == 1 else super()._upgrade(version, options, body)

    def _decode_body(self, body: str, options: Options) -> None:
        (b, seat, last), drawn = self._split_code(body, 3)
        self._init_board(options)
        self.board = board = grid_decode(b, N, N, "WB")
        self.to_move = parse_int(seat, 0, 1, "pos.what.to_move")
        w, k = board.count("W"), board.count("B")
        self.placed = w + k
        self.ply = self.placed
        for own, count in zip(OWN, (w, k), strict=True):
            if count > PAWNS:
                raise BadPosition("err.position", why=msg("drei.pos.pawns")).at(
                    *(CELLS[i] for i in range(SIZE) if board[i] == own))
        lifting = self.placed == 2 * PAWNS and options["continuation"]
        if not lifting:
            if w - k not in (0, 1):
                raise BadPosition("err.position", why=msg("drei.pos.count", white=w, black=k))
            if self.to_move != self.placed % 2:
                raise BadPosition("err.position", why=msg("drei.pos.to_move", n=self.placed,
                                                          player=self.seat_ref(self.placed % 2)))
        self.last_pawn = -1
        marked = last.upper().split(".")
        if len(marked) > 1 and all(c in INDEX for c in marked):
            raise BadPosition("err.position", why=msg("drei.pos.last_many")).at(*marked)
        if self.placed:
            parts = last.upper().split("-")
            if not last or any(p not in INDEX for p in parts) or len(parts) > 2:
                raise BadPosition("err.position", why=msg("drei.pos.last"))
            t = INDEX[parts[-1]]
            if board[t] != OWN[1 - self.to_move]:
                raise BadPosition("err.position", why=msg("drei.pos.last_owner")).at(CELLS[t])
            self.last_pawn = self.last = t
            if len(parts) == 2:
                f = INDEX[parts[0]]
                if not lifting or board[f] != ".":
                    raise BadPosition("err.position", why=msg("drei.pos.lift"))
                self.last = LIFT + f * SIZE + t
        elif last:
            raise BadPosition("err.position", why=msg("drei.pos.no_pawn"))
        for own in OWN:
            for line in self.all_threes(own):
                if own == OWN[self.to_move] or self.last_pawn not in line:
                    cells = [CELLS[j] for j in line]
                    raise BadPosition("err.position", why=msg("drei.pos.three", cells="-".join(cells))).at(*cells)
        self.moves = []
        if self.last_pawn >= 0:
            self.result = self._judge(1 - self.to_move)
            if self.result is None and not self._allowed(self.last_pawn, self.placed):
                raise BadPosition("err.position", why=msg("drei.pos.forbidden", cell=CELLS[self.last_pawn])).at(
                    CELLS[self.last_pawn])
            if self.placed > 1 and not self._en_prise(self.last_pawn):
                raise BadPosition("err.position", why=msg("drei.pos.en_prise", cell=CELLS[self.last_pawn])).at(
                    CELLS[self.last_pawn])
        if self.result is None:
            self.moves = self._legal()
            if not self.moves:
                self.result = Outcome.draw(self, "why.drei.stuck", player=self.seat_ref(self.to_move))
        if self.result is None:
            self.result = self._code_draw(drawn)

    def _en_prise(self, t: int) -> bool:
        """Whether some pawn of the opponent attacks t, t empty: the pawn placed before the one on t
        did when it went there (a pawn lifted since only opened lines)."""
        board, own = self.board, self.board[t]
        opp = "B" if own == "W" else "W"
        board[t] = "."
        try:
            return any(board[q] == opp and t in self.attacked(q) for q in range(SIZE))
        finally:
            board[t] = own

    # ---------------------------------------------------------------- board editor
    def edit_items(self) -> tuple[Item, ...]:
        """A pawn of each colour, and each as the pawn placed last (the next goes en prise to it)."""
        return tuple(Item(key, "pawn", colour, mark="last" if key.islower() else "")
                     for key, colour in (("W", "white"), ("B", "black"), ("w", "white"), ("b", "black")))

    def to_setup(self) -> Setup:
        board: dict[str, tuple[str, ...]] = {CELLS[i]: (x.lower() if i == self.last_pawn else x,)
                                             for i, x in enumerate(self.board) if x != "."}
        return Setup(dict(self.options), board, self.to_move, {}, self._encode_body().split(";", 2)[2])

    @classmethod
    def setup_body(cls, setup: Setup) -> str:
        """History '' = the last move is only the pawn marked as placed last, no repetition."""
        board = [setup.board.get(c, (".",))[-1] for c in CELLS]
        marked = ".".join(c for c, x in zip(CELLS, board, strict=True) if x.islower())
        return ";".join([grid_encode([x.upper() for x in board], N), str(setup.to_move),
                         setup.history or marked + ";"])

    # ---------------------------------------------------------------- presentation
    def seat_rotation(self, seat: int) -> int:
        return 0

    def status(self) -> Message | None:
        if self.result is not None:
            return None
        if self.last_pawn < 0:
            return "drei.first", {"player": self.seat_ref(self.to_move)}
        k = self.colours[self.last_pawn]
        args = {"cell": CELLS[self.last_pawn], "square": "@drei.square." + COLOUR_NAMES[k],
                "piece": "@drei.piece." + MOVE_TYPES[k]}
        return ("drei.lift" if self.placed == 2 * PAWNS else "drei.place"), args

    def targets(self, lifted: int = -1) -> tuple[list[int], list[int]]:
        """(legal squares, forbidden squares) en prise to the last pawn; in the continuation for the
        pawn lifted from `lifted` (-1: any of the player's pawns)."""
        if self.result is not None or self.last_pawn < 0:
            return [], []
        board, own = self.board, OWN[self.to_move]
        if self.placed < 2 * PAWNS:
            legal = set(self.moves)
            attacked = self.attacked(self.last_pawn)
        else:
            legal = {(m - LIFT) % SIZE for m in self.moves if lifted < 0 or (m - LIFT) // SIZE == lifted}
            if lifted >= 0:
                board[lifted] = "."
            attacked = [j for j in self.attacked(self.last_pawn) if j != lifted]
            if lifted >= 0:
                board[lifted] = own
        return sorted(legal), sorted(j for j in attacked if j not in legal)

    def view(self, aids: frozenset[str] = frozenset(), selected: str | None = None) -> View:
        cols = self.colours
        v = grid(N, N, fill=lambda c, r: COLOUR_NAMES[cols[r * N + c]],
                 mark=lambda c, r: MOVE_TYPES[cols[r * N + c]])
        for q in range(4):
            v.regions.append((4 * (q % 2), 4 * (q // 2), 4, 4, "quarter"))
        for i, x in enumerate(self.board):
            if x != ".":
                v.pieces.append(Piece(CELLS[i], "pawn", "white" if x == "W" else "black",
                                      mark="last" if i == self.last_pawn else ""))
        if isinstance(self.last, int):
            v.add_layer("last", self.move_input(self.last)[0])
        lifted = INDEX.get(selected or "", -1)
        if lifted >= 0 and self.board[lifted] != OWN[self.to_move]:
            lifted = -1
        legal, forbidden = self.targets(lifted)
        if legal:
            v.add_layer("attack", [CELLS[j] for j in legal])
        if forbidden:
            v.add_layer("forbidden", [CELLS[j] for j in forbidden])
            v.notes.append(("drei.forbidden", {"cells": " ".join(CELLS[j] for j in forbidden),
                                               "player": self.seat_ref(1 - self.to_move)}))
        if self.result is not None and self.result.line:
            v.lines.append(("win", list(self.result.line)))
        return v
