"""The review's "Better: X" lines say what the better move does in the hint's words (issue 54,
spielkiste_web/move_words.py), in both languages, on a real game: Snorkels B1 A1 G7 F7 D4 G6, where
Green's F7 lets Purple capture on A2 (A2 would have stopped it) and Purple's D4 misses that win.
The second route: the block and the win are checked by playing every move, not by move_words."""
import urllib.parse

import pytest

from second_prover import SecondProver
from spielkiste import puzzles
from spielkiste.engine import State
from spielkiste_web import review_session
from spielkiste_web.session import Session

PLANTED = "snorkels?m=B1,A1,G7,F7,D4,G6"


def marks(lang: str) -> dict[int, dict]:
    s = Session(lang)
    assert "error" not in s.handle({"op": "open", "link": PLANTED})
    got = s.handle({"op": "review_start", "iterations": 200})
    while got["state"] != "done":
        got = s.handle({"op": "review_step"})
        assert "error" not in got, got
    return {m["ply"]: m for m in got["marks"]}


def wins_at_once(state: State) -> bool:
    """Whether the seat to move has a move that wins for it at once (every move tried)."""
    seat = state.to_move
    for move in state.legal_moves():
        after = state.copy()
        after.play(move)
        res = after.outcome()
        if res is not None and seat in res.winners:
            return True
    return False


def test_the_better_lines_say_the_block_and_the_win_in_both_languages():
    en, de = marks("en"), marks("de")
    assert (en[4]["move"], en[4]["best"]) == ("F7", "A2")
    assert en[4]["what"] == "This move stops Purple from winning next move"
    assert de[4]["what"] == "Dieser Zug verhindert, dass Lila im nächsten Zug gewinnt"
    assert (en[5]["move"], en[5]["best"], en[5]["what"]) == ("D4", "A2", "This move wins (Green captured: Purple wins)")
    assert de[5]["what"] == "Dieser Zug gewinnt (Grün geschlagen: Lila gewinnt)"
    # what the blunders allowed: after A1 Purple captures on A2 at once (checked below by trying every move)
    assert en[2]["allows"] == "After it, Purple can win at once"
    assert de[2]["allows"] == "Danach kann Lila sofort gewinnen"
    assert en[3]["allows"] == ""                 # G7 missed the win but did not lose: nothing proven against it

    # the second route: before ply 4, F7 leaves Purple a win at once and A2 does not; at ply 5 A2 wins
    s = Session("en")
    s.handle({"op": "open", "link": PLANTED})
    states = s.record.states
    for text, purple_wins in (("F7", True), ("A2", False)):
        after = states[3].copy()
        after.play(after.parse_move(text))
        assert wins_at_once(after) is purple_wins
    won = states[4].copy()
    won.play(won.parse_move("A2"))
    assert won.outcome() is not None and tuple(won.outcome().winners) == (states[4].to_move,)
    assert wins_at_once(states[2]) and states[2].to_move == 0          # after A1, Purple (seat 0) to move


def test_a_quiet_better_move_and_no_better_move_say_nothing_more():
    s = Session("en")
    s.handle({"op": "open", "link": PLANTED})
    start = s.record.states[0]
    assert review_session.better_words(start, "D4", "en") == ""
    assert review_session.better_words(start, None, "en") == ""


@pytest.mark.parametrize("pid,wrong", [(93, "B1"), (96, "A1")])
def test_a_blunder_says_how_fast_the_opponent_then_wins_by_force(pid, wrong):
    """A wrong answer to a Snorkels defence puzzle, reviewed: the review proves the position after it
    lost and says in how many moves the opponent now wins by force. The second route is the harness's
    own prover (tests/second_prover.py, written apart from the one the words come from): the fewest
    of the opponent's moves that win after the wrong move."""
    p = puzzles.get("snorkels", pid)
    state = p.state()
    fewest = SecondProver(1 - p.seat).fewest(state, state.parse_move(wrong), 3, seat_moves=False)
    winner = "colour." + state.seat_colour(1 - p.seat)
    for lang, words in (("en", "After it, {player} wins by force in {n} moves"),
                        ("de", "Danach gewinnt {player} erzwungen in {n} Zügen")):
        s = Session(lang)
        assert "error" not in s.handle({"op": "open", "link": "snorkels?p=" + urllib.parse.quote(p.position, safe="/:;")
                                        + "&m=" + wrong})
        got = s.handle({"op": "review_start", "iterations": 300})
        while got["state"] != "done":
            got = s.handle({"op": "review_step"})
        mark = next(m for m in got["marks"] if m["ply"] == 1)
        assert mark["move"] == wrong and mark["mark"] == "blunder"
        assert fewest is not None and fewest >= 2
        assert mark["allows"] == words.format(player=s.tr(winner), n=fewest)
