"""The analysis board (issue 33) in Chromium, as a player uses it: "Analyse" on a game, a tree of
variations three levels deep built by clicking the board, the engine's lines and the best move's
mark, a move of the tree clicked and shown, promote and delete, "Back to the game" with the game as
it was, and a reload of the room's address finding the same tree; then German on a phone by touch,
in a 4-player game (a chance per seat). The worker side is tested in tests/test_analysis_session.py."""
from conftest import SOLITAIRE_OVER, Watch, open_app, route, shot, tool

GAME = "snorkels?m=D4,swap,C3,E5"

ROWS = """() => [...document.querySelectorAll('#tree-moves button[data-path]')].filter(b => b.dataset.path)
  .map(b => [b.dataset.path.split(',').pop(), +b.closest('.tree-line').dataset.level,
             b.getAttribute('aria-current') === 'true'])"""


HIDE = """Object.defineProperty(document, 'visibilityState', {value: '%s', configurable: true});
  document.dispatchEvent(new Event('visibilitychange'))"""


def rows(page):
    return page.evaluate(ROWS)


def pieces(page):
    return sorted(page.eval_on_selector_all("#board [data-piece]", "e => e.map(x => x.dataset.piece.split('.')[0])"))


def tree_move(page, path):
    page.click(f"#tree-moves button[data-path='{path}']")
    assert page.get_attribute(f"#tree-moves button[data-path='{path}']", "aria-current") == "true"


def test_a_variation_tree_three_deep_is_built_on_the_board_kept_in_the_address_and_found_again(page, server):
    open_app(page, server.url + "#" + GAME)
    game_link = page.evaluate("window.spielkiste()")
    page.click("#btn-analyse")
    assert page.get_attribute("body", "data-room") == "analysis"
    assert page.is_visible("#analysis") and not page.is_visible("#movelist")
    assert rows(page) == [["D4", 0, False], ["swap", 0, False], ["C3", 0, False], ["E5", 0, True]]
    # the engine's lines of the position shown, and the best move marked on the board
    page.wait_for_selector("#tree-lines li", timeout=30000)
    page.wait_for_selector("#board g.tree-arrow > *", state="attached", timeout=30000)
    assert "%" in page.text_content("#tree-chances") and page.text_content("#tree-search")
    # the page hidden: the search stops after its slice; shown again: it goes on
    page.evaluate(HIDE % "hidden")
    page.wait_for_function("document.getElementById('tree-search').textContent.endsWith('(paused)')")
    n = page.text_content("#tree-search")
    page.wait_for_timeout(400)
    assert page.text_content("#tree-search") == n
    page.evaluate(HIDE % "visible")
    page.wait_for_function(f"document.getElementById('tree-search').textContent !== {n!r}")
    # three levels deep, every move clicked on the board: B2 F6 instead of C3, A7 G1 instead of F6,
    # G2 instead of G1
    tree_move(page, "D4,swap")
    page.click("[data-cell='B2']")
    page.click("[data-cell='F6']")
    tree_move(page, "D4,swap,B2")
    page.click("[data-cell='A7']")
    page.click("[data-cell='G1']")
    tree_move(page, "D4,swap,B2,A7")
    page.click("[data-cell='G2']")
    deep = [["D4", 0, False], ["swap", 0, False], ["C3", 0, False], ["B2", 1, False], ["F6", 1, False],
            ["A7", 2, False], ["G1", 2, False], ["G2", 3, True], ["E5", 0, False]]
    assert rows(page) == deep
    assert pieces(page) == ["A7", "B2", "D4", "G2"]
    assert "var=3(B2,F6(A7,G1(G2)))" in page.url and "analysis" in page.url
    page.wait_for_selector("#tree-lines li", timeout=30000)         # the lines of the new position
    shot(page, "analysis-1280-en-light")
    page.click("#btn-theme")
    shot(page, "analysis-1280-en-dark")
    # a click on a move of the tree shows its position; the arrow keys step along the line shown
    tree_move(page, "D4,swap,C3")
    assert pieces(page) == ["C3", "D4"]
    page.keyboard.press("ArrowRight")
    assert pieces(page) == ["C3", "D4", "E5"]
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert pieces(page) == ["D4"]
    # the list itself by keyboard: focus a move, Enter shows it
    page.focus("#tree-moves button[data-path='D4,swap,B2,A7,G1']")
    page.keyboard.press("Enter")
    assert pieces(page) == ["A7", "B2", "D4", "G1"]
    # promote G1's line... it is the continuation already; promote G2 over G1, then delete F6's line
    tree_move(page, "D4,swap,B2,A7,G2")
    page.click("#tree-promote")
    assert [r[0] for r in rows(page)][5:8] == ["A7", "G2", "G1"]
    tree_move(page, "D4,swap,B2,F6")
    page.click("#tree-delete")
    after = rows(page)
    assert "F6" not in [r[0] for r in after] and after[3] == ["B2", 1, True]
    kept = page.url
    # back to the game: the game as it was, its link in the address
    page.click("#tree-back")
    assert page.get_attribute("body", "data-room") is None and page.is_visible("#movelist")
    assert page.evaluate("window.spielkiste()") == game_link
    assert page.eval_on_selector_all("#movelist button", "e => e.map(x => x.textContent)") == [
        "D4", "swap", "C3", "E5"]
    assert pieces(page) == ["C3", "D4", "E5"]
    # the analysis is kept with the game (which became one of the player's games by it): the game
    # reloaded, "Analyse" again finds every variation, at the game's move
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=90000)
    assert page.evaluate("window.spielkiste()") == game_link and page.get_attribute("body", "data-room") is None
    page.click("#btn-analyse")
    page.wait_for_selector("body[data-room='analysis']")
    again = rows(page)
    assert [r[:2] for r in again] == [r[:2] for r in after] and again[-1] == ["E5", 0, True]
    page.click("#tree-back")
    # the room's address, reloaded: the same tree, at the same move
    page.goto(kept)
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=90000)
    page.wait_for_selector("body[data-room='analysis']")
    assert rows(page) == after
    assert page.watch.errors == []


