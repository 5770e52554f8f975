"""The board editor in the browser (issue 12), for every game as a player uses it: open the editor,
build a position by clicking palette items and squares (the diff from the start to a position of
a random game, computed here with the engine's own Editor), set the side to move and the fields,
see the same position code the engine gives, play from it, and open its link in another browser
profile at the same position (one profile for all ten games, the link pasted into its address).
Then the errors: an impossible position is explained and its squares marked, a pasted bad code
changes nothing, studies are saved, exported and imported, and the editor works with the
keyboard, by touch, in German and in an embed (?embed&edit)."""
import random

import pytest

from conftest import Watch, click_some_targets, open_app, shot, tool
from spielkiste.editor import Editor
from spielkiste.registry import GAMES


def frag_of(gid):
    """A link that opens the game with every seat human and a fixed set-up."""
    seeded = any(o.key == "seed" for o in GAMES[gid].all_options())
    return f"{gid}?seed=5" if seeded else f"{gid}?v=1"


def start_of(gid):
    return GAMES[gid].new({"seed": "5"} if "seed=" in frag_of(gid) else None)


def recipe(gid):
    """Edits that turn the start into a position of a random game (its history dropped), as
    (ops, to_move, fields, expected code): ops are ('item', key) and ('cell', square) clicks."""
    start = start_of(gid)
    for seed in range(60):
        rng = random.Random(seed)
        s = start.copy()
        for _ in range(rng.randint(2, 8)):
            if s.result is not None:
                break
            s.play(rng.choice(s.legal_moves()))
        want = s.to_setup()
        ed = Editor.of(start)
        ops = []
        for cell in sorted(set(want.board) | set(ed.setup.board)):
            have, goal = ed.setup.board.get(cell, ()), want.board.get(cell, ())
            if have == goal:
                continue
            for _ in have:
                ops += [("item", ""), ("cell", cell)]
                ed.remove(cell)
            for key in goal:
                ops += [("item", key), ("cell", cell)]
                ed.place(cell, key)
        ed.set_to_move(want.to_move)
        for k, v in want.fields.items():
            ed.set_field(k, v)
        try:
            state = ed.check()
        except ValueError:
            continue
        if ops and state.result is None and state.encode() != start.encode():
            return ops, want.to_move, dict(want.fields), ed.code()
    raise AssertionError(f"{gid}: no random position could be rebuilt")


def build(page, ops, to_move, fields):
    for kind, what in ops:
        if kind == "item":
            page.click(f"#palette button[data-item='{what}']")
        else:
            page.click(f"#board [data-cell='{what}']")
    page.select_option("#edit-to-move", str(to_move))
    for key, value in fields.items():
        inp = page.locator(f"#edit-fields input[data-field='{key}']")
        if inp.get_attribute("type") == "checkbox":
            inp.set_checked(bool(value))
        else:
            inp.fill(str(value))
            inp.dispatch_event("change")


def board_pieces(page):
    return sorted(page.eval_on_selector_all("#board [data-piece]", "e => e.map(x => x.dataset.piece)"))


