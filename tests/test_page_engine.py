"""The page's engine client (spielkiste_page/engine.py, pure Python: MicroPython runs it on the page)
under CPython, driven through its states with workers of the test's own: workers that answer as
the real one does (a Session behind engine_worker.handle's JSON), crash on a request, hang on it,
or never start. What must hold (issue 51): a request that killed a worker is sent once more, to the
replacement, and then never again (EngineRefused; a restore message is reported to on_refused)
while the engine goes on; a worker that died once takes the page's game (restore) and answers the
request that was on its way; hurry() gives up a search's slice that hangs within HURRY_GRACE."""
import asyncio
import concurrent.futures
import json

import pytest

from spielkiste_page import engine as client
from spielkiste_page.engine import Engine, EngineCut, EngineGone, EngineRefused
from spielkiste_web import engine_worker
from spielkiste_web.session import Session


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    """The client's waits, short enough for a test (the page's are seconds)."""
    monkeypatch.setattr(client, "POLL", 0.005)
    monkeypatch.setattr(client, "HURRY_GRACE", 0.05)


class Workers:
    """Makes the workers (Engine's make_worker) and records what each was sent: (generation, op).
    `crash` and `hang` are predicates on a request: the worker's `handle` raises on it, or never
    answers it; `boots` False: no worker ever starts; `silent` (of the generation): the worker dies
    while it starts and says nothing (worker.Worker then waits out its time-out); `delay`: each start's
    seconds."""

    def __init__(self, crash=lambda m: False, hang=lambda m: False, boots=True, silent=lambda g: False, delay=0.0):
        self.crash, self.hang, self.boots, self.silent, self.delay = crash, hang, boots, silent, delay
        self.timeouts: list = []      # the time-out each start was given
        self.sent: list = []
        self.made: list = []

    def __call__(self, generation):
        worker = FakeWorker(self, generation)
        self.made.append(worker)
        return worker

    def ops(self, generation=None):
        return [op for g, op in self.sent if generation is None or g == generation]


class FakeWorker:
    def __init__(self, owner, generation):
        self.owner, self.generation = owner, generation
        self.dead = False
        self.terminated = False
        self.session = Session()

    async def start(self, timeout):
        self.owner.timeouts.append(timeout)
        await asyncio.sleep(self.owner.delay)
        if self.owner.silent(self.generation):
            await asyncio.sleep(max(0.0, timeout - self.owner.delay))
            self.dead = True
            raise EngineGone()
        if not self.owner.boots:
            self.dead = True
            raise EngineGone()

    async def send(self, text):
        message = json.loads(text)
        self.owner.sent.append((self.generation, message["op"]))
        if self.owner.crash(message):
            raise RuntimeError("the worker's Pyodide suffered a fatal error")
        if self.owner.hang(message):
            await asyncio.sleep(3600)
        engine_worker.session = self.session      # the real worker's handle, on this worker's Session
        return engine_worker.handle(text)

    def terminate(self):
        self.dead = self.terminated = True


def new_engine(workers, game=None, timeout_states=None, patience=1.0):
    """An engine whose restore() gives the page's game as App.restore does: its save and its rev."""
    states, refused = [], []
    shown: dict = {}

    def restore():
        if not shown:
            return []
        return [{"op": "load", "save": shown["save"], "rev": shown["rev"]}, {"op": "set", "aids": []}]
    eng = Engine(workers, restore=restore, on_state=states.append, on_refused=refused.append,
                 defaults=lambda: {"lang": "en"}, patience=patience)
    return eng, states, refused, shown


