"""The one registry of games: one entry per game, in the order the chooser lists them.

An entry is a game's State class plus the two facts the code cannot know (designer, rule
sheet); its id, player counts and options are the class's own, its name and blurb are the
text keys `game.<id>` and `blurb.<id>`, so nothing about a game is written twice. The ten
games are listed in `games/__init__.py` (BOX) and registered here; a test may register a game
of its own and unregister it afterwards. Registering an id twice is a ValueError."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .engine import Option, State
from .errors import SpielkisteError
from .games import BOX


@dataclass(frozen=True)
class Entry:
    cls: type[State]
    designer: str
    sheet: str          # the number of the rule sheet of the collection, e.g. "002"

    @property
    def id(self) -> str:
        return self.cls.id

    @property
    def name_key(self) -> str:
        return f"game.{self.id}"

    @property
    def blurb_key(self) -> str:
        return f"blurb.{self.id}"

    @property
    def player_counts(self) -> tuple[int, ...]:
        return self.cls.player_counts

    @property
    def options(self) -> tuple[Option, ...]:
        return self.cls.all_options()

    def seat_colours(self, players: int | None = None) -> tuple[str, ...]:
        """The colour key of each seat at the start, for `players` players (default: the fewest)."""
        return _seat_colours(self.id, players or self.cls.player_counts[0])


@lru_cache(maxsize=None)
def _seat_colours(game_id: str, players: int) -> tuple[str, ...]:
    cls = GAMES[game_id]
    start = cls.new({"players": players} if len(cls.player_counts) > 1 else None)
    return tuple(start.seat_colour(seat) for seat in range(start.num_players))


ENTRIES: dict[str, Entry] = {}              # id -> entry, in the chooser's order
GAMES: dict[str, type[State]] = {}          # id -> State class, the same order


def register(cls: type[State], designer: str, sheet: str) -> Entry:
    """Add a game at the end of the chooser; ValueError for a missing or taken id."""
    if not cls.id or cls.id != cls.id.strip().lower():
        raise ValueError(f"{cls.__name__} needs a lower-case id")
    if cls.id in ENTRIES:
        raise ValueError(f"game id registered twice: {cls.id}")
    entry = ENTRIES[cls.id] = Entry(cls, designer, sheet)
    GAMES[cls.id] = cls
    return entry


def unregister(game_id: str) -> None:
    del ENTRIES[game_id], GAMES[game_id]
    _seat_colours.cache_clear()


def chooser() -> tuple[Entry, ...]:
    """The games as the chooser lists them."""
    return tuple(ENTRIES.values())


def get_game(game_id: str) -> type[State]:
    """The State class of a game; SpielkisteError for an unknown id."""
    try:
        return GAMES[game_id.strip().lower()]
    except KeyError:
        raise SpielkisteError("err.game_unknown", name=game_id) from None


for _cls, _designer, _sheet in BOX:
    register(_cls, designer=_designer, sheet=_sheet)
