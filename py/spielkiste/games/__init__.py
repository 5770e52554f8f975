"""One module per game. Adding a game = adding its module here."""
from .snorkels import Snorkels
from .blockade import Blockade
from .aufstellen import Aufstellen

GAME_CLASSES = [Snorkels]
GAME_CLASSES.append(Blockade)
GAME_CLASSES.append(Aufstellen)
