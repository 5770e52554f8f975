"""Die Drei (rules: assets/rules/drei.en.html): every rule, from real positions on the Katarenga board."""
import os
import random
import re

import pytest
from hypothesis import given, settings, strategies as st

from helpers import (assert_repetition_draw_round_trips, examples, full_search, play, random_game,
                     refused as check_refused, texts)
from spielkiste.cli import perft
from spielkiste.codec import grid_encode
from spielkiste.editor import Editor
from spielkiste.errors import BadOption, BadPosition, IllegalMove
from spielkiste.games import drei_book, drei_solver
from spielkiste.games.drei import CELLS, INDEX, LIFT, OWN, SIZE, Drei, layout_of
from spielkiste.games.drei_board import PARSE_TILE, THIRDS, TILE_VALUES, flip_tile, laid_tile, turn_tile

RULES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "assets", "rules",
                     "drei.{}.html")

# The default board as the rules page (assets/rules/drei.en.html) gives it: T0 T1 over T2 T3, rows from the top.
TILES = ["RYBG/GRGB/YYBR/BGRY", "RYGB/GYRY/BBGR/YRBG", "RGBY/YYGR/BBRG/GRYB", "RGBY/YYBR/BGRG/GRYB"]
DEFAULT_ROWS = [a + b for a, b in zip(TILES[0].split("/"), TILES[1].split("/"), strict=True)] + \
               [a + b for a, b in zip(TILES[2].split("/"), TILES[3].split("/"), strict=True)]


def colour_rows(s):
    return ["".join("RYGB"[s.colours[r * 8 + c]] for c in range(8)) for r in range(8)]


def pos(rows, to_move, last, opts=""):
    """A position from 8 row strings ('W', 'B', '.' or a digit for a run of empty squares)."""
    cells = "".join("." * int(ch) if ch.isdigit() else ch for ch in "".join(rows))
    return Drei.decode(f"2:{opts}:{grid_encode(list(cells), 8)};{to_move};{last};")


def board(white=(), black=(), opts=None):
    """A start state with pawns put on the board (for attack and line checks, not a game position)."""
    s = Drei.new(opts)
    for c in white:
        s.board[INDEX[c]] = "W"
    for c in black:
        s.board[INDEX[c]] = "B"
    return s


def attacked(s, cell):
    return sorted(CELLS[j] for j in s.attacked(INDEX[cell]))


# ------------------------------------------------------------------ the board
def test_each_quarterboard_has_four_squares_of_each_colour():
    for tile in TILES:
        cells = tile.replace("/", "")
        assert sorted(cells) == sorted("RYGB" * 4)


def test_default_board_is_t0_t1_over_t2_t3():
    s = Drei.new()
    assert colour_rows(s) == DEFAULT_ROWS
    assert DEFAULT_ROWS[0] == "RYBGRYGB" and DEFAULT_ROWS[7] == "GRYBGRYB"


def test_tiles_turn_clockwise_and_flip_to_their_back():
    t0 = TILES[0].split("/")
    turned = Drei.new({"board": "custom", "tl": "1r90"})
    # a quarter turn clockwise: the new top row is the old left column read upwards
    assert colour_rows(turned)[0][:4] == "".join(row[0] for row in reversed(t0)) == "BYGR"
    flipped = Drei.new({"board": "custom", "tl": "1m"})
    assert [r[:4] for r in colour_rows(flipped)[:4]] == [row[::-1] for row in t0]
    half = Drei.new({"board": "custom", "tl": "1r180"})
    assert [r[:4] for r in colour_rows(half)[:4]] == [row[::-1] for row in reversed(t0)]
    # flipped then turned twice = upside down
    both = Drei.new({"board": "custom", "tl": "1mr180"})
    assert [r[:4] for r in colour_rows(both)[:4]] == list(reversed(t0))
    # the other quarters keep their default tiles
    assert colour_rows(turned)[4:] == DEFAULT_ROWS[4:]


def test_custom_board_lays_any_tile_anywhere_but_each_tile_once():
    s = Drei.new({"board": "custom", "tl": "4", "br": "1r270"})
    assert s.options["board"] == "custom"
    with pytest.raises(BadOption, match="tile 4 is laid twice"):
        Drei.new({"board": "custom", "tl": "4"})
    with pytest.raises(BadOption):
        Drei.new({"board": "custom", "tl": "5"})
    with pytest.raises(BadOption):
        Drei.new({"board": "custom", "tl": "1r45"})
    s = Drei.new({"board": "custom", "tl": "2", "tr": "1"})
    assert [r[:4] for r in colour_rows(s)[:4]] == TILES[1].split("/")
    # the tiles only count on a custom board
    assert colour_rows(Drei.new({"tl": "4"})) == DEFAULT_ROWS


