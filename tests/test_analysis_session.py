"""The analysis board's engine side (issue 33) under CPython: the `tree_*` requests a Session hands
to analysis_session.py, with real positions. A tree three levels deep built move by move and read
back from its link, promote and delete, the game in progress opened at a ply with a line (and left
untouched), the engine's lines (Snorkels, a 4-player Ziggurats, the solitaire's solver), and bad
requests answered with an error that changes nothing.

Snorkels from its start (pie rule on): D4 (Purple), swap (Green takes Purple's stone; seat 0 now
plays Green), then any empty square."""
import json

import pytest

from spielkiste.gametree import GameTree
from spielkiste_web import analysis_session, links
from spielkiste.registry import GAMES
from spielkiste_web.session import Session, move_rows

MAIN = ["D4", "swap", "C3", "E5"]
SOLITAIRE_POSITION = "1::12/12/12/12/3h2z5/2b2b6/5by5/5rg5/5by1y3/12/12/12;D6-F6"


def ok(s, op, **fields):
    got = s.handle({"op": op, **fields})
    assert "error" not in got, got
    assert json.loads(json.dumps(got)) == got, "plain data, ready for the worker's JSON"
    return got


def game(link="snorkels?m=D4,swap,C3,E5", lang="en"):
    s = Session(lang)
    ok(s, "open", link=link)
    return s


def three_deep(s):
    """From the game's start: the main line, then B2 F6 replacing C3, A7 G1 replacing F6 and G2
    replacing G1, each move played from the node shown, as the board plays them."""
    a = ok(s, "tree_open", **{"from": "game", "ply": 2, "line": []})
    assert a["path"] == "D4,swap" and a["human"] and a["entries"]
    for move in ("B2", "F6"):
        a = ok(s, "tree_play", path=a["path"], move=move)
    a = ok(s, "tree_goto", path="D4,swap,B2")
    for move in ("A7", "G1"):
        a = ok(s, "tree_play", path=a["path"], move=move)
    a = ok(s, "tree_goto", path="D4,swap,B2,A7")
    return ok(s, "tree_play", path=a["path"], move="g2")       # read as the game reads it


def shape(a):
    return [(r["move"], r["level"], r["branch"], r["current"]) for r in a["rows"]]


def test_a_tree_three_levels_deep_round_trips_through_its_link():
    s = game()
    record = s.save_text(), s.record.cursor
    a = three_deep(s)
    assert a["path"] == "D4,swap,B2,A7,G2" and a["ply"] == 5
    assert shape(a) == [("D4", 0, False, False), ("swap", 0, False, False), ("C3", 0, False, False),
                        ("B2", 1, True, False), ("F6", 1, False, False), ("A7", 2, True, False),
                        ("G1", 2, False, False), ("G2", 3, True, True), ("E5", 0, False, False)]
    assert [r["move"] for r in a["rows"] if r["line"]] == ["D4", "swap", "B2", "A7", "G2"]
    assert a["link"] == "snorkels?analysis&m=D4,swap,C3,E5&var=3(B2,F6(A7,G1(G2)))&node=D4,swap,B2,A7,G2"
    assert a["link_full"] and a["prev"] == "D4,swap,B2,A7" and a["next"] is None
    assert a["can"] == {"promote": True, "delete": True}
    assert a["status"] == "Purple to move." and a["status_extra"] == "Variation, move 3."      # round 3
    assert [(r["move"], r["number_text"]) for r in a["rows"]] == [
        ("D4", "1."), ("swap", "1…"), ("C3", "2."), ("B2", "2."), ("F6", "2…"), ("A7", "2…"), ("G1", "3."),
        ("G2", "3."), ("E5", "2…")]
    # the board shows the node's position: its pieces are those the five moves place
    state = s.rooms["tree"].tree.state(a["path"])
    assert state.to_move == 1 and state.last is not None and state.move_text(state.last) == "G2"
    # a reload: a new worker reads the link back to the same tree, at the same node
    again = ok(Session(), "tree_open", link="#" + a["link"])
    assert again["rows"] == a["rows"] and again["path"] == a["path"] and again["entries"] == a["entries"]
    assert (s.save_text(), s.record.cursor) == record, "the game in progress is never touched"


