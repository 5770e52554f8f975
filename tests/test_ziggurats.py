"""Ziggurats (rules: assets/rules/ziggurats.en.html): every rule, from real positions (see also the rules page
examples)."""

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from helpers import after, examples, play, random_game, rollout_both_ways, rules_examples, texts, wins_at_once
from spielkiste.cli import perft
from spielkiste.editor import Editor
from spielkiste.engine import State
from spielkiste.errors import BadOption, BadPosition, IllegalMove
from spielkiste.ai.mcts import Search
from spielkiste.games.ziggurats import CHARS, GEOMETRY, SPITE, Ziggurats
from spielkiste.texts import tr


def zpos(rows, to_move=0, back=None, players=2, opts="", last="", drawn=""):
    """A position from rows of space-separated stacks (bottom to top, '-' empty):
    'F' a foundation, then one letter per block: r b g y p o = seats 0-5."""
    body = "/".join(".".join("" if tok == "-" else tok for tok in row.split()) for row in rows)
    back = back or [""] * players
    options = ",".join(filter(None, [f"players.{players}" if players != 2 else "", opts]))
    return Ziggurats.decode(f"2:{options}:{body};{to_move};{'.'.join(back)};{last};{drawn}")


# Four foundations (2 players) on B2, E2, B5, E5: every placement has its own neighbours.
SETUP4 = "fB2 fE2 fB5 fE5"


# ---------------------------------------------------------------- an independent reference
def reference_moves(s):
    """Legal move texts written from the rule text alone: placements next to any stack while
    the supply lasts; a top block of one's own onto an orthogonal neighbour of the same height
    (up) or one lower but not empty (sideways); never back to where it came from on the
    owner's previous turn; afterwards every stack must reach a foundation (a full search)."""
    n = s.geo.n
    cells = s.geo.cells
    seat = s.to_move
    board = s.board

    def nbrs(i):
        r, c = divmod(i, n)
        return [rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= rr < n and 0 <= cc < n]

    def all_connected(b):
        todo = [i for i in range(n * n) if b[i].startswith("F")]
        seen = set(todo)
        while todo:
            for j in nbrs(todo.pop()):
                if b[j] and j not in seen:
                    seen.add(j)
                    todo.append(j)
        return all(i in seen for i in range(n * n) if b[i])

    out = set()
    used = sum(st.count(CHARS[seat]) for st in board)
    if used < 10:
        out |= {cells[i] for i in range(n * n) if not board[i] and any(board[j] for j in nbrs(i))}
    for i in range(n * n):
        if board[i] and board[i][-1] == CHARS[seat]:
            for j in nbrs(i):
                h, hj = len(board[i]), len(board[j])
                if not (hj == h or (hj == h - 1 and hj >= 1)):
                    continue
                if s.back[seat] == (j, i):
                    continue
                b = list(board)
                b[j] += b[i][-1]
                b[i] = b[i][:-1]
                if all_connected(b):
                    out.add(f"{cells[i]}-{cells[j]}")
    return out


# ---------------------------------------------------------------- board, supply, options
@pytest.mark.parametrize("players,size", [(2, 6), (3, 6), (4, 6), (5, 8), (6, 8)])
def test_board_is_6x6_and_8x8_with_five_or_six_players(players, size):
    s = Ziggurats.new({"players": players})
    assert len(s.board) == size * size
    assert len(s.view().cells) == size * size
    assert s.supply == [10] * players
    assert s.total == 2 * players


def test_foundation_count_option_and_impossible_counts():
    assert Ziggurats.new({"foundations": 1}).total == 2
    assert Ziggurats.new({"players": 3, "foundations": 3}).total == 9     # exactly the 6x6 maximum
    assert Ziggurats.new({"players": 5, "foundations": 3}).total == 15
    with pytest.raises(BadOption):
        Ziggurats.new({"players": 4, "foundations": 3})                   # 12 > 9 on 6x6
    with pytest.raises(BadOption):
        Ziggurats.new({"players": 6, "foundations": 3})                   # 18 > 16 on 8x8
    with pytest.raises(BadOption):
        Ziggurats.new({"foundations": 4})


