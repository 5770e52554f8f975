"""What a player meets after an action (a newcomer's playthrough, stop 45): after a language switch
no bar speaks the old language; the course offered to a newcomer leaves the board free once they
play and is not offered again once begun; "Back to the game" from another game's course returns to
the game in progress; My games lists no game that was only looked at, and a game deleted from it
comes back with one tap."""
from conftest import moves, open_app, place_in_the_centre, route, wait_moves
from spielkiste.ai import levels
from spielkiste.texts import t
from spielkiste_web import ui_texts  # noqa: F401  (the page's own keys belong to the table too)


def test_a_language_switch_says_the_bars_again_and_drops_the_old_languages_answers(app, server):
    page = open_app(app, server.url + "#snorkels")
    page.wait_for_selector("#notice:not([hidden]) #notice-action")           # a first visit: the course offered
    page.select_option("#lang", "de")
    assert page.inner_text("#notice-text") == t("ui.learn.offer", "de", game=t("game.snorkels", "de"))
    assert page.inner_text("#notice-action") == t("ui.learn.offer_action", "de")
    page.select_option("#lang", "en")
    assert page.inner_text("#notice-text") == t("ui.learn.offer", "en", game=t("game.snorkels", "en"))
    # a hint's answer is the worker's, in the language it was asked in: gone with the switch
    page.wait_for_selector("body[data-ai='ready']", timeout=90000)
    page.click("#btn-hint")
    page.wait_for_function("/: \\S/.test(document.querySelector('#tool-result').textContent)", timeout=60000)
    page.select_option("#lang", "de")
    assert page.text_content("#tool-result") == ""
    # an unreadable link: its reason ends a sentence of its own; the worker's reason is closed by a switch
    route(page, "snorkels?m=ZZ9")
    page.wait_for_selector("#message:not([hidden])")
    said = page.inner_text("#message-text")
    assert said.endswith(". " + t("ui.link_bad_kept", "de", why="").strip()), said
    page.select_option("#lang", "en")
    assert page.is_hidden("#message")


def test_the_course_offer_makes_way_and_another_games_course_returns_to_the_game(app, server):
    page = open_app(app, server.url + "#snorkels")
    page.wait_for_selector("#notice:not([hidden]) #notice-action")
    place_in_the_centre(page)                                    # the player plays: the offer makes way
    page.wait_for_selector("#notice", state="hidden")
    mine = wait_moves(page, 2, timeout=90000)
    page.wait_for_selector("body[data-thinking='0']")
    # Aufstellen's course from the game list, then back: the Snorkels game in progress
    page.click("#game-list a[data-learn='aufstellen']")
    page.wait_for_selector("#learn:not([hidden])")
    page.click("#learn-back")
    page.wait_for_selector("#learn", state="hidden")
    page.wait_for_function(f"document.querySelectorAll('#movelist button').length === {len(mine)}")
    assert moves(page) == mine and page.inner_text("#game-title").startswith("Snorkels")
    assert page.evaluate("location.hash").startswith("#snorkels?")
    # Aufstellen itself: its course was opened, so it is not offered again
    page.click("#game-list button[data-game='aufstellen']")
    page.wait_for_function("window.spielkiste().startsWith('aufstellen')")
    page.wait_for_timeout(300)
    assert page.is_hidden("#notice") or "Aufstellen" not in page.inner_text("#notice-text")
    # My games: the Aufstellen only looked at is no game yet; the Snorkels game is
    page.click("#mygames-box summary")
    page.wait_for_selector("#mygames li")
    rows = page.locator("#mygames li")
    assert rows.count() == 1 and rows.first.inner_text().startswith("Snorkels")
    # deleted with one tap, back with one tap
    rows.first.locator("button.delete").click()
    assert rows.count() == 0
    assert page.inner_text("#notice-text") == t("ui.mygames_deleted", "en", game="Snorkels")
    page.click("#notice-action")
    page.wait_for_function("document.querySelectorAll('#mygames li').length === 1")
    rows.first.locator("button[data-uid]").click()
    page.wait_for_function(f"document.querySelectorAll('#movelist button').length === {len(mine)}")
    assert moves(page) == mine


COUNT_HISTORY = """() => { window.__replaced = 0; const plain = history.replaceState.bind(history);
    history.replaceState = (...a) => { window.__replaced += 1; return plain(...a); }; }"""