def booted(browser, server, height):
    """A new browser profile with the app open at Snorkels: (context, page)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": height})
    pg = ctx.new_page()
    pg.watch = Watch(pg)
    open_app(pg, server.url + "#snorkels?v=1")
    return ctx, pg


@pytest.fixture(scope="module")
def other_profile(browser, server):
    """A second browser profile, booted once for the file: each game's link is opened in it by
    changing the address's fragment, as a player pastes a link into an open tab. It never plays, so
    only the link can put a position there (nothing is shared with the editor's profile, `app`)."""
    ctx, pg = booted(browser, server, 860)
    yield pg
    ctx.close()


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_build_play_and_share_a_position(app, other_profile, server, gid):
    page = app                           # the worker's booted page (conftest.py), reset for each game
    page.evaluate(f"location.hash = {frag_of(gid)!r}")
    page.wait_for_function(f"window.spielkiste().startsWith({gid!r})")
    tool(page, "#btn-edit")
    page.wait_for_selector("#editor:not([hidden]) #palette button")
    assert "legal position" in page.text_content("#edit-why")
    ops, to_move, fields, code = recipe(gid)
    build(page, ops, to_move, fields)
    assert page.input_value("#edit-code") == code
    assert page.get_attribute("#edit-why", "class") == "edit-why ok", page.text_content("#edit-why")
    shot(page, f"editor-{gid}")
    page.click("#edit-link")
    page.wait_for_function(f"document.querySelector('#edit-link-text').value.endsWith({f'#{gid}?p={code}'!r})")
    url = page.input_value("#edit-link-text")
    assert url.endswith(f"#{gid}?p={code}")
    pieces = board_pieces(page)
    page.click("#edit-play")
    page.wait_for_function(f"window.spielkiste() === {f'{gid}?p={code}'!r}")
    assert page.is_hidden("#editor") and page.is_visible("#seats")
    assert board_pieces(page) == pieces
    click_some_targets(page, 1)          # it plays on
    assert page.evaluate("window.spielkiste()").startswith(f"{gid}?p={code}&m=")
    other = other_profile                # another profile: the link alone brings the position
    other.evaluate(f"location.hash = {url.split('#', 1)[1]!r}")
    other.wait_for_function(f"window.spielkiste() === {f'{gid}?p={code}'!r}", timeout=30000)
    assert board_pieces(other) == pieces
    assert other.watch.errors == [] and other.watch.foreign() == []
    assert page.watch.errors == [] and page.watch.foreign() == []


def open_editor(page, server, frag="snorkels?v=1", query=""):
    open_app(page, server.url + query + "#" + frag)
    if page.is_hidden("#editor"):
        tool(page, "#btn-edit")
    page.wait_for_selector("#editor:not([hidden]) #palette button")


def place(page, key, *cells):
    page.click(f"#palette button[data-item='{key}']")
    for cell in cells:
        page.click(f"#board [data-cell='{cell}']")


def test_an_impossible_position_is_explained_and_its_squares_marked(app, server):
    """A smothered Snorkels group: the reason, in English and then in German, names it, its square
    is marked, 'Play from here' stays off until the position is mended."""
    page = app
    open_editor(page, server)
    place(page, "P", "A1", "D4")
    place(page, "G", "A2", "B1")
    why = page.text_content("#edit-why")
    assert "Not a legal position yet" in why and "A1" in why
    assert page.locator("#board .hl-bad").count() == 1
    assert page.get_attribute("#board [data-cell='A1']", "class").find("layer-bad") >= 0
    assert page.is_disabled("#edit-play") and page.is_disabled("#edit-link")
    page.select_option("#lang", "de")
    assert "Noch keine erlaubte Stellung" in page.text_content("#edit-why")
    assert "A1" in page.text_content("#edit-why") and page.text_content("#editor-title") == "Stellung aufbauen"
    place(page, "", "B1")          # the eraser frees the group, a green piece elsewhere: legal again
    place(page, "G", "G7")
    assert "erlaubte Stellung" in page.text_content("#edit-why") and page.is_enabled("#edit-play")
    assert page.locator("#board .hl-bad").count() == 0
    shot(page, "editor-bad-de")


def test_a_pasted_code_is_read_by_the_engine_and_a_bad_one_changes_nothing(app, server):
    page = app
    open_editor(page, server)
    place(page, "P", "D4")
    place(page, "G", "C3")
    before = page.input_value("#edit-code")
    hostile = '1::<img src=x onerror="window.hacked=1">;0;0;0;'
    page.fill("#edit-code", hostile)
    page.click("#edit-load")
    assert "not loaded" in page.text_content("#edit-why")
    assert page.evaluate("window.hacked") is None and page.locator("#editor img").count() == 0
    page.fill("#edit-code", "")
    page.click("#board [data-cell='G7']")       # the editor still holds the position, and edits on
    assert page.input_value("#edit-code") != before and "/6G;" in page.input_value("#edit-code")
    page.fill("#edit-code", "1::7/7/7/3P3/7/7/7;1;0;0;")
    page.press("#edit-code", "Enter")
    assert board_pieces(page) == ["D4.0"]
    # a whole link of another game is read too
    page.fill("#edit-code", server.url + "#blockade?v=1")
    page.click("#edit-load")
    assert page.text_content("#game-title") == "Blockade"
    assert page.locator("#palette button").count() > 3


def test_studies_are_saved_exported_and_imported(app, server, tmp_path):
    """A named position is saved (its name shown as text, never markup), exported as a text
    file, deleted, and imported back; a line that is no position is skipped and counted."""
    page = app
    open_editor(page, server)
    place(page, "P", "D4")
    place(page, "G", "E5")
    page.fill("#study-name", "Corner <b>trap</b>")
    page.click("#study-save")
    assert page.locator("#study-list li").count() == 1
    assert page.text_content("#study-list li button") == "Corner <b>trap</b>"
    assert page.locator("#study-list b").count() == 0
    with page.expect_download() as dl:
        page.click("#study-export")
    path = tmp_path / "studies.txt"
    dl.value.save_as(path)
    text = path.read_text()
    assert text.splitlines()[0] == "# Spielkiste studies 2"
    assert "Corner <b>trap</b>\tsnorkels?p=" in text
    page.click("#study-list button[data-delete='0']")
    assert page.locator("#study-list li").count() == 0
    path.write_text(text + "Broken\tsnorkels?p=1::9/9;0;0;0;\n")
    page.click("#edit-clear")
    page.set_input_files("#study-import", str(path))
    page.wait_for_function("document.querySelectorAll('#study-list li').length === 1")
    assert "1 position imported, 1 skipped" in page.text_content("#message-text")
    page.click("#study-list button[data-open='0']")
    assert board_pieces(page) == ["D4.0", "E5.0"]
    # saved in the browser: a reload still lists it
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=90000)
    tool(page, "#btn-edit")
    assert page.text_content("#study-list li button") == "Corner <b>trap</b>"