def test_random_board_is_reproducible_uses_each_tile_once_and_travels_in_the_code():
    a = Drei.new({"board": "random", "seed": "12"})
    b = Drei.new({"board": "random", "seed": "12"})
    assert a.colours == b.colours
    assert sorted(t for t, _, _ in layout_of(a.options)) == [0, 1, 2, 3]
    boards = {Drei.new({"board": "random", "seed": str(k)}).colours for k in range(30)}
    assert len(boards) == 30
    for k in range(30):
        s = Drei.new({"board": "random", "seed": str(k)})
        for q in range(4):
            r0, c0 = 4 * (q // 2), 4 * (q % 2)
            quarter = [s.colours[(r0 + r) * 8 + c0 + c] for r in range(4) for c in range(4)]
            assert sorted(quarter) == sorted([0, 1, 2, 3] * 4)
    a.push_text("C3")
    again = Drei.decode(a.encode())
    assert again.colours == a.colours and a.encode().startswith("2:board.random,seed.12:")


def test_view_draws_colours_and_move_type_symbols():
    s = Drei.new()
    v = s.view()
    cell = {c.id: c for c in v.cells}
    assert (cell["A1"].fill, cell["A1"].mark) == ("red", "rook")
    assert (cell["B1"].fill, cell["B1"].mark) == ("yellow", "bishop")
    assert (cell["A2"].fill, cell["A2"].mark) == ("green", "knight")
    assert (cell["C1"].fill, cell["C1"].mark) == ("blue", "king")
    assert len(v.regions) == 4 and all(kind == "quarter" for *_, kind in v.regions)


# ------------------------------------------------------------------ attacks
def test_red_attacks_like_a_rook_up_to_and_including_the_first_red_square():
    s = board()
    # A1: right B1 C1 D1 then red E1 (included); down A2 A3 A4 then red A5 (included)
    assert attacked(s, "A1") == ["A2", "A3", "A4", "A5", "B1", "C1", "D1", "E1"]
    # D3: right to red H3, left to the edge (no red), up to the edge, down to red D6, never beyond
    got = attacked(s, "D3")
    assert got == sorted(["E3", "F3", "G3", "H3", "C3", "B3", "A3", "D2", "D1", "D4", "D5", "D6"])
    assert "D7" not in got


def test_yellow_attacks_like_a_bishop_up_to_and_including_the_first_yellow_square():
    s = board()
    assert attacked(s, "B1") == ["A2", "C2", "D3", "E4"]          # stops on yellow E4; F5 is beyond
    assert attacked(s, "E4") == sorted(["D3", "C2", "B1", "F3", "G2", "H1", "D5", "F5", "G6", "H7"])


def test_green_attacks_like_a_knight_and_jumps():
    s = board()
    assert attacked(s, "A2") == ["B4", "C1", "C3"]
    assert attacked(s, "D7") == ["B6", "B8", "C5", "E5", "F6", "F8"]
    walled = board(white=["C6", "C7", "C8", "D6", "D8", "E6", "E7", "E8"])
    assert attacked(walled, "D7") == ["B6", "B8", "C5", "E5", "F6", "F8"]
    assert attacked(board(black=["B6", "F8"]), "D7") == ["B8", "C5", "E5", "F6"], "occupied squares are not en prise"


def test_blue_attacks_like_a_king():
    s = board()
    assert attacked(s, "C1") == ["B1", "B2", "C2", "D1", "D2"]
    assert attacked(s, "E3") == ["D2", "D3", "D4", "E2", "E4", "F2", "F3", "F4"]


def test_sliders_may_not_pass_an_occupied_square():
    s = board(white=["D5"], black=["B3"])
    got = attacked(s, "D3")                  # the rook on D3
    assert "D4" in got and "D5" not in got and "D6" not in got
    assert "C3" in got and "B3" not in got and "A3" not in got
    s = board(black=["C2"])                  # the bishop on E4 stops before C2
    assert attacked(s, "E4") == ["D3", "D5", "F3", "F5", "G2", "G6", "H1", "H7"]


# ------------------------------------------------------------------ placing
def test_white_places_anywhere_then_every_pawn_goes_en_prise():
    s = Drei.new()
    assert texts(s) == set(CELLS)
    s.push_text("A1")
    assert texts(s) == {"A2", "A3", "A4", "A5", "B1", "C1", "D1", "E1"}
    s.push_text("E1")                        # Black on red E1: a rook up to red A1 ... which is occupied
    assert texts(s) == {"B1", "C1", "D1", "F1", "G1", "H1", "E2", "E3", "E4", "E5"}
    with pytest.raises(IllegalMove, match=r"not en prise: the pawn on E1 \(red square\) attacks like a rook"):
        s.parse_move("A2")
    with pytest.raises(IllegalMove, match="not empty"):
        s.parse_move("A1")


def test_status_names_the_last_pawn_and_its_move_type():
    s = play("drei", "A1")
    key, args = s.status()
    from spielkiste.texts import t
    assert t(key, "en", **args) == "Place where the pawn on A1 attacks (en prise; red square: it attacks like a rook)."
    assert t(key, "de", **args) == ("Setze dorthin, wo die Figur auf A1 schlägt (en prise; rotes Feld: "
                                    "sie schlägt wie ein Turm).")


def test_attack_layer_shows_exactly_the_legal_squares():
    s = play("drei", "A1")
    v = s.view()
    assert sorted(v.layers["attack"]) == sorted(texts(s)) and "forbidden" not in v.layers
    assert v.layers["last"] == ["A1"]


# ------------------------------------------------------------------ no immobilising
# Black E1 H1 H4 and (last) A7 on blue: a king. White B6 C7 and two more.
FORBIDDEN_CODE = "2::3WB2B/8/W7/7B/8/1W6/B1W5/8;0;A7;"


def test_a_placement_that_leaves_the_opponent_no_square_is_forbidden():
    s = Drei.decode(FORBIDDEN_CODE)
    # the king on A7 attacks A6 A8 B7 B8 (B6 is taken); a pawn on green A8 would attack like a knight
    # B6 and C7, both taken: Black could not place, so A8 is forbidden
    assert texts(s) == {"A6", "B7", "B8"}
    with pytest.raises(IllegalMove, match="no-immobilising"):
        s.parse_move("A8")
    v = s.view()
    assert v.layers["forbidden"] == ["A8"] and sorted(v.layers["attack"]) == ["A6", "B7", "B8"]
    from spielkiste.texts import t
    (key, args), = v.notes
    assert t(key, "en", **args) == ("Not allowed on A8: a pawn there would leave Black no legal move "
                                    "(no-immobilising rule).")


def test_a_placement_that_immobilises_is_allowed_when_it_wins():
    # as above, but White has A4 A6 instead of A3 D1: A8 completes A4-A6-A8
    s = pos(["....B..B", "8", "8", "W......B", "8", "WW......", "B.W.....", "8"], 0, "A7")
    assert "A8" in texts(s)
    s.push_text("A8")
    assert s.result.winners == (0,) and s.result.line == ("A4", "A6", "A8")


def test_a_placement_whose_only_reply_is_forbidden_is_forbidden():
    # White's rook on H3 attacks H1 H2 H4 H5 H6. Black's king on blue H1 would attack only H2 (G1 and
    # G2 are taken), and a White pawn on yellow H2 (a bishop) would attack nothing (G1 and G3 are
    # taken): H2 is forbidden to White, so White would have no legal move, and H1 is forbidden.
    # (A Black pawn on H2 attacks nothing itself: forbidden by the first step of the rule.)
    s = play("drei", "G2 G3 E2 G1 H3")
    s.board[INDEX["H1"]] = "B"
    assert attacked(s, "H1") == ["H2"]
    s.board[INDEX["H2"]] = "W"
    assert attacked(s, "H2") == [] and s.three(INDEX["H2"]) is None
    s = play("drei", "G2 G3 E2 G1 H3")
    assert texts(s) == {"H4", "H5", "H6"}
    assert s.view().layers["forbidden"] == ["H1", "H2"]
    with pytest.raises(IllegalMove, match="no-immobilising"):
        s.parse_move("H1")


def test_playouts_never_pick_a_forbidden_placement():
    """playout_move checks only the squares it tries against the rule (no full move list): still
    never A8 (the first position above) nor H1 or H2 (the second), and only legal squares."""
    import random
    rng = random.Random(5)
    for s, forbidden in ((Drei.decode(FORBIDDEN_CODE), {"A8"}), (play("drei", "G2 G3 E2 G1 H3"), {"H1", "H2"})):
        picked = {s.move_text(s.copy().playout_move(rng)) for _ in range(200)}
        assert picked <= texts(s) and not picked & forbidden and len(picked) >= 2


@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 10**6), continuation=st.booleans(), troika=st.booleans())
def test_completing_squares_kept_by_play_are_those_that_make_die_drei(seed, continuation, troika):
    """completing() (bookkept move by move, lifts included) names exactly the empty squares where
    a pawn of that colour makes Die Drei, checked by placing it there."""
    def check(before, move, after):
        for own in "WB":
            want = set()
            for t in range(SIZE):
                if after.board[t] == ".":
                    after.board[t] = own
                    if after.three(t) is not None:
                        want.add(t)
                    after.board[t] = "."
            mask = after.completing(own)
            assert {t for t in range(SIZE) if mask >> t & 1} == want, after.encode()

    random_game(Drei.new({"continuation": continuation, "troika": troika}), seed, max_plies=60, check=check)


