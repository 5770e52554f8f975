"""The panel's polish (issue 54): Das Tor's gate choice as a popup at the board, next to the gate's
square, reached by the keyboard, and the new piece written as part of the move that opened the gate."""
from conftest import moves, open_app, shot, wait_moves

# A12 opened the gate of B11 (the same game as tests/test_motion.py's TOR)
TOR = ("tor?m=C12-E12,L1-L6,E12-D12,L6-K6,A10-A7,J1-D1,A12-C12,L3-L12,C12-C8,L12-B12,D12-C12,B12-I12,A7-J7,"
       "K6-I6,C8-C7,I6-C6,C12-K12,C6-C8,J7-H7,D1-D10,C7-K7,C8-C10,K12-L12,C10-C3,L12-L6,D10-D12,H7-B7,C3-I3,"
       "L6-C6,I3-I8,K7-J7,I8-I3,J7-A7,I12-F12,B7-B6,D12-L12,C6-E6,I3-G3,E6-E10,L12-J12,A7-A4,F12-F7,B6-H6,"
       "J12-C12,H6-H12,F7-E7,A4-A5,C12-A12")


def test_tor_gate_choice_pops_up_at_the_square_and_joins_its_move(app, server):
    page = open_app(app, server.url + "#" + TOR)
    assert moves(page)[-1] == "C12-A12"
    page.click('#board [data-cell="B11"]')
    page.wait_for_selector("#board-wrap > #choices.pop button")
    got = page.evaluate("""() => {
        const r = document.querySelector('#board [data-cell="B11"]').getBoundingClientRect();
        const p = document.getElementById('choices').getBoundingClientRect();
        return {gap: Math.max(p.top - r.bottom, r.top - p.bottom), dx: Math.abs(p.left - r.left),
                focused: document.activeElement.closest('#choices') !== null,
                labels: [...document.querySelectorAll('#choices button')].map(b => b.textContent)};
    }""")
    assert 0 <= got["gap"] <= 12 and got["dx"] <= 60, got         # beside the square, not in the panel
    assert got["focused"] and len(got["labels"]) == 3, got
    shot(page, "polish-tor-popup")
    page.keyboard.press("Tab")                                      # the keyboard walks the choices
    page.keyboard.press("Enter")                                    # the second: a square
    listed = wait_moves(page, 48)
    page.wait_for_function("[...document.querySelectorAll('#movelist button')].pop().textContent.includes('+')")
    listed = moves(page)
    assert listed[-1] == "C12-A12 +S B11" and "B11S" not in listed and len(listed) == 48
    assert page.locator("#turn-row > #choices").count() == 1         # back in the panel once chosen
    # the analysis tree writes it as one move too, which leads to the position after both plies,
    # and ‹ (the key ArrowLeft) steps back over the whole move
    page.click("#btn-analyse")
    page.wait_for_selector("body[data-room='analysis']")
    tree = page.eval_on_selector_all("#tree-moves button[data-path]:not(.tree-start)",
                                     "els => els.map(e => [e.textContent, e.dataset.path])")
    assert tree[-1][0] == "24…C12-A12 +S B11" and tree[-1][1].endswith("C12-A12,B11S"), tree[-1]
    assert len(tree) == 48 and not any(text.endswith("B11S") for text, _ in tree)
    assert page.get_attribute("#tree-moves button[aria-current='true']", "data-path") == tree[-1][1]
    page.focus("#tree-moves button[aria-current='true']")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"document.querySelector(\"#tree-moves button[aria-current='true']\")"
                           f".dataset.path === {tree[-2][1]!r}")


