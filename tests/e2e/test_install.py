"""Installing the app: the manifest and what it names, shortcuts, persistent storage, an embed on
another site where the browser blocks the frame's storage, and the offline copy: what it downloads on
a first visit and on an update, and an open tab that keeps its version until the player reloads."""
import collections
import gzip
import json
import os
import re
import shutil
import struct
import tempfile
import urllib.parse
import urllib.request

import pytest

import build
from conftest import Server, Watch, click_some_targets, moves, open_app, own_profile, shot, wait_moves
from spielkiste_web import ui_texts  # noqa: F401  (the page's text keys)


def fetch(url):
    with urllib.request.urlopen(url) as r:
        return r.status, r.headers.get("Content-Type", ""), r.read()


@pytest.fixture(scope="module")
def manifest(server):
    url = server.url + "manifest.webmanifest"
    status, ctype, body = fetch(url)
    assert status == 200 and ctype.startswith("application/manifest+json")
    return url, json.loads(body)


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return "%dx%d" % struct.unpack(">II", data[16:24])


def test_the_manifest_names_an_id_a_maskable_icon_and_screenshots(manifest):
    _, m = manifest
    assert m["id"] and m["start_url"] and m["scope"]
    assert any(i.get("purpose") == "maskable" and i["type"] == "image/png" for i in m["icons"])
    assert {s["form_factor"] for s in m["screenshots"]} == {"wide", "narrow"}


def test_every_image_the_manifest_names_is_served_with_its_stated_size(manifest):
    url, m = manifest
    images = m["icons"] + m["screenshots"] + [i for s in m["shortcuts"] for i in s.get("icons", [])]
    for image in images:
        status, ctype, body = fetch(urllib.parse.urljoin(url, image["src"]))
        assert status == 200 and ctype == image["type"], image
        if image["type"] == "image/png":
            assert png_size(body) == image["sizes"], image
    assert all(len(fetch(urllib.parse.urljoin(url, s["src"]))[2]) < 150_000 for s in m["screenshots"])


def test_the_apple_touch_icon_is_180_pixels(app, server):
    page = app
    open_app(page, server.url + "#snorkels")          # index.html's head, whatever game it shows
    href = page.get_attribute("link[rel='apple-touch-icon']", "href")
    status, _, body = fetch(urllib.parse.urljoin(server.url, href))
    assert status == 200 and png_size(body) == "180x180"


def test_every_shortcut_opens_its_game(app, manifest):
    page = app
    url, m = manifest
    targets = [(urllib.parse.urljoin(url, s["url"]), s["url"].split("#")[1]) for s in m["shortcuts"]]
    assert len(targets) == 10
    open_app(page, targets[0][0])
    for target, game in targets:
        page.goto(target)                  # the rest are fragment changes within the loaded page
        page.wait_for_selector(f"#game-list button[data-game='{game}'][aria-current='true']", timeout=30000)
        # the game's own address (the computer may have opened the game since: its move is added)
        assert page.url == target or page.url.startswith(target + "?m=")


COUNT_PERSIST = """window.persistCalls = 0;
if (navigator.storage) navigator.storage.persist = () => { window.persistCalls++; return Promise.resolve(true); };"""


def test_persistent_storage_is_asked_for_once_after_the_first_save(app, server):
    page = app                                                  # a first visit's storage (the reset's)
    page.evaluate(f"() => {{ {COUNT_PERSIST} }}")       # (a script ending in a function: evaluate calls it)
    open_app(page, server.url + "#snorkels?seed=3")              # a link's game is kept once the player moves
    click_some_targets(page, 1)
    page.wait_for_function("window.persistCalls === 1", timeout=10000)
    assert page.evaluate("localStorage.getItem('spielkiste.game.' + "
                         "localStorage.getItem('spielkiste.current.snorkels'))")
    click_some_targets(page, 1)                                 # saved again, not asked again
    again = page.context.new_page()                             # the next visit saves but does not ask again
    again.add_init_script(COUNT_PERSIST)
    open_app(again, server.url + "#snorkels?seed=3")
    click_some_targets(again, 1)
    assert page.evaluate("window.persistCalls") == 1 and again.evaluate("window.persistCalls") == 0
    assert page.watch.errors == []