def test_promote_and_delete_as_on_lichess():
    s = game()
    three_deep(s)
    a = ok(s, "tree_promote")                       # G2 before G1 in A7's line
    assert s.rooms["tree"].tree.variations() == "3(B2,F6(A7,G2(G1)))" and a["path"] == "D4,swap,B2,A7,G2"
    a = ok(s, "tree_promote", main=True)            # the whole line up to the start
    assert s.rooms["tree"].tree.mainline() == ["D4", "swap", "B2", "A7", "G2"]
    assert [r["move"] for r in a["rows"] if r["main"]] == ["D4", "swap", "B2", "A7", "G2"]
    assert not a["can"]["promote"] and a["status_extra"] == "Main line, move 3."
    assert "error" in s.handle({"op": "tree_promote"})       # on the main line already: said, nothing changed
    a = ok(s, "tree_delete", path="D4,swap,C3")     # the old main line's C3 E5, with the node shown elsewhere
    assert a["path"] == "D4,swap,B2,A7,G2" and "C3" not in [r["move"] for r in a["rows"]]
    a = ok(s, "tree_delete")                        # the node shown: its parent is shown
    assert a["path"] == "D4,swap,B2,A7" and [r["move"] for r in a["rows"]][-1] == "G1"
    a = ok(s, "tree_goto", path="")
    assert a["prev"] is None and a["next"] == "D4" and a["status_extra"] == "The start position."
    assert a["can"] == {"promote": False, "delete": False}
    assert "error" in s.handle({"op": "tree_delete"})


def test_open_from_the_game_at_a_ply_with_a_line_leaves_the_game_as_it_was():
    s = game()
    s.handle({"op": "goto", "ply": 3})
    before = s.save_text(), s.record.cursor, links.to_fragment(s.record)
    a = ok(s, "tree_open", **{"from": "game", "ply": 2, "line": ["C3", "A1", "B1"]})
    # C3 is the game's own move there: followed; A1 replaces its E5 and starts the variation shown
    assert a["path"] == "D4,swap,C3,A1,B1"
    assert shape(a)[-3:] == [("E5", 0, False, False), ("A1", 1, True, False), ("B1", 1, False, True)]
    assert s.rooms["tree"].tree.mainline() == MAIN
    ok(s, "tree_play", path=a["path"], move="G7")
    assert (s.save_text(), s.record.cursor, links.to_fragment(s.record)) == before
    snap = ok(s, "snapshot")                       # back to the game: as it was
    assert snap["link"] == before[2] and snap["kind"] == "snapshot"


