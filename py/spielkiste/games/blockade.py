"""Blockade (Sid Sackson, sheet 002): steer your king off the far edge.
Our reading of the rules, every choice marked: assets/rules/blockade.en.html.

Seat 0 plays Red: its king (cylinder) stands on E11 and must leave over the top edge. Seat 1
plays Blue: king on E2, leaves over the bottom edge. The kings never move until one leaves.
Each turn the mover's king is checked first: if it has a path out, leaving is the only legal
move (and wins); otherwise the player places one of his 6 guards (squares) or, once all his
guards are placed, slides one of them.

A king's path goes straight; in front of a guard (any colour) it turns 90° left or right and
goes on. It may not leave over a side edge or its own edge, may cross the enemy king's field
but not the enemy king's square. The search runs over straight runs (start square, direction):
a state seen twice is a cycle and adds nothing.

Moves are ints: a placement is the square index, a guard move 144 + from*144 + to, the king's
exit KING."""
import random
from dataclasses import replace
from collections.abc import Hashable, Sequence

from ..codec import grid_decode, parse_int
from ..editor import Item, Setup
from ..engine import Options, Outcome, Rewards, SearchSettings, State
from ..errors import BadPosition
from ..texts import Message, add, msg
from ..view import View
from . import box
from .box import CELLS, FIELD, FIELD_CELLS, INDEX, IS_CENTRE, N, NEXT, RAYS, TURNS

NN = N * N
KING = -1
MOVE = NN                              # guard move = MOVE + from*NN + to
GUARDS = 6
KING_SQ = (INDEX["E11"], INDEX["E2"])  # seat 0 (Red, bottom), seat 1 (Blue, top)
KING_CH = ("R", "B")
GUARD_CH = ("r", "b")
KING_LABELS = {ch: msg("blockade.king") for ch in KING_CH}    # the box's cylinder, named as the rules name it
GOAL = (box.UP, box.DOWN)              # the direction in which each king leaves the board
IN_KING_FIELD = [False] * NN
for _k in KING_SQ:
    for _i in FIELD_CELLS[FIELD[_k]]:
        IN_KING_FIELD[_i] = True
# squares where a guard may be placed (first guard: and not a centre)
PLACE = tuple(i for i in range(NN) if not IN_KING_FIELD[i])
PLACE_FIRST = tuple(i for i in PLACE if not IS_CENTRE[i])
SQUARE_RE = r"[A-La-l](?:1[0-2]|[1-9])"

