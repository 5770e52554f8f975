"""Das Tor (rules: assets/rules/tor.en.html): every rule line, from real positions (the five cases of Abb. 15
rebuilt)."""
from functools import partial
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import examples, random_game, refused as check_refused, texts
from spielkiste.cli import perft
from spielkiste.codec import grid_encode
from spielkiste.editor import Editor
from spielkiste.errors import BadPosition, IllegalMove
from spielkiste.games.box import CENTRES, INDEX, PIECES
from spielkiste.games.tor import Tor
from spielkiste.texts import t
from spielkiste_web import links

# box letters: cylinder, triangle, square
#   red R s r   blue B c b   green G h g   yellow Y z y


def board(**pieces):
    cells = ["."] * 144
    for sq, ch in pieces.items():
        cells[INDEX[sq]] = ch
    return grid_encode(cells, 12)


def code(grid, to_move=0, opts="players.4", gate="", last=""):
    return f"2:{opts}:{grid};{to_move};{gate};{last};"


def at(s, sq):
    v = s.board[INDEX[sq]]
    if not v:
        return None
    return ("red", "blue", "green", "yellow")[(v - 1) // 3], ("cylinder", "triangle", "square")[(v - 1) % 3]


# ---------------------------------------------------------------- Abb. 15, rebuilt (4 players)
# Yellow: triangle A on G3, square G on F9, cylinder I on L5.
# Green: square B on G9, cylinder C on C8, triangle J on the centre K2, square K on the centre B5,
#        and a triangle D10, a square I12.
# Red: square E on L3, cylinder F on K12, square H on the centre H5, triangle A4, square A6.
# Blue: cylinder J1, triangle D12, square A11.
ABB15 = board(G3="z", F9="y", L5="Y",
              G9="g", C8="G", K2="h", B5="g", D10="h", I12="g",
              L3="r", K12="R", H5="r", A4="s", A6="r",
              J1="B", D12="c", A11="b")
YELLOW, RED, GREEN = 3, 0, 2


def test_abb15_case1_yellow_triangle_down_to_the_green_square_opens_the_gate():
    s = Tor.decode(code(ABB15, YELLOW))
    s.push_text("G3-G8")                  # stops on top of the green square B (G9)
    # row 8: green cylinder C (C8); column G: green square B (G9); with the triangle: 3 shapes
    assert s.gate == INDEX["H8"] and s.to_move == YELLOW
    assert texts(s) == {"H8T", "H8S", "H8N"}
    v = s.view()
    assert set(v.layers["gate"]) == {"G8", "C8", "G9", "H8"}
    assert s.status() == ("tor.choose", {"player": "@colour.yellow", "square": "H8"})
    s.push_text("H8T")
    assert at(s, "H8") == ("yellow", "triangle") and s.reserve[2 * YELLOW:2 * YELLOW + 2] == [2, 5]
    assert s.to_move == RED and s.in_play(YELLOW) == 4


def test_abb15_case2_two_colours_open_nothing():
    s = Tor.decode(code(ABB15, YELLOW))
    s.push_text("G3-C3")                  # row 3: red square E (L3); column C: green cylinder C
    assert s.gate == -1 and s.to_move == RED and "gate" not in s.view().layers


def test_abb15_case3_occupied_centre_lapses_the_right():
    s = Tor.decode(code(ABB15, YELLOW))
    s.push_text("G3-K3")                  # red square E in the row, red cylinder F in the column
    assert s.opens(s.line_masks(), YELLOW, 1, INDEX["K3"])    # the triangle meets the condition ...
    assert s.gate == -1 and s.to_move == RED      # ... but the green triangle stands on K2
    v = s.view()
    assert set(v.layers["gate"]) == {"K3", "L3", "K12", "K2"}
    assert ("tor.gate_taken", {"square": "K2"}) in v.notes


def test_abb15_case4_two_squares_are_not_three_shapes():
    s = Tor.decode(code(ABB15, YELLOW))
    s.push_text("F9-C9")                  # square G: green square B in the row, green cylinder C above
    assert s.gate == -1 and s.to_move == RED


def test_abb15_case5_leaving_a_centre_opens_the_centre_just_left():
    s = Tor.decode(code(ABB15, RED))
    s.push_text("H5-G5")                  # row 5: yellow cylinder I; column G: yellow triangle A
    assert s.gate == INDEX["H5"] and texts(s) == {"H5T", "H5S", "H5N"}
    s.push_text("H5S")
    assert at(s, "H5") == ("red", "square") and at(s, "G5") == ("red", "square")


def test_abb15_green_must_first_move_a_piece_off_a_centre():
    s = Tor.decode(code(ABB15, GREEN))
    # K2's field holds blue J1 and red L3; B5's field holds red A4 and A6
    assert {m.split("-")[0] for m in texts(s)} == {"K2", "B5"}
    assert s.status() == ("tor.must_leave", {"player": "@colour.green", "squares": "K2, B5"})
    assert set(s.view().layers["due"]) == {"K2", "B5"}
    with pytest.raises(IllegalMove, match="off a centre: K2 or B5"):
        s.parse_move("C8-C7")
    s.push_text("K2-K1")
    for m in ("L5-L6", "K12-K10", "A11-A12"):
        s.push_text(m)
    assert s.to_move == GREEN
    # next turn the piece left on a centre must follow
    assert {m.split("-")[0] for m in texts(s)} == {"B5"}


# Red's square on the centre E5 shares its field with a blue square (D4) and a green one (F6)
CENTRE_GRID = board(A12="R", C12="s", A10="r", E5="r", A1="B", A3="c", D4="b",
                    L1="G", J1="h", F6="g", L12="Y", L10="z", J12="y")


def test_must_leave_needs_two_opposing_pieces_and_partners_do_not_count():
    alone = Tor.decode(code(CENTRE_GRID, RED))
    assert {m.split("-")[0] for m in texts(alone)} == {"E5"}
    # with teams Blue is Red's partner: the field then holds one opponent (green F6)
    team = Tor.decode(code(CENTRE_GRID, RED, opts="players.4,teams.1"))
    assert {m.split("-")[0] for m in texts(team)} == {"A12", "C12", "A10", "E5"}
    assert team.status() is None


# ---------------------------------------------------------------- start
def test_start_layout_and_reserves():
    s = Tor.new({"players": 4})
    expect = {"A12": ("red", "cylinder"), "C12": ("red", "triangle"), "A10": ("red", "square"),
              "A1": ("blue", "cylinder"), "A3": ("blue", "triangle"), "C1": ("blue", "square"),
              "L1": ("green", "cylinder"), "J1": ("green", "triangle"), "L3": ("green", "square"),
              "L12": ("yellow", "cylinder"), "L10": ("yellow", "triangle"), "J12": ("yellow", "square")}
    for sq, piece in expect.items():
        assert at(s, sq) == piece
    assert sum(1 for v in s.board if v) == 12
    assert s.reserve == [3, 5] * 4
    assert [s.seat_colour(i) for i in range(4)] == ["red", "blue", "green", "yellow"]
    assert [s.seat_rotation(i) for i in range(4)] == [0, 270, 180, 90]
    notes = s.view().notes
    assert ("tor.reserve", {"player": "@colour.red", "n": 3, "t": 3, "s": 5}) in notes


def test_two_players_are_red_and_green_three_drop_yellow():
    two = Tor.new()
    assert [two.seat_colour(i) for i in range(2)] == ["red", "green"]
    assert at(two, "A1") is None and at(two, "L1") == ("green", "cylinder")
    three = Tor.new({"players": 3})
    assert [three.seat_colour(i) for i in range(3)] == ["red", "blue", "green"]
    assert at(three, "L12") is None


def test_turn_order_is_clockwise_from_red():
    s = Tor.new({"players": 4})
    order = []
    for _ in range(4):
        order.append(s.seat_colour(s.to_move))
        s.play(s.legal_moves()[0])
    assert order == ["red", "blue", "green", "yellow"]


def test_partners_sit_side_by_side_and_move_one_after_the_other():
    # the sheet: "Die Spieler einer Gruppe müssen nebeneinander sitzen"; play runs clockwise
    s = Tor.new({"players": 4, "teams": True})
    assert s.teams == (0, 0, 1, 1) and s.partner(0) == 1 and s.partner(2) == 3
    # Red (A12) and Blue (A1) hold the left corners, Green (L1) and Yellow (L12) the right ones
    assert [at(s, sq)[0] for sq in ("A12", "A1", "L1", "L12")] == ["red", "blue", "green", "yellow"]
    order = []
    for _ in range(8):
        order.append(s.seat_colour(s.to_move))
        s.play(s.legal_moves()[0])
    assert order == ["red", "blue", "green", "yellow"] * 2


def test_old_codes_still_open_where_the_rules_agree():
    old_start = Tor.new().encode().replace("2::", "1::") + ";"        # version 1 had a gate-move field
    assert Tor.decode(old_start).encode() == Tor.new().encode()
    old_team = Tor.new({"players": 4, "teams": True}).encode().replace("2:", "1:", 1) + ";"
    with pytest.raises(BadPosition, match="version"):                 # its partners sat opposite
        Tor.decode(old_team)


# ---------------------------------------------------------------- movement
def test_moves_go_straight_jump_anything_and_never_stop_on_a_centre():
    s = Tor.decode(code(board(E4="r", E6="g", A12="R", C12="s", L1="G", J1="h", L3="g"), opts=""))
    t = texts(s)
    assert "E4-E6" not in t                          # occupied
    assert "E4-E7" in t and "E4-E12" in t            # over the centre E5 and the green square
    assert "E4-E5" not in t and "E4-E8" not in t and "E4-E11" not in t and "E4-B4" in t
    with pytest.raises(IllegalMove, match="onto a centre"):
        s.parse_move("E4-E5")
    with pytest.raises(IllegalMove, match="straight"):
        s.parse_move("E4-F5")
    with pytest.raises(IllegalMove, match="not yours"):
        s.parse_move("L1-L2")
    with pytest.raises(IllegalMove, match="not empty"):
        s.parse_move("E4-E6")
    with pytest.raises(IllegalMove, match="open gate"):
        s.parse_move("E5T")


# ---------------------------------------------------------------- gates: partners, choice, win
PARTNER_GRID = board(L1="G", J1="h", L3="g", G3="c", H5="r", L5="B",
                     A1="b", A3="b", A10="r", L10="z", A12="R", C12="s", J12="y", L12="Y")


def test_gate_needs_an_opposing_colour_partners_do_not_count():
    alone = Tor.decode(code(PARTNER_GRID, RED))
    alone.push_text("H5-G5")                         # blue cylinder L5 in the row, blue triangle G3 above
    assert alone.gate == INDEX["H5"]
    team = Tor.decode(code(PARTNER_GRID, RED, opts="players.4,teams.1"))
    team.push_text("H5-G5")                          # Blue is Red's partner: no gate
    assert team.gate == -1 and team.to_move == 1


def test_reserve_choice_is_a_move_with_a_choice_button_each():
    s = Tor.decode(code(ABB15, YELLOW))
    s.push_text("G3-G8")
    inputs = {s.move_text(m): s.move_input(m) for m in s.legal_moves()}
    assert inputs == {"H8T": (("H8",), "tor.triangle"), "H8S": (("H8",), "tor.square"),
                      "H8N": (("H8",), "tor.no_piece")}
    assert {t(k, "de") for k in ("tor.triangle", "tor.square", "tor.no_piece")} == {"Dreieck", "Viereck",
                                                                                  "Keine neue Figur"}
    with pytest.raises(IllegalMove, match="first decide on the open gate H8"):
        s.parse_move("L5-L6")


def test_the_new_piece_may_be_declined():
    # the sheet: "so darf dieser Spieler eine zusätzliche Figur ins Spiel bringen"
    s = Tor.decode(code(ABB15, YELLOW))
    s.push_text("G3-G8")
    before = s.reserve[:]
    s.push_text("h8n")                               # notation is case-blind like every move
    assert s.gate == -1 and at(s, "H8") is None and s.reserve == before and s.in_play(YELLOW) == 3
    assert s.to_move == RED and s.move_text(s.last) == "H8N" and s.quiet == 1
    assert ("tor.gate_declined", {"square": "H8"}) in s.view().notes
    again = Tor.decode(s.encode())
    assert again.encode() == s.encode() and again.last == s.last and again.gate == -1
    with pytest.raises(BadPosition, match="last move"):             # the centre must then be empty
        Tor.decode(code(board(A12="R", C12="s", A10="r", L1="G", J1="h", L3="g", E5="s", B11="s"),
                        opts="", last="E5N"))


WIN_GRID = board(G3="h", L3="g", H5="r", L5="G",
                 A10="r", B10="r", C10="r", D10="r",
                 A12="R", C12="s", D12="s", E12="s", F12="s")


def test_all_eleven_in_play_wins():
    s = Tor.decode(code(WIN_GRID, 0, opts=""))
    assert s.in_play(0) == 10 and s.reserve[:2] == [0, 1]
    s.push_text("H5-G5")
    assert texts(s) == {"H5S", "H5N"}                # no triangle left in the reserve
    assert [s.move_text(m) for m in s.winning_moves()] == ["H5S"]
    with pytest.raises(IllegalMove, match="no triangle is left"):
        s.parse_move("H5T")
    s.push_text("H5S")
    assert s.result is not None and s.result.winners == (0,) and s.result.reason == "why.tor.all_in"
    assert s.result.message("de") == "Rot hat alle 11 Figuren im Spiel und gewinnt."
    again = Tor.decode(s.encode())
    assert again.result.winners == (0,) and again.legal_moves() == []


# Red and Blue (partners) against Green and Yellow: Red's square H5-G5 meets the yellow cylinder
# L5 in its row and the yellow triangle G3 in its column; Blue's squares fill row 7
TEAM_GRID = "cccc7B/12/6z4y/12/7r3Y/12/{row7}/12/Ghg9/{row10}/12/R1ssss6"


def test_teams_win_when_both_partners_have_all_pieces_in_play():
    done = Tor.decode(code(TEAM_GRID.format(row7="bbbbbb6", row10="rrrr8"), 0,
                           opts="players.4,teams.1"))
    assert done.in_play(1) == 11 and done.in_play(0) == 10
    done.push_text("H5-G5")
    assert done.winning_moves() == done.legal_moves()[:-1]     # not the refusal
    done.push_text("H5S")
    assert done.result.reason == "why.tor.all_in_team" and done.result.winners == (0, 1)
    assert done.result.message("en") == "Red and Blue have all their pieces in play and win."


def test_a_finished_partner_plays_on():
    # Red has all 11 in play, Blue 10: the game goes on and Red keeps moving
    s = Tor.decode(code(TEAM_GRID.format(row7="bbbbb7", row10="rrrrr7"), 0,
                        opts="players.4,teams.1"))
    assert s.result is None and s.in_play(0) == 11 and s.in_play(1) == 10
    assert s.legal_moves()
    assert s.winning_moves() == []
    s.push_text("H5-G5")              # the gate condition holds and H5 is free, but the reserve is empty
    assert s.gate == -1 and s.to_move == 1
    assert ("tor.gate_done", {"player": "@colour.red"}) in s.view().notes


# ---------------------------------------------------------------- repetition, codes
def test_shuffling_back_and_forth_is_a_draw_by_repetition():
    s = Tor.new()
    loop = ["A10-B10", "L3-K3", "B10-A10", "K3-L3"] * 3
    for m in loop[:7]:
        s.push_text(m)
        assert s.result is None
    s.push_text(loop[7])            # the start position stands for the third time
    assert s.result.reason == "why.repetition"
    assert Tor.decode(s.encode()).result.reason == "why.repetition"


@pytest.mark.parametrize("body,why", [
    (code(board(A12="R", C12="s", A10="r", L1="G", J1="h", L3="g", A1="B"), opts=""), "does not play"),
    (code(board(A12="R", C12="s", L1="G", J1="h", L3="g"), opts=""), "1 cylinder"),
    (code(board(A12="R", C12="s", E5="r", L1="G", J1="h", L3="g"), opts=""), "centres"),
    (code(board(B2="R", C12="s", A10="r", L1="G", J1="h", L3="g"), opts=""), "cylinder never"),
    (code(board(A12="R", C12="s", A10="r", L1="G", J1="h", L3="g"), 2, opts=""), "player to move"),
    (code(board(A12="R", C12="s", A10="r", L1="G", J1="h", L3="g"), opts="", gate="E5"), "gate"),
    (code(board(A12="R", C12="s", A10="r", L1="G", J1="h", L3="g"), opts="", gate="A5"), "centre"),
    (code(board(A12="R", C12="s", A10="r", L1="G", J1="h", L3="g"), opts="", last="A1-B2"), "straight"),
    (code(board(A12="R", C12="s", A10="r", L1="G", J1="h", L3="g"), opts="", last="A12-A11"), "last move"),
    (code(board(A12="R", C12="s", A10="r", L1="G", J1="h", L3="g"), opts="", gate="B11", last="A11-A12"), "gate"),
])
def test_impossible_positions_are_rejected(body, why):
    with pytest.raises(BadPosition, match=why):
        Tor.decode(body)


def test_a_pending_gate_round_trips():
    s = Tor.decode(code(ABB15, YELLOW))
    s.push_text("G3-G8")
    c = s.encode()
    again = Tor.decode(c)
    assert again.encode() == c and again.gate == INDEX["H8"] and texts(again) == {"H8T", "H8S", "H8N"}


# ---------------------------------------------------------------- perft
def test_perft_four_players():
    # The 2- and 3-player counts are in tests/perft/tor.perft: 62, and 57 with Blue's A1, A3
    # in column A and C1 in column C (-5); Yellow adds J12, L12 to row 12 and L10 to row 10 (-5).
    assert perft(Tor.new({"players": 4}), 1) == 52
    # no gate can open in the first round: teams change nothing yet
    assert perft(Tor.new({"players": 4, "teams": True}), 2) == perft(Tor.new({"players": 4}), 2) == 2746


# ---------------------------------------------------------------- random play
OPTION_SETS = [{}, {"players": 3}, {"players": 4}, {"players": 4, "teams": True}]


@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), which=st.integers(0, 3))
def test_gate_moves_are_the_movements_that_open_a_gate(seed, which):
    """The playouts' gate_moves finds (from row and column shapes) exactly the legal movements
    that the plain test opens_gate accepts."""
    rng = random.Random(seed)
    s = Tor.new(OPTION_SETS[which])
    nn = 144
    while s.result is None and s.ply < 200:
        if s.gate < 0:
            seat, masks = s.to_move, s.line_masks()
            want = {m for m in s.legal_moves() if s.opens_gate(masks, seat, m // nn, m % nn)}
            forced = s.must_leave(seat)
            sources = forced if forced and s._moves_from(forced) else s.squares_of(s.cidx[seat])
            assert set(s.gate_moves(seat, sources)) == want, s.encode()
        s.play(rng.choice(s.legal_moves()))


@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), which=st.integers(0, 3))
def test_line_masks_kept_move_by_move_match_the_board(seed, which):
    """The row and column shape masks _apply keeps up to date are those read afresh from the board."""
    def check(before, move, after):
        assert after.line_masks() == Tor.decode(after.encode()).line_masks(), after.encode()

    random_game(Tor.new(OPTION_SETS[which]), seed, max_plies=150, check=check)


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), which=st.integers(0, 3))
def test_random_play_invariants(seed, which):
    rng = random.Random(seed)
    start = Tor.new(OPTION_SETS[which])
    centres = set(CENTRES)

    def check(before, move, after):
        text = before.move_text(move)
        probe = before.copy()
        assert probe.playout_move(rng) in before.legal_moves()
        assert probe.encode() == before.encode(), "playout_move must leave the position as it was"
        seat = before.to_move
        for s in range(after.num_players):
            gained = after.in_play(s) - before.in_play(s)
            assert gained == (1 if s == seat and text[-1] in "TS" else 0)
        if "-" in text:
            frm, to = (INDEX[x] for x in text.split("-"))
            assert to not in centres
            forced = before.must_leave(seat)
            if forced and before._moves_from(forced):
                assert frm in forced
            if after.gate >= 0:
                assert after.to_move == seat and after.gate in centres and not after.board[after.gate]
                assert after.opens(after.line_masks(), seat, (after.board[to] - 1) % 3, to)
        else:
            assert before.gate == INDEX[text[:-1]] and after.gate == -1
        for i, v in enumerate(after.board):
            if v and (v - 1) % 3 == 0:
                assert i not in centres, "a cylinder stands on a centre"
        assert all(x >= 0 for x in after.reserve)
        if after.result is not None:
            assert after.result.reason in ("why.tor.all_in", "why.tor.all_in_team", "why.repetition", "why.tor.quiet")
        else:
            ev = after.evaluate()
            assert len(ev) == after.num_players and all(0.0 <= x <= 1.0 for x in ev)

    random_game(start, seed, max_plies=200, check=check)


