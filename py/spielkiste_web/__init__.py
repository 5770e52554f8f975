"""Browser side of Spielkiste: links, SVG drawing, the page and the AI worker.

links and svg import nothing from the browser (tested under CPython); app and worker run
only under PyScript."""
