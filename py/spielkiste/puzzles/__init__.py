"""Puzzles: positions from the engine's own games where the player to move has exactly one right move,
proven by exhaustive search (proof.py), as data checked by the engine.

Each game's puzzles are `<game id>.json` beside this module, {"game": id, "puzzles": [puzzle, ...]},
mined by tests/bench/mine_puzzles.py. A puzzle:

  id          an int, stable: the miner keeps the puzzles already stored and numbers new ones on
              (the page's link is `#<game>?puzzle=<id>`)
  position    a position code (State.encode()); `seat` the side to move, `colour` its colour key
              (texts: 'colour.<key>'), for "<colour> to move and win"
  kind        'win': a forced win in `depth` of the mover's moves (every defence considered) by
              exactly one first move, no other first move wins within `depth` (in Die Drei none wins
              at all, by its exact solver) and no win in fewer (a defender left only moves that lose,
              as Surikata's lines of three, counts as one more move of the mover: proof.py);
              'defend': no win within 3, and exactly one move after which the opponent cannot force a
              win within 3 of its moves (proof.HOLD), while after every other one it can, within
              `depth` of its moves at most (the slowest wrong move's; 1: every other loses at once)
  line        the moves as played, in notation: the mover's and the defence that resists longest
              (the page plays the defence); every later move of the mover in the line is its only
              move that still wins in time, but its last one, where any move that wins at once is right
  replies     for each defender move in the line, how many legal replies it had there: every one of
              them is refuted within the puzzle's moves
  iterations  the difficulty: how many iterations our search (ai/mcts.py) needs until the solution
              stays its choice, the median over SEEDS, at most CAP (iterations())
  level       1-4 by iterations (LEVELS: the upper bounds of levels 1-3)

The page asks `check(puzzle, played, answer)` with the line played so far and the player's move in
notation, and gets a Verdict: right or wrong, solved, and the defence to play next. `daily(day)` is
the same puzzle for everyone on a date, offline."""
from __future__ import annotations

import hashlib
import json
import math
import statistics
from dataclasses import dataclass
from datetime import date
from functools import cache
from importlib import resources

from ..ai.mcts import Search
from ..engine import Move, Outcome, State, after
from ..errors import SpielkisteError
from ..registry import get_game
from .proof import HOLD, Found, OutOfBudget, Prover, analyse, wins_at_once

KINDS = ("win", "defend")
SEEDS = (1, 2, 3)
CAP = 2048
LEVELS = (8, 64, 512)        # iterations: level 1 up to 8, 2 up to 64, 3 up to 512, 4 beyond
REFUTE_BUDGET = 20_000       # positions the proof of a wrong move's refutation may visit (refutation())
GAMES = ("surikata", "snorkels", "blockade", "weltreich", "sprung", "aufstellen", "tor", "ziggurats", "drei")


@dataclass(frozen=True)
class Puzzle:
    """One puzzle (the fields as the module's docstring describes them)."""
    game: str
    id: int
    position: str
    seat: int
    colour: str
    kind: str
    depth: int
    line: tuple[str, ...]
    replies: tuple[int, ...]
    iterations: int
    level: int

    def state(self) -> State:
        """The puzzle's position, read by the game's own position-code reader."""
        return get_game(self.game).decode(self.position)


@dataclass(frozen=True)
class Verdict:
    """ok: the answer is right; solved: the puzzle is done; move: the answer as a legal move in
    notation (None when it was none); replies: the defence the page plays next (moves in notation,
    more than one where the defender moves again)."""
    ok: bool
    solved: bool
    move: str | None = None
    replies: tuple[str, ...] = ()


FIELDS = ("id", "position", "seat", "colour", "kind", "depth", "line", "replies", "iterations", "level")


def level_of(iterations: int) -> int:
    """The level (1-4) of a number of iterations."""
    return 1 + sum(iterations > bound for bound in LEVELS)


def puzzle(game: str, raw: dict[str, object]) -> Puzzle:
    """One puzzle from its JSON object; ValueError on anything missing, unknown or inconsistent."""
    if set(raw) != set(FIELDS):
        raise ValueError(f"{game}: a puzzle has exactly the fields {FIELDS}: {raw!r}")
    line, replies = raw["line"], raw["replies"]
    if not (isinstance(line, list) and line and all(isinstance(m, str) for m in line)
            and isinstance(replies, list) and all(isinstance(n, int) and n > 0 for n in replies)
            and all(isinstance(raw[k], int) for k in ("id", "seat", "depth", "iterations", "level"))
            and isinstance(raw["position"], str) and isinstance(raw["colour"], str) and raw["kind"] in KINDS):
        raise ValueError(f"{game}: a puzzle with fields of the wrong type: {raw!r}")
    p = Puzzle(game=game, id=int(str(raw["id"])), position=str(raw["position"]), seat=int(str(raw["seat"])),
               colour=str(raw["colour"]), kind=str(raw["kind"]), depth=int(str(raw["depth"])), line=tuple(line),
               replies=tuple(replies), iterations=int(str(raw["iterations"])), level=int(str(raw["level"])))
    if p.level != level_of(p.iterations) or not 1 <= p.depth <= 3 or (p.kind == "defend" and p.line != p.line[:1]):
        raise ValueError(f"{game}: puzzle {p.id}: its level, depth or line does not fit its kind")
    return p


