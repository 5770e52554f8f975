"""Schaff den Sprung (rules: assets/rules/sprung.en.html): every rule, from real positions (see also the rules page)."""

import pytest
from hypothesis import given, settings, strategies as st

from helpers import examples, play, random_game, refused as check_refused, rules_examples, texts
from spielkiste.cli import perft
from spielkiste.codec import grid_encode
from spielkiste.editor import Editor
from spielkiste.errors import BadPosition, IllegalMove
from spielkiste.games import box
from spielkiste.games.sprung import Sprung

EMPTY = "." * 12
# box letters: blue square b / triangle c, red r / s, yellow y / z, green g / h


def spos(rows, to_move=0, bonus="", last="", opts=""):
    """A position from a dict {row number: 12 letters} (other rows empty)."""
    board = []
    for r in range(1, 13):
        line = rows.get(r, EMPTY)
        assert len(line) == 12
        board.extend(line)
    return Sprung.decode(f"2:{opts}:{grid_encode(board, 12)};{to_move};{bonus};{last}")


START2 = {4: "bbc.........", 5: "bbc.........", 6: "bbc.........",
          7: "rrs.........", 8: "rrs.........", 9: "rrs........."}


def reference_moves(s):
    """Move texts from the rule text alone: each own piece, within its row, onto the first empty
    square to its right (a step, or a jump over the unbroken run next to it)."""
    out = set()
    colour = s.seat_colour(s.to_move)
    mine = {box.char(colour, box.SQUARE), box.char(colour, box.TRIANGLE)}
    for r in range(12):
        for c in range(12):
            if s.board[r * 12 + c] in mine:
                d = c + 1
                while d < 12 and s.board[r * 12 + d] != ".":
                    d += 1
                if d < 12:
                    out.add(f"{box.CELLS[r * 12 + c]}-{box.CELLS[r * 12 + d]}")
    return out


# ---------------------------------------------------------------- set-up
def test_start_position_two_players():
    s = Sprung.new()
    assert s.encode() == spos(START2).encode()
    assert s.seat_colour(0) == "blue" and s.seat_colour(1) == "red" and s.to_move == 0


@pytest.mark.parametrize("players,extra", [(3, {10: "yyz", 11: "yyz", 12: "yyz"}),
                                           (4, {10: "yyz", 11: "yyz", 12: "yyz", 1: "ggh", 2: "ggh", 3: "ggh"})])
def test_start_positions_three_and_four_players(players, extra):
    s = Sprung.new({"players": players})
    rows = dict(START2)
    rows.update({r: v.ljust(12, ".") for r, v in extra.items()})
    assert s.encode() == spos(rows, opts=f"players.{players}").encode()
    # the turn runs down the board; four players start at the top (partners: neighbouring rows)
    assert [s.seat_colour(i) for i in range(players)] == {3: ["blue", "red", "yellow"],
                                                          4: ["green", "blue", "red", "yellow"]}[players]


# ---------------------------------------------------------------- moving
def test_steps_and_jumps_to_the_first_empty_square_perft_by_reasoning():
    s = Sprung.new()
    # every piece reaches column D of its row: A and B by jumping the run, C by a step
    assert texts(s) == {f"{c}{r}-D{r}" for c in "ABC" for r in (4, 5, 6)}
    assert perft(s, 1) == 9
    # Red's 9 replies all land in column D, which holds 1 blue piece: a bonus decision (go on
    # one step to E, or stop) follows each; then Blue has 9 moves again (no piece is blocked)
    assert perft(s, 2) == 81
    assert perft(s, 3) == 81 * 2
    assert perft(s, 4) == 81 * 2 * 9


