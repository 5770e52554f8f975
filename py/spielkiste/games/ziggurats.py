"""Ziggurats (Arpad Fritsche; our reading of the rules, every choice marked, is
assets/rules/ziggurats.en.html): build on shared foundations, climb, and be the
first to top a foundation with a third block (a ziggurat of height 4).

The board is 6x6 (8x8 with 5-6 players). A square holds a stack, written bottom to top as a
string: 'F' a neutral foundation (always at the bottom), then one letter per block naming its
owner's colour (r b g y p o). Strings are immutable, so copying the board list copies the
position. Moves are ints: a placement is the square index, a foundation placement FOUND +
index, a block move MOVE + 100 * from + to.

Set-up: the foundations are placed one at a time in reverse turn order (the last seat first,
cycling), never next to another foundation, not even diagonally. Our choice: a foundation may
not go where the foundations still to come would no longer fit (on 6x6 four foundations can
cover the whole board), so the set-up always completes (the tables that decide it:
ziggurats_geometry.py).

Stacks the rules never allow are refused, naming their squares: a foundation stack ends the game
at height 4 (so none is taller), and a stack without a foundation reaches height h only from a
neighbour of height h - 1 (an up move; a sideways move needs h + 1 there): at that moment the two
held at least 2h - 3 blocks, and blocks never leave the board, so a taller stack than the blocks on
the board allow is no position."""
import random
from bisect import insort

from collections.abc import Hashable, Mapping

from ..codec import parse_int
from ..editor import Item, Setup
from ..engine import Move, Option, Options, Outcome, Rewards, SearchSettings, State
from ..errors import BadOption, BadPosition
from ..texts import Message, add, msg
from ..view import Piece, View, grid
from .ziggurats_geometry import GEOMETRY, MAX_FOUNDATIONS, size_for

FOUND = 1000
MOVE = 10000
BLOCKS = 10                      # blocks per player
# 'everyone loses' is nobody's win, so a player who is losing anyway prefers it: its reward (what
# the search maximises) is a little above a loss. Then the search expects a beaten opponent to take
# everyone down and keeps it from the chance (against random at 0.3 s: at 0, 67.5/80 with 11 such
# games; at 0.1, 92.5/100 with 7; at 0.3, 16.5/20)
SPITE = 0.1
CHARS = "rbgypo"                 # stack letters of seats 0-5
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
OWNER = {ch: i for i, ch in enumerate(CHARS)}

add({
    "opt.ziggurats.foundations": ("Foundation blocks per player", "Fundamentblöcke pro Spieler"),
    "ziggurats.setup": ("Set-up: {player} places foundation {n} of {total}.",
                        "Aufbau: {player} setzt Fundament {n} von {total}."),
    "ziggurats.play": ("{player}: place a block from the supply on a lit square, or move a lit block of yours "
                       "onto a neighbouring stack.",
                       "{player}: Setze einen Block aus dem Vorrat auf ein markiertes Feld oder ziehe einen "
                       "markierten eigenen Block auf einen Nachbarstapel."),
    "ziggurats.play_move": ("{player}: the supply is empty: move a lit block of yours onto a neighbouring stack.",
                            "{player}: Der Vorrat ist leer: Ziehe einen markierten eigenen Block auf einen "
                            "Nachbarstapel."),
    "ziggurats.supply": ("{player}: {n} {n:block|blocks} in supply.", "{player}: {n} {n:Block|Blöcke} im Vorrat."),
    "ziggurats.back": ("{player}'s block on {cell} may not go back to {to} this turn.",
                       "{player}s Block auf {cell} darf in diesem Zug nicht zurück nach {to}."),
    "why.ziggurats.built": ("{winner} completes the ziggurat on {cell} and wins.",
                            "{winner} vollendet die Zikkurat auf {cell} und gewinnt."),
    "why.ziggurats.stuck": ("{player} can neither place nor move a block: everyone loses.",
                            "{player} kann keinen Block setzen oder bewegen: alle verlieren."),
    "aid.ziggurat": ("Ziggurats one block from completion", "Zikkurats, denen ein Block fehlt"),
})

