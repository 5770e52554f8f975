"""The puzzle room's engine side (issue 32): the `puzzle_*` requests of the page's puzzle trainer
(spielkiste_page/puzzles.py), answered in the worker with everything the room shows, its texts in
the page's language.

A puzzle (spielkiste.puzzles) is a position where the side to move has exactly one right move;
multi-move puzzles go on with the defence from the puzzle's own line, played here. The open puzzle
lives in `session.rooms["puzzle"]` (a Trainer); the game in progress (`session.record`) is never
touched.

The player's progress per game (rating, streak, solved ids, the last few ids played, the last
daily puzzle solved) stays in the page's storage
(`spielkiste.puzzle.<game>`): the page sends the stored text with `puzzle_open` and `puzzle_move`
and writes back the answer's `progress` when there is one, so every reader of stored text runs
here (a hostile or broken text reads as a fresh start) and the rating's update is tested in CPython.

Requests (each may carry `lang`; `id` is the page's request number, so a puzzle's id travels as
`puzzle`), each answered with everything the room shows (`answer()`):

- `puzzle_open`: `game`, `puzzle`: a puzzle id, "daily" (with `date` "YYYY-MM-DD", the page's local
  date; once solved on that date it opens solved) or "next" (a puzzle near the rating in
  `progress`, neither solved nor among the last few played; with `theme`, one of the game's themes,
  a puzzle of that theme); `progress`.
- `puzzle_move`: `move` (notation), `progress`. Right: the defence played and the player moves
  again, or solved; wrong: failed, and the opponent's refutation played on the board and said
  (puzzles.refutation), the solution kept back until asked for. `progress` (the text to store)
  comes back when the attempt ended.
- `puzzle_show`: `ply` (0 ... the line's length), once the attempt ended: the solution's position
  after `ply` of its moves, the next one drawn as an arrow (after a wrong move, "Solution" asks
  for the ply where it went wrong).
- `puzzle_retry`: the puzzle from its start again (not rated); `puzzle_snapshot`: the room again
  (a language change); `puzzle_leave`: the room's state dropped.
"""
from __future__ import annotations

import json
import math
import random
from datetime import date
from typing import Any

from spielkiste import puzzles
from spielkiste.codec import as_int, clip
from spielkiste.puzzles.proof import HOLD
from spielkiste.puzzles.themes import offered, themes
from spielkiste.engine import State, after
from spielkiste.errors import SpielkisteError
from spielkiste.record import Record
from spielkiste.registry import get_game
from spielkiste.texts import t
from spielkiste_web import links, outside, puzzle_texts  # noqa: F401  (puzzle_texts adds the room's keys)
from spielkiste_web.board_part import board_part

Answer = dict[str, Any]
START = 1000             # a new player's puzzle rating
K = 32                   # the rating's step (Elo's K factor)
NEAR = 4                 # "next" draws from this many unsolved puzzles nearest the rating
KEEP_SOLVED = 2000       # solved ids kept per game (the oldest dropped)
RECENT = 10              # the ids of the last attempts kept: "next" serves none of them, none is rated again
MAX_PROGRESS = 100_000   # characters of a stored progress text, at most (2000 ids take about 15,000)


class Trainer:
    """The puzzle open in a session: the puzzle, the line played so far (the player's moves and
    the defence), how the attempt stands (playing, solved, failed), whether it is a retry (not
    rated), the solution's position shown after the end, and the last move's words."""

    def __init__(self, puzzle: puzzles.Puzzle, day: str | None = None) -> None:
        self.puzzle = puzzle
        self.day = day                 # the date (YYYY-MM-DD) whose daily puzzle this is, or None
        self.daily = day is not None
        self.played: list[str] = []
        self.state = "play"            # play | solved | failed
        self.retry = False
        self.shown: int | None = None  # after the end: the ply of the solution on the board
        self.said: tuple[str, dict[str, Any]] | None = None    # the verdict's text key and arguments
        self.wrong: str | None = None  # the player's wrong move
        self.refutation: tuple[str, ...] = ()    # the opponent's answer to it, on the board until "Solution"
        self.fresh: tuple[str, ...] = ()     # the squares of the last move played (marked)
        self.change: int | None = None       # the rating's change by this attempt, once ended


def closed(session: Any, op: str) -> str | None:
    """Why this request cannot be answered now (no puzzle open), or None (session.handle_room)."""
    if op not in ("puzzle_open", "puzzle_leave") and session.rooms.get("puzzle") is None:
        return t("puzzle.none_open", session.lang)
    return None


