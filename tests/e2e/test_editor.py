"""The board editor in the browser (issue 12), for every game as a player uses it: open the editor,
build a position by clicking palette items and squares (the diff from the start to a position of
a random game, computed here with the engine's own Editor), set the side to move and the fields,
see the same position code the engine gives, play from it, and open its link in a fresh browser
profile at the same position. Then the errors: an impossible position is explained and its
squares marked, a pasted bad code changes nothing, studies are saved, exported and imported, and
the editor works with the keyboard, by touch, in German and in an embed (?embed&edit)."""
import random

import pytest

from conftest import Watch, click_some_targets, open_app, shot
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


@pytest.fixture(scope="module")
def editor_page(browser, server):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = ctx.new_page()
    pg.watch = Watch(pg)
    open_app(pg, server.url + "#snorkels?v=1")
    yield pg
    ctx.close()


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_build_play_and_share_a_position(editor_page, browser, server, gid):
    page = editor_page
    page.evaluate(f"location.hash = {frag_of(gid)!r}")
    page.wait_for_function(f"window.spielkiste().startsWith({gid!r})")
    page.click("#btn-edit")
    page.wait_for_selector("#editor:not([hidden]) #palette button")
    assert "legal position" in page.text_content("#edit-why")
    ops, to_move, fields, code = recipe(gid)
    build(page, ops, to_move, fields)
    assert page.input_value("#edit-code") == code
    assert page.get_attribute("#edit-why", "class") == "edit-why ok", page.text_content("#edit-why")
    shot(page, f"editor-{gid}")
    page.click("#edit-link")
    url = page.input_value("#edit-link-text")
    assert url.endswith(f"#{gid}?p={code}")
    pieces = board_pieces(page)
    page.click("#edit-play")
    page.wait_for_function(f"window.spielkiste() === {f'{gid}?p={code}'!r}")
    assert page.is_hidden("#editor") and page.is_visible("#seats")
    assert board_pieces(page) == pieces
    click_some_targets(page, 1)          # it plays on
    assert page.evaluate("window.spielkiste()").startswith(f"{gid}?p={code}&m=")
    fresh = browser.new_context(viewport={"width": 1280, "height": 860})
    other = fresh.new_page()
    other.watch = Watch(other)
    open_app(other, url)
    assert other.evaluate("window.spielkiste()") == f"{gid}?p={code}"
    assert board_pieces(other) == pieces
    assert other.watch.errors == [] and other.watch.foreign() == []
    fresh.close()
    assert page.watch.errors == [] and page.watch.foreign() == []
