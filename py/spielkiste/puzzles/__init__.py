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
              'defend': exactly one move does not lose at once (every other one ends the game lost or
              lets the opponent win with its next move; after it the opponent's turn cannot win), depth 1
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
import statistics
from dataclasses import dataclass
from datetime import date
from functools import cache
from importlib import resources

from ..ai.mcts import Search
from ..engine import Move, State
from ..errors import SpielkisteError
from ..registry import get_game
from .proof import Found, OutOfBudget, after, analyse

KINDS = ("win", "defend")
SEEDS = (1, 2, 3)
CAP = 2048
LEVELS = (8, 64, 512)        # iterations: level 1 up to 8, 2 up to 64, 3 up to 512, 4 beyond
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


def daily(day: date, game_id: str | None = None) -> Puzzle:
    """The puzzle of a date (of one game, or of all): the same for everyone, offline (a hash of the
    ISO date picks it from the list)."""
    pool = load(game_id) if game_id else tuple(p for g in GAMES for p in load(g))
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
    """Prove the puzzle again from its position: the same kind, depth, line and replies (proof.analyse);
    False when it differs or the proof needs more than `budget` positions."""
    state = p.state()
    try:
        found = analyse(state, p.depth, budget)
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
