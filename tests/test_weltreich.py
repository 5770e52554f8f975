"""Weltreich (rules: assets/rules/weltreich.en.html): every rule line, from real positions (Abb. 7 rebuilt)."""
from functools import partial
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import examples, random_game, refused as check_refused, texts
from spielkiste.cli import perft
from spielkiste.codec import grid_encode
from spielkiste.editor import Editor
from spielkiste.errors import BadPosition, IllegalMove
from spielkiste.games.box import INDEX
from spielkiste.games.weltreich import Weltreich
from spielkiste.texts import tr

# box letters: cylinder = commander, triangle = rider, square = archer
#   blue B c b   red R s r   green G h g   yellow Y z y


def pos(rows, to_move=0, opts="", last="", drawn=""):
    """A position from 12 row strings of 12 characters ('.' empty, box letters)."""
    assert len(rows) == 12 and all(len(r) == 12 for r in rows)
    return Weltreich.decode(f"2:{opts}:{grid_encode(list(''.join(rows)), 12)};{to_move};{last};{drawn}")


def board(**pieces):
    """12 empty rows with pieces given as square=letter."""
    cells = ["."] * 144
    for sq, ch in pieces.items():
        cells[INDEX[sq]] = ch
    return ["".join(cells[r * 12:(r + 1) * 12]) for r in range(12)]


def at(s, sq):
    """(colour, shape) on a square, or None."""
    v = s.board[INDEX[sq]]
    if not v:
        return None
    ch = s._char(v)
    from spielkiste.games.box import PIECES
    return PIECES[ch]


def captures(s):
    return {t for t in texts(s) if "x" in t}


# ---------------------------------------------------------------- Abb. 7, rebuilt
# Red holds three thrones: archer "E" on H8 (Blue's crowning throne), rider "H" on H5, an archer
# on E5. Blue's archer "G" stands on the fourth throne E8. Red's rider "F" on E11 is 3 from E8.
# Blue could retake E8 three ways: commander "C" on C8 (distance 2), rider B8 (3), archer E4 (4).
# Blue's commander C on C8 is 5 from H8, so it can capture E on its crowning throne, where
# Red's rider H (H5, distance 3) takes it at once.
ABB7 = board(E4="b", E5="r", H5="s", B8="c", C8="B", E8="b", H8="r", E11="s", K11="R")
ABB7_RED = f"2::{grid_encode(list(''.join(ABB7)), 12)};1;;"
ABB7_BLUE = f"2::{grid_encode(list(''.join(ABB7)), 12)};0;;"
# the same with rider H on H4 (7 and 4 from the squares that matter): nothing reaches H8 any more
ABB7_SAFE = board(E4="b", E5="r", H4="s", B8="c", C8="B", E8="b", H8="r", E11="s", K11="R")


def test_abb7_move_onto_the_fourth_throne_wins_although_it_can_be_retaken():
    s = Weltreich.decode(ABB7_RED)
    assert s.result is None and s.thrones_held(1) == 3
    s.push_text("E11xE8")
    assert s.result is not None and s.result.winners == (1,)
    assert s.result.reason == "why.weltreich.thrones"
    assert set(s.result.line) == {"E5", "H5", "E8", "H8"}
    assert s.result.message("en") == "Red holds all 4 thrones and wins."
    # three Blue pieces could have recaptured E8 at their exact distances
    e8 = INDEX["E8"]
    attackers = [sq for sq, d in (("C8", 2), ("B8", 3), ("E4", 4)) if at(s, sq)[0] == "blue"]
    assert len(attackers) == 3 and s.capturable(e8, 1)


def test_abb7_commander_on_a_capturable_crowning_throne_does_not_win_and_is_lost():
    s = Weltreich.decode(ABB7_BLUE)
    assert "C8xH8" in texts(s)           # the commander captures at distance 5
    s.push_text("C8xH8")
    assert s.result is None and at(s, "H8") == ("blue", "cylinder")
    assert "H5xH8" in captures(s)        # Red's rider H, three squares away
    assert Weltreich.decode(ABB7_BLUE).status() is None
    s2 = Weltreich.decode(s.encode())
    s2.push_text("K11-K12")
    assert s2.status() == ("weltreich.threat", {"player": "@colour.blue", "square": "H8"})
    s.push_text("H5xH8")
    assert s.result.winners == (1,) and s.result.reason == "why.weltreich.commander"
    assert s.result.message("en") == "Red captures the commander of Blue and wins."
    assert s.result.message("de") == "Rot schlägt den Kommandeur von Blau und gewinnt."


def test_crowning_throne_wins_when_no_enemy_can_capture_there():
    s = pos(ABB7_SAFE, 0)
    s.push_text("C8xH8")
    assert s.result.winners == (0,) and s.result.reason == "why.weltreich.crown"
    assert s.result.line == ("H8",)