add({
    "blockade.place": ("{player}: place guard {n} of 6.", "{player}: Wächter {n} von 6 setzen."),
    "blockade.place_first": ("{player}: place your first guard (not on a centre).",
                             "{player}: ersten Wächter setzen (nicht auf ein Zentrum)."),
    "blockade.move": ("{player}: move a guard.", "{player}: einen Wächter ziehen."),
    "blockade.king_out": ("{player}'s king has a path out and leaves.",
                          "Der König von {player} hat einen Weg hinaus und verlässt das Brett."),
    "blockade.goals": ("Red's king (E11) must leave over the top edge, Blue's king (E2) over the bottom edge.",
                       "Der rote König (E11) muss über den oberen Rand hinaus, der blaue (E2) über den unteren."),
    "blockade.no_path": ("{player}'s king has no path out yet.", "Der König von {player} hat noch keinen Weg hinaus."),
    "aid.paths": ("Show my king's paths", "Wege meines Königs zeigen"),
    "why.blockade.out": ("{winner}'s king leaves the board: {winner} wins.",
                         "Der König von {winner} verlässt das Spielfeld: {winner} gewinnt."),
    "blockade.illegal.must_leave": ("your king has a path out: it must leave (the only legal move)",
                                    "dein König hat einen Weg hinaus: er muss das Brett verlassen "
                                    "(der einzige erlaubte Zug)"),
    "blockade.illegal.own_king": ("only your own king (on {cell}) can leave the board",
                                  "nur dein eigener König (auf {cell}) kann das Brett verlassen"),
    "blockade.illegal.no_path": ("your king has no path out over the opposite edge",
                                 "dein König hat keinen Weg hinaus über den gegenüberliegenden Rand"),
    "blockade.illegal.placed": ("all your guards are placed: move one of them instead",
                                "alle deine Wächter sind gesetzt: ziehe stattdessen einen von ihnen"),
    "blockade.illegal.king_field": ("no guard may be placed in a field that holds a king",
                                    "in ein Feld mit einem König darf kein Wächter gesetzt werden"),
    "blockade.illegal.first_centre": ("your first guard may not go on a centre",
                                      "dein erster Wächter darf nicht auf ein Zentrum"),
    "blockade.illegal.not_placed": ("guards move only after all 6 of yours are placed",
                                    "Wächter ziehen erst, wenn alle 6 deiner Wächter gesetzt sind"),
    "blockade.illegal.no_guard": ("there is no guard of yours on {cell}", "auf {cell} steht kein Wächter von dir"),
    "blockade.illegal.straight": ("guards move straight (along a row or a column)",
                                  "Wächter ziehen gerade (entlang einer Reihe oder Spalte)"),
    "blockade.illegal.stop_king_field": ("a guard may not stop in a field that holds a king",
                                         "ein Wächter darf nicht in einem Feld mit einem König stehen bleiben"),
    "blockade.illegal.pass": ("a guard may not pass over another guard or a king",
                              "ein Wächter darf nicht über einen anderen Wächter oder einen König ziehen"),
    "blockade.king": ("king", "König"),
    "blockade.pos.king": ("the {colour} king must stand on {cell}", "der König von {colour} muss auf {cell} stehen"),
    "blockade.pos.one_king": ("{colour} has one king only, on {cell}", "{colour} hat nur einen König, auf {cell}"),
    "blockade.pos.guards": ("{colour} has more than 6 guards", "{colour} hat mehr als 6 Wächter"),
    "blockade.pos.first_centre": ("all guards of {colour} stand on centres, but the first guard may not",
                                  "alle Wächter von {colour} stehen auf Zentren, doch der erste Wächter darf "
                                  "nicht auf ein Zentrum"),
    "blockade.pos.king_field": ("a guard stands in a field that holds a king",
                                "ein Wächter steht in einem Feld mit einem König"),
    "blockade.pos.turns": ("the guards were not placed in turn (Red first)",
                           "die Wächter wurden nicht abwechselnd gesetzt (Rot zuerst)"),
    "blockade.pos.left": ("the king who left must be the last mover's",
                          "der König, der das Brett verlassen hat, muss dem zuletzt Ziehenden gehören"),
    "blockade.pos.left_turn": ("the king left out of turn", "der König hat das Brett außer der Reihe verlassen"),
    "blockade.pos.no_path": ("that king has no path out", "dieser König hat keinen Weg hinaus"),
    "blockade.pos.to_move": ("the player to move does not match the guards placed: {player} is to move",
                             "der Spieler am Zug passt nicht zu den gesetzten Wächtern: {player} ist am Zug"),
})


def king_search(board: Sequence[str], seat: int, want_path: bool = True) -> tuple[list[str] | None, set[int]]:
    """The king's path search: (path, reached). path = every square the king passes, from its
    own square to the edge square it leaves from (None if there is no way out); reached = the
    squares the search touched (when want_path is False the search stops at the first exit,
    with an empty path, and `reached` is still returned)."""
    start = KING_SQ[seat]
    enemy = KING_SQ[1 - seat]
    goal = GOAL[seat]
    seen = bytearray(NN * 4)
    parent: dict[int, int] = {}
    queue = []
    for d in range(4):
        seen[start * 4 + d] = 1
        queue.append(start * 4 + d)
    reached = {start}
    k = 0
    while k < len(queue):
        s = queue[k]
        k += 1
        i, d = divmod(s, 4)
        p = i
        for j in RAYS[i][d]:
            ch = board[j]
            if ch == "r" or ch == "b":                 # a guard: stop in front of it and turn
                for t in TURNS[d]:
                    ns = p * 4 + t
                    if not seen[ns]:
                        seen[ns] = 1
                        parent[ns] = s
                        queue.append(ns)
                break
            if j == enemy:                              # the enemy king blocks: this way fails
                break
            p = j
            reached.add(j)
        else:
            if d == goal:                               # off the board over the far edge
                if not want_path:
                    return [], reached
                return _trace(s, p, parent, start), reached
    return None, reached


