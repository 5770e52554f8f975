"""The random generator and the seeded set-ups, pinned to exact outputs.

A link such as #snorkels?stones=3&seed=17 must open the same board in every browser, today and
after any upgrade, so the generator (spielkiste.rng, splitmix64) and the way each game draws its
set-up from it are fixed: a change to either fails here. If such a change is ever wanted, the
games' position versions must change with it, since old links would open other boards."""
import pytest
from hypothesis import given, strategies as st

from spielkiste.coords import names
from spielkiste.registry import get_game
from spielkiste.rng import Rng


def test_splitmix64_matches_the_published_reference_outputs():
    # the reference C implementation (Vigna) from state 0 and from state 1234567
    r = Rng(0)
    assert [r.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    r = Rng(1234567)
    assert [r.next64() for _ in range(3)] == [0x599ED017FB08FC85, 0x2C73F08458540FA5, 0x883EBCE5A3F27C77]


def test_below_shuffle_and_sample_give_exactly_these_outputs():
    r = Rng(1)
    assert [r.below(10) for _ in range(10)] == [5, 9, 0, 5, 1, 8, 5, 3, 0, 0]
    assert Rng(2).shuffle(list(range(10))) == [9, 8, 3, 2, 4, 6, 1, 7, 5, 0]
    assert Rng(3).sample(range(49), 5) == [29, 23, 20, 22, 30]


@given(st.integers(min_value=0, max_value=(1 << 64) - 1), st.integers(min_value=1, max_value=10 ** 6))
def test_below_stays_in_range_and_the_seed_is_taken_modulo_2_to_the_64(seed, n):
    assert 0 <= Rng(seed).below(n) < n
    assert Rng(seed + (1 << 64)).below(n) == Rng(seed).below(n)


@given(st.integers(min_value=0, max_value=1 << 70), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation(seed, items):
    assert sorted(Rng(seed).shuffle(list(items))) == sorted(items)


def test_below_refuses_an_empty_range():
    with pytest.raises(ValueError):
        Rng(1).below(0)


def squares_holding(state, width: int, height: int, letter: str) -> list[str]:
    return [sq for sq, v in zip(names(width, height), state.board, strict=True) if v == letter]


def test_seeded_snorkels_stones():
    s = get_game("snorkels").new({"stones": "3", "seed": "17"})
    assert squares_holding(s, 7, 7, "S") == ["D4", "E4", "F4"]
    s = get_game("snorkels").new({"stones": "2", "seed": "5"})
    assert squares_holding(s, 7, 7, "S") == ["F5", "E7"]


def test_seeded_surikata_mounds():
    s = get_game("surikata").new({"mounds": "random", "seed": "17"})
    assert squares_holding(s, 5, 5, "M") == ["C2", "E3", "C4", "A5", "D5"]


def test_seeded_drei_board():
    s = get_game("drei").new({"board": "random", "seed": "17"})
    rows = ["".join("RYGB"[s.colours[r * 8 + c]] for c in range(8)) for r in range(8)]
    assert rows == ["YRGBYRGB", "BGRYRBYY", "GYBRBGRG", "RYBGGBYR",
                    "YBGRRGBY", "RBYYYYBR", "BGRGBGRG", "GRYBGRYB"]


def test_seeded_solitaire_deal():
    # the 6x6 block D4-I9 in board letters (games/box.py: r b g y squares, s c h z triangles)
    s = get_game("solitaire").new({"shuffle": "1", "seed": "17"})
    block = ["".join(s.board[r * 12 + 3:r * 12 + 9]) for r in range(3, 9)]
    assert block == ["gsbryc", "rybzyc", "gycgrg", "hrzbyh", "hzsbrg", "bbsryg"]
