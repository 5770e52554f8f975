"""The review's "Better: X" lines say what the better move does in the hint's words (issue 54,
spielkiste_web/move_words.py), in both languages, on a real game: Snorkels B1 A1 G7 F7 D4 G6, where
Green's F7 lets Purple capture on A2 (A2 would have stopped it) and Purple's D4 misses that win.
The second route: the block and the win are checked by playing every move, not by move_words."""
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


def test_a_quiet_better_move_and_no_better_move_say_nothing_more():
    s = Session("en")
    s.handle({"op": "open", "link": PLANTED})
    start = s.record.states[0]
    assert review_session.better_words(start, "D4", "en") == ""
    assert review_session.better_words(start, None, "en") == ""