def test_ten_blocks_per_player_then_no_more_placements():
    # Red has all 10 blocks on the board (five stacks 'rr' next to foundations): no placement.
    s = zpos(["F rr - F rr -",
              "rr - - rr - -",
              "- - - - - -",
              "F - - F - -",
              "rr - - - - -",
              "- - - - - -"])
    assert s.supply == [0, 10]
    assert all("-" in m for m in texts(s))
    with pytest.raises(IllegalMove, match="no blocks left"):
        s.parse_move("C1")
    s.push_text("B1-A1")                       # a move is still possible
    assert s.to_move == 1 and "C1" in texts(s)   # Blue still places


# ---------------------------------------------------------------- set-up
def test_foundations_in_reverse_turn_order_then_seat_zero_starts():
    s = Ziggurats.new({"players": 3})
    order = []
    for cell in ["A1", "C1", "E1", "A3", "C3", "E3"]:
        order.append(s.to_move)
        s.push_text("f" + cell)
    assert order == [2, 1, 0, 2, 1, 0]
    assert s.to_move == 0 and not s.in_setup()
    assert all(not m.startswith("f") for m in texts(s))


def test_foundations_never_touch_not_even_diagonally():
    s = play("ziggurats", "fC3")
    forbidden = {"B2", "C2", "D2", "B3", "C3", "D3", "B4", "C4", "D4"}
    assert texts(s) == {"f" + c for c in GEOMETRY[6].cells} - {"f" + c for c in forbidden}
    with pytest.raises(IllegalMove, match="not even diagonally"):
        s.parse_move("fD4")
    with pytest.raises(IllegalMove, match="foundations are placed first"):
        s.parse_move("A1")


def test_a_foundation_may_not_leave_too_little_room_for_the_rest():
    # 4 players need 8 foundations. After B2 and E2 (covering rows 1-3), the 6 still to come
    # must fit into rows 4-6, which hold at most 6 (A4 C4 E4 A6 C6 E6): a foundation in row 5
    # ruins that, one in row 4 or 6 does not.
    s = play("ziggurats", "fB2 fE2", {"players": 4})
    assert texts(s) == {"f" + c + r for c in "ABCDEF" for r in "46"}
    with pytest.raises(IllegalMove, match="would no longer fit"):
        s.parse_move("fB5")
    assert set(s.view().layers["forbidden"]) == {c for c in GEOMETRY[6].cells if c[1] in "1235"} - {"B2", "E2"}
    # and the set-up always completes in random play (also with the 9-of-9 option)
    for opts in ({"players": 4}, {"players": 3, "foundations": 3}, {"players": 6}, {"players": 5, "foundations": 3}):
        for seed in range(6):
            t = random_game(Ziggurats.new(opts), seed, max_plies=opts.get("foundations", 2) * opts["players"])
            assert not t.in_setup()


# ---------------------------------------------------------------- action A: place
def test_placement_next_to_any_stack_orthogonally_perft_by_reasoning():
    s = play("ziggurats", SETUP4)
    # the four foundations' orthogonal neighbours are 16 distinct squares; diagonals do not count
    assert texts(s) == {"B1", "A2", "C2", "B3", "E1", "D2", "F2", "E3",
                        "B4", "A5", "C5", "B6", "E4", "D5", "F5", "E6"}
    with pytest.raises(IllegalMove, match="next to a block or foundation"):
        s.parse_move("C3")
    with pytest.raises(IllegalMove, match="empty ground squares"):
        s.parse_move("B2")
    # every one of the 16 placements adds exactly two new empty neighbours (and removes
    # itself), and Blue has no block to move: 16 * (16 - 1 + 2)
    assert perft(s, 2) == 16 * 17 == 272


def test_blocks_placed_next_to_blocks_also_count():
    s = play("ziggurats", SETUP4 + " B1")
    assert {"A1", "C1"} <= texts(s)


