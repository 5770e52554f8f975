"""The puzzle room's engine side (issue 32) under CPython: the `puzzle_*` requests a Session hands to
puzzle_session.py, with the shipped puzzles: a three-move puzzle solved with the defence played from
its line, a wrong move failing with the solution shown (in notation and as an arrow on the board),
retry, the daily puzzle, "next" near the player's rating, the progress the page stores (rating,
streak, solved ids; any stored text read defensively), bad requests refused with nothing changed,
and both languages. The game in progress is never touched."""
import json
import re
from datetime import date, timedelta

import pytest

from spielkiste import puzzles
from spielkiste_web import puzzle_session
from spielkiste_web.puzzle_session import puzzle_rating, read_progress
from spielkiste_web.session import Session

DEEP = 43          # snorkels: purple wins in 3, C6 B7 B6 A1 A7


def session(lang="en"):
    s = Session(lang)
    assert "error" not in s.handle({"op": "open", "link": "snorkels?m=D4,C3"})
    return s


def do(s, op, **fields):
    got = s.handle({"op": op, **fields})
    assert "error" not in got, got
    return got


def stones(answer):
    return sorted(re.findall(r'data-piece="([^"]+)"', answer["svg"]))


def test_a_three_move_puzzle_is_solved_with_the_defence_played_from_its_line():
    s = session()
    game_save = s.snapshot()["save"]
    p = puzzles.get("snorkels", DEEP)
    assert p.line == ("C6", "B7", "B6", "A1", "A7")
    a = do(s, "puzzle_open", game="snorkels", puzzle=DEEP)
    assert a["kind"] == "puzzle" and a["human"] and a["state"] == "play"
    assert "id" not in a           # the page's request number travels as `id`: the puzzle's is `puzzle`
    assert a["task"] == "Purple to move and win in 3 moves" and a["link"] == "snorkels?puzzle=43"
    assert a["title"] == "Puzzle 43" and a["difficulty"].startswith("Difficulty 4 of 4")
    assert a["rating"] == 1000 and a["streak"] == 0 and a["line"] == ""
    assert any(e[2] == "C6" for e in a["entries"])              # the player's moves are on offer
    start = stones(a)
    a = do(s, "puzzle_move", move="C6")
    assert a["verdict"] == "Right! Green answers B7. Your move again." and a["state"] == "play"
    assert a["human"] and a["played"] == 2 and "progress" not in a
    assert len(stones(a)) == len(start) + 2                       # C6 and the defence's B7 on the board
    assert len(stones({"svg": a["before"]})) == len(start) + 1     # drawn first: C6 alone
    assert 'data-cell="B7"' in a["svg"] and "fresh" in a["svg"]   # the defence's stone marked
    a = do(s, "puzzle_move", move="b6")                           # notation as the engine reads it
    assert a["verdict"] == "Right! Green answers A1. Your move again."
    a = do(s, "puzzle_move", move="A7")
    assert a["state"] == "solved" and a["verdict"] == "Solved!" and not a["human"]
    assert a["line"] == "Solution: 1. C6 B7 2. B6 A1 3. A7"
    stored = json.loads(a["progress"])
    assert stored["streak"] == 1 and stored["solved"] == [DEEP] and stored["rating"] > 1000
    assert a["rating"] == stored["rating"] and a["streak"] == 1 and a["change_text"] == f"(+{stored['rating'] - 1000})"
    assert s.snapshot()["save"] == game_save and "error" in s.handle({"op": "puzzle_move", "move": "A2"})
    # solved again later: the streak grows, the rating does not (rated once)
    do(s, "puzzle_open", game="snorkels", puzzle=DEEP, progress=a["progress"])
    for move in ("C6", "B6", "A7"):
        again = do(s, "puzzle_move", move=move, progress=a["progress"])
    assert json.loads(again["progress"])["rating"] == stored["rating"] and again["streak"] == 2
    assert again["change_text"] == ""
    assert s.handle({"op": "puzzle_leave"}) == {"kind": "puzzle", "left": True} and "puzzle" not in s.rooms
    assert s.snapshot()["save"] == game_save


