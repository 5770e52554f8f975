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
from spielkiste.engine import after
from spielkiste.puzzles.proof import loses_at_once
from spielkiste_web import puzzle_session
from spielkiste_web.puzzle_session import read_progress
from spielkiste_web.session import Session

puzzle_rating = puzzles.rating

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
    # solved again later: neither the rating nor the streak moves (a first attempt only counts; a probe
    # pumped the streak to 4 by solving one puzzle four times)
    do(s, "puzzle_open", game="snorkels", puzzle=DEEP, progress=a["progress"])
    for move in ("C6", "B6", "A7"):
        again = do(s, "puzzle_move", move=move, progress=a["progress"])
    assert json.loads(again["progress"])["rating"] == stored["rating"] and again["streak"] == 1
    assert json.loads(again["progress"])["streak"] == 1 and again["change_text"] == ""
    # nor does a solve after a fail (the puzzle among the recent: a reload had reopened it fresh)
    failed = dict(stored, streak=3, solved=[], recent=[DEEP])
    do(s, "puzzle_open", game="snorkels", puzzle=DEEP, progress=json.dumps(failed))
    for move in ("C6", "B6", "A7"):
        late = do(s, "puzzle_move", move=move, progress=json.dumps(failed))
    assert late["state"] == "solved" and json.loads(late["progress"])["streak"] == 3
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
    assert a["line"] == "" and a["hint"] == [] and a["shown"] is None     # the solution waits for "Solution"
    assert a["can"] == {"back": False, "forward": False, "retry": True, "solution": True, "give_up": False}
    stored = json.loads(a["progress"])
    a = do(s, "puzzle_show", ply=a["played"])                          # "Solution": where it went wrong
    assert a["line"] == "Solution: 1. C6 B7 2. B6 A1 3. A7"
    assert a["hint"] == ["B6"] and "hint-ring" in a["svg"]           # the right move drawn on the board
    assert a["shown"] == 2
    assert a["can"] == {"back": True, "forward": True, "retry": True, "solution": False, "give_up": False}
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
    assert a["task"] == f"{colour} zieht: Finde den einzigen Zug, nach dem der Gegner keinen Sieg in 3 Zügen " \
                        "erzwingen kann"
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
                                  '{"streak": -3, "solved": [1, "2", 3.5, -1, true]}', "x" * 200_000,
                                  '{"recent": "1", "daily": []}', '{"recent": [1e999, null], "daily": "2026-11-27"}',
                                  '{"daily": {"day": "2026-13-01", "puzzle": 1}}',
                                  '{"daily": {"day": "2026-11-27", "puzzle": "1"}}',
                                  '{"daily": {"day": "2026-11-27", "puzzle": 1, "x": 0}}',
                                  '{"daily": {"day": ["2026-11-27"], "puzzle": 1}}',
                                  '{"recent": ' + "[" * 10_000 + "]" * 10_000 + "}"])
def test_stored_progress_is_read_defensively(text):
    p = read_progress(text)
    assert type(p["rating"]) is int and 100 <= p["rating"] <= 3000
    assert type(p["streak"]) is int and p["streak"] >= 0
    assert all(type(i) is int for i in p["solved"])
    assert type(p["recent"]) is list and all(type(i) is int for i in p["recent"]) and p["daily"] is None
    assert read_progress('{"rating": 1234.4, "streak": 3, "solved": [5, 7]}') == {
        "rating": 1234, "streak": 3, "best": 3, "solved": [5, 7], "recent": [], "daily": None}


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


# ---------------------------------------------------------------------- issue 52: the room to lichess's standard
def wins_within(s, seat, k):
    """A second search, written apart from proof.py (every move tried, no memo, no ordering): can
    `seat` (to move) force a win within k of its moves? A move that leaves the game on counts as one
    of them, so the defence's forced loss after it needs one more."""
    for m in s.legal_moves():
        n = s.copy()
        n.play(m)
        if n.result is not None:
            if n.result.rewards[seat] == 1.0:
                return True
        elif k > 1 and (wins_within(n, seat, k - 1) if n.to_move == seat else every_reply_loses(n, seat, k - 1)):
            return True
    return False


