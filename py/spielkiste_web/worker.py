"""The AI worker: a second Pyodide in a Web Worker that runs the shared search.

The page calls start(link) once per move, then think(seconds) in short slices, so it can show
progress and stop the search between slices (the 'Move now' button), and finally best().
Everything crosses the worker boundary as strings (links, JSON), never as live objects."""
import json

from spielkiste.ai.mcts import Search
from spielkiste_web.links import from_fragment

_search = None


def start(fragment: str, seed: int = 0) -> str:
    """Set up a search from a game link (start + moves, so repetition history is exact)."""
    global _search
    rec = from_fragment(str(fragment))
    state = rec.current
    _search = Search(state, seed=int(seed))
    return json.dumps({"moves": len(state.legal_moves())})


def think(seconds: float) -> str:
    """Search for a slice of time; returns progress as JSON."""
    if _search is None:
        return json.dumps({"error": "no search"})
    _search.run(seconds=float(seconds))
    info = _search.info()
    root = _search.root
    info["forced"] = (not root.untried and len(root.children) == 1) or any(ch.win for ch in root.children)
    return json.dumps(info)


def best() -> str:
    """The best move so far, in notation."""
    if _search is None:
        return ""
    return _search.state.move_text(_search.best_move())


def tool(fragment: str, name: str, seconds: float) -> str:
    """Run a game's analysis tool (e.g. the solitaire's solver) on a position; JSON result."""
    state = from_fragment(str(fragment)).current
    return json.dumps(state.run_tool(str(name), float(seconds)))


__export__ = ["start", "think", "best", "tool"]