def test_only_the_own_crowning_throne_crowns():
    # Blue's commander on E5 (Red's crowning throne), uncapturable: nothing happens
    s = pos(board(E3="B", K11="R"), 0)
    s.push_text("E3-E5")
    assert s.result is None
    s2 = pos(board(H3="B", K11="R"), 0)
    s2.push_text("H3-H8")
    assert s2.result.reason == "why.weltreich.crown"


def test_crowning_is_checked_after_each_own_move_our_choice():
    # Blue's commander already stands on H8 under threat from Red's rider H5; Blue's archer H1
    # captures that rider (distance 4): the commander now stands uncapturable, and Blue wins.
    s = pos(board(H1="b", H5="s", H8="B", K11="R", A12="r"), 0)
    assert s.result is None
    s.push_text("H1xH5")
    assert s.result.reason == "why.weltreich.crown" and s.result.winners == (0,)


# ---------------------------------------------------------------- start and turn order
def test_start_layout_two_players():
    s = Weltreich.new()
    blue = {"B2": "cylinder", "B1": "triangle", "A2": "triangle", "C2": "triangle", "B3": "triangle",
            "A1": "square", "C1": "square", "A3": "square", "C3": "square", "D1": "square", "A4": "square"}
    red = {"K11": "cylinder", "K12": "triangle", "L11": "triangle", "J11": "triangle", "K10": "triangle",
           "L12": "square", "J12": "square", "L10": "square", "J10": "square", "I12": "square", "L9": "square"}
    for sq, shape in blue.items():
        assert at(s, sq) == ("blue", shape)
    for sq, shape in red.items():
        assert at(s, sq) == ("red", shape)
    assert sum(1 for v in s.board if v) == 22
    assert [s.seat_colour(i) for i in range(2)] == ["blue", "red"]


def test_start_layout_four_players_and_clockwise_order():
    s = Weltreich.new({"players": 4})
    assert at(s, "K2") == ("green", "cylinder") and at(s, "B11") == ("yellow", "cylinder")
    assert at(s, "B2") == ("blue", "cylinder") and at(s, "K11") == ("red", "cylinder")
    for colour in ("blue", "green", "red", "yellow"):
        shapes = [at(s, sq)[1] for sq in INDEX if at(s, sq) and at(s, sq)[0] == colour]
        assert sorted(shapes) == ["cylinder"] + ["square"] * 6 + ["triangle"] * 4
    # clockwise: top left, top right, bottom right, bottom left
    order = []
    for _ in range(4):
        order.append(s.seat_colour(s.to_move))
        s.play(s.legal_moves()[0])
    assert order == ["blue", "green", "red", "yellow"] and s.to_move == 0
    assert [s.seat_rotation(i) for i in range(4)] == [180, 90, 0, 270]


def test_three_players_use_three_corners():
    s = Weltreich.new({"players": 3})
    assert [s.seat_colour(i) for i in range(3)] == ["blue", "green", "red"]
    assert sum(1 for v in s.board if v) == 33 and at(s, "B11") is None


# ---------------------------------------------------------------- movement and capture
def test_moves_go_straight_any_distance_jumping_over_anything():
    s = Weltreich.new()
    t = texts(s)
    assert "B2-B4" in t and "B2-B12" in t     # over the own rider on B3, down the whole column
    assert "B2-L2" in t and "A1-A12" in t
    for bad, why in (("B2-C3", "straight"), ("B2-B3", "own side"), ("K11-K9", "not yours"),
                     ("E5-E6", "no piece")):
        with pytest.raises(IllegalMove, match=why):
            s.parse_move(bad)


CAPTURE_LAB = board(J2="b", D4="c", G4="r", J5="s", J6="r", D7="r", D8="r",
                    A10="B", C10="s", D10="s", F10="r", A12="r", L12="R")


def test_each_piece_captures_at_exactly_its_distance():
    s = pos(CAPTURE_LAB, 0)
    # rider 3 (over D5, D6 and onto D7; along the row onto G4), archer 4, commander 2 or 5
    assert captures(s) == {"D4xD7", "D4xG4", "J2xJ6", "A10xC10", "A10xF10", "A10xA12"}
    with pytest.raises(IllegalMove, match="exactly 3 squares, not 4"):
        s.parse_move("D4xD8")
    with pytest.raises(IllegalMove, match="exactly 4 squares, not 3"):
        s.parse_move("J2xJ5")
    with pytest.raises(IllegalMove, match="exactly 2 or 5 squares, not 3"):
        s.parse_move("A10xD10")


def test_a_captured_piece_leaves_the_game():
    s = pos(CAPTURE_LAB, 0)
    before = sum(1 for v in s.board if v)
    s.push_text("D4-D7")        # a capture may be written with '-' too
    assert at(s, "D7") == ("blue", "triangle") and at(s, "D4") is None
    assert sum(1 for v in s.board if v) == before - 1
    assert s.move_text(s.last) == "D4xD7" or s.last == INDEX["D4"] * 144 + INDEX["D7"]


