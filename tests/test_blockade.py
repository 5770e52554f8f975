"""Blockade (rules: assets/rules/blockade.en.html): every rule, from real positions (see also the rules page
examples)."""
from functools import partial
from itertools import pairwise
import re

import pytest
from hypothesis import given, settings, strategies as st

from helpers import assert_repetition_draw_round_trips, examples, play, random_game, refused as check_refused, texts
from spielkiste.codec import grid_encode
from spielkiste.editor import Editor
from spielkiste.errors import BadPosition, IllegalMove
from spielkiste.games import box
from spielkiste.games.blockade import KING, Blockade, king_search
from spielkiste_web import svg

IDX = box.INDEX


def board_of(red="", blue=""):
    b = ["."] * 144
    b[IDX["E11"]] = "R"
    b[IDX["E2"]] = "B"
    for c in red.split():
        b[IDX[c]] = "r"
    for c in blue.split():
        b[IDX[c]] = "b"
    return b


def pos(red="", blue="", to_move=0, last=""):
    """A position from the squares of the red and blue guards."""
    return Blockade.decode(f"2::{grid_encode(board_of(red, blue), 12)};{to_move};{last};")


def cells(text):
    return text.split()


# ---------------------------------------------------------------- an independent path reference
def reference_exit(board, seat):
    """Square-by-square search written from the rule text alone: a state is (square, heading);
    stepping onto a guard is replaced by turning 90°, the enemy king's square and the side or
    own edges end a branch, the far edge is a way out."""
    king = IDX["E11"] if seat == 0 else IDX["E2"]
    enemy = IDX["E2"] if seat == 0 else IDX["E11"]
    far = -1 if seat == 0 else 12
    todo = [(king, dr, dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
    seen = set(todo)
    while todo:
        i, dr, dc = todo.pop()
        r, c = divmod(i, 12)
        nr, nc = r + dr, c + dc
        if not (0 <= nr < 12 and 0 <= nc < 12):
            if nr == far and nc == c:
                return True
            continue
        j = nr * 12 + nc
        if board[j] in "rb":
            nxt = [(i, dc, dr), (i, -dc, -dr)]          # the two right angles
        elif j == enemy:
            nxt = []
        else:
            nxt = [(j, dr, dc)]
        for st_ in nxt:
            if st_ not in seen:
                seen.add(st_)
                todo.append(st_)
    return False


def assert_valid_path(board, seat, path):
    """A path the rules allow: adjacent steps, turns only in front of a guard, never onto a
    guard or the enemy king, ending on the far edge."""
    enemy = "E2" if seat == 0 else "E11"
    assert path[0] == ("E11" if seat == 0 else "E2")
    rc = [divmod(IDX[c], 12) for c in path]
    for (r0, c0), (r1, c1) in pairwise(rc):
        assert abs(r0 - r1) + abs(c0 - c1) == 1, "path steps must be orthogonal neighbours"
    for c in path[1:]:
        assert board[IDX[c]] == "." or c == path[0], f"the path runs over a piece on {c}"
        assert c != enemy
    for k in range(1, len(rc) - 1):
        d_in = (rc[k][0] - rc[k - 1][0], rc[k][1] - rc[k - 1][1])
        d_out = (rc[k + 1][0] - rc[k][0], rc[k + 1][1] - rc[k][1])
        if d_in != d_out:
            assert d_in[0] * d_out[0] + d_in[1] * d_out[1] == 0, "turns are right angles"
            ahead = (rc[k][0] + d_in[0], rc[k][1] + d_in[1])
            assert 0 <= ahead[0] < 12 and 0 <= ahead[1] < 12 and board[ahead[0] * 12 + ahead[1]] in "rb", \
                "the king turns only in front of a guard"
    assert rc[-1][0] == (0 if seat == 0 else 11), "the path ends on the far edge"


# ---------------------------------------------------------------- the start
def test_start_kings_face_each_other_and_have_no_path():
    s = Blockade.new()
    assert s.board[IDX["E11"]] == "R" and s.board[IDX["E2"]] == "B"
    assert s.exit_path(0) is None and s.exit_path(1) is None
    # straight up Red's king runs into the blue king: E10..E3 reached, E2 and E1 not
    reached = {box.CELLS[i] for i in king_search(s.board, 0)[1]}
    assert {"E3", "E10", "A11", "L11"} <= reached and "E2" not in reached and "E1" not in reached
    assert s.to_move == 0 and s.seat_colour(0) == "red" and s.seat_colour(1) == "blue"


# ---------------------------------------------------------------- the king's path
def test_one_deflection_gives_a_path_out():
    # Red guard on A11: the king runs left, stops on B11 in front of it, turns up, leaves over the top.
    s = pos(red="A11", blue="L5", to_move=0)
    assert s.legal_moves() == [KING]
    assert s.exit_path() == cells("E11 D11 C11 B11 B10 B9 B8 B7 B6 B5 B4 B3 B2 B1")


def test_a_guard_of_either_colour_deflects():
    assert pos(red="L5", blue="A11", to_move=0).exit_path() is not None
    assert pos(red="A11", blue="L5", to_move=0).exit_path() is not None


def test_several_deflections():
    # Illus. 5 on the rules page: left, up, right, up.
    s = pos(red="A11 H7 L6", blue="B6 L4 A1", to_move=0)
    assert s.legal_moves() == [KING]
    assert s.exit_path() == cells("E11 D11 C11 B11 B10 B9 B8 B7 C7 D7 E7 F7 G7 G6 G5 G4 G3 G2 G1")
    # without the deflector on H7 the run along row 7 leaves over the side edge
    assert pos(red="A11 L6 J1", blue="B6 L4 A1").exit_path() is None


def test_side_edges_are_forbidden():
    # A guard on E6 stops Red's king on E7; both turns run off over a side edge.
    s = pos(red="L1", blue="E6", to_move=0)
    assert s.exit_path() is None
    reached = {box.CELLS[i] for i in king_search(s.board, 0)[1]}
    assert {"E7", "A7", "L7"} <= reached


def test_own_edge_is_forbidden():
    # A11 turns the king on B11; B1 turns it on B2 towards the blue king (fails) or the side.
    # The turn downwards on B11 leads over Red's own edge (B12): no path at all.
    s = pos(red="A11", blue="B1", to_move=0)
    assert s.exit_path(0) is None
    assert "B12" in {box.CELLS[i] for i in king_search(s.board, 0)[1]}
    # the blue king leaves over the bottom edge; with a red guard on C2 it goes down column D
    t = pos(red="C2", blue="", to_move=1)
    assert t.exit_path() == ["E2", "D2"] + [f"D{r}" for r in range(3, 13)]


def test_may_cross_the_enemy_kings_field_but_not_the_king():
    # Column D passes D3, D2, D1: the blue king's field. Allowed.
    s = pos(red="C11", blue="L5", to_move=0)
    assert s.exit_path() == ["E11", "D11"] + [f"D{r}" for r in range(10, 0, -1)]
    # Row 2 from B2 runs into the blue king on E2: that branch fails.
    t = pos(red="A11", blue="B1", to_move=0)
    reached = {box.CELLS[i] for i in king_search(t.board, 0)[1]}
    assert {"C2", "D2"} <= reached and "E2" not in reached and t.exit_path() is None


def test_cycles_end_the_search_without_a_path():
    # A11, B7, I8, H12 and H7 make a closed loop B11-B8-H8-H11-B11 (through the king's own square).
    s = pos(red="A11 B7 H7", blue="I8 H12 L1", to_move=0)
    path, reached = king_search(s.board, 0)
    assert path is None and reference_exit(s.board, 0) is False
    assert {box.CELLS[i] for i in reached} >= {"B8", "H8", "H11", "G11", "E11"}
    assert s.legal_moves() != [KING]


def test_the_path_out_is_the_only_legal_move_and_wins():
    s = play("blockade", "A11 L5")
    assert texts(s) == {"E11-out"}
    with pytest.raises(IllegalMove, match="must leave"):
        s.parse_move("C5")
    s.push_text("e11-OUT")
    r = s.result
    assert r.winners == (0,) and r.reason == "why.blockade.out"
    assert r.line == tuple(cells("E11 D11 C11 B11 B10 B9 B8 B7 B6 B5 B4 B3 B2 B1"))
    assert r.message("en") == "Red's king leaves the board: Red wins."
    assert r.message("de") == "Der König von Rot verlässt das Spielfeld: Rot gewinnt."
    assert s.legal_moves() == []
    v = s.view()
    assert ("path", list(r.line)) in v.lines


def test_the_check_comes_first_even_with_guards_in_hand():
    # Red opened Blue's path with his placement on C2: Blue's turn is the exit, not a placement.
    s = play("blockade", "C2")
    assert s.to_move == 1 and texts(s) == {"E2-out"}
    s.push_text("E2-out")
    assert s.result.winners == (1,)


def test_no_path_when_its_king_cannot_reach_the_far_edge():
    with pytest.raises(IllegalMove, match="no path"):
        Blockade.new().parse_move("E11-out")
    with pytest.raises(IllegalMove, match="only your own king"):
        Blockade.new().parse_move("E2-out")


# ---------------------------------------------------------------- guards
def test_first_guard_not_on_a_centre_later_guards_may():
    s = Blockade.new()
    centres = {box.CELLS[i] for i in box.CENTRES}
    assert not texts(s) & centres
    with pytest.raises(IllegalMove, match="first guard"):
        s.parse_move("H5")
    s.push_text("J4")
    assert not texts(s) & centres, "Blue's first guard may not go on a centre either"
    s.push_text("A4")
    assert {"H5", "B2", "K8"} <= texts(s), "Red's second guard may"


def test_no_guard_in_a_field_holding_a_king():
    s = Blockade.new()
    king_fields = {c + str(r) for c in "DEF" for r in (1, 2, 3, 10, 11, 12)}
    assert not texts(s) & king_fields
    # 144 squares - 18 in the kings' fields - 14 other centres
    assert len(texts(s)) == 112
    with pytest.raises(IllegalMove, match="field that holds a king"):
        s.parse_move("D12")


def test_guard_moves_straight_not_over_guards_or_kings_not_into_king_fields():
    red, blue = "G8 G10 J8 L1 K12 J12", "A3 A4 A5 A6 A7 C1"
    s = pos(red, blue, to_move=0)
    moves = {m for m in texts(s) if m.startswith("G8-")}
    # up G7..G1 (7), down G9 then G10 blocks (1), left F8..A8 (6), right H8, I8 then J8 blocks (2)
    assert len(moves) == 16
    assert {"G8-G1", "G8-G9", "G8-A8", "G8-I8"} <= moves
    assert "G8-G11" not in moves and "G8-K8" not in moves
    with pytest.raises(IllegalMove, match="pass over"):
        s.parse_move("G8-G12")
    # Blue's guard on C1 may pass through the blue king's field D1-F1 to G1..K1 (L1 is red)
    t = pos(red, blue, to_move=1)
    c1 = {m for m in texts(t) if m.startswith("C1-")}
    assert c1 == {"C1-B1", "C1-A1", "C1-C2", "C1-C3", "C1-C4", "C1-C5", "C1-C6", "C1-C7", "C1-C8", "C1-C9",
                  "C1-C10", "C1-C11", "C1-C12", "C1-G1", "C1-H1", "C1-I1", "C1-J1", "C1-K1"}
    with pytest.raises(IllegalMove, match="field that holds a king"):
        t.parse_move("C1-E1")


def test_a_guard_may_not_pass_over_a_king():
    # Red guard on C2: to the right lie D2 (the king's field, empty) and the blue king on E2.
    s = pos("C2 G10 J8 L1 K12 J12", "A3 A4 A5 A6 A7 C1", to_move=0)
    c2 = {m for m in texts(s) if m.startswith("C2-")}
    assert c2 == {"C2-B2", "C2-A2"} | {f"C2-C{r}" for r in range(3, 13)}


def test_guards_move_only_when_all_six_of_yours_are_placed():
    s = pos("G8 G10 J8 L1 L2", "A3 A4 A5 A6 A7", to_move=0)
    assert all("-" not in m for m in texts(s))
    with pytest.raises(IllegalMove, match="placed"):
        s.parse_move("G8-G7")


def test_a_player_who_cannot_act_loses():
    # Blue's six guards fill A10-B12; red guards on A9, B9, C11, C12 box them in and C9-C10
    # closes the last gap. Blue's king has no path either (D7 keeps Red's own king in, too).
    s = pos("A9 B9 C9 C11 C12 D7", "A10 B10 A11 B11 A12 B12", to_move=0)
    assert s.result is None and s.exit_path() is None
    assert "B10-C10" in texts(pos("A9 B9 C9 C11 C12 D7", "A10 B10 A11 B11 A12 B12", to_move=1))
    s.push_text("C9-C10")
    assert s.result is not None and s.result.winners == (0,) and s.result.reason == "why.no_moves"
    assert s.result.message("en") == "Blue has no legal move: Red wins."
    assert s.legal_moves() == []
    again = Blockade.decode(s.encode())
    assert again.result is not None and again.result.winners == (0,)


# ---------------------------------------------------------------- counts
# ---------------------------------------------------------------- position codes
@pytest.mark.parametrize("code,why", [
    ("2::12/12/12/12/12/12/12/12/12/12/12/12;0;;", "king"),                        # no kings
    ("2::12/4B7/12/12/12/12/12/12/12/12/3R8/12;0;;", "king"),                     # red king moved
    ("2::12/4B7/12/12/12/12/12/12/12/12/4R7/12;2;;", "player"),
    ("2::12/4B7/12/12/1r10/12/12/12/12/12/4R7/12;1;;", "first guard"),           # B5 is a centre
    ("2::12/4Br6/12/12/12/12/12/12/12/12/4R7/12;1;;", "field"),                 # guard beside the king
    ("2::r11/4B7/12/12/12/12/12/12/12/12/4R7/12;0;;", "to move does not match"),  # Red to move again
    ("2::rr10/4B7/12/12/12/12/12/12/12/12/4R7/12;0;;", "in turn"),               # two red, no blue
    ("2::r10b/4B7/12/12/12/12/12/12/12/12/4R7/12;1;A1;", "to move does not match"),
    ("2::r10b/4B7/12/12/12/12/12/12/12/12/4R7/12;1;E11-out;", "no path"),
    ("2::r10b/4B7/12/12/12/12/12/12/12/12/4R7/12;0;B5;", "last move"),
    ("2::rrrrrrr5/4B7/12/bbbbbb6/12/12/12/12/12/12/4R7/12;0;;", "more than 6"),
])
def test_bad_positions_are_rejected(code, why):
    with pytest.raises(BadPosition, match=why):
        Blockade.decode(code)


def test_position_code_round_trip_and_finished_games():
    s = play("blockade", "A11 L5 E11-out")
    code = s.encode()
    assert code.endswith(";1;E11-out;")
    again = Blockade.decode(code)
    assert again.encode() == code and again.result.winners == (0,) and again.result.line == s.result.line


# ---------------------------------------------------------------- the aid and the view
def test_paths_aid_shows_the_squares_the_search_reaches():
    s = pos(red="L1", blue="E6", to_move=0)
    v = s.view(frozenset({"paths"}))
    assert set(v.layers["reach"]) == {box.CELLS[i] for i in king_search(s.board, 0)[1]}
    assert ("blockade.no_path", {"player": "@colour.red"}) in v.notes
    assert "reach" not in s.view().layers
    centres = [c.id for c in v.cells if c.mark == "centre"]
    assert len(centres) == 16 and len([r for r in v.regions if r[4] == "field"]) == 16


def test_selecting_a_guard_shows_its_moves():
    s = pos("G8 G10 J8 L1 K12 J12", "A3 A4 A5 A6 A7 C1", to_move=0)
    assert len(s.view(selected="G8").layers["reach"]) == 16


def test_status_names_the_action_due():
    assert Blockade.new().status() == ("blockade.place_first", {"player": "@colour.red"})
    assert play("blockade", "A4 L4").status() == ("blockade.place", {"player": "@colour.red", "n": 2})
    assert pos("G8 G10 J8 L1 K12 J12", "A3 A4 A5 A6 A7 C1").status()[0] == "blockade.move"
    assert play("blockade", "C2").status()[0] == "blockade.king_out"


# ---------------------------------------------------------------- random play
@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 10**9))
def test_random_play_keeps_the_rules(seed):
    def check(before, move, after):
        b = after.board
        assert b[IDX["E11"]] == "R" and b[IDX["E2"]] == "B", "kings never move"
        assert not any(box.FIELD[i] in (box.FIELD[IDX["E11"]], box.FIELD[IDX["E2"]]) and b[i] in "rb"
                       for i in range(144))
        assert after.guards == [b.count("r"), b.count("b")] and max(after.guards) <= 6
        seat = before.to_move
        has = reference_exit(before.board, seat)
        assert (before.legal_moves() == [KING]) == has, "the exit is forced exactly when a path exists"
        if move == KING:
            assert_valid_path(before.board, seat, list(after.result.line))
    s = random_game(Blockade.new(), seed, max_plies=150, check=check)
    assert s.result is None or s.result.reason in ("why.blockade.out", "why.no_moves", "why.repetition")


