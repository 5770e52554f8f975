"""The walking skeleton end to end in headless Chromium, on Snorkels: choosing, playing by
clicking against the computer in its worker, links, bad links, undo/redo, persistence,
offline after one visit, both languages (embedding from another origin: test_embed.py)."""
import tempfile
import time

import pytest

from conftest import Server, Watch, click_some_targets, moves, open_app, own_profile, plies, shot, tool, wait_moves
from spielkiste.ai import levels
from spielkiste.engine import after
from spielkiste.registry import GAMES
from spielkiste.texts import t
from spielkiste_web import links, ui_texts  # noqa: F401  (ui_texts: the levels below 1)


def pieces(page):
    return sorted(page.eval_on_selector_all(
        "[data-piece]", "els => els.map(e => e.dataset.piece + ' ' + e.getAttribute('class').replace(' fresh', ''))"))


def test_chooser_lists_all_games_and_draws_the_board(page, server):
    open_app(page, server.url)
    games = page.eval_on_selector_all("#game-list button", "els => els.map(e => [e.dataset.game, e.disabled])")
    assert [g for g, _ in games] == list(GAMES) and ("snorkels", False) in [tuple(g) for g in games]
    assert page.locator("#board svg [data-cell]").count() == 49
    labels = page.get_attribute("[data-cell='D4']", "aria-label")
    assert labels.startswith("D4")
    assert "to move" in page.inner_text("#status")
    shot(page, "platform-start")


@pytest.mark.solo
def test_play_against_the_computer_page_stays_responsive(page, server):
    open_app(page, server.url + "#snorkels")
    page.wait_for_selector("body[data-ai='ready']", timeout=90000)    # this test is about the worker
    page.click("#btn-new")
    page.select_option("#level", str(levels.offered("snorkels")[-1]))   # the strongest: about 1 s a move
    page.click("#newgame-start")
    page.hover("[data-cell='C3']")
    assert "target" in page.get_attribute("[data-cell='C3']", "class")
    page.click("[data-cell='C3']")
    page.wait_for_selector("body[data-thinking='1']", timeout=10000)
    assert not page.is_hidden("#thinking")
    # while the worker searches, the main thread keeps drawing frames and answering clicks
    frames = page.evaluate("""() => new Promise(r => { let n = 0; const t0 = performance.now();
        function f() { n++; if (performance.now() - t0 < 1000) requestAnimationFrame(f); else r(n); }
        requestAnimationFrame(f); })""")
    assert frames >= 30, f"only {frames} frames in a second while the computer was thinking"
    tool(page, "#btn-link")
    page.wait_for_selector("#link-text", state="visible", timeout=5000)   # the copy runs as a task
    got = wait_moves(page, 2)
    assert got[0] == "C3"
    last = got[1]
    assert last == "swap" or "layer-last" in page.get_attribute(f"[data-cell='{last}']", "class")
    assert "your turn" in page.inner_text("#status")
    click_some_targets(page, 1)
    wait_moves(page, 4)
    shot(page, "platform-vs-computer")


def test_link_round_trip_in_another_browser(app, browser, server):
    pa = app                           # the worker's booted page; the other browser is a fresh profile
    open_app(pa, server.url + "#snorkels?stones=2&seed=77")
    assert pa.input_value("#seats select[data-seat='1']") == "human"   # a link opens for humans
    click_some_targets(pa, 2)
    box = pa.input_value("#link-text")      # the box, hidden, already holds the game on the board (issue 54)
    assert "stones=2" in box and "m=" in box, box
    tool(pa, "#btn-link")
    pa.wait_for_selector("#link-box:not([hidden])", timeout=5000)
    url = pa.input_value("#link-text")
    assert url == box
    assert url.startswith(server.url) and "m=" in url and "stones=2" in url
    want = pieces(pa)
    b = browser.new_context()          # a separate profile: nothing shared but the link
    pb = b.new_page()
    pb.watch = Watch(pb)
    open_app(pb, url)
    assert moves(pb) == moves(pa)
    assert pieces(pb) == want
    assert pb.locator("[data-piece].shape-stone").count() == 2
    assert pb.watch.errors == []
    b.close()


