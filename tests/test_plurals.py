"""Texts that count things take the singular for 1 and the plural otherwise, in both languages."""
import string

import pytest
from hypothesis import given, strategies as st

from helpers import play
from spielkiste import games  # noqa: F401  (the game modules add their keys)
from spielkiste.texts import TABLE, t, tr

# key, arguments besides the count, the counted field, and the words for 0 / 1 / 2 in each language
CASES = [
    ("sprung.bonus", {"player": "Red", "cell": "D8", "col": "D"}, "count",
     {"en": ("0 opposing pieces", "1 opposing piece)", "2 opposing pieces"),
      "de": ("0 gegnerische Figuren", "1 gegnerische Figur)", "2 gegnerische Figuren")}),
    ("solitaire.left", {}, "n", {"en": ("0 pieces left", "1 piece left", "2 pieces left"),
                                 "de": ("Noch 0 Figuren", "Noch 1 Figur.", "Noch 2 Figuren")}),
    ("solitaire.hint", {"move": "A1-C1"}, "n", {"en": ("in 0 moves", "in 1 move.", "in 2 moves"),
                                                "de": ("in 0 Zügen", "in 1 Zug ", "in 2 Zügen")}),
    ("solitaire.solvable_yes", {}, "n", {"en": ("(0 moves)", "(1 move)", "(2 moves)"),
                                         "de": ("(0 Züge)", "(1 Zug)", "(2 Züge)")}),
    ("solitaire.solvable_no", {}, "left", {"en": ("0 pieces can", "1 piece can", "2 pieces can"),
                                           "de": ("bleiben 0 Figuren", "bleibt 1 Figur ", "bleiben 2 Figuren")}),
    ("ziggurats.supply", {"player": "Red"}, "n", {"en": ("0 blocks", "1 block ", "2 blocks"),
                                                  "de": ("0 Blöcke", "1 Block ", "2 Blöcke")}),
    ("surikata.watch", {}, "count", {"en": ("0 squares free", "1 square free", "2 squares free"),
                                     "de": ("0 Felder frei", "1 Feld frei", "2 Felder frei")}),
    ("err.players", {"game": "Tor"}, "count", {"en": ("by 0 players", "by 1 player.", "by 2 players"),
                                               "de": ("von 0 Personen", "von 1 Person ", "von 2 Personen")}),
    ("ui.thinking_stats", {"move": "C3", "percent": 40}, "iterations",
     {"en": ("0 positions", "1 position ", "2 positions"), "de": ("0 Stellungen", "1 Stellung ", "2 Stellungen")}),
]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("key, args, field, words", CASES, ids=[c[0] for c in CASES])
def test_zero_one_two(key, args, field, words, lang):
    for n, expected in zip((0, 1, 2), words[lang], strict=True):
        text = t(key, lang, **args, **{field: n})
        assert expected in text, (n, text)


@pytest.mark.parametrize("lang, expected", [("en", "(1 triangle, 2 squares left)"),
                                            ("de", "(1 Dreieck, 2 Vierecke übrig)")])
def test_a_text_counts_two_things_each_with_its_own_form(lang, expected):
    assert expected in t("tor.reserve", lang, player="Red", n=8, t=1, s=2)


def test_a_count_the_page_has_grouped_reads_as_its_number():
    assert t("ui.thinking_stats", "de", iterations="12.345", move="C3", percent=40).startswith("12.345 Stellungen")
    assert t("ui.thinking_stats", "en", iterations="1", move="C3", percent=40).startswith("1 position ")


@pytest.mark.parametrize("lang, expected", [("en", "holds 1 opposing piece)"), ("de", "hat 1 gegnerische Figur)")])
def test_the_sprung_bonus_after_illustration_8_says_one_piece(lang, expected):
    s = play("sprung", "C5-D5")
    s.push_text("C8-D8")                            # column D holds 1 blue piece: Red may go on
    assert expected in tr(s.status(), lang)


@given(st.integers(min_value=0, max_value=10**6), st.sampled_from(["en", "de"]))
def test_every_counting_text_fills_its_fields_for_any_count(n, lang):
    for key, entry in TABLE.items():
        if "|" in entry[lang]:
            text = t(key, lang, **{f: n for f in _fields(entry[lang])})
            assert "{" not in text and "|" not in text, (key, text)


def _fields(text):
    return {name.split(".")[0] for _, name, _, _ in string.Formatter().parse(text) if name}
