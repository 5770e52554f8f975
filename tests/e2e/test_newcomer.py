"""A first visit without surprises (issue 36): what a newcomer met on a phone and a desktop. The
page stays where it is after a move, the evaluation bar speaks for one side in both languages,
teams are named by their partners, the result shows once, nothing jumps when the computer starts
thinking or a choice appears, every game says its goal and its set-up, the move list reads in
rounds and a hint is an arrow."""
import json
import random
import re

import pytest
from conftest import Watch, moves, open_app, shot, wait_moves
from spielkiste.record import Record
from spielkiste.registry import GAMES, get_game
from spielkiste.texts import t
from spielkiste_web import links, ui_texts  # noqa: F401  (the page's own keys belong to the table too)

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 860}}


def fresh(browser, url, lang="en", device=DESKTOP):
    """A new profile in `lang` (the page follows the browser's language on a first visit)."""
    context = browser.new_context(locale="de-DE" if lang == "de" else "en-GB", **device)
    page = context.new_page()
    page.watch = Watch(page)
    return open_app(page, url)


def on(shared, url, lang="en"):
    """The worker's booted page (`app`, or `phone_app` for a phone) at `url`, in `lang`, chosen in the
    language menu (a fresh profile would take it from the browser's language)."""
    page = open_app(shared, url)
    if lang != "en":
        page.select_option("#lang", lang)
    return page


def close(page):
    assert page.watch.errors == [], page.watch.errors
    assert page.watch.foreign() == []
    page.context.close()


def played(gid, n, seed=1, options=None):
    """A record of `gid` after `n` random moves (fewer if the game ends first)."""
    rnd = random.Random(seed)
    rec = Record.new(get_game(gid), options or {})
    while len(rec.moves) < n and rec.current.result is None:
        rec.play(rnd.choice(rec.current.legal_moves()))
    return rec


