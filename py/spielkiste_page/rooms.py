"""The rooms beside the game (room.py), one class each; App makes one of each at start."""
ROOMS: list = []
