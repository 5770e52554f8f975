"""Allein Wetteifern (rules: assets/rules/solitaire.en.html), and its solver: every rule from real positions."""
import pytest
from hypothesis import given, settings, strategies as st

from helpers import examples, play, random_game, refused as check_refused, texts
from spielkiste.games import solitaire_solver as solver
from spielkiste.cli import perft
from spielkiste.codec import grid_encode
from spielkiste.editor import Editor
from spielkiste.errors import BadPosition, IllegalMove
from spielkiste.games import box
from spielkiste.games.solitaire import BOX, START_ROWS, Solitaire, jumps_from

# The sheet's 23-move solution, in sheet squares, and translated (column + 2 letters, row + 2).
SHEET_SOLUTION = ("5D-1D 5E-1E 7D-5D 7E-5E 7B-7D 7G-7E 2B-2D 2G-2E 6B-2B 6G-2G 6C-2C 6F-2F 1D-3D 1E-3E "
                  "2B-2D 2D-4D 4D-6D 6D-8D 2G-2E 2E-4E 4E-6E 6E-8E 8D-8F").split()


def translate(sheet_move):
    def sq(t):
        return f"{chr(ord(t[-1]) + 2)}{int(t[:-1]) + 2}"
    a, b = sheet_move.split("-")
    return f"{sq(a)}-{sq(b)}"


def pos(pieces, last=""):
    """A position from {square: letter}."""
    b = ["."] * 144
    for c, ch in pieces.items():
        b[box.INDEX[c]] = ch
    return Solitaire.decode(f"1::{grid_encode(b, 12)};{last}")


def colour_at(s, cell):
    return box.colour_of(s.board[box.INDEX[cell]])


# ---------------------------------------------------------------- the start
def test_standard_start_matches_rules_md():
    s = Solitaire.new()
    assert s.pieces() == 36 and s.num_players == 1
    for r, row in enumerate(START_ROWS):
        for c, ch in enumerate(row):
            cell = f"{'DEFGHI'[c]}{r + 4}"
            letter = s.board[box.INDEX[cell]]
            assert box.colour_of(letter)[0].upper() == ch
            assert box.shape_of(letter) == ("triangle" if r < 2 else "square")
    for colour in box.COLOURS:
        assert s.board.count(box.char(colour, "square")) == 6
        assert s.board.count(box.char(colour, "triangle")) == 3
    # the block fills exactly D4-I9
    occupied = {box.CELLS[i] for i, ch in enumerate(s.board) if ch != "."}
    assert occupied == {f"{c}{r}" for c in "DEFGHI" for r in range(4, 10)}


def test_sheet_square_translation():
    assert translate("3D-1D") == "F5-F3"
    assert [translate(m) for m in SHEET_SOLUTION[:3]] == ["F7-F3", "G7-G3", "F9-F7"]


def test_sheet_example_the_yellow_piece_on_3D():
    # Abb. 12: the yellow piece on sheet 3D (board F5) may jump to 1D (one red removed), to 3H
    # (three removed) or to 8D (four removed), not to the left (a yellow piece stands there).
    s = Solitaire.new()
    assert colour_at(s, "F5") == "yellow" and colour_at(s, "E5") == "yellow"
    assert {m for m in texts(s) if m.startswith("F5-")} == {"F5-F3", "F5-J5", "F5-F10"}
    for move, gone in (("F5-F3", 1), ("F5-J5", 3), ("F5-F10", 4)):
        t = s.copy()
        t.push_text(move)
        assert t.pieces() == 36 - gone
    t = s.copy()
    t.push_text("F5-F3")
    assert colour_at(s, "F4") == "red" and t.board[box.INDEX["F4"]] == "."
    with pytest.raises(IllegalMove, match="own colour"):
        s.parse_move("F5-C5")