@pytest.mark.parametrize("opts", [{"players": 3}, {"players": 4}])
def test_perft_with_more_players_by_reasoning(opts):
    # The first seat's 9 moves land in column D without a bonus; the second seat's 9 replies
    # land in D next to 1 piece of the first (odd): go on to E, or stop. The third seat's 9
    # moves land in D too. Whether that earns a bonus depends on the second seat's choice:
    # opponents 1 + 0 = 1 when it went on, 2 when it stopped. So after one of the two choices
    # ply 5 is a bonus decision (2), after the other it is the next seat's 9 moves.
    s = Sprung.new(opts)
    assert [perft(s, d) for d in (1, 2, 3, 4)] == [9, 81, 162, 1458]
    assert perft(s, 5) == 81 * 9 * 2 + 81 * 9 * 9 == 8019


def test_perft_teams_by_reasoning():
    # Green (rows 1-3) and Blue (4-6) against Red (7-9) and Yellow (10-12). Every first move
    # lands in column D. Blue's piece there meets only its partner's: no bonus; Red's and
    # Yellow's meet one green and one blue piece: 2, even, no bonus. 9 moves a ply, no choices.
    s = Sprung.new({"players": 4, "teams": True})
    assert [perft(s, d) for d in (1, 2, 3, 4)] == [9, 81, 729, 6561]


def test_partners_own_neighbouring_rows_and_move_one_after_the_other():
    # the sheet: "wobei die Spieler einer Gruppe nebeneinander sitzen müssen"; play clockwise
    s = Sprung.new({"players": 4, "teams": True})
    assert s.teams == (0, 0, 1, 1)
    assert [list(s.rows_of(i)) for i in range(4)] == [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11]]
    order = []
    for _ in range(8):
        order.append(s.seat_colour(s.to_move))
        s.play(s.legal_moves()[0])
    assert order == ["green", "blue", "red", "yellow"] * 2


def test_old_codes_still_open_where_the_rules_agree():
    # version 1 seated four players Blue, Red, Yellow, Green: its seat 0 (Blue) is today's 1
    old = Sprung.new({"players": 4}).encode().replace("2:", "1:", 1).replace(";0;;", ";0;;")
    assert Sprung.decode(old.replace(";0;", ";3;", 1)).to_move == 0               # Green
    assert Sprung.decode(old).seat_colour(Sprung.decode(old).to_move) == "blue"
    assert Sprung.decode(Sprung.new().encode().replace("2:", "1:", 1)).encode() == Sprung.new().encode()
    with pytest.raises(BadPosition, match="version"):                             # partners sat apart
        Sprung.decode(Sprung.new({"players": 4, "teams": True}).encode().replace("2:", "1:", 1))


def test_a_jump_needs_an_unbroken_run_and_stays_in_the_row():
    s = spos({4: "b.bc........", 5: "bbc.........", 6: "bbc.........", **{r: START2[r] for r in (7, 8, 9)}})
    assert {m for m in texts(s) if m.split("-")[0][1:] == "4"} == {"A4-B4", "C4-E4", "D4-E4"}
    with pytest.raises(IllegalMove, match="first empty square to its right, B4"):
        s.parse_move("A4-E4")                  # the empty B4 breaks the run
    with pytest.raises(IllegalMove, match="own row"):
        s.parse_move("C4-C5")
    with pytest.raises(IllegalMove, match="right only"):
        s.parse_move("D4-B4")
    with pytest.raises(IllegalMove, match="not your piece"):
        s.parse_move("A7-D7")


def test_a_piece_in_the_run_at_the_right_edge_cannot_move():
    s = spos({4: "b.........bc", 5: "bbc.........", 6: "bbc.........", **{r: START2[r] for r in (7, 8, 9)}})
    assert {m for m in texts(s) if m.split("-")[0][1:] == "4"} == {"A4-B4"}
    with pytest.raises(IllegalMove, match="blocked up to the edge"):
        s.parse_move("K4-L4")


