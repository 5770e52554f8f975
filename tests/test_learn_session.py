"""The lessons' worker side (issue 32) under CPython: every step of every game's course replayed
through Session.handle as the page's learn room sends it (learn_open, learn_answer with the move
the board's click path gives or the square tapped, learn_show), in English and German: the right
answer is accepted with the step's text and played, every listed wrong answer is refused with a
reason and the task comes back, "Show me" plays or marks the answer; the game in progress is never
touched; team steps name partners and the order of turns; bad requests answer an error."""
import re

import pytest

from spielkiste import lessons
from spielkiste.registry import GAMES
from spielkiste.errors import IllegalMove
from spielkiste.texts import t, tr
from spielkiste_web.session import Session

LANGS = ("en", "de")


def do(s, op, **fields):
    got = s.handle({"op": op, **fields})
    assert "error" not in got, got
    assert got["kind"] == "learn"
    return got


def cells(answer):
    return {c[0] for c in answer["cells"]}


def reply(step, answer, given):
    """The request fields of an answer as the page sends them."""
    return {"cell": given} if step.kind == "tap" else {"move": given}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_step_replayed_through_the_room(game):
    course = lessons.load(game)
    s = Session()
    assert "error" not in s.handle({"op": "open", "link": game})
    before = s.handle({"op": "snapshot"})
    for lang in LANGS:
        for i, step in enumerate(course.steps):
            task = do(s, "learn_open", game=game, step=i, lang=lang)
            assert (task["index"], task["count"], task["phase"], task["verdict"]) == (i, len(course.steps), "task", "")
            assert task["link"] == f"{game}?learn={i + 1}"
            assert task["steps"] == [st.title[lang] for st in course.steps]
            assert (task["title"], task["rule"], task["task"]) == (step.title[lang], step.rule[lang], step.task[lang])
            assert task["pick"] == (step.kind == "tap") and task["human"] == (step.kind != "tap")
            offered = {e[2].upper(): e[0] for e in task["entries"]}
            shown = lessons.show(step)
            # the answer the page can give: a move the board offers as a click path, or a square on it
            for given in shown:
                assert given.upper() in (cells(task) if step.kind == "tap" else offered), (game, step.topic, given)
            right = do(s, "learn_answer", **reply(step, task, shown[0]))
            verdict = lessons.check(step, shown[0])
            assert right["phase"] == "right" and right["verdict"] == verdict.why[lang], (game, step.topic)
            assert not right["human"] and not right["pick"] and right["entries"] == []
            if step.kind == "tap":
                assert right["shown"] == [shown[0].upper()] and "hint-ring" in right["svg"]
            else:
                assert right["move"] == verdict.move and right["svg"] != task["svg"]   # the move played
            # an answered step stays answered (a second answer changes nothing)
            assert do(s, "learn_answer", **reply(step, task, shown[0]))["phase"] == "right"
            for wrong in step.wrong:
                do(s, "learn_open", game=game, step=i)
                refused = do(s, "learn_answer", **reply(step, task, wrong))
                why = lessons.check(step, wrong).why[lang]
                assert refused["phase"] == "wrong" and refused["verdict"] == why and why.strip(), (game, wrong)
                assert refused["svg"] == task["svg"] and refused["move"] is None       # the task again
                assert refused["human"] == task["human"] and refused["pick"] == task["pick"]
                # and it may be tried again
                assert do(s, "learn_answer", **reply(step, task, shown[0]))["phase"] == "right"
            do(s, "learn_open", game=game, step=i)
            show = do(s, "learn_show")
            assert show["phase"] == "shown" and not show["human"] and not show["pick"]
            assert show["verdict"].endswith(lessons.check(step, shown[0]).why[lang])
            if step.kind == "tap":
                assert show["shown"] == [a.upper() for a in shown]
                assert show["svg"].count("hint-ring") == len(shown)
            else:
                assert show["move"] is not None and show["move"] in show["verdict"]
    # the game in progress, untouched by every lesson
    after = s.handle({"op": "snapshot"})
    assert (after["link"], after["save"], after["moves"]) == (before["link"], before["save"], before["moves"])


def test_a_change_of_language_renders_the_step_as_it_stands():
    s = Session("en")
    course = lessons.load("drei")
    i = next(k for k, st in enumerate(course.steps) if st.topic == "forbidden")
    do(s, "learn_open", game="drei", step=i)
    wrong = do(s, "learn_answer", cell=course.steps[i].wrong[0])
    again = do(s, "learn_render", lang="de")
    assert again["phase"] == "wrong" and again["verdict"] == course.steps[i].hint["de"] != wrong["verdict"]
    assert again["title"] == course.steps[i].title["de"] and again["svg"] != wrong["svg"]    # the board's labels
    right = do(s, "learn_answer", cell="A8")
    assert right["phase"] == "right" and "A8" in right["verdict"]       # the engine's own reason, in German
    assert do(s, "learn_render", lang="en")["verdict"] == lessons.check(course.steps[i], "A8").why["en"]