def test_the_sheets_23_move_solution_leaves_one_piece():
    s = play("solitaire", [translate(m) for m in SHEET_SOLUTION])
    assert s.pieces() == 1 and s.result is not None
    assert s.result.reason == "why.solitaire.excellent" and s.result.winners == (0,)
    assert s.result.rewards == (1.0,)
    assert s.result.message("en") == "One piece left: excellent!"
    assert s.result.message("de") == "Eine Figur übrig: hervorragend!"


def test_start_move_count_by_rows_and_columns():
    # Every jump at the start runs to the block's edge: a piece jumps in a direction when the
    # pieces between it and the edge are not empty and hold none of its colour.
    rows = START_ROWS
    cols = ["".join(r[c] for r in rows) for c in range(6)]
    count = 0
    for line in list(rows) + cols:
        for i, ch in enumerate(line):
            for run in (line[i + 1:], line[:i]):
                count += bool(run) and ch not in run
    # row 4, R B R G Y G: right B, R(3rd), Y; left Y, G(4th), B: 6
    assert sum(bool(run) and ch not in run for i, ch in enumerate(rows[0])
               for run in (rows[0][i + 1:], rows[0][:i])) == 6
    assert perft(Solitaire.new(), 1) == count


# ---------------------------------------------------------------- the jump
def test_jump_over_an_unbroken_run_to_the_first_empty_square():
    s = pos({"A1": "r", "B1": "b", "C1": "g", "E1": "y", "A3": "b"})
    assert {m for m in texts(s) if m.startswith("A1-")} == {"A1-D1"}
    with pytest.raises(IllegalMove, match="first empty square"):
        s.parse_move("A1-F1")
    s.push_text("A1-D1")
    assert s.board[box.INDEX["D1"]] == "r" and s.pieces() == 3
    assert s.board[box.INDEX["B1"]] == s.board[box.INDEX["C1"]] == "."


def test_no_jump_over_own_colour_anywhere_in_the_run():
    s = pos({"A1": "r", "B1": "b", "C1": "s", "D1": "g", "A5": "y", "A6": "b"})   # s: a red triangle
    assert not any(m.startswith("A1-") for m in texts(s))


def test_no_jump_without_a_piece_next_to_it_and_no_landing_off_the_board():
    s = pos({"J1": "r", "K1": "b", "L1": "g", "A5": "y", "C5": "b"})
    assert not any(m.startswith("J1-") for m in texts(s))         # the run reaches the edge
    assert not any(m.startswith("A5-") for m in texts(s))         # B5 is empty
    with pytest.raises(IllegalMove, match="at least one piece"):
        s.parse_move("A5-D5")


def test_shapes_do_not_matter():
    # a red triangle jumps a blue square and a blue triangle alike; squares jump triangles
    s = pos({"A1": "s", "B1": "c", "C1": "b", "A3": "r", "B3": "h"})
    assert {"A1-D1", "A3-C3"} <= texts(s)


# ---------------------------------------------------------------- the end and the rating
@pytest.mark.parametrize("pieces,key,n", [
    ({"A1": "r"}, "excellent", 1),
    ({"A1": "r", "C1": "b"}, "good", 2),
    ({"A1": "r", "B1": "r"}, "good", 2),                                  # same colour: stuck
    ({"A1": "r", "L12": "b", "F6": "g"}, "satisfactory", 3),
    ({"A1": "r", "L12": "b", "F6": "g", "A12": "y", "L1": "r"}, "practise", 5),
])
def test_end_and_rating(pieces, key, n):
    s = pos(pieces)
    assert s.result is not None and s.result.reason == "why.solitaire." + key
    assert s.legal_moves() == []
    assert s.result.winners == ((0,) if n == 1 else ())
    if key == "practise":
        assert s.result.message("en") == "5 pieces left: practise, practise!"
        assert s.result.message("de") == "5 Figuren übrig: üben, üben!"


