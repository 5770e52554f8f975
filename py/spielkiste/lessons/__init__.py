"""Lessons ("Learn to play"): a short course per game, one rule a step, as data checked by the engine.

Each game's course is `<game id>.json` beside this module, {"steps": [step, ...]}, in the order a player
needs them. A step (every text is {"en": ..., "de": ...}):

  topic     the rule it teaches, a short name ("meerkat", "self-capture"; tests/test_lessons.py
            lists each game's topics)
  title, rule, task    a heading, one sentence of rule, what to do
  position  a position code (State.encode()), or none for the start of `options` (e.g. {"players": "4",
            "teams": "1"}); then `moves` (notation) played from it: the task's position
  kind      'any'   any legal move (an introduction);
            'move'  a move: one of `answers`, or with a `goal` any legal move that meets it ('wins',
                    'draws', 'safe': the mover does not lose, 'again': the same seat moves next,
                    'captures': fewer pieces on the board, 'blocks': the next player has no move that
                    wins at once), narrowed by `reason` (the game's result has this text key: a win by
                    a line, not by a stuck opponent) and `piece` (the move starts on this square); the
                    answers are what "Show me" plays. A list of answers alone only where it is every
                    move the task asks for (tests/test_lesson_moves.py judges every legal move);
            'tap'   a square, one of `answers`, which are every square the task asks for (the board is
                    finite; the tests check the list against the engine); the `goal` says what the
                    engine holds true of each answer ('illegal': the engine refuses it as a move, and
                    its reason follows the `done` text; 'loses': placed there, the mover loses at once;
                    'seat': a piece of `seat` stands there)
  done      said when the answer is right (true of every answer the step accepts; the page puts
            "Right!" before it, so it never starts with that word); hint: said for a legal but wrong
            move or a wrong tap (every kind but 'any'), true of every such move
  wrong     typical wrong answers: the tests check that each is refused, with a reason

The page asks `check(step, answer)` with what it has (a move in the game's notation from the board's
click path, or a tapped square) and gets a Verdict: right or wrong, why in both languages (the engine's
own error for an illegal move, the lesson's hint for a legal but wrong one), and the move in notation
when the answer was a legal move (the page plays it when the answer is right). `show(step)` is what
"Show me" plays (moves) or marks (squares). Everything here is plain data (dataclasses.asdict)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources

from ..engine import Move, State
from ..errors import SpielkisteError
from ..registry import get_game
from ..texts import add, t, tr

LANGS = ("en", "de")
KINDS = ("any", "move", "tap")
MOVE_GOALS = ("", "wins", "draws", "safe", "again", "captures", "blocks")
TAP_GOALS = ("", "illegal", "loses", "seat")

Text = dict[str, str]   # language -> text

add({   # after a right tap on a square the engine refuses: why it refuses it (the page has said "Right!")
    "learn.refused": ("The game refuses {cell}: {why}.", "Das Spiel lässt {cell} nicht zu: {why}."),
    # a step about one piece, answered with another: say so, not why the other's move fails (issue 52)
    "learn.other_piece": ("That moves the piece on {moved}; the task is about the piece on {cell}.",
                          "Damit ziehst du die Figur auf {moved}; die Aufgabe gilt der Figur auf {cell}."),
})


@dataclass(frozen=True)
class Step:
    """One step of a course: a rule, a position and a task."""
    game: str
    topic: str
    title: Text
    rule: Text
    task: Text
    kind: str
    done: Text                       # said when the answer is right
    hint: Text = field(default_factory=dict)   # why a legal but wrong move or a wrong tap is wrong (not for any)
    position: str = ""               # a position code; '' = the start for `options`
    options: dict[str, str] = field(default_factory=dict)   # options of the start ({}: the defaults)
    moves: tuple[str, ...] = ()      # played from the position before the task
    answers: tuple[str, ...] = ()
    goal: str = ""
    seat: int = -1                   # the seat of goal 'seat'
    reason: str = ""                 # a goal's result must have this text key ('': any)
    piece: str = ""                  # a goal's move must start on this square ('': any)
    wrong: tuple[str, ...] = ()      # typical wrong answers (the tests check each is refused)

    def state(self) -> State:
        """The position of the task, built and checked by the engine."""
        cls = get_game(self.game)
        s = cls.decode(self.position) if self.position else cls.new(self.options)
        for m in self.moves:
            s.push_text(m)
        return s


@dataclass(frozen=True)
class Course:
    """A game's steps, in the order a player needs them."""
    game: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Verdict:
    """ok: the answer is right; why: a text per language; move: the answer as a legal move in
    notation (None when it was no legal move, or a tap)."""
    ok: bool
    why: Text
    move: str | None = None


FIELDS = {"topic", "kind", "title", "rule", "task", "done", "hint", "position", "options", "moves", "answers",
          "goal", "seat", "wrong", "reason", "piece"}


def _text(raw: object) -> Text:
    if not isinstance(raw, dict) or set(raw) != set(LANGS) or not all(isinstance(v, str) for v in raw.values()):
        raise ValueError(f"a text needs exactly the languages {LANGS}: {raw!r}")
    return {str(k): str(v) for k, v in raw.items()}


def _strings(raw: object) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(v, str) for v in raw):
        raise ValueError(f"a list of strings expected: {raw!r}")
    return tuple(raw)