def test_malformed_links_show_a_message_and_a_fresh_board(app, server):
    page = app
    open_app(page, server.url + "#snorkels")
    cases = [
        ("snorkels?m=D4,D4", "move 2"),
        ("snorkels?stones=9", "stones"),
        ("nosuchgame?m=1", "no game"),
        ("snorkels?p=garbage", "position"),
        ("snorkels?m=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E", "not allowed"),
        ("snorkels?m=D4&m=E4", "twice"),
    ]
    for frag, words in cases:
        page.evaluate(f"location.hash = {frag!r}")
        page.wait_for_selector("#message:not([hidden])", timeout=10000)
        text = page.inner_text("#message-text")
        assert words in text, (frag, text)
        assert page.locator("#board svg [data-cell]").count() == 49
        assert page.locator("img[src='x']").count() == 0
        if words == "move 2":
            shot(page, "platform-bad-link")
        page.click("#message-close")
    # the page still plays
    click_some_targets(page, 1)


def test_undo_redo_and_move_list(app, server):
    page = app
    open_app(page, server.url + "#snorkels?m=D4,E5,C3,B6")
    assert moves(page) == ["D4", "E5", "C3", "B6"]
    page.click("#movelist button[data-ply='2']")
    assert "Viewing the position after 1… E5" in page.inner_text("#status-extra")   # the list's numbering
    assert page.locator("[data-piece]").count() == 2
    page.click("#btn-redo")
    assert page.locator("[data-piece]").count() == 3
    page.click("#btn-last")
    assert page.locator("[data-piece]").count() == 4
    page.keyboard.press("ArrowLeft")
    assert page.locator("[data-piece]").count() == 3
    # both seats human: undo steps one move back
    page.select_option("#seats select[data-seat='1']", "human")
    page.click("#btn-last")
    page.click("#btn-undo")
    assert page.locator("[data-piece]").count() == 3
    # playing from an earlier position drops the moves after it
    page.click("[data-cell='A1']")
    assert moves(page) == ["D4", "E5", "C3", "A1"]


def test_reload_and_reopening_the_browser_restore_the_game(playwright_instance, dist, seed):
    """What a browser profile on disk brings back: its storage (a page of the `browser`'s kind, seeded,
    without the offline copy, whose download, offline reload, update and snapshot are test_install.py's
    and test_snapshot.py's)."""
    srv = Server(dist)
    profile = tempfile.mkdtemp(prefix="spielkiste-profile-")
    try:
        ctx = own_profile(playwright_instance, profile, seed, service_workers="block")
        pg = ctx.new_page()
        open_app(pg, srv.url + "#snorkels?m=D4,E5")
        pg.click("[data-cell='C3']")
        pg.click("#movelist button[data-ply='2']")
        pg.select_option("#seats select[data-seat='1']", "computer")   # viewing history: it waits
        want = (moves(pg), pieces(pg))
        pg.reload()
        pg.wait_for_selector("body[data-ready='1']", timeout=90000)
        assert (moves(pg), pieces(pg)) == want
        ctx.close()
        ctx = own_profile(playwright_instance, profile, seed, service_workers="block")
        pg = ctx.new_page()
        open_app(pg, srv.url)           # no link: the game in progress comes back
        assert (moves(pg), pieces(pg)) == want
        assert pg.input_value("#seats select[data-seat='1']") == "computer"
        assert "Viewing the position after 1… E5" in pg.inner_text("#status-extra")
        ctx.close()         # (a corrupt save at start-up: e2e/test_faults.py::test_a_corrupt_saved_field_...)
    finally:
        srv.stop()