def test_german_on_a_phone_by_touch_in_a_four_player_game(browser, server):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                              locale="de-DE")
    ctx.add_init_script("localStorage.setItem('spielkiste.lang', 'de')")
    page = ctx.new_page()
    page.watch = Watch(page)
    open_app(page, server.url + "#ziggurats?players=4&m=fA1")
    page.tap("#btn-analyse")
    assert page.text_content("#tree-back") == "Zurück zu deiner Partie"
    cell = page.get_attribute("#board [data-cell].target", "data-cell")
    page.tap(f"#board [data-cell='{cell}']")
    while page.locator("#choices button").count() and len(rows(page)) < 2:
        page.tap("#choices button >> nth=0")
    assert len(rows(page)) == 2 and rows(page)[-1][2]
    page.wait_for_function("document.querySelectorAll('#tree-chances .tree-chance').length === 4", timeout=30000)
    assert "Gewinnchancen" in page.text_content("#tree-chances")
    assert page.text_content("#tree-search").startswith("Durchsucht")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = page.locator("#tree-moves button[data-path]").last.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 36
    page.locator("#analysis").scroll_into_view_if_needed()
    shot(page, "analysis-390-de-light")
    page.tap("#btn-theme")
    assert page.get_attribute("html", "data-theme") == "dark"
    page.locator("#analysis").scroll_into_view_if_needed()
    shot(page, "analysis-390-de-dark")
    # the language changed in the room: its texts and lines in English, its link kept in the address
    page.select_option("#lang", "en")
    assert page.text_content("#tree-back") == "Back to your game"
    assert page.text_content("#tree-status") == "Blue to move." and "analysis" in page.url
    page.wait_for_function("document.getElementById('tree-search').textContent.startsWith('Searched')",
                           timeout=30000)
    page.tap("#tree-back")
    assert page.evaluate("window.spielkiste()") == "ziggurats?players=4&m=fA1"
    assert page.watch.errors == []
    ctx.close()