# ---------------------------------------------------------------- actions B and C
def test_up_onto_same_height_and_sideways_onto_one_lower():
    s = zpos(["F r - - - -",
              "- - - - - -",
              "- - - F b -",
              "- - - - - -",
              "- F - - - -",
              "- - - - - F"])
    # Red's ground block B1 can go up onto the bare foundation A1 (same height 1)
    assert texts(s) >= {"B1-A1"}
    s.push_text("B1-A1")
    assert s.board[0] == "Fr" and s.board[1] == ""
    s.push_text("E3-D3")                       # Blue up onto its foundation
    # Red's block on A1 (height 2) may go sideways onto a height-1 stack, none next to it now
    assert not any(m.startswith("A1-") for m in texts(s))
    s2 = zpos(["Fr b - - - -",
               "- - - - - -",
               "- - - F - -",
               "- - - - - -",
               "- F - - - -",
               "- - - - - F"], to_move=0)
    assert "A1-B1" in texts(s2)                # sideways: from height 2 onto height 1, same level
    s2.push_text("A1-B1")
    assert s2.board[0] == "F" and s2.board[1] == "br"


def test_a_ground_block_cannot_move_sideways_onto_the_ground():
    s = zpos(["F r - - - -",
              "- - - - - -",
              "- - - F - -",
              "- - - - - -",
              "- F - - - -",
              "- - - - - F"])
    assert "B1-C1" not in texts(s) and "B1-B2" not in texts(s)
    with pytest.raises(IllegalMove, match="empty square"):
        s.parse_move("B1-C1")


def test_never_down_never_up_two_levels():
    s = zpos(["F bbr b - - -",
              "- - - - - -",
              "- - - F - -",
              "- - - - - -",
              "- F - - - -",
              "- - - - - F"])
    moves = {m for m in texts(s) if m.startswith("B1-")}
    assert moves == set()                       # A1 (height 1) and C1 (height 1) are two lower
    with pytest.raises(IllegalMove, match="never moves down"):
        s.parse_move("B1-C1")
    t = zpos(["F r bbb - - -",
              "- - - - - -",
              "- - - F - -",
              "- - - - - -",
              "- F - - - -",
              "- - - - - F"])
    with pytest.raises(IllegalMove, match="up one level at most"):
        t.parse_move("B1-C1")


def test_only_top_blocks_move():
    s = zpos(["Fr rb - - - -",
              "- - - - - -",
              "- - - F - -",
              "- - - - - -",
              "- F - - - -",
              "- - - - - F"])
    # Red's block under Blue on B1 is stuck; Red's top on A1 may go up onto B1 (height 2)
    assert {m for m in texts(s) if "-" in m} == {"A1-B1"}
    with pytest.raises(IllegalMove, match="own block on top"):
        s.parse_move("B1-A1")


def test_every_stack_stays_connected_to_a_foundation():
    # A2 is the only link between the foundation A1 and Blue's blocks A3-A4: Red may not lift it.
    rows = ["F - - F - -",
            "r r - - - -",
            "b - - - - -",
            "b - - F - -",
            "- - - - - -",
            "- F - - - -"]
    s = zpos(rows)
    assert "A2-B2" not in texts(s)
    with pytest.raises(IllegalMove, match="connected to a foundation"):
        s.parse_move("A2-B2")
    assert "B2-A2" in texts(s)                 # B2 is a leaf: lifting it cuts nothing off
    # with a second link (A3 B3 B2 and A4 B4 C4 to the foundation D4) it may
    rows2 = ["F - - F - -",
             "r r - - - -",
             "b b - - - -",
             "b b b F - -",
             "- - - - - -",
             "- F - - - -"]
    assert "A2-B2" in texts(zpos(rows2))


def test_playouts_never_cut_a_stack_off():
    """playout_move tests connectivity only for the lone block it draws: in the first position
    above it still never lifts A2, and over many draws it picks every legal move."""
    import random
    s = zpos(["F - - F - -", "r r - - - -", "b - - - - -", "b - - F - -", "- - - - - -", "- F - - - -"])
    rng = random.Random(3)
    picked = {s.move_text(s.copy().playout_move(rng)) for _ in range(600)}
    assert "A2-B2" not in picked and picked == texts(s)


