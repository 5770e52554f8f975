"""One module per game, listed here in the chooser's order with the two facts the code cannot
know (designer, rule sheet); registry.py registers them (see docs/ARCHITECTURE.md)."""
from ..engine import State
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

# (game, designer, rule sheet), in the chooser's order
BOX: tuple[tuple[type[State], str, str], ...] = (
    (Surikata, "Adam Porter", "000"),
    (Snorkels, "Mark Engelberg", "001"),
    (Blockade, "Sid Sackson", "002"),
    (Weltreich, "Sid Sackson", "002"),
    (Sprung, "Sid Sackson", "002"),
    (Aufstellen, "Sid Sackson", "002"),
    (Solitaire, "Sid Sackson", "002"),
    (Tor, "Sid Sackson", "002"),
    (Ziggurats, "Arpad Fritsche", "003"),
    (Drei, "David Parlett", "004"),
)
