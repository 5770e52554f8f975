"""Play as players really arrive: a first visit with the computer moving first (before its worker
has booted), a phone with touch, the keyboard only, and the end-of-game panel."""
import pytest

from conftest import FOCUSED, Watch, arrows_to, moves, open_app, shot, wait_moves
from spielkiste.ai import levels
from spielkiste.registry import GAMES
from spielkiste.texts import t
from spielkiste_web import ui_texts  # noqa: F401  (the levels below 1)


def fresh_page(browser, url, **ctx):
    context = browser.new_context(**({"viewport": {"width": 1280, "height": 860}} | ctx))
    page = context.new_page()
    page.watch = Watch(page)
    open_app(page, url)
    return page


def close(page):
    assert page.watch.errors == [], page.watch.errors
    assert page.watch.foreign() == []
    page.context.close()


# the first visits timed alone (`solo`): the default game, the game whose last seat opens, a four-seat game
COLD = ("snorkels", "ziggurats", "tor")


@pytest.mark.solo
@pytest.mark.parametrize("gid", COLD)
def test_first_visit_with_the_computer_moving_first(browser, server, gid):
    """A fresh profile; the new-game dialog puts the computer in the first seat at once. The computer
    moves within 5 s although its worker (Pyodide) is still booting. Timed alone, so three games;
    every game's computer opening on a booted page: the test below."""
    page = fresh_page(browser, server.url + "#" + gid)
    computer_opens(page, gid, 5000)
    close(page)


@pytest.mark.parametrize("gid", list(GAMES))
def test_the_computer_moving_first_in_every_game(app, server, gid):
    """Every game, from the new-game dialog with the computer in the seat that moves first."""
    computer_opens(open_app(app, server.url + "#" + gid), gid, 60000)


def computer_opens(page, gid, timeout):
    first = GAMES[gid].new().to_move                 # the seat that moves first (Ziggurats: the last)
    page.click("#btn-new")
    for sel in page.query_selector_all("#newgame-seats select"):
        sel.select_option("computer" if sel.get_attribute("data-seat") == str(first) else "human")
    page.click("#newgame-start")
    page.wait_for_function("document.querySelectorAll('#movelist button').length >= 1", timeout=timeout)
    assert not page.is_visible("#message"), page.text_content("#message-text")
    assert "can't be awaited" not in page.content()


