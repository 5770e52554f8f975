"""The levels below level 1 ("beginner" -1, "casual" 0: a short search and a move drawn with a
temperature), the novice reference player, and the levels' round trip through saves, links and
the worker (issue 32)."""
import json
import math
import random
import sys
from dataclasses import replace

import pytest

from spielkiste.ai import levels
from spielkiste.ai.mcts import Search, first_win
from spielkiste.ai.players import Player, parse_player
from spielkiste.record import Record
from spielkiste.registry import GAMES
from spielkiste_web import links, page_data, saves
from spielkiste_web.session import Session


def reached(gid: str, seed: int, wanted) -> Record:
    """A real game of `gid` played by random moves from its start (seed `seed`) up to the first
    position where wanted(state) holds."""
    rng = random.Random(seed)
    for _ in range(200):
        rec = Record.new(GAMES[gid], {"seed": rng.randrange(1 << 20)} if gid in ("snorkels",) else None)
        while rec.current.result is None:
            if wanted(rec.current):
                return rec
            rec.play(rng.choice(rec.current.legal_moves()))
    raise AssertionError(f"no such position in {gid}")


def wins_in_one_but_not_every_move(state) -> bool:
    """The mover has a win in one, and not every move wins."""
    if first_win(state) is None:
        return False
    return any(_after(state, m).result is None for m in state.legal_moves())


def _after(state, move):
    s = state.copy()
    s.play(move)
    return s


def wins(state, move) -> bool:
    s = _after(state, move)
    return s.result is not None and s.result.rewards[state.to_move] == 1.0


@pytest.mark.parametrize("gid", ["snorkels", "tor"])
def test_beginner_takes_a_win_in_one(gid):
    rec = reached(gid, 3, wins_in_one_but_not_every_move)
    state = rec.current
    for seed in range(6):           # the draw with a temperature never passes a win at once by
        assert wins(state, Player(levels.spec(gid, -1), seed).move(state))
    # and so does the page's worker, at the beginner level with the computer to move
    s = Session()
    snap = s.handle({"op": "open", "link": links.to_fragment(rec)})
    assert "error" not in snap, snap
    seats = ["human", "human"]
    seats[state.to_move] = "computer"
    s.handle({"op": "set", "seats": seats, "level": -1})
    got = s.handle({"op": "think", "seconds": 0.12, "budget": levels.LEVELS[-1]})
    assert got["done"] and wins(state, state.parse_move(got["move"]))


def test_beginner_draws_its_moves_and_stops_at_its_iterations():
    """At the start of a game the beginner's moves vary (a draw, not the best move each time),
    and the worker stops its search at the level's iterations, far inside the time cap."""
    state = GAMES["blockade"].new()
    picked = {state.move_text(Player(levels.spec("blockade", -1), seed).move(state)) for seed in range(12)}
    assert len(picked) >= 3, picked
    s = Session()
    s.handle({"op": "open", "link": "blockade"})
    s.handle({"op": "set", "seats": ["computer", "human"], "level": -1})
    got = s.handle({"op": "think", "seconds": 5, "budget": 5})
    assert got["done"] and got["info"]["iterations"] <= levels.weak_level("blockade", -1)[0] + 1
    assert state.parse_move(got["move"]) in state.legal_moves()


def threatened(state) -> bool:
    """The opponent wins at once after some of the mover's moves, but not after all of them,
    and the mover has no win in one."""
    if first_win(state) is not None:
        return False
    me, lost, safe = state.to_move, 0, 0
    for m in state.legal_moves():
        s = _after(state, m)
        threat = first_win(s) if s.result is None else None
        if threat is not None and threat[1][me] == 0.0:
            lost += 1
        else:
            safe += 1
    return lost > 0 and safe > 0


@pytest.mark.parametrize("gid", ["snorkels", "blockade"])
def test_novice_blocks_a_win_in_one(gid):
    rec = reached(gid, 5, threatened)
    state = rec.current
    me = state.to_move
    for seed in range(8):
        s = _after(state, Player("novice", seed).move(state))
        threat = first_win(s) if s.result is None else None
        assert threat is None or threat[1][me] > 0.0


