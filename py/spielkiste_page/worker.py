"""One engine worker of the page: a PyScript <script type="py" worker> running Pyodide with
spielkiste_web/engine_worker.py, whose one export is `handle(json_text) -> json_text`. The life
around it (time-outs, replacements, requests set aside) is engine.py's, which knows a worker only
by `start()`, `send(text)`, `dead` and `terminate()`."""
import asyncio

from pyscript import document, window, workers

from spielkiste_page.dom import on
from spielkiste_page.engine import EngineGone

WORKER_SRC = "./engine.py"
CONFIG = "./pyscript.toml"
NAME = "engine"
POLL = 0.5               # how often a booting worker's script is checked for a failed fetch


def clock() -> float:
    """Seconds on the page's monotonic clock (performance.now: small enough for a float)."""
    return float(window.performance.now()) / 1000


class Worker:
    """One worker: its <script> element and its exports once started."""

    def __init__(self, generation: int):
        self.name = NAME if generation == 0 else NAME + str(generation)
        self.dead = False
        self.listening = False
        self.exports = None
        static = document.querySelector("script[worker][name='" + self.name + "']") if generation == 0 else None
        if static:
            self.script = static
        else:
            s = document.createElement("script")
            s.type = "py"
            s.src = WORKER_SRC
            s.setAttribute("worker", "")
            s.setAttribute("name", self.name)
            s.setAttribute("config", CONFIG)
            document.body.append(s)
            self.script = s
        self.fetches = len(self.entries()) if generation else 0     # earlier workers' fetches of the script

    def entries(self) -> list:
        try:
            url = str(window.URL.new(WORKER_SRC, window.location.href).href)
            return list(window.performance.getEntriesByName(url))
        except Exception:           # no resource timing: only the time-out tells
            return []

    def unloadable(self) -> bool:
        """The browser fetched this worker's script and got an error status (a missing engine.py):
        PyScript then never starts the worker and says so only by an unhandled rejection, so the
        browser's own record of the fetch (resource timing) is what tells the page at once."""
        for entry in self.entries()[self.fetches:]:
            try:
                if int(entry.responseStatus) >= 400:
                    return True
            except Exception:       # a browser without responseStatus: only the time-out tells
                pass
        return False

    async def start(self, timeout: float):
        """The worker's exports once it has started; EngineGone if it has not within `timeout`
        seconds, its script failed to load, or it reported an error while starting."""
        if self.exports is None:
            started = asyncio.Event()
            ready = asyncio.create_task(self._started(started))
            waited = 0.0
            while not started.is_set() and waited < timeout and not self.dead and not self.unloadable():
                self.listen()
                try:
                    await asyncio.wait_for(started.wait(), POLL)
                except asyncio.TimeoutError:
                    waited += POLL
            try:
                if not started.is_set() or self.dead:
                    ready.cancel()
                    raise EngineGone()
                # through a local: typed from the attribute (None), mypy would take the result for None
                exports = await ready
                self.exports = exports
            except Exception:
                self.dead = True
                raise EngineGone() from None
            self.listen()
        return self.exports

    def listen(self):
        """Hear the worker's errors from the moment PyScript has made it, its start included."""
        xworker = getattr(self.script, "xworker", None)
        if xworker and not self.listening:
            self.listening = True
            on(xworker, "error", lambda e: self.lost())

    async def _started(self, started):
        try:
            return await workers[self.name]
        finally:
            started.set()

    def lost(self):
        self.dead = True

    async def send(self, text: str) -> str:
        """The worker's answer to one request (raises when `handle` raised or the worker is gone)."""
        exports = self.exports
        assert exports is not None, "send() after start()"
        return str(await exports.handle(text))

    def terminate(self):
        self.dead = True
        try:
            xworker = getattr(self.script, "xworker", None)
            if xworker:
                xworker.terminate()
            self.script.remove()
        except Exception:       # a worker that never started has nothing to end
            pass