def test_rewards_fall_with_every_piece_left():
    rewards = []
    for n in range(1, 10):                  # red pieces only (6 squares, 3 triangles): no jumps
        s = pos({box.CELLS[i * 14]: "rrrrrrsss"[i] for i in range(n)})
        assert s.result is not None and s.result.args["n"] == n
        rewards.append(s.result.rewards[0])
    assert rewards == sorted(rewards, reverse=True) and len(set(rewards)) == len(rewards)
    assert rewards[0] == 1.0


# ---------------------------------------------------------------- the shuffled variant
def test_shuffled_deals_are_reproducible_from_the_seed():
    a = Solitaire.new({"shuffle": "1", "seed": "7"})
    b = Solitaire.new({"shuffle": "1", "seed": "7"})
    c = Solitaire.new({"shuffle": "1", "seed": "8"})
    std = Solitaire.new()
    assert a.board == b.board != c.board and a.board != std.board
    assert sorted(a.board) == sorted(std.board)          # the same 36 pieces on D4-I9
    assert a.encode().startswith("1:shuffle.1,seed.7:")
    assert Solitaire.new({"seed": "7"}).board == std.board   # the seed alone shuffles nothing


# ---------------------------------------------------------------- position codes and the view
@pytest.mark.parametrize("code,why", [
    ("1::12/12/12/12/12/12/12/12/12/12/12/12;", "no piece"),
    ("1::rrrrrrr5/12/12/12/12/12/12/12/12/12/12/12;", "at most"),
    ("1::R11/12/12/12/12/12/12/12/12/12/12/12;", "cylinder"),
    ("1::ssss8/12/12/12/12/12/12/12/12/12/12/12;", "at most"),
    ("1::r11/12/12/12/12/12/12/12/12/12/12/12;A1-C1", "last move"),
    ("1::rbr9/12/12/12/12/12/12/12/12/12/12/12;C1-A1", "last move"),
])
def test_bad_positions(code, why):
    with pytest.raises(BadPosition, match=why):
        Solitaire.decode(code)


def test_position_round_trip_keeps_the_last_move_and_result():
    s = play("solitaire", [translate(m) for m in SHEET_SOLUTION])
    again = Solitaire.decode(s.encode())
    assert again.encode() == s.encode() and again.result.reason == "why.solitaire.excellent"
    t = play("solitaire", ["F5-F10"])
    v = Solitaire.decode(t.encode()).view()
    assert set(v.layers["captured"]) == {"F6", "F7", "F8", "F9"} and set(v.layers["last"]) == {"F5", "F10"}


def test_view_shows_what_a_selected_piece_can_do_and_the_jump_aid():
    s = Solitaire.new()
    v = s.view(frozenset({"jumps"}), selected="F5")
    assert set(v.layers["reach"]) == {"F3", "J5", "F10"}
    assert set(v.layers["capture"]) == {"F4", "G5", "H5", "I5", "F6", "F7", "F8", "F9"}
    assert set(v.layers["due"]) == {box.CELLS[f] for f in range(144) if s.board[f] != "." and jumps_from(s.board, f)}
    assert s.status() == ("solitaire.left", {"n": 36})
    assert len([p for p in v.pieces if p.shape == "triangle"]) == 12


# ---------------------------------------------------------------- the solver
def test_solver_solves_the_standard_start_quickly():
    solver._known.clear()
    r = solver.solve(Solitaire.new().board, seconds=5)
    assert r.best == 1 and r.solvable is True and r.seconds < 2
    s = play("solitaire", r.line)
    assert s.pieces() == 1


def test_hint_is_a_legal_move_on_a_best_line():
    s = play("solitaire", ["F5-F10"])
    r = solver.solve(s.board, 3)
    assert r.move in s.legal_moves()
    assert s.move_text(r.move) == r.line[0]


def test_solver_proves_small_positions_unsolvable():
    # red A1 can take blue B1 (landing C1); the yellow piece on L12 is out of reach: 2 at best
    r = solver.solve(pos({"A1": "r", "B1": "b", "L12": "y"}).board, 2)
    assert r.best == 2 and r.complete and r.solvable is False
    # two pieces of one colour: no move at all
    r = solver.solve(pos({"A1": "r", "B1": "r"}).board, 2)
    assert r.best == 2 and r.solvable is False and r.move is None


