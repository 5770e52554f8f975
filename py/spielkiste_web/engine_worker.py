"""The engine worker's script (issue 30): the one Pyodide of the page, in a Web Worker.

It holds one Session (session.py: the record, rendering, links, saves, the search) and exports
one function, `handle`, that the page awaits with a request as JSON text. Everything crosses the
boundary as text, never as live objects, and nothing here touches `window` or `document`, so the
page needs no special headers for it. `handle` never raises: a fault becomes an error answer the
page shows, and the page can always replace this worker and `load` its last save. A request is
read as every outside text is (outside.read_json): nesting that would overflow Pyodide's stack is
refused before json.loads can recurse into it."""
import json

from spielkiste.errors import SpielkisteError
from spielkiste.texts import add, t
from spielkiste_web import outside
from spielkiste_web.session import Session

add({
    "err.request": ("The game engine was sent a request it cannot read (too long, nested too deep, or not JSON).",
                    "Die Spiel-Engine bekam eine Anfrage, die sie nicht lesen kann (zu lang, zu tief "
                    "verschachtelt oder kein JSON)."),
})
session = Session()
MAX_REQUEST = 64 << 20      # characters: the largest request (an imported studies file, JSON-escaped) is far below
MAX_ERROR = 400             # characters of an error's text: no message of ours is longer


def handle(json_text: str) -> str:
    """One request (a JSON object with "op" and "id") -> its answer (JSON, the same "id")."""
    ident = None
    try:
        message = outside.read_json(str(json_text), MAX_REQUEST, outside.REQUEST_DEPTH, "err.request")
        if not isinstance(message, dict):
            raise SpielkisteError("err.request")
        ident = message.get("id")
        answer = session.handle(message)
    except SpielkisteError as e:
        answer = {"error": e.message(session.lang)}
    except Exception as e:          # the page must get an answer, whatever went wrong here
        answer = {"error": t("ui.engine_error", session.lang, detail=f"{type(e).__name__}: {e}")}
    if isinstance(answer.get("error"), str) and len(answer["error"]) > MAX_ERROR:
        answer["error"] = answer["error"][:MAX_ERROR] + "…"      # a message quoting a request's megabyte
    answer["id"] = ident
    return json.dumps(answer)


__export__ = ["handle"]
