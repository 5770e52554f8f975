"""The game review and the analysis board's engine lines (spielkiste.review), on real positions.

What is right is worked out here, by the rules, by trying every move, or by a brute-force search
of a small solitaire position written in this file, not taken from the review. The searches
run at small iteration budgets, so every run is the same."""
import json
import random

import pytest

from helpers import after, wins_by_threats
from spielkiste.games.snorkels_tactics import THREATS
from spielkiste.record import Record
from spielkiste.registry import get_game
from spielkiste.ai.mcts import Search
from spielkiste import puzzles
from spielkiste.puzzles.proof import Prover
from spielkiste_web import links
from spielkiste_web.session import Session
from spielkiste.review import LINE, MARKS, Lines, Review, forced_line, proven, seat_chances

SNORKELS, WELTREICH, SOLITAIRE = get_game("snorkels"), get_game("weltreich"), get_game("solitaire")

# Snorkels (7x7, rows from the top), Purple to move. Green's stone on A1 has one free neighbour,
# A2 (B1 is Purple's): Purple on A2 leaves it none, captures it and wins: a win in one. Purple's
# stone on G7 has one free neighbour too, G6 (F7 is Green's): if Purple plays anything else, Green
# wins on G6. The position is the one B1 A1 G7 F7 reach from the start (checked below).
PLANTED = "1::GP5/7/7/7/7/7/5GP;0;0;0;F7"
# Purple to move, with only G7 (free neighbour G6) against F7: every move but G6 lets Green capture
# G7 on G6; Purple cannot capture F7 (free neighbours E7 and F6) in one. G6 is forced.
FORCED = "1::7/7/7/7/7/7/5GP;0;0;0;F7"


def reviewed(start, moves, **budget) -> dict:
    rec = Record.replay(start, moves, custom_start=True)
    review = Review(rec, **budget)
    progress = [review.step() for _ in range(review.total)]
    assert [p["done"] for p in progress] == list(range(1, len(moves) + 2)) and review.done
    result = review.result()
    assert json.loads(json.dumps(result)) == result, "plain data, ready for the worker's JSON"
    return result


def test_the_planted_position_is_a_real_one():
    s = SNORKELS.new()
    for text in "B1 A1 G7 F7".split():
        s.push_text(text)
    assert s.encode() == PLANTED


def test_a_missed_win_in_one_is_a_blunder_with_the_winning_move_as_the_better_one():
    result = reviewed(SNORKELS.decode(PLANTED), ["D4", "G6"], iterations=200)
    before, after, end = result["plies"]
    # Purple wins at once with A2; after D4 Green wins at once with G6: both known exactly
    assert before["c"] == [100, 0] and before["exact"] and before["best"] == "A2"
    assert after["c"] == [0, 100] and after["exact"] and after["best"] == "G6"
    assert end["c"] == [0, 100] and end["best"] is None
    missed, won = result["moves"]
    assert missed == {"move": "D4", "seat": 0, "loss": 100, "mark": "blunder", "best": "A2", "chance": 100,
                      "line": ["A2"]}
    assert won == {"move": "G6", "seat": 1, "loss": 0, "mark": ""}
    assert result["summary"] == [
        {"seat": 0, "moves": 1, "loss": 100.0, "inaccuracy": 0, "mistake": 0, "blunder": 1},
        {"seat": 1, "moves": 1, "loss": 0.0, "inaccuracy": 0, "mistake": 0, "blunder": 0}]


def test_a_list_of_positions_is_reviewed_as_its_record():
    rec = Record.replay(SNORKELS.decode(PLANTED), ["D4", "G6"], custom_start=True)
    results = []
    for game in (rec, rec.states):
        review = Review(game, iterations=100)
        while not review.done:
            review.step()
        results.append(review.result())
    assert results[0] == results[1] and [m["move"] for m in results[1]["moves"]] == ["D4", "G6"]


def test_the_thresholds_are_the_issues():
    assert MARKS == (("blunder", 40), ("mistake", 25), ("inaccuracy", 15))


