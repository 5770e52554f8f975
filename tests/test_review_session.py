"""The game review's worker side (spielkiste_web/review_session.py) under CPython, on real games:
the `review_*` requests a Session hands to it, checked against spielkiste.review's own Review run
on the same record, a planted missed win, a team game, slicing, cancel, a changed game, and the
kept text read back."""
import json
import sys
import time

from spielkiste.record import Record
from spielkiste.registry import get_game
from spielkiste.review import Review
from spielkiste_web import links, review_session
from spielkiste_web.session import Session

# Snorkels from the start: B1 A1 G7 F7 reach tests/test_review.py's PLANTED position (Purple wins
# at once on A2, capturing Green's A1); Purple plays D4 instead, Green wins on G6 (G7's last free
# neighbour): a missed win in one
PLANTED = "snorkels?m=B1,A1,G7,F7,D4,G6"
# four-player Weltreich in teams (tests/test_review.py): Green misses E8xE5 on its move (ply 4)
TEAMS = ("2:players.4,teams.1:bcb5gghg/cBc7Gh/bcb6ghg/b2b7g/12/12/y11/4h7/11r/yzy6rsr/zYz1R4s1s/"
         "yzyy4rrsr;2;J8-E8;;6")
TEAM_MOVES = ["E11-E5", "A11-K11", "A2-A6", "K3-G3", "J12-E12", "A7-L7"]


def session(link: str) -> Session:
    s = Session("en")
    assert "error" not in s.handle({"op": "open", "link": link})
    return s


def run(s: Session, **start) -> dict:
    """A whole review: start, then steps until done; every step's new points collected."""
    got = s.handle({"op": "review_start", **start})
    assert got["state"] == "running" and got["done"] == 0, got
    seen: dict[int, list[int]] = {}
    for _ in range(10000):
        got = s.handle({"op": "review_step"})
        assert "error" not in got, got
        seen.update({ply: c for ply, c in got["new"]})
        if got["state"] == "done":
            break
    assert got["done"] == got["total"] == len(got["points"])
    assert seen == dict(enumerate(got["points"])), "every point was sent once, as the result has it"
    return got


def test_the_planted_blunder_is_marked_with_the_winning_move_and_the_points_are_review_pys():
    s = session(PLANTED)
    got = run(s, iterations=200)
    rec = links.from_fragment(PLANTED)
    review = Review(rec, iterations=200)
    while not review.done:
        review.step()
    expected = review.result()
    assert got["points"] == [ply["c"] for ply in expected["plies"]]          # two seats: one line each
    assert got["sides"] == [{"seats": [0], "colour": "purple", "name": "Purple"},
                            {"seats": [1], "colour": "green", "name": "Green"}]
    missed = next(m for m in got["marks"] if m["ply"] == 5)
    assert missed == {"ply": 5, "number": "3.", "seat": 0, "player": "Purple", "move": "D4", "mark": "blunder",
                      "loss": 100,
                      "best": "A2", "chance": 100, "line": ["A2"],
                      "what": "This move wins (Green captured: Purple wins)",     # in the hint's words (issue 54)
                      "allows": "After it, Green can win at once"}                # D4 leaves G7 to be captured on G6
    assert [m["ply"] for m in got["marks"]] == [i + 1 for i, m in enumerate(expected["moves"]) if m["mark"]]
    assert [(r["blunder"], r["mistake"], r["inaccuracy"], r["loss"]) for r in got["summary"]] == \
        [(r["blunder"], r["mistake"], r["inaccuracy"], r["loss"]) for r in expected["summary"]]
    assert got["thresholds"] == {"blunder": 40, "mistake": 25, "inaccuracy": 15}
    assert s.rec.moves == rec.moves and s.rec.at_end, "the game in progress is only read"


def test_a_timed_review_answers_within_slices_and_finds_the_missed_win_too():
    s = session(PLANTED)
    s.handle({"op": "goto", "ply": 2})          # a move viewed: still the same game
    got = s.handle({"op": "review_start", "seconds": 0.3})
    slow, steps = [], 0
    while got["state"] != "done":
        t0 = time.process_time()       # the work done (a busy machine's pauses are not the step's)
        got = s.handle({"op": "review_step"})
        steps += 1
        slow += [time.process_time() - t0] if time.process_time() - t0 > 0.12 + 0.2 else []
    if sys.platform != "emscripten":   # Pyodide's process_time is the wall clock
        assert not slow, f"a step took {slow}: the page waits for it"
    assert steps > 1 and got["seconds"] == 0.3
    missed = next(m for m in got["marks"] if m["ply"] == 5)
    assert (missed["mark"], missed["best"], missed["chance"]) == ("blunder", "A2", 100)
    assert got["points"][4] == [100, 0] and got["points"][5] == [0, 100]      # exact both: a win in one
    assert s.rec.cursor == 2