# ---------------------------------------------------------------- bonus moves
def test_illus_8_blue_c5_d5_then_red_c8_d8_continues_to_e8():
    s = play("sprung", "C5-D5")
    assert s.to_move == 1                      # column D holds no red piece: Blue's turn ends
    s.push_text("C8-D8")                       # column D holds 1 blue piece: Red may go on
    assert s.to_move == 1 and texts(s) == {"D8-E8", "stop"}
    assert s.status()[0] == "sprung.bonus" and s.status()[1]["count"] == 1
    with pytest.raises(IllegalMove, match="only the piece on D8"):
        s.parse_move("C7-D7")
    s.push_text("D8-E8")
    assert s.to_move == 0                      # column E holds no blue piece: the turn ends
    assert s.board[box.INDEX["E8"]] == "s"


def test_the_bonus_is_optional_stop_ends_the_turn():
    s = play("sprung", "C5-D5 C8-D8")
    stop = s.parse_move("stop")
    assert s.move_input(stop) == ((), "sprung.stop")
    s.play(stop)
    assert s.to_move == 0 and s.board[box.INDEX["D8"]] == "s"
    with pytest.raises(IllegalMove, match="no"):
        s.parse_move("stop")


# Illus. 8's further examples, rebuilt: blue columns E 3, F 1, G 2, H 2, I 1.
FURTHER = {4: "....bc.b....", 5: "....b.bc....", 6: "....c.b.b...",
           7: "rr.s........", 8: "rr..s.......", 9: "rrs........."}


def test_illus_8_further_examples_bonus_chains_while_the_column_condition_holds():
    s = spos(FURTHER, to_move=1)
    # piece A (D7) -> B (E7, 3 blue) -> C (F7, 1 blue) -> D (G7, 2 blue: the turn ends)
    t = s.copy()
    t.push_text("D7-E7")
    assert t.to_move == 1 and t.bonus == box.INDEX["E7"]
    t.push_text("E7-F7")
    assert t.to_move == 1 and t.bonus == box.INDEX["F7"]
    t.push_text("F7-G7")
    assert t.to_move == 0 and t.bonus == -1
    # piece E (E8) -> F8 (1 blue) -> G8 (2 blue), but no further
    u = s.copy()
    u.push_text("E8-F8")
    assert texts(u) == {"F8-G8", "stop"}
    u.push_text("F8-G8")
    assert u.to_move == 0


def test_two_players_count_only_1_or_3_opposing_pieces():
    s = spos(FURTHER, to_move=1)
    for move, bonus in [("C9-D9", False),     # column D: 0 blue
                        ("A7-C7", False)]:    # column C: 0 blue
        t = s.copy()
        t.push_text(move)
        assert (t.bonus >= 0) == bonus
    for col, k in zip("DEFGHI", (0, 3, 1, 2, 2, 1), strict=True):
        assert s.opposing_in_column(1, "ABCDEFGHIJKL".index(col)) == k
        assert s.earns_bonus(1, "ABCDEFGHIJKL".index(col)) == (k in (1, 3))


def test_no_bonus_when_the_piece_cannot_move_on():
    # Red's piece jumps onto L8 (blocked at the edge): column L holds 1 blue, but it cannot go on
    s = spos({4: ".........bbc", 5: "bbc.........", 6: "bbc.........",
              7: "rrs.........", 8: "rr........s.", 9: "rrs........."}, to_move=1)
    assert s.opposing_in_column(1, 11) == 1
    s.push_text("K8-L8")
    assert s.to_move == 0 and s.bonus == -1


