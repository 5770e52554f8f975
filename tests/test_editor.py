"""The board editor's model (spielkiste.editor), for every game: every position reached by random
play round-trips through it and is drawn by it as the game draws it; its edits (place, toggle,
stack, remove, move, clear, start position, options) do what a player expects; a position it
cannot accept is refused by the game's own reader with a translated reason."""
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import examples
from fuzz.gen import complete, option_grid
from spielkiste.editor import Editor
from spielkiste.errors import BadPosition
from spielkiste.registry import GAMES
from spielkiste.texts import tr

GAME_IDS = sorted(GAMES)
COMBOS = [(gid, opts) for gid in GAME_IDS for opts in option_grid(GAMES[gid])]


def drawn(view):
    return sorted((p.cell, p.shape, p.colour, p.level, p.mark, p.label) for p in view.pieces)


def random_positions(cls, options, seed, every=3):
    """The positions of one random game, every `every`-th ply and the last."""
    rng = random.Random(seed)
    s = cls.new(options)
    out = [s.copy()]
    while s.result is None and s.ply < 300:
        s.play(rng.choice(s.legal_moves()))
        if s.ply % every == 0 or s.result is not None:
            out.append(s.copy())
    return out


@pytest.mark.parametrize("gid,opts", COMBOS, ids=[f"{g}-{','.join(f'{k}={v}' for k, v in o.items()) or 'default'}"
                                                  for g, o in COMBOS])
@settings(max_examples=examples(2), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_random_play_round_trips_through_the_editor(gid, opts, seed):
    """Every position of random play, read into the editor, gives back its own code, is accepted
    as that position, and the editor draws exactly the pieces the game draws."""
    cls = GAMES[gid]
    for s in random_positions(cls, complete(cls, opts, random.Random(seed)), seed):
        ed = Editor.of(s)
        assert ed.code() == s.encode()
        assert ed.check().encode() == s.encode()
        assert drawn(ed.view()) == drawn(s.view()), s.encode()
        assert set(ed.setup.board) <= set(ed.cells())


@pytest.mark.parametrize("gid", GAME_IDS)
def test_palette_holds_every_piece_the_game_draws(gid):
    """Every kind of piece random play puts on the board is in the palette (so any position can
    be built), and every palette item is drawn with a shape the renderer knows."""
    cls = GAMES[gid]
    seen = set()
    for seed in range(4):
        for s in random_positions(cls, {}, seed, every=1):
            seen |= {(p.shape, p.colour, p.mark) for p in s.view().pieces}
    items = Editor.of(cls.new()).items.values()
    assert seen <= {(i.shape, i.colour, i.mark) for i in items}
    assert len({i.key for i in items}) == len(list(items))


@pytest.mark.parametrize("gid", GAME_IDS)
def test_edits_do_what_a_player_expects(gid):
    """Place puts a piece on an empty square, the same piece again takes it off, another piece
    replaces it (or stacks), remove takes the top off, move carries it, clear empties the board
    and start position brings the start back; any edit drops the played game's history."""
    cls = GAMES[gid]
    start = cls.new()
    ed = Editor.of(start)
    empty = [c for c in ed.cells() if c not in ed.setup.board]
    cell, other = empty[0], empty[-1]
    keys = list(ed.items)
    ed.place(cell, keys[0])
    assert ed.setup.board[cell] == (keys[0],)
    assert ed.setup.history == ""
    if not ed.items[keys[0]].stacks:
        ed.place(cell, keys[0])
        assert cell not in ed.setup.board
        ed.place(cell, keys[0])
    second = next((k for k in keys[1:] if not ed.items[k].stacks), None)
    if second is not None:
        ed.place(cell, second)
        assert ed.setup.board[cell][-1] == second
    top = ed.setup.board[cell][-1]
    ed.move(cell, other)
    assert ed.setup.board[other][-1] == top
    ed.remove(other)
    assert ed.setup.board.get(other, ())[-1:] != (top,) or ed.items[top].stacks
    ed.clear()
    assert ed.setup.board == {}
    assert ed.view().pieces == []
    ed.start_position()
    assert ed.check().encode() == start.encode()


@pytest.mark.parametrize("gid", GAME_IDS)
def test_a_square_that_does_not_exist_is_refused(gid):
    ed = Editor.of(GAMES[gid].new())
    with pytest.raises(BadPosition) as e:
        ed.place("Z99", next(iter(ed.items)))
    assert "Z99" in e.value.message("de") and "Feld" in e.value.message("de")


@pytest.mark.parametrize("gid", GAME_IDS)
def test_an_emptied_board_is_refused_or_decided_with_a_translated_reason(gid):
    """A board with nothing on it is no position in any game but one the rules allow before the
    first move; the reader says why in both languages."""
    cls = GAMES[gid]
    ed = Editor.of(cls.new())
    ed.clear()
    try:
        s = ed.check()
    except BadPosition as e:
        why = e.params.get("why")
        assert why, e
        assert tr(why, "de") != tr(why, "en") and "{" not in tr(why, "de")
    else:
        assert not s.legal_moves() or s.ply == 0 or s.result is not None


def test_snorkels_a_group_without_a_tube_is_marked():
    """Snorkels: a purple corner group smothered by green, with play going on, names its squares."""
    cls = GAMES["snorkels"]
    ed = Editor.of(cls.new())
    for cell, key in (("A1", "P"), ("A2", "G"), ("B1", "G"), ("D4", "P")):
        ed.place(cell, key)
    with pytest.raises(BadPosition) as e:
        ed.check()
    assert e.value.cells == ("A1",)
    assert "A1" in e.value.message("de") and "geschlagen" in e.value.message("de")


def test_options_keep_the_board_while_the_palette_holds_it():
    """Switching the pie rule off keeps the pieces; the code carries the new option."""
    cls = GAMES["snorkels"]
    ed = Editor.of(cls.new())
    ed.place("D4", "P")
    ed.set_to_move(1)
    ed.set_options({"pie": "0"})
    assert ed.setup.board == {"D4": ("P",)} and ed.setup.to_move == 1
    assert ed.check().options["pie"] is False


def test_side_to_move_is_named_by_the_colours_the_position_gives():
    """Snorkels after a pie swap: seat 0 plays Green, and the side-to-move choice says so."""
    cls = GAMES["snorkels"]
    ed = Editor.of(cls.new())
    assert ed.seat_colours() == ["purple", "green"]
    ed.place("D4", "P")
    ed.set_field("swapped", 1)
    ed.set_to_move(0)
    assert ed.check().seat_colour(0) == "green" and ed.seat_colours() == ["green", "purple"]


def test_a_player_more_starts_from_that_start_position():
    """Weltreich from two to four players in teams: the four-player start, not the two-player
    board with two empty seats."""
    cls = GAMES["weltreich"]
    ed = Editor.of(cls.new())
    ed.clear()
    ed.set_options({"players": "4", "teams": "1"})
    assert ed.check().encode() == cls.new({"players": 4, "teams": True}).encode()
    assert len(ed.seat_colours()) == 4
