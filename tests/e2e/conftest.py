"""Browser tests: build dist/ once, serve it on 127.0.0.1, drive Debian's Chromium with Playwright.

Every page records its requests; a test fails if any leaves 127.0.0.1. With
SPIELKISTE_REQUIRE_BROWSER=1 (set by .ci/run) a missing browser is an error, not a skip."""
import base64
import fcntl
import functools
import json
import os
import re
import subprocess
import sys
import threading

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ARTIFACTS = os.path.join(ROOT, "tests", "artifacts")
CHROMIUM = "/usr/bin/chromium"
# Playwright's own --disable-features list (its chromiumSwitches, as pinned in tests/requirements.lock), which
# any second --disable-features replaces (Chromium keeps a switch's last value), with two of Chromium's own
# added: the address bar's popups, which a headless Chromium preloads into a renderer of their own for each
# new context (~1 s of CPU each, for a window nobody sees; issue 31).
FEATURES_OFF = ["AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
                "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
                "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin",
                "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch",
                "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion",
                "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic",
        "--no-first-run", "--disable-component-update", "--disable-sync",
        "--disable-features=" + ",".join(FEATURES_OFF)]
sys.path.insert(0, ROOT)


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


def _missing():
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "playwright (pip) is not installed"
    if not os.path.exists(CHROMIUM):
        return "Debian's chromium is not installed"
    return None