def test_the_analysis_of_the_game_is_kept_and_grafted_when_the_game_has_moved_on():
    """`kept` (what the page stores beside the saved game) comes with every answer of the game's
    own analysis; opened again from the game after two more moves it brings every variation back,
    the game's moves the main line. Another game's, a corrupt or a hostile kept text adds nothing
    and the room opens all the same; an analysis from a link of another line keeps nothing."""
    s = game()
    a = three_deep(s)
    kept = a["kept"]
    assert kept == "snorkels?analysis&m=D4,swap,C3,E5&var=3(B2,F6(A7,G1(G2)))"
    # walking the tree changes no kept text (it holds no node: the page writes it only on a change)
    assert ok(s, "tree_goto", path="D4,swap")["kept"] == kept
    ok(s, "tree_close")
    for move in ("A1", "B1"):
        ok(s, "play", move=move)
    a = ok(s, "tree_open", **{"from": "game", "ply": 6, "line": [], "kept": kept})
    assert s.rooms["tree"].tree.mainline() == MAIN + ["A1", "B1"]
    assert s.rooms["tree"].tree.variations() == "3(B2,F6(A7,G1(G2)))"
    assert a["path"] == "D4,swap,C3,E5,A1,B1" and a["kept"].startswith("snorkels?analysis&m=D4,swap,C3,E5,A1,B1&var=3(")
    for bad in ("ziggurats?analysis&m=", "snorkels?analysis&m=D4,swap,C3,E5&var=3(B2,Z9)", "%%%", "x" * 30000,
                "snorkels?size=9&analysis&m=D4&var=1(C3)"):
        a = ok(s, "tree_open", **{"from": "game", "ply": 0, "line": [], "kept": bad})
        assert s.rooms["tree"].tree.variations() == "" and a["path"] == ""
    # a link whose main line is the game's is the game's analysis (a reload of the room's address) ...
    a = ok(s, "tree_open", link="#" + kept)
    assert a["kept"] is None                      # the game has moved on: this tree is not the game's
    a = ok(s, "tree_open", link="#snorkels?analysis&m=D4,swap,C3,E5,A1,B1&var=3(B2)")
    assert a["kept"] == "snorkels?analysis&m=D4,swap,C3,E5,A1,B1&var=3(B2)"
    assert "kept" in a and ok(Session(), "tree_open", link="#" + kept)["kept"] is None   # no game open


def test_lines_search_the_node_shown_in_slices_and_name_the_best_move():
    s = game()
    a = three_deep(s)
    # a budget of 20 slices (a loaded machine's first slice may overrun its 0.05 s several times)
    first = ok(s, "tree_lines", path=a["path"], seconds=0.05, budget=1.0)
    assert first["kind"] == "tree_lines" and first["path"] == a["path"] and not first["done"]
    assert 1 <= len(first["moves"]) <= 3 and first["n"] > 0
    state = s.rooms["tree"].tree.state(a["path"])
    legal = {state.move_text(m) for m in state.legal_moves()}
    for mv in first["moves"]:
        assert mv["move"] in legal and 0 <= mv["chance"] <= 100 and mv["line"].split()[0] == mv["move"]
        assert mv["path"] == a["path"] + "," + mv["move"]
    assert [c["name"] for c in first["chances"]] == ["Green", "Purple"] and 97 <= sum(
        c["percent"] for c in first["chances"]) <= 103
    assert first["best"] == first["moves"][0]["move"] and first["hint"] == [first["best"]]
    assert first["arrow"].startswith("<circle class=\"hint-ring\"")       # a placement: a ring
    last = first
    for _ in range(60):
        last = ok(s, "tree_lines", path=a["path"], seconds=0.05, budget=1.0)
        if last["done"]:
            break
    assert last["done"] and last["n"] > first["n"]             # the search went on with its tree
    again = ok(s, "tree_lines", path=a["path"], seconds=0.05, budget=1.0)
    assert again["n"] == last["n"]                               # the budget spent: nothing more searched
    # another node shown: the old one's request is stale and answers nothing of it
    ok(s, "tree_goto", path="D4,swap")
    assert ok(s, "tree_lines", path=a["path"])["stale"]
    # the room left: its searches dropped, the tree kept
    assert s.rooms["tree"].lines and ok(s, "tree_close") == {"kind": "tree_closed"}
    assert not s.rooms["tree"].lines and ok(s, "tree_snapshot")["path"] == "D4,swap"
    # a finished game: its result, exact
    won = Session()
    ok(won, "open", link="snorkels?p=1::GP5/7/7/7/7/7/5GP;0;0;0;F7&m=A2")
    ok(won, "tree_open", **{"from": "game", "ply": 1, "line": []})
    over = ok(won, "tree_lines", path="A2")
    assert over["done"] and over["exact"] and over["moves"] == [] and over["text"] == "Green captured: Purple wins."