def test_three_players_need_an_odd_number_of_all_opposing_pieces():
    base = {4: "bbc.........", 5: "bbc.........", 6: "bbc.........",
            7: "rrs.........", 8: "rrs.........", 9: "rrs.........",
            10: "yyz.........", 11: "yyz.........", 12: "yyz........."}
    # Red: column D holds 1 blue + 1 yellow = 2 (even): no bonus; with 1 blue + 2 yellow = 3: bonus
    rows = {**base, **{4: "bb.c........", 10: "yy.z........"}}
    s = spos(rows, to_move=1, opts="players.3")
    t = s.copy()
    t.push_text("C7-D7")
    assert t.to_move == 2 and t.bonus == -1
    rows = {**base, **{4: "bb.c........", 10: "yy.z........", 11: "yy.z........"}}
    s = spos(rows, to_move=1, opts="players.3")
    s.push_text("C7-D7")
    assert s.to_move == 1 and texts(s) == {"D7-E7", "stop"}
    # 5 opposing (3 blue + 2 yellow) is odd too
    rows = {**base, **{4: "bb.c........", 5: "bb.c........", 6: "bb.c........",
                         10: "yy.z........", 11: "yy.z........"}}
    s = spos(rows, to_move=1, opts="players.3")
    assert s.opposing_in_column(1, 3) == 5 and s.earns_bonus(1, 3)


def test_teams_do_not_count_the_partners_pieces():
    # 4 players in teams: Green (0) + Blue (1) against Red (2) + Yellow (3). Red moves into
    # column D, which holds 1 yellow (its partner) and nothing else: no bonus as a team, a bonus
    # without teams.
    rows = {1: "ggh.........", 2: "ggh.........", 3: "ggh.........",
            4: "bbc.........", 5: "bbc.........", 6: "bbc.........",
            7: "rrs.........", 8: "rrs.........", 9: "rrs.........",
            10: "yy.z........", 11: "yyz.........", 12: "yyz........."}
    teams = spos(rows, to_move=2, opts="players.4,teams.1")
    teams.push_text("C7-D7")
    assert teams.bonus == -1 and teams.to_move == 3
    solo = spos(rows, to_move=2, opts="players.4")
    solo.push_text("C7-D7")
    assert solo.bonus >= 0 and solo.to_move == 2


# ---------------------------------------------------------------- winning
def test_filling_the_goal_field_wins():
    s = spos({4: ".........bbc", 5: ".........bbc", 6: "........b.bc",
              7: "rrs.........", 8: "rrs.........", 9: "rrs........."})
    s.push_text("I6-J6")
    r = s.result
    assert r is not None and r.winners == (0,) and r.reason == "why.sprung.goal"
    assert r.message("en") == "Blue fills the goal field and wins."
    assert r.message("de") == "Blau besetzt das Zielfeld und gewinnt."
    assert set(r.line) == {f"{c}{n}" for c in "JKL" for n in (4, 5, 6)}
    assert Sprung.decode(s.encode()).result.winners == (0,)


def test_the_win_ends_the_game_even_when_a_bonus_would_follow():
    # J6 (column J) holds 1 red piece, but the goal is full: the game is over
    s = spos({4: ".........bbc", 5: ".........bbc", 6: "........b.bc",
              7: "rr.......s..", 8: "rrs.........", 9: "rrs........."})
    s.push_text("I6-J6")
    assert s.result is not None and s.legal_moves() == []


def test_expert_variant_needs_the_triangles_in_column_l():
    rows = {4: ".........bbc", 5: ".........bbc", 6: "........c.bb",
            7: "rrs.........", 8: "rrs.........", 9: "rrs........."}
    s = spos(rows, opts="expert.1")
    s.push_text("I6-J6")                       # full, but the triangle stands on J6
    assert s.result is None and s.to_move == 1
    s.push_text("C7-D7")
    # Blue cannot move any more and is passed over: Red moves again
    assert s.to_move == 1
    assert ("sprung.passed", {"player": "@colour.blue"}) in s.view().notes
    plain = spos(rows)
    plain.push_text("I6-J6")
    assert plain.result.winners == (0,)
    good = spos({4: ".........bbc", 5: ".........bbc", 6: "........b.bc",
                 7: "rrs.........", 8: "rrs.........", 9: "rrs........."}, opts="expert.1")
    good.push_text("I6-J6")
    assert good.result.winners == (0,)
    v = good.view()
    assert sum(1 for c in v.cells if c.mark == "goal") == 6   # column L of both goal fields