def _trace(s: int, end: int, parent: dict[int, int], start: int) -> list[str]:
    """All squares from the king to `end` along the chain of straight runs ending in state s."""
    runs = [(s, end)]
    while s in parent:
        ps = parent[s]
        runs.append((ps, s // 4))          # the previous run ended where this one starts
        s = ps
    runs.reverse()
    path = [start]
    for st, stop in runs:
        i, d = divmod(st, 4)
        j = i
        while j != stop:
            j = NEXT[d][j]
            path.append(j)
    return [CELLS[i] for i in path]


class Blockade(State):
    id = "blockade"
    version = 2                      # 2: the code ends with the repetition mark (shared, engine.py)
    repetition = True
    aids = ("paths",)
    search_settings = SearchSettings(
        cap=4,          # then evaluate(): 4 plies beat 200 and 0 against plain UCT
        rave=100,       # a guard's square is good whenever it is placed: RAVE helps
        # a blunder proven lost, not evaluated: 31.5/48 against the search without at 0.3 s
        # (strength.py --game blockade --a mcts:0.3s --b mcts:0.3s,prune=0, seeds 31-34, 12 games each)
        prune=True,
        # each new leaf's evaluation backed up by minimax: 38/48 against plain UCT at 0.3 s (seeds
        # 2606, 2609) where the search without scored 16.5/24; 14/24 against it head to head (2608)
        minimax=0.4,
    )
    move_pattern = rf"(?i){SQUARE_RE}(?:-(?:{SQUARE_RE}|out))?"

    board: list[str]     # one letter per square: R/B kings, r/b guards, '.' empty
    guards: list[int]    # guards placed per seat
    _exit: tuple[int, list[str] | None] | None   # (the mover, its exit_path()) once asked for: keyed by the
    # mover, so a copy given the other turn (a threat's look, threats.passed) does not read the first's

    def _setup(self, options: Options) -> None:
        self.board = ["."] * NN
        self.board[KING_SQ[0]] = "R"
        self.board[KING_SQ[1]] = "B"
        self.guards = [0, 0]
        self._exit = None

    # ---------------------------------------------------------------- rules
    def exit_path(self, seat: int | None = None) -> list[str] | None:
        """The mover's (or seat's) king path out, or None (cached for the mover)."""
        if seat is None or seat == self.to_move:
            if self._exit is None or self._exit[0] != self.to_move:
                self._exit = (self.to_move, king_search(self.board, self.to_move)[0])
            return self._exit[1]
        return king_search(self.board, seat)[0]

    def legal_moves(self) -> list[int]:
        if self.result is not None:
            return []
        seat = self.to_move
        if self.exit_path() is not None:
            return [KING]
        board = self.board
        if self.guards[seat] < GUARDS:
            return [i for i in (PLACE_FIRST if self.guards[seat] == 0 else PLACE) if board[i] == "."]
        return self._guard_moves(seat)

    def _guard_moves(self, seat: int) -> list[int]:
        board, g = self.board, GUARD_CH[seat]
        out = []
        for i in range(NN):
            if board[i] == g:
                base = MOVE + i * NN
                for ray in RAYS[i]:
                    for j in ray:
                        if board[j] != ".":
                            break
                        if not IN_KING_FIELD[j]:
                            out.append(base + j)
        return out

    def _can_move_guard(self, seat: int) -> bool:
        board, g = self.board, GUARD_CH[seat]
        for i in range(NN):
            if board[i] == g:
                for ray in RAYS[i]:
                    for j in ray:
                        if board[j] != ".":
                            break
                        if not IN_KING_FIELD[j]:
                            return True
        return False

    def winning_moves(self) -> list[int]:
        """The king's exit when it has a path (then the only legal move): the search's hook."""
        return [KING] if self.result is None and self.exit_path() is not None else []

    def playout_move(self, rng: random.Random) -> int:
        seat = self.to_move
        if self.exit_path() is not None:
            return KING
        board = self.board
        if self.guards[seat] < GUARDS:
            squares = PLACE_FIRST if self.guards[seat] == 0 else PLACE
            while True:
                i = squares[rng.randrange(len(squares))]
                if board[i] == ".":
                    return i
        g = GUARD_CH[seat]
        mine = [i for i in range(NN) if board[i] == g]
        for _ in range(40):
            i = mine[rng.randrange(len(mine))]
            ray = RAYS[i][rng.randrange(4)]
            targets = []
            for j in ray:
                if board[j] != ".":
                    break
                if not IN_KING_FIELD[j]:
                    targets.append(j)
            if targets:
                return MOVE + i * NN + targets[rng.randrange(len(targets))]
        moves = self._guard_moves(seat)
        return moves[rng.randrange(len(moves))]

    def _apply(self, move: int) -> None:
        seat = self.to_move
        if move == KING:
            path = self.exit_path() or ()         # KING is legal only with a way out
            self.result = Outcome.win(self, seat, "why.blockade.out", line=path, winner=self.seat_ref(seat))
            self.to_move = 1 - seat
            self._exit = None
            return
        if move < MOVE:
            self.board[move] = GUARD_CH[seat]
            self.guards[seat] += 1
        else:
            f, t = divmod(move - MOVE, NN)
            self.board[f] = "."
            self.board[t] = GUARD_CH[seat]
        self.to_move = 1 - seat
        self._exit = None
        self._check_stuck()

    def _check_stuck(self) -> None:
        """A player with no legal action loses (our choice, see the rules page): only possible once
        all his guards are placed, none can move and his king has no path."""
        seat = self.to_move
        if self.guards[seat] == GUARDS and not self._can_move_guard(seat) and self.exit_path() is None:
            self.result = Outcome.win(self, 1 - seat, "why.no_moves", player=self.seat_ref(seat),
                                      winner=self.seat_ref(1 - seat))

    def key(self) -> Hashable:
        return "".join(self.board) + str(self.to_move)

    def evaluate(self) -> Rewards | None:
        """Who is nearer to a way out: how far towards its goal edge each king's search gets."""
        a = self._progress(0)
        b = self._progress(1)
        d = max(-6, min(6, a - b))
        return (0.5 + d / 14, 0.5 - d / 14)

    def _progress(self, seat: int) -> int:
        path, reached = king_search(self.board, seat, want_path=False)
        if path is not None:
            return 12
        rows = [i // N for i in reached]
        return (11 - min(rows)) if seat == 0 else max(rows)

    # ---------------------------------------------------------------- notation
    def move_text(self, move: int) -> str:
        if move == KING:
            return CELLS[KING_SQ[self.to_move]] + "-out"
        if move < MOVE:
            return CELLS[move]
        f, t = divmod(move - MOVE, NN)
        return f"{CELLS[f]}-{CELLS[t]}"

    def move_input(self, move: int) -> tuple[tuple[str, ...], str | None]:
        if move == KING:
            return (CELLS[KING_SQ[self.to_move]],), None
        if move < MOVE:
            return (CELLS[move],), None
        f, t = divmod(move - MOVE, NN)
        return (CELLS[f], CELLS[t]), None

    def why_illegal(self, text: str) -> Message | None:
        seat = self.to_move
        parts = text.strip().upper().split("-")
        if self.exit_path() is not None:
            return msg("blockade.illegal.must_leave")
        if parts[-1] == "OUT":
            if parts[0] != CELLS[KING_SQ[seat]]:
                return msg("blockade.illegal.own_king", cell=CELLS[KING_SQ[seat]])
            return msg("blockade.illegal.no_path")
        if not all(p in INDEX for p in parts):
            return None
        sq = [INDEX[p] for p in parts]
        if len(sq) == 1:
            i = sq[0]
            if self.guards[seat] == GUARDS:
                return msg("blockade.illegal.placed")
            if self.board[i] != ".":
                return msg("illegal.not_empty")
            if IN_KING_FIELD[i]:
                return msg("blockade.illegal.king_field")
            if self.guards[seat] == 0 and IS_CENTRE[i]:
                return msg("blockade.illegal.first_centre")
            return None
        f, t = sq
        if self.guards[seat] < GUARDS:
            return msg("blockade.illegal.not_placed")
        if self.board[f] != GUARD_CH[seat]:
            return msg("blockade.illegal.no_guard", cell=CELLS[f])
        if box.ROW[f] != box.ROW[t] and box.COL[f] != box.COL[t]:
            return msg("blockade.illegal.straight")
        if IN_KING_FIELD[t]:
            return msg("blockade.illegal.stop_king_field")
        if self.board[t] != ".":
            return msg("illegal.not_empty")
        return msg("blockade.illegal.pass")

    # ---------------------------------------------------------------- position code
    def _encode_body(self) -> str:
        return box.code_body(self.board, self.to_move, self._history())

    def _history(self) -> str:
        """The code's fields after the seat to move: the last move and the repetition mark."""
        return ";".join([self._last_text()] + self._code_tail())

    def _last_text(self) -> str:
        m = self.last
        if m is None:
            return ""
        if m == KING:
            return CELLS[KING_SQ[1 - self.to_move]] + "-out"
        if m < MOVE:
            return CELLS[m]
        f, t = divmod(m - MOVE, NN)
        return f"{CELLS[f]}-{CELLS[t]}"

    @classmethod
    def _upgrade(cls, version: int, options: Options, body: str) -> str:
        """Version 1 had no repetition mark (a repetition draw reopened as a game going on)."""
        return body + ";" if version == 1 else super()._upgrade(version, options, body)

    def _decode_body(self, body: str, options: Options) -> None:
        (b, seat, last), drawn = self._split_code(body, 3)
        self.board = board = grid_decode(b, N, N, "RBrb")
        self.to_move = parse_int(seat, 0, 1, "pos.what.to_move")
        self._exit = None
        for s in (0, 1):
            astray = [i for i in range(NN) if board[i] == KING_CH[s] and i != KING_SQ[s]]
            if board[KING_SQ[s]] != KING_CH[s] or astray:
                # home but not alone: the second king is the fault, not the one where it belongs
                key = "blockade.pos.one_king" if board[KING_SQ[s]] == KING_CH[s] else "blockade.pos.king"
                raise BadPosition("err.position", why=msg(key, colour=self.seat_ref(s), cell=CELLS[KING_SQ[s]])).at(
                    *(CELLS[i] for i in sorted(astray + [KING_SQ[s]])))
        self.guards = [board.count("r"), board.count("b")]
        r, bl = self.guards
        for s in (0, 1):
            mine = [CELLS[i] for i in range(NN) if board[i] == GUARD_CH[s]]
            if self.guards[s] > GUARDS:
                raise BadPosition("err.position", why=msg("blockade.pos.guards", colour=self.seat_ref(s))).at(*mine)
            if mine and r + bl < 2 * GUARDS and all(IS_CENTRE[INDEX[c]] for c in mine):
                # no guard moves before all 12 are placed, so the first one still stands where it was put
                raise BadPosition("err.position", why=msg("blockade.pos.first_centre",
                                                          colour=self.seat_ref(s))).at(*mine)
        if any(IN_KING_FIELD[i] and board[i] in "rb" for i in range(NN)):
            raise BadPosition("err.position", why=msg("blockade.pos.king_field")).at(
                *(CELLS[i] for i in range(NN) if IN_KING_FIELD[i] and board[i] in "rb"))
        due = None if r == bl == GUARDS else 0 if r == bl else 1 if r == bl + 1 else -1
        if due == -1:
            raise BadPosition("err.position", why=msg("blockade.pos.turns"))
        self.ply = r + bl
        if last.upper().endswith("-OUT"):
            mover = 1 - self.to_move
            if last.upper() != CELLS[KING_SQ[mover]] + "-OUT":
                raise BadPosition("err.position", why=msg("blockade.pos.left"))
            if due is not None and due != mover:
                raise BadPosition("err.position", why=msg("blockade.pos.left_turn"))
            path = king_search(board, mover)[0]
            if path is None:
                raise BadPosition("err.position", why=msg("blockade.pos.no_path")).at(CELLS[KING_SQ[mover]])
            self.last = KING
            self.ply += 1
            self.result = Outcome.win(self, mover, "why.blockade.out", line=path, winner=self.seat_ref(mover))
            return
        if due is not None and due != self.to_move:
            raise BadPosition("err.position", why=msg("blockade.pos.to_move", player=self.seat_ref(due)))
        if last:
            parts = last.upper().split("-")
            if len(parts) > 2 or not all(p in INDEX for p in parts):
                raise BadPosition("err.position", why=msg("pos.last_move"))
            sq = [INDEX[p] for p in parts]
            if board[sq[-1]] != GUARD_CH[1 - self.to_move] or \
                    (len(sq) == 2 and (board[sq[0]] != "." or not (box.ROW[sq[0]] == box.ROW[sq[1]]
                                                                    or box.COL[sq[0]] == box.COL[sq[1]]))):
                raise BadPosition("err.position", why=msg("pos.last_move"))
            self.last = sq[0] if len(sq) == 1 else MOVE + sq[0] * NN + sq[1]
        self._check_stuck()
        if self.result is None:
            self.result = self._code_draw(drawn)

    # ---------------------------------------------------------------- board editor
    def edit_items(self) -> tuple[Item, ...]:
        """The two kings (named so: the box calls the piece a cylinder) and the two colours of guards."""
        kings = tuple(replace(box.edit_item(ch), label=KING_LABELS[ch]) for ch in KING_CH)
        return kings + tuple(box.edit_item(ch) for ch in GUARD_CH)

    def to_setup(self) -> Setup:
        return Setup(dict(self.options), box.setup_board(self.board), self.to_move, {}, self._history())

    @classmethod
    def setup_body(cls, setup: Setup) -> str:
        return box.setup_body(setup, ";")

    # ---------------------------------------------------------------- presentation
    def seat_colour(self, seat: int) -> str:
        return ("red", "blue")[seat]

    def seat_rotation(self, seat: int) -> int:
        return 180 * seat

    def status(self) -> Message | None:
        if self.result is not None:
            return None
        seat = self.to_move
        player = self.seat_ref(seat)
        if self.exit_path() is not None:
            return "blockade.king_out", {"player": player}
        if self.guards[seat] < GUARDS:
            if self.guards[seat] == 0:
                return "blockade.place_first", {"player": player}
            return "blockade.place", {"player": player, "n": self.guards[seat] + 1}
        return "blockade.move", {"player": player}

    def view(self, aids: frozenset[str] = frozenset(), selected: str | None = None) -> View:
        v = box.board_view()
        box.add_pieces(v, self.board, KING_LABELS)
        v.notes.append(("blockade.goals", {}))
        m = self.last
        if self.result is not None and self.result.line:
            v.lines.append(("path", list(self.result.line)))
            v.add_layer("path", self.result.line)
        elif m is not None and m != KING:
            v.add_layer("last", [CELLS[m]] if m < MOVE else [CELLS[x] for x in divmod(m - MOVE, NN)])
        way_out = self.exit_path() if self.result is None else None
        if way_out is not None:
            v.add_layer("path", way_out)          # the way out the king is about to take
        if "paths" in aids and self.result is None:
            path, reached = king_search(self.board, self.to_move)
            v.add_layer("reach", [CELLS[i] for i in sorted(reached)])
            if path is None:
                v.notes.append(("blockade.no_path", {"player": self.seat_ref(self.to_move)}))
        if selected in INDEX and self.result is None:
            i = INDEX[selected]
            if self.board[i] == GUARD_CH[self.to_move] and self.guards[self.to_move] == GUARDS \
                    and self.exit_path() is None:
                v.add_layer("reach", [CELLS[(m - MOVE) % NN] for m in self._guard_moves(self.to_move)
                                      if (m - MOVE) // NN == i])
        return v