add({
    "ziggurats.foundation": ("foundation", "Fundament"),
    "ziggurats.illegal.setup": ("the foundations are placed first (write them like fC3)",
                                "zuerst werden die Fundamente gesetzt (geschrieben wie fC3)"),
    "ziggurats.illegal.touch": ("foundations may not touch, not even diagonally",
                                "Fundamente dürfen sich nicht berühren, auch nicht diagonal"),
    "ziggurats.illegal.no_room": ("the foundations still to come would no longer fit",
                                  "die noch folgenden Fundamente hätten keinen Platz mehr"),
    "ziggurats.illegal.setup_done": ("all foundations are placed", "alle Fundamente sind gesetzt"),
    "ziggurats.illegal.ground": ("blocks are placed on empty ground squares only",
                                 "Blöcke werden nur auf leere Felder des Bodens gesetzt"),
    "ziggurats.illegal.supply": ("you have no blocks left in your supply", "du hast keine Blöcke mehr im Vorrat"),
    "ziggurats.illegal.adjacent": ("a block must be placed next to a block or foundation",
                                   "ein Block muss neben einen Block oder ein Fundament gesetzt werden"),
    "ziggurats.illegal.top": ("only your own block on top of a stack may move",
                              "nur dein eigener Block oben auf einem Stapel darf ziehen"),
    "ziggurats.illegal.orthogonal": ("a block moves to an orthogonally adjacent stack",
                                     "ein Block zieht auf einen waagerecht oder senkrecht benachbarten Stapel"),
    "ziggurats.illegal.up": ("a block moves up one level at most", "ein Block steigt höchstens eine Stufe"),
    "ziggurats.illegal.down": ("a block never moves down", "ein Block steigt nie ab"),
    "ziggurats.illegal.empty": ("a block may not move onto an empty square",
                                "ein Block darf nicht auf ein leeres Feld ziehen"),
    "ziggurats.illegal.back": ("a block may not go back to the square it left on your previous turn",
                               "ein Block darf nicht auf das Feld zurück, das er in deinem letzten Zug verlassen hat"),
    "ziggurats.illegal.connected": ("every stack must stay connected to a foundation",
                                    "jeder Stapel muss mit einem Fundament verbunden bleiben"),
    "ziggurats.pos.piece": ("unknown piece '{piece}' in stack '{stack}'",
                            "unbekannte Figur „{piece}“ im Stapel „{stack}“"),
    "ziggurats.pos.low": ("the foundation on {cell} is not at the bottom of its stack",
                          "das Fundament auf {cell} liegt nicht ganz unten in seinem Stapel"),
    "ziggurats.pos.tall": ("the ziggurat on {cell} is taller than 4: the game ends when it reaches 4",
                           "die Zikkurat auf {cell} ist höher als 4: bei 4 endet die Partie"),
    "ziggurats.pos.tower": ("the stack on {cell} is {h} high, which takes at least {n} blocks on the board",
                            "der Stapel auf {cell} ist {h} hoch, dafür braucht es mindestens {n} Blöcke auf dem Brett"),
    "ziggurats.pos.no_room": ("the foundations still to come no longer fit",
                              "die noch folgenden Fundamente haben keinen Platz mehr"),
    "ziggurats.pos.foundations": ("more foundations than the options allow",
                                  "mehr Fundamente, als die Optionen erlauben"),
    "ziggurats.pos.touch": ("the foundation on {cell} touches another", "das Fundament auf {cell} berührt ein anderes"),
    "ziggurats.pos.blocks": ("{player} has more than {n} blocks", "{player} hat mehr als {n} Blöcke"),
    "ziggurats.pos.setup": ("blocks placed before all foundations", "Blöcke vor allen Fundamenten gesetzt"),
    "ziggurats.pos.setup_turn": ("the wrong player is to move: {player} places the next foundation",
                                 "der falsche Spieler ist am Zug: {player} setzt das nächste Fundament"),
    "ziggurats.pos.backs": ("expected one back-and-forth entry per player",
                            "erwartet wird ein Hin-und-her-Eintrag pro Spieler"),
    "ziggurats.pos.back": ("'{text}' is not a block move", "„{text}“ ist kein Blockzug"),
    "ziggurats.pos.last": ("'{text}' is not a move on this board", "„{text}“ ist kein Zug auf diesem Brett"),
    "ziggurats.pos.orphan": ("the stack on {cell} is cut off from every foundation",
                             "der Stapel auf {cell} ist von jedem Fundament abgeschnitten"),
    "ziggurats.pos.twice": ("a ziggurat can be completed only once", "eine Zikkurat kann nur einmal vollendet werden"),
    "ziggurats.pos.after": ("the player after the builder of the ziggurat must be to move",
                            "der Spieler nach dem Erbauer der Zikkurat muss am Zug sein"),
})