def test_obvious_and_forced_moves_get_no_marks():
    taken = reviewed(SNORKELS.decode(PLANTED), ["A2"], iterations=200)
    assert [p["c"] for p in taken["plies"]] == [[100, 0], [100, 0]]
    forced = reviewed(SNORKELS.decode(FORCED), ["G6"], iterations=200)
    assert forced["plies"][0]["best"] == "G6"
    for result in (taken, forced):
        assert all(m["loss"] == 0 and m["mark"] == "" for m in result["moves"])
        assert result["summary"][0]["moves"] == 1 and result["summary"][0]["loss"] == 0.0


# Four-player Weltreich in teams: Blue (seat 0) and Green (1) against Red (2) and Yellow (3), a
# round Blue, Green, Red, Yellow; Red to move. Red's commander goes E11-E5, three squares in front
# of Green's rider on E8; a rider captures at distance 3, so from then on Green takes the
# commander (E8xE5), which wins for Blue and Green, whatever Yellow and Blue play before
# (tests/test_search_teams.py). Green then plays K3-G3 instead: a missed win in one.
TEAMS = ("2:players.4,teams.1:bcb5gghg/cBc7Gh/bcb6ghg/b2b7g/12/12/y11/4h7/11r/yzy6rsr/zYz1R4s1s/"
         "yzyy4rrsr;2;J8-E8;;6")
TEAM_MOVES = ["E11-E5", "A11-K11", "A2-A6", "K3-G3", "J12-E12", "A7-L7"]


def test_a_team_review_gives_partners_one_chance_and_the_two_sides_add_up():
    result = reviewed(WELTREICH.decode(TEAMS), TEAM_MOVES, iterations=150)
    assert result["teams"] == [0, 0, 1, 1] and result["seats"] == 4
    for ply in result["plies"]:
        blue, green, red, yellow = ply["c"]
        assert blue == green and red == yellow
        # each side's chance is a mean over (nearly) the same simulations, whose rewards add up
        # to 1 for two sides: apart from rounding, a few simulations' difference
        assert 97 <= blue + red <= 103, ply
    green_to_take = result["plies"][3]
    assert green_to_take["exact"] and green_to_take["c"] == [100, 100, 0, 0] and green_to_take["best"] == "E8xE5"
    missed = result["moves"][3]
    assert missed["seat"] == 1 and missed["mark"] == "blunder" and missed["best"] == "E8xE5"
    assert result["summary"][1]["blunder"] == 1


# Allein Wetteifern, 11 pieces left, reached by playing on from a random game's position; the
# brute force below finds that one piece can still be left, and not after G7-E7.
SOLITAIRE_POSITION = "1::12/12/12/12/3h2z5/2b2b6/5by5/5rg5/5by1y3/12/12/12;D6-F6"


def best_reward(state, memo) -> float:
    """The solitaire's reward under perfect play, by trying every line (small positions only)."""
    key = tuple(state.board)
    if key not in memo:
        if state.result is not None:
            memo[key] = state.result.rewards[0]
        else:
            memo[key] = max(best_reward(after(state, m), memo) for m in state.legal_moves())
    return memo[key]


def test_a_solitaire_review_uses_the_solver_and_says_whether_each_position_is_still_solvable():
    start, memo = SOLITAIRE.decode(SOLITAIRE_POSITION), {}
    assert best_reward(start, memo) == 1.0
    # G7-E7 throws the solution away; then the best play to the end, as the brute force finds it
    line, s = ["G7-E7"], after(start, start.parse_move("G7-E7"))
    while s.result is None:
        m = max(s.legal_moves(), key=lambda m: best_reward(after(s, m), memo))
        line.append(s.move_text(m))
        s = after(s, m)
    result = reviewed(start, line, seconds=0.4)     # the solver finishes these in milliseconds
    rec = Record.replay(start, line)
    for state, ply in zip(rec.states, result["plies"], strict=True):
        reward = best_reward(state, memo)
        assert ply["exact"] and ply["c"] == [round(100 * reward)]
        assert ply["solvable"] is (reward == 1.0)
    first = result["plies"][0]
    assert first["solvable"] and first["best"] in {"F7-H7", "F9-H9"}
    assert [m["mark"] for m in result["moves"]] == ["blunder"] + [""] * (len(line) - 1)
    assert result["moves"][0]["loss"] == 100 - result["plies"][1]["c"][0] >= 40


