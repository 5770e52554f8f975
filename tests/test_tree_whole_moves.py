"""The analysis board's tree writes Das Tor's gate piece as part of the move that opened the gate,
as the game's move list does (issue 54): one row "C12-A12 +T B11" that leads to the position after
both plies, another gate piece a variation row of its own, ‹ and › stepping whole moves. The second
route: the game's own move list (session.joined_text) for the same moves."""
from spielkiste.gametree import SEP
from spielkiste_web.session import Session, joined_text, move_numbers
from test_panel_polish import TOR


def ok(s: Session, op: str, **m) -> dict:
    got = s.handle({"op": op, **m})
    assert "error" not in got, got
    return got


def test_the_gate_piece_joins_its_move_in_the_tree_and_another_piece_is_a_variation():
    s = Session("en")
    ok(s, "open", link=TOR)
    a = ok(s, "tree_open", **{"from": "game", "ply": 48, "line": []})
    before = a["prev"]                                     # after A4-A5
    assert a["rows"][-1]["move"] == "C12-A12" and a["rows"][-1]["current"]    # the choice still to make
    a = ok(s, "tree_play", path=a["path"], move="B11T")
    end = a["path"]
    mid = end.rpartition(SEP)[0]
    assert not any(r["move"].startswith("B11") for r in a["rows"])
    last = a["rows"][-1]
    assert (last["move"], last["path"], last["number_text"], last["current"]) == ("C12-A12 +T B11", end, "24…", True)
    assert a["prev"] == before and len(a["rows"]) == 48

    # the second route: the game's move list, the same game played to the same end
    ok(s, "play", move="B11T", ply=48)
    rec = s.record
    numbers = move_numbers(rec)
    listed = [(numbers[r["ply"] - 1], joined_text(rec, r["ply"])) for r in a["rows"]]
    assert [(r["number_text"], r["move"]) for r in a["rows"]] == listed

    # another gate piece: a variation row with the whole move's words; from the start of the move
    # › goes to the end of the line's move, ‹ from either end to the position before the move
    a = ok(s, "tree_play", path=mid, move="B11S")
    var = a["rows"][-1]
    assert (var["move"], var["branch"], var["number_text"], var["current"]) == ("C12-A12 +S B11", True, "24…", True)
    assert a["rows"][-2]["move"] == "C12-A12 +T B11" and not a["rows"][-2]["current"]
    assert a["prev"] == before
    a = ok(s, "tree_goto", path=before)
    assert a["next"] == end
    a = ok(s, "tree_goto", path=mid)                     # inside the move: the line's row is the one shown
    assert [r["move"] for r in a["rows"] if r["current"]] == ["C12-A12 +T B11"]
    assert a["prev"] == before and a["next"] == end

    # the link gives the same tree again
    again = ok(Session("en"), "tree_open", link=a["link"])
    assert again["rows"] == a["rows"]