@cache
def load(game_id: str) -> tuple[Puzzle, ...]:
    """The puzzles of a game from its file `<id>.json` beside this module ((): none)."""
    game = get_game(game_id).id
    f = resources.files(__name__).joinpath(f"{game}.json")
    if not f.is_file():
        return ()
    data = json.loads(f.read_text(encoding="utf-8"))
    if set(data) != {"game", "puzzles"} or data["game"] != game or not isinstance(data["puzzles"], list):
        raise ValueError(f"{game}: a puzzle file is {{\"game\": id, \"puzzles\": [puzzle, ...]}}")
    found = tuple(puzzle(game, raw) for raw in data["puzzles"])
    if len({p.id for p in found}) != len(found):
        raise ValueError(f"{game}: two puzzles share an id")
    return found


def get(game_id: str, puzzle_id: int) -> Puzzle:
    """A game's puzzle by its id; KeyError if there is none."""
    for p in load(game_id):
        if p.id == puzzle_id:
            return p
    raise KeyError(f"{game_id} has no puzzle {puzzle_id}")


def rating(p: Puzzle) -> int:
    """A puzzle's rating on the players' scale, from its difficulty (the search's iterations to
    find the move) and its length: 800 for a move the search sees at once, +100 for each doubling
    of the iterations, +100 for each further move of the mover (800 … 2100)."""
    return int(round((800 + 100 * math.log2(1 + p.iterations) + 100 * (p.depth - 1)) / 10) * 10)