def test_search_heuristic_knows_the_expert_goal():
    # Blue's goal is full in the wrong order: it can never win, whatever the distances say
    rows = {4: ".........bbc", 5: ".........bbc", 6: ".........cbb",
            7: "rrs.........", 8: "rrs.........", 9: "rrs........."}
    assert spos(rows, to_move=1, opts="expert.1").evaluate() == (0.0, 1.0)
    # a triangle behind its squares has to be overtaken: worse than the same race in order
    ahead = spos({**START2, 4: ".......cbb..", 7: ".......srr.."}, opts="expert.1")
    behind = spos({**START2, 4: ".......bbc..", 7: ".......srr.."}, opts="expert.1")
    assert ahead.evaluate() == (0.5, 0.5)                   # both triangles behind: even
    assert behind.evaluate()[0] > 0.5                        # only Red's is behind


def test_nobody_can_move_is_a_draw():
    # expert variant: Blue is frozen in the wrong order; Red fills its goal wrongly as well
    rows = {4: ".........bbc", 5: ".........bbc", 6: ".........cbb",
            7: ".........rrs", 8: ".........rrs", 9: "........s.rr"}
    s = spos(rows, to_move=1, opts="expert.1")
    s.push_text("I9-J9")
    assert s.result is not None and s.result.winners == () and s.result.reason == "why.box.stuck"
    assert s.result.message("en") == "No player can move: draw."
    assert Sprung.decode(s.encode()).result.reason == "why.box.stuck"


def test_teams_win_when_both_partners_have_filled_their_goal_fields():
    rows = {1: "ggh.........", 2: "ggh.........", 3: "ggh.........",
            4: "bbc.........", 5: "bbc.........", 6: "bbc.........",
            7: ".........rrs", 8: ".........rrs", 9: "........r.rs",
            10: ".........yyz", 11: ".........yyz", 12: "........y.yz"}
    s = spos(rows, to_move=2, opts="players.4,teams.1")
    s.push_text("I9-J9")                       # Red is done, Yellow is not: play goes on
    assert s.result is None and s.to_move == 3
    s.push_text("I12-J12")                     # Yellow completes: the team wins
    r = s.result
    assert r.winners == (2, 3) and r.rewards == (0.0, 0.0, 1.0, 1.0)
    assert r.message("en") == "Yellow and Red fill their goal fields and win."
    assert r.message("de") == "Gelb und Rot besetzen ihre Zielfelder und gewinnen."
    # a finished partner is passed over
    t = spos({**rows, 10: "yyz.........", 11: "yyz.........", 12: "yyz........."}, to_move=2,
             opts="players.4,teams.1")
    t.push_text("I9-J9")
    for m in ("C10-D10", "C1-D1", "C4-D4"):
        t.push_text(m)
        if t.bonus >= 0:
            t.push_text("stop")
    assert t.to_move == 3                      # seat 2 (Red) skipped


def test_illus_9_our_reading_no_jump_over_an_empty_square_and_the_landing_column_decides():
    # Blue H stands on H5, the middle square of its row in field G-I; I5 is empty, J5 and K5
    # hold blue pieces; column L (where a jump from I5 would land) holds 3 red pieces, column I
    # none. H may only step to I5, gets no bonus there, and jumps on to L5 next turn.
    rows = {4: ".........bbc", 5: ".......c.bb.", 6: "bb.c........",
            7: "rr.........s", 8: "rr.........s", 9: "rr.........s"}
    s = spos(rows)
    assert {m for m in texts(s) if m.startswith("H5")} == {"H5-I5"}
    with pytest.raises(IllegalMove):
        s.parse_move("H5-L5")
    s.push_text("H5-I5")
    assert s.to_move == 1 and s.bonus == -1
    s.push_text("A7-C7")
    assert "I5-L5" in texts(s)