# ---------------------------------------------------------------- no back and forth
def test_a_block_may_not_return_to_the_square_it_left_on_the_owners_previous_turn():
    rows = ["F - - F - -",
            "rr b b - - -",
            "- - - - - -",
            "- F - - - -",
            "- b - - - F",
            "- - - - - -"]
    s = zpos(rows)
    s.push_text("A2-B2")                       # sideways, from height 2 onto height 1
    s.push_text("C4")                          # Blue places
    assert "B2-A2" not in texts(s)
    with pytest.raises(IllegalMove, match="previous turn"):
        s.parse_move("B2-A2")
    assert s.view().notes[0][0] == "ziggurats.back"
    assert "forbidden" in s.view(selected="B2").layers
    assert "B2-C2" in texts(s)                 # onwards is fine
    s.push_text("D4")                          # Red places instead
    s.push_text("E4")                          # Blue places
    assert "B2-A2" in texts(s)                 # only the previous turn counts


def test_back_and_forth_history_is_per_owner_and_kept_in_the_code():
    rows = ["F - - F - -",
            "rr b - - - -",
            "bb - - - - -",
            "F - - F - -",
            "- - - - - -",
            "- - - - - -"]
    s = zpos(rows)
    s.push_text("A2-B2")                       # Red leaves A2
    s.push_text("A3-A2")                       # Blue may go there: the rule binds Red's block only
    code = s.encode()
    assert ";A2-B2.A3-A2;" in code
    again = Ziggurats.decode(code)
    assert again.back == [(6, 7), (12, 6)]
    assert s.board[6] == "rb" and s.board[7] == "br"
    for t in (s, again):
        assert "B2-A2" not in texts(t)         # same height now, but that is where it came from
        with pytest.raises(IllegalMove, match="previous turn"):
            t.parse_move("B2-A2")
    assert again.key() == s.key()
    assert Ziggurats.decode(code.replace("A2-B2.A3-A2", ".A3-A2")).key() != s.key()


# ---------------------------------------------------------------- end of the game
def test_moving_onto_foundation_plus_two_wins_by_up_move():
    rows = ["Fbb bbr - F - -",
            "- - - - - -",
            "- - - - - F",
            "- - - - - -",
            "- F - - - -",
            "- - - - - -"]
    s = zpos(rows)
    s.push_text("B1-A1")
    assert s.result is not None and s.result.winners == (0,)
    assert s.result.rewards == (1.0, 0.0)
    assert s.result.message("en") == "Red completes the ziggurat on A1 and wins."
    assert s.result.message("de") == "Rot vollendet die Zikkurat auf A1 und gewinnt."
    assert s.legal_moves() == []
    again = Ziggurats.decode(s.encode())
    assert again.result.winners == (0,)


def test_moving_onto_foundation_plus_two_wins_by_sideways_move():
    rows = ["Fbb bbbr - F - -",
            "- - - - - -",
            "- - - - - F",
            "- - - - - -",
            "- F - - - -",
            "- - - - - -"]
    s = zpos(rows)
    s.push_text("B1-A1")
    assert s.result.winners == (0,) and s.board[0] == "Fbbr"


def test_a_tower_without_foundation_does_not_win():
    rows = ["F bbb bbr - - -",
            "- - - - - -",
            "F - - - - F",
            "- - - - - -",
            "- F - - - -",
            "- - - - - -"]
    s = zpos(rows)
    s.push_text("C1-B1")
    assert s.result is None and s.board[1] == "bbbr"
    t = zpos(["Fb br - F - -",
              "- - - - - -",
              "- - - - - F",
              "- - - - - -",
              "- F - - - -",
              "- - - - - -"])
    t.push_text("B1-A1")                       # onto foundation + 1 block: height 3, no win
    assert t.result is None