def test_the_address_is_rewritten_only_when_it_changes(app, server):
    """The page writes the game's link and kept game into the history entry after every snapshot; an
    unchanged one is not written again (each write is a round trip to the browser's process, and the
    browser refuses more than a few hundred in a short while), a changed one is, and a reload still finds
    the kept game."""
    page = open_app(app, server.url + "#snorkels")
    place_in_the_centre(page)
    wait_moves(page, 2, timeout=90000)
    page.wait_for_selector("body[data-thinking='0']")
    page.evaluate(COUNT_HISTORY)
    page.select_option("#lang", "de")            # the same position drawn again, in German
    page.select_option("#lang", "en")
    page.click("#btn-rules")
    page.click("#rules-close")
    assert page.evaluate("window.__replaced") == 0
    page.click("#btn-undo")                      # another position: another link
    assert page.evaluate("window.__replaced") >= 1
    assert page.evaluate("location.hash") == "#" + page.evaluate("window.spielkiste()")
    uid = page.evaluate("history.state.uid")
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=90000)
    assert page.evaluate("history.state.uid") == uid
    assert moves(page) != []


CAPTION = """async ([lang, frag]) => {
    const html = await (await fetch('./rules/snorkels.' + lang + '.html')).text();
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const a = [...doc.querySelectorAll('a.example')].find(a => a.getAttribute('href') === '#' + frag);
    a.querySelectorAll('svg').forEach(s => s.remove());
    return a.textContent.split(/\\s+/).filter(Boolean).join(' ');
}"""


def test_examples_and_the_way_back_leave_the_game_in_view_and_the_words_in_one_language(app, server):
    """A player's findings (stop 46): a rules example's caption stayed English after a switch to German;
    after two examples and the browser's Back to the player's own game, the notice still offered "Back to
    your game" (its button did nothing) and the page stayed scrolled past the board's top."""
    page = open_app(app, server.url + "#snorkels")
    place_in_the_centre(page)
    wait_moves(page, 2, timeout=90000)
    page.wait_for_selector("body[data-thinking='0']")
    mine = page.evaluate("window.spielkiste()")
    page.click("#btn-rules")
    first = page.locator("#rules-text a.example").nth(0)
    frag = first.get_attribute("href").lstrip("#")
    first.click()
    page.wait_for_selector("#example-bar:not([hidden])")
    assert page.inner_text("#example-caption") == page.evaluate(CAPTION, ["en", frag])
    page.select_option("#lang", "de")
    page.wait_for_function("cap => document.querySelector('#example-caption').textContent === cap",
                           arg=page.evaluate(CAPTION, ["de", frag]))
    page.select_option("#lang", "en")
    page.wait_for_function("cap => document.querySelector('#example-caption').textContent === cap",
                           arg=page.evaluate(CAPTION, ["en", frag]))
    page.click("#ex-rules")
    page.click("#rules-close")
    page.click("#btn-rules")
    page.locator("#rules-text a.example").nth(1).click()
    page.wait_for_function("frag => window.spielkiste() === frag",
                           arg=page.locator("#rules-text a.example").nth(1).get_attribute("href").lstrip("#"))
    page.go_back()
    page.wait_for_function("frag => window.spielkiste() === frag", arg=frag)
    assert page.is_visible("#notice") and page.inner_text("#notice-action") == "Back to your game"
    page.go_back()
    page.wait_for_function("mine => window.spielkiste() === mine", arg=mine)
    assert page.is_hidden("#notice") and page.is_hidden("#example-bar")
    top = page.evaluate("document.querySelector('#board-wrap').getBoundingClientRect().top")
    assert 0 <= top < 860, top


