"""A study's name, typed or imported, loses its control characters and direction marks (issue 51,
4): the names are drawn in the page beside its own words, and U+202E (right-to-left override)
would reorder them, as codec.clip keeps quoted input from doing in messages. Everything else of
a name survives export and import (U+2028, backslashes, any script)."""
import json

from spielkiste.codec import HIDDEN
from spielkiste_web import saves
from spielkiste_web.editor_session import STUDIES
from spielkiste_web.session import Session

HOSTILE = ["\u202egnp.exe", "a\u0000b\u0007c\u001bd", "Zug\u200b\u2066links\u2069", "\ufeffBOM\u061c", "\u009fC1"]


def editing():
    s = Session("en")
    assert "error" not in s.handle({"op": "open", "link": "snorkels?v=1"})
    assert s.handle({"op": "edit_open"})["kind"] == "editor"
    return s


def stored_names(storage, answer):
    for key, value in answer.get("writes", []):
        storage[key] = value
    return [n for n, _ in json.loads(storage.get(STUDIES + "snorkels") or "[]")]


def test_an_imported_name_loses_controls_and_direction_marks_and_keeps_the_rest():
    lines = [saves.escape_name(n) + "\tsnorkels?p=1::7/7/7/7/7/7/7;0;0;0;" for n in HOSTILE + ["Ecke\u2028Falle \\"]]
    s, storage = editing(), {}
    text = saves.HEADER + "\n" + "\n".join(lines) + "\n"
    got = s.handle({"op": "edit_study_import", "text": text, "storage": storage})
    assert "error" not in got and "ask" not in got, got
    names = stored_names(storage, got)
    assert names[:len(HOSTILE)] == ["gnp.exe", "abcd", "Zuglinks", "BOM", "C1"]
    assert names[-1] == "Ecke\u2028Falle \\"
    assert not any(HIDDEN.search(n) for n in names)
    first = "\u202eold\ttab\tsnorkels?p=1::7/7/7/7/7/7/7;0;0;0;"      # the first file version: no escapes
    got = editing().handle({"op": "edit_study_import", "text": saves.HEADER_V1 + "\n" + first + "\n", "storage": {}})
    assert stored_names({}, got) == ["oldtab"]


def test_a_typed_name_loses_them_too_and_a_name_of_nothing_else_is_untitled():
    for typed, kept in (("\u202eRechts", "Rechts"), ("\u202e\u200f", "Untitled")):
        s, storage = editing(), {}
        got = s.handle({"op": "edit_study_save", "name": typed, "storage": storage})
        assert "error" not in got, got
        assert stored_names(storage, got) == [kept]
