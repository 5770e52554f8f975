"""The page's start: its modules imported one task each, then the App (app.main).

MicroPython loads a module's bytecode and runs its body in the task that imports it; importing
app.py at once (it imports every other module) was one task of 1.4 s on a phone's CPU (Lighthouse's
4x slowdown), the longest of the page's start (issue 30). Imported here in ORDER, leaves first, each
import is a task of its own: the browser paints and answers input between them. ORDER holds every
module of the package, each after the modules it imports (tests/test_imports.py checks both); a
module left out would still be imported, with its importer, in one task."""
import asyncio

from spielkiste_page.dom import next_task

ORDER = ("dom", "texts", "clicks", "mygames", "engine", "worker", "turn", "panels", "room", "board", "dialog", "embed",
         "editor", "share", "menu", "sound", "theme", "learn", "analysis", "puzzles", "rooms", "review", "app")


async def load():
    for name in ORDER:
        __import__("spielkiste_page." + name)
        await next_task()
    from spielkiste_page.app import main
    main()


_task = None


def start():
    """The page's entry (index.html): the loading runs as a task, as MicroPython's asyncio needs."""
    global _task
    _task = asyncio.create_task(load())