def read_progress(text: object) -> dict[str, Any]:
    """The stored progress of a game, read defensively: anything missing or malformed reads as a
    fresh start (rating START, streak 0, nothing solved). `recent` and `daily` are optional (a
    progress stored before them reads without)."""
    out: dict[str, Any] = {"rating": START, "streak": 0, "best": 0, "solved": [], "recent": [], "daily": None}
    try:
        data = outside.read_json(text, MAX_PROGRESS)
    except SpielkisteError:
        data = None
    if not isinstance(data, dict):
        return out
    rating = data.get("rating")
    if isinstance(rating, (int, float)) and not isinstance(rating, bool) and math.isfinite(rating):
        out["rating"] = int(min(3000, max(100, round(rating))))
    for key in ("streak", "best"):
        value = data.get(key)
        if type(value) is int and 0 <= value < 1_000_000:
            out[key] = value
    out["solved"] = ids(data.get("solved"), KEEP_SOLVED)
    out["recent"] = ids(data.get("recent"), RECENT)
    done = data.get("daily")            # the last daily puzzle solved: {"day": "YYYY-MM-DD", "puzzle": id}
    if isinstance(done, dict) and set(done) == {"day", "puzzle"} and iso_day(done["day"]) and ids([done["puzzle"]], 1):
        out["daily"] = {"day": iso_day(done["day"]), "puzzle": done["puzzle"]}
    out["best"] = max(out["best"], out["streak"])
    return out


def ids(value: object, keep: int) -> list[int]:
    """The puzzle ids of a stored list (anything else dropped), the last `keep` of them."""
    if not isinstance(value, list):
        return []
    return [i for i in value if type(i) is int and 0 <= i < 1_000_000][-keep:]


def iso_day(value: object) -> str | None:
    """A date as YYYY-MM-DD (a request's, a stored one), or None when it is none."""
    if not isinstance(value, str) or len(value) != 10:
        return None
    try:
        return date.fromisoformat(value).isoformat()
    except ValueError:
        return None


def expected(rating: int, against: int) -> float:
    """Elo's expected score of a player of `rating` against a puzzle rated `against`."""
    return 1 / (1 + 10 ** ((against - rating) / 400))


def updated(progress: dict[str, Any], p: puzzles.Puzzle, solved: bool,
            rated: bool, day: str | None = None) -> tuple[dict[str, Any], int | None]:
    """The progress after an attempt: only when `rated` (a first attempt at a puzzle neither solved
    nor tried lately) the rating moved by Elo's rule against the puzzle's rating and the streak up
    by one after a solve, 0 after a fail (a puzzle solved again, or solved after a fail and a
    reload, had pumped the streak); the puzzle's id among the solved and the recent. A daily
    puzzle (`day`) solved is kept as the day's. Returns it and the rating's change (None when
    not rated)."""
    out = dict(progress, solved=list(progress["solved"]))
    change = None
    if rated:
        change = round(K * ((1.0 if solved else 0.0) - expected(out["rating"], puzzles.rating(p))))
        out["rating"] = int(min(3000, max(100, out["rating"] + change)))
        out["streak"] = out["streak"] + 1 if solved else 0
    if day is not None and solved:
        out["daily"] = {"day": day, "puzzle": p.id}
    out["best"] = max(out["best"], out["streak"])
    if solved and p.id not in out["solved"]:
        out["solved"] = (out["solved"] + [p.id])[-KEEP_SOLVED:]
    out["recent"] = ([i for i in progress.get("recent", []) if i != p.id] + [p.id])[-RECENT:]
    return out, change


def pick_next(game: str, progress: dict[str, Any], current: int | None, rng: random.Random,
              theme: str | None = None) -> puzzles.Puzzle:
    """A puzzle near the player's rating: one of the NEAR puzzles whose ratings are nearest to it
    among those neither solved nor played lately (nor the one shown); when there are none, among
    those not played lately, then any but the one shown. With a `theme`, among the puzzles of that
    theme (all of the game's when the one shown is the theme's only one)."""
    every = puzzles.load(game)
    if theme is not None:
        of_theme = tuple(p for p in every if theme in themes(p))
        if any(p.id != current for p in of_theme):
            every = of_theme
    recent = set(progress["recent"]) | {current}
    pool = ([p for p in every if p.id not in recent and p.id not in progress["solved"]]
            or [p for p in every if p.id not in recent] or [p for p in every if p.id != current] or list(every))
    pool.sort(key=lambda p: (abs(puzzles.rating(p) - progress["rating"]), p.id))
    return rng.choice(pool[:NEAR])


