"""The computer player and the analysis (hint, evaluation), for every game alike.

The search runs in the AI worker (a second Pyodide), booted after the board is painted. The
computer never makes a player wait for it: until the worker is ready, or after it died, the
same search runs on the page in short slices that yield to the browser between them. Every
worker call has a time-out; a worker that is terminated, raises or never loads is replaced
(a few times at most) and the search goes on, so a game is never lost to a worker fault."""
import asyncio
import json
import time

import js
from pyscript import document, window, workers

from spielkiste.ai.mcts import Search
from spielkiste_web.dom import on

WORKER_SRC = "./worker.py"
CONFIG = "./pyscript.toml"
SLICE = 0.12            # seconds of search in the worker between progress reports
CALL_TIMEOUT = 8.0      # a worker call (a slice) that takes longer means the worker is gone
BOOT_TIMEOUT = 60.0     # a worker that is not ready by then is given up
PAGE_SLICE = 0.03       # seconds of search on the page between yields to the browser (frames stay short)
PAGE_BUDGET = 0.8       # while the worker boots, the page's search moves within a second
MAX_RESTARTS = 3
RETRY_DELAY = 1.0       # seconds before a replacement worker starts (times the number of failures)


class WorkerGone(Exception):
    """The worker stopped answering (terminated, crashed, or never loaded)."""


class Cancelled(Exception):
    """The position changed or the player took over while the search ran."""


async def _awaited(promise):
    return await promise


class Worker:
    """One AI worker: its <script> element, its exports once booted, and a time-out on every call."""

    def __init__(self, generation: int):
        self.name = f"ai{generation}"
        self.script = None
        self.exports = None
        self.dead = False
        self.ready = asyncio.ensure_future(self._boot())

    async def _boot(self):
        # a worker whose script cannot be fetched would never report (PyScript waits for ever): ask first
        try:
            resp = await window.fetch(WORKER_SRC)      # GET: answered from the offline cache too
            ok = bool(resp.ok)
        except Exception:
            ok = False
        if not ok:
            self.dead = True
            raise WorkerGone()
        s = document.createElement("script")
        s.type = "py"
        s.src = WORKER_SRC
        s.setAttribute("worker", "")
        s.setAttribute("name", self.name)
        s.setAttribute("config", CONFIG)
        document.body.append(s)
        self.script = s
        try:
            exports = await asyncio.wait_for(_awaited(workers[self.name]), BOOT_TIMEOUT)
        except Exception:
            self.dead = True
            raise WorkerGone() from None
        xworker = getattr(s, "xworker", None)
        if xworker is not None:
            on(xworker, "error", lambda e: self._lost())
        self.exports = exports
        return exports

    def _lost(self):
        self.dead = True

    @property
    def usable(self) -> bool:
        return self.exports is not None and not self.dead

    async def call(self, fn: str, *args) -> str:
        if not self.usable:
            raise WorkerGone()
        try:
            return str(await asyncio.wait_for(_awaited(getattr(self.exports, fn)(*args)), CALL_TIMEOUT))
        except asyncio.TimeoutError:
            self.dead = True
            raise WorkerGone() from None

    def terminate(self):
        self.dead = True
        self.ready.cancel()
        if self.script is not None:
            xworker = getattr(self.script, "xworker", None)
            if xworker is not None:
                xworker.terminate()
            self.script.remove()


