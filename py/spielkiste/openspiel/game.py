"""The ten games as OpenSpiel games (pyspiel's Python game interface).

`pyspiel.load_game("spielkiste_<id>")`, with the game's options as parameters
(`spielkiste_weltreich(players=4,teams=true)`), gives a pyspiel.Game whose states wrap the
engine's State: the actions are actions.py's ids (spaces.py), the observations planes.py's
planes, a clone is State.copy(), and the returns follow OpenSpiel's convention (a win +1, a
loss -1, a draw 0). Games that only end by repetition or a quiet clock get a ply limit
(the parameter max_game_length) at which they are drawn, since OpenSpiel needs a bound.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from ..engine import State
from ..errors import SpielkisteError
from ..registry import ENTRIES, Entry
from ..texts import t
from .actions import ActionSpace, Move
from .configs import PREFIX
from .planes import Layout, layout, planes
from .spaces import action_space

PLY_LIMIT = 2000        # the default max_game_length where the rules set no small bound


def natural_bound(game_id: str, options: dict[str, Any]) -> int | None:
    """Most plies a game can last under its own rules, where that is small; None where only
    repetition or a quiet clock ends it (then max_game_length applies)."""
    players = options.get("players", 2)
    return {
        "surikata": 25,                 # 5 mounds + 20 pieces
        "snorkels": 50,                 # every square filled (stones included), one swap
        "sprung": 2 * 81 * players,     # every move takes a piece >= 1 column right (81 per seat), then maybe 'stop'
        "solitaire": 35,                # every jump removes a piece
        "drei": None if options.get("continuation") else 16,
    }.get(game_id)


def _option(value: Any) -> Any:
    """An option from its parameter: a Die Drei tile laid unturned is written '2r0' in a game
    string (OpenSpiel reads a bare 2 as a number), which is the tile '2'."""
    return value[:-2] if isinstance(value, str) and value[:1].isdigit() and value.endswith("r0") else value


class Spec:
    """One configuration of one game: the engine class, its options and what OpenSpiel needs.
    Shared by all states of a game: copying or pickling a state keeps (or finds) the same one."""

    def __init__(self, entry: Entry, params: dict[str, Any]):
        cls = entry.cls
        self.entry = entry
        self.params = dict(params)
        known = {o.key for o in cls.all_options()}
        try:
            self.options = cls.normalize_options({k: _option(v) for k, v in params.items() if k in known})
            self.start = cls.new(self.options)
        except SpielkisteError as e:
            raise ValueError(f"{PREFIX}{entry.id}: {e}") from None
        self.players = self.start.num_players
        self.bound = natural_bound(entry.id, self.options)
        self.limit = self.bound or int(params.get("max_game_length", PLY_LIMIT))
        self.space: ActionSpace = action_space(entry.id, self.options)
        self.layout: Layout = layout(entry.id, self.options)

    @property
    def zero_sum(self) -> bool:
        """Every ending is a win of one side or a draw, with two sides."""
        sides = len(set(self.start.teams))
        return sides == 2 and self.entry.id != "ziggurats"      # Ziggurats: 'everyone loses'

    def returns(self, state: State) -> list[float]:
        """OpenSpiel's returns: a win +1 (each partner), a loss -1, a draw 0, 'everyone loses' -1
        for all; the solitaire its reward (1 for one piece left, down to 0). Zeros while it runs
        and at the ply limit."""
        res = state.result
        if res is None:
            return [0.0] * self.players
        if self.players == 1:
            return [res.rewards[0]]
        if res.winners:
            return [1.0 if s in res.winners else -1.0 for s in range(self.players)]
        return [0.0 if r == 0.5 else -1.0 for r in res.rewards]

    def __deepcopy__(self, memo: dict[int, Any]) -> "Spec":
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return spec, (self.entry.id, tuple(sorted(self.params.items())))


# one Spec per configuration asked for, so that a game's states share it and a pickle finds it again
_SPECS: dict[tuple[str, tuple[tuple[str, Any], ...]], Spec] = {}


def spec(game_id: str, params: tuple[tuple[str, Any], ...]) -> Spec:
    key = (game_id, params)
    if key not in _SPECS:
        _SPECS[key] = Spec(ENTRIES[game_id], dict(params))
    return _SPECS[key]


class Held:
    """The engine's state inside a pyspiel state. OpenSpiel clones a Python state by deep-copying
    its attributes (here State.copy()) into a fresh start state, so a start state shares the
    game's start position until its first move (copy on write). Keeps the position's planes once
    made: OpenSpiel asks for them per player and per kind, and view() is the slow part."""
    __slots__ = ("state", "owned", "planes")

    def __init__(self, state: State, owned: bool = True):
        self.state = state
        self.owned = owned
        self.planes: list[float] | None = None

    def mine(self) -> State:
        """The state, copied first if it is still shared."""
        if not self.owned:
            self.state, self.owned = self.state.copy(), True
        return self.state

    def __deepcopy__(self, memo: dict[int, Any]) -> "Held":
        return Held(self.state.copy()) if self.owned else Held(self.state, owned=False)

    def __getstate__(self) -> State:
        return self.state

    def __setstate__(self, state: State) -> None:
        self.state, self.owned, self.planes = state, True, None


def parameter_spec(entry: Entry) -> dict[str, Any]:
    """The game's options as OpenSpiel parameters with their defaults ('players', 'teams' and the
    game's own), plus max_game_length where the rules set no small bound."""
    out: dict[str, Any] = {o.key: o.default for o in entry.options}
    if natural_bound(entry.id, entry.cls.normalize_options(None)) is None or entry.id == "drei":
        out["max_game_length"] = PLY_LIMIT          # Die Drei: for its continuation
    return out


