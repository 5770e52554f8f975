"""The page's Python: MicroPython on the main thread (app.py is the entry). It imports nothing of
the engine; everything about a game comes from the engine worker's snapshots (engine.py) and
from dist/page_data.json (spielkiste_web/page_data.py)."""
