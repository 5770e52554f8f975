"""Saved games in the browser's storage: one per game, versioned JSON, read defensively.

A save holds the game's link (start + moves + cursor), who plays each seat, the computer's
level and the board rotation. load() raises SpielkisteError for anything it cannot trust."""
import json

from spielkiste.errors import SpielkisteError
from spielkiste_web.links import from_fragment, to_fragment

VERSION = 1
SEAT_KINDS = ("human", "computer")


def dump(record, seats: list[str], level: int, rotation: int) -> str:
    return json.dumps({"v": VERSION, "link": to_fragment(record), "seats": list(seats),
                       "level": level, "rotation": rotation})


def load(text: str, levels) -> tuple:
    """(record, seats, level, rotation) from a save; SpielkisteError if it is corrupt."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        raise SpielkisteError("err.saved") from None
    if not isinstance(data, dict) or data.get("v") != VERSION or not isinstance(data.get("link"), str):
        raise SpielkisteError("err.saved")
    try:
        record = from_fragment(data["link"])
    except SpielkisteError:
        raise SpielkisteError("err.saved") from None
    seats = data.get("seats")
    n = record.current.num_players
    if not isinstance(seats, list) or len(seats) != n or any(s not in SEAT_KINDS for s in seats):
        seats = default_seats(n)
    level = data.get("level") if data.get("level") in levels else 2
    rotation = data.get("rotation") if data.get("rotation") in (0, 90, 180, 270) else 0
    return record, seats, level, rotation


def default_seats(n: int) -> list[str]:
    """One human and the computer for the rest; a solitaire is played alone."""
    return ["human"] + ["computer"] * (n - 1)