def test_every_start_piece_letter_is_a_box_letter():
    s = Tor.new({"players": 4})
    grid = s.encode().split(":")[2].split(";")[0]
    assert set(ch for ch in grid if ch.isalpha()) <= set(PIECES)


# ---------------------------------------------------------------- the rules pages' examples
def page_codes(lang):
    import html
    import os
    import re
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    text = open(os.path.join(root, "assets", "rules", f"tor.{lang}.html"), encoding="utf-8").read()
    return [html.unescape(c) for c in re.findall(r'class="example" href="#tor\?p=([^"]+)"', text)]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_example_link_opens_and_shows_its_fact(lang):
    codes = page_codes(lang)
    assert len(codes) == 7
    start, c1, c2, c3, c4, c5, green = (Tor.decode(c) for c in codes)
    assert start.encode() == Tor.new({"players": 4}).encode()
    after = {}
    for seat, mv in ((YELLOW, "G3-G8"), (YELLOW, "G3-C3"), (YELLOW, "G3-K3"), (YELLOW, "F9-C9"), (RED, "H5-G5")):
        s = Tor.decode(code(ABB15, seat))
        s.push_text(mv)
        after[mv] = s.encode()
    assert [c1.encode(), c2.encode(), c3.encode(), c4.encode(), c5.encode()] == list(after.values())
    assert c1.gate == INDEX["H8"] and set(c1.view().layers["gate"]) == {"G8", "C8", "G9", "H8"}
    assert c2.gate == -1 and "gate" not in c2.view().layers
    assert c3.gate == -1 and "gate" in c3.view().layers and at(c3, "K2") == ("green", "triangle")
    assert c4.gate == -1 and "gate" not in c4.view().layers
    assert c5.gate == INDEX["H5"] and c5.to_move == RED
    assert green.to_move == GREEN and set(green.must_leave(GREEN)) == {INDEX["K2"], INDEX["B5"]}


