"""The page's click matcher (spielkiste_page.clicks, which MicroPython runs over the snapshot's
`entries`) gives the engine's answers (spielkiste.inputs.Clicks) on real positions of every game:
random playouts, every position along them, every square and every selection reachable in it."""
import random

import pytest

from spielkiste.inputs import Clicks as EngineClicks
from spielkiste.registry import GAMES
from spielkiste_page.clicks import Clicks

PLAYOUTS = 2          # random games per game and option set
PLIES = 60            # positions per playout at most
CLICKS = 25000        # clicks per game and option set at most (Weltreich's armies make ~1,700 a position)


def entries(state):
    """The snapshot's entries as the worker lists them: [path, choice, move text]."""
    return [[list(p), c or "", state.move_text(m)] for m in state.legal_moves() for p, c in [state.move_input(m)]]


def answer(state, kind, what):
    """The engine's answer with its moves as texts, the page's form."""
    if kind == "move":
        return kind, state.move_text(what)
    if kind == "choose":
        return kind, [(c, state.move_text(m)) for c, m in what]
    return kind, what


def compare(state):
    """Every square of the board clicked at every selection the clicks can reach, from scratch."""
    engine, page = EngineClicks(state), Clicks(entries(state))
    cells = [c.id for c in state.view().cells]
    assert sorted(page.buttons()) == sorted((c, state.move_text(m)) for c, m in engine.buttons())
    assert page.starts() == engine.starts()
    seen, todo, checked = {()}, [()], 0
    while todo:
        prefix = todo.pop()
        engine.prefix = page.prefix = prefix
        assert page.targets() == engine.targets(), prefix
        assert sorted(page.choices()) == sorted((c, state.move_text(m)) for c, m in engine.choices())
        for cell in cells:
            engine.prefix = page.prefix = prefix
            got, want = page.click(cell), answer(state, *engine.click(cell))
            assert got == want, (state.encode(), prefix, cell)
            assert page.prefix == engine.prefix
            checked += 1
            if got[0] in ("select", "choose") and page.prefix not in seen:
                seen.add(page.prefix)
                todo.append(page.prefix)
    page.reset()
    assert page.prefix == ()
    return checked


def option_sets(cls):
    """The default game, and the largest seat count up to four where the game has more seats."""
    out = [None]
    if max(cls.player_counts) >= 3:
        out.append({"players": max(n for n in cls.player_counts if n <= 4)})
    return out


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_the_page_matches_clicks_like_the_engine(gid):
    cls = GAMES[gid]
    for options in option_sets(cls):
        checked = 0
        for seed in range(PLAYOUTS):
            rng = random.Random(f"{gid}-{seed}")
            state = cls.new(options)
            for _ in range(PLIES):
                checked += compare(state)
                moves = state.legal_moves()
                if state.result is not None or not moves or checked > CLICKS:
                    break
                state.play(rng.choice(moves))
        assert checked > 0


class Paths:
    """A made-up position whose moves are given as (path, choice): the shapes no game of the box
    has today (a move that is also the start of longer ones) besides those it has."""

    def __init__(self, inputs):
        self.inputs = inputs

    def legal_moves(self):
        return list(range(len(self.inputs)))

    def move_input(self, move):
        return self.inputs[move]

    def move_text(self, move):
        return f"m{move}"

    def view(self):
        class View:
            cells = [type("Cell", (), {"id": c}) for c in "ABCDE"]
        return View()

    def encode(self):
        return "paths"


def test_every_shape_of_paths():
    compare(Paths([((), "swap"), (("A",), None), (("A", "B"), None), (("A", "B", "C"), None),
                   (("C", "D"), "x"), (("C", "D"), "y"), (("D",), None), (("E", "A"), None)]))