def test_every_level_is_a_player_and_round_trips_through_saves_and_the_worker():
    assert sorted(levels.LEVELS) == [-1, 0, 1, 2, 3, 4] and levels.DEFAULT_LEVEL in levels.LEVELS
    assert parse_player("novice") == ("novice", {})
    for k in levels.LEVELS:
        parse_player(levels.spec("tor", k))
    rec = Record.new(GAMES["snorkels"], {"seed": 5})
    for k in (-1, 0, 1, 4):
        text = saves.dump(rec, ["human", "computer"], k, 0)
        assert saves.load(text, levels.LEVELS)[2] == k
        s = Session()
        got = s.handle({"op": "load", "save": text})
        assert "error" not in got and got["level"] == k and json.loads(got["save"])["level"] == k
    for bad in (-2, 5, True):
        bad_save = json.dumps({**json.loads(saves.dump(rec, ["human", "computer"], 1, 0)), "level": bad})
        assert "error" in Session().handle({"op": "load", "save": bad_save})
    data = page_data.level_figures()
    assert data["default"] == levels.DEFAULT_LEVEL and set(data["seconds"]) == {"-1", "0", "1", "2", "3", "4"}
    assert data["seconds"]["4"] == levels.TOP_SECONDS and data["offered"]["tor"] == levels.offered("tor")
    for gid, per in levels.RATINGS.items():          # the dialog's ratings, ordered as the fit made them
        for k, (r, lo, hi) in per.items():
            assert lo <= r <= hi and data["ratings"][gid][str(k)] == [r, lo, hi]