def every_reply_loses(s, seat, k):
    """The defence to move: does every reply lose within k more moves of `seat`?"""
    for r in s.legal_moves():
        n = s.copy()
        n.play(r)
        if n.result is not None:
            if n.result.rewards[seat] != 1.0:
                return False
        elif not (wins_within(n, seat, k) if n.to_move == seat else every_reply_loses(n, seat, k)):
            return False
    return True


def mover_moves_before(p, ply):
    s, n = p.state(), 0
    for text in p.line[:ply]:
        n += s.to_move == p.seat
        s.push_text(text)
    return n


def sample(game, per_depth=1):
    """A few puzzles of each depth of a game, those with the fewest moves at their start (the second
    search tries every line; the data may change, so none is named by id)."""
    out = []
    for depth in (1, 2, 3):
        out += sorted((p for p in puzzles.load(game) if p.depth == depth),
                      key=lambda p: (len(p.state().legal_moves()), p.id))[:per_depth]
    return out


@pytest.mark.parametrize("game", puzzles.GAMES)
def test_every_wrong_move_is_refuted_and_a_second_search_agrees(game):
    """For a few puzzles of each depth of every game, EVERY wrong move at the first move and at the
    mover's second (after the line's defence): refutation() names the opponent's answer, and a second
    search written here confirms what the room then says: the game is over and not won, or the mover
    can no longer force a win within the puzzle's moves."""
    checked = 0
    for p in sample(game):
        for ply in sorted({0, *(i for i in range(1, len(p.line)) if mover_moves_before(p, i) == 1
                                and puzzles.position(p, p.line[:i]).to_move == p.seat)})[:2]:
            played = p.line[:ply]
            state = puzzles.position(p, played)
            left = p.depth - mover_moves_before(p, ply) - 1
            for m in state.legal_moves():
                text = state.move_text(m)
                if puzzles.check(p, played, text).ok:
                    continue
                found = puzzles.refutation(p, played, text)
                assert found is not None, (game, p.id, played, text)
                s = state.copy()
                s.play(m)
                for reply in found.replies:
                    assert s.result is None and s.to_move != p.seat, (game, p.id, text, found)
                    s.push_text(reply)
                assert found.outcome == s.result and (s.result is not None or s.to_move == p.seat)
                if s.result is not None and s.result.rewards[p.seat] == 1.0:   # every reply lost: slower
                    assert left == 0 and every_reply_loses(after(state, m), p.seat, 1), (game, p.id, text)
                elif s.result is None and left > 0:
                    assert not wins_within(s, p.seat, left), (game, p.id, played, text, found)
                checked += 1
    assert checked >= 5


def test_a_refutation_out_of_budget_claims_nothing_but_that_the_move_is_wrong():
    p = puzzles.get("snorkels", DEEP)
    assert puzzles.refutation(p, [], "A1", budget=3) is None
    assert puzzles.refutation(p, [], "A1") == puzzles.Refutation(("B1",), None)
    s = p.state()
    key, args = puzzle_session.refutation_text(p, "A1", None, s)
    from spielkiste.texts import t
    assert t(key, "en", **args) == "A1 is not the move." and t(key, "de", **args) == "A1 ist nicht der richtige Zug."


