"""Aufstellen (rules: assets/rules/aufstellen.en.html): every rule, from real positions (the sheet's Abb. 11
included)."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from helpers import assert_repetition_draw_round_trips, examples, play, random_game, refused as check_refused, texts
from spielkiste.cli import perft
from spielkiste.editor import Editor
from spielkiste.errors import BadPosition, IllegalMove
from spielkiste.games.aufstellen import CENTRE_CELLS, TYPE_OF, Aufstellen, due

# Abb. 11 (reconstructed): one position for the sheet's three situations.
#   row 2:  B  c  r  .        B/R cylinder, c/s triangle, b/r square (blue upper/lower case first)
#   row 5:  b  R  s  .
#   row 8:  .  c  r  .
#   row 11: .  b  .  s
ABB11 = "Bcr1/bRs1/1cr1/1b1s"


def pos(grid, step, last=""):
    return Aufstellen.decode(f"2::{grid};{step};{last};")


def kinds_on_board(s):
    return sorted(TYPE_OF[ch] for ch in s.board if ch != ".")


# ---------------------------------------------------------------- the fixed order
def test_the_whole_opening_order_and_the_cycle():
    expected = [  # (seat, status key) per turn
        (0, "place.square"), (1, "place.triangle"), (0, "place.cylinder"), (1, "place.square"),
        (0, "place.triangle"), (1, "place.cylinder"), (0, "place.square"), (1, "place.triangle"),
        (0, "move.cylinder"), (1, "place.square"), (0, "place.triangle"), (1, "move.cylinder"),
        (0, "move.square"), (1, "move.triangle"), (0, "move.cylinder"), (1, "move.square"),
        (0, "move.triangle"), (1, "move.cylinder"), (0, "move.square"), (1, "move.triangle"),
    ]
    # placements that make no line: A B2 E8 H2 K8 K11 / B E2 B8 H5 E11 H11; cylinders E8->E5, H5->H8
    moves = ["B2", "E2", "E8", "B8", "H2", "H5", "K8", "E11", "E8-E5", "H11", "K11", "H5-H8",
             "K8-K5", "E11-E8", "E5-H5", "B8-B11", "H2-K2", "H8-K8", "B2-B5", "E8-E5"]
    s = Aufstellen.new()
    for (seat, key), m in zip(expected, moves, strict=True):
        assert s.result is None and s.to_move == seat
        assert s.status() == ("aufstellen." + key, {"player": ("@colour.red", "@colour.blue")[seat]})
        action, kind = key.split(".")
        for lm in s.legal_moves():
            text = s.move_text(lm)
            if action == "place":
                assert "-" not in text
            else:
                assert TYPE_OF[s.board[CENTRE_CELLS.index(text[:text.index("-")])]] == kind
                assert s.board[CENTRE_CELLS.index(text[:text.index("-")])] in ("rsR" if seat == 0 else "bcB")
        before = kinds_on_board(s)
        s.push_text(m)
        after = kinds_on_board(s)
        if action == "place":
            assert len(after) == len(before) + 1 and sorted(before + [kind]) == after
        else:
            assert after == before
    assert s.result is None
    # each player placed 2 squares, 2 triangles, 1 cylinder
    assert sorted(s.board) == sorted("rrssRbbccB" + "." * 6)


def test_the_opening_cylinder_move_is_the_players_own_cylinder():
    s = play("aufstellen", "B2 E2 E8 B8 H2 H5 K8 E11")
    assert s.status()[0] == "aufstellen.move.cylinder"
    assert all(m.startswith("E8-") for m in texts(s))           # Red's cylinder stands on E8
    # of its 8 neighbours H5 (blue cylinder), B8 (blue square), E11 (blue triangle) are taken
    assert texts(s) == {"E8-B5", "E8-E5", "E8-H8", "E8-B11", "E8-H11"}
    with pytest.raises(IllegalMove, match="moves"):
        s.parse_move("K5")


def test_which_of_two_pieces_of_the_type_is_the_players_choice():
    s = pos(ABB11, 12)                   # Red's square due: both squares H2 and H8 may move
    assert texts(s) == {"H2-K2", "H8-H11", "H8-K8"}


CROWD = "r2b/1R1s/2cr/bsBc"   # Red cylinder E5; B2 and H8 of its 8 neighbours are taken


def test_cylinder_moves_to_any_of_8_neighbours_others_only_orthogonally():
    s = pos(CROWD, 14)
    assert s.status()[0] == "aufstellen.move.cylinder"
    assert texts(s) == {"E5-" + c for c in ("E2", "H2", "B5", "H5", "B8", "E8")}   # diagonals H2, B8 too
    t = pos(CROWD, 12)                  # Red's square due: B2 (E2, B5 free); K8 is boxed in by K5, H8, K11
    assert texts(t) == {"B2-E2", "B2-B5"}
    with pytest.raises(IllegalMove, match="orthogonally"):
        t.parse_move("K8-H5")


# ---------------------------------------------------------------- wins
def test_row_win_during_placement():
    s = play("aufstellen", "B2 B5 E2 E5 H2 H5 K2")
    assert s.result.winners == (0,) and s.result.reason == "why.aufstellen.line"
    assert s.result.line == ("B2", "E2", "H2", "K2")
    assert s.result.message("en") == "Four in a line: Red wins."
    assert s.result.message("de") == "Vier in einer Linie: Rot gewinnt."
    v = s.view()
    assert ("win", ["B2", "E2", "H2", "K2"]) in v.lines


def test_column_win_during_placement():
    s = play("aufstellen", "B2 K2 E5 K5 B11 K8 H5 K11")
    assert s.result.winners == (1,) and s.result.line == ("K2", "K5", "K8", "K11")


def test_win_by_the_opening_cylinder_move():
    s = play("aufstellen", "B2 B5 K5 E5 H2 H5 E2 B8")
    assert s.result is None
    s.push_text("K5-K2")
    assert s.result.winners == (0,) and s.result.line == ("B2", "E2", "H2", "K2")


def test_diagonal_wins_during_movement():
    # main diagonal B2 E5 H8 K11: Blue's triangle (due) steps from K8 to K11
    s = pos("b1r1/rbs1/s1Bc/R1c1", 13)
    assert s.status()[0] == "aufstellen.move.triangle"
    s.push_text("K8-K11")
    assert s.result.winners == (1,) and s.result.line == ("B2", "E5", "H8", "K11")
    # the other diagonal K2 H5 E8 B11: Red's triangle (due) steps from E11 to B11
    t = pos("2bR/1cr1/br1c/1sBs", 16)
    assert t.status()[0] == "aufstellen.move.triangle"
    t.push_text("E11-B11")
    assert t.result.winners == (0,) and t.result.line == ("K2", "H5", "E8", "B11")


def test_row_and_column_wins_during_movement():
    s = pos(ABB11, 16)
    s.push_text("K11-H11")               # Abb. 11, first situation: column H
    assert s.result.winners == (0,) and s.result.line == ("H2", "H5", "H8", "H11")
    # a row: Blue's square due moves up from B11 to B8 next to c, B, c
    t = pos("rsR1/2r1/1cBc/b1sb", 15)
    assert t.status()[0] == "aufstellen.move.square"
    t.push_text("B11-B8")
    assert t.result.winners == (1,) and t.result.line == ("B8", "E8", "H8", "K8")


# ---------------------------------------------------------------- Abb. 11 and the loss
def test_abb11_red_to_move_a_triangle_wins():
    s = pos(ABB11, 16)
    assert s.result is None and s.status()[0] == "aufstellen.move.triangle"
    assert set(s.view().layers["due"]) == {"H5", "K11"}
    s.push_text("K11-H11")
    assert s.result.winners == (0,)


def test_abb11_red_cylinder_must_take_the_only_free_centre_and_blue_wins_with_a_square():
    s = pos(ABB11, 14)
    assert texts(s) == {"E5-B8"}
    s.push_text("E5-B8")
    assert s.result is None and s.status()[0] == "aufstellen.move.square"
    s.push_text("B5-E5")
    assert s.result.winners == (1,) and s.result.line == ("E2", "E5", "E8", "E11")


def test_abb11_blue_cylinder_cannot_move_and_loses():
    s = pos(ABB11, 17)
    assert s.result is not None and s.result.winners == (0,) and s.result.reason == "why.aufstellen.stuck"
    assert s.result.message("en") == "Blue must move the cylinder and cannot: Red wins."
    assert s.result.message("de") == "Blau muss mit dem Zylinder ziehen und kann es nicht: Rot gewinnt."
    assert s.legal_moves() == []


def test_loss_when_the_opening_cylinder_move_is_blocked():
    # Red's cylinder on B2 is hemmed in by E2 (own square), B5 and E5 before its move at turn 9.
    s = play("aufstellen", "E2 B5 B2 E5 K11 K2 H11")
    assert s.result is None
    s.push_text("H2")
    assert s.result.winners == (1,) and s.result.reason == "why.aufstellen.stuck"
    assert s.result.args["piece"] == "@aufstellen.piece.cylinder"
    assert s.result.message("en") == "Red must move the cylinder and cannot: Blue wins."


def test_loss_when_no_piece_of_the_due_type_can_move_although_others_could():
    # Red's squares B2 and E2 are boxed in (B5, E5, H2 occupied); Red's triangle could move.
    s = pos("rrc1/bcR1/s3/sbB1", 12)
    assert s.result is not None and s.result.winners == (1,)
    assert texts(pos("rrc1/bcR1/s3/sbB1", 16)) == {"B8-E8"}, "Red's triangle could move"


# ---------------------------------------------------------------- repetition, counts, codes
def test_threefold_repetition_draws():
    s = pos("r2b/1sc1/1RB1/crsb", 12)
    cycle = ["B2-B5", "H5-H2", "E8-B8", "K2-K5", "E5-E2", "H8-K8"]
    back = ["B5-B2", "H2-H5", "B8-E8", "K5-K2", "E2-E5", "K8-H8"]
    # every piece type moves out in one round of the cycle and back in the next: after 12 turns
    # the same position with the same piece type due
    start_key = s.key()
    seen = []
    for m in cycle + back:
        s.push_text(m)
        seen.append(s.key())
    assert s.key() == start_key and s.result is None
    for m in (cycle + back) * 2:
        if s.result is None:
            s.push_text(m)
            seen.append(s.key())
    # the draw comes with the first position reached for the third time (the start counts)
    assert s.result is not None and s.result.reason == "why.repetition"
    history = [start_key] + seen
    assert history.count(s.key()) == 3 and all(history[:-1].count(k) < 3 for k in history[:-1])
    assert len(seen) == 24, "start, after one cycle, after two: the third time"


def test_a_repetition_draw_survives_the_position_code():
    s = pos("r2b/1sc1/1RB1/crsb", 12)
    there = ["B2-B5", "H5-H2", "E8-B8", "K2-K5", "E5-E2", "H8-K8"]
    back = ["B5-B2", "H2-H5", "B8-E8", "K5-K2", "E2-E5", "K8-H8"]
    for m in (there + back) * 2:
        s.push_text(m)
    assert_repetition_draw_round_trips(s, ";K8-H8")


def test_perft_in_abb11():
    # Red's squares: H2 -> K2; H8 -> H11, K8 (E8 blue, H5 own): 3 moves, none wins
    assert perft(pos(ABB11, 12), 1) == 3
    s = pos(ABB11, 14)
    s.push_text("E5-B8")
    # Blue squares: B5 -> E5 (B2 own, B8 red cylinder); E11 -> B11, H11 (E8 own): 3 moves
    assert perft(s, 1) == 3


@pytest.mark.parametrize("code,why", [
    ("2::4/4/4/4;0;;", None),                                 # the start: fine
    ("2::r3/4/4/4;0;;", "0 squares"),                         # a square placed but step 0
    ("2::4/4/4/4;18;;", "step"),
    ("2::b3/4/4/4;1;;", "Red has 1 square"),                  # Blue's square instead of Red's
    ("2::rrRs/bcBb/sc2/4;12;;", "already"),                   # to move with four in a row
    ("2::r3/4/4/4;1;E2;", "last move"),
    ("2::r3/4/4/4;1;B2-E2;", "last move"),
])
def test_position_codes(code, why):
    if why is None:
        assert Aufstellen.decode(code).encode() == code
    else:
        with pytest.raises(BadPosition, match=why):
            Aufstellen.decode(code)


def test_finished_positions_decode_with_their_result():
    s = play("aufstellen", "B2 B5 E2 E5 H2 H5 K2")
    again = Aufstellen.decode(s.encode())
    assert again.result.winners == (0,) and again.result.line == s.result.line


def test_only_centres_are_playable_on_the_whole_box_board():
    s = Aufstellen.new()
    v = s.view()
    assert len(v.cells) == 144
    assert {s.move_input(m)[0][0] for m in s.legal_moves()} == set(CENTRE_CELLS)


# ---------------------------------------------------------------- random play
@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 10**9))
def test_random_play_follows_the_order(seed):
    def check(before, move, after):
        action, kind = due(before.step)
        text = before.move_text(move)
        if action == "place":
            assert "-" not in text
            assert len(kinds_on_board(after)) == len(kinds_on_board(before)) + 1
        else:
            f = CENTRE_CELLS.index(text.split("-")[0])
            assert TYPE_OF[before.board[f]] == kind
        assert after.to_move == after.step % 2
        if after.result is None:
            assert after.legal_moves(), "the player to move must have a move of the due type"
    s = random_game(Aufstellen.new(), seed, max_plies=300, check=check)
    assert s.result is None or s.result.reason in ("why.aufstellen.line", "why.aufstellen.stuck", "why.repetition")


def test_rules_page_examples_show_what_they_say():
    import html
    import os
    import re
    codes = {}
    for lang in ("en", "de"):
        path = os.path.join(os.path.dirname(__file__), "..", "assets", "rules", f"aufstellen.{lang}.html")
        text = open(path, encoding="utf-8").read()
        codes[lang] = [html.unescape(c) for c in re.findall(r'class="example" href="#aufstellen\?p=([^"]+)"', text)]
    assert codes["en"] == codes["de"] and len(codes["en"]) == 3
    triangle, cylinder, stuck = [Aufstellen.decode(c) for c in codes["en"]]
    triangle.push_text("K11-H11")
    assert triangle.result.winners == (0,) and triangle.result.line == ("H2", "H5", "H8", "H11")
    assert texts(cylinder) == {"E5-B8"}
    cylinder.push_text("E5-B8")
    cylinder.push_text("B5-E5")
    assert cylinder.result.winners == (1,)
    assert stuck.result.winners == (0,) and stuck.result.reason == "why.aufstellen.stuck"


def test_playouts_take_a_win_and_block_three():
    import random
    rng = random.Random(5)
    s = pos(ABB11, 16)
    assert {s.move_text(s.playout_move(rng)) for _ in range(20)} == {"K11-H11"}   # the winning triangle
    t = play("aufstellen", "B2 B5 E2 E5 H2")
    assert {t.move_text(t.playout_move(rng)) for _ in range(20)} == {"K2"}        # Blue blocks row 2
    u = play("aufstellen", "B2 B5 E2 E5 H2 H5")
    assert {u.move_text(u.playout_move(rng)) for _ in range(20)} == {"K2"}        # Red completes row 2
    v = Aufstellen.new()
    assert len({v.playout_move(rng) for _ in range(200)}) > 8
    w = pos(CROWD, 14)
    assert all(w.playout_move(rng) in w.legal_moves() for _ in range(50))


# ---------------------------------------------------------------- board editor
# a real game into the cycle: step 13, Blue to move a triangle
#   row 2:  b  .  .  R
#   row 5:  s  s  r  .
#   row 8:  .  c  .  .
#   row 11: r  c  B  b
CYCLE_GAME = "B11 E11 H5 B2 E5 K8 H8 E8 H5-K2 K11 B5 K8-H11 H8-H5"


refused = check_refused


def test_editor_the_turn_and_the_side_to_move_give_the_step():
    ed = Editor.of(play("aufstellen", CYCLE_GAME))
    assert ed.setup.fields == {"turn": 7} and ed.setup.to_move == 1 and ed.setup.history == "H8-H5;"
    ed.set_to_move(0)
    assert ed.check().step == 12
    ed.set_field("turn", 9)
    assert ed.check().step == 16


def test_editor_pieces_stand_only_on_the_centres():
    ed = Editor.of(play("aufstellen", CYCLE_GAME))
    ed.move("K2", "L1")
    refused(ed, "aufstellen.pos.centres", "Zentren", ("L1",))


def test_editor_the_pieces_must_fit_the_turn():
    ed = Editor.of(play("aufstellen", CYCLE_GAME))
    ed.place("H8", "r")
    e = refused(ed, "aufstellen.pos.count.square", "Vierecke", ("H5", "H8", "B11"))
    assert "Red has 2 squares on the board, not 3" in e.message("en")
    ed = Editor.of(play("aufstellen", CYCLE_GAME))
    ed.remove("E8")
    refused(ed, "aufstellen.pos.count.triangle", "Dreiecke")
    ed = Editor.of(play("aufstellen", "B11 E11 H5"))        # Red placed the cylinder at step 2
    ed.set_to_move(0)                                        # step 2: the cylinder is still to come
    refused(ed, "aufstellen.pos.count.cylinder", "Zylinder", ("H5",))


def test_editor_the_player_to_move_has_no_line_yet():
    ed = Editor.of(play("aufstellen", CYCLE_GAME))
    ed.move("B11", "K8")
    ed.move("B2", "B11")                                     # Blue: B11 E11 H11 K11
    refused(ed, "aufstellen.pos.line", "vier in einer Linie", ("B11", "E11", "H11", "K11"))


def test_editor_a_built_position_plays_on():
    ed = Editor.of(play("aufstellen", CYCLE_GAME))
    ed.move("E8", "B8")
    s = ed.check()
    assert s.last is None and texts(s) == {"B8-E8", "E11-E8"}
    s.push_text("B8-E8")
    assert s.step == 14 and Aufstellen.decode(s.encode()).encode() == s.encode()


def test_editor_a_decided_position_reports_its_result():
    ed = Editor.of(play("aufstellen", CYCLE_GAME))
    ed.move("B11", "K8")
    ed.move("B2", "B11")
    ed.set_to_move(0)                                        # Blue made the line and Red is to move
    s = ed.check()
    assert s.result.reason == "why.aufstellen.line" and s.result.winners == (1,) and s.legal_moves() == []
    assert s.result.line == ("B11", "E11", "H11", "K11")


def test_winning_moves_name_every_win_by_line_and_by_a_stuck_opponent():
    """The search's hook, against playing every move, over uniformly random games: both ways to
    win at once (four in a line, the opponent's due type unable to move) occur and are named."""
    reasons = set()
    for seed in range(40):
        rng = random.Random(seed)
        s = Aufstellen.new()
        while s.result is None and s.ply < 120:
            wins = []
            for m in s.legal_moves():
                after = s.copy()
                after.play(m)
                if after.result is not None and after.result.winners == (s.to_move,):
                    wins.append(m)
                    reasons.add(after.result.reason)
            assert sorted(s.winning_moves()) == sorted(wins), s.encode()
            moves = s.legal_moves()
            s.play(moves[rng.randrange(len(moves))])
    assert reasons == {"why.aufstellen.line", "why.aufstellen.stuck"}
