"""One module per game, registered here in the chooser's order (see docs/ARCHITECTURE.md)."""
from ..registry import register
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

register(Surikata, designer="Adam Porter", sheet="000")
register(Snorkels, designer="Mark Engelberg", sheet="001")
register(Blockade, designer="Sid Sackson", sheet="002")
register(Weltreich, designer="Sid Sackson", sheet="002")
register(Sprung, designer="Sid Sackson", sheet="002")
register(Aufstellen, designer="Sid Sackson", sheet="002")
register(Solitaire, designer="Sid Sackson", sheet="002")
register(Tor, designer="Sid Sackson", sheet="002")
register(Ziggurats, designer="Arpad Fritsche", sheet="003")
register(Drei, designer="David Parlett", sheet="004")