def run(coro):
    """The coroutine on an event loop of its own thread: a browser test before it in the same pytest
    worker leaves Playwright's loop running in this one, where asyncio.run() refuses."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


async def opened(eng, shown, link="snorkels"):
    snap = await eng.request({"op": "open", "link": link})
    shown.update(snap)
    return snap


def test_a_request_that_kills_every_worker_is_sent_twice_then_never_and_the_engine_goes_on():
    # the link: a review text that Pyodide's JSON reader dies of, on every worker
    poison = {"op": "review_load", "text": "[" * 5000}
    workers = Workers(crash=lambda m: m["op"] == "review_load")
    eng, states, refused, shown = new_engine(workers)

    async def go():
        await opened(eng, shown, "snorkels?m=D4")
        with pytest.raises(EngineRefused):
            await eng.request(poison)
        # worker 0 died of it; worker 1 got the game first, then the request once more, and died too
        assert workers.ops(0) == ["open", "review_load"]
        assert workers.ops(1) == ["load", "set", "review_load"]
        assert eng.state == "restarting" and workers.made[1].terminated
        # the engine is not lost: the next request is answered by worker 2, standing on the game
        snap = await eng.request({"op": "snapshot"})
        assert snap["link"] == "snorkels?m=D4" and snap["rev"] >= shown["rev"]
        assert workers.ops(2) == ["load", "set", "snapshot"] and eng.state == "ready"
        # and the poisoned request is never sent again, not even once
        before = len(workers.sent)
        with pytest.raises(EngineRefused):
            await eng.request(poison)
        assert len(workers.sent) == before and eng.state == "ready"
    run(go())
    assert "lost" not in states and refused == []
    assert len(workers.made) == 3


def test_a_search_that_hangs_on_every_worker_times_out_twice_then_is_refused():
    workers = Workers(hang=lambda m: m["op"] == "think" and not m.get("stop"))
    eng, states, _, shown = new_engine(workers)

    async def go():
        await opened(eng, shown)
        shown.update(await eng.request({"op": "play", "move": "C3", "ply": 0}))
        think = {"op": "think", "seconds": 0.12, "ply": 1}
        with pytest.raises(EngineRefused):
            await eng.request(think, timeout=0.05, cuttable=True)
        assert workers.ops(0) == ["open", "play", "think"] and workers.ops(1) == ["load", "set", "think"]
        # "Move now" on the replacement: a request of its own, answered with the move
        answer = await eng.request(dict(think, stop=True), timeout=5)
        assert answer["done"] and answer["move"]
        # the page's position is where the replacement stands: the move the human made is kept
        assert (await eng.request({"op": "snapshot"}))["moves_n"] == 1
    run(go())
    assert "lost" not in states


def test_a_worker_killed_once_is_replaced_and_the_request_on_its_way_is_answered_on_the_game():
    hung = []

    def once(m):                      # the first think slice: the worker is gone (terminated mid-search)
        if m["op"] == "think" and not hung:
            hung.append(m)
            return True
        return False
    workers = Workers(hang=once)
    eng, states, refused, shown = new_engine(workers)

    async def go():
        await opened(eng, shown)
        shown.update(await eng.request({"op": "play", "move": "C3", "ply": 0}))
        for _ in range(40):           # a game played on for a while: the page's rev grows
            shown.update(await eng.request({"op": "set", "rotation": "next"}))
        think = {"op": "think", "seconds": 0.05, "ply": 1, "budget": 0.05}
        answer = await eng.request(think, timeout=0.1, cuttable=True)
        assert answer["done"] and answer["move"] and answer["ply"] == 1
        played = await eng.request({"op": "play", "move": answer["move"], "ply": 1})
        # the replacement's snapshot is newer than the one the page shows (App.apply drops older ones)
        assert played["moves_n"] == 2 and played["rev"] > shown["rev"]
        # a request that failed once and then was answered is a request like any other
        assert eng.kills == {}
    run(go())
    assert workers.ops(1) == ["load", "set", "think", "play"]
    assert states.count("restarting") == 1 and states[-1] == "ready" and refused == []


def test_hurry_gives_up_a_hanging_slice_without_counting_it_and_never_cuts_other_requests():
    workers = Workers(hang=lambda m: m["op"] in ("think", "tool"))
    eng, states, _, shown = new_engine(workers)

    async def go():
        await opened(eng, shown)
        think = {"op": "think", "seconds": 0.12, "ply": 0}
        slice_ = asyncio.ensure_future(eng.request(think, timeout=30, cuttable=True))
        await asyncio.sleep(0.02)
        assert eng.state == "busy" and eng.hurry()
        with pytest.raises(EngineCut):
            await asyncio.wait_for(slice_, 2)        # within HURRY_GRACE, not the 30 s time-out
        assert eng.kills == {} and workers.made[0].terminated
        # a request that is not a search's slice is not cut: it waits for its own time-out
        tool = asyncio.ensure_future(eng.request({"op": "tool", "name": "x"}, timeout=0.3))
        await asyncio.sleep(0.1)
        assert eng.call is not None and not eng.hurry()
        with pytest.raises(EngineRefused):       # its time-out on this worker and on the next one
            await tool
        assert eng.kills == {client.key_of({"op": "tool", "name": "x"}): 2}
    run(go())
    assert not eng.hurry()            # nothing in flight


def test_a_restore_message_that_kills_two_workers_is_set_aside_and_the_game_goes_on():
    # a room's state (a puzzle's stored progress) that kills whichever worker reads it
    workers = Workers(crash=lambda m: m["op"] == "puzzle_open")
    room = {"op": "puzzle_open", "game": "snorkels", "puzzle": 1, "progress": "[" * 5000}
    states, refused = [], []
    shown: dict = {}
    eng = Engine(workers, restore=lambda: [{"op": "load", "save": shown["save"]}, room] if shown else [],
                 on_state=states.append, on_refused=refused.append)

    async def go():
        shown.update(await eng.request({"op": "open", "link": "snorkels?m=C3"}))
        with pytest.raises(EngineRefused):
            await eng.request(room)                  # worker 0, then worker 1 (after the game), die
        snap = await eng.request({"op": "snapshot"})  # worker 2: the game restored, the room's state left out
        assert snap["link"] == "snorkels?m=C3"
    run(go())
    assert refused == [room]
    assert workers.ops(2) == ["load", "snapshot"]
    assert "lost" not in states


def test_workers_that_never_start_lose_the_engine_after_max_restarts_and_it_says_so():
    workers = Workers(boots=False)
    eng, states, refused, _ = new_engine(workers)

    async def go():
        with pytest.raises(EngineGone) as info:
            await eng.request({"op": "open", "link": "snorkels"})
        assert not isinstance(info.value, EngineRefused)
        with pytest.raises(EngineGone):              # and stays lost: nothing more is made
            await eng.request({"op": "snapshot"})
    run(go())
    assert len(workers.made) == client.MAX_RESTARTS + 1 and workers.sent == []
    assert eng.state == "lost" and states[-1] == "lost" and states.count("lost") == 1
    assert refused == [] and eng.kills == {}


def test_the_states_a_page_sees_in_a_quiet_life():
    workers = Workers()
    eng, states, _, shown = new_engine(workers)

    async def go():
        assert eng.state == "booting" and not eng.ready
        eng.boot()
        await asyncio.sleep(0.01)
        assert eng.state == "ready" and eng.ready
        await opened(eng, shown)
    run(go())
    assert states == ["ready", "busy", "ready"]


@pytest.mark.parametrize("rev", [None, True, "999", 2.5e3, -5, [999], {"a": 1}])
def test_load_takes_the_pages_rev_only_as_a_whole_number(rev):
    """A replacement worker's snapshots must not look older than the page's (App.apply drops those):
    `load` carries the page's rev; anything but an int is ignored, and the rev never goes back."""
    s = Session()
    save = s.handle({"op": "open", "link": "snorkels?m=C3"})["save"]
    fresh = Session()
    snap = fresh.handle({"op": "load", "save": save, "rev": rev})
    assert "error" not in snap and snap["rev"] == 1
    assert fresh.handle({"op": "load", "save": save, "rev": 500})["rev"] == 500
    assert fresh.handle({"op": "load", "save": save, "rev": 3})["rev"] == 501      # never back