# Snorkels from a random game, Purple to move: five of its 23 moves lose at once (they leave a
# group of its own without a free neighbour, or let Green capture one), none wins at once, and D1
# begins a forced capture
CROWDED = "1::2G2G1/G1PP1P1/P2P3/P1GP1PP/1GGP2P/PG1G1PG/1G2GGG;0;0;0;F1"
# Snorkels from a game of the playouts' policy, Purple to move: three of its 29 moves lose at once,
# and the forced captures decide five (those three and two more) and not the position itself
OPEN = "1:pie.0:1PPGGG1/1P5/2P1PPG/G1P2G1/2G4/4P1G/P1P1GG1;0;0;0;G6"


def test_the_top_moves_grow_with_the_budget_and_their_lines_are_legal():
    state = SNORKELS.decode(OPEN)
    seat = state.to_move

    def loses(m) -> bool:
        s = after(state, m)
        if s.result is not None:
            return s.result.rewards[seat] == 0.0
        return any(after(s, r).result is not None and after(s, r).result.rewards[seat] == 0.0 for r in s.legal_moves())
    safe = {state.move_text(m) for m in state.legal_moves() if not loses(m)}
    assert len(safe) == 26 and len(state.legal_moves()) == 29
    decided = {state.move_text(m) for m in state.legal_moves() if after(state, m).solve(None, {}) is not None}
    assert len(decided) == 5 and decided >= {state.move_text(m) for m in state.legal_moves()} - safe
    assert state.solve(None, {}) is None
    lines = Lines(state, seed=1)
    first = lines.run(iterations=150)
    again = lines.run(iterations=300)
    # the second slice goes on with the first one's tree
    assert first["n"] == 150 and again["n"] == 450 and not first["exact"] and not again["exact"]
    for top in (first, again):
        moves = top["moves"]
        assert len(moves) == 3 and {m["move"] for m in moves} <= safe
        for m in moves:
            assert m["line"][0] == m["move"] and 0 <= m["chance"] <= 100 and not m["exact"]
            s = state.copy()
            for text in m["line"]:
                s.push_text(text)          # legal all the way
        assert 97 <= sum(top["c"]) <= 103


def test_the_lines_show_a_forced_capture_as_proven_at_once():
    """The analysis reads the forced captures before it searches: CROWDED is won for Purple by D1 (a
    threat; every Green reply loses at once or to further threats, by the rules alone), so the
    lines say so with no iteration. D1 wins in three moves, though, and the lines show a win in
    two instead: a move after which every Green reply loses at once or lets Purple win at once
    (by the rules), with its line to the end. D1 follows, proven won too."""
    state = SNORKELS.decode(CROWDED)
    top = Lines(state, seed=1).run(iterations=150)
    assert top["exact"] and top["c"] == [100, 0] and top["n"] == 0
    won = after(state, state.parse_move("D1"))
    assert all(u.result.rewards[0] == 1.0 if u.result is not None else wins_by_threats(u, THREATS)
               for u in (after(won, r) for r in won.legal_moves()))
    best, *others = top["moves"]
    assert best["move"] != "D1" and best["chance"] == 100 and best["exact"] and top["win_in"] == 2
    two = after(state, state.parse_move(best["move"]))
    assert all(u.result.rewards[0] == 1.0 if u.result is not None else
               any(after(u, m).result is not None and after(u, m).result.rewards[0] == 1.0 for m in u.legal_moves())
               for u in (after(two, r) for r in two.legal_moves()))
    end = state.copy()
    for text in best["line"]:
        end.push_text(text)
    assert len(best["line"]) == 3 and end.result is not None and end.result.winners == (0,)
    assert others[0]["move"] == "D1" and others[0]["chance"] == 100 and others[0]["exact"]


# win puzzles (puzzles/proof.py proved each: exactly one first move wins within `depth` of the mover's
# moves, none in fewer), two moves and three, that the analysis proves within a few slices
SHORTEST = [("surikata", 13), ("surikata", 43), ("snorkels", 14), ("snorkels", 43), ("blockade", 1),
            ("blockade", 12), ("weltreich", 68), ("sprung", 13), ("sprung", 43), ("aufstellen", 13),
            ("aufstellen", 43), ("tor", 1), ("ziggurats", 13), ("ziggurats", 43), ("drei", 103), ("drei", 118)]


