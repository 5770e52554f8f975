"""Browser tests: build dist/ once, serve it on 127.0.0.1, drive Debian's Chromium with Playwright.

Every page records its requests; a test fails if any leaves 127.0.0.1. With
SPIELKISTE_REQUIRE_BROWSER=1 (set by .ci/run) a missing browser is an error, not a skip."""
import fcntl
import os
import subprocess
import sys
import threading

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ARTIFACTS = os.path.join(ROOT, "tests", "artifacts")
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic",
        "--no-first-run", "--disable-component-update", "--disable-sync"]
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
    """dist/ (or another folder) on a free 127.0.0.1 port, in a thread; stop() takes it down."""

    def __init__(self, directory, log=None):
        import build
        os.environ["SPIELKISTE_QUIET"] = "1"
        self.log = log           # a list: (path, bytes) of every body sent
        self.httpd = build.make_server(directory, 0, log=log)
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="session")
def server(dist):
    s = Server(dist)
    yield s
    s.stop()


@pytest.fixture(scope="session")
def browser(playwright_instance):
    b = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    yield b
    b.close()


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
def context(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
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
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", timeout=timeout)
    return page


def shot(page, name):
    os.makedirs(ARTIFACTS, exist_ok=True)
    path = os.path.join(ARTIFACTS, name + ".png")
    page.screenshot(path=path)
    return path


def moves(page):
    return page.eval_on_selector_all("#movelist button", "els => els.map(e => e.textContent)")


def wait_moves(page, n, timeout=60000):
    page.wait_for_function(f"document.querySelectorAll('#movelist button').length >= {n}", timeout=timeout)
    return moves(page)


def click_some_targets(page, count=1):
    """Plays `count` human moves by clicking squares the page marks as targets (any game)."""
    for _ in range(count):
        before = len(moves(page))
        for _ in range(6):
            button = page.query_selector("#choices button")
            cell = page.query_selector("[data-cell].target")
            if cell is None and button is not None:
                button.click()
            elif cell is not None:
                cell.click()
            else:
                raise AssertionError("no target square and no choice to click")
            if len(moves(page)) > before:
                break
        assert len(moves(page)) > before, "clicking targets made no move"


CENTRE = ["D4", "C3", "E5", "C5", "E3", "D3", "D5", "C4", "E4"]


def place_in_the_centre(page):
    """A Snorkels placement near the centre, where it keeps free squares (a stone in a corner next to
    the computer's can capture itself and end the game)."""
    cell = next(c for c in CENTRE if page.locator(f"[data-cell='{c}'].target").count())
    page.click(f"[data-cell='{cell}']")
