"""Saved games (one per game, versioned JSON) and studies in the browser's storage, read defensively.

A save holds the game's link (start + moves + cursor), who plays each seat, the computer's
level and the board rotation. Storage can hold anything (an old version, another tab's
half-written text, a hand edit), so load() checks every field by type and range and raises
SpielkisteError for anything it cannot trust; the page then sets the save aside and starts."""
import json
import re

from spielkiste.errors import SpielkisteError
from spielkiste_web.links import MAX_LEN, from_fragment, to_fragment

VERSION = 1
SEAT_KINDS = ("human", "computer")
ROTATIONS = (0, 90, 180, 270)
FIELDS = ("v", "link", "seats", "level", "rotation")
MAX_SAVE = MAX_LEN + 1000      # the link and a few short fields
MAX_DEPTH = 16                 # nesting read from storage: more than any save holds, far from a stack's end
STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
BRACKET = re.compile(r"[\[\]{}]")


def dump(record, seats: list[str], level: int, rotation: int) -> str:
    return json.dumps({"v": VERSION, "link": to_fragment(record), "seats": list(seats),
                       "level": level, "rotation": rotation})


def load(text, levels) -> tuple:
    """(record, seats, level, rotation) from a save; SpielkisteError if any part is not valid."""
    data = parse(text)
    if set(data) != set(FIELDS):
        raise SpielkisteError("err.saved")
    check("v", is_int(data["v"]) and data["v"] == VERSION)
    check("link", isinstance(data["link"], str))
    try:
        record = from_fragment(data["link"])
    except SpielkisteError:
        raise SpielkisteError("err.saved_field", field="link") from None
    seats = data["seats"]
    check("seats", isinstance(seats, list) and len(seats) == record.current.num_players
          and all(isinstance(s, str) and s in SEAT_KINDS for s in seats))
    check("level", is_int(data["level"]) and data["level"] in levels)
    check("rotation", is_int(data["rotation"]) and data["rotation"] in ROTATIONS)
    return record, seats, data["level"], data["rotation"]


def too_deep(text: str, depth: int) -> bool:
    """Whether JSON text nests brackets deeper than `depth` (outside strings). Read before
    json.loads, whose recursion deep nesting exhausts: a RecursionError in CPython, a stack
    overflow that kills Pyodide in the browser."""
    level = 0
    for m in BRACKET.finditer(STRING.sub("", text)):
        level += 1 if m.group() in "[{" else -1
        if level > depth:
            return True
    return False


def parse(text) -> dict:
    """The JSON object of a save."""
    if not isinstance(text, str) or len(text) > MAX_SAVE or too_deep(text, MAX_DEPTH):
        raise SpielkisteError("err.saved")
    try:
        data = json.loads(text, object_pairs_hook=unique_keys)
    except ValueError:        # also JSONDecodeError, numbers past int()'s digit limit, repeated keys
        raise SpielkisteError("err.saved") from None
    if not isinstance(data, dict):
        raise SpielkisteError("err.saved")
    return data


def unique_keys(pairs: list) -> dict:
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ValueError("a key appears twice")
    return dict(pairs)


def is_int(value) -> bool:
    """A JSON integer (bool is an int in Python, and True == 1 would pass for level 1)."""
    return type(value) is int


def check(field: str, ok: bool) -> None:
    if not ok:
        raise SpielkisteError("err.saved_field", field=field)


def studies(text) -> list[list[str]]:
    """The saved positions of a game, [[name, code], ...], from storage; anything unreadable
    (another version, a hand edit, nesting meant to crash the reader) counts as none."""
    if not isinstance(text, str) or not text or too_deep(text, MAX_DEPTH):
        return []
    try:
        data = json.loads(text)
    except ValueError:
        return []
    if not (isinstance(data, list) and all(isinstance(x, list) and len(x) == 2 for x in data)):
        return []
    return [[n, c] for n, c in data if isinstance(n, str) and isinstance(c, str)]


def default_seats(n: int) -> list[str]:
    """One human and the computer for the rest; a solitaire is played alone."""
    return ["human"] + ["computer"] * (n - 1)
