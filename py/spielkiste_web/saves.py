"""Saved games in the browser's storage: one per game, versioned JSON, read defensively.

A save holds the game's link (start + moves + cursor), who plays each seat, the computer's
level and the board rotation. Storage can hold anything (an old version, another tab's
half-written text, a hand edit), so load() checks every field by type and range and raises
SpielkisteError for anything it cannot trust; the page then sets the save aside and starts."""
import json

from spielkiste.errors import SpielkisteError
from spielkiste_web.links import MAX_LEN, from_fragment, to_fragment

VERSION = 1
SEAT_KINDS = ("human", "computer")
ROTATIONS = (0, 90, 180, 270)
FIELDS = ("v", "link", "seats", "level", "rotation")
MAX_SAVE = MAX_LEN + 1000      # the link and a few short fields


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


def parse(text) -> dict:
    """The JSON object of a save. A save is one object holding one list, so text with more
    brackets than that is refused before json.loads, whose recursion deep nesting exhausts
    (RecursionError in CPython, a stack overflow in the browser)."""
    if not isinstance(text, str) or len(text) > MAX_SAVE or text.count("[") + text.count("{") > 16:
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


def default_seats(n: int) -> list[str]:
    """One human and the computer for the rest; a solitaire is played alone."""
    return ["human"] + ["computer"] * (n - 1)