def test_a_studies_slot_nested_deep_counts_as_none_and_the_page_lives(page, server):
    """Storage holding a studies slot nested 100,000 brackets deep (a hand edit, another program):
    json.loads would overflow Pyodide's stack and kill the page; the editor lists no studies and
    a new one is saved as usual."""
    page.add_init_script("localStorage.setItem('spielkiste.studies.snorkels', "
                         "'['.repeat(100000) + ']'.repeat(100000))")
    open_editor(page, server)
    assert page.locator("#study-list li").count() == 0 and page.is_visible("#study-none")
    place(page, "P", "D4")
    place(page, "G", "E5")
    page.fill("#study-name", "After the bad slot")
    page.click("#study-save")
    assert page.text_content("#study-list li button") == "After the bad slot"


def test_the_editor_with_the_keyboard_only(app, server):
    """Digits pick a palette item, arrows walk the squares, Enter places, Delete takes off, arrow
    keys move within the palette."""
    page = app
    open_editor(page, server)
    # a square with a neighbour to its right: the booted page's roving tab stop is where an earlier test left
    # it (G7, the last column, after the pasted-code test), where ArrowRight has nowhere to go
    page.focus("#board [data-cell='D4']")
    start = page.evaluate("document.activeElement.dataset.cell")
    assert start == "D4"
    page.keyboard.press("2")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.cell") == start
    assert board_pieces(page) == [f"{start}.0"]
    page.keyboard.press("ArrowRight")
    second = page.evaluate("document.activeElement.dataset.cell")
    assert second != start
    page.keyboard.press("1")
    page.keyboard.press(" ")
    assert sorted(board_pieces(page)) == sorted([f"{start}.0", f"{second}.0"])
    page.keyboard.press("Delete")
    assert board_pieces(page) == [f"{start}.0"]
    page.focus("#palette button[aria-checked='true']")
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("#palette button[aria-checked='true']", "data-item") == "G"
    assert page.evaluate("document.activeElement.dataset.item") == "G"


def test_drag_moves_a_piece_and_a_palette_item_drops_onto_a_square(app, server):
    page = app
    open_editor(page, server)
    place(page, "P", "B2")

    def centre(cell):
        box = page.locator(f"#board [data-cell='{cell}']").bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(*centre("B2"))
    page.mouse.down()
    page.mouse.move(*centre("E5"), steps=5)
    page.mouse.up()
    assert board_pieces(page) == ["E5.0"]
    pal = page.locator("#palette button[data-item='S']").bounding_box()
    page.mouse.move(pal["x"] + pal["width"] / 2, pal["y"] + pal["height"] / 2)
    page.mouse.down()
    page.mouse.move(*centre("C6"), steps=5)
    page.mouse.up()
    assert sorted(board_pieces(page)) == ["C6.0", "E5.0"]


def test_the_editor_on_a_phone_by_touch(phone_app, server):
    page = phone_app
    open_editor(page, server, "blockade?v=1")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    keys = page.eval_on_selector_all("#palette button", "e => e.map(x => x.dataset.item)")
    page.tap(f"#palette button[data-item='{keys[0]}']")
    empty = page.eval_on_selector_all("#board [data-cell]", "e => e.map(x => x.dataset.cell)")
    taken = {p.split(".")[0] for p in board_pieces(page)}
    cell = next(c for c in empty if c not in taken)
    page.tap(f"#board [data-cell='{cell}']")
    assert f"{cell}.0" in board_pieces(page)
    box = page.locator("#palette button").first.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    shot(page, "editor-phone")


