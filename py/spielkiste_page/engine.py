"""The page's side of the engine worker (worker.py: one Pyodide worker holds the rules, the record
and the search), as one small state machine whose states a test can name and drive (pure Python:
MicroPython runs it on the page, CPython in tests/test_page_engine.py with workers of its own).

States (`Engine.state`): "booting" (the first worker starts), "ready" (a worker answers), "busy" (a
request is on its way), "restarting" (a worker failed; its replacement starts and is given the
page's game first: `restore()`), "lost" (no worker can be had: too many failed in a row).

Requests go one at a time (a lock queues them), so answers come in order; each carries an `id`
that its answer echoes and what `defaults()` gives (the page's language). Every request has a
time-out. A worker that never starts, fails a call (`handle` raised, the worker is gone, it
answered garbage) or misses a time-out is replaced; the game in progress is never lost: it lives
in the page, not in the worker. A request that killed a worker is sent once more, to the
replacement; one that killed two is never sent again (EngineRefused; a restore message so set
aside is reported to `on_refused`), so a poisoned request cannot kill the engine for good.
`hurry()` ends the wait for an answer the page no longer needs (its search was cancelled or
"Move now" was pressed): a worker that does not answer within HURRY_GRACE is replaced."""
import asyncio
import json
import time

CALL_TIMEOUT = 20.0      # a request that takes longer means the worker hangs
BOOT_TIMEOUT = 120.0     # a worker's start (Pyodide's), on a slow machine under load, while none has started here
REBOOT_FACTOR = 4        # once one has: a replacement that takes this many times as long is given up ...
REBOOT_MIN = 20.0        # ... but never sooner than this (a worker killed while it starts sends no word)
SLOW_BOOT = 30.0         # a start this long (or twice the one seen here) is said, with a reload as the way out
MAX_RESTARTS = 3         # workers that may fail in a row (without one answer between) before the engine is lost
KILLS = 2                # a request that failed this many workers is set aside
HURRY_GRACE = 1.0        # after hurry(): the call in flight may take this much longer (a slice takes 0.12 s)
POLL = 0.25              # how often a call's wait looks at its deadline and its worker
STATES = ("booting", "ready", "busy", "restarting", "lost")


class EngineError(Exception):
    """The worker answered {"error": text}: `text` is already in the page's language."""

    def __init__(self, text):
        super().__init__(text)
        self.text = text


class EngineGone(Exception):
    """No answer: no worker can be had (it failed to start, crashed or hung, too often in a row)."""


class EngineRefused(EngineGone):
    """The request killed two workers: it is set aside (the engine goes on with the next request)."""


class EngineCut(EngineGone):
    """The page stopped waiting (hurry): the call in flight was given up and its worker replaced."""


class Call:
    """A request in flight: when the page stops waiting for it."""

    def __init__(self, deadline: float, cuttable: bool):
        self.deadline = deadline
        self.cuttable = cuttable
        self.cut = False


def no_messages() -> list:
    return []


def nothing() -> None:
    pass


def no_defaults() -> dict:
    return {}


def key_of(msg: dict) -> str:
    """A request's identity for counting the workers it killed (its text, without the id)."""
    return json.dumps(msg)