def test_capture_needs_an_enemy_not_a_partner():
    # teams: Blue (seat 0) and Green (seat 1) are partners; Red (2) is an enemy
    rows = board(B2="B", K2="G", K11="R", B11="Y", E6="c", E9="r", H6="h")
    s = pos(rows, 0, opts="players.4,teams.1")
    assert "E6xE9" in captures(s)                 # the red archer, 3 away
    assert "E6xH6" not in texts(s)                # the green partner's rider, also 3 away
    with pytest.raises(IllegalMove, match="own side"):
        s.parse_move("E6xH6")


# ---------------------------------------------------------------- thrones and crowns on the board
def test_thrones_and_crowning_thrones_are_marked():
    v = Weltreich.new().view()
    marks = {c.id: (c.mark, c.label and tr(c.label)) for c in v.cells if c.mark in ("throne", "crown")}
    assert marks == {"E5": ("crown", "for Red"), "H8": ("crown", "for Blue"), "H5": ("throne", None),
                     "E8": ("throne", None)}
    v4 = Weltreich.new({"players": 4}).view()
    labels = {c.id: tr(c.label, "de") for c in v4.cells if c.mark == "crown"}
    assert labels == {"H8": "für Blau", "E8": "für Grün", "E5": "für Rot", "H5": "für Gelb"}


def test_selected_piece_shows_its_capture_squares_and_moves():
    s = pos(CAPTURE_LAB, 0)
    v = s.view(selected="D4")
    assert set(v.layers["capture"]) == {"D1", "D7", "A4", "G4"}        # all squares 3 away
    assert "D9" in v.layers["reach"] and "D7" not in v.layers["reach"]      # jumps; D7, D8 are taken
    assert "D8" not in v.layers["reach"] + v.layers["capture"]              # 4 away: no capture
    v = s.view(selected="A10")
    assert set(v.layers["capture"]) == {"A8", "A5", "A12", "C10", "F10"}   # 2 or 5 away, on the board
    v = s.view(frozenset({"threatened"}))
    assert "danger" in v.layers


# ---------------------------------------------------------------- two-player ends
def test_two_players_need_all_four_thrones():
    # Blue already holds E5 and H5 and moves onto E8: three thrones are not enough for two players
    s = pos(board(E5="b", H5="c", E2="b", L2="R", B2="B"), 0)
    s.push_text("E2-E8")
    assert s.result is None and s.thrones_held(0) == 3


def test_capturing_the_enemy_commander_wins_two_players():
    s = pos(board(B2="B", B7="R", A1="r"), 0)
    s.push_text("B2xB7")
    assert s.result.winners == (0,) and s.result.reason == "why.weltreich.commander"
    assert s.view().layers["captured"] == ["B7"]


# ---------------------------------------------------------------- three and four players
def three(**pieces):
    return board(**pieces)


def test_three_of_four_thrones_win_with_three_players():
    rows = three(B2="B", K2="G", K11="R", E5="b", H5="c", E2="b")
    s = pos(rows, 0, opts="players.3")
    s.push_text("E2-E8")
    assert s.result.reason == "why.weltreich.thrones3" and s.result.winners == (0,)
    assert s.result.message("en") == "Blue holds 3 of the 4 thrones and wins."


def test_crowning_with_three_players_fails_if_any_following_player_could_capture():
    # Red (seat 2, the second to follow Blue) has an archer 4 from H8: no crown
    s = pos(three(H3="B", K2="G", K11="R", L8="r"), 0, opts="players.3")
    s.push_text("H3-H8")
    assert s.result is None
    s = pos(three(H3="B", K2="G", K11="R", L7="r"), 0, opts="players.3")
    s.push_text("H3-H8")
    assert s.result.reason == "why.weltreich.crown"


def test_captured_commander_player_drops_out_and_his_pieces_join_the_captor():
    s = pos(three(F3="B", K3="G", K11="R", K5="h", J1="g", A9="g", F9="s"), 0, opts="players.3")
    s.push_text("F3xK3")                              # distance 5
    assert s.result is None
    assert s.cmd[1] == -1
    for sq in ("K5", "J1", "A9"):
        assert at(s, sq)[0] == "blue"                 # Green's pieces joined Blue
    assert at(s, "K5") == ("blue", "triangle") and at(s, "A9") == ("blue", "square")
    assert s.to_move == 2                             # Green is skipped: Red moves next
    s.push_text("K11-K12")
    assert s.to_move == 0
    assert "J1-J2" in texts(s)                        # the former green archer moves for Blue
    v = s.view()
    assert ("weltreich.out", {"player": "@colour.green"}) in v.notes


def test_joined_pieces_can_complete_three_thrones():
    # Green holds E8 and H8 with archers; Blue holds E5; Blue captures Green's commander
    s = pos(three(E5="b", F3="B", K3="G", E8="g", H8="g", K11="R"), 0, opts="players.3")
    s.push_text("F3xK3")
    assert s.result.reason == "why.weltreich.thrones3" and s.result.winners == (0,)


