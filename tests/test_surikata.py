"""Surikata (rules: assets/rules/surikata.en.html): every rule, from real positions (the sheet's illustrations
4-6 too)."""
import os
import random
import re

import pytest
from hypothesis import given, settings, strategies as st

from helpers import examples, full_search, play, random_game, refused as check_refused, rollout_both_ways, texts
from spielkiste.codec import grid_encode
from spielkiste.editor import Editor
from spielkiste.errors import BadPosition, IllegalMove
from spielkiste.games.surikata import CELLS, Surikata

RULES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "assets", "rules",
                     "surikata.{}.html")


def pos(rows, to_move, last, left=0, opts=""):
    """A position from 5 row strings ('O' orange, 'W' white, 'M' mound, '.' empty)."""
    return Surikata.decode(f"1:{opts}:{grid_encode(list(''.join(rows)), 5)};{to_move};{left};{last}")


DIAGONAL = ["M....", ".M...", "..M..", "...M.", "....M"]


# ------------------------------------------------------------------ board and set-up
def test_board_is_5x5_and_seat_0_is_orange_and_places_the_first_mound():
    s = Surikata.new()
    assert len(s.board) == 25 and s.mounds_left == 5
    assert s.seat_colour(0) == "orange" and s.seat_colour(1) == "white"
    assert texts(s) == {"m" + c for c in CELLS}


def test_mounds_alternate_starting_player_places_mounds_1_3_5_and_the_first_piece():
    s = Surikata.new()
    movers = []
    for c in ["A1", "A2", "B1", "B2", "C3"]:          # mounds may touch each other
        movers.append(s.to_move)
        s.push_text("m" + c)
    assert movers == [0, 1, 0, 1, 0]
    assert s.board.count("M") == 5 and s.mounds_left == 0
    assert s.to_move == 0, "the player who placed the last mound places the first piece"
    assert texts(s) == set(CELLS) - {"A1", "A2", "B1", "B2", "C3"}, "the first piece goes anywhere empty"
    s.push_text("E5")
    assert s.meerkat == CELLS.index("E5") and s.board[24] == "O" and s.to_move == 1


def test_no_piece_before_the_mounds_and_no_mound_after_them():
    s = play("surikata", "mA1")
    with pytest.raises(IllegalMove, match="mounds come first"):
        s.parse_move("C3")
    with pytest.raises(IllegalMove, match="not empty"):
        s.parse_move("mA1")
    s = Surikata.new({"mounds": "random", "seed": "4"})
    with pytest.raises(IllegalMove, match="all termite mounds are placed"):
        s.parse_move("m" + CELLS[s.board.index(".")])


def test_random_mounds_are_reproducible_from_the_seed_and_the_starter_places_first():
    a = Surikata.new({"mounds": "random", "seed": "7"})
    b = Surikata.new({"mounds": "random", "seed": "7"})
    others = {tuple(Surikata.new({"mounds": "random", "seed": str(k)}).board) for k in range(20)}
    assert a.board == b.board and a.board.count("M") == 5 and a.mounds_left == 0
    assert len(others) > 10, "different seeds give different layouts"
    assert a.to_move == 0 and len(a.legal_moves()) == 20
    code = a.encode()
    assert code.startswith("1:mounds.random,seed.7:") and Surikata.decode(code).board == a.board


# ------------------------------------------------------------------ the meerkat's view
def test_view_runs_to_the_edge_and_is_cut_by_mounds():
    # mounds on the diagonal; Orange's first piece on B1: it sees C1 D1 E1 (A1 and B2 are mounds)
    s = pos(DIAGONAL, 0, "")
    s.push_text("B1")
    assert sorted(CELLS[j] for j in s.in_view()) == ["C1", "D1", "E1"]
    assert texts(s) == {c for c, v in zip(CELLS, s.board, strict=True) if v == "."} - {"C1", "D1", "E1"}
    with pytest.raises(IllegalMove, match="meerkat on B1 sees"):
        s.parse_move("D1")
    # a piece on D2 sees its row to the mound at B2 and its column to the mound at D4
    s.push_text("D2")
    assert sorted(CELLS[j] for j in s.in_view()) == ["C2", "D1", "D3", "E2"]
    assert "C1" in texts(s) and "E1" in texts(s)