def middle(game_id: str) -> tuple[Puzzle, ...]:
    """The middle third of a game's puzzles by rating (ties by id): the daily puzzle's pool, neither
    the easiest nor the hardest (all of them when there are fewer than three)."""
    ranked = sorted(load(game_id), key=lambda p: (rating(p), p.id))
    n = len(ranked)
    return tuple(ranked[n // 3:n - n // 3])


def daily(day: date, game_id: str | None = None) -> Puzzle:
    """The puzzle of a date (of one game, or of all): the same for everyone, offline (a hash of the
    ISO date picks it from the middle third of the game's puzzles by rating, middle())."""
    pool = middle(game_id) if game_id else tuple(p for g in GAMES for p in middle(g))
    if not pool:
        raise KeyError(f"{game_id} has no puzzles")
    digest = hashlib.sha256(f"{day.isoformat()}:{game_id or ''}".encode()).digest()
    return pool[int.from_bytes(digest[:8], "big") % len(pool)]


def position(p: Puzzle, played: tuple[str, ...] | list[str] = ()) -> State:
    """The position after the moves `played` from the puzzle's start (a prefix of its line)."""
    if tuple(played) != p.line[:len(played)]:
        raise ValueError(f"not the start of puzzle {p.game} {p.id}'s line: {played!r}")
    s = p.state()
    for m in played:
        s.push_text(m)
    return s


def check(p: Puzzle, played: tuple[str, ...] | list[str], answer: str) -> Verdict:
    """Judge the player's move after the moves `played` (the line so far, defence included): right when
    it is the line's move, or at the mover's last move any move that wins at once. When right, the
    verdict carries the defence to play next, or solved."""
    state = position(p, played)
    if len(played) >= len(p.line):
        raise ValueError(f"puzzle {p.game} {p.id} is solved already")
    try:
        move = state.parse_move(answer)
    except SpielkisteError:
        return Verdict(False, False)
    text = state.move_text(move)
    s = after(state, move)
    if text.upper() != p.line[len(played)].upper():
        won = p.kind == "win" and _won(s, state.to_move)      # another move that wins at once: also right
        return Verdict(won, won, text)
    replies: list[str] = []
    while s.result is None and s.to_move != p.seat and len(played) + 1 + len(replies) < len(p.line):
        replies.append(p.line[len(played) + 1 + len(replies)])
        s.push_text(replies[-1])
    return Verdict(True, len(played) + 1 + len(replies) == len(p.line), text, tuple(replies))


@dataclass(frozen=True)
class Refutation:
    """How a wrong move fails: `replies`, the opponents' moves that answer it (in notation; none when
    the wrong move ended the game or its mover moves again), and `outcome`, the game's end after
    them (the mover's win only where every reply lost: a win slower than the puzzle's), or None:
    the game goes on, and the mover can no longer force a win within the puzzle's moves (proven);
    in a defence, `forced` the opponent's moves to the win it then forces (proven), else 0."""
    replies: tuple[str, ...]
    outcome: Outcome | None
    forced: int = 0


def refutation(p: Puzzle, played: tuple[str, ...] | list[str], answer: str,
               budget: int = REFUTE_BUDGET) -> Refutation | None:
    """The answer to the player's wrong move `answer` after the moves `played` (check() called it
    wrong): an opponent's move that wins at once, else the first reply (those touching the mover's
    threats first) after which the mover cannot force a win with the moves the puzzle has left,
    proven by the puzzle's own prover (proof.Prover). None when that proof needs more than `budget`
    positions, or finds that the move does win in time (then the puzzle itself would be false)."""
    state = position(p, played)
    if p.kind == "defend":
        return _defence_lost(state, state.parse_move(answer), budget)
    s = after(state, state.parse_move(answer))
    left = p.depth - _mover_moves(p, played) - 1             # the mover's moves still to come
    prover = Prover(p.seat, budget)
    replies: list[str] = []
    try:
        if s.result is None and s.to_move == p.seat and left > 0 and prover.wins(s, left):
            return None
        while s.result is None and s.to_move != p.seat:
            reply = _refuting(prover, s, left)
            if reply is None:
                return None
            replies.append(s.move_text(reply))
            s.play(reply)
    except OutOfBudget:
        return None
    return Refutation(tuple(replies), s.result)


def _defence_lost(state: State, wrong: Move, budget: int) -> Refutation | None:
    """A defence's wrong move: the opponent's moves that start the fastest win it then forces (its first
    move of that win, a bonus move included), and the moves it still needs; None beyond the budget."""
    opponent = 1 - state.to_move
    prover = Prover(opponent, budget)
    try:
        n = prover.reply_depth(state, wrong, HOLD)
        if n is None:
            return None
        s, left, replies = after(state, wrong), n, []
        while s.result is None and s.to_move == opponent:
            won = wins_at_once(s, every=True)
            move = min(won, key=s.move_text) if won else next(
                m for m in s.legal_moves() if prover.move_wins(s, m, left))
            replies.append(s.move_text(move))
            s.play(move)
            left -= 1
    except OutOfBudget:
        return None
    return Refutation(tuple(replies), s.result, 0 if s.result is not None else n)


def _refuting(prover: Prover, s: State, left: int) -> Move | None:
    """A reply (the opponent to move) that wins at once, or after which the mover cannot win within
    `left` of its moves; with none left (the puzzle's last move was wrong: any reply refutes) one
    that stops a win at once if there is one, else one that does not lose at once, else the first
    (every reply loses: the wrong move wins too, a move later than the puzzle asks)."""
    won = wins_at_once(s, every=True)
    if won:
        return min(won, key=s.move_text)
    replies = prover._parries_first(s, s.legal_moves())
    found = next((r for r in replies if not prover.refuted(s, r, max(1, left))), None)
    if found is None and left == 0:
        found = next((r for r in replies if not _won(after(s, r), prover.seat)), replies[0])
    return found


def _mover_moves(p: Puzzle, played: tuple[str, ...] | list[str]) -> int:
    """How many of the moves `played` from the puzzle's start were the mover's."""
    s, n = p.state(), 0
    for text in played:
        n += s.to_move == p.seat
        s.push_text(text)
    return n


def _won(s: State, seat: int) -> bool:
    return s.result is not None and s.result.rewards[seat] == 1.0


def iterations(state: State, move: Move, seed: int, cap: int = CAP) -> int:
    """How many iterations our search needs from `state` until `move` is its choice and stays so (checked
    at 0, 1, 2, 4, ... up to twice `cap`; a proven choice stays), at most `cap`: cap when it settles
    only after cap iterations or not at all."""
    search = Search(state, seed=seed)
    found: int | None = None
    done, step = 0, 0
    while done <= cap:
        search.run(iterations=step)
        done += step
        best = search.best_child()
        if best.move != move:
            found = None
        else:
            found = done if found is None else found
            if best.proven is not None or search.forced():
                return min(found, cap)
        step = max(1, done)
    return cap if found is None else min(found, cap)


def rate(p: Puzzle | State, move: Move, seeds: tuple[int, ...] = SEEDS, cap: int = CAP) -> int:
    """The difficulty of finding `move`: the median over `seeds` of iterations()."""
    state = p.state() if isinstance(p, Puzzle) else p
    return int(statistics.median(iterations(state, move, seed, cap) for seed in seeds))


def verify(p: Puzzle, budget: int = 200_000) -> bool:
    """Prove the puzzle again from its position: the same kind, depth, line and replies (proof.analyse,
    a defence against HOLD moves of the opponent);
    False when it differs or the proof needs more than `budget` positions."""
    state = p.state()
    try:
        found = analyse(state, HOLD if p.kind == "defend" else p.depth, budget)
    except OutOfBudget:
        return False
    return found is not None and as_texts(state, found) == (p.kind, p.depth, p.line, p.replies)


def as_texts(state: State, found: Found) -> tuple[str, int, tuple[str, ...], tuple[int, ...]]:
    """A proof's kind, depth, line in notation and replies."""
    line, s = [], state.copy()
    for m in found.line:
        line.append(s.move_text(m))
        s.play(m)
    return found.kind, found.depth, tuple(line), found.replies