def test_the_last_commander_standing_wins():
    s = pos(three(F3="B", K3="R", C11="b"), 0, opts="players.3")   # Green is out already
    assert s.result is None
    s.push_text("F3xK3")
    assert s.result.reason == "why.weltreich.last" and s.result.winners == (0,)
    assert s.result.rewards == (1.0, 0.0, 0.0)


def test_four_player_order_skips_the_eliminated_seat():
    s = pos(board(F4="B", K4="G", K11="R", B11="Y", A7="h"), 0, opts="players.4")
    s.push_text("F4xK4")                              # commander, distance 5
    assert at(s, "A7") == ("blue", "triangle")
    order = []
    for m in ("K11-K12", "B11-B12", "K4-K5", "K12-K11"):
        order.append(s.to_move)
        s.push_text(m)
    assert order == [2, 3, 0, 2]


# ---------------------------------------------------------------- teams
TEAMS = "players.4,teams.1"


def test_teams_win_with_all_four_thrones_together():
    s = pos(board(B2="B", K2="G", K11="R", B11="Y", E5="b", H5="g", E8="h", H2="c"), 0, opts=TEAMS)
    s.push_text("H2-H8")
    assert s.result.reason == "why.weltreich.thrones_team" and s.result.winners == (0, 1)
    assert s.result.message("en") == "Blue and Green hold all 4 thrones and win."


def test_teams_three_thrones_are_not_enough():
    s = pos(board(B2="B", K2="G", K11="R", B11="Y", E5="b", H5="g", H2="c"), 0, opts=TEAMS)
    s.push_text("H2-H8")
    assert s.result is None


def test_teams_need_both_partners_crowned():
    # Green's commander already stands on its crowning throne E8, uncapturable; Blue joins on H8
    rows = board(H2="B", E8="G", K11="R", B11="Y")
    s = pos(rows, 0, opts=TEAMS)
    s.push_text("H2-H8")
    assert s.result.reason == "why.weltreich.crown_team" and s.result.winners == (0, 1)
    assert s.result.line == ("H8", "E8")
    # alone it is not enough
    s = pos(board(H2="B", K2="G", E12="R", B11="Y"), 0, opts=TEAMS)
    s.push_text("H2-H8")
    assert s.result is None


def test_teams_win_by_capturing_an_enemy_commander():
    s = pos(board(B6="B", K2="G", K11="R", B11="Y"), 0, opts=TEAMS)
    s.push_text("B6xB11")
    assert s.result.reason == "why.weltreich.commander_team" and s.result.winners == (0, 1)
    assert s.result.rewards == (1.0, 1.0, 0.0, 0.0)
    assert s.result.message("en") == "Blue captures the commander of Yellow: Blue and Green win."


def test_partners_sit_side_by_side_and_move_one_after_the_other():
    # the sheet: "Die Spieler einer Gruppe sitzen nebeneinander"; play runs clockwise
    s = Weltreich.new({"players": 4, "teams": True})
    assert s.teams == (0, 0, 1, 1) and s.partner(0) == 1 and s.partner(3) == 2
    # Blue (B2) and Green (K2) own the top corners, Red (K11) and Yellow (B11) the bottom ones
    assert [s.corner(i) for i in range(4)] == ["tl", "tr", "br", "bl"]
    assert s.cmd == [INDEX["B2"], INDEX["K2"], INDEX["K11"], INDEX["B11"]]
    assert [s.seat_rotation(i) for i in range(4)] == [180, 90, 0, 270]
    order = []
    for _ in range(8):
        order.append(s.seat_colour(s.to_move))
        s.play(s.legal_moves()[0])
    assert order == ["blue", "green", "red", "yellow"] * 2


def test_old_codes_still_open_where_the_rules_agree():
    assert Weltreich.decode(ABB7_RED.replace("2::", "1::", 1)).encode() == ABB7_RED
    old_team = Weltreich.new({"players": 4, "teams": True}).encode().replace("2:", "1:", 1)
    with pytest.raises(BadPosition, match="version"):                 # its partners sat opposite
        Weltreich.decode(old_team)


def test_notes_count_thrones_and_name_crowned_commanders():
    s = Weltreich.decode(ABB7_BLUE)
    assert ("weltreich.thrones", {"player": "@colour.red", "n": 3}) in s.view().notes
    assert ("weltreich.thrones", {"player": "@colour.blue", "n": 1}) in s.view().notes
    s.push_text("C8xH8")
    assert ("weltreich.crowned", {"player": "@colour.blue", "square": "H8"}) in s.view().notes


# ---------------------------------------------------------------- repetition
def test_shuffling_back_and_forth_is_a_draw_by_repetition():
    s = Weltreich.new()
    loop = ["A4-A5", "L9-L8", "A5-A4", "L8-L9"] * 3
    for m in loop[:7]:
        s.push_text(m)
        assert s.result is None
    s.push_text(loop[7])            # the start position stands for the third time
    assert s.result is not None and s.result.reason == "why.repetition"
    assert s.result.message("en") == "Draw by threefold repetition."
    again = Weltreich.decode(s.encode())
    assert again.result is not None and again.result.reason == "why.repetition"