def test_a_wrong_move_fails_shows_the_solution_and_retry_is_not_rated():
    s = session()
    p = puzzles.get("snorkels", DEEP)
    wrong = next(e[2] for e in do(s, "puzzle_open", game="snorkels", puzzle=DEEP)["entries"] if e[2] != "C6")
    progress = json.dumps({"rating": 1500, "streak": 4, "best": 6, "solved": [1, 2]})
    do(s, "puzzle_move", move="C6", progress=progress)
    a = do(s, "puzzle_move", move=wrong if wrong != "B6" else "G7", progress=progress)
    assert a["state"] == "failed" and not a["human"] and a["entries"] == []
    assert a["verdict"].startswith("Wrong: ") and a["verdict"].endswith("The move was B6.")
    assert a["line"] == "Solution: 1. C6 B7 2. B6 A1 3. A7"
    assert a["hint"] == ["B6"] and "hint-ring" in a["svg"]           # the right move drawn on the board
    assert a["shown"] == 2 and a["can"] == {"back": True, "forward": True, "retry": True}
    stored = json.loads(a["progress"])
    assert stored["streak"] == 0 and stored["best"] == 6 and stored["solved"] == [1, 2]
    assert stored["rating"] < 1500 and a["change_text"] == f"({stored['rating'] - 1500})"
    assert "error" in s.handle({"op": "puzzle_move", "move": "B6"})     # over: nothing more is played
    # the solution, move by move
    shown = do(s, "puzzle_show", ply=5)
    assert shown["hint"] == [] and shown["can"]["forward"] is False and len(stones(shown)) == len(
        stones(do(s, "puzzle_show", ply=0))) + 5
    assert do(s, "puzzle_show", ply=3)["hint"] == ["A1"]
    assert "error" in s.handle({"op": "puzzle_show", "ply": 6})
    # retry: from the start, and neither a solve nor a fail changes the stored progress
    r = do(s, "puzzle_retry")
    assert r["state"] == "play" and r["retry"] and r["played"] == 0 and r["human"]
    assert "error" in s.handle({"op": "puzzle_show", "ply": 1})        # no peeking while playing
    for move in ("C6", "B6", "A7"):
        r = do(s, "puzzle_move", move=move)
    assert r["state"] == "solved" and "progress" not in r and p.line[-1] == "A7"


def test_a_win_in_one_another_winning_move_and_a_defence():
    s = session("de")
    p = next(p for p in puzzles.load("snorkels") if p.kind == "defend")
    a = do(s, "puzzle_open", game="snorkels", puzzle=p.id)
    colour = {"purple": "Lila", "green": "Grün"}[p.colour]
    assert a["task"] == f"{colour} zieht: Finde den einzigen Zug, der nicht verliert"
    assert a["difficulty"].startswith("Schwierigkeit ") and a["title"] == f"Aufgabe {p.id}"
    a = do(s, "puzzle_move", move=p.line[0])
    assert a["state"] == "solved" and a["verdict"] == "Gelöst!" and a["line"] == f"Lösung: 1. {p.line[0]}"
    assert a["streak_text"] == "Serie 1"


def test_the_daily_puzzle_is_the_same_on_a_date_and_changes_across_dates():
    day = date(2026, 11, 27)
    a = do(session(), "puzzle_open", game="snorkels", puzzle="daily", date=day.isoformat())
    b = do(session("de"), "puzzle_open", game="snorkels", puzzle="daily", date="2026-11-27")
    assert a["puzzle"] == b["puzzle"] == puzzles.daily(day, "snorkels").id
    assert a["daily"] and a["link"] == "snorkels?puzzle=daily" and a["title"] == "Daily puzzle"
    assert b["title"] == "Aufgabe des Tages"
    ids = {do(session(), "puzzle_open", game="snorkels", puzzle="daily",
              date=(day + timedelta(days=k)).isoformat())["puzzle"] for k in range(8)}
    assert len(ids) >= 4
    other = do(session(), "puzzle_open", game="tor", puzzle="daily", date="2026-11-27")
    assert other["game"] == "tor" and other["puzzle"] == puzzles.daily(day, "tor").id


def test_next_is_near_the_players_rating_and_not_solved_yet():
    s = session()
    ratings = sorted({puzzle_rating(p) for p in puzzles.load("blockade")})
    for rating in (ratings[0], 1300, ratings[-1]):
        nearest = sorted(abs(puzzle_rating(p) - rating) for p in puzzles.load("blockade"))
        for seed in range(4):
            a = do(s, "puzzle_open", game="blockade", puzzle="next", seed=seed,
                   progress=json.dumps({"rating": rating, "streak": 0, "solved": []}))
            assert abs(a["puzzle_rating"] - rating) <= nearest[puzzle_session.NEAR], (rating, a["puzzle"])
    # solved ones are skipped; with all solved, any other than the one shown
    low = sorted(puzzles.load("blockade"), key=lambda p: (puzzle_rating(p), p.id))
    solved = [p.id for p in low[:20]]
    for seed in range(4):
        a = do(s, "puzzle_open", game="blockade", puzzle="next", seed=seed,
               progress=json.dumps({"rating": 100, "solved": solved}))
        assert a["puzzle"] not in solved
    every = [p.id for p in low]
    shown = a["puzzle"]
    assert do(s, "puzzle_open", game="blockade", puzzle="next", seed=1,
              progress=json.dumps({"rating": 100, "solved": every}))["puzzle"] != shown


