"""One module per game. Adding a game = adding its module here (in the chooser's order)."""
from .aufstellen import Aufstellen
from .blockade import Blockade
from .drei import Drei
from .snorkels import Snorkels
from .solitaire import Solitaire
from .sprung import Sprung
from .surikata import Surikata
from .tor import Tor
from .weltreich import Weltreich
from .ziggurats import Ziggurats

GAME_CLASSES = [Surikata, Snorkels, Blockade, Weltreich, Sprung, Aufstellen, Solitaire, Tor, Ziggurats, Drei]