# ---------------------------------------------------------------- position codes
@pytest.mark.parametrize("rows,opts,to_move,why", [
    (board(B2="B", C5="B", K11="R"), "", 0, "two commanders"),
    (board(B2="B", K11="R", B11="Y"), "", 0, "(?i)no yellow player"),
    (board(B2="B", K11="R"), "", 2, "player to move"),
    (board(B2="B", K11="R", A5="g"), "players.3", 0, "no commander"),
    (board(B2="B", A5="r"), "", 0, "does not fit"),                    # Red lost its commander, Red to move
    (board(B2="B", K11="R", E5="r", H5="r", E8="r", H8="r"), "", 1, "would have won"),
])
def test_impossible_positions_are_rejected(rows, opts, to_move, why):
    with pytest.raises(BadPosition, match=why):
        pos(rows, to_move, opts=opts)


def test_bad_fields_are_rejected():
    good = grid_encode(list("".join(board(B2="B", K11="R"))), 12)
    for body in (f"{good};0;B2-C3;", f"{good};0;;x", f"{good};0;", f"{good};0;A1-A2;"):
        with pytest.raises(BadPosition):
            Weltreich.decode("2::" + body)


def test_finished_positions_decode_with_their_result():
    s = Weltreich.decode(ABB7_RED)
    s.push_text("E11xE8")
    again = Weltreich.decode(s.encode())
    assert again.result.reason == "why.weltreich.thrones" and again.result.winners == (1,)
    assert again.legal_moves() == []


# ---------------------------------------------------------------- perft
def test_perft_four_players():
    # The 2- and 3-player counts are in tests/perft/weltreich.perft: 194, and 194 - 35 with Green
    # in rows 1-4; Yellow does the same in columns A-D.
    assert perft(Weltreich.new({"players": 4}), 1) == 194 - 70


def test_perft_teams_partners_never_capture_each_other():
    # After each of Blue's 124 first moves, Green (next, now Blue's partner) could capture a
    # blue piece 40 times in all without teams; with teams those captures are not moves.
    alone, teams = Weltreich.new({"players": 4}), Weltreich.new({"players": 4, "teams": True})
    captures = 0
    for m in alone.legal_moves():
        t = alone.copy()
        t.play(m)
        captures += sum(1 for x in t.legal_moves() if t.board[x % 144])
    assert captures == 40
    assert perft(alone, 2) == 15594 and perft(teams, 2) == 15594 - captures


# ---------------------------------------------------------------- random play
def reference_moves(s):
    """Independent move generator from the rule text, by coordinates."""
    out = set()
    seat = s.to_move
    dist = {"cylinder": (2, 5), "triangle": (3,), "square": (4,)}
    cols = "ABCDEFGHIJKL"
    own = {sq: at(s, sq) for sq in INDEX if at(s, sq) and s.seat_colour(seat) == at(s, sq)[0]}
    colour_team = {s.seat_colour(x): s.teams[x] for x in range(s.num_players)}
    for sq, (_colour, shape) in own.items():
        c, r = cols.index(sq[0]), int(sq[1:]) - 1
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            for k in range(1, 12):
                cc, rr = c + dc * k, r + dr * k
                if not (0 <= cc < 12 and 0 <= rr < 12):
                    break
                tsq = f"{cols[cc]}{rr + 1}"
                there = at(s, tsq)
                if there is None:
                    out.add(f"{sq}-{tsq}")
                elif k in dist[shape] and colour_team[there[0]] != s.teams[seat]:
                    out.add(f"{sq}x{tsq}")
    return out