@pytest.mark.parametrize("game,pid", SHORTEST)
def test_a_proven_win_is_the_shortest_with_its_line_to_the_end(game, pid):
    """Once the analysis has proven a win puzzle's position, it names the puzzle's one first move
    that wins in the fewest moves, says that number (win_in), and shows the line to the end: played
    by the rules it ends in the mover's win. The second route is the puzzles' own exhaustive proof.
    Before, the analysis named the tree's first proven win (Snorkels 14: D1, a longer one than G5)
    and its line stopped where the tree did (every Blockade puzzle: no count)."""
    p = puzzles.get(game, pid)
    state = p.state()
    lines = Lines(state, seed=1)
    for _ in range(50):
        top = lines.run(iterations=300)
        if top["exact"] and not top["proving"]:
            break
    assert top["exact"] and not top["proving"] and top["c"][p.seat] == 100
    best = top["moves"][0]
    assert best["move"] == p.line[0] and best["exact"] and best["chance"] == 100
    assert top["win_in"] == p.depth
    s = state.copy()
    for text in best["line"]:
        s.push_text(text)                # legal all the way
    if len(best["line"]) < LINE:         # (a line is cut after LINE moves)
        assert s.result is not None and s.result.winners == (p.seat,)


def test_a_position_the_solver_decides_lost_shows_every_move_lost():
    """Surikata after mB1 mE3 mD1 mB4 mE1 A4 D2 A3 E5 D4 A1 B3 C2, Orange to move: the endings'
    solver decides it lost for Orange before the tree has proven a move, and the lines said so
    ("Orange 0 %") beside Orange moves at 33 %, 21 % and 11 % (a newcomer's probe). Every move shown
    is now 0 % and exact; after each, the solver says White (to move) wins."""
    state = get_game("surikata").new()
    for text in "mB1 mE3 mD1 mB4 mE1 A4 D2 A3 E5 D4 A1 B3 C2".split():
        state.push_text(text)
    top = Lines(state, seed=1).run(seconds=0.2)          # (the solver answers in a timed run)
    assert top["exact"] and top["c"] == [0, 100] and len(top["moves"]) == 3
    for m in top["moves"]:
        assert m["chance"] == 0 and m["exact"]
        after_it = after(state, state.parse_move(m["move"]))
        assert after_it.result is not None or after_it.solve(None, {}) == (0.0, 1.0)


def test_lines_of_a_finished_game_and_of_a_solvable_solitaire():
    won = SNORKELS.decode(PLANTED)
    won.push_text("A2")
    assert Lines(won).run(iterations=10) == {"c": [100, 0], "exact": True, "solvable": None, "n": 0, "moves": [],
                                               "win_in": None, "proving": False}
    top = Lines(SOLITAIRE.decode(SOLITAIRE_POSITION)).run(seconds=0.2)
    assert top["solvable"] and top["exact"] and top["c"] == [100]
    assert top["moves"][0]["move"] in {"F7-H7", "F9-H9"} and top["moves"][0]["chance"] == 100


@pytest.mark.parametrize("moves", [0, 1, 3])
def test_a_partial_review_holds_what_is_done(moves):
    review = Review(Record.replay(SNORKELS.decode(FORCED), ["G6", "F6", "G5"], custom_start=True), iterations=50)
    for _ in range(moves + 1):
        review.step()
    result = review.result()
    assert len(result["plies"]) == moves + 1 and len(result["moves"]) == moves
    assert result["v"] == 1 and result["game"] == "snorkels" and result["budget"] == {"iterations": 50}


def test_two_sides_chances_add_up_to_one_from_the_same_simulations():
    """A short search of a two-side game: the side to move's chance is the mean over the root's
    children, and the other side gets the rest (its own figure, one depth further down, misses each
    child's first playout: after a 0.05 s slice in Pyodide the two added up to 104 %). In Ziggurats,
    where all can lose, each side keeps its own figure and they may add up to less."""
    for gid in ("snorkels", "blockade", "surikata"):
        s = get_game(gid).new()
        search = Search(s, seed=2)
        search.run(iterations=60)
        chances = seat_chances(search)
        assert search.root.proven is None and abs(sum(chances) - 1.0) < 1e-9, gid
    z = get_game("ziggurats").new()
    search = Search(z, seed=2)
    search.run(iterations=60)
    assert z.shared_loss and sum(seat_chances(search)) < 0.9     # most random playouts end stuck: 0.1 each