def cross_site_embed(playwright_instance, server, seed, third_party_cookies, init_script=None):
    """A host page on localhost framing the app on 127.0.0.1 (another site), in a Chromium profile
    that allows or blocks third-party cookies, and with them the frame's storage; a browser of the
    `browser` fixture's kind, whose frame starts Python from the seeded snapshot where its storage lets
    it. Returns (context, page, watch, host server)."""
    profile = tempfile.mkdtemp(prefix="spielkiste-profile-")
    os.makedirs(os.path.join(profile, "Default"))
    with open(os.path.join(profile, "Default", "Preferences"), "w") as f:
        json.dump({"profile": {"cookie_controls_mode": 0 if third_party_cookies else 1}}, f)
    host_dir = tempfile.mkdtemp(prefix="spielkiste-host-")
    with open(os.path.join(host_dir, "index.html"), "w") as f:
        f.write(f"""<!doctype html><html><head><title>host</title><link rel="icon" href="data:,"></head><body>
<iframe id="game" src="{server.url}?embed#snorkels?seed=3" width="420" height="560" style="border:0"
 title="Snorkels"></iframe></body></html>""")
    host = Server(host_dir)
    ctx = own_profile(playwright_instance, profile, seed, service_workers="block",
                      viewport={"width": 1280, "height": 860})
    if init_script:
        ctx.add_init_script(init_script)
    page = ctx.new_page()
    watch = Watch(page)
    page.goto(f"http://localhost:{host.port}/")
    page.wait_for_function("[...document.querySelectorAll('iframe')].length === 1")
    return ctx, page, watch, host


def frame_storage(page, server):
    inner = next(f for f in page.frames if f.url.startswith(server.url))
    return inner, inner.evaluate("(() => { try { localStorage.length; return 'open'; } "
                                 "catch (e) { return e.name; } })()")


def plays_without_a_storage_banner(page, server, watch, host):
    """An embed never saves (docs/EMBED.md), so a frame without storage has nothing to warn about:
    no banner takes the board's room."""
    frame = page.frame_locator("#game")
    frame.locator("body[data-ready='1']").wait_for(timeout=60000)
    inner, _ = frame_storage(page, server)
    assert inner.is_hidden("#message") and inner.is_hidden("#notice")
    frame.locator("[data-cell].target").first.click()
    frame.locator("#movelist button").first.wait_for(state="attached", timeout=60000)
    assert len(moves(inner)) >= 1
    assert watch.errors == []
    assert [u for u in watch.requests if not u.startswith(("http://127.0.0.1", f"http://localhost:{host.port}/",
                                                           "data:", "blob:"))] == []


# only the frame's localStorage refuses, as in a browser that blocks it but leaves IndexedDB open
FRAME_STORAGE_BLOCKED = """if (window !== window.top) Object.defineProperty(window, 'localStorage', {
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });"""


def test_an_embed_on_another_site_without_local_storage_plays_without_a_banner(
        playwright_instance, server, seed):
    ctx, page, watch, host = cross_site_embed(playwright_instance, server, seed, True, FRAME_STORAGE_BLOCKED)
    try:
        plays_without_a_storage_banner(page, server, watch, host)
    finally:
        ctx.close()
        host.stop()


def test_an_embed_on_another_site_that_blocks_third_party_storage_plays_without_a_banner(
        playwright_instance, server, seed):
    ctx, page, watch, host = cross_site_embed(playwright_instance, server, seed, False)
    try:
        assert frame_storage(page, server)[1] == "SecurityError"     # the premise: the browser blocks it
        plays_without_a_storage_banner(page, server, watch, host)
    finally:
        ctx.close()
        host.stop()


# ---------------------------------------------------------------------------------------- offline copy

def precached(folder):
    """The service worker's list of a built site: {path: hash}, paths as the server sees them."""
    with open(os.path.join(folder, "sw.js")) as f:
        files = json.loads(re.search(r"const FILES = (\[.*?\]);\n", f.read()).group(1))
    return {path[1:]: digest for path, digest in files}