def test_everyone_loses_when_the_player_to_move_can_neither_place_nor_move():
    # Blue's 10 blocks all lie under Red's; Red lifts the one on B2 onto C2, exposing a Blue
    # block that has no neighbour of height 1: Blue can neither place (supply 0) nor move.
    rows = ["F - F - F -",
            "br br br br br br",
            "F br br br br -",
            "- - - - - -",
            "- - - - - -",
            "- - - - - -"]
    s = zpos(rows)
    assert s.supply == [0, 0]
    s.push_text("B2-C2")
    r = s.result
    assert r is not None and r.winners == () and r.rewards == (SPITE, SPITE)
    assert r.reason == "why.ziggurats.stuck"
    assert r.message("en") == "Blue can neither place nor move a block: everyone loses."
    assert r.message("de") == "Blau kann keinen Block setzen oder bewegen: alle verlieren."
    assert Ziggurats.decode(s.encode()).result.reason == "why.ziggurats.stuck"


def test_a_beaten_player_takes_everyone_down():
    """'Everyone loses' rewards a little more than a loss, so the search expects a beaten
    opponent to choose it (and avoids offering the chance). From random play: each of Red's
    moves but F4-F3 lets Blue top the foundation on F4 at once; F4-F3 leaves Blue stuck."""
    s = Ziggurats.decode("2::...../..b...F/r..Fbb.r.rr.bbb/Fr..b...Frr/..brr.rb..b/.....;0;F5-F4.E3-F3;E3-F3;")
    assert SPITE > 0.0
    for m in s.legal_moves():
        t = after(s, m)
        assert (t.result is not None and t.result.reason == "why.ziggurats.stuck") == (s.move_text(m) == "F4-F3")
        assert t.result is not None or t.winning_moves()
    for seed in (1, 2, 3):
        search = Search(s, seed=seed)
        search.run(iterations=50)
        assert s.move_text(search.best_move()) == "F4-F3"


def test_repetition_is_a_draw_and_survives_the_code():
    # Red circles round B2 C2 C3 B3, Blue round E2 F2 F3 E3, each on one level: every 8 plies
    # the position (with both back-and-forth entries) recurs; the third time, it is a draw.
    rows = ["F - - F - -",
            "r rr r b bb b",
            "- r r - b b",
            "F - - F - -",
            "- - - - - -",
            "- - - - - -"]
    s = zpos(rows, back=["B3-B2", "E3-E2"])
    cycle = "B2-C2 E2-F2 C2-C3 F2-F3 C3-B3 F3-E3 B3-B2 E3-E2".split()
    played = 0
    while s.result is None:
        s.push_text(cycle[played % 8])
        played += 1
    # the start counts: it recurs after 8 and 16 plies
    assert played == 16 and s.result.reason == "why.repetition"
    assert s.result.rewards == (0.5, 0.5)
    again = Ziggurats.decode(s.encode())
    assert again.result.reason == "why.repetition"
    # the mark is the one every game with a repetition history writes: 'r' after the position
    assert s.encode().endswith(";r")
    old = s.encode().replace("2:", "1:", 1)[:-1] + "d"                   # version 1 wrote 'd'
    assert Ziggurats.decode(old).result.reason == "why.repetition"


# ---------------------------------------------------------------- notation, view, codes
def test_notation_round_trip_case_insensitive():
    s = play("ziggurats", "fb2 FE2 fb5 fe5 c5")
    assert s.board[4 * 6 + 2] == "r"
    assert s.move_text(s.parse_move("b4")) == "B4"
    for m in s.legal_moves():
        assert s.move_input(m) == ((s.move_text(m),), None)


def test_view_draws_stacks_level_by_level():
    rows = ["Fbr - - F - -",
            "r - - - - -",
            "- - - - - F",
            "- - - - - -",
            "- F - - - -",
            "- - - - - -"]
    s = zpos(rows, to_move=1)
    v = s.view(frozenset(["ziggurat"]))
    a1 = sorted((p for p in v.pieces if p.cell == "A1"), key=lambda p: p.level)
    assert [(p.shape, p.colour, p.level) for p in a1] == [("block", "neutral", 0), ("block", "blue", 1),
                                                          ("block", "red", 2)]
    assert tr(a1[0].label) == "foundation" and tr(a1[0].label, "de") == "Fundament"
    assert v.layers["goal"] == ["A1"]          # one block from completion
    notes = dict((k, a) for k, a in v.notes if k != "ziggurats.supply")
    assert not notes
    supply = [a["n"] for k, a in v.notes if k == "ziggurats.supply"]
    assert supply == [8, 9]
    from spielkiste_web.svg import render
    svg = render(v)
    assert "Bottom to top" in svg or "bottom to top" in svg


