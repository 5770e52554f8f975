"""Sound (issue 34): nothing before the player's first interaction, a sound for each move after it,
the header's switch silences every sound and is kept, and an embed is silent unless its host asks."""
from conftest import Watch, open_app, place_in_the_centre, wait_moves

# counts every oscillator the page starts, whatever the app itself reports
COUNT = """window.__tones = 0;
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...a) { window.__tones++; return start.apply(this, a); };"""


def fresh(browser, url):
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    ctx.add_init_script(COUNT)
    page = ctx.new_page()
    page.watch = Watch(page)
    return ctx, open_app(page, url)


def tones(page):
    return page.evaluate("window.__tones")


def test_no_sound_before_a_touch_then_one_per_move_and_the_switch_silences_all(browser, server):
    ctx, page = fresh(browser, server.url + "#snorkels?m=D4")
    page.select_option("#seats select[data-seat='1']", "computer")    # the computer moves ...
    wait_moves(page, 2)
    page.wait_for_selector("body[data-thinking='0']")
    assert tones(page) == 0                                           # ... and nobody had touched the page
    place_in_the_centre(page)                                         # a click: the player's move sounds,
    wait_moves(page, 4)                                               # then the computer's
    page.wait_for_selector("body[data-thinking='0']")
    page.wait_for_function("window.__tones >= 3")                     # a move (1 tone) + the computer's (2)
    assert page.get_attribute("#btn-sound", "aria-pressed") == "true"
    page.click("#btn-sound")
    assert page.get_attribute("#btn-sound", "aria-pressed") == "false"
    silent = tones(page)
    place_in_the_centre(page)
    wait_moves(page, 6)
    page.wait_for_selector("body[data-thinking='0']")
    assert tones(page) == silent
    page.reload()                                                     # the switch is kept
    page.wait_for_selector("body[data-ready='1']", timeout=90000)
    assert page.get_attribute("#btn-sound", "aria-pressed") == "false"
    ctx.close()


def test_an_embed_is_silent_unless_its_host_asks(browser, server):
    for query, want in (("?embed", False), ("?embed&sound=1", True)):
        ctx, page = fresh(browser, server.url + query + "#snorkels?m=D4")
        page.locator("[data-cell].target").first.click()
        wait_moves(page, 2)
        page.wait_for_timeout(300)
        assert (tones(page) > 0) == want, query
        ctx.close()