def test_a_four_player_game_gives_each_seat_its_chance():
    s = game("ziggurats?players=4")
    a = ok(s, "tree_open", **{"from": "game", "ply": 0, "line": ["fA1", "fC1"]})
    assert a["status"] == "Blue to move." and a["human"]
    a = ok(s, "tree_play", path=a["path"], move=a["entries"][0][2])
    lines = ok(s, "tree_lines", path=a["path"], seconds=0.1)
    assert [c["name"] for c in lines["chances"]] == ["Red", "Blue", "Green", "Yellow"]
    assert lines["moves"] and all(0 <= c["percent"] <= 100 for c in lines["chances"])
    again = ok(Session(), "tree_open", link=a["link"])
    assert again["rows"] == a["rows"]


def test_the_solitaire_says_whether_it_is_solvable_and_the_solvers_next_move():
    s = game("solitaire")
    a = ok(s, "tree_open", link="solitaire?analysis&p=" + SOLITAIRE_POSITION)
    lines = ok(s, "tree_lines", path=a["path"], seconds=0.12)
    # no "win chances" in a game of one (a probe read "Player 42 %" at a solitaire's end): the text says it
    assert lines["done"] and lines["exact"] and lines["chances"] == [] and not a["threats"]
    assert lines["best"] in {"F7-H7", "F9-H9"}
    assert lines["text"] == f"Solvable: one piece can be left. The solver's next move: {lines['best']}."
    a = ok(s, "tree_play", path=a["path"], move=lines["best"])
    assert a["path"] == lines["best"] and a["rows"][0]["current"]
    # the start of a shuffled board is too hard for a slice: the slice ends in time, unknown yet
    s2 = game("solitaire")
    b = ok(s2, "tree_open", **{"from": "game", "ply": 0, "line": []})
    lines = ok(s2, "tree_lines", path=b["path"], seconds=0.12, budget=5)
    assert lines["moves"] and lines["text"].startswith(("Solvable", "Not solvable"))
    assert game("snorkels") and ok(game("snorkels"), "tree_open", link="snorkels?analysis")["threats"]


def test_german_texts():
    s = game(lang="de")
    a = ok(s, "tree_open", **{"from": "game", "ply": 3, "line": ["E4"], "lang": "de"})
    assert a["status"] == "Lila ist am Zug." or a["status"].endswith("ist am Zug.")
    assert a["status_extra"] == "Variante, Zug 2." and a["board_title"] == "Snorkels-Analysebrett"
    lines = ok(s, "tree_lines", path=a["path"], seconds=0.05)
    assert lines["text"].startswith("Durchsucht: ")
    assert s.handle({"op": "tree_goto", "path": "X9"})["error"] == "In dieser Analyse gibt es keinen Zug X9."


def test_a_link_too_long_for_its_tree_holds_the_line_shown():
    s = game("snorkels")
    ok(s, "tree_open", **{"from": "game", "ply": 0, "line": []})
    tree = s.rooms["tree"].tree
    empties = [f"{c}{r}" for c in "ABCDEFG" for r in range(1, 8)]
    for first in empties:                           # many one-move variations from the start
        tree.play("", first)
    real = analysis_session.LINK_MAX
    analysis_session.LINK_MAX = 100
    try:
        a = ok(s, "tree_goto", path="B2")
        assert not a["link_full"] and a["link"] == "snorkels?analysis&m=B2"
        assert "too big for a link" in a["status_extra"]
    finally:
        analysis_session.LINK_MAX = real
    a = ok(s, "tree_goto", path="B2")
    assert a["link_full"] and ok(Session(), "tree_open", link=a["link"])["rows"] == a["rows"]