OPTION_SETS = [{}, {"players": 3}, {"players": 4}, {"players": 4, "teams": True}]


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), which=st.integers(0, 3))
def test_random_play_invariants(seed, which):
    opts = OPTION_SETS[which]
    rng = random.Random(seed)
    start = Weltreich.new(opts)
    individual = start.individual()

    def check(before, move, after):
        text = before.move_text(move)
        probe = before.copy()
        assert probe.playout_move(rng) in before.legal_moves()
        assert probe.encode() == before.encode(), "playout_move must leave the position as it was"
        frm, to = re.split("[-x]", text)
        n_before = sum(1 for v in before.board if v)
        n_after = sum(1 for v in after.board if v)
        assert n_after == n_before - ("x" in text)
        if "x" in text:
            shape = at(before, frm)[1]
            fr, tr = INDEX[frm], INDEX[to]
            d = abs(fr // 12 - tr // 12) + abs(fr % 12 - tr % 12)
            assert d in {"cylinder": (2, 5), "triangle": (3,), "square": (4,)}[shape]
        for seat in range(after.num_players):
            pieces = [v for v in after.board if v and (v - 1) // 3 == seat]
            commanders = [v for v in pieces if (v - 1) % 3 == 0]
            assert len(commanders) == (1 if after.cmd[seat] >= 0 else 0)
            if after.cmd[seat] < 0 and individual:
                assert not pieces, "an eliminated player's pieces must have joined the captor"
        if after.result is None:
            assert after.cmd[after.to_move] >= 0
            assert not (after.num_players == 2 or not individual) or all(c >= 0 for c in after.cmd)
            ev = after.evaluate()
            assert len(ev) == after.num_players and all(0.0 <= x <= 1.0 for x in ev)
        else:
            assert after.result.reason.startswith("why.weltreich.") or after.result.reason == "why.repetition"
        if after.num_players == 2 and after.result is None:
            # 21 other pieces cannot fill the 22 other squares of a row and a column
            for i, v in enumerate(after.board):
                if v:
                    assert after.piece_moves(i)

    s = random_game(start, seed, max_plies=120, check=check)
    if s.result is None:
        assert {s.move_text(m) for m in s.legal_moves()} == reference_moves(s)


# ---------------------------------------------------------------- the rules pages' examples
def page_codes(lang):
    import html
    import os
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    text = open(os.path.join(root, "assets", "rules", f"weltreich.{lang}.html"), encoding="utf-8").read()
    return [html.unescape(c) for c in re.findall(r'class="example" href="#weltreich\?p=([^"]+)"', text)]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_example_link_opens_and_shows_its_fact(lang):
    codes = page_codes(lang)
    assert codes == [Weltreich.new().encode(), Weltreich.new({"players": 4}).encode(), ABB7_RED, ABB7_BLUE]
    # Illus. 6: the start positions
    assert Weltreich.decode(codes[0]).legal_moves() == Weltreich.new().legal_moves()
    # Illus. 7, Red to move: the fourth throne wins
    s = Weltreich.decode(codes[2])
    s.push_text("E11xE8")
    assert s.result.reason == "why.weltreich.thrones"
    # Illus. 7, Blue to move: no crowning, and Red captures the commander
    s = Weltreich.decode(codes[3])
    s.push_text("C8xH8")
    assert s.result is None
    s.push_text("H5xH8")
    assert s.result.reason == "why.weltreich.commander" and s.result.winners == (1,)


def test_a_player_who_cannot_move_is_skipped():
    # Teams: Green's lone commander on A1 is walled in: row 1 and column A are full, and the
    # squares at distance 2 and 5 (C1, F1, A3, A6) hold its partner Blue's pieces.
    rows = board(A1="G", B1="y", C1="c", D1="y", E1="y", F1="c", G1="y", H1="y", I1="r", J1="r", K1="r", L1="r",
                 A2="z", A3="b", A4="z", A5="z", A6="b", A7="s", A8="s", A9="s", A10="s", A11="r", A12="r",
                 L12="B", K11="R", F8="Y")
    s = pos(rows, 0, opts=TEAMS)
    assert not s.can_move(1)
    s.push_text("L12-L10")
    assert s.to_move == 2 and s.result is None      # Green is skipped


def test_winning_moves_lists_exactly_the_moves_that_win_at_once():
    assert {Weltreich.decode(ABB7_RED).move_text(m) for m in Weltreich.decode(ABB7_RED).winning_moves()} == {"E11xE8"}
    assert Weltreich.decode(ABB7_BLUE).winning_moves() == []           # C8xH8 could be captured
    safe = pos(ABB7_SAFE, 0)
    assert {safe.move_text(m) for m in safe.winning_moves()} == {"C8xH8"}
    s = pos(board(B2="B", B7="R", A1="r"), 0)
    assert {s.move_text(m) for m in s.winning_moves()} == {"B2xB7"}


def test_the_evaluation_credits_the_player_to_move_with_its_best_capture():
    # Blue's rider on A1 captures Red's archer on D1 at distance 3; nothing of Red's reaches D1
    s = pos(board(A12="B", L12="R", A1="c", D1="r"), 0)
    assert s.capture_gain(0) == 1.0 and s.capture_gain(1) == 0.0
    # a red rider on G1 takes back on D1: the capture wins nothing
    assert pos(board(A12="B", L12="R", A1="c", D1="r", G1="s"), 0).capture_gain(0) == 0.0
    # the archer on the throne E5: the piece and the throne's 2.5
    assert pos(board(A12="B", L12="R", E2="c", E5="r"), 0).capture_gain(0) == 3.5
    # a partner's piece is no capture
    assert pos(board(A12="B", F9="G", L12="R", L9="Y", A1="c", D1="g"), 0, "players.4,teams.1").capture_gain(0) == 0.0
    # the same board is better for Blue with Blue to move than with Red to move
    assert s.evaluate()[0] > pos(board(A12="B", L12="R", A1="c", D1="r"), 1).evaluate()[0]


OPTION_SETS_W = [{}, {"players": 3}, {"players": 4}, {"players": 4, "teams": True}]


@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), which=st.integers(0, 3))
def test_winning_moves_agree_with_playing_every_move(seed, which):
    def check(before, move, after):
        wins = set()
        for m in before.legal_moves():
            t = before.copy()
            t.play(m)
            if t.result is not None and before.to_move in t.result.winners:
                wins.add(m)
        # sound, not complete: a search hint may miss rare wins (a commander already crowned, a
        # captured commander's pieces joining), but every move it names must win
        assert set(before.winning_moves()) <= wins, "a move claimed to win does not"
    random_game(Weltreich.new(OPTION_SETS_W[which]), seed, max_plies=60, check=check)


