"""The engine worker's side of Spielkiste (Pyodide, pure Python, tested under CPython): the session
the page talks to (session.py, editor_session.py, through engine_worker.py), links, saves, SVG
drawing, the page's texts, and page_data.py (what build.py hands the page before the worker
answers). Nothing here touches the browser; the page itself is spielkiste_page (MicroPython)."""
