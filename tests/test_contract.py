"""The engine contract, checked for every registered game over random play: what the search,
the links, the renderer and the page rely on."""

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import random_game
from spielkiste.codec import SAFE
from spielkiste.engine import State
from spielkiste.errors import BadMove, BadPosition, IllegalMove, SpielkisteError
from spielkiste.registry import GAMES
from spielkiste.view import View

GAME_IDS = sorted(GAMES)


def option_sets(cls):
    """The default options and each player count (with teams where allowed)."""
    sets = [{}]
    for n in cls.player_counts[1:]:
        sets.append({"players": n})
    for n in cls.team_counts:
        sets.append({"players": n, "teams": True})
    return sets


@pytest.mark.parametrize("gid", GAME_IDS)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), which=st.integers(0, 10))
def test_random_play_keeps_the_contract(gid, seed, which):
    cls = GAMES[gid]
    sets = option_sets(cls)
    start = cls.new(sets[which % len(sets)])

    def check(before, move, after):
        texts = [before.move_text(m) for m in before.legal_moves()]
        assert len(texts) == len(set(t.upper() for t in texts)), "two legal moves share a notation"
        text = before.move_text(move)
        assert before.parse_move(text) == move, "notation does not round-trip"
        assert "," not in text and "&" not in text and "#" not in text
        path, choice = before.move_input(move)
        assert all(isinstance(c, str) for c in path)
        assert path or choice, "a move must be enterable: squares or a button"
        code = after.encode()
        assert SAFE.match(code), f"position code has unsafe characters: {code}"
        again = cls.decode(code)
        assert again.encode() == code, "position code does not round-trip"
        assert again.to_move == after.to_move
        if after.result is None:
            assert sorted(map(after.move_text, after.legal_moves())) == \
                sorted(map(again.move_text, again.legal_moves())), "decoded position has other moves"
        else:
            assert again.result is not None and again.result.winners == after.result.winners
            assert after.legal_moves() == []
        assert 0 <= after.to_move < after.num_players

    end = random_game(start, seed, check=check)
    if end.result is not None:
        r = end.result
        assert len(r.rewards) == end.num_players
        assert all(0.0 <= x <= 1.0 for x in r.rewards)
        assert r.message("en") and r.message("de")
        assert not r.message("en").startswith("why."), "outcome message has no text"


@pytest.mark.parametrize("gid", GAME_IDS)
def test_view_is_drawable(gid):
    cls = GAMES[gid]
    s = random_game(cls.new(), 3, max_plies=12)
    v = s.view(frozenset(cls.aids))
    assert isinstance(v, View)
    ids = [c.id for c in v.cells]
    assert len(ids) == len(set(ids)) and ids
    for p in v.pieces:
        assert p.cell in ids, f"piece on unknown cell {p.cell}"
    for name, cells in v.layers.items():
        assert set(cells) <= set(ids), f"layer {name} names unknown cells"
    for m in s.legal_moves():
        assert set(s.move_input(m)[0]) <= set(ids), "a move's path leaves the board"


@pytest.mark.parametrize("gid", GAME_IDS)
def test_bad_input_raises_typed_errors(gid):
    cls = GAMES[gid]
    s = cls.new()
    for junk in ["", "zz99", "!!", "A1-", "swap swap", "Ö"]:
        with pytest.raises((BadMove, IllegalMove)):
            s.parse_move(junk)
    for code in ["", "x", "1:", "1::", "99::abc", "1:nosuch.3:", f"{cls.version}::" + "9" * 40]:
        with pytest.raises(BadPosition):
            cls.decode(code)
    with pytest.raises(SpielkisteError):
        cls.new({"nosuchoption": "1"})


@pytest.mark.parametrize("gid", GAME_IDS)
def test_metadata(gid):
    from spielkiste.texts import TABLE
    cls = GAMES[gid]
    assert issubclass(cls, State) and cls.id == gid
    assert f"game.{gid}" in TABLE and f"blurb.{gid}" in TABLE
    for o in cls.option_specs:
        assert o.label in TABLE, f"option {o.key} has no label text"
    for a in cls.aids:
        assert f"aid.{a}" in TABLE


@pytest.mark.parametrize("gid", GAME_IDS)
def test_search_plays_legal_moves(gid):
    from spielkiste.ai import Search
    s = random_game(GAMES[gid].new(), 11, max_plies=4)
    if s.result is None:
        search = Search(s, seed=2)
        search.run(iterations=60)
        assert search.best_move() in s.legal_moves()
        assert search.info()["move"] in [s.move_text(m) for m in s.legal_moves()]