def assert_fits(page):
    width = page.evaluate("innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    box = page.locator("#board svg").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5
    assert box["width"] >= 0.85 * width          # the board as large as the screen allows


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


# the level select narrower than the same select laid out on its own beside it: its text cut
# (a flex row squeezed it to "sehr stark (8 s" at 390 px)
LEVEL_CUT = """(() => {
  const s = document.getElementById('level'), free = s.cloneNode(true);
  free.style.cssText = 'position: absolute; width: auto; max-width: none';
  s.parentNode.appendChild(free);
  const cut = s.getBoundingClientRect().width < free.getBoundingClientRect().width - 0.5;
  free.remove();
  return cut;
})()"""


def test_every_game_on_a_phone_fits_and_plays_by_tapping(phone_app, server):
    page = open_app(phone_app, server.url + "#snorkels?v=1")
    for gid in GAMES:
        page.evaluate(f"location.hash = '{gid}?v=1'")
        page.wait_for_function(f"window.spielkiste().startsWith('{gid}')")
        assert_fits(page)
        status = page.locator("#status").bounding_box()
        assert status["y"] + status["height"] <= 844, "whose turn it is must show without scrolling"
        before = len(moves(page))
        for _ in range(4):                       # tap a piece, then its target (or a choice)
            cell = page.query_selector("[data-cell].target")
            if cell is None:
                page.tap("#choices button")
            else:
                cell.tap()
            if len(moves(page)) > before:
                break
        assert len(moves(page)) > before, f"{gid}: tapping made no move"
        shot(page, f"phone-{gid}")
    page.select_option("#lang", "de")                # the longer labels
    page.evaluate("location.hash = 'drei?v=1'")      # options shown only for a custom board
    page.wait_for_function("window.spielkiste().startsWith('drei')")
    page.click("#btn-new")
    longest = max(levels.offered("drei"), key=lambda k: len(t(f"ui.level.{k}", "de")))
    page.select_option("#level", str(longest))
    assert not page.evaluate(LEVEL_CUT), "the level select cuts its own text"
    shown = ("[...document.querySelectorAll('dialog[open] [data-shown-if]')]"
             ".filter((l) => l.getClientRects().length).length")
    assert page.evaluate(shown) == 0, "a custom board's tiles are shown for the standard board"
    page.select_option("dialog[open] select[data-option='board']", "custom")
    assert page.evaluate(shown) == 4
    page.select_option("dialog[open] select[data-option='board']", "default")
    shot(page, "phone-new-game-dialog")
    page.keyboard.press("Escape")
    for width, height in ((320, 640), (360, 640), (414, 896), (844, 390)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("location.hash = 'weltreich?v=1'")
        page.wait_for_function("window.spielkiste().startsWith('weltreich')")
        assert page.evaluate("document.documentElement.scrollWidth") <= width, f"overflow at {width}px"


def play_with_keys(page, limit):
    page.keyboard.press("Tab")                     # the skip link comes first
    assert page.evaluate("document.activeElement.id") == "skip"
    page.keyboard.press("Enter")
    assert page.evaluate(FOCUSED) is not None
    for _ in range(limit):
        if page.is_visible("#result"):
            return
        before = len(moves(page))
        for _ in range(4):
            targets = page.eval_on_selector_all("[data-cell].target", "e => e.map(x => x.dataset.cell)")
            if not targets:
                break
            arrows_to(page, targets[len(targets) // 2])
            page.keyboard.press("Enter")
            if len(moves(page)) > before:
                break
        if len(moves(page)) == before:            # a choice button: Tab to it, Enter
            for _ in range(40):
                page.keyboard.press("Tab")
                if page.evaluate("!!document.activeElement.closest('#choices')"):
                    break
            page.keyboard.press("Enter")
            page.keyboard.press("Shift+Tab")
        assert len(moves(page)) > before, "no move could be made with the keyboard"
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("frag", ["surikata?seed=3", "snorkels?seed=4&pie=0"])
def test_a_whole_game_with_the_keyboard_only(app, server, frag):
    page = open_app(app, server.url + "#" + frag)
    play_with_keys(page, 200)
    assert page.is_visible("#result")
    assert page.text_content("#result-text") == page.text_content("#status")
    assert page.text_content("#announce"), "moves are announced to screen readers"
    shot(page, "keyboard-" + frag.split("?")[0] + "-end")
    page.click("#again")                          # play again: same seats, a new game
    wait_moves(page, 0)
    assert moves(page) == [] and not page.is_visible("#result")


def test_a_click_beside_the_squares_does_nothing_and_raises_nothing(app, server):
    page = app
    open_app(page, server.url + "#snorkels?seed=4")
    box = page.locator("#board svg").bounding_box()
    page.mouse.click(box["x"] + 3, box["y"] + 3)                # the frame, not a square
    page.dispatch_event("#choices", "click")                   # a panel, not a button
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")                                # the skip link, then Enter on the board
    page.wait_for_timeout(300)
    assert moves(page) == [] or len(moves(page)) == 1
    assert [m for m in page.watch.console if "Traceback" in m or "Error" in m] == []


def test_hint_and_evaluation_in_every_game(app, server):
    """The worker's best move at the current level, marked and not played; the winning chance bar."""
    page = app
    open_app(page, server.url + "#snorkels?v=1")
    page.wait_for_selector("body[data-ai='ready']", timeout=90000)
    page.check("#eval-toggle")
    for gid, cls in GAMES.items():
        page.evaluate(f"location.hash = '{gid}?v=1'")
        page.wait_for_function(f"window.spielkiste().startsWith('{gid}')")
        if cls.player_counts == (1,):               # the solitaire has its own hint (a tool of the game)
            assert page.is_hidden("#btn-hint") and page.is_hidden("#eval-row")
            continue
        page.click("#btn-hint")
        page.wait_for_function("/: \\S/.test(document.querySelector('#tool-result').textContent)", timeout=60000)
        hinted = page.text_content("#tool-result").split(": ", 1)[1]
        assert moves(page) == [], "a hint is not played"
        cells = page.eval_on_selector_all("[data-cell].hint", "e => e.map(x => x.dataset.cell)")
        assert all(c.upper() in hinted.upper() for c in cells) and (cells or not any(ch.isdigit() for ch in hinted))
        value = page.get_attribute("#evalbar", "data-value")
        assert value is not None and 0 <= int(value) <= 100
        assert page.is_visible("#evalbar") and "%" in page.text_content("#eval-text")