@pytest.mark.parametrize("request_", [
    {"op": "tree_play", "move": "D4"},                     # D4 is taken at the node shown
    {"op": "tree_play", "move": "Z9"},
    {"op": "tree_play"},
    {"op": "tree_play", "path": "D4,nope", "move": "A1"},
    {"op": "tree_goto"},
    {"op": "tree_goto", "path": "D4,swap,Q1"},
    {"op": "tree_promote", "path": "D4"},
    {"op": "tree_delete", "path": ""},
    {"op": "tree_lines", "budget": "lots"},
    {"op": "tree_open", "link": "snorkels?analysis&m=D4,D4"},
    {"op": "tree_open", "link": "snorkels?analysis&m=D4&var=1(((("},
    {"op": "tree_open", "link": "snorkels?analysis&m=D4&node=C3"},
    {"op": "tree_open", "link": "snorkels?analysis&analysis&m=D4"},
    {"op": "tree_open", "link": "nogame?analysis"},
    {"op": "tree_open", "from": "game", "ply": 99},
    {"op": "tree_open", "from": "game", "ply": 1, "line": ["swap", "D4"]},
    {"op": "tree_open", "from": "game", "ply": 1, "line": "D4"},
    {"op": "tree_nothing"},
])
def test_bad_requests_answer_errors_and_change_nothing(request_):
    s = game()
    a = three_deep(s)
    tree = s.rooms["tree"].tree
    before = (tree.mainline(), tree.variations(), s.rooms["tree"].path, s.save_text())
    got = s.handle(request_)
    assert isinstance(got.get("error"), str) and got["error"], got
    tree = s.rooms["tree"].tree
    assert (tree.mainline(), tree.variations(), s.rooms["tree"].path, s.save_text()) == before
    assert ok(s, "tree_snapshot")["rows"] == a["rows"]


def test_no_analysis_open_and_no_game_open():
    s = Session()
    assert s.handle({"op": "tree_goto", "path": ""})["error"] == "No analysis is open."
    assert s.handle({"op": "tree_open", "from": "game"})["error"] == "No game is open to analyse."
    # a link needs no game: the room reads its own
    a = ok(s, "tree_open", link="sprung?players=3&analysis")
    assert a["status"].endswith("to move.") and isinstance(GameTree, type)


@pytest.mark.parametrize("gid", ["surikata", "snorkels", "blockade", "weltreich", "sprung", "aufstellen", "solitaire",
                                 "tor", "ziggurats", "drei"])
def test_every_game_opens_plays_a_variation_and_gets_its_lines(gid):
    s = game(gid)
    start = s.save_text()
    a = ok(s, "tree_open", **{"from": "game", "ply": 0, "line": []})
    for _ in range(2):                                 # two moves, each the board's first entry
        a = ok(s, "tree_play", path=a["path"], move=a["entries"][0][2])
    lines = ok(s, "tree_lines", path=a["path"], seconds=0.1, budget=1)
    state = s.rooms["tree"].tree.state(a["path"])
    assert len(lines["chances"]) == (state.num_players if state.num_players > 1 else 0) and lines["moves"]
    assert lines["moves"][0]["move"] in {state.move_text(m) for m in state.legal_moves()}
    again = ok(Session(), "tree_open", link=a["link"])
    assert again["rows"] == a["rows"] and again["path"] == a["path"]
    assert s.save_text() == start


@pytest.mark.parametrize("gid", ["snorkels", "aufstellen", "weltreich"])
def test_the_tree_numbers_its_moves_as_the_move_list_does(gid):
    """The analysis board's main line carries the numbers of the game's move list (rounds with two
    seats, a seat moving twice opening a round; a move each with more), so both panels agree."""
    s = Session()
    ok(s, "new", game=gid, seats=["human"] * GAMES[gid].new().num_players)
    for _ in range(9):
        if s.record.current.result is not None:
            break
        ok(s, "play", move=s.record.current.move_text(s.record.current.legal_moves()[0]))
    a = ok(s, "tree_open", **{"from": "game", "ply": len(s.record.moves), "line": []})
    listed = {ply: i + 1 for i, row in enumerate(move_rows(s.record)) for ply in row if ply is not None}
    assert [r["number"] for r in a["rows"]] == [listed[r["ply"]] for r in a["rows"]]