def test_selected_block_shows_where_it_can_go():
    rows = ["F r - F - -",
            "r r - - - -",
            "- - - - - F",
            "- - - - - -",
            "- F - - - -",
            "- - - - - -"]
    s = zpos(rows)
    assert sorted(s.view(selected="B1").layers["reach"]) == ["A1", "B2"]


def test_position_codes_reject_impossible_positions():
    good = ["F - - F - -", "- - - - - -", "- - - - - -", "F - - F - -", "- - - - - -", "- - - - - -"]
    zpos(good)
    bad = [
        (["F F - - - -"] + good[1:], {}),                       # foundations touch
        (["Fr - - F - -", "- - - - - -", "- - - - - -", "F - - F - -", "- - - - - -", "- - - - r -"], {}),  # cut off
        (["rF - - F - -"] + good[1:], {}),                      # foundation not at the bottom
        (["Frrrrrrrrrrr - - F - -"] + good[1:], {}),            # 11 red blocks
        (["F r - - - -"] + good[1:], {}),                       # blocks before all foundations
        (good, {"to_move": 2}),                                  # no seat 2
        (good, {"back": ["A1-C3", ""]}),                         # not a move between neighbours
        (["Fbbr Fbbr - F - -"] + good[1:], {}),                 # touching, and two ziggurats
        (["F - - F - -"] + good[1:3] + ["Fbbr - - F - -"] + good[4:], {"to_move": 0}),  # builder to move
        (good, {"drawn": "x"}),
        (good, {"last": "Q9"}),
    ]
    for rows, kw in bad:
        with pytest.raises(BadPosition):
            zpos(rows, **kw)
    with pytest.raises(BadPosition):
        Ziggurats.decode("2::" + "/".join(["....."] * 5) + ";0;.;;")        # 5 rows on 6x6
    with pytest.raises(BadPosition):
        Ziggurats.decode("2::" + "/".join(["....."] * 6) + ";0;.;;")        # set-up: seat 1 places first
    assert Ziggurats.decode("2::" + "/".join(["....."] * 6) + ";1;.;;").in_setup()


# ---------------------------------------------------------------- random play
@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4, 5, 6]))
def test_random_play_matches_the_reference_and_keeps_the_invariants(seed, players):
    start = Ziggurats.new({"players": players})

    def check(before, move, after):
        if not before.in_setup():
            assert texts(before) == reference_moves(before)
        else:
            assert before.to_move == (players - 1 - before.placed) % players
        b = after.board
        assert not after.orphans() or after.in_setup()
        assert all(len(x) <= 4 for x in b if x.startswith("F"))
        assert all("F" not in x[1:] for x in b)
        for seat in range(players):
            assert after.supply[seat] == 10 - sum(x.count(CHARS[seat]) for x in b)
        if after.result is not None and after.result.reason == "why.ziggurats.stuck":
            assert reference_moves(after) == set() and after.result.winners == ()
        if after.result is None and not after.in_setup():
            assert reference_moves(after), "a player without moves must end the game"
        if after.result is not None and after.result.winners:
            assert any(len(x) == 4 and x[0] == "F" for x in b)

    end = random_game(start, seed, max_plies=600, check=check)
    assert end.result is not None


def test_play_phase_perft_matches_the_reference():
    def ref_perft(s, depth):
        if depth == 0 or s.result is not None:
            return 1
        total = 0
        for text in sorted(reference_moves(s)):
            t = s.copy()
            t.push_text(text)
            total += ref_perft(t, depth - 1)
        return total
    s = play("ziggurats", SETUP4 + " B1 B3 A2 E3")
    assert perft(s, 3) == ref_perft(s, 3)