def site_copy(dist):
    folder = tempfile.mkdtemp(prefix="spielkiste-site-")
    shutil.copytree(dist, folder, dirs_exist_ok=True)
    return folder


SECOND = "<p>Second build.</p>"


def second_build(folder):
    """The next build of the site: one file changed (a rules page), and the worker's list written
    again by build.py's own code."""
    with open(os.path.join(folder, "rules", "snorkels.en.html"), "a") as f:
        f.write(SECOND)
    build.write_sw(folder)


def rules_text(page):
    page.click("#btn-rules")
    page.wait_for_selector("#rules:not([hidden])")
    text = page.inner_text("#rules-text")
    page.click("#rules-close")
    return text


def on_first_build(context, folder, lang="en", seed=None):
    """A tab controlled by the first build's worker: installed on the first visit, in charge from the
    next load on. Returns (page, server with its log of bodies sent). With `seed` (the fixture) the
    engine's Python starts from this build's snapshot, as a returning player's does (the update, not
    the snapshot, is what is tested: test_snapshot.py has the snapshot's making)."""
    server = Server(folder, log=[], seeded=seed is not None)
    if seed is not None:
        seed.seed(context)
    page = context.new_page()
    page.watch = Watch(page)
    page.add_init_script(f"localStorage.setItem('spielkiste.lang', '{lang}')")
    open_app(page, server.url + "#snorkels")
    page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=90000)
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=90000)
    # the AI worker has its interpreter before the deploy (on a loaded machine it boots late)
    page.wait_for_selector("body[data-ai='ready']", timeout=120000)
    # and the Python snapshot is made (its worker reads the wasm as the page does, from the HTTP
    # cache: on a loaded machine that request could land after the deploy), or found: the seeded one
    # restored (nothing is made) or kept
    page.wait_for_function("document.documentElement.dataset.snapshot || window.spielkisteSnapshot",
                           timeout=120000)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    return page, server


def offered(page):
    """Asks the browser to look for an update (as it does on each visit) and waits for the offer."""
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    page.wait_for_selector("#update:not([hidden])", timeout=60000)
    return page.inner_text("#update-text"), page.inner_text("#update-reload")


NEW_CACHE = """async () => {
  const names = (await caches.keys()).filter((n) => n.startsWith("spielkiste-"));
  for (const name of names) {
    const cache = await caches.open(name);
    const list = await (await cache.match("./sw-files.json")).json();
    if (JSON.stringify(list).includes(HASH))
      return {keys: (await cache.keys()).length, list: list.length,
              rules: await (await cache.match("./rules/snorkels.en.html")).text()};
  }
}"""


@pytest.mark.service_worker
def test_an_update_downloads_only_the_file_that_changed_and_waits_for_the_player(context, dist, seed):
    """A deploy while a tab is open (on a German page): the browser fetches only the file that
    changed; the page offers the new version in the page's language (and in the other one once the
    player switches), keeps the offer while the player plays on, and keeps its own version (a file
    fetched after the deploy is still the first build's) until the player accepts; then the new
    build's file, and the first build's cache is gone."""
    folder = site_copy(dist)
    page, server = on_first_build(context, folder, lang="de", seed=seed)
    try:
        sent = server.log
        sent.clear()
        second_build(folder)
        assert offered(page) == ("Neue Version verfügbar —", "neu laden")
        assert sorted(p for p, _ in sent if p != "/sw.js") == ["/rules/snorkels.en.html"]
        new = page.evaluate(NEW_CACHE.replace("HASH", json.dumps(precached(folder)["/rules/snorkels.en.html"])))
        assert new["keys"] == new["list"] + 1 and SECOND in new["rules"]   # every file, copied or fetched
        page.select_option("#lang", "en")                   # no stale text: the offer speaks English now
        page.wait_for_function("document.getElementById('update-reload').textContent === 'reload'")
        assert page.inner_text("#update-text") == "New version available —"
        # a move hides the page's messages; the offer of a new version is not one of them
        page.click("[data-cell].target >> nth=0")
        page.wait_for_function("document.querySelectorAll('#movelist button').length >= 1")
        assert page.is_visible("#update") and page.is_visible("#update-reload")
        assert SECOND not in rules_text(page)       # a file fetched after the deploy: still the first build's
        with page.expect_event("load", timeout=60000):
            page.click("#update-reload")             # the waiting worker takes over; the page reloads
        page.wait_for_selector("body[data-ready='1']", timeout=90000)
        page.select_option("#lang", "en")          # (the test's profile starts every load in German)
        assert "Second build." in rules_text(page)
        names = page.evaluate("caches.keys()")
        assert len([n for n in names if n.startswith("spielkiste-")]) == 1     # the first build's cache is gone
        assert page.watch.errors == []
    finally:
        server.stop()


