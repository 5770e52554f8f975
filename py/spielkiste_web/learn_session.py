"""The lessons' worker side (issue 32, "Learn to play"): the `learn_*` requests of the page's learn
room (spielkiste_page/learn.py), answered with everything the room shows in the page's language.

The course, its positions and the checks are the engine's (spielkiste.lessons): the page sends what
the player did (a move in notation from the board's click path, or a tapped square) and draws the
answer. The room's state is `session.rooms["learn"]` (a LearnState); the game in progress
(`session.record`) is never touched, so leaving the room gives it back as it was.

Requests (every one may carry `lang`):

  learn_open    {game, step}   step `step` (0-based) of the game's course, at its task; without
                {game, done}   a step, the first one not in `done` (0-based, the page's progress)
                {game, link_step}   a link's `learn=` value as the link holds it (links.unquote), a
                               step from 1: anything else is said (learn.bad_step)
  learn_answer  {move} | {cell}   the player's answer: right -> the move played (or the square
                                  marked), the step's `done` text; wrong -> the reason, the task again
  learn_show    {}             "Show me": the answer's move played, or its squares marked
  learn_render  {}             the step as it is (after a change of language)
  learn_leave   {}             the room's state dropped

An answer: {"kind": "learn", **board_part (svg, entries, overlays, select, focus, cells,
rotation), human, pick, game, link (`<game>?learn=<n>`), game_title, index, count, steps (the
titles), title, rule, task, turn (whose turn it is on the board shown: after a move played, the next
player's), teams, phase ("task", "right", "wrong", "shown"), verdict (text or ""), move (the move
played, or null), shown (the squares or move shown), step_kind, doc_title (the tab's title)}."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from spielkiste import lessons
from spielkiste.codec import as_int, clip
from spielkiste.engine import State
from spielkiste.registry import GAMES
from spielkiste.texts import t
from spielkiste_web import learn_texts, links  # noqa: F401  (learn_texts adds the room's keys)
from spielkiste_web.board_part import board_part

SELECTION = '<g class="selection"></g>'

Answer = dict[str, Any]


@dataclass
class LearnState:
    """The lesson open in a session: the course, the step, and what happened in it."""
    course: lessons.Course
    index: int = 0
    phase: str = "task"                  # task, right, wrong, shown
    why: dict[str, str] = field(default_factory=dict)   # the verdict's text per language
    move: str | None = None              # the move played (right or shown)
    marked: tuple[str, ...] = ()         # squares marked (a tap answered or shown)

    @property
    def step(self) -> lessons.Step:
        return self.course.steps[self.index]


def closed(session: Any, op: str) -> str | None:
    """Why this request cannot be answered now (no lesson open), or None (session.handle_room)."""
    if op not in ("learn_open", "learn_leave") and not isinstance(session.rooms.get("learn"), LearnState):
        return t("learn.none_open", session.lang)
    return None


def room(session: Any) -> LearnState:
    state: LearnState = session.rooms["learn"]
    return state


# ---------------------------------------------------------------------- requests
def op_open(session: Any, m: dict) -> Answer:
    game = str(m.get("game", "")).strip().lower()
    if game not in GAMES:
        return {"error": t("learn.no_game", session.lang, game=game[:40])}
    step = m.get("step")
    current = session.rooms.get("learn")
    course = current.course if isinstance(current, LearnState) and current.course.game == game \
        else lessons.load(game)
    link_step = m.get("link_step")      # a link's `learn=` value as the link holds it: a step from 1
    if link_step is not None:
        word = links.unquote(str(link_step))
        number = as_int(word)
        if number is None or not 1 <= number <= len(course.steps):
            return {"error": t("learn.bad_step", session.lang, step=clip(word, 20), count=len(course.steps))}
        step = number - 1
    if step is None:            # the first step not in `done` (the page's progress), else the first
        done = m.get("done")
        done = set(done) if isinstance(done, list) else set()
        step = next((i for i in range(len(course.steps)) if i not in done), 0)
    if type(step) is not int:
        return {"error": f"bad request 'learn_open': step {step!r}"}
    if not 0 <= step < len(course.steps):
        return {"error": t("learn.no_step", session.lang, n=step + 1, count=len(course.steps))}
    session.rooms["learn"] = LearnState(course, step)
    return answer(session)


def op_answer(session: Any, m: dict) -> Answer:
    lesson = room(session)
    step = lesson.step
    if lesson.phase in ("right", "shown"):          # answered already: the step as it is
        return answer(session)
    if step.kind == "tap":
        cell = m.get("cell")
        if not isinstance(cell, str) or not cell.strip():
            return {"error": "bad request 'learn_answer': a tap step needs a cell"}
        verdict = lessons.check(step, cell)
        lesson.marked = (cell.strip().upper(),) if verdict.ok else ()
    else:
        move = m.get("move")
        if not isinstance(move, str) or not move.strip():
            return {"error": "bad request 'learn_answer': a move step needs a move"}
        verdict = lessons.check(step, move)
        lesson.move = verdict.move if verdict.ok else None
    lesson.phase = "right" if verdict.ok else "wrong"
    lesson.why = dict(verdict.why)
    return answer(session)


def op_show(session: Any, m: dict) -> Answer:
    """"Show me": a move step's answer played, a tap step's answer squares marked, with the
    verdict of that answer (the engine's reason for a forbidden square, else the step's `done`)."""
    lesson = room(session)
    step = lesson.step
    shown = lessons.show(step)
    verdict = lessons.check(step, shown[0])
    if step.kind == "tap":
        lesson.marked, lesson.move = tuple(s.upper() for s in shown), None
    else:
        lesson.move, lesson.marked = verdict.move, ()
    lesson.phase = "shown"
    lesson.why = dict(verdict.why)
    return answer(session)


def op_render(session: Any, m: dict) -> Answer:
    return answer(session)


def op_leave(session: Any, m: dict) -> Answer:
    session.rooms.pop("learn", None)
    return {"kind": "learn_left"}


OPS = {"learn_open": op_open, "learn_answer": op_answer, "learn_show": op_show, "learn_render": op_render,
       "learn_leave": op_leave}


# ---------------------------------------------------------------------- the answer
def colour(state: State, seat: int, lang: str) -> str:
    return t("colour." + state.seat_colour(seat), lang)


def teams_text(state: State, lang: str) -> str:
    """Who partners whom and the order of turns, in the engine's seat names ('' without teams)."""
    n = state.num_players
    if len(set(state.teams)) == n:
        return ""
    sides = []
    for team in sorted(set(state.teams)):
        seats = [s for s in range(n) if state.teams[s] == team]
        sides.append(t("learn.team", lang, a=colour(state, seats[0], lang), b=colour(state, seats[1], lang)))
    order = [colour(state, (state.to_move + k) % n, lang) for k in range(n)]
    return t("learn.teams", lang, sides=t("learn.against", lang, a=sides[0], b=sides[1]),
             order=", ".join(order))