# ---------------------------------------------------------------- the rules page's examples
def test_rules_page_examples_show_what_they_say():
    room, cut, back, win, stuck = rules_examples("ziggurats")
    assert room.num_players == 4 and texts(room) == {"f" + c + r for c in "ABCDEF" for r in "46"}
    assert "A2-B2" not in texts(cut) and "B2-A2" in texts(cut)
    assert "B2-A2" not in texts(back) and back.to_move == 0
    win.push_text("B1-A1")
    assert win.result.winners == (0,)
    assert stuck.supply == [0, 0]
    stuck.push_text("B2-C2")
    assert stuck.result.reason == "why.ziggurats.stuck"


# ---------------------------------------------------------------- board editor
PLAYED = SETUP4 + " B3 E3 C2 D2"          # Red B3 C2, Blue E3 D2; Red to move


def edited(moves=PLAYED, options=None):
    return Editor.of(play("ziggurats", moves, options))


def refused(ed, why, german, cells=None):
    """The editor's setup is no position, for this reason (named in German), marking these squares."""
    with pytest.raises(BadPosition) as e:
        ed.check()
    assert e.value.params["why"][0] == "ziggurats.pos." + why
    assert german in e.value.message("de")
    if cells is not None:
        assert sorted(e.value.cells) == sorted(cells)


def stack(ed, cell, keys):
    for key in keys:
        ed.place(cell, key)


def test_editor_refuses_a_foundation_above_a_block():
    ed = edited()
    stack(ed, "C3", "rF")
    assert ed.setup.board["C3"] == ("r", "F")
    refused(ed, "low", "ganz unten", ["C3"])


def test_editor_refuses_more_foundations_than_the_options_give():
    ed = edited()
    ed.place("D5", "F")
    refused(ed, "foundations", "Fundamente", ["B2", "E2", "B5", "E5", "D5"])


def test_editor_refuses_touching_foundations_and_marks_both():
    ed = edited()
    ed.remove("E5")
    ed.place("C3", "F")
    refused(ed, "touch", "berührt", ["B2", "C3"])


def test_editor_refuses_an_eleventh_block_and_marks_that_colour():
    ed = edited()
    stack(ed, "B3", "r" * 9)
    refused(ed, "blocks", "mehr als 10", ["B3", "C2"])


def test_editor_refuses_blocks_during_the_set_up():
    ed = edited("fB2 fE2")
    ed.place("B3", "r")
    refused(ed, "setup", "vor allen Fundamenten", ["B3"])


def test_editor_refuses_the_wrong_seat_to_place_the_next_foundation():
    ed = edited("fB2")
    ed.set_to_move(1)
    refused(ed, "setup_turn", "falsche Spieler")


def test_editor_refuses_foundations_that_leave_no_room_for_the_rest():
    """Three foundations each for two players: four can cover the whole 6x6 board."""
    ed = Editor.of(Ziggurats.new({"foundations": 3}))
    for cell in ("B2", "E2", "B5", "E5"):
        ed.place(cell, "F")
    assert ed.setup.to_move == 1          # seat 1 would place the fifth foundation
    refused(ed, "no_room", "keinen Platz", ["B2", "E2", "B5", "E5"])


def test_editor_refuses_a_stack_cut_off_from_every_foundation():
    ed = edited()
    ed.place("A6", "b")
    refused(ed, "orphan", "abgeschnitten", ["A6"])


def test_editor_refuses_a_foundation_stack_taller_than_a_ziggurat():
    ed = edited()
    stack(ed, "B2", "rbrb")
    refused(ed, "tall", "höher als 4", ["B2"])


def test_editor_refuses_a_tower_taller_than_the_blocks_on_the_board_allow():
    """A tower of 4 took a neighbour of 3 at the time: 5 blocks at least, and blocks never leave."""
    ed = edited()
    for cell in ("B3", "E3", "D2"):
        ed.remove(cell)
    stack(ed, "C2", "brb")                # 4 blocks, all in the tower on C2
    refused(ed, "tower", "mindestens 5 Blöcke", ["C2"])
    ed.place("B3", "b")                   # a fifth block: now it can be
    assert ed.check().board[ed.check().geo.index["C2"]] == "rbrb"


def test_editor_refuses_two_ziggurats():
    ed = edited()
    stack(ed, "B2", "rbr")
    stack(ed, "E2", "brb")
    refused(ed, "twice", "nur einmal", ["B2", "E2"])