# ---------------------------------------------------------------------- requests
def op_open(session: Any, m: dict) -> Answer:
    game = get_game(str(m.get("game", ""))).id
    if not puzzles.load(game):
        return {"error": t("puzzle.no_puzzles", session.lang, game="@game." + game)}
    which = m.get("puzzle")
    day = None
    progress = read_progress(m.get("progress"))
    if which == "daily":
        day = iso_day(m.get("date"))
        if day is None:
            return {"error": f"bad request 'puzzle_open': no date {m.get('date')!r}"}
        p = puzzles.daily(date.fromisoformat(day), game)
    elif which == "next" or which is None:
        old = session.rooms.get("puzzle")
        current = old.puzzle.id if old is not None and old.puzzle.game == game else None
        seed = m.get("seed")
        rng = random.Random(seed if type(seed) is int else None)
        theme = m.get("theme")
        if theme is not None and theme not in offered(game):
            return {"error": t("puzzle.no_theme", session.lang, game="@game." + game,
                               theme=clip(theme if isinstance(theme, str) else repr(theme), 20))}
        p = pick_next(game, progress, current, rng, theme)
    else:
        # an id, or a link's `puzzle=` value as the link holds it (read as every link's values are)
        name = links.unquote(which) if isinstance(which, str) else str(which)
        number = which if type(which) is int else as_int(name)
        found = [q for q in puzzles.load(game) if q.id == number]
        if not found:
            return {"error": t("puzzle.unknown", session.lang, game="@game." + game, id=clip(name, 20))}
        p = found[0]
    tr = session.rooms["puzzle"] = Trainer(p, day)
    if day is not None and progress["daily"] == {"day": day, "puzzle": p.id}:
        tr.state, tr.played, tr.shown = "solved", list(p.line), len(p.line)     # solved today already
        tr.said = ("puzzle.daily_done", {})
    return answer(session, m)


def op_move(session: Any, m: dict) -> Answer:
    tr: Trainer = session.rooms["puzzle"]
    p = tr.puzzle
    if tr.state != "play":
        return {"error": t("puzzle.over", session.lang)}
    text = m.get("move")
    if not isinstance(text, str):
        raise TypeError("move: not a text")
    state = puzzles.position(p, tr.played)
    move = state.parse_move(text)          # an illegal move: the engine's reason, nothing changed
    verdict = puzzles.check(p, tr.played, text)
    progress = read_progress(m.get("progress"))
    rated = first_attempt(tr, progress)
    path, _ = state.move_input(move)
    if not verdict.ok:
        return refuted(session, m, tr, state, move, progress, rated)
    assert verdict.move is not None
    tr.played.append(verdict.move)
    tr.fresh = tuple(path[-1:])
    said: tuple[str, dict[str, Any]] = ("puzzle.right", {})
    before = None
    if verdict.replies:                 # the defence, from the puzzle's line
        after = puzzles.position(p, tr.played)
        before = board_part(after, session.lang, t("ui.board", session.lang, game=t("game." + p.game, session.lang)),
                            False, rotation=after.seat_rotation(p.seat) % 360, fresh=frozenset(tr.fresh))["svg"]
        last = after.copy()
        for reply in verdict.replies:
            mv = last.parse_move(reply)
            tr.fresh = tuple(last.move_input(mv)[0][-1:])
            last.play(mv)
        tr.played.extend(verdict.replies)
        said = ("puzzle.solved_reply" if verdict.solved else "puzzle.right_reply",
                {"colour": "@colour." + after.seat_colour(after.to_move), "reply": ", ".join(verdict.replies)})
    if verdict.solved:
        tr.state, tr.shown = "solved", len(tr.played)
        tr.said = said if verdict.replies else ("puzzle.solved", {})
        a = ended(session, m, tr, progress, True, rated)
    else:
        tr.said = said
        a = answer(session, m)
    if before is not None:
        a["before"] = before            # the board after the player's move, drawn a moment before the defence
    return a


def refuted(session: Any, m: dict, tr: Trainer, state: State, move: Any, progress: dict[str, Any],
            rated: bool) -> Answer:
    """A wrong move: the attempt failed, the move and the opponent's answer to it on the board (the
    move drawn a moment before the answer, as a defence is) and in words; the solution waits for
    "Solution" (puzzle_show)."""
    p, lang = tr.puzzle, session.lang
    tr.state, tr.wrong = "failed", state.move_text(move)
    found = puzzles.refutation(p, tr.played, tr.wrong)
    tr.refutation = found.replies if found is not None else ()
    s = after(state, move)
    tr.fresh = tuple(state.move_input(move)[0][-1:])
    before = None
    if tr.refutation:
        before = board_part(s, lang, t("ui.board", lang, game=t("game." + p.game, lang)), False,
                            rotation=s.seat_rotation(p.seat) % 360, fresh=frozenset(tr.fresh))["svg"]
        for reply in tr.refutation:
            mv = s.parse_move(reply)
            tr.fresh = tuple(s.move_input(mv)[0][-1:])
            s.play(mv)
    tr.said = refutation_text(p, tr.wrong, found, s)
    a = ended(session, m, tr, progress, False, rated)
    if before is not None:
        a["before"] = before
    return a