def test_solver_chooses_the_order_that_leaves_one():
    # A1 blue, B1 red, C1 green. Red B1 over C1 -> D1 leaves A1 and D1 apart (2 left);
    # blue A1 over B1, C1 -> D1 leaves one piece. (Leftwards every run reaches the edge.)
    s = pos({"A1": "b", "B1": "r", "C1": "g"})
    assert texts(s) == {"A1-D1", "B1-D1"}
    r = solver.solve(s.board, 2)
    assert r.best == 1 and r.line == ["A1-D1"]


def reference_min(board):
    """Fewest pieces reachable, by plain exhaustive search over the engine's own jumps."""
    best = 144 - board.count(".")
    for f in range(144):
        if board[f] != ".":
            for to, run in jumps_from(board, f):
                b = list(board)
                for j in run:
                    b[j] = "."
                b[to], b[f] = b[f], "."
                best = min(best, reference_min(b))
    return best


def in_the_box(pieces) -> bool:
    """No colour has more pieces than the box holds (seven yellow squares are no position)."""
    return all(sum(1 for *_, ch in pieces if ch == colour) <= BOX[colour] for colour in "rbgy")


@settings(max_examples=examples(40), deadline=None)
@given(st.lists(st.tuples(st.integers(2, 7), st.integers(2, 7), st.sampled_from("rbgy")),
                min_size=2, max_size=7, unique_by=lambda t: t[:2]).filter(in_the_box))
def test_solver_minimum_agrees_with_exhaustive_search(pieces):
    board = ["."] * 144
    for r, c, ch in pieces:
        board[r * 12 + c] = ch
    r = solver.solve(board, 5)
    assert r.complete
    assert r.best == reference_min(board)
    s = Solitaire.decode(f"1::{grid_encode(board, 12)};")
    for m in r.line:
        s.push_text(m)
    assert s.pieces() == r.best


# ---------------------------------------------------------------- random play
@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 10**9), shuffle=st.booleans())
def test_random_play_removes_exactly_the_jumped_pieces(seed, shuffle):
    def check(before, move, after):
        f, to = divmod(move, 144)
        run = dict(jumps_from(before.board, f))[to]
        own = box.colour_of(before.board[f])
        assert run and all(box.colour_of(before.board[j]) != own for j in run)
        assert after.pieces() == before.pieces() - len(run)
        assert after.board[to] == before.board[f]
        if after.result is not None:
            assert not any(jumps_from(after.board, i) for i in range(144) if after.board[i] != ".")
    s = random_game(Solitaire.new({"shuffle": shuffle, "seed": seed}), seed, check=check)
    assert s.result is not None and s.result.args["n"] == s.pieces()


def test_rules_page_examples_and_the_solution_link():
    import html
    import os
    import re
    from spielkiste_web.links import from_fragment
    pages = {}
    for lang in ("en", "de"):
        path = os.path.join(os.path.dirname(__file__), "..", "assets", "rules", f"solitaire.{lang}.html")
        pages[lang] = open(path, encoding="utf-8").read()
    codes = {lang: [html.unescape(c) for c in re.findall(r'class="example" href="#solitaire\?p=([^"]+)"', t)]
             for lang, t in pages.items()}
    assert codes["en"] == codes["de"] and len(codes["en"]) == 2
    start, abb13 = [Solitaire.decode(c) for c in codes["en"]]
    assert start.board == Solitaire.new().board
    assert {m for m in texts(start) if m.startswith("F5-")} == {"F5-F3", "F5-J5", "F5-F10"}
    assert abb13.pieces() == 5
    for m in ("F9-F7", "E5-G5", "G5-G7", "G7-E7"):
        abb13.push_text(m)
    assert abb13.pieces() == 1 and abb13.result.reason == "why.solitaire.excellent"
    for text in pages.values():
        link = html.unescape(re.search(r'href="#(solitaire\?m=[^"]+)"', text).group(1))
        rec = from_fragment(link)
        assert rec.moves == [translate(m) for m in SHEET_SOLUTION] and rec.cursor == 0
        assert rec.states[-1].pieces() == 1