def test_editor_refuses_the_builder_of_the_ziggurat_to_move():
    ed = edited()
    stack(ed, "B2", "rbr")
    ed.set_to_move(0)
    refused(ed, "after", "nach dem Erbauer", ["B2"])


def test_a_position_built_in_the_editor_plays_on():
    ed = edited()
    ed.place("C2", "b")                   # Blue has climbed onto Red's C2
    ed.place("C3", "r")
    ed.set_to_move(1)
    s = ed.check()
    assert s.result is None and s.to_move == 1 and s.supply == [7, 7] and s.back == [None, None]
    assert "C2-B2" in texts(s) and "B3-C3" not in texts(s)
    s.push_text("C2-B2")
    assert s.board[s.geo.index["B2"]] == "Fb"
    assert Ziggurats.decode(s.encode()).encode() == s.encode()
    assert Editor.of(s).code() == s.encode()


def test_a_finished_position_built_in_the_editor_reports_its_result():
    ed = edited()
    stack(ed, "E2", "brb")                # Blue has topped the foundation on E2; Red would be next
    s = ed.check()
    assert s.result.winners == (1,) and s.result.reason == "why.ziggurats.built"
    assert s.result.line == ("E2",) and s.legal_moves() == []


def test_the_fast_rollout_plays_the_playout_moves_to_every_ending():
    """Ziggurats.rollout (heights and top-block lists, for the search's speed) against
    playout_move() played one by one from the same rng, from random positions with 2-4 players:
    the same position, ply, last move, supply, back squares, seen positions, outcome and
    (mover, move) list, each with a cap; and the rollouts reach each way a game ends (a ziggurat,
    a stuck player, a third repetition: made to come at the first move by marking the position
    that move reaches as seen twice), so each is compared."""
    reasons = set()
    for seed in range(240):
        rng = random.Random(seed)
        s = Ziggurats.new({"players": 2 + seed % 3})
        for _ in range(rng.randrange(40)):
            if s.result is None:
                s.play(rng.choice(s.legal_moves()))
        if s.result is not None:
            continue
        cap = rng.choice([1, 3, 200])
        if seed % 8 == 0 and not s.in_setup():
            probe = s.copy()
            State.rollout(probe, random.Random(seed), 1)
            if probe.result is None:
                s._seen[probe.key()] = 2
        slow, alike = rollout_both_ways(s, seed, cap, "supply", "back", "_seen")
        assert alike, f"seed {seed}"
        if slow.result is not None:
            reasons.add(slow.result.reason)
    assert reasons == {"why.ziggurats.built", "why.ziggurats.stuck", "why.repetition"}


def test_the_search_proves_a_move_that_hands_over_a_ziggurat_lost_as_it_is_added():
    """Ziggurats' search prunes (its search_settings, measured in ziggurats.py). From a game against
    plain UCT: after Blue's B3, Red's C4-C5 is the one move of 21 that lets Blue complete a ziggurat
    at once (tried by play(), not by the winning_moves() hook that prune reads). Deep
    in the tree, under B3, the search proves it lost as it is added, with no playout; without prune
    it costs a playout that may count as a Red win in B3's mean."""
    s = Ziggurats.decode("2::r...../F.br.b.../...F.b./.r.bbr..r./Fr.rrb.Fb.r../b..b...;1;.;E4;")
    b3 = after(s, s.parse_move("B3"))
    handing = [b3.move_text(m) for m in b3.legal_moves() if wins_at_once(after(b3, m))]
    assert handing == ["C4-C5"] and len(b3.legal_moves()) == 21
    assert Ziggurats.search_settings.prune
    for prune in (True, False):
        search = Search(s, seed=1, settings=replace(s.search_settings, prune=prune))
        search.run(iterations=1500)
        node = next(ch for ch in search.root.children if s.move_text(ch.move) == "B3")
        hand = next(ch for ch in node.children if b3.move_text(ch.move) == "C4-C5")
        if prune:
            assert hand.proven == (0.0, 1.0) and hand.visits == 0
        else:
            assert hand.visits >= 1