def test_a_piece_leaving_a_throne_does_not_complete_the_thrones():
    # 3 players, Green owns E8 and H8: E8-E5 or H8xH5 would give up the throne they leave; J5-E5 wins
    s = Weltreich.decode("2:players.3:b2b4g2g/7B2G1/2b2bgh2s1/2g9/7s1h2/6c2b2/b3c1g4r/4h2hc3/10r1/"
                         "3r6s1/1r8Rg/1cr6s2;1;A3-A7;;3")
    assert sorted(s.move_text(m) for m in s.winning_moves()) == ["J5-E5"]
    for text, wins in (("J5-E5", True), ("E8-E5", False), ("H8xH5", False)):
        t = s.copy()
        t.push_text(text)
        assert (t.result is not None and 1 in t.result.winners) == wins, text


def test_capturing_a_commander_whose_thrones_join_the_captor_wins():
    # 3 players: Blue holds one throne, Green two; Blue B6xD6 takes Green's commander, Green's pieces
    # (and thrones) join Blue: 3 of 4 thrones
    s = Weltreich.decode("2:players.3:c1cb4gg1g/9h2/9hb1/3c7g/4c2hb3/1B1G8/3b1b5r/7g1rs1/6g4r/1r10/"
                         "7hRrbs/1r2s7;0;K12-E12;;37")
    assert "B6xD6" in [s.move_text(m) for m in s.winning_moves()]
    s.push_text("B6xD6")
    assert s.result.reason == "why.weltreich.thrones3" and s.result.winners == (0,)


def test_thirty_rounds_without_a_capture_draw_our_choice():
    grid = grid_encode(list("".join(CAPTURE_LAB)), 12)
    s = Weltreich.decode(f"2::{grid};0;;;59")        # 59 moves without a capture (2 players: 60 = 30 rounds)
    t = s.copy()
    t.push_text("J2-J1")
    assert t.result.reason == "why.weltreich.quiet" and t.result.winners == ()
    assert t.result.message("en") == "No capture in 30 rounds: draw."
    assert Weltreich.decode(t.encode()).result.reason == "why.weltreich.quiet"
    s.push_text("D4xD7")                              # a capture starts the count again
    assert s.result is None and s.quiet == 0 and s.encode().count(";") == 3
    with pytest.raises(BadPosition, match="without progress"):
        Weltreich.decode(f"2::{grid};0;;;61")


# ---------------------------------------------------------------- board editor
GREEN = "K2 J2 K1 K3 L2 I1 J1 J3 L1 L3 L4"           # Green's start squares with 3 players


def editor(players=2, moves=(), **opts):
    """An editor on the position after `moves`."""
    s = Weltreich.new({"players": players, **opts})
    for m in moves:
        s.push_text(m)
    return Editor.of(s)


refused = partial(check_refused, prefix="weltreich.pos.")


def without_green():
    ed = editor(3, ("B3-E3", "J2-J5", "K10-H10"))
    for sq in GREEN.replace("J2", "J5").split():
        ed.remove(sq)
    return ed


def test_editor_two_commanders_are_both_marked():
    ed = editor(moves=("B3-E3", "K10-H10"))
    ed.place("F6", "B")
    e = refused(ed, "two_commanders")
    assert set(e.cells) == {"B2", "F6"} and "Kommandeure" in e.message("de")


def test_editor_a_fifth_rider_is_refused_with_its_riders_marked():
    ed = editor(moves=("B3-E3", "K10-H10"))
    ed.place("F6", "c")
    e = refused(ed, "too_many.1")
    assert set(e.cells) == {"B1", "A2", "C2", "E3", "F6"} and "Reiter" in e.message("de")


def test_editor_extra_riders_come_only_from_a_player_who_is_out():
    """Three players, nobody out: Blue cannot have 5 riders even if Green has lost one (the old
    reader only counted all riders together); once Green is out, its 4 may have joined Blue."""
    ed = editor(3, ("B3-E3", "J2-J5", "K10-H10"))
    ed.place("F6", "c")
    ed.remove("J5")
    e = refused(ed, "too_many.1")
    assert e.params["why"][1] == {"colour": "@colour.blue", "count": 5} and len(e.cells) == 5
    assert "ausgeschiedenen" in e.message("de")
    ed = without_green()
    for sq in ("F6", "F7", "F9"):
        ed.place(sq, "c")
    s = ed.check()
    assert s.cmd[1] == -1 and s.to_move == 0 and s.legal_moves()