def test_my_games_in_another_tab_lists_what_this_tab_keeps(app, server):
    """A player's finding (stop 46): My games in a second tab kept the first tab's old list (a game's
    old move count, a game started meanwhile missing) until it was closed and opened again."""
    page = open_app(app, server.url + "#snorkels")
    place_in_the_centre(page)
    wait_moves(page, 2, timeout=90000)
    page.wait_for_selector("body[data-thinking='0']")
    other = page.context.new_page()
    other.goto(page.url)
    other.wait_for_selector("body[data-ready='1']", timeout=90000)
    other.click("#mygames-box summary")
    rows = "() => [...document.querySelectorAll('#mygames button[data-uid]')].map(b => b.firstChild.textContent)"
    # the list is drawn on the box's toggle event, which the browser fires a moment after the click
    other.wait_for_function(f"({rows})().length > 0")
    assert other.evaluate(rows) == ["Snorkels: 2 moves, in progress"]
    place_in_the_centre(page)            # (the first target, a corner, could lose the game at once)
    wait_moves(page, 4, timeout=90000)
    other.wait_for_function(f"({rows})().join() === 'Snorkels: 4 moves, in progress'")
    route(page, "blockade")
    page.click("#board [data-cell].target >> nth=0")
    page.click("#board [data-cell].target >> nth=0")
    other.wait_for_function(f"({rows})().length === 2")
    assert other.inner_text("#mygames-count") == " (2)"
    other.close()


def test_a_four_seat_move_list_shows_whose_move_each_was(app, server):
    """With four seats the list has one move a row: each shows its mover's colour, and says it in words
    to a screen reader ("Red: E5"), in the page's language (a player's finding, stop 46)."""
    import random

    from spielkiste.record import Record
    from spielkiste.registry import get_game
    from spielkiste_web import links
    rnd = random.Random(5)
    rec = Record.new(get_game("weltreich"), {"players": 4, "teams": True})
    for _ in range(5):
        rec.play(rnd.choice(rec.current.legal_moves()))
    movers = [rec.states[i].seat_colour(rec.states[i].to_move) for i in range(5)]
    page = open_app(app, server.url + "#" + links.to_fragment(rec))
    items = page.eval_on_selector_all("#movelist button[data-ply]", """bs => bs.map(b => [
        b.querySelector('.swatch').dataset.colour, b.getAttribute('aria-label'), b.textContent])""")
    assert [c for c, _, _ in items] == movers
    assert [label for _, label, _ in items] == [f"{t('colour.' + c)}: {text}" for c, _, text in items]
    page.select_option("#lang", "de")
    label = page.get_attribute("#movelist button[data-ply='1']", "aria-label")
    assert label == f"{t('colour.' + movers[0], 'de')}: {items[0][2]}"
    page.screenshot(path="tests/artifacts/movelist-four-seats-de.png")


def finished(gid, seed=1):
    import random

    from spielkiste.record import Record
    from spielkiste.registry import get_game
    from spielkiste_web import links
    rnd = random.Random(seed)
    rec = Record.new(get_game(gid), {})
    while rec.current.result is None:
        rec.play(rnd.choice(rec.current.legal_moves()))
    return links.to_fragment(rec)


def test_a_finished_solitaire_offers_no_sides_to_switch(app, server):
    """A player's finding (stop 46): the solitaire's end offered "Switch sides", which only dealt again."""
    page = open_app(app, server.url + "#" + finished("solitaire"))
    page.wait_for_selector("#result:not([hidden])")
    assert page.is_hidden("#switch") and page.is_visible("#again")
    route(page, finished("snorkels"))
    page.wait_for_selector("#result:not([hidden])")
    assert page.is_visible("#switch")


FITS = """() => { const t = document.querySelector('#thinking-text');
    return [t.textContent, t.scrollWidth <= t.clientWidth && t.scrollHeight <= t.clientHeight + 1,
            document.querySelector('#turn-box').getBoundingClientRect().height]; }"""   # the band it shares (issue 54)


def test_the_thinking_line_shows_the_best_move_whole(phone_app, server):
    """A player's finding (stop 46): the thinking line was one line cut off with "…" before the best move
    ("3.568 Stellungen · bester Zug …"); it now takes a second line in the row's kept height, so the move
    shows and nothing below moves."""
    page = open_app(phone_app, server.url + "#snorkels?v=1")
    page.select_option("#lang", "de")
    idle = page.evaluate(FITS)[2]
    page.click("#btn-new")
    page.select_option("#newgame-seats select >> nth=0", "computer")
    page.select_option("#level", str(levels.offered("snorkels")[-1]))     # the strongest: a long think
    page.click("#newgame-start")
    page.wait_for_function("/Zug \\S+/.test(document.querySelector('#thinking-text').textContent)", timeout=60000)
    text, fits, height = page.evaluate(FITS)
    assert fits, text
    assert abs(height - idle) < 1
    page.click("#btn-stop")
