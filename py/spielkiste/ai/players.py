"""Player specifications for matches, benchmarks and the page's levels.

  random          a uniformly random legal move
  novice          a win in one, else a move that does not let the opponent win at once, else
                  random (weak.novice_move: the reference the easiest level is measured against)
  mcts:500        our search (mcts.Search) with 500 iterations
  mcts:1.5s       our search with 1.5 seconds per move
  uct:500, uct:1.5s   textbook UCT (PlainUCT), the baseline our search is measured against
  mcts:1s,prune=0,rave=0,exploration=0.7,cap=200,minimax=0.4,solve=0,learned=1   our search with some of the
                  game's SearchSettings changed (the same names), for experiments that compare a
                  search knob on and off (tests/bench/strength.py --a/--b)
  mcts:40,temperature=0.2   our search, then a move drawn with that temperature over the
                  search's values (weak.sample_move: the levels below level 1, levels.WEAK)"""
import math
import random
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypedDict

from ..engine import Move, State
from .mcts import Search
from .weak import novice_move, sample_move

KINDS = ("random", "novice", "mcts", "uct")
PICKING = {"temperature": float}     # how the move is picked after the search (not SearchSettings)


class Budget(TypedDict, total=False):
    """A player's time or iterations per move: Search.run's and PlainUCT.run's keywords."""
    seconds: float
    iterations: int


def _flag(text: str) -> bool:
    return bool(int(text))


OPTIONS: dict[str, Callable[[str], object]] = {   # the fields of engine.SearchSettings, read from text
    "exploration": float, "rave": int, "prune": _flag, "cap": int, "minimax": float, "solve": _flag,
    "solve_nodes": int, "learned": _flag}


def parse_player(spec: str) -> tuple[str, Budget]:
    """(kind, budget) of a spec; its search options (after commas) are checked here and read by
    search_options()."""
    search_options(spec)
    kind, _, arg = spec.partition(",")[0].partition(":")
    if kind in ("random", "novice") and not arg and "," not in spec:
        return kind, Budget()
    if kind in KINDS[2:]:
        try:
            if arg.endswith("s") and float(arg[:-1]) > 0:
                return kind, Budget(seconds=float(arg[:-1]))
        except ValueError:
            pass
        if arg.isdigit() and int(arg) > 0:
            return kind, Budget(iterations=int(arg))
    raise ValueError(f"unknown player '{spec}' (use random, novice, mcts:N, mcts:Ts, uct:N or uct:Ts)")


def search_options(spec: str) -> dict[str, Any]:
    """The SearchSettings fields named after the spec's commas (mcts only), with their values
    (each of its field's type, as OPTIONS reads it: a dict's one value type cannot say that)."""
    head, *opts = spec.split(",")
    found = {}
    for kv in opts:
        key, _, value = kv.partition("=")
        if not head.startswith("mcts:") or (key not in OPTIONS and key not in PICKING):
            raise ValueError(f"unknown search option '{kv}' in '{spec}' "
                             f"(mcts takes {', '.join([*OPTIONS, *PICKING])})")
        try:
            found[key] = {**OPTIONS, **PICKING}[key](value)
        except ValueError:
            raise ValueError(f"bad value in '{kv}' of '{spec}'") from None
    return found


class PlainUCT:
    """Textbook UCT (Kocsis & Szepesvari 2006): UCB1 with c = sqrt 2, one expansion per
    iteration, uniformly random playouts over legal_moves() to the end of the game, the most
    visited move. Nothing game-specific; a playout still running after MAX_PLAYOUT plies
    counts as a draw (only games that can loop get there)."""
    MAX_PLAYOUT = 1000

    def __init__(self, state: State, seed: float | None = None) -> None:
        self.state = state.copy()
        self.rng = random.Random(seed)
        # a node: [move, mover, visits, total, children, untried], a list kept as textbook-short as
        # the algorithm (its fields' types differ, so a node's items are Any)
        self.root: list[Any] = [None, None, 0, 0.0, [], self._moves(self.state)]

    def _moves(self, state: State) -> list[Move]:
        moves = state.legal_moves()
        self.rng.shuffle(moves)
        return moves

    def step(self) -> None:
        node, state, path = self.root, self.state.copy(), [self.root]
        child: list[Any]           # a node, as self.root
        while not node[5] and node[4]:
            log_n = math.log(node[2])
            node = max(node[4], key=lambda ch: ch[3] / ch[2] + math.sqrt(2 * log_n / ch[2]))
            state.play(node[0])
            path.append(node)
        if node[5]:
            move = node[5].pop()
            mover = state.to_move
            state.play(move)
            child = [move, mover, 0, 0.0, [], self._moves(state) if state.result is None else []]
            node[4].append(child)
            path.append(child)
        n = 0
        while state.result is None and n < self.MAX_PLAYOUT:
            moves = state.legal_moves()
            state.play(moves[self.rng.randrange(len(moves))])
            n += 1
        rewards = state.result.rewards if state.result is not None else (0.5,) * state.num_players
        for node in path:
            node[2] += 1
            if node[1] is not None:
                node[3] += rewards[node[1]]

    def run(self, seconds: float | None = None, iterations: int | None = None) -> None:
        deadline = time.perf_counter() + seconds if seconds is not None else None
        done = 0
        while (iterations is None or done < iterations) and \
                (deadline is None or time.perf_counter() < deadline):
            self.step()
            done += 1

    def best_move(self) -> Move:
        return max(self.root[4], key=lambda ch: ch[2])[0]


class Player:
    """One seat's player for a whole game. Our search keeps its tree between moves: the
    subtree of the position reached after its own move and the opponent's reply (two-seat
    games, where state.last is that reply)."""

    def __init__(self, spec: str, seed: float | None = None, **options: object) -> None:
        self.kind, self.budget = parse_player(spec)
        self.options: dict[str, Any] = {**search_options(spec), **options}   # SearchSettings fields (see there)
        self.temperature: float | None = self.options.pop("temperature", None)
        self.rng = random.Random(seed)
        self.search: Search | None = None
        self.played: Move = None   # our last move, the first step of the tree's line to reuse

    def move(self, state: State) -> Move:
        moves = state.legal_moves()
        if self.kind == "random" or len(moves) == 1:
            self.search = None
            return self.rng.choice(moves)
        if self.kind == "novice":
            return novice_move(state, self.rng)
        if self.kind == "uct":
            search = PlainUCT(state, seed=self.rng.random())
            search.run(**self.budget)
            return search.best_move()
        s = self.search
        if not (s and state.num_players == 2 and s.advance([self.played, state.last], state)):
            settings = replace(state.search_settings, **self.options) if self.options else None
            s = self.search = Search(state, seed=self.rng.random(), settings=settings)
        s.run(**self.budget, solve=self.temperature is None)
        self.played = s.best_move() if self.temperature is None else sample_move(s, self.rng, self.temperature)
        return self.played