@pytest.mark.parametrize("seat", [YELLOW, RED])
def test_gate_options_count_the_movements_that_open_a_gate(seat):
    s = Tor.decode(code(ABB15, seat))
    opening = 0
    for m in s.legal_moves():
        t = s.copy()
        t.play(m)
        opening += t.gate >= 0
    assert opening >= 2 and s.gate_options(seat) == opening      # G3-G8 for Yellow, H5-G5 for Red among them


def test_thirty_rounds_without_a_new_piece_draw_our_choice():
    s = Tor.decode(code(ABB15, YELLOW) + ";119")    # 4 players: 120 turns = 30 rounds
    quiet = s.copy()
    quiet.push_text("G3-C3")                         # no gate
    assert quiet.result.reason == "why.tor.quiet"
    assert quiet.result.message("en") == "No new piece in play for 30 rounds: draw."
    assert Tor.decode(quiet.encode()).result.reason == "why.tor.quiet"
    s.push_text("G3-G8")                             # opens H8: the turn ends with the choice
    assert s.result is None and s.gate == INDEX["H8"] and s.quiet == 119
    pending = s.encode()
    assert pending.endswith(";H8;G3-G8;;119")
    declined = s.copy()
    declined.push_text("H8N")                        # no new piece: the 120th quiet turn draws
    assert declined.result.reason == "why.tor.quiet"
    s.push_text("H8S")
    assert s.result is None and s.quiet == 0
    with pytest.raises(BadPosition, match="without progress"):
        Tor.decode(code(ABB15, YELLOW) + ";121")
    with pytest.raises(BadPosition, match="new piece is coming"):
        Tor.decode(pending.replace(";119", ";120"))