def chains(s, t):
    """Every chain of en-prise placements from the pawn on t, as lists of squares (a test oracle)."""
    opp = "B" if s.board[t] == "W" else "W"
    out = []
    for u in s.attacked(t):
        s.board[u] = opp
        out += [[CELLS[u]] + c for c in chains(s, u)] or [[CELLS[u]]]
        s.board[u] = "."
    return out


def test_the_rule_looks_as_deep_as_it_must():
    # White's knight on H7 would attack only F8; Black's rook there G8 and H8; from White's bishop on
    # G8 nothing, from White's king on H8 G8 and G7, and so on: every chain dies within four pawns,
    # with no Die Drei on the way and far from the 16th pawn, so H7 is forbidden
    code = "2::8/8/8/8/6W1/5BB1/5W2/3BW3;0;G6;"
    s = Drei.decode(code)
    s.board[INDEX["H7"]] = "W"
    assert sorted(chains(s, INDEX["H7"])) == [["F8", "G8"], ["F8", "H8", "G7", "G8"], ["F8", "H8", "G8"]]
    s = Drei.decode(code)
    assert "H7" in attacked(s, "G6") and "H7" not in texts(s)


def test_a_placement_is_allowed_when_the_reply_it_leaves_wins():
    # Black H1 leaves White H2, a dead end, and G2, which makes G1-G2-G3: a legal reply, so H1 is legal
    s = Drei.decode("2::6W1/4BB2/6W1/3W4/8/8/8/8;1;G3;")
    assert "H1" in texts(s)
    s.push_text("H1")
    assert texts(s) == {"G2"}
    s.push_text("G2")
    assert s.result.winners == (0,) and s.result.line == ("G1", "G2", "G3")