class Computer:
    """Searches for the page: `move()` for the computer's turn, `analyse()` for hint and evaluation.
    One search at a time; `cancel()` ends the running one (its caller gets Cancelled)."""

    def __init__(self, on_message):
        self.on_message = on_message      # (text key) -> None: tells the player about worker faults
        self.worker: Worker | None = None
        self.generation = 0
        self.token = 0
        self.stop_requested = False

    # ------------------------------------------------------------------ the worker's life
    def boot(self):
        if document.documentElement.getAttribute("data-idb") == "memory":   # (a missing dataset key raises)
            # storage is refused here (a frame of another site): a worker could not start; the page searches
            self.generation = MAX_RESTARTS + 1
            document.body.dataset.ai = "page"
            return
        if self.worker is None and self.generation <= MAX_RESTARTS:
            self.worker = Worker(self.generation)
            document.body.dataset.ai = "booting"
            asyncio.ensure_future(self._watch_boot(self.worker))

    async def _watch_boot(self, worker):
        try:
            await worker.ready
        except (WorkerGone, asyncio.CancelledError):
            if worker is self.worker:
                self._replace("ui.ai_lost")
            return
        if worker is self.worker:
            document.body.dataset.ai = "ready"

    def _replace(self, key):
        """Drop a failed worker, tell the player, and start another (a few times at most, a little
        later each time); the page searches meanwhile."""
        if self.worker is not None:
            self.worker.terminate()
        self.worker = None
        self.generation += 1
        document.body.dataset.ai = "restarting" if self.generation <= MAX_RESTARTS else "page"
        self.on_message(key if self.generation <= MAX_RESTARTS else "ui.ai_page_only")
        asyncio.get_event_loop().call_later(RETRY_DELAY * self.generation, self.boot)

    @property
    def worker_ready(self) -> bool:
        return self.worker is not None and self.worker.usable

    async def tool(self, fragment: str, name: str, seconds: float) -> dict:
        """A game's analysis tool (the solitaire's solver), run in the worker once it is ready."""
        self.boot()
        worker = self.worker
        if worker is None:
            raise WorkerGone()
        await worker.ready
        return json.loads(await worker.call("tool", fragment, name, seconds))

    async def memory(self) -> str:
        """The worker's memory figures (JSON), for the soak benchmark; '{}' without a worker."""
        worker = self.worker
        return await worker.call("memory") if worker is not None and worker.usable else "{}"

    # ------------------------------------------------------------------ searching
    def cancel(self):
        self.token += 1
        self.stop_requested = False

    def request_stop(self):
        self.stop_requested = True

    async def move(self, fragment: str, state, budget: float, progress) -> str:
        """The move (notation) to play in `state` (the position of link `fragment`), searched for
        about `budget` seconds; `progress(info)` is called with the search's figures as it goes."""
        self.token += 1
        token = self.token
        self.stop_requested = False
        if self.worker_ready:
            try:
                return await self._in_worker(token, fragment, budget, progress)
            except Cancelled:
                raise
            except WorkerGone:
                self._replace("ui.ai_lost")
            except Exception:              # the worker raised: replace it, the page searches meanwhile
                self._replace("ui.ai_failed")
        if token != self.token:
            raise Cancelled()
        given_up = self.generation > MAX_RESTARTS
        return await self._on_page(token, state, budget if given_up else min(budget, PAGE_BUDGET), progress)

    async def _in_worker(self, token, fragment, budget, progress) -> str:
        w = self.worker
        if w is None:
            raise WorkerGone()
        await w.call("start", fragment, int(js.Math.random() * 1e9))
        t0 = time.monotonic()
        while True:
            info = json.loads(await w.call("think", SLICE))
            if token != self.token:
                raise Cancelled()
            progress(info)
            if info.get("forced") or self.stop_requested or time.monotonic() - t0 >= budget:
                break
        move = await w.call("best")
        if token != self.token:
            raise Cancelled()
        return move

    async def _on_page(self, token, state, budget, progress) -> str:
        """The same search on the page, in slices short enough that the page never stutters."""
        search = Search(state, seed=int(js.Math.random() * 1e9))
        t0 = time.monotonic()
        forced = len(state.legal_moves()) == 1
        while not forced:
            search.run(seconds=PAGE_SLICE)
            await asyncio.sleep(0)          # let the browser paint and take input
            if token != self.token:
                raise Cancelled()
            info = search.info()
            progress(info)
            if info.get("forced") or self.stop_requested or time.monotonic() - t0 >= budget:
                break
        return state.move_text(search.best_move())
