"""The engine worker's script (issue 30): the one Pyodide of the page, in a Web Worker.

It holds one Session (session.py: the record, rendering, links, saves, the search) and exports
one function, `handle`, that the page awaits with a request as JSON text. Everything crosses the
boundary as text, never as live objects, and nothing here touches `window` or `document`, so the
page needs no special headers for it. `handle` never raises: a fault becomes an error answer the
page shows, and the page can always replace this worker and `load` its last save."""
import json

from spielkiste.texts import t
from spielkiste_web.session import Session

session = Session()


def handle(json_text: str) -> str:
    """One request (a JSON object with "op" and "id") -> its answer (JSON, the same "id")."""
    ident = None
    try:
        message = json.loads(str(json_text))
        if not isinstance(message, dict):
            raise ValueError("a request is a JSON object")
        ident = message.get("id")
        answer = session.handle(message)
    except Exception as e:          # the page must get an answer, whatever went wrong here
        answer = {"error": t("ui.engine_error", session.lang, detail=f"{type(e).__name__}: {e}")}
    answer["id"] = ident
    return json.dumps(answer)


__export__ = ["handle"]