def reference_allowed(s, t, placed):
    """The rule as the rules page words it, by brute force: the pawn on t (the game's placed-th)
    wins, or is the last, or leaves the opponent a placement that is itself allowed."""
    if any(t in line for line in s.all_threes(s.board[t])) or placed == 16:
        return True
    opp = "B" if s.board[t] == "W" else "W"
    for u in s.attacked(t):
        s.board[u] = opp
        ok = reference_allowed(s, u, placed + 1)
        s.board[u] = "."
        if ok:
            return True
    return False


@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 10**9), random_board=st.booleans())
def test_legal_placements_match_the_rule_by_brute_force(seed, random_board):
    opts = {"board": "random", "seed": seed} if random_board else {}

    def check(before, move, after):
        if after.result is None:
            own = "WB"[after.to_move]
            expected = set()
            for t in after.attacked(after.last_pawn):
                after.board[t] = own
                if reference_allowed(after, t, after.placed + 1):
                    expected.add(t)
                after.board[t] = "."
            assert set(after.legal_moves()) == expected

    random_game(Drei.new(opts), seed, check=check)


def test_the_old_dead_end_is_now_forbidden():
    # White A2 and C2 (green), Black C1: Black's rook on A1 would attack only B1, where a White pawn
    # (yellow) attacks nothing. That was once a draw for want of a move; now A1 is not offered
    s = play("drei", "A2 C1 C2")
    assert "A1" in attacked(s, "C2") and "A1" not in texts(s)


# ------------------------------------------------------------------ Die Drei
@pytest.mark.parametrize("cells,three", [
    (["A1", "B1", "C1"], True),                       # A: neighbours
    (["B6", "E6", "H6"], True),                       # B: gaps
    (["A2", "A4", "A6"], True),                       # vertical with gaps
    (["A1", "C3", "E5"], True),                       # diagonal with gaps
    (["H1", "F3", "D5"], True),                       # the other diagonal
    (["A1", "B1", "D1"], False),                      # D: not symmetric
    (["A1", "B3", "C5"], False),                      # a knight's vector: only with Troika
    (["A1", "C1", "B3"], False),                      # not on a line
])
def test_three_equally_spaced_on_a_line(cells, three):
    s = board(white=cells)
    assert (s.three(INDEX[cells[-1]]) is not None) == three
    assert (len(s.all_threes("W")) == 1) == three


def test_anything_may_stand_between_the_three():
    s = board(white=["B6", "E6", "H6"], black=["C6", "D6", "F6", "G6"])
    assert sorted(s.three(INDEX["E6"])) == sorted(INDEX[c] for c in ["B6", "E6", "H6"])
    assert board(white=["B6", "E6"], black=["H6"]).three(INDEX["E6"]) is None, "all three must be own pawns"


def test_troika_counts_any_direction_vector():
    for cells in (["A1", "B3", "C5"], ["A1", "C2", "E3"], ["H8", "E7", "B6"]):
        assert board(white=cells, opts={"troika": "1"}).three(INDEX[cells[0]]) is not None
        assert board(white=cells).three(INDEX[cells[0]]) is None
    assert board(white=["A1", "C1", "B3"], opts={"troika": "1"}).three(INDEX["B3"]) is None


EXAMPLE_II = "H6 D6 E6 G4 F4 F8 E8 F6 D8 D7 B6".split()


def test_example_ii_reconstructed():
    """Black's 2 goes on a red square en prise to 1, White's 3 en prise to 2 (2 attacks like a rook),
    and White's 11 makes Die Drei 1-3-11."""
    s = Drei.new()
    for k, m in enumerate(EXAMPLE_II, 1):
        assert s.result is None
        if k == 2:
            assert s.colours[INDEX[m]] == 0, "Black's 2 stands on red"
        if k == 3:
            assert s.colours[s.last_pawn] == 0 and INDEX[m] in s.attacked(s.last_pawn)
        s.push_text(m)
    assert s.result.winners == (0,) and s.result.reason == "why.drei.three"
    assert set(s.result.line) == {EXAMPLE_II[0], EXAMPLE_II[2], EXAMPLE_II[10]}
    assert s.result.line == ("B6", "E6", "H6")
    assert s.result.message("en") == "White wins with Die Drei: B6-E6-H6."
    assert s.result.message("de") == "Weiß gewinnt mit Die Drei: B6-E6-H6."
    assert ("win", ["B6", "E6", "H6"]) in s.view().lines


# ------------------------------------------------------------------ 16 pawns and the continuation
SIXTEEN = "B3 A4 B4 D3 F3 E2 C1 D2 E1 G1 H3 H6 G6 F5 D6 D8".split()


def test_sixteen_pawns_without_die_drei_draw():
    s = play("drei", SIXTEEN)
    assert s.result.reason == "why.drei.full" and s.result.winners == ()
    assert s.board.count("W") == s.board.count("B") == 8


