"""Puzzle themes (issue 52): what a puzzle's solution is about, named as lichess names its themes
("Gate", "Capture race", "Win in 2"), shown once the attempt is over so that they do not give the
answer away, and used to pick a next puzzle of one theme.

Computed, never stored: the solution line is replayed by the engine and read off the moves' own
events (the game's end and its reason, a capture in the move's notation, Das Tor's count of pieces in
play, the mover moving again), and, where the rules name the theme, one board fact the engine
already answers (a Snorkels group with one free tube, a Blockade king with a way out).
A game offers only the themes that some of its puzzles have (offered())."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from ..engine import State
from ..games.blockade import Blockade
from ..games.drei import Drei
from ..games.drei_board import INDEX, N
from ..games.snorkels import Snorkels
from ..games.tor import Tor
from . import Puzzle, load


@dataclass(frozen=True)
class Ply:
    """One move of the solution line: the position before and after it, and who made it."""
    before: State
    after: State
    mover: int
    text: str


def replay(p: Puzzle) -> tuple[Ply, ...]:
    """The puzzle's line played from its position by the engine."""
    s, out = p.state(), []
    for text in p.line:
        before = s.copy()
        s.push_text(text)
        out.append(Ply(before, s.copy(), before.to_move, text))
    return tuple(out)


def end_reason(plies: tuple[Ply, ...]) -> str:
    """The reason of the game's end the line reaches ("" when it goes on: a defence)."""
    result = plies[-1].after.result
    return result.reason if result is not None else ""


def mine(plies: tuple[Ply, ...], seat: int) -> tuple[Ply, ...]:
    """The moves of the line that `seat` makes."""
    return tuple(ply for ply in plies if ply.mover == seat)


# ---------------------------------------------------------------------- the themes, by what shows them
def ends_by(*reasons: str) -> Callable[[Puzzle, tuple[Ply, ...]], bool]:
    """The line ends the game for one of these reasons (a prefix matches its team forms too)."""
    return lambda p, plies: end_reason(plies).startswith(reasons)


def captures(p: Puzzle, plies: tuple[Ply, ...]) -> bool:
    """A move of the solver captures: the engine writes it so (Weltreich's "B11xB7")."""
    return any("x" in ply.text for ply in mine(plies, p.seat))


def in_play(s: State, seat: int) -> int:
    """Das Tor: the seat's pieces in play, as the game counts them (its note "tor.reserve" says it)."""
    assert isinstance(s, Tor)
    return s.in_play(seat)


def gates(least: int) -> Callable[[Puzzle, tuple[Ply, ...]], bool]:
    """Das Tor: the solver brings at least `least` pieces into play (each through a gate it opened)."""
    return lambda p, plies: sum(in_play(ply.after, p.seat) > in_play(ply.before, p.seat)
                                for ply in mine(plies, p.seat)) >= least


def bonus(p: Puzzle, plies: tuple[Ply, ...]) -> bool:
    """The solver's piece moves again in the same turn (Schaff den Sprung's bonus move)."""
    return any(a.mover == b.mover == p.seat and b.text != "stop" for a, b in zip(plies, plies[1:], strict=False))


def covers(p: Puzzle, plies: tuple[Ply, ...]) -> bool:
    """A block of the solver lands on another player's block (Ziggurats: it can no longer move)."""
    for ply in mine(plies, p.seat):
        path = ply.before.move_input(ply.before.parse_move(ply.text))[0]
        stack = sorted((piece.level, piece.colour) for piece in ply.after.view().pieces if piece.cell == path[-1])
        if len(stack) >= 2 and stack[-1][1] == ply.after.seat_colour(p.seat) \
                and stack[-2][1] not in (stack[-1][1], "neutral"):
            return True
    return False


def in_atari(p: Puzzle, plies: tuple[Ply, ...]) -> bool:
    """Snorkels: at the start a group of the solver has a single free tube, so the opponent
    threatens to capture it: the solver must win the race."""
    s = plies[0].before
    assert isinstance(s, Snorkels)
    own = s.colour_of(p.seat)
    return any(v == own and len(s.tubes(s.group(i)[0])) == 1 for i, v in enumerate(s.board))


def mutual(p: Puzzle, plies: tuple[Ply, ...]) -> bool:
    """Snorkels: the capturing move closes the solver's own group too (the mover wins)."""
    s = plies[-1].after
    assert isinstance(s, Snorkels)
    own = s.colour_of(p.seat)
    return end_reason(plies) == "why.snorkels.captured" and any(
        v == own and not s.group(i)[1] for i, v in enumerate(s.board))


def shuts_a_way_out(p: Puzzle, plies: tuple[Ply, ...]) -> bool:
    """Blockade: at the start the opponent's king has a way out, which the solution must shut."""
    s = plies[0].before
    assert isinstance(s, Blockade)
    return bool(s.exit_path(1 - p.seat))


def spaced(p: Puzzle, plies: tuple[Ply, ...]) -> bool:
    """Die Drei: the winning pawn makes only threes that stand apart, with squares between them (the
    game's own list of every Die Drei on the board: the end reason names only one)."""
    s = plies[-1].after
    if s.result is None or s.result.reason != "why.drei.three":
        return False
    assert isinstance(s, Drei)
    threes = s.all_threes(s.board[INDEX[s.result.line[0]]])
    return all(max(abs(a % N - m % N), abs(a // N - m // N)) > 1 for a, m, _ in threes)


Test = Callable[[Puzzle, tuple[Ply, ...]], bool]
BY_GAME: dict[str, tuple[tuple[str, Test], ...]] = {
    "surikata": (("forced_row", ends_by("why.surikata.line")), ("no_square", ends_by("why.surikata.blocked"))),
    "snorkels": (("capture", ends_by("why.snorkels.captured")), ("self_capture", ends_by("why.snorkels.self")),
                 ("mutual_blockade", mutual), ("capture_race", in_atari)),
    "blockade": (("block", shuts_a_way_out),),
    "weltreich": (("capture", captures), ("commander", ends_by("why.weltreich.commander", "why.weltreich.last")),
                  ("crowning", ends_by("why.weltreich.crown")), ("thrones", ends_by("why.weltreich.thrones"))),
    "tor": (("gate", gates(1)), ("two_gates", gates(2))),
    "sprung": (("bonus", bonus),),
    "aufstellen": (("line", ends_by("why.aufstellen.line")), ("stuck", ends_by("why.aufstellen.stuck"))),
    "ziggurats": (("cover", covers),),
    "drei": (("spaced", spaced),),
}


def depth_theme(p: Puzzle) -> str:
    """"win_in_N" for a win in N of the solver's moves, "defence" for a defence."""
    return "defence" if p.kind == "defend" else f"win_in_{p.depth}"


@cache
def themes(p: Puzzle) -> tuple[str, ...]:
    """The puzzle's themes: the game's own ones its solution shows, then its length (or defence)."""
    plies = replay(p)
    return tuple(name for name, test in BY_GAME.get(p.game, ()) if test(p, plies)) + (depth_theme(p),)


@cache
def offered(game: str) -> tuple[str, ...]:
    """The themes some puzzle of the game has, in the order of its table (length last)."""
    found = {name for p in load(game) for name in themes(p)}
    order = [name for name, _ in BY_GAME.get(game, ())] + ["win_in_1", "win_in_2", "win_in_3", "defence"]
    return tuple(name for name in order if name in found)
