"""The page formats its own texts (spielkiste_page/texts.py, MicroPython: no string.Formatter) from
page_data.json; every one must read exactly as the engine's spielkiste.texts.t writes it, in both
languages, plural fields ("{n:piece|pieces}") included, with every count the rule tells apart and
with the grouped digits the page passes ("12.345")."""
import string

import pytest

from spielkiste.texts import LANGS
from spielkiste.texts import t as engine_t
from spielkiste_page import texts as page
from spielkiste_web import page_data

TEXTS = page_data.build()["texts"]
COUNTS = (0, 1, 2, 21, "1", "12.345", "12,345")


def fields(text: str) -> dict[str, bool]:
    """Each field name of a text, and whether it is a plural field (its spec lists forms)."""
    out: dict[str, bool] = {}
    for _, name, spec, _ in string.Formatter().parse(text):
        if name:
            base = name.split(".")[0].split("[")[0]
            out[base] = out.get(base, False) or "|" in (spec or "")
    return out


def argument_sets(key: str) -> list[dict]:
    """No arguments, an unrelated one, and every field filled with each count (plural fields) or
    with words and numbers (the others)."""
    names: dict[str, bool] = {}
    for text in TEXTS[key]:
        for name, plural in fields(text).items():
            names[name] = names.get(name, False) or plural
    sets: list[dict] = [{}, {"unrelated": 1}]
    for n in COUNTS:
        sets.append({name: n if plural else f"w{n}" for name, plural in names.items()})
        sets.append({name: n for name in names})
    if names:
        sets.append(dict(list({name: 1 for name in names}.items())[:-1]))     # one field missing
    return sets


def test_the_page_has_texts_with_plural_fields_to_compare():
    assert len(TEXTS) > 100
    assert any(any("|" in spec for text in pair for _, _, spec, _ in string.Formatter().parse(text) if spec)
               for pair in TEXTS.values())


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_text_reads_as_the_engine_writes_it(lang):
    page.load(TEXTS)
    differ = []
    for key in TEXTS:
        for args in argument_sets(key):
            mine, theirs = page.t(key, lang, **args), engine_t(key, lang, **args)
            if mine != theirs:
                differ.append((key, args, mine, theirs))
    assert not differ, differ[:5]


def test_a_key_the_page_lacks_reads_as_the_key():
    page.load(TEXTS)
    assert page.t("no.such.key", "de", n=2) == engine_t("no.such.key", "de", n=2) == "no.such.key"


def test_a_said_text_is_said_again_in_either_language_with_its_fields():
    """What a message or notice bar shows is kept as a key (texts.Said), so a language switch says it
    again (app.say_bars_again); a field may be a Said too (a game's name)."""
    page.load(TEXTS)
    offer = page.Said("ui.learn.offer", game=page.Said("game.drei"))
    for lang in LANGS:
        assert offer.text(lang) == engine_t("ui.learn.offer", lang, game=engine_t("game.drei", lang))
        assert page.said(offer, lang) == offer.text(lang) and page.said("as it is", lang) == "as it is"
    assert offer.text("en") != offer.text("de")


def test_a_reason_is_ended_as_a_sentence_before_the_next_one():
    assert page.sentence("er nennt kein Spiel dieser Sammlung") == "er nennt kein Spiel dieser Sammlung."
    assert page.sentence("„Version:Optionen:Stellung“ ") == "„Version:Optionen:Stellung“."
    assert page.sentence("Already one.") == "Already one." and page.sentence("Why?") == "Why?"
    assert page.sentence("") == ""


def test_a_mean_loss_of_one_point_is_one_point_and_a_decimal_counts_as_many():
    """"1 points per move" (a probe, in a Ziggurats review): the summary's loss is a plural field,
    read from the number as the page writes it (texts.decimal: "1", "1.5", "0,5")."""
    got = {(lang, v): page.t("ui.review.loss_value", lang, loss=page.decimal(v, lang))
           for lang in ("en", "de") for v in (1.0, 1.5, 0.5, 2)}
    assert got == {("en", 1.0): "1 point per move", ("en", 1.5): "1.5 points per move",
                   ("en", 0.5): "0.5 points per move", ("en", 2): "2 points per move",
                   ("de", 1.0): "1 Punkt pro Zug", ("de", 1.5): "1,5 Punkte pro Zug",
                   ("de", 0.5): "0,5 Punkte pro Zug", ("de", 2): "2 Punkte pro Zug"}
