"""Players weaker than the search's best move: the levels below level 1 and the novice reference.

  - sample_move: the levels "beginner" and "casual" (levels.WEAK) search a few iterations and
    then draw a move with a temperature over the search's values, so a move that looks a little
    worse is played a little less often: human-like mistakes, not uniformly random moves. A win
    at once is always taken (the search proves it before any iteration); a move that lets the
    opponent win at once is only proven lost and so drawn rarely: a beginner overlooks a threat now
    and then.
  - novice_move: the reference player the easiest level is measured against (tests/bench/ladder.py),
    never offered in the page: takes a win in one, avoids a move after which the opponent wins at
    once, else plays a uniformly random move."""
import math
import random

from ..engine import Move, State
from .mcts import Search, first_win


def sample_move(search: Search, rng: random.Random, temperature: float) -> Move:
    """A root move of `search` drawn with probability proportional to exp((q - best q) / temperature),
    q the mover's mean reward of the move (shrunk towards the root's mean by one virtual visit;
    a move not tried yet counts at the root's mean; a proven move at its exact value). A proven
    root (a win at once, or every move lost) plays the search's best move."""
    root = search.root
    if root.proven is not None or not root.children or temperature <= 0:
        return search.best_move()
    seat = root.children[0].mover
    tried = [ch for ch in root.children if ch.visits and ch.proven is None]
    prior = sum(ch.total for ch in tried) / max(1, sum(ch.visits for ch in tried)) if tried else 0.5
    moves: list[Move] = []
    qs: list[float] = []
    for ch in root.children:
        moves.append(ch.move)
        if ch.proven is not None:
            qs.append(ch.proven[seat])
        else:
            qs.append((ch.total + prior) / (ch.visits + 1))
    for m in root.untried or ():
        moves.append(m)
        qs.append(prior)
    top = max(qs)
    weights = [math.exp((q - top) / temperature) for q in qs]
    return rng.choices(moves, weights)[0]


def novice_move(state: State, rng: random.Random) -> Move:
    """A win in one if there is one; else a random move after which the opponent cannot win at
    once (a random move when every move allows it)."""
    won = first_win(state)
    if won is not None:
        return won[0]
    me = state.to_move
    moves = state.legal_moves()
    safe = []
    for m in moves:
        s = state.copy()
        s.play(m)
        if s.result is not None:
            if s.result.rewards[me] > 0.0:
                safe.append(m)
            continue
        threat = first_win(s)
        if threat is None or threat[1][me] > 0.0:
            safe.append(m)
    return rng.choice(safe or moves)
