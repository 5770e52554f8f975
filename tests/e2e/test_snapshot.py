"""A returning player's start: the engine worker's Python restored from a memory snapshot this browser
made for this build (vendor/pyodide/start.mjs, made by snapshot-worker.mjs from boot.js; the worker tells
the page, which sets window.spielkisteSnapshot); a damaged snapshot means the plain start and is dropped;
a new build never restores an old one."""
import os
import shutil
import tempfile

import pytest

import build
from conftest import Server, Watch, click_some_targets, own_profile, snapshot_key, wait_moves

ENTRIES = """async () => {
  if (!(await caches.has("pyodide-snapshot"))) return [];
  return (await (await caches.open("pyodide-snapshot")).keys()).map((r) => r.url);
}"""


def visit(page, url):
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", timeout=90000)
    page.wait_for_selector("body[data-ai='ready']", timeout=120000)
    return page.evaluate("window.spielkisteSnapshot || ''")


@pytest.fixture(scope="module")
def profile(playwright_instance, dist):
    """A browser profile on disk after two visits: the first installed the offline copy, the second
    (served by it) made the snapshot. Yields (page, server). Made once for this file (each costs two
    cold starts and a snapshot): every test leaves a good snapshot of this build behind."""
    server = Server(dist)
    ctx = own_profile(playwright_instance)
    page = ctx.pages[0]
    page.watch = Watch(page)
    try:
        assert visit(page, server.url + "#snorkels") == ""
        page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=120000)
        assert visit(page, server.url + "#snorkels") == ""        # no snapshot yet: the plain start
        page.wait_for_function("document.documentElement.dataset.snapshot === 'made'", timeout=120000)
        yield page, server
    finally:
        ctx.close()
        server.stop()


@pytest.fixture
def returning(profile):
    """The profile's page with a fresh record of its errors and console (one test's own)."""
    page, server = profile
    page.watch = Watch(page)
    return page, server


def test_a_returning_player_starts_from_this_builds_snapshot_and_plays_the_computer(returning, dist):
    page, server = returning
    entries = page.evaluate(ENTRIES)
    assert len(entries) == 1 and entries[0].endswith("/vendor/pyodide/snapshot-" + snapshot_key(dist))
    assert visit(page, server.url + "#snorkels") == snapshot_key(dist)
    page.select_option("#seats select[data-seat='1']", "computer")
    click_some_targets(page, 1)
    wait_moves(page, 2, timeout=60000)                  # the engine worker (restored) answered
    page.click("#game-list button[data-game='ziggurats']")      # another game's engine: in the snapshot
    page.wait_for_selector("#game-list button[data-game='ziggurats'][aria-current='true']")
    page.wait_for_selector("[data-cell].target", timeout=30000)
    click_some_targets(page, 1)
    page.wait_for_function("document.querySelectorAll('#movelist button').length >= 1")
    assert page.evaluate("document.documentElement.dataset.snapshot") is None     # nothing to make
    assert page.watch.errors == []


DAMAGE = {
    "not gzip": "new Response('no snapshot here', {headers: {'x-length': '15'}})",
    "cut short": "new Response(new Blob([new Uint8Array(1000)]).stream().pipeThrough("
                 "new CompressionStream('gzip')), {headers: {'x-length': '31457424'}})",
    "zeros": "new Response(new Blob([new Uint8Array(1 << 20)]).stream().pipeThrough("
             "new CompressionStream('gzip')), {headers: {'x-length': String(1 << 20)}})",
}


def plain_starts_said(page):
    """How many times start.mjs has said in the console why it started Python the plain way."""
    return sum("Python snapshot" in line and "plain start" in line for line in page.watch.console)


def test_a_damaged_snapshot_means_the_plain_start_and_is_made_again(returning, dist):
    """Each damage in turn, in the one profile, put in from a page of the site that runs no app (the
    manifest): each visit starts Python the plain way and says why in the console. The snapshot made
    again after the last one serves the next start. (Issue 31: the snapshot's making after a plain
    start is the same code whatever the damage; leaving the page ends the first two makings, whose
    results would only be the next damage's victims.)"""
    page, server = returning
    entry = page.evaluate(ENTRIES)[0]
    for damage, response in DAMAGE.items():
        page.goto(server.url + "manifest.webmanifest")     # no app: no snapshot being made meanwhile
        page.evaluate(f"""async () => {{
            const cache = await caches.open("pyodide-snapshot");
            await cache.put({entry!r}, {response});
        }}""")
        said = plain_starts_said(page)
        assert visit(page, server.url + "#snorkels") == "", damage     # refused: Python started the plain way
        assert plain_starts_said(page) == said + 1, damage              # said why, in the console
    page.wait_for_function("document.documentElement.dataset.snapshot === 'made'", timeout=120000)
    assert page.evaluate(ENTRIES) == [entry]                        # made again, where start.mjs looks
    page.select_option("#seats select[data-seat='1']", "computer")
    click_some_targets(page, 1)
    wait_moves(page, 2, timeout=60000)
    assert visit(page, server.url + "#snorkels") == snapshot_key(dist)  # the new one serves the next start
    assert page.watch.errors == []


def test_the_snapshot_key_follows_every_input_of_a_snapshot(dist):
    """build.py hashes Pyodide, our packages and the two modules into the key: the same build gives the
    same key, a change in our packages another (so a new build never restores an old snapshot)."""
    folder = tempfile.mkdtemp(prefix="spielkiste-site-")
    try:
        shutil.copytree(dist, folder, dirs_exist_ok=True)
        pyodide, packages = os.path.join(folder, "vendor", "pyodide"), os.path.join(folder, "spielkiste.zip")
        build.write_pyodide_start(pyodide, packages)
        assert snapshot_key(folder) == snapshot_key(dist)
        with open(packages, "ab") as f:
            f.write(b"\0")
        build.write_pyodide_start(pyodide, packages)
        assert snapshot_key(folder) != snapshot_key(dist)
    finally:
        shutil.rmtree(folder)


def test_a_browser_tests_own_page_starts_from_the_seeded_snapshot(page, server, dist):
    """conftest.Seed puts this build's snapshot into each new context of the tests' `browser`, so the ~60
    tests that start a page of their own start its Python as a returning player's browser does (half
    the CPU of a plain start). If the seed ever stopped working, the run would only get slower: this
    test says so."""
    if os.environ.get("SPIELKISTE_NO_SEED") == "1":
        pytest.skip("SPIELKISTE_NO_SEED=1: the run seeds nothing")
    page.goto(server.url + "#snorkels?v=1")
    page.wait_for_selector("body[data-ai='ready']", timeout=90000)
    page.wait_for_function(f"window.spielkisteSnapshot === {snapshot_key(dist)!r}", timeout=10000)
    click_some_targets(page)