# ---------------------------------------------------------------- levels as strengths (issue 53)
def load_ladder():
    """tests/bench/ladder.py as a module (the benches are scripts, not a package)."""
    import importlib.util
    import os
    import sys
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.join(here, "bench"))
    spec = importlib.util.spec_from_file_location("ladder_bench", os.path.join(here, "bench", "ladder.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_level_is_a_number_of_iterations_rising_to_two_seconds_of_the_page():
    for gid in GAMES:
        if gid == "solitaire":
            continue
        its = [levels.iterations(gid, k) for k in sorted(levels.LEVELS)]
        assert its == sorted(set(its)), (gid, its)                   # each level searches more than the one below
        assert its[-1] == round(levels.TOP_SECONDS * levels.PAGE_RATE[gid])
        assert its[:2] == [levels.weak_level(gid, -1)[0], levels.weak_level(gid, 0)[0]]
        # levels 0..4 evenly spaced in log-iterations
        ratios = [b / a for a, b in zip(its[1:], its[2:], strict=False)]
        assert max(ratios) / min(ratios) < 1.01, (gid, ratios)
        assert levels.target(gid, 4) == (its[-1], None) and levels.target(gid, -1) == levels.weak_level(gid, -1)
    assert levels.spec("tor", 4) == f"mcts:{round(2 * levels.PAGE_RATE['tor'])}"
    beginner = Player(levels.spec("snorkels", -1))      # a weak level's spec, as a match reads it
    assert (beginner.budget["iterations"], beginner.temperature) == levels.weak_level("snorkels", -1)
    with pytest.raises(ValueError):
        levels.iterations("tor", 5)


@pytest.mark.parametrize("level", [1, 3])
def test_an_old_save_of_levels_1_to_4_searches_that_levels_iterations_however_long(level):
    """A save from when levels were seconds (level 1: 0.3 s) loads, and the computer's move there
    searches exactly the level's iterations, with no time limit: the page sends no `budget`."""
    rec = Record.new(GAMES["snorkels"], {"seed": 5})
    s = Session()
    assert "error" not in s.handle({"op": "load", "save": saves.dump(rec, ["computer", "human"], level, 0)})
    slices = 0
    while not (got := s.handle({"op": "think", "seconds": 0.05}))["done"]:
        slices += 1
    assert got["info"]["iterations"] == levels.iterations("snorkels", level) and slices >= (level == 3)
    assert rec.current.parse_move(got["move"]) in rec.current.legal_moves()
    # a hint at a weak level: level 1's best move, never a mistake on purpose
    s = Session()
    s.handle({"op": "load", "save": saves.dump(rec, ["human", "computer"], -1, 0)})
    while not (hint := s.handle({"op": "hint", "seconds": 0.05}))["done"]:
        pass
    assert hint["info"]["iterations"] == levels.iterations("snorkels", 1)


@pytest.mark.parametrize("level", [-1, 3])
def test_a_level_in_the_page_solves_only_as_the_ladder_measured_it(level, monkeypatch):
    """Die Drei's exact solver once ran by the clock in the page's slices at every level (beginner
    played the endings perfectly), which the ladder's games never gave it. Now a level that errs on
    purpose never solves, and the full levels solve with a number of nodes (solve_nodes), in the page
    as in the ladder's one call: beginner searches its iterations alone, strong proves the only win;
    analysis (no computer to move) solves by the clock."""
    calls = []
    solve = GAMES["drei"].solve
    monkeypatch.setattr(GAMES["drei"], "solve", lambda self, *a: calls.append(1) or solve(self, *a))
    rec = Record.new(GAMES["drei"], {})
    for text in ("F1", "B5"):                   # White to move: only D6 wins, the solver proves it at once
        rec.play_text(text)
    s = Session()
    assert "error" not in s.handle({"op": "open", "link": links.to_fragment(rec)})
    s.handle({"op": "set", "seats": ["computer", "human"], "level": level})
    while not (got := s.handle({"op": "think", "seconds": 0.12}))["done"]:
        pass
    if level < 1:
        assert got["info"]["iterations"] == levels.target("drei", level)[0] and not calls
    else:
        assert calls and got["move"] == "D6" and got["info"]["proven"]
        one_call = Search(rec.current, seed=1)
        one_call.run(iterations=levels.target("drei", level)[0])
        assert rec.current.move_text(one_call.best_move()) == "D6" and one_call.root.proven == (1.0, 0.0)
    calls.clear()
    analysis = Session()                       # the same position, no computer to move: a time, solved
    analysis.handle({"op": "open", "link": links.to_fragment(rec)})
    analysis.handle({"op": "set", "seats": ["human", "human"]})
    while not (got := analysis.handle({"op": "think", "seconds": 0.3, "budget": 10}))["done"]:
        pass
    assert calls and got["info"]["move"] == "D6" and got["info"]["proven"]


SURIKATA_14 = "1::O3M/M3W/O1MMM/5/1W1WO;0;0;D5"     # Orange to move, 14 squares empty: only E4 wins


def tree(search):
    """What a search found at its root: each child's move, visits, total and proof."""
    return sorted((str(ch.move), ch.visits, round(ch.total, 6), ch.proven) for ch in search.root.children)


@pytest.mark.parametrize("level", [3, 4])
def test_a_level_solves_the_endings_by_nodes_the_same_however_its_slices_fall(level):
    """Surikata's levels solve the root with solve_nodes solver nodes per iteration before their
    iterations (a number of nodes, never the clock). Cut into slices of 0.01 s (a slow device: the
    page's worker asks again after each), a level leaves the same tree and move as the one call the
    ladder's games make. The strongest level's nodes reach the one winning square, which its
    iterations alone can miss (seed 3 plays D1, a loss); at level 3 they run out first, and the
    iterations go on as measured."""
    s = GAMES["surikata"].decode(SURIKATA_14)
    n = levels.target("surikata", level)[0]
    whole = Search(s, seed=3)
    whole.run(iterations=n)
    sliced, slices = Search(s, seed=3), 0
    while sliced.iterations < n and not sliced.forced():
        sliced.run(seconds=0.01, iterations=n - sliced.iterations)
        slices += 1
    assert slices > 1 and tree(whole) == tree(sliced) and whole.best_move() == sliced.best_move()
    assert whole.solve_left.left == sliced.solve_left.left
    if level == 4:
        assert s.move_text(whole.best_move()) == "E4" and whole.root.proven == (1.0, 0.0)
        plain = Search(s, seed=3, settings=replace(s.search_settings, solve_nodes=0))
        plain.run(iterations=n)
        after = s.copy()
        after.play(plain.best_move())
        assert s.move_text(plain.best_move()) == "D1" and after.solve(None, {}) == (0.0, 1.0)
    else:
        assert whole.solve_left.left <= 0 and whole.iterations == n and whole.root.proven is None


def test_a_level_whose_solver_cannot_answer_yet_searches_its_iterations():
    """Before the endings (the mounds, the first pieces) Surikata's solve() answers nothing and
    spends no nodes: a level's search does not wait for it, but searches its iterations at once."""
    s = GAMES["surikata"].new()
    for text in ("mA1", "mB3", "mC5", "mD2", "mE4", "C3", "A5"):
        n = levels.target("surikata", 2)[0]
        search = Search(s, seed=1)
        search.run(iterations=n)
        assert search.iterations == n and not search.solving
        s.push_text(text)


def test_a_level_that_errs_on_purpose_does_not_solve(monkeypatch):
    """Beginner and casual draw their move with a temperature: they search their iterations alone,
    in a match (Player) and in the page (Session), so a beginner may still lose an ending; level 1
    and a hint solve."""
    calls = []
    solve = GAMES["surikata"].solve
    monkeypatch.setattr(GAMES["surikata"], "solve", lambda self, *a: calls.append(1) or solve(self, *a))
    start = GAMES["surikata"].decode(SURIKATA_14)
    rec = Record.replay(start, [], custom_start=True)
    for level in (-1, 0):
        Player(levels.spec("surikata", level), seed=1).move(start)
        s = Session()
        assert "error" not in s.handle({"op": "open", "link": links.to_fragment(rec)})
        s.handle({"op": "set", "seats": ["computer", "human"], "level": level})
        while not s.handle({"op": "think", "seconds": 0.12})["done"]:
            pass
    assert not calls
    Player(levels.spec("surikata", 1), seed=1).move(start)
    assert calls
    calls.clear()
    s = Session()
    s.handle({"op": "open", "link": links.to_fragment(rec)})
    s.handle({"op": "set", "seats": ["human", "computer"], "level": -1})
    while not (got := s.handle({"op": "hint", "seconds": 0.12}))["done"]:
        pass
    assert calls and got["move"]


def test_sprt_decides_between_55_and_65_percent():
    ladder = load_ladder()
    assert ladder.sprt(8, 8) == "H1" and ladder.sprt(7, 7) is None          # a short run of wins is no proof
    assert ladder.sprt(0, 6) == "H0" and ladder.sprt(0, 5) is None
    assert ladder.sprt(60, 100) is None and ladder.sprt(75, 100) == "H1" and ladder.sprt(45, 100) == "H0"
    # Das Tor's level 2 against 1: 27 of 52 with 50 draws (2 wins); the same score of wins and losses alone
    # is undecided, since a match of draws varies little about its share
    assert ladder.sprt(27, 52, 2 + 50 / 4) == "H0" and ladder.sprt(27, 52) is None
    assert ladder.sprt(10, 20, 20 / 4) == "H0"                                 # twenty draws: no step
    # a pairing is not decided before MIN_GAMES (12: six games in each seat), however clear its start
    assert ladder.sprt(9, 9) == "H1" and ladder.verdict([9.0, 9, 9, 9.0]) is None
    assert ladder.verdict([12.0, 12, 12, 12.0]) == "H1" and ladder.verdict([0.0, 12, 12, 0.0]) == "H0"
    # second route: its error rates, simulated (each run a match played on until the test decides), with
    # and without draws
    rng = random.Random(7)
    for p, draws, wrong in ((0.55, 0.0, "H1"), (0.65, 0.0, "H0"), (0.55, 0.5, "H1"), (0.65, 0.5, "H0"),
                            (0.55, 0.9, "H1")):
        errors = 0
        for _ in range(600):
            points = squares = 0.0
            n, verdict = 0, None
            while verdict is None:
                r = rng.random()
                x = 1.0 if r < p - draws / 2 else 0.5 if r < p + draws / 2 else 0.0
                points, squares, n = points + x, squares + x * x, n + 1
                verdict = ladder.sprt(points, n, squares)
            errors += verdict == wrong
        assert errors / 600 < 0.09, (p, draws, errors)     # nominal 5 %


def test_bradley_terry_fit_matches_the_chain_and_recovers_known_ratings():
    ladder = load_ladder()
    ELO = 400 / math.log(10)
    chain = {(-1, "novice"): (11.0, 24), (0, -1): (19.0, 24), (1, 0): (21.0, 24)}
    fit = ladder.bt_fit(chain, "novice", 1000)
    r, var = 1000.0, 0.0       # a chain's maximum likelihood in closed form: the sum of its steps' logits
    for hi, (points, n) in zip((-1, 0, 1), chain.values(), strict=True):
        p = (points + 0.5) / (n + 1)
        r += ELO * math.log(p / (1 - p))
        var += 1 / ((n + 1) * p * (1 - p))
        half = 1.96 * ELO * math.sqrt(var)
        assert fit[hi] == (round(r), round(r - half), round(r + half)), (hi, fit[hi])
    assert fit["novice"] == (1000, 1000, 1000)
    # a round robin of simulated games between players of known ratings: each inside its interval
    truth = {"novice": 1000, "a": 1150, "b": 1300, "c": 1320}
    rng = random.Random(3)
    games: dict = {}
    names = list(truth)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            p = 1 / (1 + 10 ** ((truth[b] - truth[a]) / 400))
            games[(a, b)] = (float(sum(rng.random() < p for _ in range(400))), 400)
    games[("x", "y")] = (3.0, 5)                   # linked to nobody rated: left out
    fit = ladder.bt_fit(games, "novice", 1000)
    assert set(fit) == set(truth)
    for name, rating in truth.items():
        assert fit[name][1] <= rating <= fit[name][2], (name, fit[name])


def fake_game(gid, hi, lo, i):
    """A game of the ladder without the game: the higher level wins every game but every fifth."""
    return {"game": gid, "hi": hi, "lo": lo, "spec_hi": levels.spec(gid, hi) if hi != "novice" else "novice",
            "spec_lo": levels.spec(gid, lo) if lo != "novice" else "novice", "i": i,
            "points": 0.0 if i % 5 == 4 else 1.0, "plies": 1, "seconds": 0.0}


@pytest.mark.skipif(sys.platform == "emscripten", reason="the ladder plays in processes: a CPython bench")
def test_the_ladder_resumes_where_it_stopped_and_writes_its_table(tmp_path, monkeypatch):
    ladder = load_ladder()
    path = tmp_path / "results.jsonl"
    spec3, spec2 = levels.spec("tor", 3), levels.spec("tor", 2)
    kept = [fake_game("tor", 1, 0, i) for i in range(7)]
    stale = {**fake_game("tor", 2, 1, 0), "spec_hi": "mcts:99999"}       # a level since redefined: not counted
    closed = {"game": "tor", "hi": 3, "lo": 2, "spec_hi": spec3, "spec_lo": spec2, "i": None, "points": 24.0,
              "games": 24}                                                 # 24 of 24: decided, not played again
    path.write_text("".join(json.dumps(r) + "\n" for r in [*kept, stale, closed]) + '{"game": "tor", "hi"')
    played = ladder.resume(["tor"], 5, 1, str(path), fake_game)
    rows = ladder.read_results(str(path))
    assert len(rows) == 7 + 2 + played                                     # the cut line is skipped
    new = rows[9:]
    n = next(n for n in range(1, 200) if ladder.sprt(sum(fake_game("tor", 1, 0, i)["points"] for i in range(n)), n))
    assert {(r["hi"], r["i"]) for r in new if r["hi"] == 1} == {(1, i) for i in range(7, n)}   # on from game 7
    assert not any(r["hi"] == 3 for r in new)
    counts = ladder.tally(ladder.current(rows))
    assert all(ladder.sprt(t[0], int(t[1])) == "H1" for t in counts.values())   # every pairing decided: 80 %
    assert counts[("tor", 2, 1)][1] == n and counts[("tor", 3, 2)][1] == 24 and played == 5 * n - 7
    written = written_levels(ladder, path, tmp_path, monkeypatch)
    measured, ratings, kept = ladder.table(rows)
    assert written.MEASURED == measured and written.RATINGS == ratings and written.LEVELS == levels.LEVELS
    assert written.OFFERED == kept == {"tor": [-1, 0, 1, 2, 3, 4]}
    assert measured["tor"][3] == (24.0, 24, 2) and list(ratings["tor"]) == [-1, 0, 1, 2, 3, 4]
    assert [r[0] for r in ratings["tor"].values()] == sorted(r[0] for r in ratings["tor"].values())


@pytest.mark.skipif(sys.platform == "emscripten", reason="the ladder plays in processes: a CPython bench")
def test_a_game_whose_search_changed_starts_its_ladder_afresh(monkeypatch):
    """Levels are iterations of the game's search: once its search plays otherwise (search_version
    raised), the games played before no longer measure its levels, though their specs read alike."""
    ladder = load_ladder()
    row = ladder.play_one("tor", -1, "novice", 0)                # a real game, under a second
    assert row["search"] == GAMES["tor"].search_version == 1
    old = {k: v for k, v in row.items() if k != "search"}       # written before the marker: version 1
    assert ladder.current([row, old]) == [row, old]
    monkeypatch.setattr(GAMES["tor"], "search_version", 2)
    assert ladder.current([row, old]) == []
    new = ladder.play_one("tor", -1, "novice", 1)
    assert new["search"] == 2 and ladder.current([row, old, new]) == [new]


@pytest.mark.skipif(sys.platform == "emscripten", reason="a bench that plays in processes")
def test_a_strength_match_on_two_cores_plays_the_games_it_plays_on_one(capsys):
    """strength.py --jobs 2: each game has its own seed, so the match is the same games, played two at a
    time (A's points by seat and the mean game length agree; only the minutes differ)."""
    load_ladder()                                             # tests/bench on the path
    import strength
    rows = []
    for jobs in (1, 2):
        points = strength.match("tor", ("mcts:40", "novice"), 4, random.Random(7), jobs=jobs)
        row = capsys.readouterr().out.split()
        rows.append((points, row[:7] + row[8:]))               # row[7]: the minutes
    assert rows[0] == rows[1] and rows[0][1][0] == "tor"


def timed(gid, hi, lo, i):
    """A fake game (above) that took 60 s at the top pairing and 1 s elsewhere."""
    return {**fake_game(gid, hi, lo, i), "seconds": 60.0 if hi == 4 else 1.0}


def written_levels(ladder, results, tmp_path, monkeypatch):
    """levels.py as `ladder.py --write` leaves it from `results` (Das Tor's games), written to a copy."""
    import importlib.util
    import shutil
    copy = tmp_path / "levels.py"
    shutil.copy(levels.__file__, copy)
    monkeypatch.setattr(ladder.levels, "__file__", str(copy))
    assert ladder.main(["--results", str(results), "--write", "--game", "tor"]) == 0
    spec = importlib.util.spec_from_file_location("levels_copy", copy)
    written = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(written)
    return written


def drawn_step(gid, hi, lo, i):
    """A fake game (fake_game) in which level 2 only ever draws with level 1."""
    return {**fake_game(gid, hi, lo, i), "points": 0.5} if (hi, lo) == (2, 1) else fake_game(gid, hi, lo, i)


@pytest.mark.skipif(sys.platform == "emscripten", reason="the ladder plays in processes: a CPython bench")
def test_a_level_that_does_not_beat_the_one_below_is_dropped_and_the_next_plays_that_one(tmp_path, monkeypatch):
    """Level 2 only draws with level 1: its match is decided below 65 %, level 2 is dropped, and level 3
    plays level 1 (the level it must beat) instead; the levels offered and the dialog's measured results
    follow the chain, and a new game at a dropped level plays the level kept below it."""
    ladder = load_ladder()
    path = tmp_path / "results.jsonl"
    ladder.resume(["tor"], 5, 1, str(path), drawn_step)
    counts = ladder.tally(ladder.current(ladder.read_results(str(path))))
    assert ladder.verdict(counts[("tor", 2, 1)]) == "H0" and not ladder.step_kept(counts[("tor", 2, 1)])
    assert ladder.pairings("tor", counts) == [(-1, "novice"), (0, -1), (1, 0), (2, 1), (3, 1), (4, 3)]
    assert ladder.verdict(counts[("tor", 3, 1)]) == "H1" and ladder.verdict(counts[("tor", 4, 3)]) == "H1"
    assert ladder.offered("tor", counts) == [-1, 0, 1, 3, 4]
    written = written_levels(ladder, path, tmp_path, monkeypatch)
    assert written.OFFERED["tor"] == [-1, 0, 1, 3, 4] and written.MEASURED["tor"][3][2] == 1
    for name in ("OFFERED", "MEASURED", "RATINGS"):
        monkeypatch.setattr(levels, name, getattr(written, name))
    assert levels.offered("tor") == [-1, 0, 1, 3, 4] and levels.offered("drei") == list(levels.LEVELS)
    assert [levels.nearest("tor", k) for k in levels.LEVELS] == [-1, 0, 1, 1, 3, 4]
    from spielkiste_web import page_data
    data = page_data.level_figures()
    assert data["offered"]["tor"] == [-1, 0, 1, 3, 4] and data["measured"]["tor"]["3"][3] == 1
    from spielkiste_web.session import Session
    s = Session()
    s.handle({"op": "new", "game": "tor", "level": 2, "seats": ["human", "computer"]})
    assert s.level == 1                                    # a new game at a dropped level: the one kept below
    s.handle({"op": "new", "game": "surikata", "level": 2, "seats": ["human", "computer"]})
    assert s.level == 2
    s.handle({"op": "open", "link": "tor"})                # a bare game link: a new game, too
    assert s.level == 1
    rec = Record.new(GAMES["tor"], {})
    s.handle({"op": "load", "save": saves.dump(rec, ["human", "computer"], 2, 0)})
    assert s.level == 2                                    # a save keeps its own level


@pytest.mark.skipif(sys.platform == "emscripten", reason="the ladder plays in processes: a CPython bench")
def test_the_ladder_gives_its_time_to_the_cheap_pairings_first(tmp_path):
    """Each next game goes to the pairing that has had the least CPU time: a pairing of 1 s games is
    decided before a pairing of 60 s games gets its second game (a session's background hour decides
    the cheap pairings instead of spreading itself over the top levels' games)."""
    ladder = load_ladder()
    path = tmp_path / "results.jsonl"
    path.write_text("".join(json.dumps(timed("tor", hi, lo, 0)) + "\n" for hi, lo in ladder.pairings("tor")))
    ladder.resume(["tor"], 5, 1, str(path), timed)
    new = ladder.read_results(str(path))[len(ladder.pairings("tor")):]
    top = [k for k, r in enumerate(new) if r["hi"] == 4]
    cheap = [k for k, r in enumerate(new) if r["hi"] == 1]
    assert top and cheap and max(cheap) < top[0], (cheap, top)
