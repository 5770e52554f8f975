"""The engine interface that all ten games implement.

A game is one subclass of State with class-level metadata (id, player counts, options).
Every atomic decision is a move (a pie swap, a bonus step, a set-up placement, a reserve
choice), the player to move is part of the state, and an outcome is a result per seat, so
teams, 'everyone loses', solitaire scores and set-up phases need no special path in the
search, the renderer, the links or the page.

The interface is declared below, every hook on State with its signature and default, in
three groups: the rules (legal_moves, _apply, move_text/parse_move, move_input, the position
code, view; a subclass must provide those that raise NotImplementedError), the search's
hooks (playout_move, rollout, evaluate, winning_moves, solve and the game's
search_settings, a SearchSettings), and the board editor's (edit_items, edit_fields,
to_setup, setup_body). The search (ai/mcts.py, one for all games) and the editor know a game
only through these.

Everything a player reads is a message: a text key of texts.py with its arguments, never
English prose. Errors carry (key, args) (errors.py); why_illegal, status(), the view's notes
and its cell and piece labels return texts.msg(key, **args) pairs; a BadPosition's `why` is
such a pair too. The page translates them into the reader's language with texts.tr().

Rules several games share are here once, for a game to switch on rather than write again:
teams of two are neighbouring seats (0+1 against 2+3) and play runs in seat order (clockwise),
so a round is A1, A2, B1, B2; partner(); win() (a side's win, with the '_team' text naming the
partner); _end_turn() (the turn to the next seat that can_move(), else a draw: stuck_reason);
a quiet clock (quiet_rounds turns per seat without progress draw: quiet_reason); and the end
of a position code (_code_tail / _split_code / _code_draw: the repetition mark 'r', then the
clock). _upgrade() reads an older version's code where that is cheap.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
import random
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeAlias

from .codec import MAX_CODE, as_int, clip
from .errors import BadMove, BadOption, BadPosition, IllegalMove
from .texts import Message, msg
from .view import View

if TYPE_CHECKING:       # the editor builds on State: only its types are needed here
    from .editor import Field, Item, Setup

# A move is whatever its game makes it (an int, a tuple of squares, a string): the engine, the
# search and the page only hand it back to the game that made it, so no one type fits all ten.
Move: TypeAlias = Any
Rewards: TypeAlias = tuple[float, ...]     # a reward per seat, in [0, 1]
# An option's value is a bool, an int or a str by its Option.kind; each game reads its own options
# knowing which, so a union would only be narrowed again at every use.
OptionValue: TypeAlias = Any
Options: TypeAlias = dict[str, OptionValue]


@dataclass(frozen=True)
class Option:
    """A game option of the new-game dialog and the position code.

    kind 'bool' (values False/True), 'int' (choices = allowed ints; () = any int >= 0) or
    'choice' (choices = allowed strings). label is a text key. shown_if = (other key, value):
    the dialog offers this option only while that other option has that value. steps: buttons
    beside a choice that change its value, as (text key, function value -> value) (Die Drei's
    tiles: turn, flip)."""
    key: str
    kind: str
    default: OptionValue
    choices: tuple[OptionValue, ...] = ()
    label: str = ""
    shown_if: tuple[str, OptionValue] | None = None
    steps: tuple[tuple[str, Callable[[OptionValue], OptionValue]], ...] = ()

    def parse(self, text: str) -> OptionValue:
        s = str(text).strip().lower()
        if self.kind == "bool":
            if s in ("1", "true", "yes", "on"):
                return True
            if s in ("0", "false", "no", "off"):
                return False
        elif self.kind == "int":
            n = as_int(s)
            if n is not None and (not self.choices or n in self.choices):
                return n
        elif s in self.choices:
            return s
        raise BadOption("err.option_value", value=clip(str(text)), name=self.key)

    def format(self, value: OptionValue) -> str:
        if self.kind == "bool":
            return "1" if value else "0"
        return str(value)


@dataclass(frozen=True)
class Outcome:
    """How a game ended: a reward per seat in [0, 1] (what the search maximises), the seats
    that won (none for a draw, 'everyone loses' or a solitaire), a text key with its
    arguments for the message, and cells to draw (a winning line, a king's path)."""
    rewards: Rewards
    winners: tuple[int, ...]
    reason: str
    args: dict[str, object] = field(default_factory=dict)
    line: tuple[str, ...] = ()

    @classmethod
    def win(cls, state: State, seat: int, reason: str, line: Iterable[str] = (), **args: object) -> Outcome:
        """`seat` wins, with every seat of its team."""
        team = state.teams[seat]
        winners = tuple(s for s in range(state.num_players) if state.teams[s] == team)
        rewards = tuple(1.0 if s in winners else 0.0 for s in range(state.num_players))
        return cls(rewards, winners, reason, args, tuple(line))

    @classmethod
    def draw(cls, state: State, reason: str = "why.draw", **args: object) -> Outcome:
        return cls((0.5,) * state.num_players, (), reason, args)

    def message(self, lang: str = "en") -> str:
        from .texts import t
        return t(self.reason, lang, **self.args)


def after(state: State, move: Move) -> State:
    """The position after `move`, on a copy."""
    s = state.copy()
    s.play(move)
    return s


@dataclass(frozen=True)
class SearchSettings:
    """How the search (ai/mcts.py) plays a game: each game's `search_settings`, which a player
    spec may change for an experiment under the same names (`mcts:1s,prune=0,cap=16`; keep one
    only where tests/bench/strength.py shows it helps).

    exploration  the UCB1 constant c; lower searches the moves that look best deeper, where
                 their values settle late
    rave         > 0: RAVE move statistics with this equivalence (visits at which a child's
                 own mean and its all-moves-as-first mean weigh alike); for games where a move
                 (a square to place on) is good whenever it is played; 0 = off
    prune        inside the tree, a move after which the opponent wins at once (the game's
                 winning_moves()) is proven lost as it is added, with no simulation; for games
                 whose short playouts or evaluation would rate such a move well
    cap          playouts stop after this many plies and call evaluate() (0: evaluate at once)
    minimax      > 0: implicit minimax backups with this weight: evaluate() at every new leaf,
                 backed up by minimax and blended into the children's means; for games whose
                 evaluation sees tactics a mean over replies dilutes; 0 = off
    solve        the game's solve() is exact: with a time budget the search solves its root
                 moves with part of each slice (Die Drei, Surikata, Snorkels)
    solve_nodes  > 0: a search of a number of iterations (a level) first solves its root moves
                 with up to this many solver nodes per iteration, the same on every device (a part
                 of the nodes the solver searches in the time of one iteration, so the solve takes
                 less time than the iterations); 0: a level searches its iterations alone
    learned      the search calls the game's learned_evaluate() (a model trained offline on
                 self-play) where it would call evaluate(); an experiment (issue 53), off in
                 every game"""
    exploration: float = 1.0
    rave: int = 0
    prune: bool = False
    cap: int = 300
    minimax: float = 0.0
    solve: bool = False
    solve_nodes: int = 0
    learned: bool = False


class Nodes:
    """A budget of nodes for a game's solve() hook that several solves share (a level's search,
    ai/mcts.py: the same on every device): each solve takes the nodes it searched from `left`, and
    stops once it would take more than is left."""
    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        self.left = left


class State:
    # --- metadata, set by each game ---
    id: ClassVar[str] = ""
    version: ClassVar[int] = 1
    # raised when the game's search plays differently at a given number of iterations (its
    # search_settings, evaluate(), playout policy): the level ladder's games of an older version no
    # longer count (tests/bench/ladder.py)
    search_version: ClassVar[int] = 1
    player_counts: ClassVar[tuple[int, ...]] = (2,)
    team_counts: ClassVar[tuple[int, ...]] = ()     # player counts at which teams of two may play
    option_specs: ClassVar[tuple[Option, ...]] = ()
    repetition: ClassVar[bool] = False              # can play loop? then 3-fold repetition draws
    quiet_rounds: ClassVar[int] = 0                 # rounds of turns without progress that draw (0: none)
    # can all lose at once (Ziggurats' stuck player)? else every outcome's two sides' rewards add up to 1
    shared_loss: ClassVar[bool] = False
    quiet_reason: ClassVar[str] = ""                # text key of that draw, with {rounds}
    takes_pieces: ClassVar[bool] = False            # can a move take pieces off the board?
    # does a move limit what the next player may do (Die Drei's attacked squares, Surikata's
    # meerkat, Aufstellen's piece due)? Then passing the turn is a fiction: a threat is what the
    # other side can do after the player's move (spielkiste_web/threats.py)
    move_shapes_reply: ClassVar[bool] = False
    stuck_reason: ClassVar[str] = "why.draw"        # text key of the draw when no seat can take a turn
    move_pattern: ClassVar[str] = r"[A-Za-z0-9-]+"  # syntax of one move (checked before legality)
    aids: ClassVar[tuple[str, ...]] = ()            # optional overlays the player can switch on
    tools: ClassVar[tuple[str, ...]] = ()           # analyses the page offers as buttons (run_tool)
    search_settings: ClassVar[SearchSettings] = SearchSettings()   # how the search plays it

    # --- per-position attributes every game has ---
    options: Options
    num_players: int
    teams: tuple[int, ...]
    to_move: int
    result: Outcome | None
    last: Move
    ply: int
    quiet: int
    _seen: dict[Hashable, int]

    # ------------------------------------------------------------------ construction
    @classmethod
    def all_options(cls) -> tuple[Option, ...]:
        extra = []
        if len(cls.player_counts) > 1:
            extra.append(Option("players", "int", cls.player_counts[0], cls.player_counts, "ui.players"))
        if cls.team_counts:       # offered only at the player count that has teams (every game: one)
            shown = ("players", cls.team_counts[0]) if len(cls.team_counts) == 1 else None
            extra.append(Option("teams", "bool", False, (), "ui.teams", shown))
        return tuple(extra) + cls.option_specs

    @classmethod
    def offered_options(cls, raw: Mapping[str, object]) -> dict[str, object]:
        """`raw` without the options the dialog does not offer at the other options' values (teams
        with a player count that has none): what an input left checked while hidden holds is not
        the player's choice."""
        specs = {o.key: o for o in cls.all_options()}
        out = dict(raw)
        for o in specs.values():
            if o.shown_if and o.key in out:
                other = specs[o.shown_if[0]]
                value = out.get(other.key, other.default)
                try:
                    value = other.parse(value) if isinstance(value, str) else value
                except BadOption:
                    continue             # said by normalize_options
                if value != o.shown_if[1]:
                    del out[o.key]
        return out

    @classmethod
    def normalize_options(cls, raw: Mapping[str, object] | None) -> Options:
        """Options from text or values, defaults filled in; raises BadOption."""
        specs = {o.key: o for o in cls.all_options()}
        opts = {k: o.default for k, o in specs.items()}
        for k, v in (raw or {}).items():
            if k not in specs:
                raise BadOption("err.option_unknown", game="@game." + cls.id, name=clip(k))
            opts[k] = specs[k].parse(v) if isinstance(v, str) else specs[k].parse(specs[k].format(v))
        if opts.get("teams") and opts.get("players", cls.player_counts[0]) not in cls.team_counts:
            raise BadOption("err.teams_players", count=" / ".join(str(n) for n in cls.team_counts))
        return opts

    @classmethod
    def new(cls, options: Mapping[str, object] | None = None) -> Self:
        """The start position for these options."""
        opts = cls.normalize_options(options)
        s = cls.__new__(cls)
        s._init_base(opts)
        s._setup(opts)
        s._count_start()
        return s

    def _count_start(self) -> None:
        """The position a game starts from counts for repetition like any other."""
        if self.repetition and self.result is None:
            self._seen[self.key()] = 1

    def _init_base(self, opts: Options) -> None:
        self.options = opts
        self.num_players = opts.get("players", self.player_counts[0])
        # partners sit side by side: seats 0+1 against 2+3, so a round runs A1, A2, B1, B2
        self.teams = tuple(i // 2 for i in range(self.num_players)) if opts.get("teams") \
            else tuple(range(self.num_players))
        self.quiet = 0
        self.to_move = 0
        self.result = None
        self.last = None
        self.ply = 0
        self._seen = {}

    def _setup(self, options: Options) -> None:
        raise NotImplementedError

    def copy(self) -> Self:
        """A copy that shares nothing mutable: containers one level deep are copied.
        Games holding nested mutable containers override this."""
        new = object.__new__(type(self))
        d = new.__dict__
        for k, v in self.__dict__.items():
            t = type(v)
            d[k] = v.copy() if t is list or t is dict or t is set or t is bytearray else v
        return new

    # ------------------------------------------------------------------ play
    def legal_moves(self) -> list[Move]:
        raise NotImplementedError

    def _apply(self, move: Move) -> None:
        raise NotImplementedError

    def play(self, move: Move) -> None:
        """Apply a move from legal_moves() (not checked; see push_text for input)."""
        self._apply(move)
        self.last = move
        self.ply += 1
        if self.repetition and self.result is None:
            k = self.key()
            n = self._seen.get(k, 0) + 1
            self._seen[k] = n
            if n >= 3:
                self.result = Outcome.draw(self, "why.repetition")

    def outcome(self) -> Outcome | None:
        return self.result

    # ------------------------------------------------------------------ turns, teams, shared draws
    def partner(self, seat: int) -> int | None:
        """The other seat of seat's team, or None."""
        for s in range(self.num_players):
            if s != seat and self.teams[s] == self.teams[seat]:
                return s
        return None

    def win(self, seat: int, reason: str, line: Iterable[str] = (), **args: object) -> Outcome:
        """seat's side wins; with a partner the text is reason + '_team', naming both."""
        p = self.partner(seat)
        if p is not None:
            reason, args["partner"] = reason + "_team", self.seat_ref(p)
        return Outcome.win(self, seat, reason, line, winner=self.seat_ref(seat), **args)

    def can_move(self, seat: int) -> bool:
        """Can `seat` take a turn now? Seats that cannot are passed over (_end_turn)."""
        return True

    def _end_turn(self, seat: int, progress: bool = False) -> None:
        """Pass the turn on in seat order (clockwise) to the next seat that can move; if none
        can, the game is drawn. A turn without progress runs the quiet clock."""
        if self.quiet_rounds:
            self.quiet = 0 if progress else self.quiet + 1
        n = self.num_players
        for k in range(1, n + 1):
            s = (seat + k) % n
            if self.can_move(s):
                self.to_move = s
                self.result = self._quiet_draw()
                return
        self.to_move = (seat + 1) % n
        self.result = Outcome.draw(self, self.stuck_reason)

    def _quiet_draw(self) -> Outcome | None:
        if self.quiet_rounds and self.quiet >= self.quiet_rounds * self.num_players:
            return Outcome.draw(self, self.quiet_reason, rounds=self.quiet_rounds)
        return None

    def _code_tail(self) -> list[str]:
        """The fields a position code ends with: 'r' if drawn by repetition (the history that
        found it is not in the code), then the quiet clock while it runs."""
        tail = ["r" if self.result is not None and self.result.reason == "why.repetition" else ""]
        return tail + [str(self.quiet)] if self.quiet_rounds and self.quiet else tail

    def _split_code(self, body: str, count: int) -> tuple[list[str], bool]:
        """The game's own `count` fields of a position code and whether its tail says 'drawn by
        repetition'; reads the quiet clock."""
        fields = body.split(";")
        tail = fields[count:]
        if not 1 <= len(tail) <= (2 if self.quiet_rounds else 1):
            raise BadPosition("err.position", why=msg("pos.fields", expected=count + 1, found=len(fields)))
        if tail[0] not in ("", "r"):
            raise BadPosition("err.position", why=msg("pos.repetition_field"))
        limit = self.quiet_rounds * self.num_players
        if len(tail) == 2 and not (tail[1].isascii() and tail[1].isdigit() and 1 <= int(tail[1]) <= limit):
            raise BadPosition("err.position", why=msg("pos.number", what="@pos.what.quiet", lo=1, hi=limit))
        self.quiet = int(tail[1]) if len(tail) == 2 else 0
        return fields[:count], tail[0] == "r"

    def _code_draw(self, drawn: bool) -> Outcome | None:
        """The draw a decoded position ends in: by repetition (its tail says so) or the quiet clock."""
        return Outcome.draw(self, "why.repetition") if drawn else self._quiet_draw()

    def key(self) -> Hashable:
        """What makes two positions the same for repetition (only that: Die Drei's placements share
        one key per number of pawns placed, since none can come back; see position_key())."""
        return self._encode_body()

    def position_key(self) -> Hashable:
        """What makes two positions the same for everything that can follow them: the position code
        (options, board, side to move, clocks) and, where repetition draws, the positions seen on the
        way with their counts. A search that remembers positions (a proof's memo) keys on this."""
        if not self.repetition:
            return self.encode()
        return self.encode(), frozenset(self._seen.items())

    def evaluate(self) -> Rewards | None:
        """Estimated rewards per seat for a position the search stopped in; None = unknown."""
        return None

    def learned_evaluate(self) -> Rewards | None:
        """evaluate() by a model learned from self-play, for the search option `learned`; games
        without one answer evaluate()."""
        return self.evaluate()

    def winning_moves(self) -> list[Move] | None:
        """The moves of the player to move that win at once, found cheaply, or None when the
        game has no cheap way (the search then tries every move; search_settings.prune needs it)."""
        return None

    def solve(self, deadline: float | None, table: dict[Any, Any], nodes: Nodes | None = None) -> Rewards | None:
        """The rewards under perfect play, or None when not known by `deadline`
        (time.perf_counter(); None: no limit) or within the `nodes` left (taken from them as searched;
        None: no limit). `table` is the solver's memory, kept by the search along a game (its keys and
        values are the game's own). Only games small enough to solve (Die Drei, Surikata's endings)
        answer, or a game's forced lines (Snorkels' captures: None where they decide nothing), and
        set search_settings.solve."""
        return None

    def playout_move(self, rng: random.Random) -> Move:
        """A random move for search playouts; games may make this cheaper than legal_moves."""
        moves = self.legal_moves()
        return moves[rng.randrange(len(moves))]

    def rollout(self, rng: random.Random, plies: int, seq: list[tuple[int, Move]] | None = None) -> None:
        """Play up to `plies` playout moves (playout_move) or to the end; with `seq`, append
        (mover, move) of each. A game may run this faster on its own data (Surikata's bit
        masks), as long as it leaves the state as these moves played one by one would."""
        n = 0
        while self.result is None and n < plies:
            move = self.playout_move(rng)
            if seq is not None:
                seq.append((self.to_move, move))
            self.play(move)
            n += 1

    def rollout_setup(self, rng: random.Random, plies: int, seq: list[tuple[int, Move]] | None,
                      setting_up: Callable[[], object]) -> int:
        """The start of a game's own rollout: the set-up's moves played one by one (State.rollout)
        while `setting_up()`. Returns the plies left for the game's fast playout, 0 when none are
        left or the game has ended."""
        while setting_up() and plies > 0 and self.result is None:
            State.rollout(self, rng, 1, seq)
            plies -= 1
        return 0 if self.result is not None else max(plies, 0)

    # ------------------------------------------------------------------ notation
    def move_text(self, move: Move) -> str:
        raise NotImplementedError

    def follows_up(self) -> bool:
        """Whether the move to play now finishes the mover's previous one (Das Tor's choice at the
        gate its movement opened, Schaff den Sprung's bonus moves): the move lists write them as one
        move."""
        return False

    def follow_up_text(self, text: str) -> str:
        """A finishing move's words after the move it finishes (`text`: its move_text)."""
        return text

    def parse_move(self, text: str) -> Move:
        """The legal move written as `text`; BadMove if unreadable, IllegalMove if not allowed."""
        s = text.strip()
        if not re.fullmatch(self.move_pattern, s):
            raise BadMove("err.move_syntax", text=text, game="@game." + self.id)
        if self.result is not None:
            raise IllegalMove("err.game_over")
        want = s.upper()
        for m in self.legal_moves():
            if self.move_text(m).upper() == want:
                return m
        why = self.why_illegal(s)
        if why:
            raise IllegalMove("err.move_illegal_why", text=s, why=why)
        raise IllegalMove("err.move_illegal", text=s)

    def why_illegal(self, text: str) -> Message | None:
        """Why a well-formed move that is not legal here is not allowed: a message
        (texts.msg(key, **args)) shown in the error, or None when there is nothing to add."""
        return None

    def push_text(self, text: str) -> Move:
        """Parse and play a move; returns the move."""
        m = self.parse_move(text)
        self.play(m)
        return m

    def move_input(self, move: Move) -> tuple[tuple[str, ...], str | None]:
        raise NotImplementedError

    # ------------------------------------------------------------------ position code
    def encode(self) -> str:
        return f"{self.version}:{self._options_code()}:{self._encode_body()}"

    @classmethod
    def decode(cls, code: str) -> Self:
        """A position from its code; BadPosition on anything wrong."""
        if len(code) > MAX_CODE:
            raise BadPosition("err.position", why=msg("pos.long"))
        parts = code.strip().split(":", 2)
        if len(parts) != 3 or as_int(parts[0]) is None:
            raise BadPosition("err.position", why=msg("pos.format"))
        raw = {}
        for item in filter(None, parts[1].split(",")):
            k, _, v = item.partition(".")
            if k in raw:
                raise BadPosition("err.position", why=msg("pos.option_twice", name=clip(k)))
            raw[k] = v
        try:
            opts = cls.normalize_options(raw)
        except BadOption as e:
            raise BadPosition("err.position", why=(e.key, e.params)) from None
        s = cls.__new__(cls)
        s._init_base(opts)
        try:       # the text is hostile until read: a slip of a game's reader is still a BadPosition
            body = parts[2] if int(parts[0]) == cls.version else cls._upgrade(int(parts[0]), opts, parts[2])
            s._decode_body(body, opts)
        except BadPosition:
            raise
        except (ValueError, IndexError, KeyError):
            raise BadPosition("err.position", why=msg("pos.garbled")) from None
        s._count_start()
        return s

    @classmethod
    def _upgrade(cls, version: int, options: Options, body: str) -> str:
        """The body of an older version's position code in today's form, where that is cheap;
        BadPosition where it is not (the default)."""
        raise BadPosition("err.position_version", found=str(version), expected=cls.version)

    def _options_code(self) -> str:
        return ",".join(f"{o.key}.{o.format(self.options[o.key])}" for o in self.all_options()
                        if self.options[o.key] != o.default)

    def _encode_body(self) -> str:
        raise NotImplementedError

    def _decode_body(self, body: str, options: Options) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ presentation
    def seat_colour(self, seat: int) -> str:
        """The colour key a seat plays (text key 'colour.<key>'); may change (pie swap)."""
        return ("white", "black", "red", "blue", "green", "yellow")[seat]

    def seat_ref(self, seat: int) -> str:
        """A message argument naming a seat's colour."""
        return "@colour." + self.seat_colour(seat)

    def seat_rotation(self, seat: int) -> int:
        """Degrees to turn the board so that `seat` looks from its own side."""
        return round(360 * seat / self.num_players) % 360

    def view(self, aids: frozenset[str] = frozenset(), selected: str | None = None) -> View:
        """What to draw. aids: overlays switched on; selected: the square the player has clicked
        first (a game may show what that piece could do)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ board editor (editor.py)
    def edit_items(self) -> tuple[Item, ...]:
        raise NotImplementedError

    def edit_fields(self) -> tuple[Field, ...]:
        return ()

    def to_setup(self) -> Setup:
        raise NotImplementedError

    @classmethod
    def setup_body(cls, setup: Setup) -> str:
        raise NotImplementedError

    def run_tool(self, name: str, seconds: float) -> dict[str, object]:
        """Run one of `tools` (in the AI worker): {'key': text key, 'args': {...}, 'move': move text
        or None (a move to show as a hint)}."""
        raise ValueError(f"{self.id} has no tool {name}")

    def status(self) -> Message | None:
        """An optional extra line for the status bar (text key, args), e.g. the piece type due."""
        return None

    def closed_squares(self) -> dict[str, Message]:
        """The squares the board draws closed (hatched) for the move to make now, each with the
        engine's reason (why_illegal's): the page says it when one is tapped."""
        return {}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.encode()}>"
