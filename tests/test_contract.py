"""The engine contract, checked for every registered game over random play: what the search,
the links, the renderer and the page rely on."""
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from fuzz.gen import checked_game, complete, option_grid, readable
from helpers import examples, random_game, rollout_both_ways
from spielkiste.engine import State
from spielkiste.errors import BadMove, BadPosition, IllegalMove, SpielkisteError
from spielkiste.record import Record
from spielkiste.registry import GAMES
from spielkiste.view import View
from spielkiste_web import links

GAME_IDS = sorted(GAMES)


COMBOS = [(gid, opts) for gid in GAME_IDS for opts in option_grid(GAMES[gid])]


@pytest.mark.parametrize("gid,opts", COMBOS, ids=[f"{g}-{','.join(f'{k}={v}' for k, v in o.items()) or 'default'}"
                                                  for g, o in COMBOS])
@settings(max_examples=examples(3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_random_play_keeps_the_contract(gid, opts, seed):
    """Every option combination (player counts, teams, set-up modes, variants; seeds and the
    options they reveal sampled), played at random through every phase: each position's code
    decodes to the same position, and game and position links read back the same record."""
    cls = GAMES[gid]
    checked_game(cls, complete(cls, opts, random.Random(seed)), seed)


@pytest.mark.parametrize("gid,opts", COMBOS, ids=[f"{g}-{','.join(f'{k}={v}' for k, v in o.items()) or 'default'}"
                                                  for g, o in COMBOS])
@settings(max_examples=examples(3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_playout_move_only_picks_legal_moves(gid, opts, seed):
    """playout_move may skip building legal_moves() (the playouts' speed), but what it picks is
    always one of them and the position is left as it was; asked before anything else looked at
    the position, along games of its own moves mixed with uniform random ones."""
    cls = GAMES[gid]
    rng = random.Random(seed)
    s = cls.new(complete(cls, opts, random.Random(seed)))
    while s.result is None and s.ply < 300:
        code = s.encode()
        m = s.playout_move(rng)
        assert s.encode() == code, "playout_move must leave the position as it was"
        legal = s.legal_moves()
        assert m in legal, f"{gid}: playout_move gave {s.move_text(m)} in {code}"
        s.play(m if rng.random() < 0.5 else rng.choice(legal))


@pytest.mark.parametrize("gid,opts", COMBOS, ids=[f"{g}-{','.join(f'{k}={v}' for k, v in o.items()) or 'default'}"
                                                  for g, o in COMBOS])
@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), start=st.integers(0, 40), plies=st.sampled_from([1, 2, 5, 300]))
def test_a_rollout_plays_the_playout_moves(gid, opts, seed, start, plies):
    """A game's own rollout (Surikata's bit masks) ends where its playout moves, drawn from the
    same rng and played one by one, end: same position, ply, last move and outcome, and the
    same (mover, move) list for RAVE; stopped after `plies` moves."""
    cls = GAMES[gid]
    rng = random.Random(seed)
    s = cls.new(complete(cls, opts, random.Random(seed)))
    while s.result is None and s.ply < start:
        s.play(rng.choice(s.legal_moves()))
    if s.result is not None:
        return
    slow, alike = rollout_both_ways(s, seed, plies)
    assert alike and slow.ply - s.ply <= plies and (slow.result is not None or slow.ply - s.ply == plies)


def test_snorkels_stones_placed_by_hand_round_trip():
    """A link shared during the stone set-up opens: the code after the first stone decodes."""
    cls = GAMES["snorkels"]
    rec = Record.new(cls, {"stones": "2", "setup": "hand"})
    rec.play_text("sC7")
    code = rec.current.encode()
    assert cls.decode(code).encode() == code and cls.decode(code).to_move == 1
    assert links.from_fragment(links.position_link(rec.current)).current.encode() == code
    rec.play_text("sD4")
    rec.play_text("D5")
    assert links.from_fragment(links.to_fragment(rec)).current.encode() == rec.current.encode()


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


HOSTILE_NUMBERS = ["²", "١", "１", "9" * 5000, "9" * 1000, "9223372036854775808", "4294967296", "-1", "1.0"]


@pytest.mark.parametrize("gid", GAME_IDS)
def test_hostile_numbers_in_position_codes_raise_typed_errors(gid):
    """Each number of a real code replaced: digits of other scripts ('²' passes str.isdigit() but
    int() refuses it, '١' int() reads as 1), numbers past int()'s 4300-digit limit, index-sized
    runs of empty squares and runs that would fill memory. Each is a BadPosition whose message
    renders in both languages, never ValueError, OverflowError or MemoryError."""
    cls = GAMES[gid]
    code = random_game(cls.new(), 5, max_plies=6).encode()
    version, opts, body = code.split(":", 2)
    runs = list(re.finditer(r"[0-9]+", body))
    assert runs, code
    for number in HOSTILE_NUMBERS:
        bad = [f"{number}:{opts}:{body}"] + [f"{version}:{o.key}.{number}:{body}" for o in cls.all_options()
                                             if not (o.key == "seed" and number == "4294967296")]  # a seed
        bad += [f"{v}:{opts}:{body[:m.start()]}{number}{body[m.end():]}" for m in runs
                for v in range(1, cls.version + 1)]                 # older codes are upgraded first
        for text in bad:
            with pytest.raises(BadPosition) as e:
                cls.decode(text)
            readable(e.value)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_hostile_fields_in_old_and_new_codes_raise_typed_errors(gid):
    """Every field of real codes, read as today's version or upgraded from an older one, with
    a field added or dropped anywhere, set to other scripts' digits or a square name: a position
    or a BadPosition, nothing else (Das Tor's upgrade once raised ValueError on '²')."""
    cls = GAMES[gid]
    for seed in range(4):
        state = random_game(cls.new(), seed, max_plies=10 * seed)
        fields = state.encode().split(":", 2)[2].split(";")
        shapes = [fields] + [fields[:i] + [x] + fields[i:] for i in range(1, len(fields) + 1) for x in ("", "E5")]
        shapes += [fields[:i] + fields[i + 1:] for i in range(1, len(fields))]
        for shape in shapes:
            for j in range(1, len(shape)):
                for value in ("²", "١", "E5"):
                    for v in range(1, cls.version + 1):
                        body = ";".join(shape[:j] + [value] + shape[j + 1:])
                        try:
                            cls.decode(f"{v}:{state._options_code()}:{body}")
                        except BadPosition as e:
                            readable(e)


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
