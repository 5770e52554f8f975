"""The main thread stays responsive while Python starts (issue 30): the page's MicroPython starts in
short tasks and the engine's Pyodide starts in its worker, so no main-thread task is long, neither in
the app page nor in a page of another site that embeds a board.

Tasks are read with the Long Tasks API from navigation on. The goal is 150 ms; on this 2-core
machine, shared with other test runs, a test allows 250 ms (today's Pyodide on the main thread
took one task of 3-10 s). The embed test runs Chromium with site isolation off
(--disable-site-isolation-trials), as on most Android phones: a frame of another site then shares
the host page's renderer and main thread, so every long task of our frame freezes the host page.
tests/bench/main_thread.py measures the same figures (and more) without the test's allowance."""
import os
import tempfile

import pytest
from conftest import ARGS, CHROMIUM, Server, Watch

LIMIT_MS = 250

# before any script of the page: every long task of this page's main thread (in a host page this
# includes the tasks of a frame that shares its thread), as [start, duration] in ms
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
}).observe({type: "longtask", buffered: true});
"""

HOST = """<!doctype html><html><head><meta charset="utf-8"><title>host</title><link rel="icon" href="data:,">
<script src="host.js"></script></head><body><h1>Another site</h1>
<iframe id="game" src="SRC" width="420" height="480" style="border:0" title="board"></iframe></body></html>"""
# the embed API's "ready" event, as a host page hears it
HOST_JS = """window.events = [];
window.addEventListener("message", function (e) {
  if (e.data && e.data.source === "spielkiste") window.events.push(e.data.type);
});"""

pytestmark = pytest.mark.solo


def tasks(page):
    return page.evaluate("() => window.__longTasks")


def test_app_page_starts_without_long_tasks(playwright_instance, server):
    """A first visit, then a return visit (HTTP cache and offline copy warm), each until the board is
    playable and the engine's worker is ready, and a second after."""
    browser = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    try:
        ctx = browser.new_context(viewport={"width": 1280, "height": 860}, service_workers="allow")
        ctx.add_init_script(LONG_TASKS)
        page = ctx.new_page()
        page.watch = Watch(page)
        for visit in ("first", "return"):
            page.goto(server.url + "#snorkels")
            page.wait_for_selector("body[data-ready='1'][data-ai='ready']", timeout=90000)
            page.wait_for_timeout(1000)
            long = [t for t in tasks(page) if t[1] > LIMIT_MS]
            assert not long, f"{visit} visit: main-thread tasks over {LIMIT_MS} ms at [start, ms]: {long}"
        assert page.watch.errors == [], page.watch.errors
    finally:
        browser.close()


def test_host_page_stays_responsive_while_an_embed_starts(playwright_instance, server):
    """The host page on another site (localhost; the board on 127.0.0.1) with site isolation off: its
    main thread runs our frame's scripts too, and has no long task until the frame posts "ready"."""
    folder = tempfile.mkdtemp(prefix="spielkiste-host-")
    with open(os.path.join(folder, "index.html"), "w") as f:
        f.write(HOST.replace("SRC", server.url + "?embed#snorkels"))
    with open(os.path.join(folder, "host.js"), "w") as f:
        f.write(HOST_JS)
    host = Server(folder)
    browser = playwright_instance.chromium.launch(executable_path=CHROMIUM,
                                                  args=[*ARGS, "--disable-site-isolation-trials"])
    try:
        ctx = browser.new_context(viewport={"width": 1280, "height": 860}, service_workers="allow")
        ctx.add_init_script(LONG_TASKS)
        page = ctx.new_page()
        page.goto(host.url.replace("127.0.0.1", "localhost"))
        page.wait_for_function("() => window.events.includes('ready')", timeout=90000)
        page.wait_for_timeout(1000)
        frame = page.frame_locator("#game")
        assert frame.locator("body[data-ready='1']").count() == 1
        long = [t for t in tasks(page) if t[1] > LIMIT_MS]
        assert not long, f"host page: main-thread tasks over {LIMIT_MS} ms at [start, ms]: {long}"
    finally:
        browser.close()
        host.stop()