def test_a_team_review_draws_one_line_per_team():
    start = get_game("weltreich").decode(TEAMS)
    s = Session("de")
    assert "error" not in s.handle({"op": "open", "link": links.to_fragment(Record.replay(start, TEAM_MOVES, True))})
    got = run(s, iterations=150)
    assert [side["seats"] for side in got["sides"]] == [[0, 1], [2, 3]]
    assert got["sides"][0]["name"] == "Blau & Grün"          # in the page's language
    assert all(len(p) == 2 and 97 <= sum(p) <= 103 for p in got["points"])
    missed = next(m for m in got["marks"] if m["ply"] == 4)
    assert (missed["seat"], missed["mark"], missed["best"], missed["player"]) == (1, "blunder", "E8xE5", "Grün")
    assert len(got["summary"]) == 4 and got["summary"][1]["blunder"] == 1


def test_cancel_keeps_what_is_done_and_a_start_goes_on_from_there():
    s = session(PLANTED)
    s.handle({"op": "review_start", "iterations": 100})
    first = s.handle({"op": "review_step", "seconds": 0.001})
    assert first["state"] == "running" and 1 <= first["done"] < first["total"]
    cancelled = s.handle({"op": "review_cancel"})
    assert cancelled["state"] == "cancelled" and cancelled["done"] == first["done"]
    again = s.handle({"op": "review_start", "iterations": 100})
    assert again["state"] == "running" and again["done"] == first["done"]
    deeper = s.handle({"op": "review_start", "deeper": True})     # another budget: a new review
    assert deeper["done"] == 0 and deeper["seconds"] == 1.0


def test_a_changed_game_drops_the_review():
    s = session(PLANTED)
    run(s, iterations=50)
    assert s.handle({"op": "review_result"})["state"] == "done"
    s.handle({"op": "goto", "ply": 4})
    assert s.handle({"op": "review_result"})["state"] == "done", "viewing another move changes nothing"
    assert "error" not in s.handle({"op": "play", "move": "A2", "ply": 4})      # the game goes on otherwise
    assert s.handle({"op": "review_step"}) == {"kind": "review", "state": "none"}
    assert "review" not in s.rooms
    s.handle({"op": "review_start", "iterations": 50})
    s.handle({"op": "open", "link": "snorkels?m=D4"})           # another game
    assert s.handle({"op": "review_result"})["state"] == "none"


def test_the_kept_text_shows_the_review_again_without_recomputing():
    s = session(PLANTED)
    done = run(s, iterations=200)
    text = done["text"]
    assert len(text) < 1000 and json.loads(text)["key"] == PLANTED
    other = session(PLANTED)
    t0 = time.process_time()
    again = other.handle({"op": "review_load", "text": text})
    assert time.process_time() - t0 < 0.5 or sys.platform == "emscripten"     # no search
    for key in ("state", "points", "marks", "summary", "sides", "text"):
        assert again[key] == done[key], key
    assert session("snorkels?m=B1,A1").handle({"op": "review_load", "text": text})["state"] == "none"
    for bad in ("", "{", "[]", json.dumps({**json.loads(text), "p": [[[999, 0], 0, "", []]] * 7}),
                json.dumps({**json.loads(text), "v": 2}), "x" * 500000):
        got = other.handle({"op": "review_load", "text": bad})       # said (issue 51), and set aside by the page
        assert got["state"] == "none" and got["why"].startswith("This game's kept review was set aside: ")
    assert "error" in other.handle({"op": "review_start", "seconds": "lots"})
    assert "error" in other.handle({"op": "review_nothing"})
    for bad in (True, float("nan"), [0.3], {"s": 1}):                  # one reader of a request's time (outside.py)
        assert "error" in other.handle({"op": "review_start", "seconds": bad}), bad
    # 1e9 seconds a position is cut to the most a review takes, as every op's time is
    assert other.handle({"op": "review_start", "seconds": 1e9})["seconds"] == review_session.MAX_SECONDS


def test_a_pie_swap_is_marked_under_the_colour_its_player_took():
    """A swap hands the colours over: the mark names the swapping player by the colour it then
    plays, as the summary does, so the line does not name one colour for both sides (a probe read
    "swap ?? Green: Blunder. After it, Green wins by force"). Snorkels with the pie rule: Purple's
    first stone on A1, Green swaps and so takes A1's colour, a stone already lost in the corner."""
    link = "snorkels?m=A1,swap,B1,C1,D1,E1,F1,G1,A2"
    rec = links.from_fragment(link)
    swapper = rec.states[1].to_move
    took = rec.states[2].seat_colour(swapper)
    assert took != rec.states[1].seat_colour(swapper)        # the swap did hand the colours over
    got = run(session(link), iterations=200)
    swap = [m for m in got["marks"] if m["ply"] == 2]
    assert swap, got["marks"]
    assert swap[0]["player"] == took.capitalize(), swap
    assert not swap[0]["allows"] or swap[0]["player"] not in swap[0]["allows"], swap
    assert {s["player"] for s in got["summary"] if s["seat"] == swapper} == {swap[0]["player"]}
