"""One module per game. Adding a game = adding its module here."""
from .snorkels import Snorkels

GAME_CLASSES = [Snorkels]