def test_continuation_lifts_one_own_pawn_and_places_it_en_prise():
    s = play("drei", SIXTEEN, {"continuation": "1"})
    assert s.result is None and s.to_move == 0
    # Black's D8 stands on blue: a king; its five empty neighbours, for each of White's 8 pawns
    targets = {"C7", "D7", "E7", "C8", "E8"}
    whites = {CELLS[i] for i, v in enumerate(s.board) if v == "W"}
    assert texts(s) == {f"{f}-{t}" for f in whites for t in targets}
    with pytest.raises(IllegalMove, match="lift one of yours"):
        s.parse_move("C7")
    with pytest.raises(IllegalMove, match="not hold one of your pawns"):
        s.parse_move("D8-C7")
    s.push_text("D6-D7")
    assert s.board[INDEX["D6"]] == "." and s.board[INDEX["D7"]] == "W" and s.last_pawn == INDEX["D7"]
    assert s.board.count("W") == 8 and s.to_move == 1
    assert s.view().layers["last"] == ["D6", "D7"]


def test_continuation_lifting_can_open_a_line_but_not_return_to_the_same_square():
    # Black's rook on C4 looks right: D4, then White's E4 blocks. Lifting E4 opens D4 E4 F4 (red F4
    # ends the line), and E4 itself is not a new square
    s = pos(["8", "8", "...BWBBW", "..B.W...", "...W....", ".W.WBB..", "....WBW.", "...B...."],
            0, "C4", "continuation.1")
    lifts = {m for m in texts(s) if m.startswith("E4-")}
    assert "E4-F4" in lifts and "E4-E4" not in lifts
    assert "H3-F4" not in texts(s) and "H3-D4" in texts(s)
    with pytest.raises(IllegalMove, match="another square"):
        s.parse_move("E4-E4")
    assert sorted(s.view(selected="E4").layers["attack"]) == sorted(m[3:] for m in lifts)


def test_continuation_ends_with_die_drei():
    s = pos(["...W..BW", "....BB..", "....WW.W", "....BWB.", ".......B", ".......W", ".....BW.",
             ".......B"], 0, "G4", "continuation.1")
    s.push_text("D1-G5")
    assert s.result.winners == (0,) and s.result.line == ("E3", "F4", "G5")


def test_continuation_keeps_the_no_immobilising_rule():
    # Black's king on A7; green A8 would attack B6 and C7, both Black: lifting either frees only its
    # own square, where the lifted pawn may not return, so Black could not move
    s = pos(["8", ".B.B....", "..W.W...", ".W......", "..WB....", ".BB.W...", "BWBB....", ".W.W...."],
            0, "A7", "continuation.1")
    assert not any(m.endswith("-A8") for m in texts(s))
    assert s.view().layers["forbidden"] == ["A8"]


def test_continuation_repetition_draws():
    s = play("drei", SIXTEEN, {"continuation": "1"})
    cycle = ["D6-D7", "D8-C5", "D7-D6", "C5-D8"]
    for m in cycle:
        s.push_text(m)
    assert s.result is None
    for m in cycle:
        s.push_text(m)
    assert s.result.reason == "why.repetition", "the position after D8 is there for the third time"


def test_a_repetition_draw_survives_the_position_code():
    s = play("drei", SIXTEEN, {"continuation": "1"})
    for m in ["D6-D7", "D8-C5", "D7-D6", "C5-D8"] * 2:
        s.push_text(m)
    assert s.encode().startswith("2:continuation.1:")
    assert_repetition_draw_round_trips(s, ";C5-D8")


# ------------------------------------------------------------------ rules page
@pytest.mark.parametrize("lang", ["en", "de"])
def test_rules_page_examples(lang):
    from spielkiste_web.links import from_fragment
    with open(RULES.format(lang), encoding="utf-8") as f:
        html = f.read()
    links = [h.replace("&amp;", "&") for h in re.findall(r'<a class="example" href="#(drei\?[^"]+)"', html)]
    assert "drei?m=" + ",".join(EXAMPLE_II) in links
    assert "drei?p=" + FORBIDDEN_CODE in links
    assert "drei?p=2::6B1/4W1W1/6BW/8/8/8/8/8;1;H3;" in links, "the H1 example of the no-immobilising rule"
    assert "drei?p=" + EXAMPLE_II_END in links
    for frag in links:
        rec = from_fragment(frag)
        end = rec.states[-1]
        if "m=" in frag:
            assert rec.moves == EXAMPLE_II and end.result.line == ("B6", "E6", "H6")
        assert Drei.decode(end.encode()).encode() == end.encode()
    assert Drei.decode(EXAMPLE_II_END).result.line == ("B6", "E6", "H6")


# ------------------------------------------------------------------ position codes
def test_position_code_round_trip():
    s = play("drei", "A1 E1 B1")
    assert s.encode() == "2::WW2B3/8/8/8/8/8/8/8;1;B1;"
    assert texts(Drei.decode(s.encode())) == texts(s)