def test_pieces_do_not_block_the_view_and_the_meerkat_moves_onto_each_new_piece():
    rows = ["M...M",
            "O....",
            ".WO..",
            ".....",
            "M.M.M"]
    s = pos(rows, 1, "C3")
    # C3 sees its row through White's B3 to A3, and its column up to C1 and down to the mound on C5
    assert {CELLS[j] for j in s.in_view()} == {"A3", "B3", "D3", "E3", "C1", "C2", "C4"}
    assert "A3" not in texts(s) and "B1" in texts(s)
    s.push_text("B1")
    assert s.meerkat == CELLS.index("B1") and s.board[1] == "W"
    # A1 and E1 are mounds; down the column White's own B3 does not block B4 and B5
    assert {CELLS[j] for j in s.in_view()} == {"C1", "D1", "B2", "B3", "B4", "B5"}
    s.push_text("E4")
    assert s.meerkat == CELLS.index("E4") and s.board[19] == "O"


def test_view_layer_and_meerkat_mark_in_the_view():
    s = pos(DIAGONAL, 0, "")
    s.push_text("B1")
    v = s.view()
    assert sorted(v.layers["view"]) == ["C1", "D1", "E1"]
    assert v.layers["last"] == ["B1"]
    marked = [p for p in v.pieces if p.mark == "meerkat"]
    assert len(marked) == 1 and marked[0].cell == "B1" and marked[0].colour == "orange"
    assert sum(p.shape == "mound" for p in v.pieces) == 5


# ------------------------------------------------------------------ the end
def test_three_in_a_row_loses_at_once_and_the_line_is_drawn():
    # White A1 B2 on the diagonal; C3 completes it: White loses
    rows = ["W...M",
            ".W...",
            ".....",
            "O.O.M",
            "MOM.M"]
    s = pos(rows, 1, "B5")
    assert "C3" in texts(s)
    s.push_text("C3")
    r = s.result
    assert r.winners == (0,) and r.reason == "why.surikata.line" and r.line == ("A1", "B2", "C3")
    assert r.message("en") == "White made 3 in a row: Orange wins."
    assert r.message("de") == "Weiß hat 3 in einer Reihe gesetzt: Orange gewinnt."
    assert ("win", ["A1", "B2", "C3"]) in s.view().lines
    assert s.legal_moves() == []


def test_four_in_a_row_loses_too():
    rows = ["M...M",
            "WW.W.",
            ".....",
            "O.O.O",
            "MOM.M"]
    s = pos(rows, 1, "B5")
    s.push_text("C2")
    assert s.result.winners == (0,) and s.result.line == ("A2", "B2", "C2", "D2")
    assert "made 4 in a row" in s.result.message("en")


@pytest.mark.parametrize("breaker", ["M", "O"])
def test_a_mound_or_an_enemy_piece_breaks_a_line(breaker):
    rows = ["WW" + breaker + ".W",
            ".....",
            "O.O.O" if breaker == "M" else "O...O",
            ".O...",
            "MMMM" + ("M" if breaker == "O" else ".")]
    s = pos(rows, 1, "B4")
    s.push_text("D1")                  # W W x W W: no continuous line of three
    assert s.result is None


def test_the_opponents_line_needs_his_own_pieces_mixed_lines_do_not_count():
    rows = ["OW..M",
            ".....",
            ".....",
            "....M",
            "MOM.M"]
    s = pos(rows, 1, "B5")
    s.push_text("C1")                  # O W W: only two white
    assert s.result is None


def test_no_legal_square_loses_and_there_is_no_pass():
    # Orange's D5 sees every empty square: D1-D4 above it, C5 and (through Orange's B5) A5, and E5
    rows = ["WOM.M",
            "OMW.W",
            "MMO.W",
            "WOW.O",
            ".O.O."]
    s = pos(rows, 1, "D5")
    assert s.result is not None and s.result.reason == "why.surikata.blocked"
    assert s.result.winners == (0,)
    assert s.result.message("en") == "White has no square out of the meerkat's view: Orange wins."
    assert s.legal_moves() == [] and s.status() is None
    # one move earlier, Orange's D5 is what shut White out
    before = pos(["WOM.M", "OMW.W", "MMO.W", "WOW.O", ".O..."], 0, "C4")
    assert "D5" in texts(before)
    before.push_text("D5")
    assert before.result.reason == "why.surikata.blocked"


