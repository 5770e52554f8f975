"""The page's side of the engine worker: one Pyodide worker holds the rules, the record and the
search (spielkiste_web/engine_worker.py, whose one export is `handle(json_text) -> json_text`).

Requests go one at a time (a lock queues them), so answers come in order; each carries an `id`
that its answer echoes. Every request has a time-out. A worker that never starts (its script
could not be fetched, or its start times out), reports an error, fails a call (`handle` raised,
or the worker is gone) or misses a time-out is replaced, a few times at most; the new worker
first gets the messages `restore()` gives (the page's last save as `load`, its settings), so the
game in progress is never lost: it lives in the page, not in the worker. Every request carries
what `defaults()` gives (the page's language)."""
import asyncio
import json

from pyscript import document, window, workers

from spielkiste_page.dom import on

WORKER_SRC = "./engine.py"
CONFIG = "./pyscript.toml"
NAME = "engine"
BOOT_TIMEOUT = 120.0     # Pyodide's start in a worker, on a slow machine under load
CALL_TIMEOUT = 20.0      # a request that takes longer means the worker hangs
MAX_RESTARTS = 3
POLL = 0.5               # how often a booting worker's script is checked for a failed fetch


class EngineError(Exception):
    """The worker answered {"error": text}: `text` is already in the page's language."""

    def __init__(self, text):
        super().__init__(text)
        self.text = text


class EngineGone(Exception):
    """No worker answers (it failed to start, crashed or hung, and was replaced too often)."""


async def _awaited(promise):
    return await promise


class Worker:
    """One worker: its <script> element and its exports once started."""

    def __init__(self, generation: int):
        self.name = NAME if generation == 0 else NAME + str(generation)
        self.dead = False
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

    async def start(self):
        if self.exports is None:
            started = asyncio.Event()
            ready = asyncio.create_task(self._started(started))
            waited = 0.0
            while not started.is_set() and waited < BOOT_TIMEOUT and not self.unloadable():
                try:
                    await asyncio.wait_for(started.wait(), POLL)
                except asyncio.TimeoutError:
                    waited += POLL
            try:
                if not started.is_set():
                    ready.cancel()
                    raise EngineGone()
                # through a local: typed from the attribute (None), mypy would take the result for None
                exports = await ready
                self.exports = exports
            except Exception:
                self.dead = True
                raise EngineGone() from None
            xworker = getattr(self.script, "xworker", None)
            if xworker:
                on(xworker, "error", lambda e: self.lost())
        return self.exports

    async def _started(self, started):
        try:
            return await workers[self.name]
        finally:
            started.set()

    def lost(self):
        self.dead = True

    async def call(self, text: str, timeout: float) -> str:
        exports = await self.start()
        if self.dead:
            raise EngineGone()
        try:
            return str(await asyncio.wait_for(_awaited(exports.handle(text)), timeout))
        except Exception:       # a time-out, or a rejected call: `handle` raised or the worker is gone
            self.dead = True
            raise EngineGone() from None

    def terminate(self):
        self.dead = True
        try:
            xworker = getattr(self.script, "xworker", None)
            if xworker:
                xworker.terminate()
            self.script.remove()
        except Exception:       # a worker that never started has nothing to end
            pass


def no_messages() -> list:
    return []


def no_defaults() -> dict:
    return {}


class Engine:
    """`await request(msg)`: the worker's answer (a dict); EngineError on {"error": ...},
    EngineGone when no worker can be had. `restore()` (set by the page) gives the messages a new
    worker needs to stand where the old one stood; `on_state(text)` hears "booting", "ready",
    "restarting" and "lost" (for body.dataset.ai and the message bar)."""

    def __init__(self, restore=None, on_state=None, defaults=None):
        self.restore = restore or no_messages
        self.defaults = defaults or no_defaults
        self.on_state = on_state or (lambda state: None)
        self.worker = None
        self.generation = 0
        self.counter = 0
        self.lock = asyncio.Lock()

    def boot(self):
        """Start the worker now (its Pyodide starts while the page does other things)."""
        if self.worker is None and self.generation <= MAX_RESTARTS:
            self.worker = Worker(self.generation)
            self.on_state("booting")
            asyncio.create_task(self._watch(self.worker))

    async def _watch(self, worker: Worker):
        try:
            await worker.start()
        except Exception:
            return
        if worker is self.worker and not worker.dead:
            self.on_state("ready")

    @property
    def ready(self) -> bool:
        return self.worker is not None and self.worker.exports is not None and not self.worker.dead

    async def request(self, msg: dict, timeout: float = CALL_TIMEOUT) -> dict:
        await self.lock.acquire()
        try:
            answer = await self._send(msg, timeout)
        finally:
            self.lock.release()
        if "error" in answer:
            raise EngineError(str(answer["error"]))
        return answer

    async def _send(self, msg, timeout):
        """One request, on a replacement worker (after the restore messages) when the worker fails."""
        while True:
            self.boot()
            worker = self.worker
            if worker is None:
                raise EngineGone()
            try:
                return await self._call(worker, msg, timeout)
            except EngineGone:
                pass
            if not self._replace(worker):
                raise EngineGone()
            try:
                for m in self.restore():
                    await self._call(self.worker, m, CALL_TIMEOUT)
            except EngineGone:
                continue

    async def _call(self, worker, msg, timeout):
        self.counter += 1
        full = self.defaults()
        full.update(msg)
        full["id"] = self.counter
        text = await worker.call(json.dumps(full), timeout)
        try:
            return json.loads(text)
        except Exception:         # a worker that answers garbage is as good as gone
            worker.dead = True
            raise EngineGone() from None

    def _replace(self, worker) -> bool:
        """Drop a failed worker and start the next one; False when too many failed."""
        worker.terminate()
        if worker is not self.worker:
            return self.worker is not None
        self.worker = None
        self.generation += 1
        if self.generation > MAX_RESTARTS:
            self.on_state("lost")
            return False
        self.on_state("restarting")
        self.boot()
        return True