# ---------------------------------------------------------------- codes, view, invariants
def test_position_codes_reject_impossible_positions():
    with pytest.raises(BadPosition):
        spos({**START2, **{4: "bbbc........"}})                 # 4 pieces in a row
    with pytest.raises(BadPosition):
        spos({**START2, **{4: "bcc........."}})                 # 2 triangles in a row
    with pytest.raises(BadPosition):
        spos({**START2, **{4: "rrs........."}})                 # red in a blue row
    with pytest.raises(BadPosition):
        spos({**START2, **{1: "b..........."}})                 # a row of nobody
    with pytest.raises(BadPosition):
        spos(START2, to_move=2)
    with pytest.raises(BadPosition):
        spos(START2, bonus="C5")                                   # no move ended there
    with pytest.raises(BadPosition):
        spos(START2, bonus="C8", to_move=0)                        # not the mover's piece
    with pytest.raises(BadPosition):
        spos(START2, last="D5-C5")
    with pytest.raises(BadPosition):                               # the winner must have moved last
        spos({4: ".........bbc", 5: ".........bbc", 6: ".........bbc",
              7: "rrs.........", 8: "rrs.........", 9: "rrs........."}, to_move=1)


def test_view_marks_goal_fields_bonus_piece_and_path():
    s = play("sprung", "C5-D5 C8-D8")
    v = s.view(frozenset(["bonus_columns"]), selected="D8")
    assert (9, 3, 3, 3, "goal") in v.regions and (9, 6, 3, 3, "goal") in v.regions
    assert v.layers["due"] == ["D8"] and v.layers["path"] == ["E8"]
    assert set(v.layers["goal"]) == {f"{c}{n}" for c in "JKL" for n in (7, 8, 9)}
    assert "D7" in v.layers["reach"] and "E7" not in v.layers["reach"]
    assert v.layers["last"] == ["C8", "D8"]
    assert sum(1 for p in v.pieces if p.shape == "triangle") == 6


OPTION_SETS = [{}, {"players": 3}, {"players": 4}, {"players": 4, "teams": True}, {"expert": True},
               {"players": 3, "expert": True}]


@settings(max_examples=examples(18), deadline=None)
@given(seed=st.integers(0, 10**6), which=st.integers(0, len(OPTION_SETS) - 1))
def test_random_play_invariants(seed, which):
    start = Sprung.new(OPTION_SETS[which])

    def check(before, move, after):
        if before.bonus < 0:
            assert texts(before) == reference_moves(before)
        else:
            piece = box.CELLS[before.bonus]
            assert texts(before) == {"stop"} | {m for m in reference_moves(before) if m.startswith(piece + "-")}
        for r in range(12):
            row = after.board[r * 12:(r + 1) * 12]
            pieces = [ch for ch in row if ch != "."]
            assert len(pieces) in (0, 3)
        if move != -1:
            f, t = divmod(move, 144)
            assert f // 12 == t // 12 and t > f
            if after.result is None and after.bonus >= 0:
                assert after.bonus == t and after.to_move == before.to_move
        assert after.colcount == Sprung.decode(after.encode()).colcount
        if after.result is None:
            assert after.can_move(after.to_move)

    end = random_game(start, seed, max_plies=3000, check=check)
    assert end.result is not None


# ---------------------------------------------------------------- the rules page's examples
def test_rules_page_examples_show_what_they_say():
    illus8, further, illus9 = rules_examples("sprung")
    # Illus. 8: Red may go on from D8 to E8, then the turn ends
    assert texts(illus8) == {"D8-E8", "stop"}
    illus8.push_text("D8-E8")
    assert illus8.to_move == 0
    # the further examples: D7 -> E7 -> F7 -> G7, E8 -> F8 -> G8
    a = further.copy()
    for m in ("D7-E7", "E7-F7", "F7-G7"):
        assert a.to_move == 1
        a.push_text(m)
    assert a.to_move == 0
    e = further.copy()
    e.push_text("E8-F8")
    e.push_text("F8-G8")
    assert e.to_move == 0
    # Illus. 9, our reading: H5 only to I5, no bonus there, column L holds 3 red pieces
    assert {m for m in texts(illus9) if m.startswith("H5")} == {"H5-I5"}
    assert illus9.opposing_in_column(0, 11) == 3
    illus9.push_text("H5-I5")
    assert illus9.to_move == 1