# ---------------------------------------------------------------- board editor
def editor(players=2, moves=()):
    """An editor on the position after `moves`."""
    s = Tor.new({"players": players})
    for m in moves:
        s.push_text(m)
    return Editor.of(s)


refused = partial(check_refused, prefix="tor.pos.")


def all_in(ed, triangle, square, triangles, squares):
    """Brings a colour's other 3 triangles and 5 squares onto the board (none on a centre)."""
    for sq in triangles.split():
        ed.place(sq, triangle)
    for sq in squares.split():
        ed.place(sq, square)


RED_IN = ("s", "r", "D7 D9 D10", "F7 F9 F10 G7 G9")
GREEN_IN = ("h", "g", "I4 I6 I7", "J4 J6 J7 C4 C6")


def test_editor_a_cylinder_on_a_centre_is_marked():
    ed = editor(moves=("A10-B10", "L3-K3"))
    ed.move("A12", "B11")
    e = refused(ed, "cylinder")
    assert e.cells == ("B11",) and "Zylinder" in e.message("de")


def test_editor_wrong_piece_counts_are_refused_and_a_surplus_marked():
    ed = editor(moves=("A10-B10", "L3-K3"))
    ed.remove("B10")
    e = refused(ed, "pieces")
    assert e.cells == () and "Rot" in e.message("de") and "Vierecke" in e.message("de")
    ed.place("B10", "r")
    for sq in ("D7", "D9", "D10", "F7"):
        ed.place(sq, "s")
    e = refused(ed, "pieces")
    assert set(e.cells) == {"C12", "D7", "D9", "D10", "F7"}


