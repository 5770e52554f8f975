"""The lessons: every game's course is 5-10 steps covering its rules, every position is built by the
engine, every shown answer passes the checker, and every listed wrong answer is refused with a reason
in both languages."""
import dataclasses
import json
from importlib import resources

import pytest

from spielkiste import lessons
from spielkiste.engine import State
from spielkiste.errors import SpielkisteError
from spielkiste.inputs import Clicks
from spielkiste.registry import GAMES
from spielkiste.texts import t

TOPICS = {      # per game, the rules its course teaches, in the order a player needs them
    "surikata": ("setup", "first-piece", "meerkat", "move", "line", "trapped", "draw"),
    "snorkels": ("place", "pie", "groups", "capture", "stones", "mutual", "self-capture"),
    "blockade": ("kings", "placing", "exit", "turns", "block", "guard-move"),
    "weltreich": ("move", "capture", "thrones", "crowning", "commander", "quiet", "out", "partners", "turn-order"),
    "sprung": ("move", "jump", "bonus", "bonus-piece", "goal", "partners", "turn-order"),
    "aufstellen": ("opening", "cycle", "cylinder", "line", "stuck"),
    "solitaire": ("start", "jump", "own-colour", "plan", "end"),
    "tor": ("move", "gate", "new-piece", "leave-centre", "win", "partners", "turn-order"),
    "ziggurats": ("foundations", "place", "connection", "no-return", "ziggurat", "everyone-loses"),
    "drei": ("board", "en-prise", "forbidden", "ahead", "drei", "troika", "draw"),
}
GAME_IDS = sorted(TOPICS)


def test_every_game_has_a_course() -> None:
    files = {f.name for f in resources.files(lessons).iterdir() if f.name.endswith(".json")}
    assert set(TOPICS) == set(GAMES) and files == {f"{game}.json" for game in GAMES}


@pytest.mark.parametrize("game", GAME_IDS)
def test_course_covers_the_rules(game: str) -> None:
    course = lessons.load(game)
    assert 5 <= len(course.steps) <= 10
    assert tuple(s.topic for s in course.steps) == TOPICS[game]


@pytest.mark.parametrize("game", GAME_IDS)
def test_texts_in_both_languages(game: str) -> None:
    for step in lessons.load(game).steps:
        texts = [step.title, step.rule, step.task, step.done] + ([step.hint] if step.kind != "any" else [])
        for text in texts:
            assert set(text) == set(lessons.LANGS)
            assert text["en"].strip() and text["de"].strip() and text["en"] != text["de"], (game, step.topic, text)


@pytest.mark.parametrize("game", GAME_IDS)
def test_shown_answers_pass(game: str) -> None:
    for step in lessons.load(game).steps:
        state = step.state()
        assert state.result is None, (game, step.topic)
        shown = lessons.show(step)
        assert shown, (game, step.topic)
        for answer in shown:
            verdict = lessons.check(step, answer)
            assert verdict.ok, (game, step.topic, answer, verdict.why)
            assert all(verdict.why[lang] for lang in lessons.LANGS)
            if step.kind == "tap":
                assert lessons.holds(step, state, answer), (game, step.topic, answer)
                assert verdict.move is None
                if step.goal == "illegal":      # the step's text, then the engine's own reason why it refuses it
                    with pytest.raises(SpielkisteError):
                        state.parse_move(answer)
                    why = state.why_illegal(answer)
                    assert why is not None
                    assert verdict.why == {lang: step.done[lang] + " " + t("learn.refused", lang, cell=answer,
                                                                          why=t(why[0], lang, **why[1]))
                                           for lang in lessons.LANGS}
            else:
                assert verdict.move is not None and verdict.move.upper() == answer.upper()


@pytest.mark.parametrize("game", GAME_IDS)
def test_wrong_answers_are_refused_with_a_reason(game: str) -> None:
    """Each step lists typical wrong answers: an illegal move is refused with the engine's own error,
    a legal but wrong move and a wrong tap with the lesson's hint; never with the right answer's text."""
    for step in lessons.load(game).steps:
        assert step.wrong, (game, step.topic)
        state = step.state()
        right = lessons.check(step, lessons.show(step)[0]).why
        for answer in step.wrong:
            verdict = lessons.check(step, answer)
            assert not verdict.ok, (game, step.topic, answer)
            expected = step.hint
            if step.kind != "tap":
                try:
                    move = state.parse_move(answer)
                except SpielkisteError as e:
                    expected = {lang: e.message(lang) for lang in lessons.LANGS}
                    assert verdict.move is None
                else:
                    moved = (state.move_input(move)[0] or ("",))[0]
                    if step.piece and moved != step.piece:    # another piece than the task's: said so
                        expected = {lang: t("learn.other_piece", lang, moved=moved, cell=step.piece)
                                    for lang in lessons.LANGS}
                        assert moved in expected["en"] and step.piece in expected["de"]
            assert verdict.why == expected, (game, step.topic, answer)
            for lang in lessons.LANGS:
                assert verdict.why[lang].strip() and verdict.why[lang] != right[lang], (game, step.topic, answer)
            assert verdict.why["en"] != verdict.why["de"]