def test_a_failed_puzzle_and_a_set_up_position_open_on_the_analysis_board(app, server):
    """'Analyse' from a puzzle once it is over (its position, the solution as the main line, at
    its start) and from the board editor (the position set up): the analysis board takes them, and
    'Back to the game' finds the game as it was."""
    from spielkiste import puzzles
    from test_puzzle_room import wrong_cell
    page = app
    open_app(page, server.url + "#" + GAME)
    game_moves = page.eval_on_selector_all("#movelist button", "els => els.map(e => e.textContent)")
    puzzle = puzzles.get("snorkels", 43)
    page.evaluate("location.hash = '#snorkels?puzzle=43'")
    page.wait_for_selector("#puzzle:not([hidden])[data-id='43']", timeout=30000)
    assert page.is_hidden("#puzzle-analyse")                   # not while the puzzle is being solved
    page.click(f"[data-cell='{wrong_cell(puzzle)}']")
    page.wait_for_selector("#puzzle-solution:not([hidden])")   # the refutation first; the solution on request
    assert page.is_hidden("#puzzle-analyse")
    page.click("#puzzle-solution")
    page.wait_for_selector("#puzzle-analyse:not([hidden])")
    page.click("#puzzle-analyse")
    page.wait_for_selector("#analysis:not([hidden])")
    assert [r[0] for r in rows(page)] == list(puzzle.line)      # the solution, the main line
    assert all(level == 0 for _, level, _ in rows(page)) and not any(cur for _, _, cur in rows(page))
    assert "analysis" in page.evaluate("location.hash")
    page.click("#tree-back")
    page.wait_for_selector("#analysis", state="hidden")
    assert page.eval_on_selector_all("#movelist button", "els => els.map(e => e.textContent)") == game_moves
    # the board editor: a position set up (a probe's, not yet saved), then analysed
    tool(page, "#btn-edit")
    page.wait_for_selector("#editor:not([hidden])")
    code = "1::7/7/2G1G2/3PP2/7/7/7;0;0;0;"
    page.fill("#edit-code", code)
    page.press("#edit-code", "Enter")
    page.wait_for_function("c => document.getElementById('edit-code').value === c", arg=code)
    on_board = pieces(page)
    page.click("#edit-analyse")
    page.wait_for_selector("#analysis:not([hidden])")
    # the position itself, without the game's moves: a tree with no move yet
    assert page.get_attribute("body", "data-mode") == "analysis" and rows(page) == []
    assert pieces(page) == on_board and "p=" in page.evaluate("location.hash")
    # back to the set-up, not to the game: going back had lost the position set up (a probe)
    assert page.text_content("#tree-back") == "Back to the set-up"
    page.click("#tree-back")
    page.wait_for_selector("#analysis", state="hidden")
    page.wait_for_selector("#editor:not([hidden])")
    page.wait_for_function("c => document.getElementById('edit-code').value === c", arg=code)
    assert pieces(page) == on_board
    page.click("#edit-cancel")
    page.wait_for_selector("#editor", state="hidden")
    assert page.eval_on_selector_all("#movelist button", "els => els.map(e => e.textContent)") == game_moves
    page.click("#btn-analyse")                                  # from the game: back to the game, as before
    page.wait_for_selector("#analysis:not([hidden])")
    assert page.text_content("#tree-back") == "Back to your game"
    page.click("#tree-back")
    page.wait_for_selector("#analysis", state="hidden")


def test_a_solitaire_on_the_analysis_board_has_neither_win_chances_nor_threats(page, server):
    """A probe's finished solitaire: the board showed "Win chances: Player 42 %" beside "Show threat",
    for a game without an opponent. The solver's words say what there is to say; a game of two keeps both."""
    open_app(page, server.url + "#" + SOLITAIRE_OVER)
    page.click("#result-analyse")
    page.wait_for_selector("body[data-room='analysis']")
    page.wait_for_function("document.getElementById('tree-search').textContent.length > 0", timeout=30000)
    assert page.text_content("#tree-chances") == "" and page.is_hidden("#tree-threat")
    page.click("#tree-back")
    route(page, "snorkels?analysis")
    page.wait_for_function("document.getElementById('tree-chances').textContent.includes('%')", timeout=30000)
    assert page.is_visible("#tree-threat")