def refutation_text(p: puzzles.Puzzle, wrong: str, found: puzzles.Refutation | None,
                    s: State) -> tuple[str, dict[str, Any]]:
    """The words for a wrong move and its refutation (text key, arguments), `s` the position after them."""
    if found is None:                   # not proven within the budget: nothing claimed but that it is wrong
        return "puzzle.wrong", {"move": wrong}
    reply = ", ".join(found.replies)
    if found.outcome is not None:
        outcome = (found.outcome.reason, found.outcome.args)
        if found.outcome.rewards[p.seat] == 1.0:    # every reply lost: a win, but slower than the puzzle's
            return "puzzle.slower", {"move": wrong, "reply": reply, "outcome": outcome, "n": p.depth}
        if found.replies:
            return "puzzle.refuted_end", {"move": wrong, "reply": reply, "outcome": outcome}
        return "puzzle.wrong_ends", {"move": wrong, "outcome": outcome}
    if found.forced:                    # a defence's wrong move: the opponent's forced win has begun
        return "puzzle.refuted_defence", {"move": wrong, "reply": reply, "n": found.forced,
                                          "colour": "@colour." + s.seat_colour(1 - p.seat)}
    colour = "@colour." + p.colour
    if not found.replies:               # the mover moves again, but can no longer win in time
        return "puzzle.wrong_turn", {"move": wrong, "colour": colour, "n": p.depth}
    if p.depth == 1:
        return "puzzle.refuted_1", {"move": wrong, "reply": reply}
    return "puzzle.refuted", {"move": wrong, "reply": reply, "colour": colour, "n": p.depth}


def first_attempt(tr: Trainer, progress: dict[str, Any]) -> bool:
    """Is this attempt rated: no retry, at a puzzle neither solved nor tried lately?"""
    return not tr.retry and tr.puzzle.id not in progress["solved"] and tr.puzzle.id not in progress["recent"]


def ended(session: Any, m: dict, tr: Trainer, progress: dict[str, Any], solved: bool, rated: bool) -> Answer:
    """The attempt is over: the answer, with the progress to store (unless it was a retry)."""
    out = None
    if not tr.retry:
        progress, tr.change = updated(progress, tr.puzzle, solved, rated, tr.day if solved else None)
        out = json.dumps(progress, separators=(",", ":"))
    a = answer(session, m, progress)
    if out is not None:
        a["progress"] = out
    return a


def op_show(session: Any, m: dict) -> Answer:
    """The solution after `ply` of its moves; while the attempt is open only with `give_up`, which
    ends it as failed (rated as one: a stuck player's way to the answer costs what a wrong move
    does, so it is never a free look)."""
    tr: Trainer = session.rooms["puzzle"]
    ply = m.get("ply")
    if tr.state == "play" and m.get("give_up") is not True:
        return {"error": t("puzzle.not_yet", session.lang)}
    if type(ply) is not int or not 0 <= ply <= len(tr.puzzle.line):
        raise ValueError(f"ply {ply!r}")
    tr.shown = ply
    tr.fresh = ()
    if tr.state == "play":
        progress = read_progress(m.get("progress"))
        tr.state, tr.said = "failed", ("puzzle.gave_up", {})
        return ended(session, m, tr, progress, False, first_attempt(tr, progress))
    return answer(session, m)


def op_retry(session: Any, m: dict) -> Answer:
    tr: Trainer = session.rooms["puzzle"]
    fresh = Trainer(tr.puzzle, tr.day)
    fresh.retry = True
    session.rooms["puzzle"] = fresh
    return answer(session, m)


def op_snapshot(session: Any, m: dict) -> Answer:
    return answer(session, m)


def op_leave(session: Any, m: dict) -> Answer:
    session.rooms.pop("puzzle", None)
    return {"kind": "puzzle", "left": True}


# ---------------------------------------------------------------------- the answer
def line_text(p: puzzles.Puzzle, lang: str) -> str:
    """The solution in notation, the mover's moves numbered, the defence after them:
    "1. C6 B7 2. B6 A1 3. A7"."""
    s, out, n = p.state(), [], 0
    for text in p.line:
        if s.to_move == p.seat:
            n += 1
            out.append(f"{n}. {text}")
        else:
            out.append(text)
        s.push_text(text)
    return " ".join(out)