def tap_a_target(page):
    """Taps a square the page offers (the board is on screen, so no scrolling is needed to reach it)."""
    cells = page.query_selector_all("[data-cell].target")
    assert cells, "no square to tap"
    cells[len(cells) // 2].tap()


def scroll_y(page):
    return page.evaluate("window.scrollY")


def record(page, expr):
    """Records the value of the JS expression `expr` at every frame from now on (read by `recorded`),
    so a jump that lasts only while the computer thinks is seen too; until stop_recording(page)."""
    page.evaluate(f"() => {{ window.seen = new Set(); const me = window.recording = (window.recording || 0) + 1; "
                  f"const f = () => {{ if (window.recording !== me) return; window.seen.add({expr}); "
                  "requestAnimationFrame(f); }; f(); }")


def stop_recording(page):
    """Ends record()'s loop (the shared booted page goes on to the next test)."""
    page.evaluate("window.recording = 0")


def recorded(page):
    return page.evaluate("[...window.seen]")


@pytest.mark.parametrize("gid", ["snorkels", "drei"])
def test_a_phone_page_stays_where_it_is_after_every_move(phone_app, server, gid):
    """Defect 1: the move list kept its current move in view with scrollIntoView, which scrolled the
    whole page on a phone and pushed the board's top rows off the screen after every move."""
    page = on(phone_app, server.url + "#" + gid, "de")      # a bare link: against the computer
    page.evaluate("window.scrollTo(0, 59)")
    assert scroll_y(page) == 59
    for _ in range(6):
        if page.is_visible("#result"):
            break
        before = len(moves(page))
        tap_a_target(page)
        wait_moves(page, before + 1)
        assert scroll_y(page) == 59, "the page scrolled after the player's move"
        if page.is_visible("#result"):
            break
        wait_moves(page, before + 2, timeout=90000)
        page.wait_for_selector("body[data-thinking='0']")
        assert scroll_y(page) == 59, "the page scrolled after the computer's move"
    assert len(moves(page)) >= 6
    shot(page, f"newcomer-phone-{gid}-de")


def test_a_long_move_list_keeps_its_current_move_in_view_inside_the_list(app, server):
    """The list scrolls itself to the current move, at either end, and the page does not move."""
    rec = played("snorkels", 40, seed=3, options={"pie": False})
    page = open_app(app, server.url + "#" + links.to_fragment(rec))
    in_view = """() => { const l = document.getElementById('movelist').getBoundingClientRect();
        const c = document.querySelector('#movelist [aria-current]').getBoundingClientRect();
        return c.top >= l.top - 1 && c.bottom <= l.bottom + 1; }"""
    assert page.evaluate("document.getElementById('movelist').scrollHeight > "
                         "document.getElementById('movelist').clientHeight + 100"), "the list must overflow"
    y = scroll_y(page)
    assert page.evaluate(in_view)                            # the last move, at the list's bottom
    page.click("#btn-first")
    page.click("#btn-redo")
    assert page.get_attribute("#movelist [aria-current]", "data-ply") == "1"
    assert page.evaluate(in_view) and page.evaluate("document.getElementById('movelist').scrollTop") == 0
    page.click("#btn-last")
    assert page.evaluate(in_view) and scroll_y(page) == y


def test_the_move_list_reads_in_rounds(app, server):
    """Two players: one row per round ("1. C3 F2"), each move still a button of its own."""
    page = app
    rec = played("snorkels", 5, options={"pie": False})
    open_app(page, server.url + "#" + links.to_fragment(rec))
    rows = page.eval_on_selector_all("#movelist li", "els => els.map(li => "
                                     "[...li.querySelectorAll('button')].map(b => b.textContent))")
    assert rows == [rec.moves[0:2], rec.moves[2:4], rec.moves[4:5]]
    assert moves(page) == rec.moves
    assert page.get_attribute("#movelist li:nth-child(3) button", "aria-current") == "true"


# the bar as a player sees it (before issue 36: its one text line, on a white and black bar)
EVAL_STATE = """JSON.stringify({seat: document.getElementById('evalbar').dataset.seat,
    side: (document.getElementById('eval-side') || document.getElementById('eval-text')).textContent,
    number: document.getElementById('eval-text').textContent,
    fill: getComputedStyle(document.querySelector('.evalfill')).backgroundColor,
    rest: getComputedStyle(document.querySelector('.evaltrack')
                           || document.getElementById('evalbar')).backgroundColor})"""


def test_the_evaluation_bar_speaks_for_one_side_in_its_colours_and_language(app, server):
    """Defect 3 (and 9): the bar showed the side to move, so it flipped with every move, in white
    and black, and stayed English after a switch to German. Now: the human's side throughout, in
    the seats' colours (Purple filled against Green), the number on the bar."""
    page = open_app(app, server.url + "#snorkels?pie=0&seed=4")
    page.select_option("#seats select[data-seat='1']", "computer")
    page.check("#eval-toggle")
    record(page, EVAL_STATE)
    for n in range(4):
        tap_a_target(page)
        wait_moves(page, 2 * n + 2, timeout=90000)               # the computer (Green) thought, too
        page.wait_for_selector("body[data-thinking='0']")
        page.wait_for_function("document.getElementById('eval-text').textContent !== ''")
    seen = [json.loads(s) for s in recorded(page)]
    stop_recording(page)
    numbers = [s for s in seen if s["number"]]
    assert len(numbers) >= 4
    assert {s["side"] for s in seen} == {"Purple's winning chance"} and {s["seat"] for s in seen} == {"0"}
    piece = "getComputedStyle(document.querySelector('#board .c-{} .body > *')).fill"
    purple, green = page.evaluate(piece.format("purple")), page.evaluate(piece.format("green"))
    assert {(s["fill"], s["rest"]) for s in seen} == {(purple, green)}      # the pieces' own colours
    assert all(re.fullmatch(r"\d{1,3}%", s["number"]) for s in numbers)
    shot(page, "newcomer-eval-en")
    page.select_option("#lang", "de")
    assert page.text_content("#eval-side") == "Gewinnchance für Lila"
    assert re.fullmatch(r"\d{1,3} %", page.text_content("#eval-text"))


def test_teams_are_named_by_their_partners(app, server):
    """Defect 9: "Teams 1 / Teams 2" said nothing; the seats and the new-game dialog name partners."""
    page = app
    open_app(page, server.url + "#weltreich?players=4&teams=1")
    state = GAMES["weltreich"].new({"players": 4, "teams": True})
    names = [t("colour." + state.seat_colour(s)) for s in range(4)]
    first, second = f"{names[0]} + {names[1]}", f"{names[2]} + {names[3]}"
    labels = page.eval_on_selector_all("#seats .team", "els => els.map(e => e.textContent)")
    assert labels == [f"with {names[1]}", f"with {names[0]}", f"with {names[3]}", f"with {names[2]}"]
    page.click("#btn-new")
    assert page.text_content("#newgame-seats .partners") == f"Partners: {first} against {second}."
    page.uncheck("#newgame-options [data-option='teams']")
    assert page.locator("#newgame-seats .partners").count() == 0
    page.click("#newgame-cancel")


def test_the_result_shows_once(phone_app, server):
    """Defect 9: at the end the result stood in the result box and again, in red, in the status."""
    rec = played("snorkels", 200, seed=2, options={"pie": False})
    assert rec.current.result is not None
    page = on(phone_app, server.url + "#" + links.to_fragment(rec), "de")
    result = page.text_content("#result-text")
    shown = page.evaluate("""text => [...document.querySelectorAll('#side *')].filter(e =>
        e.children.length === 0 && e.textContent === text && e.getBoundingClientRect().width > 1).length""", result)
    assert page.is_visible("#result") and shown == 1


def test_controls_stay_put_when_a_choice_or_the_computer_comes(phone_app, app, server):
    """Defect 9: the choice buttons (the pie rule's swap) and the "thinking" line pushed the
    controls down and back; the row they share keeps its height."""
    for shared in (phone_app, app):
        page = on(shared, server.url + "#snorkels?seed=4", "de")
        record(page, "Math.round(document.getElementById('btn-new').getBoundingClientRect().top + window.scrollY)")
        page.locator("[data-cell].target").first.click()
        page.wait_for_selector("#choices button")                      # Green may swap
        page.select_option("#seats select[data-seat='1']", "computer")
        wait_moves(page, 2, timeout=90000)
        page.wait_for_selector("body[data-thinking='0']")
        assert len(recorded(page)) == 1, recorded(page)
        stop_recording(page)


def test_an_embed_keeps_its_height_over_computer_moves(browser, server):
    """Defect 5's height: an embed reports its board and side panel's height to its host; the panel
    grew by the "thinking" line on each computer move, so the host page jumped."""
    page = fresh(browser, server.url + "?embed&seats=hc#snorkels?seed=4&pie=0", "de",
                 {"viewport": {"width": 420, "height": 640}, "has_touch": True})
    record(page, "document.getElementById('side').getBoundingClientRect().height")
    for n in range(5):
        tap_a_target(page)
        wait_moves(page, 2 * n + 2, timeout=90000)
        page.wait_for_selector("body[data-thinking='0']")
        if page.is_visible("#result"):          # the end of the game brings its result box: that may grow
            break
        assert len(recorded(page)) == 1, recorded(page)
    assert n >= 2, "the game ended too soon to tell"
    shot(page, "newcomer-embed-de")
    close(page)


def test_the_two_phone_buttons_rows_never_wrap(phone_app, server):
    """Defect 9: « ‹ › » stay on one row on a phone, in the longer German labels too."""
    page = on(phone_app, server.url + "#snorkels", "de")
    tops = [page.locator(f"#{b}").bounding_box()["y"] for b in ("btn-first", "btn-undo", "btn-redo", "btn-last")]
    assert len(set(tops)) == 1, tops


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_game_says_its_goal(app, server, lang):
    """A newcomer's first minute: a one-line goal under each game's name, in the page's language."""
    page = open_app(app, server.url + "#snorkels")
    if lang != "en":
        page.select_option("#lang", lang)       # the language menu (the booted page starts in English)
    for gid in GAMES:
        page.evaluate(f"location.hash = '{gid}'")
        page.wait_for_function(f"window.spielkiste().startsWith('{gid}')")
        assert page.text_content("#game-goal") == t("goal." + gid, lang)
    page.evaluate("location.hash = 'snorkels'")
    page.wait_for_function("window.spielkiste().startsWith('snorkels')")
    shot(page, f"newcomer-goal-{lang}")


@pytest.mark.parametrize("frag, says", [
    ("ziggurats?foundations=2", {"en": "hatched squares are closed", "de": "schraffierte Felder sind gesperrt"}),
    ("surikata?mounds=hand", {"en": "hide the squares behind them", "de": "verdecken dem Erdmännchen"}),
    ("snorkels?stones=2&setup=hand", {"en": "block breathing tubes", "de": "blockieren Atemschläuche"}),
])
def test_set_up_phases_explain_themselves(app, server, frag, says):
    page = open_app(app, server.url + "#" + frag)                          # options: every seat human
    for lang in ("en", "de"):
        if lang != "en":
            page.select_option("#lang", lang)   # the language menu (the booted page starts in English)
        assert says[lang] in page.text_content("#status-extra")


def test_an_open_gate_says_what_to_click(app, server):
    """Das Tor: before the buttons appear, the status says to click the gate's centre."""
    page = app
    rec = Record.new(get_game("tor"), {})
    rnd = random.Random(0)
    while rec.current.gate < 0:                   # a real game until a gate opens (48 moves)
        rec.play(rnd.choice(rec.current.legal_moves()))
    open_app(page, server.url + "#" + links.to_fragment(rec))
    gate = rec.current.move_input(rec.current.legal_moves()[0])[0][0]
    assert f"Click the centre {gate}" in page.text_content("#status-extra")
    shot(page, "newcomer-tor-gate-en")


def test_a_hint_is_an_arrow_from_the_piece_to_its_target(app, server):
    """The hint was a faint square; now an arrow for a move, a ring for a placement."""
    page = app
    open_app(page, server.url + "#blockade?v=1")
    page.wait_for_selector("body[data-ai='ready']", timeout=90000)
    page.click("#btn-hint")
    page.wait_for_selector("#board .hint-ring, #board .hint-arrow", state="attached", timeout=60000)
    hinted = page.text_content("#tool-result").split(": ", 1)[1]
    assert page.locator("#board .hint-ring").count() == 1 and len(re.findall(r"[A-L]\d+", hinted)) == 1
    rec = played("weltreich", 2)
    page.evaluate(f"location.hash = '{links.to_fragment(rec)}'")
    page.wait_for_function("window.spielkiste().includes('m=')")
    page.click("#btn-hint")
    page.wait_for_selector("#board .hint-arrow", state="attached", timeout=60000)
    points = page.get_attribute("#board .hint-arrow", "points").split()
    assert len(points) >= 2
    shot(page, "newcomer-hint-arrow-en")


def test_stacks_in_the_top_row_stay_inside_the_frame(app, server):
    """Defect 9: Ziggurats' towers on the top row drew over the board's frame; it grows with them."""
    page = app
    for seed in range(50):                              # a real game that builds three high on row 1
        rec = played("ziggurats", 80, seed=seed)
        if any(p.level >= 3 and p.cell[1:] == "1" for p in rec.current.view().pieces):
            break
    else:
        pytest.fail("no game built three high on row 1")
    open_app(page, server.url + "#" + links.to_fragment(rec))
    above = page.evaluate("""() => { const frame = document.querySelector('#board .frame').getBoundingClientRect();
        return [...document.querySelectorAll('#board [data-piece]')].filter(p =>
            p.getBoundingClientRect().top < frame.top - 0.5).map(p => p.dataset.piece); }""")
    assert above == []
    shot(page, "newcomer-ziggurats-top-row-en")