@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_path_search_agrees_with_the_reference(data):
    squares = [c for c in box.CELLS if c not in ("E11", "E2")]
    guards = data.draw(st.lists(st.sampled_from(squares), min_size=1, max_size=14, unique=True))
    b = board_of(" ".join(guards[::2]), " ".join(guards[1::2]))
    for seat in (0, 1):
        path = king_search(b, seat)[0]
        assert (path is not None) == reference_exit(b, seat)
        if path is not None:
            assert_valid_path(b, seat, path)


# ---------------------------------------------------------------- the rules page's examples
def example_codes(lang):
    import html
    import os
    path = os.path.join(os.path.dirname(__file__), "..", "assets", "rules", f"blockade.{lang}.html")
    text = open(path, encoding="utf-8").read()
    return [html.unescape(c) for c in re.findall(r'class="example" href="#blockade\?p=([^"]+)"', text)]


def test_rules_page_examples_show_what_they_say():
    en, de = example_codes("en"), example_codes("de")
    assert en == de and len(en) == 7
    start, one, several, side, field, king, loop = [Blockade.decode(c) for c in en]
    assert start.encode() == Blockade.new().encode()
    assert one.exit_path() == cells("E11 D11 C11 B11 B10 B9 B8 B7 B6 B5 B4 B3 B2 B1")
    assert [c for i, c in enumerate(several.exit_path()[1:-1], 1)
            if several.exit_path()[i - 1][0] != several.exit_path()[i + 1][0]
            and several.exit_path()[i - 1][1:] != several.exit_path()[i + 1][1:]] == ["B11", "B7", "G7"]
    assert side.exit_path() is None and {"A7", "L7"} <= {box.CELLS[i] for i in king_search(side.board, 0)[1]}
    assert "D2" in field.exit_path() and "D3" in field.exit_path()
    assert king.exit_path() is None and "D2" in {box.CELLS[i] for i in king_search(king.board, 0)[1]}
    assert loop.exit_path() is None
    assert all(s.result is None and s.to_move == 0 for s in (start, one, several, side, field, king, loop))


