"""Every spielkiste game as an OpenSpiel game (the optional extra: pip install spielkiste[openspiel]).

    import pyspiel
    import spielkiste.openspiel            # registers spielkiste_<id> for every game
    game = pyspiel.load_game("spielkiste_weltreich(players=4,teams=true)")

game.py wraps the engine, actions.py and spaces.py number the moves, planes.py makes the
observation tensors; docs/OPENSPIEL.md describes the action spaces and planes of each game.
Without OpenSpiel installed (as in Pyodide) the games are not registered, but the action ids and
the planes, which are pure Python, still work."""
from importlib.util import find_spec

from .configs import CONFIGURATIONS, PREFIX

__all__ = ["CONFIGURATIONS", "PREFIX"]

if find_spec("pyspiel") is not None:
    from .game import Game, GameState, register

    register()
    __all__ += ["Game", "GameState", "register"]