class Ziggurats(State):
    id = "ziggurats"
    version = 2                      # 2: the repetition mark is the shared 'r' (was 'd')
    player_counts = (2, 3, 4, 5, 6)
    option_specs = (
        Option("foundations", "int", 2, (1, 2, 3), "opt.ziggurats.foundations"),
    )
    repetition = True
    shared_loss = True               # a stuck player: everyone loses (SPITE each)
    move_pattern = r"(?i)f?[A-H][1-8](-[A-H][1-8])?"
    aids = ("ziggurat",)
    # exploration 0.5 with prune against the search before it (c = 1.0, no prune): 31.1/48 at 0.3 s a move; against
    # plain UCT at 0.3 s: 43.6/48 and 45.2/48 (seeds 11, 12; before: 37.8/48 on seed 11). Each alone: 0.4 22/40,
    # 0.6 22.6/40, 1.6 14/40; prune 27.9/48 (a search at c = 1.0 spreads its few iterations over too many replies,
    # and a reply that hands the opponent a ziggurat is better proven lost than sampled)
    search_settings = SearchSettings(cap=200, exploration=0.5, prune=True)
    search_version = 2      # 2: exploration 0.5, prune

    board: list[str]     # per square: the stack, bottom to top ('' empty)
    supply: list[int]    # blocks in hand per seat
    back: list[tuple[int, int] | None]   # per seat: (from, to) of its block move on its previous turn, or None
    placed: int          # foundations placed so far

    @classmethod
    def normalize_options(cls, raw: Mapping[str, object] | None) -> Options:
        opts = super().normalize_options(raw)
        n = opts.get("players", cls.player_counts[0])
        if opts["foundations"] * n > MAX_FOUNDATIONS[size_for(n)]:
            raise BadOption("err.option_value", value=str(opts["foundations"]), name="foundations")
        return opts

    def _setup(self, options: Options) -> None:
        n = self.num_players
        self.geo = GEOMETRY[size_for(n)]
        self.board = [""] * (self.geo.n ** 2)
        self.supply = [BLOCKS] * n
        self.back = [None] * n
        self.placed = 0
        self.to_move = self.setup_seat(0)

    # ---------------------------------------------------------------- rules
    @property
    def total(self) -> int:
        per_seat: int = self.options["foundations"]
        return per_seat * self.num_players

    def setup_seat(self, k: int) -> int:
        """The seat placing foundation number k (0-based): reverse turn order."""
        return (self.num_players - 1 - k) % self.num_players

    def in_setup(self) -> bool:
        return self.placed < self.total

    def foundation_mask(self) -> int:
        return sum(1 << i for i, s in enumerate(self.board) if s[:1] == "F")

    def connected_without(self, gone: int) -> bool:
        """After square `gone` empties: is every stack still joined to a foundation?"""
        board, orth = self.board, self.geo.orth
        starts = [k for k in orth[gone] if board[k]]
        if len(starts) <= 1:
            return True              # a leaf: the rest stays as it was
        good: set[int] = set()            # squares known to reach a foundation
        for k in starts:
            if k in good:
                continue
            seen = {gone, k}
            stack = [k]
            found = False
            while stack and not found:
                x = stack.pop()
                if board[x][0] == "F" or x in good:
                    found = True
                    break
                for j in orth[x]:
                    if j not in seen and board[j]:
                        seen.add(j)
                        stack.append(j)
            if not found:
                return False
            seen.discard(gone)
            good |= seen
        return True

    def block_moves(self, seat: int, first: bool = False, joined: bool = True) -> list[int]:
        """Moves of the seat's top blocks (actions B and C); with first=True stop at one. With
        joined=False a lone block's moves come without the test that every stack stays joined to
        a foundation (the playouts test only the move they pick)."""
        board, orth = self.board, self.geo.orth
        ch = CHARS[seat]
        back = self.back[seat]
        out = []
        for i, s in enumerate(board):
            if not s or s[-1] != ch:
                continue
            h = len(s)
            free = h > 1 or not joined   # lifting a block off a stack never disconnects anything
            checked = free
            for j in orth[i]:
                hj = len(board[j])
                if hj == h or (hj == h - 1 and hj >= 1):
                    if back is not None and back[0] == j and back[1] == i:
                        continue
                    if not checked:  # the same answer for every destination: j stays occupied
                        free = self.connected_without(i)
                        checked = True
                    if not free:
                        break
                    out.append(MOVE + 100 * i + j)
                    if first:
                        return out
        return out

    def placements(self, seat: int, first: bool = False) -> list[int]:
        """Empty squares beside a stack, while the seat has blocks; with first=True one of them,
        looked for from the stacks (fewer than the empty squares, and most have one beside)."""
        if self.supply[seat] == 0:
            return []
        board, orth = self.board, self.geo.orth
        if first:
            for i, s in enumerate(board):
                if s:
                    for j in orth[i]:
                        if not board[j]:
                            return [j]
            return []
        out = []
        for i, s in enumerate(board):
            if not s:
                for j in orth[i]:
                    if board[j]:
                        out.append(i)
                        break
        return out

    def legal_moves(self) -> list[int]:
        if self.result is not None:
            return []
        if self.in_setup():
            still = self.total - self.placed - 1
            return [FOUND + i for i in self.geo.foundation_squares(self.foundation_mask(), still)]
        return self.placements(self.to_move) + self.block_moves(self.to_move)

    def can_act(self, seat: int) -> bool:
        return bool(self.placements(seat, True) or self.block_moves(seat, True))

    def winning_moves(self, seat: int | None = None) -> list[int]:
        """Block moves that top a foundation + 2 blocks (by default those of the player to move,
        none during the set-up)."""
        if seat is None:
            if self.in_setup():
                return []
            seat = self.to_move
        board, orth = self.board, self.geo.orth
        ch = CHARS[seat]
        out = []
        for j, s in enumerate(board):
            if len(s) == 3 and s[0] == "F":
                for i in orth[j]:
                    t = board[i]
                    if t and t[-1] == ch and len(t) in (3, 4):
                        back = self.back[seat]
                        if back is None or back != (j, i):
                            out.append(MOVE + 100 * i + j)
        return out

    def playout_move(self, rng: random.Random) -> int:
        """A winning move if there is one (a top block onto a foundation stack of height 3), else a
        move drawn uniformly from legal_moves(): drawn from the moves without the connectivity
        test, a lone block's move is tested (once per square) only when drawn, and drawn again if
        it fails."""
        if self.in_setup():
            moves = self.legal_moves()
            return moves[rng.randrange(len(moves))]
        seat = self.to_move
        board = self.board
        blocks = self.block_moves(seat, joined=False)
        for m in blocks:
            t = board[m % 100]
            if len(t) == 3 and t[0] == "F":
                return m             # the block comes from a stack of height 3 or 4: always legal
        moves = self.placements(seat) + blocks
        joined: dict[int, bool] = {}
        n = len(moves)
        while True:
            k = rng.randrange(n)
            m = moves[k]
            if m < MOVE:
                return m
            i = (m - MOVE) // 100
            if len(board[i]) > 1:
                return m
            ok = joined.get(i)
            if ok is None:
                ok = joined[i] = self.connected_without(i)
            if ok:
                return m
            n -= 1
            moves[k] = moves[n]

    def rollout(self, rng: random.Random, plies: int, seq: list[tuple[int, Move]] | None = None) -> None:
        """The playout on each square's height and each seat's list of top blocks (faster than
        move by move): the moves playout_move() picks, drawn from the same rng in the same order,
        with play()'s checks after each (stuck, repetition), so the state ends as play() would
        leave it. The set-up is played move by move."""
        plies = self.rollout_setup(rng, plies, seq, self.in_setup)
        if not plies:
            return
        board, supply, back, seen = self.board, self.supply, self.back, self._seen
        orth, np_, size = self.geo.orth, self.num_players, len(self.board)
        connected = self.connected_without
        heights = [len(s) for s in board]
        near = [sum(1 for j in orth[i] if board[j]) for i in range(size)]   # occupied neighbours
        tops: list[list[int]] = [[] for _ in range(np_)]
        for i, s in enumerate(board):
            if s and s[-1] != "F":
                tops[OWNER[s[-1]]].append(i)
        seat, n, move = self.to_move, 0, None
        while True:
            own, bk = tops[seat], back[seat]
            blocks, win = [], None
            for i in own:                # block_moves(seat, joined=False), in its order
                h = heights[i]
                for j in orth[i]:
                    hj = heights[j]
                    if (hj == h or (hj == h - 1 and hj >= 1)) and (bk is None or bk[0] != j or bk[1] != i):
                        blocks.append(MOVE + 100 * i + j)
                        if hj == 3 and win is None and board[j][0] == "F":
                            win = MOVE + 100 * i + j
            places = [i for i in range(size) if not heights[i] and near[i]] if supply[seat] else []
            joined: dict[int, bool] = {}  # a lone block's square: does every stack stay joined without it?
            if n:                        # play()'s checks after the move that gave seat the turn
                if not places and not any(heights[f] > 1 or joined.setdefault(f, connected(f))
                                          for f in {(m - MOVE) // 100 for m in blocks}):
                    self.to_move = seat
                    self._check_stuck()
                    break
                key = (tuple(board), seat, tuple(back))
                seen[key] = c = seen.get(key, 0) + 1
                if c >= 3:
                    self.result = Outcome.draw(self, "why.repetition")
                    break
                if n == plies:
                    break
            if win is not None:
                move = win
            else:
                moves = places + blocks
                k = len(moves)
                while True:
                    j = rng.randrange(k)
                    move = moves[j]
                    if move < MOVE:
                        break
                    f = (move - MOVE) // 100
                    if heights[f] > 1:
                        break
                    ok = joined.get(f)
                    if ok is None:
                        ok = joined[f] = connected(f)
                    if ok:
                        break
                    k -= 1
                    moves[j] = moves[k]
            if seq is not None:
                seq.append((seat, move))
            n += 1
            if move >= MOVE:
                f, t = divmod(move - MOVE, 100)
                if move == win:          # the ziggurat: play() names the win
                    self.to_move, self.ply = seat, self.ply + n - 1
                    self.play(move)
                    return
                under = board[t][-1]
                if under != "F":
                    tops[OWNER[under]].remove(t)
                s = board[f]
                board[f] = s[:-1]
                board[t] += s[-1]
                heights[f] -= 1
                heights[t] += 1
                own.remove(f)
                insort(own, t)
                if heights[f]:
                    if board[f][-1] != "F":
                        insort(tops[OWNER[board[f][-1]]], f)
                else:
                    for j in orth[f]:
                        near[j] -= 1
                back[seat] = (f, t)
            else:
                board[move] = CHARS[seat]
                heights[move] = 1
                for j in orth[move]:
                    near[j] += 1
                insort(own, move)
                supply[seat] -= 1
                back[seat] = None
            seat = (seat + 1) % np_
        self.to_move, self.last, self.ply = seat, move, self.ply + n

    def _apply(self, move: int) -> None:
        seat = self.to_move
        n = self.num_players
        if move >= MOVE:
            f, t = divmod(move - MOVE, 100)
            s = self.board[f]
            self.board[f] = s[:-1]
            self.board[t] += s[-1]
            self.back[seat] = (f, t)
            self.to_move = (seat + 1) % n
            dest = self.board[t]
            if len(dest) == 4 and dest[0] == "F":
                self.result = Outcome.win(self, seat, "why.ziggurats.built", line=[self.geo.cells[t]],
                                          winner=self.seat_ref(seat), cell=self.geo.cells[t])
                return
        elif move >= FOUND:
            self.board[move - FOUND] = "F"
            self.placed += 1
            self.to_move = self.setup_seat(self.placed) if self.in_setup() else 0
            return
        else:
            self.board[move] = CHARS[seat]
            self.supply[seat] -= 1
            self.back[seat] = None
            self.to_move = (seat + 1) % n
        self._check_stuck()

    def _check_stuck(self) -> None:
        if not self.can_act(self.to_move):
            self.result = Outcome((SPITE,) * self.num_players, (), "why.ziggurats.stuck",
                                  {"player": self.seat_ref(self.to_move)})

    def key(self) -> Hashable:
        return (tuple(self.board), self.to_move, tuple(self.back))

    def evaluate(self) -> Rewards | None:
        """A guess for a position the search stopped in. A seat that can complete a ziggurat
        now (or, further round the table, later) is likely to win; otherwise each seat's
        chances grow with the height of its movable top blocks, most of all next to the
        foundation stacks it could climb onto."""
        n = self.num_players
        if self.in_setup():
            return (1.0 / n,) * n
        for k in range(n):
            seat = (self.to_move + k) % n
            if self.winning_moves(seat):
                p = 0.95 if k == 0 else 0.7
                return tuple(p if s == seat else (1 - p) / (n - 1) for s in range(n))
        board, orth = self.board, self.geo.orth
        score = [1.0] * n
        for i, st in enumerate(board):
            if st and st[-1] != "F":
                seat = OWNER[st[-1]]
                h = len(st)
                w = h
                for j in orth[i]:
                    t = board[j]
                    if t[:1] == "F" and h - 1 <= len(t) <= h:
                        w += 2 * len(t)
                score[seat] += w
        total = sum(score)
        return tuple(x / total for x in score)

    # ---------------------------------------------------------------- notation
    def move_text(self, move: int) -> str:
        cells = self.geo.cells
        if move >= MOVE:
            f, t = divmod(move - MOVE, 100)
            return f"{cells[f]}-{cells[t]}"
        if move >= FOUND:
            return "f" + cells[move - FOUND]
        return cells[move]

    def move_input(self, move: int) -> tuple[tuple[str, ...], str | None]:
        cells = self.geo.cells
        if move >= MOVE:
            f, t = divmod(move - MOVE, 100)
            return (cells[f], cells[t]), None
        return (cells[move % FOUND],), None

    def why_illegal(self, text: str) -> Message | None:
        s = text.strip().upper()
        idx = self.geo.index
        if self.in_setup():
            sq = s[1:]
            if "-" in s or not (s.startswith("F") and s[1:2].isalpha()):
                return msg("ziggurats.illegal.setup")
            if sq not in idx:
                return msg("illegal.off_board")
            i = idx[sq]
            if self.board[i]:
                return msg("illegal.not_empty")
            if any(self.foundation_mask() >> j & 1 for j in range(len(self.board)) if self.geo.king[i] >> j & 1):
                return msg("ziggurats.illegal.touch")
            return msg("ziggurats.illegal.no_room")
        if s.startswith("F") and s[1:2].isalpha():
            return msg("ziggurats.illegal.setup_done")
        seat = self.to_move
        if "-" not in s:
            if s not in idx:
                return msg("illegal.off_board")
            i = idx[s]
            if self.board[i]:
                return msg("ziggurats.illegal.ground")
            if self.supply[seat] == 0:
                return msg("ziggurats.illegal.supply")
            return msg("ziggurats.illegal.adjacent")
        a, b = s.split("-", 1)
        if a not in idx or b not in idx:
            return msg("illegal.off_board")
        i, j = idx[a], idx[b]
        src, dst = self.board[i], self.board[j]
        if not src or src[-1] != CHARS[seat]:
            return msg("ziggurats.illegal.top")
        if j not in self.geo.orth[i]:
            return msg("ziggurats.illegal.orthogonal")
        h, hj = len(src), len(dst)
        if hj > h:
            return msg("ziggurats.illegal.up")
        if hj < h - 1 or hj == 0:
            return msg("ziggurats.illegal.down" if hj < h - 1 else "ziggurats.illegal.empty")
        if self.back[seat] == (j, i):
            return msg("ziggurats.illegal.back")
        return msg("ziggurats.illegal.connected")

    # ---------------------------------------------------------------- position code
    def _encode_body(self) -> str:
        cells = self.geo.cells
        back = ".".join(f"{cells[b[0]]}-{cells[b[1]]}" if b else "" for b in self.back)
        last = self.move_text(self.last) if isinstance(self.last, int) else ""
        return ";".join([board_code(self.board, self.geo.n), str(self.to_move), back, last] + self._code_tail())

    @classmethod
    def _upgrade(cls, version: int, options: Options, body: str) -> str:
        """Version 1 marked a repetition draw 'd'."""
        if version == 1:
            head, _, end = body.rpartition(";")
            return f"{head};{'r' if end == 'd' else end}"
        return super()._upgrade(version, options, body)

    def _decode_body(self, body: str, options: Options) -> None:
        n_players = self.num_players
        geo = self.geo = GEOMETRY[size_for(n_players)]
        n = geo.n
        (b, seat, back, last), drawn = self._split_code(body, 4)
        rows = b.split("/")
        if len(rows) != n:
            raise BadPosition("err.position", why=msg("pos.rows", expected=n, found=len(rows)))
        board: list[str] = []
        for row in rows:
            cells = row.split(".")
            if len(cells) != n:
                raise BadPosition("err.position", why=msg("pos.row", found=len(cells), expected=n))
            board.extend(cells)
        self.board = board
        self._check_stacks()
        self.to_move = parse_int(seat, 0, n_players - 1, "pos.what.to_move")
        self._check_foundations()
        used = [sum(s.count(ch) for s in board) for ch in CHARS[:n_players]]
        self.supply = [BLOCKS - u for u in used]
        self._check_blocks(used)
        if self.in_setup():
            self._check_setup()
        self._read_back(back)
        self.ply = self.placed + sum(used)
        if last:
            try:
                self.last = self.parse_last(last)
            except (KeyError, ValueError):
                raise BadPosition("err.position", why=msg("ziggurats.pos.last", text=last)) from None
        orphans = [] if self.in_setup() else self.orphans()
        if orphans:
            raise BadPosition("err.position", why=msg("ziggurats.pos.orphan", cell=geo.cells[orphans[0]])).at(
                *(geo.cells[i] for i in orphans))
        self._check_heights(sum(used))
        tops = [i for i, s in enumerate(board) if s[:1] == "F" and len(s) == 4]
        if len(tops) > 1:
            raise BadPosition("err.position", why=msg("ziggurats.pos.twice")).at(*(geo.cells[i] for i in tops))
        if tops:
            t = tops[0]
            winner = OWNER[board[t][-1]]
            if self.to_move != (winner + 1) % n_players:
                raise BadPosition("err.position", why=msg("ziggurats.pos.after")).at(geo.cells[t])
            self.result = Outcome.win(self, winner, "why.ziggurats.built", line=[geo.cells[t]],
                                      winner=self.seat_ref(winner), cell=geo.cells[t])
        elif drawn:
            self.result = self._code_draw(drawn)
        elif not self.in_setup():
            self._check_stuck()

    def _check_stacks(self) -> None:
        """Every letter a block of a seat in play, a foundation only at the bottom."""
        letters = CHARS[:self.num_players]
        for i, s in enumerate(self.board):
            for k, ch in enumerate(s):
                if ch == "F" and k:
                    raise BadPosition("err.position", why=msg("ziggurats.pos.low", cell=self.geo.cells[i])).at(
                        self.geo.cells[i])
                if ch != "F" and ch not in letters:
                    raise BadPosition("err.position", why=msg("ziggurats.pos.piece", piece=ch, stack=s)).at(
                        self.geo.cells[i])

    def _check_foundations(self) -> None:
        """Not more than the options give, none touching."""
        geo, fmask = self.geo, self.foundation_mask()
        found = [geo.cells[i] for i in range(geo.n ** 2) if fmask >> i & 1]
        self.placed = len(found)
        if self.placed > self.total:
            raise BadPosition("err.position", why=msg("ziggurats.pos.foundations")).at(*found)
        for i in range(geo.n ** 2):
            touching = (geo.king[i] & ~(1 << i)) & fmask if fmask >> i & 1 else 0
            if touching:
                raise BadPosition("err.position", why=msg("ziggurats.pos.touch", cell=geo.cells[i])).at(
                    geo.cells[i], *(geo.cells[j] for j in range(geo.n ** 2) if touching >> j & 1))

    def _check_setup(self) -> None:
        """During the set-up: the right seat places the next foundation, where the rest still fit."""
        geo, fmask = self.geo, self.foundation_mask()
        if self.to_move != self.setup_seat(self.placed):
            raise BadPosition("err.position", why=msg("ziggurats.pos.setup_turn",
                                                      player=self.seat_ref(self.setup_seat(self.placed))))
        if not geo.foundation_squares(fmask, self.total - self.placed - 1):
            raise BadPosition("err.position", why=msg("ziggurats.pos.no_room")).at(
                *(geo.cells[i] for i in range(geo.n ** 2) if fmask >> i & 1))

    def _check_blocks(self, used: list[int]) -> None:
        """Ten blocks per seat, and none before the set-up is over."""
        cells = self.geo.cells
        for seat, u in enumerate(used):
            if u > BLOCKS:
                raise BadPosition("err.position", why=msg("ziggurats.pos.blocks", player=self.seat_ref(seat),
                                                          n=BLOCKS)).at(
                    *(cells[i] for i, s in enumerate(self.board) if CHARS[seat] in s))
        if self.in_setup() and any(used):
            raise BadPosition("err.position", why=msg("ziggurats.pos.setup")).at(
                *(cells[i] for i, s in enumerate(self.board) if s.strip("F")))

    def _check_heights(self, blocks: int) -> None:
        """A foundation stack stops at 4; a stack without one of height h took 2h - 3 blocks (module
        docstring)."""
        cells = self.geo.cells
        for i, s in enumerate(self.board):
            if s[:1] == "F" and len(s) > 4:
                raise BadPosition("err.position", why=msg("ziggurats.pos.tall", cell=cells[i])).at(cells[i])
            if s[:1] != "F" and 2 * len(s) - 3 > blocks:
                raise BadPosition("err.position", why=msg("ziggurats.pos.tower", cell=cells[i], h=len(s),
                                                          n=2 * len(s) - 3)).at(cells[i])

    def _read_back(self, back: str) -> None:
        geo = self.geo
        backs = back.split(".")
        if len(backs) != self.num_players:
            raise BadPosition("err.position", why=msg("ziggurats.pos.backs"))
        self.back = []
        for x in backs:
            if not x:
                self.back.append(None)
                continue
            a, _, c = x.partition("-")
            if a not in geo.index or c not in geo.index:
                raise BadPosition("err.position", why=msg("ziggurats.pos.back", text=x))
            f, t = geo.index[a], geo.index[c]
            if t not in geo.orth[f] or not self.board[t] or self.in_setup():
                raise BadPosition("err.position", why=msg("ziggurats.pos.back", text=x))
            self.back.append((f, t))

    def parse_last(self, text: str) -> int:
        idx = self.geo.index
        s = text.upper()
        if s.startswith("F") and s[1:2].isalpha():
            i = idx[s[1:]]
            if self.board[i][:1] != "F":
                raise ValueError
            return FOUND + i
        if "-" in s:
            a, c = s.split("-")
            f, t = idx[a], idx[c]
            if t not in self.geo.orth[f] or not self.board[t]:
                raise ValueError
            return MOVE + 100 * f + t
        i = idx[s]
        if not self.board[i]:
            raise ValueError
        return i

    def orphans(self) -> list[int]:
        """The squares whose stacks are not joined to any foundation."""
        board, orth = self.board, self.geo.orth
        stack = [i for i, s in enumerate(board) if s[:1] == "F"]
        seen = set(stack)
        while stack:
            for j in orth[stack.pop()]:
                if j not in seen and board[j]:
                    seen.add(j)
                    stack.append(j)
        return [i for i, s in enumerate(board) if s and i not in seen]

    # ---------------------------------------------------------------- board editor
    def edit_items(self) -> tuple[Item, ...]:
        found = Item("F", "block", "neutral", label=msg("ziggurats.foundation"), stacks=True)
        return (found,) + tuple(Item(ch, "block", COLOURS[seat], stacks=True)
                                for seat, ch in enumerate(CHARS[:self.num_players]))

    def to_setup(self) -> Setup:
        board = {self.geo.cells[i]: tuple(s) for i, s in enumerate(self.board) if s}
        return Setup(dict(self.options), board, self.to_move, {}, self._encode_body().split(";", 2)[2])

    @classmethod
    def setup_body(cls, setup: Setup) -> str:
        """History '' = no back-and-forth restriction, no last move, no repetition."""
        players = setup.options.get("players", cls.player_counts[0])
        geo = GEOMETRY[size_for(players)]
        board = ["".join(setup.board.get(c, ())) for c in geo.cells]
        history = setup.history or f"{'.' * (players - 1)};;"
        return ";".join([board_code(board, geo.n), str(setup.to_move), history])

    # ---------------------------------------------------------------- presentation
    def seat_colour(self, seat: int) -> str:
        return COLOURS[seat]

    def seat_rotation(self, seat: int) -> int:
        return 0

    def status(self) -> Message | None:
        if self.result is None and self.in_setup():
            return "ziggurats.setup", {"player": self.seat_ref(self.to_move), "n": self.placed + 1,
                                       "total": self.total}
        if self.result is None:             # the playing phase: what to do now
            key = "ziggurats.play" if self.supply[self.to_move] else "ziggurats.play_move"
            return key, {"player": self.seat_ref(self.to_move)}
        return None

    def closed(self) -> list[int]:
        """The set-up's closed squares: empty, but a foundation there would touch one or leave no room."""
        ok = set(self.geo.foundation_squares(self.foundation_mask(), self.total - self.placed - 1))
        return [i for i, s in enumerate(self.board) if not s and i not in ok]

    def closed_squares(self) -> dict[str, Message]:
        if self.result is not None or not self.in_setup():
            return {}
        out = {}
        for i in self.closed():
            why = self.why_illegal("f" + self.geo.cells[i])
            if why is not None:
                out[self.geo.cells[i]] = why
        return out

    def view(self, aids: frozenset[str] = frozenset(), selected: str | None = None) -> View:
        geo, board = self.geo, self.board
        n = geo.n
        v = grid(n, n, fill=lambda c, r: "sand")
        for i, s in enumerate(board):
            for lv, ch in enumerate(s):
                if ch == "F":
                    v.pieces.append(Piece(geo.cells[i], "block", "neutral", level=0, label=msg("ziggurats.foundation")))
                else:
                    v.pieces.append(Piece(geo.cells[i], "block", COLOURS[OWNER[ch]], level=lv))
        if isinstance(self.last, int):
            v.add_layer("last", list(self.move_input(self.last)[0]))
        if self.result is not None and self.result.line:
            v.add_layer("goal", self.result.line)
        elif "ziggurat" in aids:
            v.add_layer("goal", [geo.cells[i] for i, s in enumerate(board) if s[:1] == "F" and len(s) == 3])
        if self.result is None and self.in_setup():
            v.add_layer("forbidden", [geo.cells[i] for i in self.closed()])
        if self.result is None and not self.in_setup():
            seat = self.to_move
            # where a move can start: the squares to place on, the blocks that move
            starts = {m % 100 if m < MOVE else (m - MOVE) // 100 for m in self.legal_moves()}
            v.add_layer("due", [geo.cells[i] for i in sorted(starts)])
            back = self.back[seat]
            if back is not None and board[back[1]][-1:] == CHARS[seat]:
                v.notes.append(("ziggurats.back", {"player": self.seat_ref(seat), "cell": geo.cells[back[1]],
                                                   "to": geo.cells[back[0]]}))
                if selected == geo.cells[back[1]]:
                    v.add_layer("forbidden", [geo.cells[back[0]]])
            if selected in geo.index:
                i = geo.index[selected]
                reach = [geo.cells[(m - MOVE) % 100] for m in self.block_moves(seat) if (m - MOVE) // 100 == i]
                v.add_layer("reach", reach)
        for seat in range(self.num_players):
            v.notes.append(("ziggurats.supply", {"player": self.seat_ref(seat), "n": self.supply[seat]}))
        return v


def board_code(board: list[str], n: int) -> str:
    """The squares' stacks as the position code writes them: '.' between squares, '/' between rows."""
    return "/".join(".".join(board[r * n:(r + 1) * n]) for r in range(n))