@pytest.fixture(scope="session")
def playwright_instance():
    why = _missing()
    if why:
        if os.environ.get("SPIELKISTE_REQUIRE_BROWSER") == "1":
            pytest.fail(f"browser tests required but {why}")
        pytest.skip(why)
    from playwright.sync_api import sync_playwright

    from settle import install
    install()               # every input waits for the page to draw the engine's answer (settle.py)
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def dist():
    """Build the site once per run: under pytest-xdist the first worker builds while the others
    wait on a lock (SPIELKISTE_SKIP_BUILD=1, set by build.py, which has built: use dist/ as it is)."""
    path = os.path.join(ROOT, "dist")
    if os.environ.get("SPIELKISTE_SKIP_BUILD") == "1" and os.path.isdir(path):
        return path
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID", "")
    os.makedirs(os.path.join(ROOT, ".cache"), exist_ok=True)
    stamp = os.path.join(ROOT, ".cache", "dist-built-for-run")
    with open(os.path.join(ROOT, ".cache", "dist-build.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        built_for = ""
        if os.path.exists(stamp):
            with open(stamp) as f:
                built_for = f.read()
        if not run or built_for != run:
            subprocess.run([sys.executable, "build.py", "build"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
            with open(stamp, "w") as f:
                f.write(run)
    return path


class Server:
    """dist/ (or another folder) on a free 127.0.0.1 port, in a thread; stop() takes it down.
    A server without a `log` also serves the tests' own files (`extra`: URL path -> file, the same for
    each such server: Seed's snapshot) and is `live` while it runs (Seed seeds its pages); one with a
    log serves the site alone, so what it logs is what a browser asks of the site, unless `seeded`
    (a test that reads the log only after its pages have started: the seed's request is logged too)."""
    extra: dict = {}
    live: set = set()

    def __init__(self, directory, log=None, seeded=False):
        import build
        os.environ["SPIELKISTE_QUIET"] = "1"
        self.log = log           # a list: (path, bytes) of every body sent
        self.httpd = build.make_server(directory, 0, log=log)
        seeded = log is None or seeded
        extra = Server.extra if seeded else {}
        made = self.httpd.RequestHandlerClass             # functools.partial(handler class, directory=...)
        plain = made.func.translate_path
        handler = type("WithExtra", (made.func,),
                       {"translate_path": lambda h, path: extra.get(path.split("?")[0]) or plain(h, path)})
        self.httpd.RequestHandlerClass = functools.partial(handler, *made.args, **made.keywords)
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        if seeded:
            Server.live.add(self.url.rstrip("/"))

    def stop(self):
        Server.live.discard(self.url.rstrip("/"))
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="session", autouse=True)
def _temp_folders(tmp_path_factory):
    """Every tempfile.mkdtemp() of the browser tests (host pages of another origin, browser profiles,
    copies of the site) is made under this run's pytest temporary folder, which pytest removes after
    three more runs: no test leaves /tmp/spielkiste-* folders behind, even when it fails half-way."""
    import tempfile
    old, tempfile.tempdir = tempfile.tempdir, str(tmp_path_factory.getbasetemp())
    yield
    tempfile.tempdir = old


@pytest.fixture(scope="session")
def server(dist):
    s = Server(dist)
    yield s
    s.stop()


# V8 compiles Pyodide's hot wasm functions a second time with its optimizing tier, in background
# threads: 2-4 s of CPU of each fresh start on this 2-core machine, taken from the other test worker.
# The `browser` of the tests that start pages of their own runs the baseline tier only (the same wasm,
# the same results, slower code), and so do the tests' own persistent profiles (`own_profile`: a profile's
# storage, the snapshot's making, a first visit's downloads, cross-site embeds); the booted pages, which live for the
# whole run and answer hundreds of tests, the run of the `solo` tests and the main-thread timings, which
# time the page, drive Chromium as shipped (ARGS).
BASELINE_WASM = ["--js-flags=--liftoff-only"]


@pytest.fixture(scope="session")
def browser(playwright_instance, server, request):
    """Chromium, whose new contexts and pages block service workers unless a test asks for them
    (service_workers="allow", or the `service_worker` mark for the `context` and `page` fixtures):
    the offline copy downloads the whole site in the background of a first visit, which costs a
    fresh profile's start ~1.5 s of this 2-core machine, and only the tests of the offline copy, its
    updates and the snapshot (made only in a page it serves) need it. The shared booted pages keep
    it, as a player's browser does. Its new contexts (not those of the `solo` run) start the engine's
    Python from this build's snapshot, as a returning player's browser does (see Seed)."""
    timed = request.config.getoption("markexpr", "") == "solo"
    b = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=ARGS + ([] if timed else BASELINE_WASM))
    seeded = not timed and os.environ.get("SPIELKISTE_NO_SEED") != "1"
    plain_context, plain_page, seed = b.new_context, b.new_page, Seed(b.new_context, server) if seeded else None

    def new_context(**kw):
        kw = {"service_workers": "block", **kw}
        return (seed.new_context if seed and kw["service_workers"] == "block" else plain_context)(**kw)

    b.new_context = new_context
    b.new_page = lambda **kw: plain_page(**{"service_workers": "block", **kw})
    b.seed = seed
    yield b
    b.close()


@pytest.fixture(scope="session")
def seed(browser):
    """The `browser`'s Seed (None when the run seeds nothing): `seed.seed(ctx)` for a context the test
    makes itself, such as a persistent profile."""
    return browser.seed


def own_profile(playwright_instance, folder=None, seed=None, **kw):
    """A test's own browser profile on disk (a persistent context: `folder`, or a new one), in a browser
    of the `browser` fixture's kind (BASELINE_WASM); with `seed` (the fixture) its pages start Python
    from the snapshot. `kw` goes to Playwright (service_workers, viewport, ...)."""
    import tempfile
    ctx = playwright_instance.chromium.launch_persistent_context(
        folder or tempfile.mkdtemp(prefix="spielkiste-profile-"), executable_path=CHROMIUM,
        args=ARGS + BASELINE_WASM, **kw)
    return seed.seed(ctx) if seed else ctx


def snapshot_key(folder):
    """The key of a built site's Python snapshot (build.py writes it into vendor/pyodide/start.mjs)."""
    with open(os.path.join(folder, "vendor", "pyodide", "start.mjs")) as f:
        return re.search(r'const KEY = "([0-9a-f]{16})"', f.read()).group(1)


SEED_PATH = "/__tests__/python-snapshot"        # served beside the site by a Server without a log


class Seed:
    """The engine worker's Python snapshot of this build, put into each new context's Cache Storage
    before its page starts, where vendor/pyodide/start.mjs looks for the snapshot a returning player's
    browser made: a fresh page then costs ~6 s of CPU instead of ~9 (issue 31: Pyodide's own start is
    most of it, and ~60 tests start pages of their own, some several). Made once per build by
    vendor/pyodide/snapshot-worker.mjs in this Chromium, kept in .cache/python-snapshot/, served by
    every Server without a log (Server.extra). Pages and frames of those servers' origins are seeded:
    an embed in a host page's frame too (frames were once left out after an embed test hung in a CI run
    with frames seeded; the hang came back later without them, so the seed was not its cause), and the
    booted `app` pages, which otherwise started Python from scratch (~4 s of CPU and 2.5 s of wall more a
    boot, measured) and, once the offline copy controlled them, a second Python in boot.js's snapshot
    worker (8 times in one run). Contexts of the
    tests' `browser` with service workers (the offline copy, the snapshot's own making: test_install.py,
    test_snapshot.py), pages of a Server with a log (a test that reads what the site is asked for) and
    the `solo` run start as a first visit does. SPIELKISTE_NO_SEED=1 seeds nothing (to tell a test's
    fault from the seed's, and to measure what it saves)."""

    def __init__(self, plain_new_context, server):
        self.plain, self.server, self.made = plain_new_context, server, None

    def new_context(self, **kw):
        return self.seed(self.plain(**kw))

    def seed(self, ctx):
        """`ctx`'s pages start from the snapshot (a new context of the tests' `browser`, or a test's
        own persistent profile: see the `seed` fixture)."""
        key, length = self.made or self.make()
        ctx.add_init_script(SEED % {"origins": json.dumps(sorted(Server.live)), "path": json.dumps(SEED_PATH),
                                    "entry": json.dumps(f"/vendor/pyodide/snapshot-{key}"),
                                    "length": json.dumps(length)})
        return ctx

    def make(self):
        key = snapshot_key(os.path.join(ROOT, "dist"))
        folder = os.path.join(ROOT, ".cache", "python-snapshot")
        os.makedirs(folder, exist_ok=True)
        body = os.path.join(folder, key + ".gz")
        with open(os.path.join(folder, "lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)          # one xdist worker makes it, the other waits
            if not os.path.exists(body + ".length"):
                for old in os.listdir(folder):            # earlier builds' snapshots
                    if old.endswith((".gz", ".length")):
                        os.remove(os.path.join(folder, old))
                self.write(body)
        with open(body + ".length") as f:
            self.made = key, f.read()
        Server.extra[SEED_PATH] = body
        return self.made

    def write(self, body):
        ctx = self.plain(service_workers="block")
        try:
            page = ctx.new_page()
            page.goto(self.server.url + "manifest.webmanifest")       # any page of the site's origin
            made = page.evaluate("""() => new Promise((done) => {
                const w = new Worker("./vendor/pyodide/snapshot-worker.mjs", {type: "module"});
                w.onmessage = (e) => done(String(e.data)); })""")
            assert made == "made", f"the snapshot worker said {made!r}"
            entry = page.evaluate(READ_SNAPSHOT)
        finally:
            ctx.close()
        for name, data in ((body, base64.b64decode(entry["body"])), (body + ".length", entry["length"].encode())):
            with open(name + ".part", "wb") as f:
                f.write(data)
            os.replace(name + ".part", name)


READ_SNAPSHOT = """async () => {
  const cache = await caches.open("pyodide-snapshot"), [request] = await cache.keys();
  const response = await cache.match(request), bytes = new Uint8Array(await response.arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 32768) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 32768));
  return {length: response.headers.get("x-length"), body: btoa(text)};
}"""
# a context's init script: in a page or frame of a live Server's origin whose Cache Storage holds no
# snapshot, the seeded one, stored as start.mjs's make() stores it (gzip body, the raw length in x-length;
# the entry's URL relative to the origin, as start.mjs makes it from its own)
SEED = """(() => {
  // (an opaque origin, a frame sandboxed without allow-same-origin, has no Cache Storage: reading it throws)
  if (self.origin === "null" || !%(origins)s.includes(location.origin) || !self.caches) return;
  const put = (r) => caches.open("pyodide-snapshot")
    .then((c) => c.put(%(entry)s, new Response(r.body, {headers: {"x-length": %(length)s}})));
  caches.has("pyodide-snapshot").then((has) => has || fetch(%(path)s).then((r) => r.ok && put(r))).catch(() => {});
})();"""


class Watch:
    """Requests and errors of a page: the tests assert none leaves the machine and nothing crashed."""

    def __init__(self, page):
        self.requests, self.errors, self.console = [], [], []
        page.on("request", lambda r: self.requests.append(r.url))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))

    def foreign(self):
        return [u for u in self.requests if not u.startswith(("http://127.0.0.1", "data:", "blob:"))]


@pytest.fixture
def context(browser, request):
    sw = "allow" if request.node.get_closest_marker("service_worker") else "block"
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, service_workers=sw)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context):
    pg = context.new_page()
    pg.watch = Watch(pg)
    yield pg
    assert pg.watch.foreign() == [], "requests left 127.0.0.1"
    assert pg.watch.errors == [], f"uncaught page errors: {pg.watch.errors}"


