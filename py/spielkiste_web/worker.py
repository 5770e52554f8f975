"""The AI worker: a second Pyodide in a Web Worker that runs the shared search.

The page calls start(link) once per move, then think(seconds) in short slices, so it can show
progress and stop the search between slices (the 'Move now' button), and finally best().
think()'s JSON carries the hint (move) and the win chance of the player to move (value) for
the Hint button and the evaluation bar; hint(link, seconds) is the one-call form.
Everything crosses the worker boundary as strings (links, JSON), never as live objects."""
import json

from spielkiste.ai.mcts import Search
from spielkiste_web.links import from_fragment

_search = None
_line: tuple[str, list[str]] = ("", [])     # the searched game: start code and moves


def start(fragment: str, seed: int = 0) -> str:
    """Set up a search from a game link (start + moves, so repetition history is exact). When
    the link continues the game of the last search, that search's tree is kept."""
    global _search, _line
    rec = from_fragment(str(fragment))
    line = (rec.start.encode(), rec.moves[:rec.cursor])
    old = _line
    kept = (_search is not None and old[0] == line[0] and line[1][:len(old[1])] == old[1]
            and _search.advance(_moves(rec, len(old[1])), rec.current))
    if not kept:
        _search = Search(rec.current, seed=int(seed))
    _line = line
    return json.dumps({"moves": len(rec.current.legal_moves()), "kept": bool(kept)})


def _moves(rec, since: int) -> list:
    """The moves of a record from ply `since` to its cursor."""
    return [rec.states[j].parse_move(rec.moves[j]) for j in range(since, rec.cursor)]


def think(seconds: float) -> str:
    """Search for a slice of time; returns progress as JSON: iterations, move (the hint),
    value (the win chance of the player to move), line, proven, forced (stop thinking)."""
    if _search is None:
        return json.dumps({"error": "no search"})
    _search.run(seconds=float(seconds))
    return json.dumps(_search.info())


def hint(fragment: str, seconds: float, seed: int = 0) -> str:
    """The search's best move and the win chance of the player to move, at a budget: think()'s
    JSON after start(fragment) and `seconds` of search (call start/think in slices instead to
    show the evaluation while it grows)."""
    start(fragment, seed)
    return think(seconds)


def best() -> str:
    """The best move so far, in notation."""
    if _search is None:
        return ""
    return _search.state.move_text(_search.best_move())


def tool(fragment: str, name: str, seconds: float) -> str:
    """Run a game's analysis tool (e.g. the solitaire's solver) on a position; JSON result."""
    state = from_fragment(str(fragment)).current
    return json.dumps(state.run_tool(str(name), float(seconds)))


def memory() -> str:
    """The worker's memory, for the soak benchmark: the WebAssembly heap and Python's live objects."""
    import gc
    gc.collect()
    try:
        import pyodide_js
        heap = int(pyodide_js._module.HEAPU8.length)
    except Exception:          # not in Pyodide (a CPython test)
        heap = 0
    return json.dumps({"wasm_bytes": heap, "py_objects": len(gc.get_objects())})


__export__ = ["start", "think", "hint", "best", "tool", "memory"]