def test_ziggurats_says_why_a_square_is_closed_and_the_panel_reads_plainly(app, server):
    """German: a tap on a hatched set-up square says the engine's reason in a toast with a small close;
    the playing phase marks where a move starts and says what to do; Learn / Puzzles look like
    buttons; the sound switch's title says which state is on."""
    page = open_app(app, server.url + "#ziggurats?v=1&m=fA1")
    page.select_option("#lang", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    page.click('#board [data-cell="B2"]')
    page.wait_for_selector("#notice:not([hidden])")
    assert page.text_content("#notice-text") == ("B2 ist gesperrt: Fundamente dürfen sich nicht berühren, "
                                                 "auch nicht diagonal.")
    close = page.locator("#notice-close").bounding_box()
    toast = page.locator("#notice").bounding_box()
    assert close["height"] <= 32 and close["width"] <= 32 and close["height"] < toast["height"], (close, toast)
    shot(page, "polish-closed-square-de")
    page.click("#notice-close")
    open_app(page, server.url + "#ziggurats?v=1&m=fA1,fC1,fE1,fA3")          # the playing phase
    page.wait_for_selector("#board .hl-due")
    assert "Setze einen Block aus dem Vorrat auf ein markiertes Feld" in page.text_content("#status-extra")
    looks = page.evaluate("""() => {
        const a = getComputedStyle(document.querySelector('#game-list .learn-link'));
        const b = getComputedStyle(document.querySelector('#game-list .puzzle-link'));
        const ink = getComputedStyle(document.body).color;
        return [a.textDecorationLine, a.borderTopStyle, a.color === ink, b.textDecorationLine, b.borderTopStyle,
                b.color === ink];
    }""")
    assert looks == ["none", "solid", True, "none", "solid", True], looks
    assert page.get_attribute("#btn-sound", "title") == "Ton: an"
    page.click("#btn-sound")
    assert page.get_attribute("#btn-sound", "aria-pressed") == "false"
    assert page.get_attribute("#btn-sound", "title") == "Ton: aus"
    shot(page, "polish-sound-off-de")
    page.select_option("#lang", "en")
    page.wait_for_function("document.getElementById('btn-sound').title === 'Sound: off'")
    page.click("#btn-sound")                                       # on again, as the next test expects
    assert page.get_attribute("#btn-sound", "title") == "Sound: on"


def test_the_rare_buttons_wait_behind_one_tools_menu_on_a_phone(phone_app, server):
    """390 px, German: set up position, rotate, link and pictures sit in the Tools menu (closed at
    first), which opens on a tap, closes on Escape with the focus back on its button, and closes
    once a tool is used; the game's own buttons stay in view."""
    page = open_app(phone_app, server.url + "#sprung?v=1&m=A6-D6")
    page.select_option("#lang", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    rare = ["#btn-edit", "#btn-rotate", "#btn-link", "#btn-svg", "#btn-png"]
    assert not any(page.is_visible(b) for b in rare)
    assert all(page.is_visible(b) for b in ("#btn-new", "#btn-hint", "#btn-undo", "#btn-tools"))
    assert page.text_content("#btn-tools").startswith("Werkzeuge")
    assert page.get_attribute("#btn-tools", "aria-expanded") == "false"
    page.tap("#btn-tools")
    assert all(page.is_visible(b) for b in rare) and page.get_attribute("#btn-tools", "aria-expanded") == "true"
    shot(page, "polish-tools-open-390-de-light")
    page.emulate_media(color_scheme="dark")
    shot(page, "polish-tools-open-390-de-dark")
    page.focus("#btn-rotate")
    page.keyboard.press("Escape")
    assert not page.is_visible("#btn-rotate")
    assert page.evaluate("document.activeElement.id") == "btn-tools"
    before = page.get_attribute("#board g.rot", "transform")
    page.keyboard.press("Enter")                                  # the keyboard opens it too
    page.tap("#btn-rotate")
    page.wait_for_function(f"document.querySelector('#board g.rot').getAttribute('transform') !== {before!r}")
    assert not page.is_visible("#btn-rotate")                     # used: the menu closed
    page.tap("#btn-tools")
    page.tap("#status")                                           # a tap elsewhere closes it
    assert not page.is_visible("#btn-link")
    page.select_option("#lang", "en")


def test_a_hint_on_a_phone_brings_its_mark_into_view(phone_app, server):
    """Found by a probe (390 px, German): the hint's mark is drawn on the board, which a player who
    had scrolled down to the Hint button no longer saw (only "Tipp: D3" below it). The board now
    scrolls into view with the mark."""
    page = open_app(phone_app, server.url + "#snorkels?m=F6,C3,B6")
    page.wait_for_selector("body[data-ai='ready']", timeout=90000)
    page.evaluate("document.getElementById('btn-hint').scrollIntoView({block: 'start'})")     # reading the panel
    assert page.evaluate("document.getElementById('board-wrap').getBoundingClientRect().top") < 0
    page.tap("#btn-hint")
    page.wait_for_selector("#board .hint-ring", state="attached", timeout=60000)
    page.wait_for_function("(() => { const r = document.querySelector('#board .hint-ring').getBoundingClientRect();"
                           " return r.top >= 0 && r.bottom <= innerHeight; })()", timeout=5000)
    assert page.text_content("#tool-result")