def task_text(p: puzzles.Puzzle, lang: str) -> str:
    colour = "@colour." + p.colour
    if p.kind == "defend":
        return t("puzzle.task_defend", lang, colour=colour, n=HOLD)
    if p.depth == 1:
        return t("puzzle.task_win1", lang, colour=colour)
    return t("puzzle.task_win", lang, colour=colour, n=p.depth)


def answer(session: Any, m: dict, progress: dict[str, Any] | None = None) -> Answer:
    """Everything the room shows, in the session's language."""
    tr: Trainer = session.rooms["puzzle"]
    p, lang = tr.puzzle, session.lang
    if progress is None:
        progress = read_progress(m.get("progress"))
    over = tr.state != "play"
    shown = over and tr.shown is not None          # the solution on the board (else the refutation)
    ply = tr.shown if shown and tr.shown is not None else len(tr.played)
    state: State = puzzles.position(p, p.line[:ply] if shown else tr.played)
    if over and not shown and tr.wrong is not None:
        for text in (tr.wrong, *tr.refutation):
            state.push_text(text)
    human = not over and state.to_move == p.seat and state.result is None
    hint: tuple[str, ...] = ()
    if shown and ply < len(p.line):         # the solution's next move, drawn as an arrow
        hint = tuple(state.move_input(state.parse_move(p.line[ply]))[0])
    name = t("game." + p.game, lang)
    title = t("puzzle.daily_title", lang) if tr.daily else t("puzzle.title", lang, id=p.id)
    part = board_part(state, lang, t("ui.board", lang, game=name), human,
                      rotation=state.seat_rotation(p.seat) % 360, fresh=frozenset(tr.fresh), hint=hint)
    part.pop("view")
    said = t(tr.said[0], lang, **tr.said[1]) if tr.said is not None else ""
    if tr.state == "play" and tr.said is None:
        said = t("puzzle.your_move", lang)
    rating = puzzles.rating(p)
    return {
        "kind": "puzzle", **part, "human": human, "pick": False, "hint": list(hint),
        "game": p.game, "puzzle": p.id, "daily": tr.daily,
        "link": f"{p.game}?puzzle={'daily' if tr.daily else p.id}",
        "title": title, "game_title": name, "doc_title": f"{title} · {name} · Spielkiste",
        "task": task_text(p, lang),
        "difficulty": t("puzzle.difficulty", lang, level=p.level, rating=rating),
        "puzzle_rating": rating, "state": tr.state, "retry": tr.retry, "verdict": said,
        "line": t("puzzle.solution", lang, line=line_text(p, lang)) if shown else "",
        "themes": list(themes(p)) if over else [],      # named once the attempt is over: no hint before
        "themes_text": (t("puzzle.themes", lang, themes=", ".join(t("theme." + name, lang) for name in themes(p)))
                        if over else ""),
        "theme_choices": [[name, t("theme." + name, lang)] for name in offered(p.game)],
        "solution": list(p.line) if over else [],
        "analysis": analysis_link(p) if shown else "",
        "played": len(tr.played), "line_n": len(p.line), "shown": ply if shown else None,
        "rating": progress["rating"], "streak": progress["streak"], "best": progress["best"],
        "change": tr.change if over else None,
        "rating_text": t("puzzle.rating", lang, rating=progress["rating"]),
        "streak_text": t("puzzle.streak", lang, n=progress["streak"]),
        "change_text": (t("puzzle.change", lang, change=f"{tr.change:+d}" if tr.change else "±0")
                        if over and tr.change is not None else ""),
        "shown_text": (t("puzzle.shown", lang, ply=ply, n=len(p.line)) if shown else ""),
        "can": {"back": shown and ply > 0, "forward": shown and ply < len(p.line), "retry": tr.played != [] or over,
                "solution": over and not shown, "give_up": not over},
    }


def analysis_link(p: puzzles.Puzzle) -> str:
    """The puzzle on the analysis board: its position, the solution as the main line, at the start."""
    rec = Record.replay(puzzles.position(p, ()), list(p.line), custom_start=True)
    rec.goto(0)
    return links.to_fragment(rec)


OPS = {
    "puzzle_open": op_open,
    "puzzle_move": op_move,
    "puzzle_show": op_show,
    "puzzle_retry": op_retry,
    "puzzle_snapshot": op_snapshot,
    "puzzle_leave": op_leave,
}
