"""Search that serves every game through the engine interface alone."""
from .mcts import Search
from .players import Player, parse_player

__all__ = ["Search", "Player", "parse_player"]
