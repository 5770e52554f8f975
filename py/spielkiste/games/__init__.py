"""One module per game. Adding a game = adding its module here."""
from .snorkels import Snorkels
from .surikata import Surikata
from .drei import Drei
from .blockade import Blockade
from .aufstellen import Aufstellen
from .ziggurats import Ziggurats
from .sprung import Sprung

GAME_CLASSES = [Snorkels]
GAME_CLASSES.append(Blockade)
GAME_CLASSES.append(Aufstellen)
from .weltreich import Weltreich
GAME_CLASSES.append(Weltreich)
from .tor import Tor
from .solitaire import Solitaire
GAME_CLASSES.append(Tor)
GAME_CLASSES.append(Ziggurats)
GAME_CLASSES.append(Sprung)
GAME_CLASSES.append(Surikata)
GAME_CLASSES.append(Drei)
GAME_CLASSES.append(Solitaire)