def test_stop_button_and_computer_versus_computer(app, server):
    page = app
    open_app(page, server.url + "#snorkels")
    # the worker's search (before it is ready, the page's own short search moves within 1 s: on a
    # loaded machine it could end before the click)
    page.wait_for_selector("body[data-ai='ready']", timeout=120000)
    page.click("#btn-new")
    page.select_option("#newgame-seats select[data-seat='0']", "computer")
    page.select_option("#newgame-seats select[data-seat='1']", "human")
    page.select_option("#level", str(levels.offered("snorkels")[-1]))   # the strongest: about 1 s a move
    page.click("#newgame-start")
    page.wait_for_selector("body[data-thinking='1']")
    page.wait_for_function("document.querySelector('#thinking-text').textContent.includes('·')", timeout=90000)
    page.click("[data-cell='D4']")          # a tap while it thinks is answered, not dropped without a word (probe)
    page.wait_for_function("!document.getElementById('notice').hidden && document.getElementById('notice-text')"
                           ".textContent.startsWith('The computer is thinking: your move comes after its move')",
                           timeout=5000)
    assert moves(page) == []
    t0 = time.time()
    page.click("#btn-stop")
    wait_moves(page, 1, timeout=10000)
    assert time.time() - t0 < 4, "Move now did not stop the search"
    # computer against computer, at the beginner level (a few iterations, a move drawn with a temperature)
    page.select_option("#seats select[data-seat='1']", "computer")
    page.click("#btn-new")
    page.select_option("#level", "-1")
    page.select_option("#newgame-seats select[data-seat='0']", "computer")
    page.select_option("#newgame-seats select[data-seat='1']", "computer")
    page.click("#newgame-start")
    wait_moves(page, 6, timeout=90000)


def test_the_level_is_shown_and_changed_beside_the_computer_and_kept_after_a_reload(page, server):
    """The new-game dialog says what a level does in plain words; the game panel shows the computer's
    level beside its seat (its rating in the game, or what it does, as the tooltip), changed there
    between moves without a new game, kept by the save over a reload; English and German (issue 53)."""
    open_app(page, server.url + "#snorkels")
    page.click("#btn-new")
    assert page.input_value("#level") == str(levels.DEFAULT_LEVEL)      # a first visit: an easy level
    offered = page.eval_on_selector_all("#level option", "els => els.map(e => +e.value)")
    assert offered == sorted(set(levels.offered("snorkels")) | {levels.DEFAULT_LEVEL})
    page.select_option("#level", "-1")
    assert page.inner_text("#level-note").startswith("Beginner: makes mistakes on purpose")
    top = offered[-1]                                   # Snorkels' strongest offered: strong (the ladder, issue 53)
    page.select_option("#level", str(top))
    note = page.inner_text("#level-note")
    assert t(f"ui.level.about.{top}") in note and "interval" not in note
    assert ("the longer searches played no better than this level" in note) == (top < levels.TOP_LEVEL)
    page.select_option("#level", "1")
    page.click("#newgame-start")
    # the computer's seat's own menu says its level: "Computer: easy" (issue 54: one line per seat)
    menu = "#seats select[data-seat='1']"
    assert page.locator("#seats select").count() == 2 and page.locator("#seats select[data-level]").count() == 0
    assert page.input_value(menu) == "computer" and page.inner_text(f"{menu} option:checked") == "Computer: easy"
    labels = page.eval_on_selector_all(f"{menu} option", "els => els.map(e => e.textContent)")
    assert labels == ["Human"] + [f"Computer: {t('ui.level.' + str(k))}" for k in offered]
    assert page.eval_on_selector_all("#seats select option", "els => els.map(e => e.textContent)") == labels * 2
    boxes = [page.locator(f"#seats select[data-seat='{s}']").bounding_box() for s in (0, 1)]
    assert boxes[0]["width"] == boxes[1]["width"]                   # the same options: the same width
    rated = levels.rating("snorkels", 1)
    tip = page.get_attribute(menu, "title")
    assert tip == (f"Rating in Snorkels: about {rated[0]} (a novice: {levels.NOVICE_RATING})" if rated
                   else "Easy: always plays the best move it finds in a short search."), tip
    click_some_targets(page, 1)
    wait_moves(page, 2, timeout=60000)                  # the computer answered at level 1
    page.wait_for_selector("body[data-thinking='0']")
    page.select_option(menu, label=f"Computer: {t(f'ui.level.{top}')}")   # between moves, no new game
    page.wait_for_function("Object.values(localStorage).some(v => /\"level\": *%d[,}]/.test(v.split('\\\\').join('')))"
                           % top)
    assert len(moves(page)) == 2 and page.input_value(menu) == "computer"
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=90000)
    assert page.inner_text(f"{menu} option:checked") == f"Computer: {t(f'ui.level.{top}')}" and len(moves(page)) == 2
    assert page.inner_text("#seats select[data-seat='0'] option:checked") == "Human"
    page.select_option("#lang", "de")
    assert page.inner_text(f"{menu} option:checked") == f"Computer: {t(f'ui.level.{top}', 'de')}"
    assert page.get_attribute(menu, "aria-label") == "Platz 2"
    click_some_targets(page, 1)
    wait_moves(page, 4, timeout=60000)                  # and the game goes on at the new level
    page.click("#btn-new")
    assert page.input_value("#level") == str(top)       # the next game's level too
    page.select_option("#level", "-1")
    assert page.inner_text("#level-note").startswith("Anfänger: macht absichtlich Fehler")
    page.click("#newgame-cancel")
    shot(page, "platform-level-in-panel")