def open_app(page, url, timeout=90000):
    """Open the app at `url`. On the shared booted page (the `app` fixture) a URL that differs from
    the page's only in its fragment is routed in the page, as a link a player follows (no reload);
    anything else (another query such as ?embed, no fragment) loads the page."""
    base, _, frag = url.partition("#")
    if getattr(page, "shared", False) and frag and page.url.partition("#")[0] == base:
        route(page, frag)
        return page
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", timeout=timeout)
    return page


# ---------------------------------------------------------------- one booted page per test worker (issue 31)
# Booting the app costs 5-15 s (MicroPython on the page, Pyodide in the engine worker); routing a link in a
# booted page costs ~0.1 s. The `app` fixture keeps one browser context and one booted page per pytest(-xdist)
# worker and hands it to each test that asks for it, reset to what a first visit opening a link meets:
# storage empty, no dialog, rules page, editor, room or message open, English, the system's theme, the board
# unrotated, the viewport 1280 x 860. A test that needs a truly fresh profile (a first visit without a link,
# what storage holds at start-up, service worker, reloads, another language at start) keeps `page`/its own
# context. A page the reset cannot bring back (a test failed in it, the page crashed, or anything in
# STATE differs from the booted page's) is closed and a new one booted for the next test.
# SPIELKISTE_FRESH_PAGES=1 boots a new page for every test (to tell a test's fault from the reuse's, and
# to time what the reuse saves).
# a solitaire played to its end (9 pieces left), a probe's: a finished game of one
SOLITAIRE_OVER = ("solitaire?seed=119754031&m=H7-J7,F6-F10,F4-J4,E8-E3,D8-D3,I9-I7,E3-C3,E9-C9,G5-E5,I5-I8,H5-H7,"
                  "G8-G5,H9-F9,H7-H9,F9-F11")