def test_patience_scales_every_time_out():
    """Engine(patience=p) gives a hanging request up after p times its time-out (the browser tests of
    faults shorten the waits for the workers they kill with it; the page uses 1)."""
    import time as _time
    waited = {}
    for patience in (1.0, 0.25):
        workers = Workers(hang=lambda m: m["op"] == "think")
        eng, _, _, shown = new_engine(workers, patience=patience)

        async def go(eng=eng, shown=shown):
            await opened(eng, shown)
            start = _time.monotonic()
            with pytest.raises(EngineGone):
                await eng._call(eng.worker, {"op": "think", "seconds": 0.1}, 0.8, False, "k")
            return _time.monotonic() - start
        waited[patience] = run(go())
    assert 0.75 <= waited[1.0] < 1.5 and 0.15 <= waited[0.25] < 0.55, waited


def test_a_worker_that_dies_silently_while_it_starts_is_given_up_by_the_start_seen_and_said(monkeypatch):
    """A worker killed while Pyodide starts sends no word (a probe terminated it): its replacement
    waited the first start's two minutes, with nothing said, and the engine was lost only after
    four such waits. Once one worker of the page has started, a replacement gets REBOOT_FACTOR times
    that start (at least REBOOT_MIN); a start that takes long is said (on_slow) so the player has
    a way out (the page offers a reload)."""
    monkeypatch.setattr(client, "REBOOT_MIN", 0.2)
    monkeypatch.setattr(client, "SLOW_BOOT", 0.15)
    workers = Workers(crash=lambda m: m["op"] == "think", silent=lambda g: g >= 1, delay=0.02)
    eng, states, _, shown = new_engine(workers)
    slow: list = []
    eng.on_slow = lambda: slow.append(eng.generation)

    async def go():
        eng.boot()
        await asyncio.sleep(0.1)
        assert eng.state == "ready" and 0.02 <= eng.booted < 0.1
        await opened(eng, shown)
        with pytest.raises(EngineGone):
            await eng.request({"op": "think", "seconds": 0.1})       # kills worker 0; 1, 2, 3 never start
    run(go())
    assert workers.timeouts[0] == client.BOOT_TIMEOUT                   # nothing known yet: the long wait
    assert set(workers.timeouts[1:]) == {0.2} and len(workers.made) == client.MAX_RESTARTS + 1
    assert eng.state == "lost" and slow and set(slow) <= {1, 2, 3}
