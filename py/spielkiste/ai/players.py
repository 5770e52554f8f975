"""Player specifications for matches, benchmarks and the page's levels.

  random          a uniformly random legal move
  mcts:500        MCTS with 500 iterations
  mcts:1.5s       MCTS with 1.5 seconds per move"""
import random

from .mcts import Search


def parse_player(spec: str) -> tuple[str, dict]:
    kind, _, arg = spec.partition(":")
    if kind == "random" and not arg:
        return "random", {}
    if kind == "mcts":
        if arg.endswith("s"):
            return "mcts", {"seconds": float(arg[:-1])}
        if arg.isdigit():
            return "mcts", {"iterations": int(arg)}
    raise ValueError(f"unknown player '{spec}' (use random, mcts:N or mcts:Ts)")


def choose(state, spec: str, rng: random.Random):
    kind, args = parse_player(spec)
    moves = state.legal_moves()
    if kind == "random" or len(moves) == 1:
        return rng.choice(moves)
    search = Search(state, seed=rng.random())
    search.run(**args)
    return search.best_move()
