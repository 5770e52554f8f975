"""Search that serves every game through the engine interface alone."""
from .mcts import Search
from .players import choose, parse_player

__all__ = ["Search", "choose", "parse_player"]
