"""Surikata's learned evaluation (games/surikata_learned.py, issue 53): its features read the
position as the OpenSpiel planes and the rules do, its value is deterministic and a chance,
the search option `learned` reaches it, and its training script runs on a tiny sample."""
import importlib.util
import random
from dataclasses import replace

import pytest

from spielkiste.ai.mcts import Search
from spielkiste.ai.players import Player
from spielkiste.games import surikata_learned as L
from spielkiste.games import surikata_weights as W
from spielkiste.games.surikata import Surikata
from spielkiste.games.surikata_board import COLOURS, SIZE
from spielkiste.openspiel.planes import layout, planes


def positions(games: int = 30, seed: int = 5) -> list[Surikata]:
    """Every position of some random games (mounds by hand and at random), the ends left out."""
    rng, out = random.Random(seed), []
    for g in range(games):
        s = Surikata.new({"mounds": "random", "seed": g} if g % 3 == 0 else None)
        while s.result is None:
            out.append(s.copy())
            s.play(rng.choice(s.legal_moves()))
    return out


def test_the_features_are_the_planes_and_the_rules_from_the_movers_side():
    """A second route: the adapter's planes (seats swapped so the mover is 'own'), free_squares()
    and makes_line() give the same 0/1 features, in every position of 30 games."""
    lay = layout("surikata", {})
    for s in positions():
        got = set(L.features(s))
        assert len(got) == len(L.features(s)) and all(0 <= i < L.FEATURES for i in got)
        flat = [0.0] * (6 * SIZE)
        planes(lay, s, flat)
        me, other = s.to_move, 1 - s.to_move
        for i in range(SIZE):
            assert (i in got) == (flat[me * SIZE + i] == 1.0)
            assert (SIZE + i in got) == (flat[other * SIZE + i] == 1.0)
            assert (2 * SIZE + i in got) == (flat[2 * SIZE + i] == 1.0)
            if s.meerkat >= 0:                        # the adapter's last move is the meerkat's square
                assert (3 * SIZE + i in got) == (flat[3 * SIZE + i] == 1.0)
            assert (4 * SIZE + i in got) == (i in s.free_squares())
            empty = s.board[i] == "."
            assert (5 * SIZE + i in got) == (empty and s.makes_line(i, COLOURS[me]))
            assert (6 * SIZE + i in got) == (empty and s.makes_line(i, COLOURS[other]))
        free_safe = sum(1 for i in s.free_squares() if not s.makes_line(i, COLOURS[me]))
        assert L.FREE_SAFE + min(free_safe, L.COUNT_CAP) in got
        for base, colour in ((L.OWN_SAFE, COLOURS[me]), (L.OTHER_SAFE, COLOURS[other])):
            safe = sum(1 for i in range(SIZE) if s.board[i] == "." and not s.makes_line(i, colour))
            assert base + min(safe, L.COUNT_CAP) in got
        assert L.PIECES + s.pieces() in got and (L.SETUP in got) == (s.mounds_left > 0)


def test_the_model_is_deterministic_and_a_chance():
    assert len(W.WEIGHTS) == L.FEATURES
    seen = set()
    for s in positions(20, seed=7):
        ev = L.evaluate(s)
        assert ev == L.evaluate(s.copy()) == s.learned_evaluate()
        assert 0.0 < ev[0] < 1.0 and ev[0] + ev[1] == pytest.approx(1.0)
        seen.add(round(ev[0], 6))
    assert len(seen) > 20, "the shipped weights tell positions apart"


def test_the_search_option_learned_reaches_the_model(monkeypatch):
    """With `learned` the search's evaluations are the model's (playout cut at cap 0, the implicit
    minimax leaves); without it, never. Fails when the option is ignored."""
    calls = []

    def counted(self):
        calls.append(self.encode())
        return L.evaluate(self)

    monkeypatch.setattr(Surikata, "learned_evaluate", counted)
    s = next(p for p in positions(3, seed=3) if p.pieces() == 4)
    assert Search.playout(s.copy(), random.Random(1), None, 0, learned=True) == L.evaluate(s)
    for extra in ({"cap": 0}, {"minimax": 0.5}):
        calls.clear()
        Search(s, seed=1, settings=replace(s.search_settings, **extra)).run(iterations=60)
        assert calls == []
        Search(s, seed=1, settings=replace(s.search_settings, learned=True, **extra)).run(iterations=60)
        assert len(calls) >= 30
    calls.clear()
    Player("mcts:40,learned=1,cap=0", seed=1).move(s)
    assert calls


def test_the_training_script_runs_on_a_tiny_sample(tmp_path):
    pytest.importorskip("numpy")
    spec = importlib.util.spec_from_file_location("train_surikata", "tests/bench/train_surikata.py")
    assert spec and spec.loader
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    data, out = tmp_path / "games.jsonl", tmp_path / "weights.py"
    script.main(["play", "--games", "2", "--iterations", "8", "--seed", "3", "--out", str(data)])
    first = data.read_text()
    script.main(["play", "--games", "2", "--iterations", "8", "--seed", "3", "--out", str(tmp_path / "again.jsonl")])
    assert (tmp_path / "again.jsonl").read_text() == first, "seeded"
    assert len(first.splitlines()) == 2
    script.main(["train", str(data), "--hidden", "2", "--epochs", "3", "--holdout", "0.5"])
    script.main(["train", str(data), "--target", "mix", "--epochs", "3", "--holdout", "0.5", "--write",
                 "--weights", str(out)])
    ns: dict = {}
    exec(out.read_text(), ns)
    assert len(ns["WEIGHTS"]) == L.FEATURES and isinstance(ns["BIAS"], float)