@pytest.mark.parametrize("code,why", [
    ("2::WW6/8/8/8/8/8/8/8;1;B1;", "alternate"),
    ("2::WB6/8/8/8/8/8/8/8;1;B1;", "wrong player"),
    ("2::WB6/8/8/8/8/8/8/8;0;A1;", "belong to the player who moved last"),
    ("2::WB6/8/8/8/8/8/8/8;0;;", "last pawn placed must be given"),
    ("2::8/8/8/8/8/8/8/8;0;A1;", "no pawn"),
    ("2::WWWB4/BB6/8/8/8/8/8/8;0;B2;", "would have ended"),          # White's old three, White to move
    ("2::WWWB4/BB6/8/8/8/8/8/7W;1;H8;", "would have ended"),         # a three without the last pawn
    ("2::WB6/8/8/8/8/8/8/8;0;A1-B1;", "lifted only in the continuation"),
    ("2::WWWWWWWW/W7/BBBBBBBB/8/8/8/8/8;1;A2;", "only 8 pawns"),
    ("2::WB6/8/8/8/8/8/8/8;0;B9;", "given by its square"),
])
def test_bad_position_codes_are_rejected(code, why):
    with pytest.raises(BadPosition, match=why):
        Drei.decode(code)


def test_a_forbidden_last_placement_is_rejected():
    # White A2 C2, Black H8 and B1 (yellow: its diagonals A2 and C2 are taken): a forbidden placement
    with pytest.raises(BadPosition, match="no legal move: that placement was forbidden"):
        pos(["1B6", "W1W5", "8", "8", "8", "8", "8", "7B"], 0, "B1")
    # Black's H1 of the game G2 G3 E2 G1 H3: White's only square H2 is itself forbidden
    with pytest.raises(BadPosition, match="that placement was forbidden"):
        Drei.decode("2::6BB/4W1W1/6BW/8/8/8/8/8;0;H1;")


EXAMPLE_II_END = "2::8/8/8/5WB1/8/1W1BWB1W/3B4/3WWB2;1;B6;"


def test_decoded_finished_positions_have_their_result():
    s = Drei.decode(EXAMPLE_II_END)
    assert s.result.winners == (0,) and s.result.line == ("B6", "E6", "H6") and s.legal_moves() == []
    full = Drei.decode(play("drei", SIXTEEN).encode())
    assert full.result.reason == "why.drei.full"


# ------------------------------------------------------------------ perft
def independent_attack_count(rows, c0, r0):
    """Attacked squares on an empty board, straight from the colour letters."""
    k = rows[r0][c0]
    if k in "RY":
        dirs = [(1, 0), (-1, 0), (0, 1), (0, -1)] if k == "R" else [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        n = 0
        for dc, dr in dirs:
            c, r = c0 + dc, r0 + dr
            while 0 <= c < 8 and 0 <= r < 8:
                n += 1
                if rows[r][c] == k:
                    break
                c, r = c + dc, r + dr
        return n
    steps = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)] if k == "G" else \
        [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if a or b]
    return sum(0 <= c0 + a < 8 and 0 <= r0 + b < 8 for a, b in steps)


def test_perft_from_the_start():
    s = Drei.new()
    assert perft(s, 1) == 64
    # with one pawn on the board no attack is ever blocked (a rook or bishop has a second direction)
    # and no reply immobilises, so depth 2 is the sum of the empty-board attack counts
    expected = sum(independent_attack_count(DEFAULT_ROWS, c, r) for r in range(8) for c in range(8))
    assert perft(s, 2) == expected


def test_perft_after_a1():
    # Black's 8 replies; White then has B1:4 C1:5 D1:4 E1:10 A2:3 A3:7 A4:5 A5:10 (by hand, A1 taken)
    s = play("drei", "A1")
    assert perft(s, 1) == 8
    assert perft(s, 2) == 4 + 5 + 4 + 10 + 3 + 7 + 5 + 10


def test_perft_continuation():
    s = play("drei", SIXTEEN, {"continuation": "1"})
    assert perft(s, 1) == 5 * 8


# ------------------------------------------------------------------ random play invariants
@settings(max_examples=examples(50), deadline=None)
@given(seed=st.integers(0, 10**9), troika=st.booleans(), random_board=st.booleans())
def test_random_games_keep_the_rules(seed, troika, random_board):
    opts = {"troika": troika}
    if random_board:
        opts.update(board="random", seed=seed)

    def check(before, move, after):
        t = move if move < LIFT else (move - LIFT) % SIZE
        if before.last_pawn >= 0:
            assert t in before.attacked(before.last_pawn), "a pawn placed not en prise"
        if after.result is None:
            assert after.legal_moves(), "the opponent was left without a legal placement"
            assert not after.all_threes("W") and not after.all_threes("B")
        elif after.result.winners:
            assert after.result.winners == (before.to_move,)
            assert after.all_threes(after.board[t])

    end = random_game(Drei.new(opts), seed, check=check)
    assert end.result is not None and end.ply <= 16
    assert end.result.reason in ("why.drei.three", "why.drei.full"), "while placing, nobody is ever stuck"
    if end.result.reason == "why.drei.full":
        assert end.ply == 16 and not end.result.winners