def test_editor_pieces_on_centres_need_gates_and_are_marked():
    """A piece reaches a centre only through a gate; one triangle and one square of each colour
    started off the centres."""
    ed = editor(moves=("A10-B10", "L3-K3"))
    ed.move("C12", "E5")
    e = refused(ed, "centres.1")
    assert e.cells == ("E5",) and "Dreiecke" in e.message("de")
    ed.move("E5", "C12")
    ed.move("B10", "H8")
    e = refused(ed, "centres.2")
    assert e.cells == ("H8",) and "Vierecke" in e.message("de")


def test_editor_two_sides_cannot_both_be_complete():
    ed = editor(moves=("A10-B10", "L3-K3"))
    all_in(ed, *RED_IN)
    all_in(ed, *GREEN_IN)
    assert "zwei Seiten" in refused(ed, "two_winners").message("de")


def test_editor_a_won_game_is_over_with_the_turn_passed_on():
    """Red's eleventh piece ended Red's turn: with Red still to move the position never arose
    (the old reader accepted it); with Green to move Red has won."""
    ed = editor(moves=("A10-B10", "L3-K3"))
    all_in(ed, *RED_IN)
    e = refused(ed, "win_turn")
    assert e.params["why"][1] == {"colour": "@colour.red", "player": "@colour.red"}
    assert "nicht Rot" in e.message("de")
    ed.set_to_move(1)
    s = ed.check()
    assert s.result.reason == "why.tor.all_in" and s.result.winners == (0,) and s.legal_moves() == []