def _step(game: str, raw: dict[str, object]) -> Step:
    """One step from its JSON object; ValueError on anything missing, unknown or inconsistent."""
    kind, goal, seat, opts = raw.get("kind"), raw.get("goal", ""), raw.get("seat", -1), raw.get("options", {})
    answers = _strings(raw.get("answers", []))
    reason, piece = raw.get("reason", ""), raw.get("piece", "")
    if not (isinstance(kind, str) and isinstance(seat, int) and isinstance(opts, dict)
            and isinstance(reason, str) and isinstance(piece, str)
            and (kind == "move" and goal or not (reason or piece))      # they narrow a move's goal
            and not set(raw) - FIELDS and bool(raw.get("topic")) and kind in KINDS
            and goal in (TAP_GOALS if kind == "tap" else MOVE_GOALS)
            and (goal == "seat") == (seat >= 0)                          # a seat exactly for goal 'seat'
            and (kind == "any") == ("hint" not in raw)                   # a hint for every task but 'any'
            and (kind == "any" or bool(answers))                         # "Show me" has answers to show
            and isinstance(raw.get("position", ""), str)
            and not (raw.get("position") and opts)):                     # a position code holds its options
        raise ValueError(f"{game}: a step with unknown fields, or a kind, goal, seat, hint or answers "
                         f"that do not fit: {raw!r}")
    return Step(game=game, topic=str(raw["topic"]), title=_text(raw.get("title")), rule=_text(raw.get("rule")),
                task=_text(raw.get("task")), kind=kind, done=_text(raw.get("done")),
                hint=_text(raw["hint"]) if "hint" in raw else {}, position=str(raw.get("position", "")),
                options={str(k): str(v) for k, v in opts.items()}, moves=_strings(raw.get("moves", [])),
                answers=answers, goal=str(goal), seat=seat, wrong=_strings(raw.get("wrong", [])),
                reason=reason, piece=piece.upper())


def course(game_id: str, data: dict[str, object]) -> Course:
    """A course from its JSON data ({"steps": [...]}); ValueError if malformed."""
    game = get_game(game_id).id
    steps = data.get("steps")
    if set(data) != {"steps"} or not isinstance(steps, list) or not all(isinstance(s, dict) for s in steps):
        raise ValueError(f"{game}: a course is {{\"steps\": [step, ...]}}")
    return Course(game, tuple(_step(game, s) for s in steps))


def load(game_id: str) -> Course:
    """The course of a game from its file `<id>.json` beside this module."""
    game = get_game(game_id).id
    return course(game, json.loads(resources.files(__name__).joinpath(f"{game}.json").read_text(encoding="utf-8")))


def _pieces(state: State) -> int:
    return len(state.view().pieces)


def meets(goal: str, before: State, move: Move) -> bool:
    """Does a legal move meet a goal (MOVE_GOALS, or 'loses'; '': any)?"""
    seat = before.to_move
    after = before.copy()
    after.play(move)
    r = after.result
    if goal == "wins":
        return r is not None and seat in r.winners
    if goal == "draws":     # not Ziggurats' 'everyone loses': a draw leaves every seat half a point
        return r is not None and not r.winners and all(x > 0 for x in r.rewards)
    if goal == "safe":
        return r is None or seat in r.winners
    if goal == "loses":
        return r is not None and seat not in r.winners and bool(r.winners)
    if goal == "again":
        return r is None and after.to_move == seat
    if goal == "captures":
        return _pieces(after) < _pieces(before)
    if goal == "blocks":
        return r is None and not any(meets("wins", after, m) for m in after.legal_moves())
    return True


def achieves(step: Step, before: State, move: Move) -> bool:
    """Does a legal move do what a 'move' step with a goal asks: meet the goal, with the result's
    reason and from the square the step names?"""
    if step.piece and before.move_input(move)[0][:1] != (step.piece,):
        return False
    if step.reason:
        after = before.copy()
        after.play(move)
        if after.result is None or after.result.reason != step.reason:
            return False
    return meets(step.goal, before, move)


def holds(step: Step, state: State, square: str) -> bool:
    """Does a tap answer meet the step's goal, by the engine?"""
    if step.goal == "illegal":
        return _refusal(state, square) is not None
    if step.goal == "loses":
        try:
            return meets("loses", state, state.parse_move(square))
        except SpielkisteError:
            return False
    if step.goal == "seat":
        colour = state.seat_colour(step.seat)
        return any(p.cell == square.upper() and p.colour == colour for p in state.view().pieces)
    return True


def _refusal(state: State, text: str) -> SpielkisteError | None:
    try:
        state.parse_move(text)
    except SpielkisteError as e:
        return e
    return None


def check(step: Step, answer: str) -> Verdict:
    """Judge the page's answer: a move in notation, or a tapped square."""
    state = step.state()
    if step.kind == "tap":
        square = answer.strip().upper()
        if square not in (a.upper() for a in step.answers):
            return Verdict(False, step.hint)
        why = state.why_illegal(square) if step.goal == "illegal" else None
        if why is None:
            return Verdict(True, step.done)
        return Verdict(True, {lang: step.done[lang] + " " + t("learn.refused", lang, cell=square, why=tr(why, lang))
                              for lang in LANGS})
    try:
        move = state.parse_move(answer)
    except SpielkisteError as e:
        return Verdict(False, {lang: e.message(lang) for lang in LANGS})
    text = state.move_text(move)
    moved = state.move_input(move)[0][:1]
    if step.piece and step.goal and moved and moved != (step.piece,):
        return Verdict(False, {lang: t("learn.other_piece", lang, moved=moved[0], cell=step.piece) for lang in LANGS},
                       text)
    right = step.kind == "any" or (achieves(step, state, move) if step.goal
                                   else text.upper() in (a.upper() for a in step.answers))
    return Verdict(right, step.done if right else step.hint, text)


def show(step: Step) -> tuple[str, ...]:
    """The answers "Show me" gives: the page plays the first move, or marks every square of a tap;
    an introduction ('any') without answers shows one legal move."""
    if step.answers:
        return step.answers
    state = step.state()
    return (state.move_text(state.legal_moves()[0]),)