@pytest.mark.parametrize("bad", [
    {"op": "puzzle_open", "game": "nosuchgame", "puzzle": 1},
    {"op": "puzzle_open", "game": "solitaire", "puzzle": 1},
    {"op": "puzzle_open", "game": "snorkels", "puzzle": 999},
    {"op": "puzzle_open", "game": "snorkels", "puzzle": "17x"},
    {"op": "puzzle_open", "game": "snorkels", "puzzle": [1]},
    {"op": "puzzle_open", "game": "snorkels", "puzzle": "daily", "date": "27.11.2026"},
    {"op": "puzzle_open", "game": "snorkels", "puzzle": "daily"},
    {"op": "puzzle_open", "game": 5, "puzzle": 1},
    {"op": "puzzle_move", "move": "Z9"},
    {"op": "puzzle_move", "move": "C1"},           # a stone stands there: not a legal move
    {"op": "puzzle_move", "move": ["C6"]},
    {"op": "puzzle_show", "ply": 1},
    {"op": "puzzle_show", "ply": "1"},
    {"op": "puzzle_nonsense"},
])
def test_bad_requests_answer_an_error_and_change_nothing(bad):
    s = session()
    do(s, "puzzle_open", game="snorkels", puzzle=DEEP)
    do(s, "puzzle_move", move="C6")
    before = do(s, "puzzle_snapshot")
    game_save = s.snapshot()["save"]
    got = s.handle(bad)
    assert set(got) == {"error"} and got["error"]
    assert do(s, "puzzle_snapshot") == before and s.snapshot()["save"] == game_save


def test_errors_in_both_languages_and_requests_before_a_puzzle_is_open():
    s = session("de")
    assert s.handle({"op": "puzzle_move", "move": "C6"}) == {"error": "Keine Aufgabe ist geöffnet."}
    assert s.handle({"op": "puzzle_open", "game": "snorkels", "puzzle": 999}) == {
        "error": "Snorkels hat keine Aufgabe 999."}
    assert s.handle({"op": "puzzle_open", "game": "solitaire", "puzzle": 1, "lang": "en"}) == {
        "error": "Allein Wetteifern (Solitaire) has no puzzles."}
    a = do(s, "puzzle_open", game="snorkels", puzzle=DEEP, lang="en")
    assert a["task"].startswith("Purple")
    assert do(s, "puzzle_snapshot", lang="de")["task"] == "Lila zieht und gewinnt in 3 Zügen"


@pytest.mark.parametrize("text", [None, "", "{", "[]", "null", '"x"', '{"rating": "high"}',
                                  '{"rating": NaN}', '{"rating": 1e999}', '{"solved": "1,2"}',
                                  '{"streak": -3, "solved": [1, "2", 3.5, -1, true]}', "x" * 200_000])
def test_stored_progress_is_read_defensively(text):
    p = read_progress(text)
    assert type(p["rating"]) is int and 100 <= p["rating"] <= 3000
    assert type(p["streak"]) is int and p["streak"] >= 0
    assert all(type(i) is int for i in p["solved"])
    assert read_progress('{"rating": 1234.4, "streak": 3, "solved": [5, 7]}') == {
        "rating": 1234, "streak": 3, "best": 3, "solved": [5, 7]}


def test_the_rating_moves_by_elo_against_the_puzzles_rating():
    easy = min(puzzles.load("snorkels"), key=puzzle_rating)
    hard = max(puzzles.load("snorkels"), key=puzzle_rating)
    start = read_progress(None)
    up_easy = puzzle_session.updated(start, easy, True, True)[1]
    up_hard = puzzle_session.updated(start, hard, True, True)[1]
    down_easy = puzzle_session.updated(start, easy, False, True)[1]
    assert up_easy is not None and up_hard is not None and down_easy is not None
    assert 0 < up_easy < up_hard <= puzzle_session.K and -puzzle_session.K <= down_easy < 0
    assert puzzle_session.updated(start, easy, True, False)[1] is None
    assert 800 <= puzzle_rating(easy) < puzzle_rating(hard) <= 2100


@pytest.mark.parametrize("game", puzzles.GAMES)
def test_every_games_deepest_puzzles_are_solved_through_the_boards_inputs(game):
    """The page enters moves only through the answer's `entries` (click paths): for the two deepest
    puzzles of each game, each of the player's moves of the line is on offer there, by its squares,
    and playing them solves the puzzle, the defence answered from the line."""
    s = session()
    for p in sorted(puzzles.load(game), key=lambda p: (-len(p.line), p.id))[:2]:
        a = do(s, "puzzle_open", game=game, puzzle=p.id)
        while a["state"] == "play":
            expected = p.line[a["played"]]
            entry = next(e for e in a["entries"] if e[2].upper() == expected.upper())
            assert entry[0], (game, p.id, entry)                # a path of squares clicks it
            a = do(s, "puzzle_move", move=entry[2])
            assert a["state"] != "failed", (game, p.id, a["verdict"])
        assert a["state"] == "solved" and a["played"] == len(p.line), (game, p.id)


def test_a_line_that_ends_with_the_defences_forced_losing_move_is_played_out():
    """Surikata 43: after White's D2 (A4) D1, every move of Orange's makes a line of three and loses;
    the page plays the line's B3 and calls it solved."""
    s = session()
    p = puzzles.get("surikata", 43)
    assert p.line == ("D2", "A4", "D1", "B3") and p.depth == 3
    do(s, "puzzle_open", game="surikata", puzzle=43)
    assert do(s, "puzzle_move", move="D2")["verdict"] == "Right! Orange answers A4. Your move again."
    a = do(s, "puzzle_move", move="D1")
    assert a["state"] == "solved" and a["played"] == 4
    assert a["verdict"] == "Solved! Orange has to answer B3 and loses."