def test_new_game_options_stones_by_hand_and_no_pie(app, server):
    page = app
    open_app(page, server.url + "#snorkels")
    page.click("#btn-new")
    page.uncheck("#newgame-options [data-option='pie']")
    page.select_option("#newgame-options [data-option='stones']", "2")
    page.select_option("#newgame-options [data-option='setup']", "hand")
    page.select_option("#newgame-seats select[data-seat='1']", "human")
    page.click("#newgame-start")
    assert "place stone 1 of 2" in page.inner_text("#status-extra")
    page.click("[data-cell='B2']")
    page.click("[data-cell='F6']")
    assert page.locator("[data-piece].shape-stone").count() == 2
    page.click("[data-cell='D4']")
    assert page.locator("#choices button").count() == 0      # no pie rule: no swap offered
    assert moves(page) == ["sB2", "sF6", "D4"]
    assert "pie=0" in page.evaluate("location.hash")


def test_pie_swap_button_and_german(app, server):
    page = app
    open_app(page, server.url + "#snorkels?m=D4")
    page.select_option("#lang", "de")
    assert "ist am Zug" in page.inner_text("#status")
    btn = page.locator("#choices button")
    assert btn.count() == 1 and "tauschen" in btn.inner_text()
    btn.click()
    assert moves(page)[-1] == "swap"
    assert page.inner_text("#seats li.to-move").startswith("Grün")
    shot(page, "platform-german")


def test_rules_page_and_its_examples(app, server):
    page = app
    open_app(page, server.url + "#snorkels")
    page.click("#btn-rules")
    page.wait_for_selector("#rules-text h2")
    assert page.text_content("#rules h1") == "Rules" and page.inner_text("#rules-text h2") == "Snorkels"
    assert page.locator("#play").is_hidden()                      # the rules replace the board ("Back")
    assert page.locator("#rules").bounding_box()["y"] < 150        # where the board was, not below the game list
    assert page.inner_text("#rules-close") == "Back to the board"
    assert page.locator("#rules-text .ours").count() >= 2
    # keyboard: opened, the focus is on the rules' heading; Shift+Tab reaches "Back", Enter returns
    # to the board with the focus on the Rules button again
    assert page.evaluate("document.activeElement.id") == "rules-title"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.id") == "rules-close"
    shot(page, "platform-rules-page")
    page.keyboard.press("Enter")
    page.wait_for_selector("#rules", state="hidden")
    assert page.evaluate("document.activeElement.id") == "btn-rules"
    page.keyboard.press("Enter")
    page.wait_for_selector("#rules-text h2")
    page.click("#rules-text a.example:has-text('A2')")
    page.wait_for_selector("#rules", state="hidden")
    assert page.locator("#play").is_visible()
    assert page.locator("[data-piece]").count() == 10
    page.click("[data-cell='A2']")
    assert page.inner_text("#status") == "Green captured: Purple wins."
    assert "layer-captured" in page.get_attribute("[data-cell='A1']", "class")
    shot(page, "platform-rules-example")
    # the manifest makes the app installable; its icons are served
    for path in ("manifest.webmanifest", "assets/icon-192.png", "assets/icon-512.png", "assets/icon.svg"):
        assert page.request.get(server.url + path).ok