def test_the_way_out_is_shown_before_the_king_leaves():
    s = pos(red="A11", blue="L5", to_move=0)
    assert s.view().layers["path"] == s.exit_path()
    assert "path" not in Blockade.new().view().layers


def test_guards_shuffling_back_and_forth_draw_by_repetition():
    s = pos("G8 G10 J8 L1 K12 J12", "A3 A4 A5 A6 A7 C1", to_move=0)
    seen = [s.key()]                     # the position we start from counts as its first occurrence
    for m in ["G8-G7", "A7-B7", "G7-G8", "B7-A7"] * 3:
        if s.result is None:
            s.push_text(m)
            seen.append(s.key())
    assert s.result is not None and s.result.reason == "why.repetition" and s.result.rewards == (0.5, 0.5)
    assert seen.count(s.key()) == 3


def test_a_repetition_draw_survives_the_position_code():
    s = pos("G8 G10 J8 L1 K12 J12", "A3 A4 A5 A6 A7 C1", to_move=0)
    for m in ["G8-G7", "A7-B7", "G7-G8", "B7-A7"] * 2:
        s.push_text(m)
    assert_repetition_draw_round_trips(s, ";0;B7-A7")


# ---------------------------------------------------------------- board editor
def edited(moves="", **guards):
    """An editor on the position after `moves`, with guards placed per colour ('red', 'blue')."""
    ed = Editor.of(play("blockade", moves))
    for colour, key in (("red", "r"), ("blue", "b")):
        for c in guards.get(colour, "").split():
            ed.place(c, key)
    return ed