@pytest.mark.parametrize("game", ["weltreich", "sprung", "tor"])
def test_team_steps_say_who_partners_whom_and_whose_turn_follows(game):
    s = Session()
    course = lessons.load(game)
    team_steps = [i for i, st in enumerate(course.steps) if st.topic in ("partners", "turn-order")]
    assert len(team_steps) == 2
    for i in team_steps:
        state = course.steps[i].state()
        for lang in LANGS:
            got = do(s, "learn_open", game=game, step=i, lang=lang)
            names = [t("colour." + state.seat_colour(seat), lang) for seat in range(4)]
            mover = names[state.to_move]
            order = ", ".join(names[(state.to_move + k) % 4] for k in range(4))
            assert got["teams"] == t("learn.teams", lang, sides=t(
                "learn.against", lang, a=t("learn.team", lang, a=names[0], b=names[1]),
                b=t("learn.team", lang, a=names[2], b=names[3])), order=order)
            assert order in got["teams"] and mover in got["turn"]
    # a step without teams says nothing of them
    assert do(s, "learn_open", game=game, step=0)["teams"] == ""


def test_weltreich_teams_in_words():
    s = Session("en")
    got = do(s, "learn_open", game="weltreich", step=8)
    assert got["teams"] == ("Teams: Blue with Green against Red with Yellow. "
                            "Turns: Red, Yellow, Blue, Green, and round again.")
    assert got["turn"] == "Red to move."


def test_bad_requests_answer_an_error_and_change_nothing():
    s = Session("de")
    assert "error" in s.handle({"op": "learn_answer", "move": "A1"})        # nothing open yet
    assert "error" in s.handle({"op": "learn_show"})
    assert "Spiel namens" in s.handle({"op": "learn_open", "game": "<b>chess</b>", "step": 0})["error"]
    assert "Schritt 8" in s.handle({"op": "learn_open", "game": "drei", "step": 7})["error"]
    assert do(s, "learn_open", game="drei", done=[0, 1, 3])["index"] == 2     # the first step not done
    assert do(s, "learn_open", game="drei", done=list(range(7)))["index"] == 0
    assert do(s, "learn_open", game="drei", done="nonsense")["index"] == 0
    for bad in ("1", 1.5, -1):
        assert "error" in s.handle({"op": "learn_open", "game": "drei", "step": bad})
    open_ = do(s, "learn_open", game="snorkels", step=3)
    assert "error" in s.handle({"op": "learn_answer"})
    assert "error" in s.handle({"op": "learn_answer", "cell": "D4"})        # a move step takes a move
    assert "error" in s.handle({"op": "learn_nonsense"})
    nonsense = do(s, "learn_answer", move="Z99")                            # the engine's reason
    assert nonsense["phase"] == "wrong" and nonsense["verdict"] and nonsense["svg"] == open_["svg"]
    assert s.handle({"op": "learn_leave"}) == {"kind": "learn_left"} and "learn" not in s.rooms
    assert "error" in s.handle({"op": "learn_render"})


def test_a_right_move_is_drawn_as_played():
    s = Session("en")
    got = do(s, "learn_open", game="snorkels", step=3)       # capture: D4 wins
    right = do(s, "learn_answer", move="d4")
    assert right["move"] == "D4" and re.search(r'data-piece="D4[^"]*"', right["svg"])
    assert not re.search(r'data-piece="D4[^"]*"', got["svg"])


def test_the_room_names_its_own_game_and_whose_turn_the_board_shows():
    """Issue 52: opened over another game, the room's heading and tab title name the course's game; after
    a move is played the turn line names the next player (not the one of the task), and it is gone when
    the move ended the game."""
    s = Session("de")
    assert "error" not in s.handle({"op": "open", "link": "snorkels"})
    got = do(s, "learn_open", game="surikata", step=0)
    name = t("game.surikata", "de")
    assert got["game_title"] == name != t("game.snorkels", "de")
    assert got["doc_title"] == f"Spielen lernen · {name} · Spielkiste"
    assert got["turn"] == "Orange ist am Zug."
    placed = do(s, "learn_answer", move=lessons.show(lessons.load("surikata").steps[0])[0])
    assert placed["phase"] == "right" and placed["turn"] == "Weiß ist am Zug."
    do(s, "learn_open", game="snorkels", step=0, lang="en")
    assert do(s, "learn_answer", move="D4")["turn"] == "Green to move."
    do(s, "learn_open", game="snorkels", step=3)                       # capture: the game ends
    assert do(s, "learn_show")["turn"] == ""
    assert do(s, "learn_render", lang="en")["doc_title"] == "Learn to play · Snorkels · Spielkiste"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_square_a_placement_refuses_says_the_engines_reason_in_every_step(game):
    """A tap on a square that starts no move was answered by nothing (a probe's newcomer tapped a
    square the meerkat sees, in a lesson). Where moves are single squares the board now has each
    such square's reason (`refused`, said in a toast when tapped). Second route: the engine's own
    refusal of that square written as a move (parse_move's IllegalMove, with the same reason); no
    square the board offers is refused."""
    course = lessons.load(game)
    s = Session()
    assert "error" not in s.handle({"op": "open", "link": game})
    said = 0
    for i, step in enumerate(course.steps):
        task = do(s, "learn_open", game=game, step=i, lang="de")
        state = step.state()
        starts = {e[0][0] for e in task["entries"] if e[0]}
        assert not task["refused"] or any(len(e[0]) == 1 for e in task["entries"])
        for cell, why in task["refused"].items():
            assert cell not in starts and cell in cells(task)
            with pytest.raises(IllegalMove) as info:
                state.parse_move(cell)
            assert info.value.key == "err.move_illegal_why" and tr(info.value.params["why"], "de") == why
            said += 1
    assert said or game not in ("surikata", "drei", "blockade", "snorkels"), game   # placement courses refuse some