def test_solitaire_hint_and_solvability_from_the_worker(app, server):
    page = app
    open_app(page, server.url + "#solitaire?v=1")
    assert page.locator("#seats li").count() == 1
    page.click("#tools button[data-tool='hint']")
    page.wait_for_function("document.querySelector('#tool-result').textContent.length > 0 && "
                           "!document.querySelector('#tool-result').textContent.includes('…')", timeout=90000)
    assert page.locator("[data-cell].selected").count() == 1      # the hinted piece is picked up
    target = page.locator("[data-cell].target").first
    assert page.locator("[data-cell].target").count() >= 1
    target.click()
    assert len(moves(page)) == 1
    page.click("#tools button[data-tool='solvable']")
    page.wait_for_function("document.querySelector('#tool-result').textContent.length > 0 && "
                           "!document.querySelector('#tool-result').textContent.includes('…')", timeout=90000)
    shot(page, "platform-solitaire-hint")


def test_a_seat_menu_stepped_through_with_the_arrow_keys_takes_the_level_it_rests_on(page, server):
    """A keyboard player steps the computer's seat menu down with the arrow keys while that seat is to
    move: a closed menu changes at every key, and the computer moved at once at the first level on the
    way (found by a probe). Now the change waits until the keys rest: no search starts while they
    step, and the one move then comes from the level the menu rests on."""
    open_app(page, server.url + "#snorkels")
    menu = "#seats select[data-seat='1']"
    page.select_option(menu, "human")                     # two humans: Green's turn will wait for us
    page.wait_for_function(f"document.querySelector(\"{menu}\").value === 'human'")
    click_some_targets(page, 1)
    wait_moves(page, 1, timeout=60000)
    labels = page.eval_on_selector_all(f"{menu} option", "els => els.map(e => e.textContent)")
    page.focus(menu)
    for _ in range(3):
        page.keyboard.press("ArrowDown")
        page.wait_for_timeout(120)
    assert page.get_attribute("body", "data-thinking") != "1" and len(moves(page)) == 1, "a level on the way moved"
    wait_moves(page, 2, timeout=60000)
    assert page.inner_text(f"{menu} option:checked") == labels[3]
    page.wait_for_function("Object.values(localStorage).some(v => /\"level\": *%d[,}]/.test(v.split('\\\\').join('')))"
                           % levels.offered("snorkels")[2])


SAMPLER = """() => { window.marks = []; window.sampler = setInterval(() => {
  const t = document.body.dataset.thinking; if (window.marks[window.marks.length - 1] !== t) window.marks.push(t);
}, 5); }"""


def test_the_thinking_marker_stays_on_through_a_computer_bonus_chain(page, server):
    """Schaff den Sprung: the computer's turn here is a chain of bonus moves (each its own search and
    ply). body[data-thinking] (and the thinking row) stayed on 0 for 60-200 ms between them while the
    status still said the computer was thinking (found by a probe): a script waiting for the marker
    went on in the middle of the turn. Now it goes to 0 once, when the turn's last move is on the board.
    Every move Blue has here earns a bonus, so the turn is a chain whatever the computer picks (an
    earlier position left that to its choice, and one CI run saw a single move)."""
    link = "sprung?m=A4-D4,A9-D9,stop,B4-E4"
    blue = links.from_fragment(link).current
    assert blue.to_move == 1 and all(after(blue, m).bonus >= 0 and after(blue, m).to_move == 1
                                     for m in blue.legal_moves())
    open_app(page, server.url + "#" + link)
    start = plies(page)
    page.evaluate(SAMPLER)
    page.select_option("#seats select[data-seat='1']", "computer")
    page.wait_for_function("window.marks.includes('1') && document.body.dataset.thinking === '0'", timeout=60000)
    page.wait_for_timeout(500)
    marks = page.evaluate("clearInterval(window.sampler), window.marks")
    assert plies(page) - start >= 2, "the computer's turn was no chain here"
    assert len(moves(page)[-1].split(" ")) == plies(page) - start      # and the list writes it as one move
    assert marks[marks.index("1"):] == ["1", "0"], marks