def test_last_piece_without_line_is_a_draw():
    s = pos(["WMWOO", "OWMW.", "OWOWO", "WMOMO", "OOMWW"], 1, "D1")
    assert texts(s) == {"E2"}          # D1 sees C1, E1 and D2, D3 (the mound on D4 ends its column)
    s.push_text("E2")
    assert s.result.reason == "why.surikata.full" and s.result.winners == () and s.result.rewards == (0.5, 0.5)
    assert s.result.message("en") == "All 20 pieces placed without three in a row: draw."


# ------------------------------------------------------------------ the sheet's illustrations
def example_links(lang):
    with open(RULES.format(lang), encoding="utf-8") as f:
        html = f.read()
    return re.findall(r'<a class="example" href="#surikata\?p=([^"]+)"[^>]*>(?:Illus|Abb)\. (\d)', html)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_rules_page_links_open_the_illustrations(lang):
    links = dict((n, code) for code, n in example_links(lang))
    assert set(links) == {"1", "2", "4", "5", "6"}
    # Illus. 1: five mounds, no piece yet, Orange to place the first piece anywhere
    s = Surikata.decode(links["1"])
    assert s.board.count("M") == 5 and s.pieces() == 0 and s.to_move == 0 and len(s.legal_moves()) == 20
    # Illus. 2 and 3: Orange's first piece on C3; mounds on C2 and D3 hide C1 and E3 from it
    s = Surikata.decode(links["2"])
    assert CELLS[s.meerkat] == "C3" and s.to_move == 1
    assert {CELLS[j] for j in s.in_view()} == {"A3", "B3", "C4", "C5"}
    assert {"C1", "E3"} <= texts(s)
    # Illus. 4: White has only one free square, and it makes a line: Orange wins
    s = Surikata.decode(links["4"])
    assert s.result is None and s.to_move == 1 and len(s.legal_moves()) == 1
    s.play(s.legal_moves()[0])
    assert s.result.reason == "why.surikata.line" and s.result.winners == (0,)
    # Illus. 5: White cannot place: Orange wins
    s = Surikata.decode(links["5"])
    assert s.to_move == 1 and s.result.reason == "why.surikata.blocked" and s.result.winners == (0,)
    assert s.board.count(".") >= 2, "there are empty squares, all in the meerkat's view"
    # Illus. 6: all 20 placed, no more than two together: draw
    s = Surikata.decode(links["6"])
    assert s.result.reason == "why.surikata.full" and "." not in s.board
    for code in links.values():
        assert Surikata.decode(code).encode() == code


# ------------------------------------------------------------------ position codes
def test_position_code_round_trip():
    s = play("surikata", "mA1 mB2 mC3 mD4 mE5 B1 D2")
    code = s.encode()
    assert code == "1::MO3/1M1W1/2M2/3M1/4M;0;0;D2"
    again = Surikata.decode(code)
    assert again.meerkat == s.meerkat and texts(again) == texts(s)
    mid = play("surikata", "mA1 mB2")
    assert Surikata.decode(mid.encode()).mounds_left == 3


@pytest.mark.parametrize("code,why", [
    ("1::M4/1M3/2M2/3M1/4M;1;0;", "Orange begins"),                # Orange places the first piece
    ("1::M4/1M3/2M2/3M1/3MM;0;0;", "do not make 5"),               # six mounds
    ("1::M4/1M3/2M2/3M1/4M;0;1;", "do not make 5"),
    ("1::MO3/1MW2/2M2/3M1/4M;0;0;", "meerkat"),                    # where is the meerkat?
    ("1::MO3/1MW2/2M2/3M1/4M;0;0;B1", "meerkat must stand"),       # on the piece placed last
    ("1::MWW2/1MO2/2M2/3M1/4M;1;0;C2", "Orange starts"),
    ("1::MWW1W/OM3/O1M2/O2M1/4M;0;0;E1", "would have ended"),      # an old line of three
    ("1::MO3/1M3/2M2/5/5;0;2;", "pieces placed before"),
    ("1:mounds.random:M4/1M3/2M2/3M1/5;0;1;", "random mounds"),
    ("1::M4/1M3/2M2/3M1/4M;0;0;Z9", "not a square"),
])
def test_bad_position_codes_are_rejected(code, why):
    with pytest.raises(BadPosition, match=why):
        Surikata.decode(code)


