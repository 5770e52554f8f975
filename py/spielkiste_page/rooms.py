"""The rooms beside the game (room.py), one class each; App makes one of each at start."""
from spielkiste_page.learn import LearnRoom
from spielkiste_page.analysis import AnalysisRoom
from spielkiste_page.puzzles import PuzzleRoom
ROOMS: list = [LearnRoom, AnalysisRoom, PuzzleRoom]