# ---------------------------------------------------------------- board editor
refused = check_refused


def row_cells(row, cols="ABCDEFGHIJKL"):
    return [f"{c}{row}" for c in cols]


def fill_goal(ed, rows, letters):
    """Carry the three pieces of each row onto J-L (as `letters`, left to right)."""
    for r in rows:
        for c in "ABCDEFGHIJKL":
            ed.setup.board.pop(f"{c}{r}", None)
        for c, key in zip("JKL", letters, strict=True):
            ed.place(f"{c}{r}", key)


def test_editor_a_row_needs_its_owners_three_pieces():
    ed = Editor.of(play("sprung", "C5-D5 C8-D8"))
    ed.remove("A5")
    e = refused(ed, "sprung.pos.row", "Reihe 5", row_cells(5))
    assert "Blau" in e.message("de")
    ed.place("A5", "r")                                     # a red square in a blue row
    refused(ed, "sprung.pos.row", "Vierecke", row_cells(5))


def test_editor_a_triangle_never_stands_left_of_column_c():
    ed = Editor.of(Sprung.new())
    ed.place("B5", "c")
    ed.place("C5", "b")
    refused(ed, "sprung.pos.triangle", "Dreieck", ["B5"])


def test_editor_a_row_of_nobody_is_marked():
    ed = Editor.of(Sprung.new())
    ed.place("D1", "b")
    refused(ed, "sprung.pos.nobody", "niemandem", ["D1"])


def test_editor_winners_and_the_side_to_move():
    ed = Editor.of(Sprung.new())
    fill_goal(ed, (4, 5, 6), "bbc")
    ed.set_to_move(1)
    blue_goal = [f"{c}{r}" for r in (4, 5, 6) for c in "JKL"]
    e = refused(ed, "sprung.pos.winner", "zuletzt", blue_goal)
    assert e.message("en").endswith("Blue has filled the goal field, so Blue moved last and must be the side to move")
    fill_goal(ed, (7, 8, 9), "rrs")
    refused(ed, "sprung.pos.two_winners", "zwei Seiten", blue_goal + [f"{c}{r}" for r in (7, 8, 9) for c in "JKL"])


def test_editor_a_seat_that_cannot_move_is_not_to_move():
    """Expert variant: Blue's rows full with the triangles in front of L: frozen, no win."""
    ed = Editor.of(Sprung.new({"expert": True}))
    fill_goal(ed, (4, 5, 6), "cbb")
    refused(ed, "sprung.pos.no_move", "nicht am Zug", [f"{c}{r}" for r in (4, 5, 6) for c in "JKL"])
    ed.set_to_move(1)
    s = ed.check()
    assert s.result is None and texts(s) == {"A7-D7", "A8-D8", "A9-D9", "B7-D7", "B8-D8", "B9-D9",
                                             "C7-D7", "C8-D8", "C9-D9"}


def test_editor_a_built_position_plays_on():
    ed = Editor.of(Sprung.new())
    ed.move("C5", "G5")                                     # Blue's triangle ahead in row 5
    ed.move("A8", "E8")                                     # a red square ahead in row 8
    s = ed.check()
    assert "G5-H5" in texts(s) and "B5-C5" in texts(s)
    s.push_text("G5-H5")
    assert s.to_move == 1 and Sprung.decode(s.encode()).encode() == s.encode()


def test_editor_a_decided_position_reports_its_result():
    ed = Editor.of(play("sprung", "C5-D5 C8-D8"))
    fill_goal(ed, (7, 8, 9), "rrs")
    ed.set_to_move(1)
    s = ed.check()
    assert s.result.winners == (1,) and s.result.reason == "why.sprung.goal" and s.legal_moves() == []