def test_editor_position_plays_on():
    ed = editor(3, ("A10-B10", "A3-D3", "L3-K3"))
    ed.place("E5", "h")                     # a green triangle came in through a gate
    ed.place("D7", "h")
    ed.move("C12", "C9")
    s = ed.check()
    assert s.result is None and s.to_move == 0 and s.reserve[4:] == [1, 5]
    assert "C9-C10" in texts(s)
    s.push_text("C9-C10")
    assert Tor.decode(s.encode()).encode() == s.encode() and Editor.of(s).code() == s.encode()


def test_a_gate_used_is_said_as_done_not_as_open():
    """Found by a probe: after Red brought a triangle onto the gate E2, the next player's turn still
    read "Gate! E2 opens for Red.", as if the gate stood open now. The piece on E2 (the rules keep no
    record of the choice) says what was done."""
    link = "tor?m=A12-A3,L3-C3,B2S,A3-J3,K2T,J1-J10,K11T,K2-L2,K2T,C3-F3,C12-F12,F3-B3,J3-J4,L1-L10,J4-L4,L10-F10,E11S"
    opened = links.from_fragment(link + ",K2-F2").current          # Red's move opens the gate: it is open now
    assert opened.gate >= 0 and [(k, a["square"]) for k, a in opened.view().notes if k.startswith("tor.gate")] == [
        ("tor.gate_open", "E2")]
    done = links.from_fragment(link + ",K2-F2,E2T").current        # the triangle brought in: Green to move
    notes = [(k, a) for k, a in done.view().notes if k.startswith("tor.gate")]
    assert done.gate < 0 and done.board[INDEX["E2"]] and [k for k, _ in notes] == ["tor.gate_used"]
    assert t("tor.gate_used", "en", **notes[0][1]) == "Gate: Red brought a new triangle onto E2."
    assert t("tor.gate_used", "de", **notes[0][1]) == "Tor: Rot hat ein neues Dreieck auf E2 gebracht."
