"""Perft counts (leaf positions after n moves; a finished game is a leaf where it ends), kept as
data in tests/perft/<game id>.perft, as python-chess keeps its perft suites.

A file holds entries separated by blank lines. An entry is `id NAME`, then either
`options key=value ...` (a new game with these options; none = the defaults) or `position CODE`,
then `perft DEPTH COUNT` lines. `#` starts a comment line: where a count comes from is written
above it. Counts that a test derives by code stay in the game's own test file."""
import os

import pytest

from spielkiste.cli import perft
from spielkiste.registry import get_game

DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "perft")


def read_suite(path: str) -> list[dict]:
    """The entries of one .perft file: {'id', 'options' or 'position', 'counts': {depth: n}}."""
    entries, entry = [], None
    with open(path) as f:
        for number, raw in enumerate(f, 1):
            line = raw.strip()
            if line.startswith("#"):
                continue
            if not line:
                entry = None
                continue
            word, _, rest = line.partition(" ")
            if word == "id":
                entry = {"id": rest, "counts": {}}
                entries.append(entry)
            elif entry is None:
                raise ValueError(f"{path}:{number}: an entry starts with 'id NAME'")
            elif word == "options":
                entry["options"] = dict(kv.split("=", 1) for kv in rest.split())
            elif word == "position":
                entry["position"] = rest
            elif word == "perft":
                depth, count = rest.split()
                entry["counts"][int(depth)] = int(count)
            else:
                raise ValueError(f"{path}:{number}: unknown line {line!r}")
    return entries


def cases():
    out = []
    for fn in sorted(os.listdir(DIR)):
        if fn.endswith(".perft"):
            gid = fn.removesuffix(".perft")
            for e in read_suite(os.path.join(DIR, fn)):
                out.append(pytest.param(gid, e, id=f"{gid}-{e['id']}"))
    return out


def start(gid: str, entry: dict):
    game = get_game(gid)
    assert ("options" in entry) != ("position" in entry), "an entry has options or a position"
    return game.decode(entry["position"]) if "position" in entry else game.new(entry["options"])


@pytest.mark.parametrize("gid,entry", cases())
def test_perft(gid, entry):
    assert entry["counts"], "an entry without perft lines checks nothing"
    s = start(gid, entry)
    assert {d: perft(s, d) for d in entry["counts"]} == entry["counts"]


def test_the_reader_refuses_what_it_cannot_read(tmp_path):
    bad = tmp_path / "x.perft"
    bad.write_text("id a\noptions\nperf 1 3\n")
    with pytest.raises(ValueError, match="unknown line"):
        read_suite(str(bad))
    bad.write_text("perft 1 3\n")
    with pytest.raises(ValueError, match="starts with 'id"):
        read_suite(str(bad))