refused = partial(check_refused, prefix="blockade.pos.")


def test_editor_a_king_off_its_square_is_marked_with_its_square():
    ed = edited("C7 J7")
    ed.move("E11", "F5")
    e = refused(ed, "king")
    assert set(e.cells) == {"E11", "F5"} and "E11" in e.message("de") and "König" in e.message("de")
    ed.place("E11", "R")                       # back home, but a second red king stays on F5
    e = refused(ed, "one_king")                # the second king is the fault: "one king only, on E11"
    assert set(e.cells) == {"E11", "F5"} and "nur einen König, auf E11" in e.message("de")


def test_editor_names_the_kings_as_kings():
    """The box's cylinder is Blockade's king: the palette says so, as the editor's refusals do."""
    king = Editor.of(play("blockade", "")).items["B"]
    assert king.label is not None and king.label[0] == "blockade.king"
    assert "König" in svg.piece_label(king.piece(""), "de") and "king" in svg.piece_label(king.piece(""), "en")


def test_editor_seven_guards_are_marked():
    ed = edited("C7 J7", red="A5 B5 C5 G5 H5 I5", blue="A8 B8 C8 G8 H8")
    ed.set_to_move(1)
    e = refused(ed, "guards")
    assert set(e.cells) == {"C7", "A5", "B5", "C5", "G5", "H5", "I5"}
    assert "Rot" in e.message("de") and "Wächter" in e.message("de")