def test_the_editor_in_an_embed(page, server):
    """?embed&edit opens the editor in the frame; Play from here plays there, and the editor
    is one button away again."""
    open_editor(page, server, "snorkels?v=1", "?embed&edit")
    assert page.is_visible("#palette") and page.is_hidden("#chooser")
    place(page, "P", "D4")
    place(page, "G", "C3")
    page.click("#edit-play")
    page.wait_for_function("window.spielkiste().startsWith('snorkels?p=')")
    assert page.is_visible("#btn-edit")
    tool(page, "#btn-edit")
    assert sorted(board_pieces(page)) == ["C3.0", "D4.0"]


def test_a_built_position_is_played_against_the_computer_from_either_side(app, server):
    """Play from here, then the computer takes the side to move and answers; switching sides
    gives it the other colour."""
    page = app
    open_editor(page, server)
    place(page, "P", "D4", "C3")
    place(page, "G", "D3")
    page.select_option("#edit-to-move", "1")
    page.click("#edit-play")
    page.wait_for_function("window.spielkiste().startsWith('snorkels?p=')")
    page.select_option("#seats li.to-move select", "computer")
    page.wait_for_function("document.querySelectorAll('#movelist button').length >= 1", timeout=90000)
    assert page.evaluate("window.spielkiste()").count(",") == 0      # one move, by the computer
    page.select_option("#seats select[data-seat='1']", "human")
    page.select_option("#seats select[data-seat='0']", "computer")
    page.wait_for_function("document.querySelectorAll('#movelist button').length >= 2", timeout=90000)


def test_an_options_change_and_a_deleted_study_can_be_undone(app, server):
    """A player's findings (stop 46): ticking Teams or changing the players wiped the position being
    built, and a saved position was deleted by one tap, while the bar still said "Saved as ...".
    Teams keep the board; a player fewer sets it up afresh and says so with Undo, which brings the
    board and options back; a deleted position is said with Undo too, which puts it back in its place."""
    page = app
    open_editor(page, server, "tor?v=1&players=4")
    page.click("#edit-options-box summary")
    page.click("#palette button >> nth=0")
    page.click("#board [data-cell='F6']")
    built = board_pieces(page)
    assert "F6.0" in built
    page.check("#edit-options [data-option='teams']")
    assert board_pieces(page) == built
    assert page.is_hidden("#notice") or "afresh" not in page.inner_text("#notice-text")
    page.select_option("#edit-options [data-option='players']", "3")
    assert page.locator("#edit-options [data-option='teams']").is_hidden()        # teams: four players only
    page.wait_for_selector("#notice:not([hidden])")
    assert page.inner_text("#notice-text") == "The board was set up afresh for these options."
    assert board_pieces(page) != built
    page.click("#notice-action")
    assert board_pieces(page) == built and page.is_checked("#edit-options [data-option='teams']")
    assert page.input_value("#edit-options [data-option='players']") == "4"
    page.select_option("#edit-options [data-option='players']", "3")
    page.wait_for_selector("#notice:not([hidden])")
    page.click("#palette button >> nth=0")                  # the next edit: the offer goes with it
    page.click("#board [data-cell='F6']")
    assert page.is_hidden("#notice")
    page.click("#edit-start")                         # a position that can be saved
    page.fill("#study-name", "Gate")
    page.click("#study-save")
    page.fill("#study-name", "Wall")
    page.click("#study-save")
    assert page.inner_text("#message-text") == "Saved as “Wall”."
    page.click("#study-list button[data-delete='0']")
    assert page.is_hidden("#message") and page.inner_text("#notice-text") == "“Gate” was deleted."
    assert page.locator("#study-list li button[data-open]").all_inner_texts() == ["Wall"]
    page.click("#notice-action")
    page.wait_for_function("document.querySelectorAll('#study-list li').length === 2")
    assert page.locator("#study-list li button[data-open]").all_inner_texts() == ["Gate", "Wall"]
    assert page.is_hidden("#notice")          # not "“Gate” was deleted. [Undo]" beside it (a probe)
    page.click("#edit-cancel")
    # the new-game dialog offers teams only where they play: four players
    page.click("#btn-new")
    page.select_option("#newgame-options [data-option='players']", "3")
    assert page.locator("#newgame-options [data-option='teams']").is_hidden()
    page.select_option("#newgame-options [data-option='players']", "4")
    page.check("#newgame-options [data-option='teams']")
    page.select_option("#newgame-options [data-option='players']", "3")
    page.click("#newgame-start")
    page.wait_for_selector("#newgame", state="hidden")
    assert page.locator("#seats li").count() == 3 and page.locator("#seats .team").count() == 0
    assert page.is_hidden("#message")