def test_a_wrong_move_shows_the_refutation_on_the_board_then_retry_or_the_solution():
    """Snorkels 43 (C6 B7 B6 A1 A7): after C6 (B7), the wrong E4 is answered on the board by Green's
    refutation, said in words; the solution waits for "Solution"; the failure is rated once (not
    again when the puzzle is opened again from its link); Retry starts over, not rated."""
    s = session()
    start = stones(do(s, "puzzle_open", game="snorkels", puzzle=DEEP))
    progress = json.dumps({"rating": 2000, "streak": 4, "best": 6, "solved": [1]})
    do(s, "puzzle_move", move="C6", progress=progress)
    a = do(s, "puzzle_move", move="E4", progress=progress)
    found = puzzles.refutation(puzzles.get("snorkels", DEEP), ["C6", "B7"], "E4")
    assert found is not None and len(found.replies) == 1 and found.outcome is None
    reply = found.replies[0]
    assert a["state"] == "failed" and not a["human"] and a["entries"] == []
    assert a["verdict"] == f"E4 is met by {reply}, and Purple no longer wins in 3 moves."
    assert len(stones(a)) == len(start) + 4                           # C6 B7, E4 and the reply
    assert {"C6.0", "B7.0", "E4.0", f"{reply}.0"} <= set(stones(a)) and f"{reply}.0" not in start
    assert set(stones({"svg": a["before"]})) == set(stones(a)) - {f"{reply}.0"}   # drawn first: E4 alone
    assert re.findall(r'class="[^"]*fresh[^"]*" data-piece="([^"]+)"', a["svg"]) == [f"{reply}.0"]   # marked
    assert a["line"] == "" and a["analysis"] == "" and a["can"]["solution"] and a["solution"] == list(puzzles.get(
        "snorkels", DEEP).line)                                       # the host of an embed hears the solution
    stored = json.loads(a["progress"])
    assert stored["rating"] < 2000 and stored["streak"] == 0 and stored["recent"] == [DEEP]
    de = do(s, "puzzle_snapshot", lang="de")
    assert de["verdict"] == f"Auf E4 folgt {reply}, und Lila gewinnt nicht mehr in 3 Zügen."
    # Retry: from the puzzle's position, not rated
    r = do(s, "puzzle_retry", lang="en")
    assert r["state"] == "play" and r["played"] == 0 and stones(r) == start and r["verdict"] == "Your move."
    for move in ("C6", "B6", "A7"):
        r = do(s, "puzzle_move", move=move, progress=a["progress"])
    assert r["state"] == "solved" and "progress" not in r
    # opened again from its link (a reload) and solved: the failure was counted, the solve is not rated
    do(s, "puzzle_open", game="snorkels", puzzle=DEEP, progress=a["progress"])
    for move in ("C6", "B6", "A7"):
        r = do(s, "puzzle_move", move=move, progress=a["progress"])
    again = json.loads(r["progress"])
    assert r["change"] is None and again["rating"] == stored["rating"] and again["solved"] == [1, DEEP]


def wrong_moves(p, played=()):
    state = puzzles.position(p, played)
    return [m for m in state.legal_moves() if not puzzles.check(p, played, state.move_text(m)).ok]


def test_a_wrong_move_that_ends_the_game_a_slower_win_and_a_defence_refuted_by_the_opponents_win():
    s = session()
    sur, m = next((p, m) for p in puzzles.load("surikata") for m in wrong_moves(p) if after(p.state(), m).result)
    wrong = sur.state().move_text(m)
    do(s, "puzzle_open", game="surikata", puzzle=sur.id)
    a = do(s, "puzzle_move", move=wrong)
    assert a["state"] == "failed" and "before" not in a and after(sur.state(), m).result.rewards[sur.seat] == 0.0
    assert a["verdict"].startswith(f"{wrong} ends the game. ") and a["verdict"].endswith(" wins.")
    # Surikata 1, a win in 1: B2 wins too, since every reply of Orange's makes three in a row, but a move later
    slow = puzzles.load("surikata")[0]
    state = slow.state()
    m = next(m for m in wrong_moves(slow) if every_reply_loses(after(state, m), slow.seat, 1))
    do(s, "puzzle_open", game="surikata", puzzle=slow.id)
    a = do(s, "puzzle_move", move=state.move_text(m))
    found = puzzles.refutation(slow, [], state.move_text(m))
    assert found is not None and found.outcome is not None and found.outcome.rewards[slow.seat] == 1.0
    colour = {"orange": "Orange", "white": "White"}[slow.colour]
    assert a["verdict"].startswith(f"{state.move_text(m)} wins too, but slower: {found.replies[0]} is forced. ")
    assert a["verdict"].endswith(f"{colour} wins. Find the win in 1 move.") and a["state"] == "failed"
    defend, m = next((p, m) for p in puzzles.load("drei") if p.kind == "defend" for m in wrong_moves(p)
                     if loses_at_once(p.state(), m))            # a wrong move the opponent answers with its win
    state = defend.state()
    wrong = state.move_text(m)
    do(s, "puzzle_open", game="drei", puzzle=defend.id)
    a = do(s, "puzzle_move", move=wrong)
    found = puzzles.refutation(defend, [], wrong)
    assert found is not None and found.outcome is not None and found.outcome.rewards[defend.seat] == 0.0
    assert a["verdict"] == f"{wrong} is met by {found.replies[0]}. {found.outcome.message('en')}"