def test_editor_pieces_without_their_commander_are_marked():
    ed = editor(3, ("B3-E3", "J2-J5", "K10-H10"))
    ed.remove("K2")
    e = refused(ed, "no_commander")
    assert set(e.cells) == set(GREEN.replace("J2", "J5").split()) - {"K2"} and "Kommandeur" in e.message("de")


def test_editor_a_board_without_commanders_is_refused():
    ed = editor(moves=("B3-E3", "K10-H10"))
    for sq in ("B2", "K11"):
        ed.remove(sq)
    assert "Kommandeur" in refused(ed, "commanders").message("de")


def test_editor_two_captured_commanders_are_refused_with_teams():
    ed = editor(4, ("B3-E3",), teams="1")
    for sq in ("B2", "K11"):
        ed.remove(sq)
    assert "geschlagen" in refused(ed, "captured").message("de")


def test_editor_a_captured_commander_needs_its_captor_to_have_moved_last():
    """Red's commander gone with Blue to move: Red moved last, so nobody captured it. With Red to
    move, Blue did and has won."""
    ed = editor(moves=("B3-E3", "K10-H10"))
    ed.remove("K11")
    e = refused(ed, "capture_turn")
    assert e.params["why"][1] == {"colour": "@colour.red"} and "Gegner von Rot" in e.message("de")
    ed.set_to_move(1)
    s = ed.check()
    assert s.result.reason == "why.weltreich.commander" and s.result.winners == (0,) and s.legal_moves() == []


def test_editor_the_last_commander_standing_names_who_is_to_move():
    ed = without_green()
    for sq in ("K11", "K12", "L11", "J11", "H10", "L12", "J12", "L10", "J10", "I12", "L9"):
        ed.remove(sq)
    e = refused(ed, "last_standing")
    assert e.cells == ("B2",) and "Blau hat zuletzt gezogen, also ist Grün am Zug" in e.message("de")
    ed.set_to_move(1)
    s = ed.check()
    assert s.result.reason == "why.weltreich.last" and s.result.winners == (0,)


def test_editor_a_player_who_is_out_is_not_to_move():
    ed = without_green()
    ed.set_to_move(1)
    assert "ausgeschieden" in refused(ed, "to_move_out").message("de")


def test_editor_thrones_won_before_the_last_move_are_marked():
    """Red on all four thrones with Red to move: Red would have won with its own last move. With
    Blue to move, Red just has."""
    ed = editor(moves=("B3-E3", "K10-H10"))
    for old, throne in zip(("L12", "J12", "L10", "J10"), ("E5", "H5", "E8", "H8"), strict=True):
        ed.move(old, throne)
    ed.set_to_move(1)
    e = refused(ed, "won")
    assert set(e.cells) == {"E5", "H5", "E8", "H8"} and "Thron" in e.message("de")
    ed.set_to_move(0)
    s = ed.check()
    assert s.result.reason == "why.weltreich.thrones" and s.result.winners == (1,)


def test_editor_a_winning_move_is_followed_by_the_next_seat():
    """Three players, Green out, Blue on three thrones: Blue has won, and the turn passed to the
    seat after Blue (Green's, though it is out), not to Red."""
    ed = without_green()
    for old, throne in zip(("A1", "C1", "A3"), ("E5", "H5", "E8"), strict=True):
        ed.move(old, throne)
    ed.set_to_move(2)
    e = refused(ed, "win_turn")
    assert "auf Blau folgt Grün" in e.message("de")
    ed.set_to_move(1)
    assert ed.check().result.reason == "why.weltreich.thrones3"


def test_editor_position_plays_on():
    ed = editor(moves=("B3-E3", "K10-H10"))
    ed.move("C2", "C7")
    ed.move("J11", "F11")
    s = ed.check()
    assert s.result is None and s.last is None and "C7-F7" in texts(s)
    s.push_text("C7-F7")
    assert Weltreich.decode(s.encode()).encode() == s.encode() and Editor.of(s).code() == s.encode()


def test_in_teams_the_notes_count_each_teams_thrones_once():
    """Issue 54: with teams the thrones are held together (all 4 win), so the status counts them per
    team ("Blue and Green hold 3 of 4 thrones"), not per player."""
    s = pos(board(B2="B", K2="G", K11="R", B11="Y", E5="b", H5="g", E8="h", H2="c"), 0, opts=TEAMS)
    notes = [n for n in s.view().notes if n[0].startswith("weltreich.thrones")]
    assert notes == [("weltreich.thrones_team", {"player": "@colour.blue", "partner": "@colour.green", "n": 3})]
    assert tr(notes[0], "en") == "Blue and Green hold 3 of 4 thrones."
    assert tr(notes[0], "de") == "Blau und Grün besetzen 3 von 4 Thronen."
