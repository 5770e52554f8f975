"""The one registry of games: id -> State subclass, in the order the chooser lists them.

PLANNED lists the games of the collection that are not playable yet, so the chooser can
show them as coming."""
from .errors import SpielkisteError
from .games import GAME_CLASSES

GAMES = {cls.id: cls for cls in GAME_CLASSES}

ALL_IDS = ("surikata", "snorkels", "blockade", "weltreich", "sprung", "aufstellen",
           "solitaire", "tor", "ziggurats", "drei")

PLANNED = tuple(g for g in ALL_IDS if g not in GAMES)


def get_game(game_id: str):
    """The State class of a game; SpielkisteError for an unknown id."""
    try:
        return GAMES[game_id.strip().lower()]
    except KeyError:
        raise SpielkisteError("err.game_unknown", name=game_id) from None