HOME = "sprung?v=1"             # the reset's link: a game between humans, kept nothing (no test opens it)
STATE = """() => {
  const hidden = id => { const e = document.getElementById(id); return !e || e.hidden; };
  const rot = document.querySelector('#board g.rot');
  return JSON.stringify({lang: document.documentElement.lang, select: (document.getElementById('lang') || {}).value,
    theme: document.documentElement.dataset.theme || null, cls: document.documentElement.className,
    mode: document.body.dataset.mode || 'play', room: document.body.dataset.room || null,
    dialogs: document.querySelectorAll('dialog[open]').length,
    soundbtn: (document.getElementById('btn-sound') || {ariaPressed: null}).ariaPressed,
    shown: ['message', 'notice', 'update', 'rules', 'editor', 'example-bar', 'link-box', 'result']
      .filter(h => !hidden(h)),
    eval: !!(document.getElementById('eval-toggle') || {}).checked, rot: rot ? rot.getAttribute('transform') : null,
    level: (document.getElementById('level') || {}).value, size: [innerWidth, innerHeight],
    ai: document.body.dataset.ai});
}"""


def route(page, frag, timeout=30000):
    """Route the booted page to the link `frag` as the address bar would (a hashchange), and wait
    until its snapshot is drawn (window.spielkiste() answers "" while a route is on its way)."""
    from settle import settle
    page.evaluate("""async frag => {
        const go = h => new Promise(done => {
            addEventListener('hashchange', () => setTimeout(done, 0), {once: true});
            location.hash = h; });
        if (location.hash === '#' + frag) await go('');      // an empty fragment routes nothing
        await go(frag); }""", frag)
    page.wait_for_function("window.spielkiste() !== ''", timeout=timeout)
    settle(page)