def rings(state: State, cells: tuple[str, ...]) -> str:
    """A ring around each of `cells` (a tap's answer squares), drawn as the renderer draws a
    hinted placement."""
    base = state.view()
    out = []
    for c in base.cells:
        if c.id.upper() in cells:
            out.append(f'<circle class="hint-ring" cx="{c.x + c.w / 2:.3f}" cy="{c.y + c.h / 2:.3f}" r=".4"/>')
    return "".join(out)


def answer(session: Any) -> Answer:
    """The step as it stands, in the page's language."""
    lesson, lang = room(session), session.lang
    step, course = lesson.step, lesson.course
    state = step.state()
    fresh: set[str] = set()
    slide = None
    shown_after = lesson.move is not None and lesson.phase in ("right", "shown")
    before = state
    if shown_after:
        move = state.parse_move(lesson.move or "")
        path, _ = state.move_input(move)
        state = state.copy()
        state.play(move)
        fresh = set(path[-1:])
        slide = (path[0], path[-1]) if len(path) >= 2 and path[0] != path[-1] else None
    open_task = lesson.phase in ("task", "wrong")
    human = open_task and step.kind != "tap"
    pick = open_task and step.kind == "tap"
    name = t("game." + course.game, lang)
    part = board_part(state, lang, t("ui.board", lang, game=name), human, frozenset(), 0, fresh, slide)
    part.pop("view")
    if lesson.marked:
        part["svg"] = part["svg"].replace(SELECTION, SELECTION + rings(state, lesson.marked), 1)
    why = lesson.why.get(lang, "") if lesson.phase != "task" else ""
    if lesson.phase == "shown" and lesson.move is not None:
        why = t("learn.shown_move", lang, move=lesson.move) + " " + why
    elif lesson.phase == "shown":
        why = t("learn.shown_cells", lang, cells=", ".join(lesson.marked)) + " " + why
    solo = state.num_players == 1
    return {
        "kind": "learn", **part, "human": human, "pick": pick,
        "game": course.game, "link": f"{course.game}?learn={lesson.index + 1}",     # the room's own link
        "game_title": name, "doc_title": f"{t('ui.learn.title', lang)} · {name} · Spielkiste",
        "index": lesson.index, "count": len(course.steps),
        "steps": [s.title[lang] for s in course.steps],
        "title": step.title[lang], "rule": step.rule[lang], "task": step.task[lang],
        "turn": "" if solo or state.result is not None else      # the board's position: after a move, the next
        t("ui.to_move", lang, player=colour(state, state.to_move, lang)),
        "teams": teams_text(before, lang),
        "phase": lesson.phase, "verdict": why, "move": lesson.move if shown_after else None,
        "shown": list(lesson.marked), "step_kind": step.kind,
    }