def compressed(dist, log):
    """(path, gzip size) of each body in a server log: what a compressing host sends."""
    def size(path):
        name = path.split("?")[0].lstrip("/") or "index.html"
        with open(os.path.join(dist, name), "rb") as f:
            return len(gzip.compress(f.read(), 6))
    return [(p, size(p) if n else 0) for p, n in log]


def test_a_first_visit_downloads_each_file_once_and_then_works_offline(playwright_instance, dist):
    """The worker's install takes what the page has just fetched from the HTTP cache (a browser profile
    on disk, as a player's): each file crosses the wire once, and the offline copy costs at most 5 %
    on top of what the page itself downloads (the other games' rules, with their pictures, and boards),
    counted as a host that compresses its files (gzip, as every static host does) sends them. Then the
    server goes: the reload comes from the offline copy, Python and the computer's worker too (one first
    visit for both: issue 31)."""
    server = Server(dist, log=[])
    ctx = own_profile(playwright_instance)
    try:
        page = ctx.new_page()
        watch = Watch(page)
        open_app(page, server.url + "#snorkels")
        page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=120000)
        page.wait_for_function("document.body.dataset.ai === 'ready'", timeout=90000)
        server.stop()
        paths = [p for p, _ in server.log]
        start = paths.index("/sw.js")             # the worker's registration: what comes before is the page's
        own = sum(n for _, n in compressed(dist, server.log[:start]))
        total = sum(n for _, n in compressed(dist, server.log))
        assert [p for p, n in collections.Counter(p for p, n in server.log if n).items() if n > 1] == []
        assert [p for p, n in server.log[start:] if n == 0] == []  # not even a revalidation: the HTTP cache answers
        assert total <= 1.05 * own, (total, own)
        page.reload()                              # the server is gone
        page.wait_for_selector("body[data-ready='1']", timeout=90000)
        assert page.locator("#embed-open").is_hidden()     # the embed's link, not in the full app
        click_some_targets(page, 1)
        wait_moves(page, 2, timeout=90000)         # the computer answered: its worker loaded from the cache too
        shot(page, "platform-offline")
        assert watch.foreign() == [] and watch.errors == []
    finally:
        ctx.close()
        server.stop()


def test_the_offline_copy_holds_every_file_a_session_requests_and_no_unused_pyscript_chunk(browser, dist):
    """A whole session (start, a move, the computer's answer from its worker, the rules page) with no
    service worker: every file it requests is precached, and every precached file of @pyscript/core
    was requested (its editor's and terminal's chunks are left out)."""
    server = Server(dist, log=[])
    ctx = browser.new_context(service_workers="block")
    try:
        page = ctx.new_page()
        open_app(page, server.url + "#snorkels")
        page.wait_for_function("document.body.dataset.ai === 'ready'", timeout=90000)
        page.select_option("#seats select[data-seat='1']", "computer")
        click_some_targets(page, 1)
        wait_moves(page, 2, timeout=90000)
        rules_text(page)
    finally:
        ctx.close()
        server.stop()
    requested, listed = {p for p, _ in server.log}, precached(dist)
    assert requested - set(listed) == set()
    assert {p for p in listed if p.startswith("/vendor/pyscript/")} <= requested
    assert sorted(os.listdir(os.path.join(dist, "vendor", "pyscript"))) == sorted(
        p.rsplit("/", 1)[1] for p in listed if p.startswith("/vendor/pyscript/"))