def game_type(entry: Entry, utility: Any = pyspiel.GameType.Utility.GENERAL_SUM) -> pyspiel.GameType:
    counts = entry.player_counts
    return pyspiel.GameType(
        short_name=PREFIX + entry.id,
        long_name=f"{t(entry.name_key)} ({entry.designer}): {t(entry.blurb_key)}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_spec(entry))


class Game(pyspiel.Game):  # type: ignore[misc]
    """A spielkiste game in one configuration (its parameters)."""
    entry: Entry        # set per game by register()

    def __init__(self, params: dict[str, Any] | None = None):
        merged = {**parameter_spec(self.entry), **(params or {})}
        self.spec = spec(self.entry.id, tuple(sorted(merged.items())))
        s = self.spec
        utility = pyspiel.GameType.Utility
        info = pyspiel.GameInfo(
            num_distinct_actions=s.space.size,
            max_chance_outcomes=0,
            num_players=s.players,
            min_utility=0.0 if s.players == 1 else -1.0,
            max_utility=1.0,
            utility_sum=0.0 if s.zero_sum else None,
            max_game_length=s.limit)
        kind = game_type(self.entry, utility.ZERO_SUM if s.zero_sum else utility.GENERAL_SUM)
        given = {k: v for k, v in (params or {}).items() if v != parameter_spec(self.entry).get(k)}
        super().__init__(kind, info, given)       # the game string names only what differs from the defaults

    def new_initial_state(self, engine: State | None = None) -> "GameState":
        """The start position, or `engine` (a State of this game under the same options, e.g.
        State.decode(code)) as an OpenSpiel state with an empty action history."""
        if engine is not None and (engine.id != self.entry.id or engine.options != self.spec.options):
            raise ValueError(f"a {engine.id} position with options {engine.options} is not a state of {self}")
        return GameState(self, engine)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "Observer":
        if params:
            raise ValueError(f"observation parameters not supported: {params}")
        return Observer(self.spec)


class GameState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state around the engine's State (`engine`)."""

    def __init__(self, game: Game, engine: State | None = None):
        super().__init__(game)
        self._spec = game.spec
        self._held = Held(engine) if engine is not None else Held(game.spec.start, owned=False)

    @property
    def engine(self) -> State:
        """The engine's state (the caller may change it: it is this state's own)."""
        return self._held.mine()

    def action_of(self, move: Move) -> int:
        """The action id of an engine move of the player to move (e.g. from our search)."""
        return self._spec.space.action(move, self._held.state.to_move)

    def _ended(self) -> bool:
        e = self._held.state
        return e.result is not None or e.ply >= self._spec.limit

    def current_player(self) -> int:
        return int(pyspiel.PlayerId.TERMINAL) if self._ended() else self._held.state.to_move

    def _legal_actions(self, player: int) -> list[int]:
        if self._ended():
            return []
        e = self._held.state
        space = self._spec.space
        return sorted(space.action(m, e.to_move) for m in e.legal_moves())

    def _apply_action(self, action: int) -> None:
        self._held.mine().play(self._spec.space.move(action))
        self._held.planes = None

    def _action_to_string(self, player: int, action: int) -> str:
        """The engine's notation where the action is a legal move here (Weltreich writes a capture
        `B11xB7`, as the puzzles and lessons do), else the action space's text of the id."""
        e = self._held.state
        move = self._spec.space.move(action)
        if not self._ended() and move in e.legal_moves():
            return e.move_text(move)
        return self._spec.space.text(action)

    def string_to_action(self, *args: Any) -> int:
        """The action id of a move text, `string_to_action([player,] text)`: the engine's notation
        or the action space's, any case (OpenSpiel's own only finds a text that action_to_string
        writes exactly); ValueError if no action is written so."""
        return self._spec.space.parse(str(args[-1]))

    def is_terminal(self) -> bool:
        return self._ended()

    def returns(self) -> list[float]:
        return self._spec.returns(self._held.state)

    def __str__(self) -> str:
        return self._held.state.encode()


class Observer:
    """OpenSpiel's Python observer: the planes as a flat float32 tensor and, under 'observation',
    shaped (planes, rows, columns); the string is the position code. A perfect-information
    game's information state is its position, so both observation kinds use this."""

    def __init__(self, spec: Spec):
        lay = spec.layout
        self.layout = lay
        self.plane_names = lay.names(spec.players)
        shape = (len(self.plane_names), lay.height, lay.width)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, shape)}

    def set_from(self, state: GameState, player: int) -> None:
        held = state._held
        if held.planes is None:
            held.planes = [0.0] * len(self.tensor)
            planes(self.layout, held.state, held.planes)
        self.tensor[:] = held.planes

    def string_from(self, state: GameState, player: int) -> str:
        return state._held.state.encode()


def register() -> None:
    """Registers every game of the registry with OpenSpiel (once; a second call does nothing)."""
    have = set(pyspiel.registered_names())
    for entry in ENTRIES.values():
        if PREFIX + entry.id not in have:
            cls = type(f"{entry.cls.__name__}Game", (Game,), {"entry": entry})
            pyspiel.register_game(game_type(entry), cls)