# ------------------------------------------------------------------ random play invariants
@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 10**9), random_mounds=st.booleans())
def test_random_games_keep_the_rules(seed, random_mounds):
    opts = {"mounds": "random", "seed": seed} if random_mounds else {}

    def check(before, move, after):
        if move < 100 and before.meerkat >= 0:
            assert move not in before.in_view(), "a piece placed in the meerkat's view"
        if move < 100:
            assert after.meerkat == move
        if after.result is None:
            for i, v in enumerate(after.board):
                if v in "OW":
                    assert not after.makes_line(i, v), "a line of three while the game goes on"
            assert after.legal_moves(), "the player to move must have a square"

    end = random_game(Surikata.new(opts), seed, check=check)
    assert end.result is not None and end.ply <= 25
    r = end.result
    assert r.reason in ("why.surikata.line", "why.surikata.blocked", "why.surikata.full")
    assert (r.reason == "why.surikata.full") == (end.pieces() == 20 and not r.winners)
    if r.reason == "why.surikata.line":
        assert r.winners == (end.to_move,), "the player who made the line loses"
    if r.reason == "why.surikata.blocked":
        assert r.winners == (1 - end.to_move,) and end.free_squares() == []


# ------------------------------------------------------------------ board editor
GAME = "mA1 mE1 mC3 mA5 mE5 B1 C2 D4"       # a real game: White to move, the meerkat on D4


def edited(moves=GAME, options=None):
    return Editor.of(play("surikata", moves, options))


refused = check_refused


def test_editor_the_meerkat_stands_on_the_piece_placed_last():
    ed = edited()
    assert ed.setup.board["D4"] == ("O*",)
    ed.place("D4", "O")
    ed.place("C2", "W*")                     # White is to move, so White did not place last
    refused(ed, "surikata.pos.meerkat", "Erdmännchen", ("C2",))


def test_editor_two_meerkats_are_marked():
    ed = edited()
    ed.place("C2", "W*")
    refused(ed, "surikata.pos.meerkats", "Erdmännchen", ("C2", "D4"))


def test_editor_pieces_without_the_meerkat_are_refused():
    ed = edited()
    ed.place("D4", "O")
    refused(ed, "surikata.pos.no_meerkat", "fehlt")


def test_editor_counts_side_to_move_and_mounds():
    ed = edited()
    ed.place("A2", "O")
    refused(ed, "surikata.pos.count", "unmöglich")
    ed = edited()
    ed.set_to_move(0)
    e = refused(ed, "surikata.pos.to_move", "wechseln")
    assert "White is to move" in e.message("en")
    ed = edited()
    ed.place("B5", "M")
    refused(ed, "surikata.pos.mounds", "Hügel", ("A1", "E1", "C3", "A5", "B5", "E5"))


def test_editor_pieces_before_the_last_mound_are_refused():
    ed = edited("mA1 mE1")
    ed.place("C2", "O*")
    refused(ed, "surikata.pos.mounds_first", "Steine", ("C2",))


def test_editor_random_mounds_stay_where_the_seed_put_them():
    ed = edited("", {"mounds": "random", "seed": "3"})
    mound = next(c for c, k in ed.setup.board.items() if k == ("M",))
    free = next(c for c in CELLS if c not in ed.setup.board)
    ed.set_field("mounds_left", 1)
    ed.remove(mound)
    refused(ed, "surikata.pos.random", "zufälligen")
    ed.set_field("mounds_left", 0)
    ed.place(free, "M")
    refused(ed, "surikata.pos.random_mounds", "Zufallszahl", tuple(sorted((mound, free), key=CELLS.index)))


def test_editor_an_old_line_of_three_is_marked():
    ed = edited()
    for cell, key in (("B2", "W"), ("D2", "W"), ("A3", "O"), ("B4", "O")):
        ed.place(cell, key)
    refused(ed, "surikata.pos.line", "Reihe", ("B2", "C2", "D2"))


