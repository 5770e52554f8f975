"""The puzzle miner's choices (tests/bench/mine_puzzles.py, issue 52): nearby positions of one game that
share their whole line are one puzzle to the player, so only one of them is kept; and Das Tor's filter
for wins in 3 (DEEP_ONLY) passes every position that holds one, checked on the shipped puzzles."""
import importlib.util
import os
import sys

from spielkiste import puzzles
from spielkiste.puzzles.proof import analyse
from spielkiste.registry import get_game

HERE = os.path.dirname(os.path.abspath(__file__))


def load_miner():
    """tests/bench/mine_puzzles.py as a module (the benches are scripts, not a package)."""
    sys.path.insert(0, os.path.join(HERE, "bench"))
    spec = importlib.util.spec_from_file_location("mine_puzzles_bench", os.path.join(HERE, "bench", "mine_puzzles.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# two positions of one Weltreich game (Blue's commander came to E6 from E3 and from E7): the same board
# and the same win in 2, B5-H5 D8-A8 C8-H8; the miner found both
TWINS = ("2::10c1/12/b11/12/1c2b7/4R7/12/2Brb7/12/4c7/12/12;0;E3-E6;;44",
         "2::10c1/12/b11/12/1c2b7/4R7/12/2Brb7/12/4c7/12/12;0;E7-E6;;40")


def candidate(code: str) -> dict[str, object]:
    """A candidate as the miner makes it (proof, notation), rated 0 to keep the test quick."""
    s = get_game("weltreich").decode(code)
    found = analyse(s, 2)
    assert found is not None
    kind, depth, line, replies = puzzles.as_texts(s, found)
    return {"position": code, "seat": s.to_move, "colour": s.seat_colour(s.to_move), "kind": kind,
            "depth": depth, "line": list(line), "replies": list(replies), "iterations": 0, "level": 1}


def test_one_puzzle_per_line() -> None:
    """The twins are one puzzle; a win in 2 of another line is kept beside it."""
    miner = load_miner()
    twins = [candidate(code) for code in TWINS]
    assert twins[0]["line"] == twins[1]["line"] == ["B5-H5", "D8-A8", "C8-H8"]
    other = next(p for p in puzzles.load("weltreich") if p.depth == 2 and list(p.line) != twins[0]["line"])
    cands = {key: [] for key in miner.QUOTA}
    cands[("win", 2)] = [*twins, candidate(other.position)]
    chosen = miner.pick(cands, 10)
    assert sorted(c["position"] for c in chosen) == sorted([TWINS[0], other.position])


def test_the_tor_filter_passes_every_win_in_3() -> None:
    """Every shipped Das Tor win in 3 passes DEEP_ONLY; every win in 2 (a gate, its piece) is one piece
    short with no gate open, and after its first move two short at an open gate fails it."""
    miner = load_miner()
    deep_only = miner.DEEP_ONLY["tor"]
    tor = puzzles.load("tor")
    deep = [p for p in tor if p.depth == 3]
    assert len(deep) >= 7
    assert all(deep_only(p.state()) for p in deep), [p.id for p in deep if not deep_only(p.state())]
    for p in [p for p in tor if p.depth == 2][:10]:
        s = p.state()
        assert s.gate < 0 and deep_only(s)           # a win in 2 is in the filter's set too: not sufficient
        s.push_text(p.line[0])
        assert s.gate >= 0 and not deep_only(s)      # one piece short at an open gate: a win in 1