def test_a_proof_one_ply_later_marks_the_move_that_allowed_it():
    """Found by a newcomer probe (Aufstellen, English and German): Red's 2. K11 loses by force (Blue
    walls in Red's cylinder), but the review saw 44 % after it, proved the loss only after Blue's
    H8, charged the fall to H8 and said the game had no mistake. A position from which its mover
    reaches a proven win is proven won: the review now takes the proof one ply back (Review.add).
    Here the proof after H8 is the puzzles' exhaustive prover's, a route apart from the search."""
    rec = Record.replay(get_game("aufstellen").new(), ["H11", "B2", "K11", "H8"])
    review = Review(rec, iterations=300)
    for _ in range(4):
        review.step()
    assert not review.evals[3]["exact"] and review.evals[3]["c"][0] > 25      # after K11 it looked open
    lost = rec.states[4]
    line = forced_line(lost, Prover(1))                                       # Blue wins by force after H8
    assert line and len(line) <= 5
    review.add({"c": [0, 100], "exact": True, "best": lost.move_text(line[0]), "line": [lost.move_text(line[0])],
                "solvable": None, "n": 0})
    result = review.result()
    assert result["plies"][3]["exact"] and result["plies"][3]["c"] == [0, 100]
    assert result["plies"][3]["best"] == "H8" and result["plies"][3]["line"][:2] == ["H8", lost.move_text(line[0])]
    k11, h8 = result["moves"][2], result["moves"][3]
    assert (k11["move"], k11["mark"], h8["move"], h8["mark"]) == ("K11", "blunder", "H8", "")
    assert Prover(1).wins(rec.states[3], 3)                  # and so it is: Blue to move wins within 3 moves


def test_a_near_certain_estimate_is_proven_by_the_exhaustive_prover_or_left_as_it_is():
    """What made the probe's game right in the page: after 2… H8 the search (0.3 s in Pyodide)
    estimated Red at 0 % without a proof; the review asks the puzzles' prover, and marks it exact
    only where that proves Blue's win (review.proven)."""
    game = get_game("aufstellen")
    lost = Record.replay(game.new(), ["H11", "B2", "K11", "H8"]).current
    estimate = {"c": [3, 97], "exact": False, "best": "B5", "line": ["B5", "E8"], "solvable": None, "n": 100}
    got = proven(lost, estimate)
    assert got == {**estimate, "c": [0, 100], "exact": True}      # Red to move: its move stays the search's
    assert Prover(1).wins(lost, 3) and not Prover(1).wins(lost, 1)
    open_ = Record.replay(game.new(), ["H11", "B2"]).current          # no forced win within 3 moves: as it was
    assert not Prover(0).wins(open_, 3)
    assert proven(open_, {**estimate, "c": [95, 5]}) == {**estimate, "c": [95, 5]}


def test_everyone_loses_is_shown_as_nobodys_chance():
    """Found by a probe: a Ziggurats game that ended "everyone loses" read "Red 10 %, Blue 10 %" in
    the review from the end back to where it was proven: the small reward that steers the search
    (SPITE), shown as a win chance. An exact shared loss is 0 % for each."""
    rng, rec = random.Random(0), Record.new(get_game("ziggurats"))
    while rec.current.result is None:
        rec.play(rng.choice(rec.current.legal_moves()))
    end = rec.current.result
    assert end.reason == "why.ziggurats.stuck" and end.winners == () and max(end.rewards) < 0.5
    review = Review(rec.states[-6:], iterations=200)
    while not review.done:
        review.step()
    plies = review.result()["plies"]
    assert plies[-1] == {**plies[-1], "c": [0, 0], "exact": True}
    assert all(p["c"] == [0, 0] for p in plies if p["exact"] and sum(p["c"]) < 100)
    assert Lines(rec.current).run(iterations=10)["c"] == [0, 0]
    session = Session()                             # and the evaluation bar at the end: lost, 0 %
    session.handle({"op": "open", "link": links.to_fragment(rec)})
    assert session.eval_result(rec.current, 0) == {"percent": 0, "text": "lost"}