class Engine:
    """`await request(msg)`: the worker's answer (a dict); EngineError on {"error": ...},
    EngineRefused for a request set aside, EngineCut after hurry(), EngineGone when no worker can
    be had. `make_worker(generation)` makes a worker (worker.Worker on the page); `on_state(state)`
    hears every change of `state`; `on_refused(msg)` every restore message set aside."""

    def __init__(self, make_worker, restore=None, on_state=None, defaults=None, on_refused=None, clock=None,
                 patience=1.0):
        self.make_worker = make_worker
        self.patience = patience     # every time-out's factor: 1 in use (the browser tests of faults shorten them)
        self.restore = restore or no_messages
        self.defaults = defaults or no_defaults
        self.on_state = on_state or (lambda state: None)
        self.on_refused = on_refused or (lambda msg: None)
        self.clock = clock or time.time
        self.state = "booting"
        self.worker = None
        self.unrestored = False      # the worker is a replacement not yet given the restore messages
        self.generation = 0
        self.failures = 0            # workers failed in a row
        self.booted: float | None = None     # how long this page's first worker took to start
        self.on_slow = nothing       # called when a worker's start is slow (boot_times)
        self.kills: dict = {}        # key_of(request) -> workers it killed
        self.call: Call | None = None
        self.counter = 0
        self.lock = asyncio.Lock()

    def _set(self, state: str) -> None:
        if state != self.state and self.state != "lost":
            self.state = state
            self.on_state(state)

    def boot(self):
        """Start the worker now (its Pyodide starts while the page does other things)."""
        if self.worker is None and self.state != "lost":
            self.worker = self.make_worker(self.generation)
            self.unrestored = self.generation > 0
            asyncio.create_task(self._watch(self.worker))

    def boot_times(self) -> tuple[float, float]:
        """(when a worker's start is said to be slow, when it is given up): long while no worker
        has started in this page (a first visit on a slow phone), then from the start seen."""
        if self.booted is None:
            slow, limit = SLOW_BOOT, BOOT_TIMEOUT
        else:
            slow = min(SLOW_BOOT, max(REBOOT_MIN / 2, 2 * self.booted))
            limit = min(BOOT_TIMEOUT, max(REBOOT_MIN, REBOOT_FACTOR * self.booted))
        return slow * self.patience, limit * self.patience

    async def _watch(self, worker):
        began = self.clock()
        slow = asyncio.create_task(self._slow(worker))
        try:
            await worker.start(self.boot_times()[1])
        except Exception:
            return
        finally:
            slow.cancel()
        if self.booted is None:
            self.booted = self.clock() - began
        if worker is self.worker and worker is not None and not worker.dead and self.state in ("booting", "restarting"):
            self._set("ready")

    async def _slow(self, worker):
        """Said once a start takes long: the player learns why nothing moves, and gets a way out."""
        await asyncio.sleep(self.boot_times()[0])
        if (worker is self.worker and worker is not None and not worker.dead
                and self.state in ("booting", "restarting")):
            self.on_slow()

    @property
    def ready(self) -> bool:
        return self.state in ("ready", "busy")

    def hurry(self) -> bool:
        """The page no longer needs the answer in flight (a search's slice, sent `cuttable`): it
        waits HURRY_GRACE at most, then replaces the worker. True if such a call is in flight."""
        call = self.call
        if call is None or not call.cuttable:
            return False
        call.cut = True
        call.deadline = min(call.deadline, self.clock() + HURRY_GRACE)
        return True

    async def request(self, msg: dict, timeout: float = CALL_TIMEOUT, cuttable: bool = False) -> dict:
        await self.lock.acquire()
        try:
            answer = await self._send(msg, timeout, cuttable)
        finally:
            self.lock.release()
        if "error" in answer:
            raise EngineError(str(answer["error"]))
        return answer

    async def _send(self, msg, timeout, cuttable):
        """One request, sent again to a replacement (after the restore messages) once if it failed."""
        key = key_of(msg)
        while True:
            if self.kills.get(key, 0) >= KILLS:
                raise EngineRefused()
            self.boot()
            worker = self.worker
            if worker is None:
                raise EngineGone()
            if self.unrestored:
                self.unrestored = False
                await self._restore(worker)
                if worker is not self.worker:
                    continue             # the restore failed this worker: the next one
            try:
                return await self._call(worker, msg, timeout, cuttable, key)
            except EngineCut:
                self._replace(worker, False)
                raise
            except EngineGone:
                pass
            if not self._replace(worker, True):
                raise EngineGone()

    async def _restore(self, worker):
        """A replacement stands where the old one stood: the restore messages, each set aside
        (on_refused) once it has killed two workers."""
        for m in self.restore():
            key = key_of(m)
            if self.kills.get(key, 0) >= KILLS:
                self.on_refused(m)
                continue
            try:
                await self._call(worker, m, CALL_TIMEOUT, False, key)
            except EngineGone:
                self._replace(worker, True)
                return

    async def _call(self, worker, msg, timeout, cuttable, key):
        await worker.start(self.boot_times()[1])     # one that fails to start: EngineGone, no kill counted
        if worker.dead:
            raise EngineGone()
        self.counter += 1
        full = self.defaults()
        full.update(msg)
        full["id"] = self.counter
        call = self.call = Call(self.clock() + timeout * self.patience, cuttable)
        self._set("busy")
        try:
            text = await self._answer(worker, worker.send(json.dumps(full)), call)
            answer = json.loads(text)
            if not isinstance(answer, dict):
                raise ValueError("not an answer")
        except EngineCut:
            raise
        except Exception:       # a time-out, a rejected call (`handle` raised, the worker is gone), garbage
            worker.dead = True
            self.kills[key] = self.kills.get(key, 0) + 1
            raise EngineGone() from None
        finally:
            self.call = None
            if self.state == "busy":
                self._set("ready")
        self.failures = 0
        self.kills.pop(key, None)
        return answer

    async def _answer(self, worker, pending, call):
        """The answer text, unless the call's deadline passes first (a time-out, or hurry's
        EngineCut) or its worker is known dead; then the wait is given up."""
        done = asyncio.Event()
        box: list = []

        async def wait():
            try:
                box.append((True, await pending))
            except Exception as e:
                box.append((False, e))
            done.set()
        task = asyncio.create_task(wait())
        while not done.is_set():
            left = call.deadline - self.clock()
            if left <= 0 or worker.dead:
                task.cancel()
                if call.cut:
                    raise EngineCut()
                raise EngineGone()
            try:
                await asyncio.wait_for(done.wait(), min(left, POLL))
            except asyncio.TimeoutError:
                pass
        ok, value = box[0]
        if not ok:
            raise value
        return value

    def _replace(self, worker, failed: bool) -> bool:
        """Drop a worker (failed, or cut by the page) and start the next one; False once too many
        failed in a row (the engine is lost)."""
        worker.terminate()
        if worker is not self.worker:
            return self.worker is not None
        self.worker = None
        self.generation += 1
        if failed:
            self.failures += 1
        if self.failures > MAX_RESTARTS:
            self._set("lost")
            return False
        self._set("restarting")
        self.boot()
        return True