def test_editor_guards_all_on_centres_before_any_guard_moved_are_refused():
    """Guards move only once all 12 are placed, so until then the first guard (never on a centre)
    still stands: Red's two guards on centres B5 and H8 cannot both have been placed. The old
    reader checked only a lone first guard and accepted this."""
    ed = edited(red="B5 H8", blue="A7")
    ed.set_to_move(1)
    e = refused(ed, "first_centre")
    assert set(e.cells) == {"B5", "H8"} and "Zentr" in e.message("de")
    ed.place("A5", "r")                         # a third guard off the centres: it may be the first
    ed.place("B7", "b")
    ed.set_to_move(1)
    assert ed.check().legal_moves()


def test_editor_a_guard_in_a_kings_field_is_marked():
    ed = edited("C7", blue="F3")
    e = refused(ed, "king_field")
    assert e.cells == ("F3",) and "König" in e.message("de")


def test_editor_guards_not_placed_in_turn_are_refused():
    ed = edited("C7 J7", red="A5 A7")
    e = refused(ed, "turns")
    assert "abwechselnd" in e.message("de")


def test_editor_the_wrong_side_to_move_names_who_is():
    ed = edited("C7 J7", red="A5", blue="A7")
    ed.set_to_move(1)
    e = refused(ed, "to_move")
    assert e.params["why"][1]["player"] == "@colour.red" and "Rot ist am Zug" in e.message("de")


def test_editor_position_plays_on():
    ed = edited("C7 J7 C6 J6", red="A7 D7", blue="H7 K7")
    s = ed.check()
    assert s.to_move == 0 and s.guards == [4, 4]
    s.push_text("C5")
    assert s.guards == [5, 4] and Blockade.decode(s.encode()).encode() == s.encode()
    assert Editor.of(s).code() == s.encode()


def test_editor_a_side_without_a_move_has_lost():
    """Blue's six guards in the corner, boxed in by red; Blue to move cannot act: Red has won."""
    ed = edited(red="A9 B9 C10 C11 C12 D7", blue="A10 B10 A11 B11 A12 B12")
    ed.set_to_move(1)
    s = ed.check()
    assert s.result is not None and s.result.winners == (0,) and s.result.reason == "why.no_moves"