@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 10**9))
def test_random_continuation_games_keep_the_rules(seed):
    def check(before, move, after):
        if before.placed == 16:
            assert move >= LIFT
            f, t = divmod(move - LIFT, SIZE)
            assert before.board[f] == "WB"[before.to_move] and f != t
            assert after.board.count("W") == after.board.count("B") == 8

    end = random_game(Drei.new({"continuation": "1"}), seed, max_plies=120, check=check)
    assert end.result is None or end.result.reason in ("why.drei.three", "why.drei.stuck", "why.repetition")



# ------------------------------------------------------------------ tile values: turning and flipping
@given(st.sampled_from(TILE_VALUES))
def test_turn_tile_turns_the_laid_tile_a_quarter_clockwise(value):
    before, after = laid_tile(*PARSE_TILE[value]), laid_tile(*PARSE_TILE[turn_tile(value)])
    assert after == [list(col) for col in zip(*before[::-1], strict=True)]        # clockwise: columns read upwards
    assert PARSE_TILE[turn_tile(value)][0] == PARSE_TILE[value][0]
    assert turn_tile(turn_tile(turn_tile(turn_tile(value)))) == value


@given(st.sampled_from(TILE_VALUES))
def test_flip_tile_shows_the_laid_tile_mirrored_left_right(value):
    before, after = laid_tile(*PARSE_TILE[value]), laid_tile(*PARSE_TILE[flip_tile(value)])
    assert after == [row[::-1] for row in before]
    assert flip_tile(flip_tile(value)) == value


def test_tile_values_after_turning_and_flipping():
    assert [turn_tile(v) for v in ("1", "2r270", "3m", "4mr180")] == ["1r90", "2", "3mr90", "4mr270"]
    assert [flip_tile(v) for v in ("1", "2r90", "3m", "4mr180")] == ["1m", "2mr270", "3", "4r180"]


# ------------------------------------------------------------------ board editor
BASE = "A1 E1 B1"                  # White A1 B1 (B1 placed last, a bishop), Black E1 (a rook); Black to move


def edited(moves=BASE, to_move=None, **pawns):
    """The editor at a played position, or (with pawns) at an empty board with these pawns:
    W/B plain, w/b the pawn placed last."""
    ed = Editor.of(play("drei", moves))
    if to_move is not None:
        ed.set_to_move(to_move)
    if pawns:
        ed.clear()
        for key, cells in pawns.items():
            for cell in cells.split():
                ed.place(cell, key)
    return ed


refused = check_refused


def test_editor_marks_the_pawn_placed_last():
    ed = edited()
    assert ed.setup.board == {"A1": ("W",), "B1": ("w",), "E1": ("B",)}
    assert [p.mark for p in ed.view().pieces if p.cell == "B1"] == ["last"]


def test_editor_refuses_a_ninth_pawn():
    ed = edited(W="A1 B1 C1 D1 E1 F1 G1 H1 A2")
    refused(ed, "drei.pos.pawns", "nur 8 Figuren", [c + "1" for c in "ABCDEFGH"] + ["A2"])


def test_editor_refuses_pawn_counts_that_cannot_alternate():
    ed = edited()
    ed.place("H8", "W")
    refused(ed, "drei.pos.count", "wechseln sich ab")


def test_editor_refuses_the_wrong_player_to_move():
    ed = edited()
    ed.set_to_move(0)
    refused(ed, "drei.pos.to_move", "setzt Schwarz")


def test_editor_refuses_a_position_without_the_pawn_placed_last():
    ed = edited()
    ed.place("B1", "W")                   # the plain pawn replaces the marked one
    refused(ed, "drei.pos.last", "angegeben")


def test_editor_refuses_two_pawns_placed_last():
    ed = edited()
    ed.place("E1", "b")
    refused(ed, "drei.pos.last_many", "nur eine Figur", ["B1", "E1"])


def test_editor_refuses_a_last_pawn_of_the_player_to_move():
    ed = edited()
    ed.place("B1", "W")
    ed.place("E1", "b")
    refused(ed, "drei.pos.last_owner", "gehören", ["E1"])


def test_editor_refuses_a_three_that_would_have_ended_the_game():
    ed = edited(to_move=0, W="A1 B1 C1", B="E1 H8", b="G8")         # White's three, White to move
    refused(ed, "drei.pos.three", "beendet", ["A1", "B1", "C1"])


def test_editor_refuses_a_last_pawn_that_left_no_legal_move():
    """Black's B1 (yellow: a bishop) sees A2 and C2, both White's: White could not reply."""
    ed = edited(to_move=0, W="A2 C2", B="H8", b="B1")
    refused(ed, "drei.pos.forbidden", "verboten", ["B1"])


def test_editor_refuses_a_last_pawn_no_opponent_pawn_attacks():
    """White's H8 is on no line of Black's rook on E1: it cannot have gone there en prise."""
    ed = edited(W="A1", B="E1", w="H8")
    refused(ed, "drei.pos.en_prise", "en prise", ["H8"])
    ed.place("H8", "w")                   # off again, and onto C1 on E1's row
    ed.place("C1", "w")
    assert ed.check().last_pawn == INDEX["C1"]