def test_editor_a_built_position_plays_on():
    ed = edited()
    ed.move("D4", "D3")                       # the meerkat's piece elsewhere: it sees D1 D2 D4 D5 E3
    s = ed.check()
    moves = texts(s)
    assert moves and not moves & {"D1", "D2", "D4", "D5", "E3"} and "B3" in moves
    s.push_text("B3")
    assert Surikata.decode(s.encode()).encode() == s.encode() and s.meerkat == CELLS.index("B3")


def test_editor_a_decided_position_reports_its_result():
    ed = edited()
    for cell, key in (("D4", "O"), ("D3", "O"), ("D5", "O*"), ("A2", "W"), ("A4", "W")):
        ed.place(cell, key)
    s = ed.check()
    assert s.result.reason == "why.surikata.line" and s.result.winners == (1,) and s.legal_moves() == []
    assert s.result.line == ("D3", "D4", "D5")


# ------------------------------------------------------------------ the search's playouts
def test_the_bit_mask_rollout_plays_the_playout_moves_to_every_ending():
    """Surikata.rollout (bit masks, for the search's speed) against playout_move() played one by
    one from the same rng, from random positions of both set-ups: the same position, ply, last
    move, outcome and (mover, move) list, each with a cap; and the rollouts reach each way a game
    ends (a line, a blocked player, 20 pieces), so each is compared."""
    reasons = set()
    for seed in range(400):
        rng = random.Random(seed)
        s = Surikata.new({"mounds": "random", "seed": seed} if seed % 2 else None)
        for _ in range(rng.randrange(12)):
            if s.result is None:
                s.play(rng.choice(s.legal_moves()))
        if s.result is not None:
            continue
        cap = rng.choice([1, 3, 40])
        slow, alike = rollout_both_ways(s, seed, cap, "meerkat")
        assert alike, f"seed {seed}"
        if slow.result is not None:
            reasons.add(slow.result.reason)
    assert reasons == {"why.surikata.line", "why.surikata.blocked", "why.surikata.full"}


# ------------------------------------------------------------------ the exact solver (the search's solve() hook)
def test_the_solver_agrees_with_a_full_search_of_the_rules():
    """Surikata.solve (surikata_solver: bit masks, alpha-beta, a table of bounds) against every line
    played out by legal_moves() and play(), from positions of games played by the playouts' policy
    (no piece makes a line while another square is left) 10 to 13 pieces in, with mounds placed by
    hand and at random; the positions include wins, losses and draws for the side to move. One
    table serves every position, as it serves a game: entries of other mounds never answer."""
    seen, table = set(), {}
    for seed in range(60):
        rng = random.Random(seed)
        s = Surikata.new({"mounds": "random", "seed": seed} if seed % 2 else None)
        k = rng.randrange(10, 14)
        while s.result is None and s.pieces() < k:
            s.play(s.playout_move(rng))
        if s.result is None:
            value = s.solve(None, table)
            assert value == full_search(s) == s.solve(None, {}), f"seed {seed}"
            seen.add(value[s.to_move])
    assert seen == {0.0, 0.5, 1.0}


def test_the_solver_answers_only_what_it_can():
    """None while the mounds are placed, before the first piece, with more empty squares than
    SOLVE_EMPTY (longer than a move), and when the deadline passes first; a finished game: its result."""
    from spielkiste.games.surikata import SOLVE_EMPTY
    s = Surikata.new()
    assert s.solve(None, {}) is None
    for m in ["mA1", "mB3", "mC5", "mD2", "mE4"]:
        s.push_text(m)
    assert s.solve(None, {}) is None            # no meerkat yet: 20 squares open
    rng = random.Random(5)
    while s.board.count(".") > SOLVE_EMPTY:
        assert s.solve(None, {}) is None
        s.play(s.playout_move(rng))
    assert s.solve(0.0, {}) is None and s.solve(None, {}) is not None
    s = pos(["WMWOO", "OWMW.", "OWOWO", "WMOMO", "OOMWW"], 1, "D1")
    s.push_text("E2")
    assert s.solve(0.0, {}) == (0.5, 0.5)