def test_next_never_serves_a_puzzle_just_played():
    """Twelve puzzles in a row, each failed at once and the progress stored: "next" serves none of
    the last RECENT ones (nor the one shown), and a solved one never again."""
    s = session()
    progress, seen = None, []
    for seed in range(12):
        a = do(s, "puzzle_open", game="blockade", puzzle="next", seed=seed, progress=progress)
        assert a["puzzle"] not in seen[-puzzle_session.RECENT:], (seed, a["puzzle"], seen)
        seen.append(a["puzzle"])
        p = puzzles.get("blockade", a["puzzle"])
        state = p.state()
        if seed % 3 == 2:
            for move in [m for i, m in enumerate(p.line) if i == 0 or mover_moves_before(p, i) < mover_moves_before(
                    p, i + 1)]:
                a = do(s, "puzzle_move", move=move, progress=progress)
            assert a["state"] == "solved"
        else:
            wrong = state.move_text(wrong_moves(p)[0])
            a = do(s, "puzzle_move", move=wrong, progress=progress)
        progress = a["progress"]
        assert json.loads(progress)["recent"] == seen[-puzzle_session.RECENT:]
    solved = set(json.loads(progress)["solved"])
    assert len(solved) == 4
    for seed in range(20):
        a = do(s, "puzzle_open", game="blockade", puzzle="next", seed=seed, progress=progress)
        assert a["puzzle"] not in solved