def test_a_position_built_in_the_editor_plays_on():
    ed = edited()
    ed.remove("B1")
    ed.place("C1", "w")                   # White's last pawn on C1 (blue: a king) instead
    s = ed.check()
    assert s.result is None and s.to_move == 1 and s.last_pawn == INDEX["C1"]
    assert texts(s) <= {"B1", "D1", "B2", "C2", "D2"} and texts(s)
    s.push_text(sorted(texts(s))[0])
    assert Drei.decode(s.encode()).encode() == s.encode()
    assert Editor.of(s).code() == s.encode()


def test_a_finished_position_built_in_the_editor_reports_its_result():
    ed = edited(W="A1 B1", B="E1 H8", w="C1")            # C1 en prise to E1, completing A1-B1-C1
    s = ed.check()
    assert s.result.winners == (0,) and s.result.reason == "why.drei.three"
    assert s.result.line == ("A1", "B1", "C1") and s.legal_moves() == []


def test_the_solver_agrees_with_a_full_search_of_the_rules():
    """Drei.solve (drei_solver: bit masks, alpha-beta, its own reading of the no-immobilising
    rule) against every line played out by legal_moves() and play(), from positions of random
    games nine to twelve pawns in, on the default and random boards, with and without Troika; the
    positions include wins, losses and draws for the side to move, and the position above where
    A8 is forbidden."""
    s = Drei.decode(FORBIDDEN_CODE)
    assert s.solve(None, {}) == full_search(s)
    seen = set()
    for seed in range(40):
        rng = random.Random(seed)
        s = Drei.new({"board": "random", "seed": seed, "troika": seed % 3 == 0} if seed % 2 else {})
        k = rng.randrange(9, 13)
        while s.result is None and s.placed < k:
            s.play(rng.choice(s.legal_moves()))
        if s.result is None:
            value = s.solve(None, {})
            assert value == full_search(s), f"seed {seed}"
            seen.add(value[s.to_move])
    assert seen == {0.0, 0.5, 1.0}


def test_the_solver_answers_only_what_it_can():
    """None: with the continuation (positions can repeat), before the second pawn off the book's
    board (the whole game is more than a move's budget), and when the deadline passes first."""
    assert play("drei", "D4 E5 E6", {"continuation": True}).solve(None, {}) is None
    assert play("drei", "D4", {"board": "random", "seed": 3}).solve(None, {}) is None
    assert play("drei", "D4", {"troika": True}).solve(None, {}) is None
    s = play("drei", "D4 E5 E6")
    assert s.solve(0.0, {}) is None and s.solve(None, {}) is not None


def test_the_opening_book_holds_the_solvers_value_of_every_position_two_pawns_in():
    """drei_book.py (tests/bench/drei_book.py, from the solver) has a value exactly where the rules
    reach a position two pawns in on the standard board; a sample solved afresh agrees; from the book
    the first pawns count as the solver counted them one by one (drei_solver.py: 19 win, 37 draw, 8
    lose), and a custom board laid like the standard one reads it too."""
    start = Drei.new()
    reached = set()
    for w in start.legal_moves():
        for b in play("drei", CELLS[w]).legal_moves():
            reached.add(w * SIZE + b)
    assert {i for i, c in enumerate(drei_book.VALUES) if c != "."} == reached and len(reached) == 469
    for i in sorted(random.Random(53).sample(sorted(reached), 6)):
        s = play("drei", f"{CELLS[i // SIZE]} {CELLS[i % SIZE]}")
        assert s.solve(0.0, {}) == s.solve_live(None, {}), CELLS[i // SIZE] + " " + CELLS[i % SIZE]
    counts = {}
    for w in start.legal_moves():
        v = play("drei", CELLS[w]).solve(0.0, {})[0]
        counts[v] = counts.get(v, 0) + 1
    assert counts == {1.0: 19, 0.5: 37, 0.0: 8} and start.solve(0.0, {}) == (1.0, 0.0)
    tiles = {q: v for q, v in start.options.items() if q in ("tl", "tr", "bl", "br")}
    laid = play("drei", "E7", {"board": "custom", **tiles})
    assert laid.colours == start.colours and laid.solve(0.0, {}) == play("drei", "E7").solve(0.0, {}) == (0.5, 0.5)


def test_the_solver_finds_no_legal_placement_after_a_forbidden_one():
    """The positions the two forbidden placements above would make: the side to move has no
    legal placement (drei_solver.ILLEGAL), so the solver never counts such a move: Black after
    White's A8 attacks nothing, and after Black's H1 White's only reply H2 is itself forbidden."""
    for s, square in ((Drei.decode(FORBIDDEN_CODE), "A8"), (play("drei", "G2 G3 E2 G1 H3"), "H1")):
        t = INDEX[square]
        s.board[t] = OWN[s.to_move]
        mover = [1 << i for i, x in enumerate(s.board) if x == OWN[s.to_move]]
        other = [1 << i for i, x in enumerate(s.board) if x == OWN[1 - s.to_move]]
        pairs_mover, pairs_other = s._pair_squares(OWN[s.to_move]), s._pair_squares(OWN[1 - s.to_move])
        assert drei_solver.solve(sum(other), sum(mover), pairs_other, pairs_mover, t, s.placed + 1, s.attack,
                                 THIRDS[0], {}) == drei_solver.ILLEGAL, square