DEVICES = {"desktop": {"viewport": {"width": 1280, "height": 860}},
           "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}}


class Booted:
    """The worker's booted pages, one per device, and the STATE each had right after booting."""
    pages: dict = {}
    states: dict = {}


@pytest.fixture(scope="session")
def shared_browser(playwright_instance):
    """Chromium as shipped, for the worker's booted pages (see BASELINE_WASM)."""
    b = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    yield b
    b.close()


def boot_shared(browser, server, device):
    kw = {**DEVICES[device], "service_workers": "allow"}
    seeded = os.environ.get("SPIELKISTE_NO_SEED") != "1"
    ctx = Seed(browser.new_context, server).new_context(**kw) if seeded else browser.new_context(**kw)
    pg = ctx.new_page()
    pg.watch = Watch(pg)
    pg.device, pg.shared = device, True
    pg.goto(server.url + "#" + HOME)
    pg.wait_for_selector("body[data-ready='1']", timeout=90000)
    pg.wait_for_selector("body[data-ai='ready']", timeout=90000)
    Booted.pages[device], Booted.states[device] = pg, None
    pg.click("#btn-new")                 # the dialog's level menu shows the page's level from now on
    pg.click("#newgame-cancel")
    reset(pg)                            # after the dialog, which gives the focus back to its button
    Booted.states[device] = pg.evaluate(STATE)
    return pg


# the reset's reads and writes in the page, each group one call (issue 31: the reset runs before every
# test on a booted page; a call into the page is ~5-10 ms of CPU, and the reset made 20 of them)
RESET_READ = """() => {
  document.querySelectorAll('dialog[open]').forEach(d => d.close());
  document.querySelectorAll('details[open]').forEach(d => { d.open = false; });        // My games
  const ev = document.getElementById('eval-toggle');
  return {lang: document.getElementById('lang').value, theme: document.documentElement.dataset.theme || null,
          eval: !!ev && ev.checked && ev.checkVisibility()};
}"""
# the browser's own Storage.prototype.setItem, where a test replaced it with a failing one and kept the
# original as window.__plainSetItem (e2e/test_storage_safety.py's full storage); storage cleared; the resource
# timings a fresh page starts with: none (the browser keeps 250 and then drops new ones, which a test reading
# what the page fetched would miss on a page many tests used)
RESET_STORAGE = """() => {
  if (window.__plainSetItem) Storage.prototype.setItem = window.__plainSetItem;
  delete window.__plainSetItem; delete window.__full;
  localStorage.clear(); sessionStorage.clear();
  performance.clearResourceTimings();
}"""
# after the route: what the route itself wrote cleared; which bars show a close button; the level shown
RESET_AFTER_ROUTE = """() => {
  localStorage.clear(); sessionStorage.clear();
  const shown = id => { const e = document.getElementById(id); return !!e && e.checkVisibility(); };
  return {bars: ['notice', 'message'].filter(b => shown(b + '-close')), level: document.getElementById('level').value};
}"""
# the top of the page, and the focus on the page itself, so the next Tab starts at the top (the skip link),
# as on a page just opened
RESET_FOCUS = """() => {
  window.scrollTo(0, 0);
  if (document.activeElement) document.activeElement.blur();
  document.body.tabIndex = -1; document.body.focus(); document.body.removeAttribute('tabindex');
}"""


def reset(pg):
    """Back to a first visit's state that opens a link (see above)."""
    pg.set_viewport_size(DEVICES[pg.device]["viewport"])
    pg.context.clear_permissions()       # a test's clipboard permission
    for other in pg.context.pages:       # a second tab a test opened and left
        if other is not pg:
            other.close()
    now = pg.evaluate(RESET_READ)
    if now["lang"] != "en":
        pg.select_option("#lang", "en")          # the language menu, as a player goes back to English
    pg.emulate_media(color_scheme="null")        # the system's look a test emulated
    for _ in range(2):                           # the theme switch, back to the system's look
        if now["theme"] is None:
            break
        pg.click("#btn-theme")
        now = pg.evaluate(RESET_READ)
    if now["eval"]:
        pg.uncheck("#eval-toggle")
    pg.evaluate(RESET_STORAGE)
    route(pg, HOME)
    after = pg.evaluate(RESET_AFTER_ROUTE)
    for bar in after["bars"]:
        pg.click(f"#{bar}-close")
    state = Booted.states.get(pg.device)
    if state is not None and after["level"] != json.loads(state)["level"]:
        pg.click("#btn-new")             # a level chosen in a cancelled dialog: shown again from the page's
        pg.click("#newgame-cancel")
    pg.evaluate(RESET_FOCUS)
    pg.watch.requests.clear()
    pg.watch.errors.clear()
    pg.watch.console.clear()


def shared_page(browser, server, request, device):
    """The body of `app` and `phone_app`: the worker's booted page for `device`, reset, or a new one."""
    pg = Booted.pages.get(device)
    fine = pg is not None and not pg.is_closed() and os.environ.get("SPIELKISTE_FRESH_PAGES") != "1"
    if fine:
        try:
            reset(pg)
            now = pg.evaluate(STATE)
            fine = now == Booted.states[device]
            if not fine:             # pytest -s shows why a new page boots
                was, now = json.loads(Booted.states[device]), json.loads(now)
                print(f"app ({device}): a new page, the reset left",
                      {k: (was[k], now.get(k)) for k in was if was[k] != now.get(k)})
        except Exception as e:       # the page crashed or hangs: boot a new one
            print(f"app ({device}): a new page, the reset failed:", e)
            fine = False
    if not fine:
        if pg is not None and not pg.is_closed():
            pg.context.close()
        pg = boot_shared(browser, server, device)
    yield pg
    failed = getattr(request.node, "rep_call", None) is None or request.node.rep_call.failed
    if failed or pg.watch.errors or pg.watch.foreign():
        pg.context.close()           # never hand a page a test failed in to the next test
        Booted.pages.pop(device, None)
    assert pg.watch.foreign() == [], "requests left 127.0.0.1"
    assert pg.watch.errors == [], f"uncaught page errors: {pg.watch.errors}"


@pytest.fixture(scope="session")
def _booted(shared_browser):
    yield Booted
    for pg in Booted.pages.values():
        if not pg.is_closed():
            pg.context.close()
    Booted.pages.clear()


@pytest.fixture
def app(_booted, shared_browser, server, request):
    """The worker's booted page of the app (1280 x 860, with `watch`, as `page`), reset (see above);
    open the game the test needs with open_app(app, server.url + "#<link>"), which routes it in the page."""
    yield from shared_page(shared_browser, server, request, "desktop")


@pytest.fixture
def phone_app(_booted, shared_browser, server, request):
    """The same on a phone (390 x 844, is_mobile, touch): the worker's second booted page."""
    yield from shared_page(shared_browser, server, request, "phone")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Each phase's report on the test item (rep_setup, rep_call): `app` reads whether the test failed."""
    outcome = yield
    rep = outcome.get_result()
    setattr(item, "rep_" + rep.when, rep)


def shot(page, name):
    os.makedirs(ARTIFACTS, exist_ok=True)
    path = os.path.join(ARTIFACTS, name + ".png")
    page.screenshot(path=path)
    return path


def moves(page):
    return page.eval_on_selector_all("#movelist button", "els => els.map(e => e.textContent)")


def plies(page):
    """The plies of the game shown, from its link: a move of the list may hold several (a Sprung
    bonus chain, Das Tor's gate piece)."""
    query = page.evaluate("window.spielkiste()").partition("?")[2]
    played = next((f[2:] for f in query.split("&") if f.startswith("m=")), "")
    return len(played.split(",")) if played else 0


def wait_moves(page, n, timeout=60000):
    page.wait_for_function(f"document.querySelectorAll('#movelist button').length >= {n}", timeout=timeout)
    return moves(page)


LISTED_PLIES = """() => [...document.querySelectorAll('#movelist button')]
    .reduce((n, e) => n + e.textContent.split(' ').filter(w => w && !w.startsWith('+')).length, 0)"""


def listed_plies(page):
    """The plies the move list shows: a listed move may hold several (Das Tor's "C12-A12 +T B11",
    a Sprung bonus chain "B5-D5 D5-E5 stop")."""
    return page.evaluate(LISTED_PLIES)


def click_some_targets(page, count=1):
    """Plays `count` human plies by clicking squares the page marks as targets (any game). A ply
    that continues a listed move (a gate's piece, a bonus move) is listed once its answer is in."""
    for _ in range(count):
        before = listed_plies(page)
        for _ in range(6):
            button = page.query_selector("#choices button")
            cell = page.query_selector("[data-cell].target")
            if cell is None and button is not None:
                button.click()
            elif cell is not None:
                cell.click()
            else:
                raise AssertionError("no target square and no choice to click")
            page.wait_for_function("document.body.dataset.pending !== '1'", timeout=30000)
            if listed_plies(page) > before:
                break
        assert listed_plies(page) > before, "clicking targets made no move"


CENTRE = ["D4", "C3", "E5", "C5", "E3", "D3", "D5", "C4", "E4"]


def one_move_from_the_end(link):
    """The fragment of `link`'s game (e.g. "surikata?seed=3") played by its first legal moves to one move
    before its end, worked out by the engine here: a test opens it and clicks the game's end on the board
    (the last move, or a few if its first target is not the ending one) instead of clicking the whole game
    (issue 31: a move by clicking is ~0.25 s of CPU)."""
    from spielkiste_web import links
    rec = links.from_fragment(link)
    played = []
    while rec.current.result is None:
        played.append(rec.current.legal_moves()[0])
        rec.play(played[-1])
    start = links.from_fragment(link)
    for move in played[:-1]:
        start.play(move)
    return links.to_fragment(start)


def place_in_the_centre(page):
    """A Snorkels placement near the centre, where it keeps free squares (a stone in a corner next to
    the computer's can capture itself and end the game)."""
    cell = next(c for c in CENTRE if page.locator(f"[data-cell='{c}'].target").count())
    page.click(f"[data-cell='{cell}']")


# every square's centre on screen, by name; and the square that has the keyboard focus (None: no square)
CENTRES = """() => Object.fromEntries([...document.querySelectorAll('#board [data-cell]')].map(r => {
    const b = r.getBoundingClientRect(); return [r.dataset.cell, [b.x + b.width / 2, b.y + b.height / 2]]; }))"""
FOCUSED = "(document.activeElement && document.activeElement.dataset && document.activeElement.dataset.cell) || null"


def arrows_to(page, cell, limit=60):
    """Arrow keys from the focused square to `cell`, as a player looks at the board (the squares
    stay put while the focus moves, so their places are read once)."""
    centres = page.evaluate(CENTRES)
    tx, ty = centres[cell]
    for _ in range(limit):
        now = page.evaluate(FOCUSED)
        assert now is not None, "the board lost the keyboard focus"
        if now == cell:
            return
        x, y = centres[now]
        dx, dy = tx - x, ty - y
        page.keyboard.press(("ArrowRight" if dx > 0 else "ArrowLeft") if abs(dx) >= abs(dy) else
                            ("ArrowDown" if dy > 0 else "ArrowUp"))
    raise AssertionError(f"the arrow keys never reached {cell}")


def tool(page, selector):
    """Click a button of the side panel's Tools menu (issue 54: set up position, rotate, link,
    pictures), opening the menu first as a player does; in an embed the button shows inline."""
    if not page.is_visible(selector) and page.is_visible("#btn-tools"):
        page.click("#btn-tools")
    page.click(selector)