@pytest.mark.parametrize("game", [g for g in puzzles.GAMES if puzzles.load(g)])
def test_the_daily_puzzle_is_of_middle_difficulty(game):
    """Over a year the daily puzzle of a game lies in the middle third of the game's puzzles by
    rating (counted here from the ratings), never the easiest nor the hardest, and still varies."""
    ranked = sorted(puzzles.load(game), key=lambda p: (puzzle_rating(p), p.id))
    n = len(ranked)
    low, high = puzzle_rating(ranked[n // 3]), puzzle_rating(ranked[n - n // 3 - 1])
    days = [date(2026, 1, 1) + timedelta(days=k) for k in range(366)]
    chosen = [puzzles.daily(d, game) for d in days]
    assert all(low <= puzzle_rating(p) <= high for p in chosen), (game, low, high)
    assert all(p in ranked[n // 3:n - n // 3] for p in chosen)
    assert len({p.id for p in chosen}) >= min(10, n // 3)
    assert all(low <= puzzle_rating(p) <= high or p.game != game for p in (puzzles.daily(d) for d in days[:40]))
    assert [puzzles.daily(d, game) for d in days[:5]] == chosen[:5]      # the same for everyone on a date


def test_the_daily_puzzle_solved_stays_solved_and_counts_once_in_the_streak():
    day = "2026-11-27"
    a_tab, b_tab = session(), session("de")
    start = json.dumps({"rating": 1200, "streak": 2, "best": 2, "solved": []})
    a = do(a_tab, "puzzle_open", game="snorkels", puzzle="daily", date=day, progress=start)
    do(b_tab, "puzzle_open", game="snorkels", puzzle="daily", date=day, progress=start)   # a second tab
    p = puzzles.get("snorkels", a["puzzle"])
    for i, move in enumerate(p.line):
        if mover_moves_before(p, i) < mover_moves_before(p, i + 1):
            a = do(a_tab, "puzzle_move", move=move, progress=start)
    assert a["state"] == "solved"
    solved = json.loads(a["progress"])
    assert solved["streak"] == 3 and solved["daily"] == {"day": day, "puzzle": p.id}
    # a reload: the day's puzzle opens solved, its solution shown, nothing to play
    again = do(session(), "puzzle_open", game="snorkels", puzzle="daily", date=day, progress=a["progress"])
    assert again["state"] == "solved" and not again["human"] and again["entries"] == []
    assert again["verdict"] == "You solved today's puzzle. A new one comes tomorrow."
    assert again["line"].startswith("Solution: 1. ") and again["streak"] == 3 and "progress" not in again
    de = do(session("de"), "puzzle_open", game="snorkels", puzzle="daily", date=day, progress=a["progress"])
    assert de["verdict"] == "Die Aufgabe von heute hast du gelöst. Morgen kommt eine neue."
    # the second tab solves it too, with the stored progress: the streak counts it once
    for i, move in enumerate(p.line):
        if mover_moves_before(p, i) < mover_moves_before(p, i + 1):
            b = do(b_tab, "puzzle_move", move=move, progress=a["progress"])
    assert b["state"] == "solved" and json.loads(b["progress"])["streak"] == 3
    # the next day's daily is open again, and counts
    nxt = do(session(), "puzzle_open", game="snorkels", puzzle="daily", date="2026-11-28", progress=a["progress"])
    assert nxt["state"] == "play" and nxt["human"]


def test_a_rated_attempt_that_moves_the_rating_by_nothing_says_so_without_a_sign():
    """A fail at the lowest rating against a hard puzzle rounds to no change: "(±0)", not "(+0)",
    which read as a reward for the wrong move (a probe)."""
    s = session()
    entries = do(s, "puzzle_open", game="snorkels", puzzle=DEEP)["entries"]
    wrong = next(e[2] for e in entries if e[2] not in ("C6", "B6"))
    progress = json.dumps({"rating": 100, "streak": 2, "best": 2, "solved": []})
    a = do(s, "puzzle_move", move=wrong, progress=progress)
    assert a["state"] == "failed" and json.loads(a["progress"])["rating"] == 100
    assert a["change_text"] == "(±0)" and json.loads(a["progress"])["streak"] == 0


def test_give_up_shows_the_solution_from_where_the_player_is_and_counts_as_a_fail():
    """A stuck player had no way to the answer but a wrong move on purpose (a probe): 'Give up' ends
    the attempt as failed, rated as one, and shows the solution from the player's position; a
    puzzle_show without it is still refused while the attempt is open."""
    s = session()
    a = do(s, "puzzle_open", game="snorkels", puzzle=DEEP)
    assert a["can"]["give_up"] and not a["can"]["solution"]
    progress = json.dumps({"rating": 1500, "streak": 4, "best": 6, "solved": []})
    a = do(s, "puzzle_move", move="C6", progress=progress)            # one right move, the defence B7
    assert "error" in s.handle({"op": "puzzle_show", "ply": 2, "progress": progress})
    a = do(s, "puzzle_show", ply=a["played"], give_up=True, progress=progress)
    assert a["state"] == "failed" and a["verdict"] == "Given up: here is the solution, from where you were."
    assert a["shown"] == 2 and a["hint"] == ["B6"] and a["line"] == "Solution: 1. C6 B7 2. B6 A1 3. A7"
    stored = json.loads(a["progress"])
    assert stored["rating"] < 1500 and stored["streak"] == 0 and DEEP in stored["recent"]
    assert not a["can"]["give_up"] and a["can"]["retry"]
    assert "error" in s.handle({"op": "puzzle_move", "move": "B6"})     # over