@pytest.mark.parametrize("game", GAME_IDS)
def test_goals_hold_for_the_listed_answers_only(game: str) -> None:
    """A goal is the engine's: the shown moves meet it (with the step's reason and piece), the wrong ones
    that are legal do not."""
    for step in lessons.load(game).steps:
        if step.kind != "move" or not step.goal:
            continue
        state = step.state()
        for answer in step.answers:
            assert lessons.achieves(step, state, state.parse_move(answer)), (game, step.topic, answer)
        legal = {state.move_text(m).upper(): m for m in state.legal_moves()}
        for answer in step.wrong:
            if answer.upper() in legal:
                assert not lessons.achieves(step, state, legal[answer.upper()]), (game, step.topic, answer)


@pytest.mark.parametrize("game", GAME_IDS)
def test_wrong_taps_do_not_meet_the_goal(game: str) -> None:
    """A tapped square the lesson calls wrong is wrong by the engine too (a square a placement there loses
    from, or a piece of the seat asked for, would be right)."""
    for step in lessons.load(game).steps:
        if step.kind == "tap" and step.goal in ("loses", "seat"):
            state = step.state()
            assert not any(lessons.holds(step, state, w) for w in step.wrong), (game, step.topic)
            assert all(lessons.holds(step, state, a) for a in step.answers), (game, step.topic)


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_course_is_plain_data(game: str) -> None:
    """The page may send a course by message: it is JSON through and through."""
    data = dataclasses.asdict(lessons.load(game))
    assert json.loads(json.dumps(data)) == json.loads(json.dumps(data, sort_keys=True))
    assert data["game"] == game and len(data["steps"]) == len(TOPICS[game])


def _entered(state: State, text: str) -> bool:
    """Can the page enter this move by clicking its path (and a choice or button)?"""
    move = state.parse_move(text)
    path, _ = state.move_input(move)
    clicks = Clicks(state)
    if not path:
        return any(m == move for _, m in clicks.buttons())
    result: tuple[str, object] = ("none", ())
    for cell in path:
        result = clicks.click(cell)
    kind, value = result
    return (kind == "move" and value == move) or (kind == "choose" and isinstance(value, list)
                                                  and any(m == move for _, m in value))


@pytest.mark.parametrize("game", GAME_IDS)
def test_answers_are_what_the_board_gives(game: str) -> None:
    """Shown moves can be clicked on the board; tapped answers are squares of the board."""
    for step in lessons.load(game).steps:
        state = step.state()
        if step.kind == "tap":
            cells = {c.id for c in state.view().cells}
            assert set(step.answers) | set(step.wrong) <= cells, (game, step.topic)
        else:
            for answer in lessons.show(step):
                assert _entered(state, answer), (game, step.topic, answer)


TEXT = {"en": "a", "de": "b"}
STEP = {"topic": "t", "kind": "move", "answers": ["D4"], "title": TEXT, "rule": TEXT, "task": TEXT, "done": TEXT,
        "hint": TEXT}


@pytest.mark.parametrize("change", [
    {"answer": ["D4"]},                          # an unknown field (a typo)
    {"kind": "press"}, {"goal": "seat"}, {"goal": "illegal"}, {"topic": ""},
    {"answers": []}, {"answers": "D4"}, {"title": {"en": "only English"}}, {"done": {"en": "a", "de": 1}},
    {"reason": "why.x"}, {"piece": "D4"},        # they narrow a goal: none without one
    {"goal": "wins", "piece": 4}, {"kind": "tap", "goal": "loses", "reason": "why.x"},
])
def test_malformed_steps_are_refused(change: dict[str, object]) -> None:
    assert lessons.course("snorkels", {"steps": [STEP]}).steps[0].answers == ("D4",)
    with pytest.raises(ValueError):
        lessons.course("snorkels", {"steps": [{**STEP, **change}]})


def test_a_step_without_hint_is_an_introduction() -> None:
    with pytest.raises(ValueError):
        lessons.course("snorkels", {"steps": [{k: v for k, v in STEP.items() if k != "hint"}]})
    step = lessons.course("snorkels", {"steps": [{k: v for k, v in STEP.items() if k not in ("hint", "answers")}
                                                 | {"kind": "any"}]}).steps[0]
    assert lessons.check(step, "A1").ok and lessons.check(step, "A1").move == "A1"
    assert not lessons.check(step, "H9").ok
