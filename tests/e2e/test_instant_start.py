"""Instant start (issue 13): the board is on screen before Python is ready, and a click made then
is not lost. The interpreter's WebAssembly is held back (Playwright route) until the test lets it
through, so "before Python is ready" is certain, not a race."""
import pytest

from conftest import Watch, moves, wait_moves


class Held:
    """Holds every request for pyodide.asm.wasm until release(); afterwards lets them through."""

    def __init__(self, page):
        self.routes, self.holding = [], True
        page.route("**/pyodide.asm.wasm", self.on_route)

    def on_route(self, route):
        if self.holding:
            self.routes.append(route)
        else:
            route.continue_()

    def release(self):
        self.holding = False
        for r in self.routes:
            r.continue_()
        self.routes = []


@pytest.fixture
def held_page(browser, dist, request):
    # service workers blocked: a page answered by its worker would bypass the route
    locale = getattr(request, "param", "en-GB")
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, service_workers="block", locale=locale)
    page = ctx.new_page()
    page.watch = Watch(page)
    page.held = Held(page)
    yield page
    assert page.watch.foreign() == [], "requests left 127.0.0.1"
    assert page.watch.errors == [], f"uncaught page errors: {page.watch.errors}"
    ctx.close()


def early_board(page):
    """Waits for boot.js's board; asserts that Python cannot be ready yet (its wasm is held)."""
    page.wait_for_selector("#board[data-early] svg [data-cell]", timeout=20000)
    for _ in range(200):                       # the board may well be painted before the wasm is asked for
        if page.held.routes:
            break
        page.wait_for_timeout(100)
    assert page.held.routes, "the interpreter's wasm was never requested: nothing was held back"
    assert page.evaluate("document.body.dataset.ready") is None
    return page.get_attribute("#board", "data-early")


def frag(page):
    return page.evaluate("window.spielkiste()")


def test_start_position_shown_and_click_played_once_ready(held_page, server):
    page = held_page
    page.goto(server.url + "#snorkels")
    assert early_board(page) == "exact"
    assert page.text_content("#game-title") == "Snorkels"
    assert page.text_content("#game-goal").startswith("Capture an enemy group")   # Python's own line, painted now
    assert page.evaluate("document.querySelectorAll('#board svg [data-cell]').length") == 49
    cell = page.get_attribute("#board [data-cell].target", "data-cell")
    page.click(f'#board [data-cell="{cell}"]')
    assert "Loading" in page.text_content("#status")          # said at once: the click is kept
    page.held.release()
    page.wait_for_selector("body[data-ready='1']", timeout=90000)
    assert wait_moves(page, 2)[0].endswith(cell)          # ours, then the computer's answer
    assert frag(page).split(",")[0] == f"snorkels?m={cell}"
    # the next start paints the saved position at once, from the page's own last render
    page.wait_for_function("document.body.dataset.thinking !== '1'", timeout=60000)
    played = frag(page)
    page.held.holding = True
    page.reload()                              # the URL already names the game as played
    assert early_board(page) == "exact"
    pieces = page.evaluate("document.querySelectorAll('#board svg [data-piece]').length")
    assert pieces >= len(played.split("m=")[1].split(","))
    page.held.release()
    page.wait_for_selector("body[data-ready='1']", timeout=90000)
    assert frag(page) == played
    assert len(moves(page)) == len(played.split("m=")[1].split(","))


@pytest.mark.parametrize("held_page", ["de-DE"], indirect=True)
def test_a_first_visit_paints_its_game_and_plays_the_click(held_page, server):
    """With no link and no save, the page opens the game's start (Snorkels' default set-up, not a
    random one, issue 54): the board shown early is that very board, so a click there is kept and
    played. A German browser gets the early page in German, as Python will draw it: the game list
    (with its lessons' and puzzles' links) and the seat rows are the ones Python draws, and the
    language switch says Deutsch."""
    page = held_page
    page.goto(server.url)
    assert early_board(page) == "exact"
    assert page.get_attribute("html", "lang") == "de"
    assert page.input_value("#lang") == "de"          # the switch says the language shown (it said English)
    assert page.get_attribute("#message-close", "aria-label") == "Schließen"
    side = ("() => [[...document.querySelectorAll('#game-list li')].map(li => li.innerText),"
            " [...document.querySelectorAll('#seats li')].map(li => li.innerText),"
            " [...document.querySelectorAll('#aids label')].map(l => l.innerText)]")
    early_side = page.evaluate(side)
    assert len(early_side[0]) == 10 and len(early_side[1]) == 2 and early_side[2]
    cell = page.get_attribute("#board [data-cell].target", "data-cell")
    page.click(f'#board [data-cell="{cell}"]')
    assert "wird geladen" in page.text_content("#status")
    page.held.release()
    page.wait_for_selector("body[data-ready='1']", timeout=90000)
    assert wait_moves(page, 1)[0].endswith(cell)
    assert page.evaluate("window.spielkiste()").startswith(f"snorkels?m={cell}")
    assert "wird geladen" not in page.text_content("#status")
    assert page.evaluate(side) == early_side


def test_the_first_tap_and_new_game_on_a_slow_first_visit_both_take_effect(browser, dist, server):
    """Issue 54: a fresh profile on a phone-speed CPU (4x slowdown); 0.3 s after navigation the player
    taps a square of the board and then New game, long before the engine is ready (seconds at this
    speed). The tap is played once the engine is, and the dialog opens (it needs only the page's own
    data), also when New game was pressed before the page's Python had its handlers."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, service_workers="block")
    page = ctx.new_page()
    page.watch = Watch(page)
    ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.goto(server.url + "#snorkels", wait_until="commit")
    page.wait_for_timeout(300)
    page.click('#board [data-cell="D4"]', timeout=60000)     # as soon as boot.js has painted it
    page.click("#btn-new", timeout=60000)
    page.wait_for_selector("#newgame[open]", timeout=90000)
    page.wait_for_selector("body[data-ready='1']", timeout=120000)
    page.keyboard.press("Escape")                              # the dialog closed: the game goes on
    assert wait_moves(page, 1, timeout=90000)[0].endswith("D4")
    assert page.watch.errors == []
    ctx.close()
