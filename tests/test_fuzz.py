"""Hostile links, position codes and saves: valid ones from random games, mutated (truncated,
characters flipped, other scripts' digits, huge numbers, percent-escapes, markup, repeated
keys, a megabyte). Reading them gives a position that round-trips or a typed error whose
message renders in English and German; nothing else. The long run is tests/fuzz/run.py."""
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import examples
from fuzz.gen import NUMBERS, ODD_CHARS, DrawChooser, check, mutate, valid_inputs
from spielkiste.registry import GAMES

GAME_IDS = sorted(GAMES)
POOL = [(gid, valid_inputs(GAMES[gid], random.Random(seed))) for gid in GAME_IDS for seed in range(6)]


@st.composite
def hostile(draw, kind):
    gid, inputs = draw(st.sampled_from(POOL))
    return GAMES[gid], mutate(DrawChooser(draw), kind, inputs[kind])


@pytest.mark.parametrize("kind", ["link", "code", "save"])
@settings(max_examples=examples(300), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_hostile_input_gives_a_position_or_a_typed_error(kind, data):
    cls, text = data.draw(hostile(kind))
    result, seconds = check(kind, cls, text)      # raises on anything but a typed, readable error
    assert result in ("ok", "typed")
    assert seconds < 1.0, f"reading took {seconds:.2f} s"


@pytest.mark.parametrize("kind", ["link", "code", "save"])
def test_unmutated_inputs_are_read(kind):
    for gid, inputs in POOL:
        assert check(kind, GAMES[gid], inputs[kind])[0] == "ok", (gid, inputs[kind])


@st.composite
def hostile_parameter(draw):
    """One link parameter, or one option of a position code, set to a hostile value."""
    gid, inputs = draw(st.sampled_from(POOL))
    cls = GAMES[gid]
    key = draw(st.sampled_from(["at", "m", "v", "p"] + [o.key for o in cls.all_options()]))
    value = draw(st.sampled_from(NUMBERS + ODD_CHARS) | st.text(max_size=30))
    if draw(st.booleans()):
        return cls, "link", f"{gid}?{key}={value}"
    version, opts, body = inputs["code"].split(":", 2)
    return cls, "code", f"{version}:{key}.{value}:{body}"


@settings(max_examples=examples(300), deadline=None)
@given(case=hostile_parameter())
def test_hostile_parameters_give_a_position_or_a_typed_error(case):
    """Other scripts' digits, numbers past int()'s limit, markup and any text as a parameter."""
    cls, kind, text = case
    assert check(kind, cls, text)[0] in ("ok", "typed")