def test_tools_hint_and_solvable_for_the_page():
    from spielkiste.texts import TABLE, t
    assert Solitaire.tools == ("hint", "solvable")
    assert all(f"tool.{name}" in TABLE for name in Solitaire.tools)
    s = play("solitaire", ["F5-F10"])
    hint = s.run_tool("hint", 2)
    assert hint["key"] == "solitaire.hint" and s.parse_move(hint["move"]) in s.legal_moves()
    assert t(hint["key"], "de", **hint["args"]).startswith("Tipp: " + hint["move"])
    yes = s.run_tool("solvable", 2)
    assert yes["key"] == "solitaire.solvable_yes" and yes["move"] is None
    no = pos({"A1": "r", "B1": "b", "L12": "y"}).run_tool("solvable", 2)
    assert no == {"key": "solitaire.solvable_no", "args": {"left": 2}, "move": None}
    best = pos({"A1": "r", "B1": "b", "L12": "y"}).run_tool("hint", 2)
    assert best == {"key": "solitaire.hint_best", "args": {"move": "A1-C1", "left": 2}, "move": "A1-C1"}
    assert pos({"A1": "r"}).run_tool("hint", 1)["key"] == "solitaire.no_jump"
    with pytest.raises(ValueError):
        s.run_tool("nonsense", 1)


# ---------------------------------------------------------------- board editor
refused = check_refused


def test_editor_no_more_pieces_than_the_box_holds():
    ed = Editor.of(play("solitaire", ["E4-C4"]))
    reds = [c for c, k in ed.setup.board.items() if k == ("r",)]
    ed.place("A1", "r")                                     # a seventh red square
    refused(ed, "solitaire.pos.pieces", "höchstens", sorted(reds + ["A1"], key=box.INDEX.get))


def test_editor_an_empty_board_is_refused():
    ed = Editor.of(play("solitaire", ["E4-C4"]))
    ed.clear()
    refused(ed, "solitaire.pos.empty", "keine Figur")


def test_editor_all_36_pieces_stand_only_in_the_start_position():
    ed = Editor.of(Solitaire.new())
    ed.move("D4", "A1")
    refused(ed, "solitaire.pos.start", "Beginn", ("A1", "D4"))
    ed.start_position()
    ed.set_options({"shuffle": "1", "seed": "5"})           # the standard block is no start of this deal
    deal = Solitaire.new({"shuffle": "1", "seed": "5"})
    differ = [c for c in box.CELLS if ed.setup.board.get(c) != (deal.board[box.INDEX[c]],) and c in ed.setup.board]
    refused(ed, "solitaire.pos.start", "Beginn", differ)
    ed.start_position()
    assert ed.check().encode() == deal.encode()


def test_editor_a_built_position_plays_on():
    ed = Editor.of(play("solitaire", ["E4-C4"]))
    assert ed.setup.history == "E4-C4" and ed.setup.board["C4"] == ("c",)
    ed.remove("I9")
    ed.place("B4", "s")                                     # a red triangle for the blue one to jump
    s = ed.check()
    assert s.last is None and "C4-A4" in texts(s)
    s.push_text("C4-A4")
    assert s.board[box.INDEX["B4"]] == "." and s.pieces() == 34
    assert Solitaire.decode(s.encode()).encode() == s.encode()


def test_editor_a_decided_position_reports_its_result():
    ed = Editor.of(Solitaire.new())
    ed.clear()
    ed.place("A1", "r")
    ed.place("L12", "b")
    s = ed.check()
    assert s.result.reason == "why.solitaire.good" and s.legal_moves() == []
    ed.remove("L12")
    assert ed.check().result.winners == (0,)
