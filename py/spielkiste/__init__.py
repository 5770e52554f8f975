"""Spielkiste: rule engines and AI for ten abstract board games, in pure Python.

Nothing here imports browser modules, so the same code runs under CPython (tests, CLI,
benchmarks) and under Pyodide (the page and its AI worker).
"""
from .engine import Option, Outcome, State
from .errors import BadLink, BadMove, BadOption, BadPosition, IllegalMove, SpielkisteError
from .registry import GAMES, get_game

__all__ = [
    "BadLink", "BadMove", "BadOption", "BadPosition", "GAMES", "IllegalMove", "Option",
    "Outcome", "SpielkisteError", "State", "get_game",
]
