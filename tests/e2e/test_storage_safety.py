"""What storage holds is data (issue 37): markup in boot.js's board cache is parsed as SVG and
checked, never inserted as HTML, so it can neither navigate the page nor run nor show as a
page; and studies ask before a name is replaced, say "saved" or "imported" only when storage
holds them, and keep every character of a name through export and import."""
import json

import pytest

from conftest import Watch, open_app, shot, tool
from spielkiste.texts import t
from spielkiste_web import ui_texts  # noqa: F401  (the page's text keys)

SVG = "http://www.w3.org/2000/svg"
LISTEN = """window.__violations = [];
document.addEventListener('securitypolicyviolation',
  e => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));"""
# every element under #board that is not one the renderer writes, in the SVG namespace
FOREIGN = f"""[...document.querySelectorAll('#board *')].filter(e => e.namespaceURI !== '{SVG}' ||
    !['svg', 'defs', 'pattern', 'marker', 'g', 'rect', 'circle', 'ellipse', 'polygon', 'polyline', 'path', 'text',
      'title'].includes(e.localName)).map(e => e.localName)"""


def cached_page(browser, server, cache, python=False):
    """A fresh profile whose storage holds `cache` as boot.js's board of Snorkels; without
    `python` the page's Python never starts (PyScript is not served), so only boot.js acts."""
    ctx = browser.new_context(locale="en-US")
    ctx.add_init_script(LISTEN + f"\nlocalStorage.setItem('spielkiste.svg.snorkels', {json.dumps(json.dumps(cache))});")
    if not python:
        ctx.route("**/vendor/pyscript/core.js", lambda route: route.abort())
    page = ctx.new_page()
    page.watch = Watch(page)
    page.navigations = []
    page.on("framenavigated", lambda frame: page.navigations.append(frame.url))
    return page


HOSTILE = {
    "meta refresh": '<meta http-equiv="refresh" content="0;url={away}">',
    "meta refresh beside a board": '<meta http-equiv="refresh" content="0;url={away}"><svg xmlns="' + SVG + '">'
                                   '<rect data-cell="A1" width="1" height="1"/></svg>',
    "script": ('<svg xmlns="' + SVG + '"><script>window.__ran = 1</script>'
               '<rect data-cell="A1" width="1" height="1"/></svg>'),
    "img onerror": '<img src="x" onerror="window.__ran = 1">',
    "foreignObject": '<svg xmlns="' + SVG + '"><foreignObject width="9" height="9"><div xmlns="http://www.w3.org/1999/xhtml">'
                     '<img src="{away}" onerror="window.__ran = 1"/><meta http-equiv="refresh" content="0;url={away}"/>'
                     '</div></foreignObject></svg>',
    "javascript link": '<svg xmlns="' + SVG + '"><a href="javascript:window.__ran = 1"><rect data-cell="A1" width="9" '
                       'height="9"/></a></svg>',
    "svg onload": ('<svg xmlns="' + SVG + '" onload="window.__ran = 1">'
                   '<rect data-cell="A1" width="1" height="1"/></svg>'),
    "style": '<svg xmlns="' + SVG + '"><style>body {{ display: none }}</style></svg>',
}


@pytest.mark.parametrize("markup", HOSTILE.values(), ids=HOSTILE.keys())
def test_stored_markup_neither_navigates_nor_runs_nor_renders_as_html(browser, server, markup):
    """boot.js inserted the cached board with innerHTML: a stored <meta http-equiv=refresh> sent
    the page elsewhere on every visit, before Python started. Now the cache is parsed as SVG and
    refused unless it is a board of ours; the build's start board shows instead."""
    away = server.url + "away.html?navigated"
    page = cached_page(browser, server, {"frag": "snorkels", "lang": "en", "title": "T", "status": "S", "extra": "",
                                         "svg": markup.format(away=away)})
    page.goto(server.url + "#snorkels")
    page.wait_for_selector("#board[data-early='exact'] [data-cell]", timeout=30000)
    page.wait_for_timeout(1500)            # a refresh of 0 seconds would have gone by now
    assert page.url == server.url + "#snorkels" and not any("navigated" in u for u in page.navigations)
    assert not any("navigated" in u or u.endswith("/x") for u in page.watch.requests)
    assert page.evaluate("window.__ran") is None and page.evaluate("window.__violations") == []
    assert page.evaluate(FOREIGN) == []
    assert page.locator("#board [data-cell]").count() == 49          # the build's board of Snorkels
    assert page.is_visible("#board svg") and page.evaluate("getComputedStyle(document.body).display") != "none"
    assert page.watch.errors == []
    page.context.close()


def test_a_genuine_cached_board_still_shows_before_python(browser, server):
    """The board Python cached for a game in progress is painted at once on the next visit,
    with its pieces, before Python has started."""
    page = cached_page(browser, server, {}, python=True)
    open_app(page, server.url + "#snorkels?m=D4,E5")
    page.wait_for_function("localStorage.getItem('spielkiste.svg.snorkels').includes('E5.0')")
    cache = json.loads(page.evaluate("localStorage.getItem('spielkiste.svg.snorkels')"))
    page.context.close()
    page = cached_page(browser, server, cache)
    page.goto(server.url + "#" + cache["frag"])
    page.wait_for_selector("#board[data-early='exact'] [data-piece]", timeout=30000)
    pieces = page.eval_on_selector_all("#board [data-piece]", "e => e.map(x => x.dataset.piece)")
    assert sorted(pieces) == ["D4.0", "E5.0"]
    assert page.locator("#board [data-cell]").count() == 49 and page.evaluate(FOREIGN) == []
    assert page.text_content("#game-title") == cache["title"]
    assert page.evaluate("document.body.dataset.ready") is None          # Python never ran
    assert page.watch.errors == []
    page.context.close()


# ---------------------------------------------------------------------- studies
START = "1::7/7/7/7/7/7/7;0;0;0;"
TWO = "1::7/7/7/3P3/4G2/7/7;0;0;0;E5"
THREE = "1::7/7/2P4/3P3/4G2/7/7;1;0;0;C3"
MOST = 200       # studies kept per game (saves.MAX_STUDIES), as the page says
# a storage that refuses the studies' writes once the test sets window.__full (the `app` page's
# reset puts the browser's own setItem back: conftest.RESET_STORAGE)
FULL = """(() => { const set = window.__plainSetItem || (window.__plainSetItem = Storage.prototype.setItem);
  Storage.prototype.setItem = function (k, v) {
    if (window.__full && k.startsWith('spielkiste.studies.')) throw new DOMException('full', 'QuotaExceededError');
    return set.call(this, k, v); }; })();"""


def studies_page(page, server, items):
    """The editor of Snorkels on the worker's booted page (1280 x 1000), its studies slot holding
    `items`: the editor reads the slot with each request, the first when it opens."""
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.evaluate(FULL)
    page.evaluate("items => localStorage.setItem('spielkiste.studies.snorkels', items)", json.dumps(items))
    open_app(page, server.url + "#snorkels?v=1")
    tool(page, "#btn-edit")
    page.wait_for_selector("#editor:not([hidden]) #palette button")
    return page


def stored(page):
    return json.loads(page.evaluate("localStorage.getItem('spielkiste.studies.snorkels')") or "[]")


def message(page):
    return page.text_content("#message-text") if page.is_visible("#message") else ""


def studies_file(path, *entries):
    """A studies file of the first version, as every version reads it: 'name<TAB>link' a line."""
    path.write_text("# Spielkiste studies 1\n" + "".join(f"{name}\tsnorkels?p={code}\n" for name, code in entries))
    return str(path)


def put_pieces(page):
    page.click("#palette button[data-item='P']")
    page.click("#board [data-cell='D4']")
    page.click("#palette button[data-item='G']")
    page.click("#board [data-cell='E5']")


def test_a_name_clash_is_asked_about_on_import_and_on_save(app, server, tmp_path):
    """Importing a file whose name was taken replaced that study without a word. Now the editor
    asks: Replace, Keep both (focused) or Cancel (Escape too), by keyboard as by mouse."""
    page = studies_page(app, server, [["Trap", START]])
    path = studies_file(tmp_path / "studies.txt", ("Trap", TWO), ("New", THREE))
    page.set_input_files("#study-import", path)
    page.wait_for_selector("#study-ask:not([hidden])")
    assert "1 name in the file is already used for another saved position: “Trap”." in page.text_content("#study-ask")
    assert page.evaluate("document.activeElement.dataset.choice") == "both"
    shot(page, "studies-clash")
    page.keyboard.press("Escape")
    assert page.is_hidden("#study-ask") and stored(page) == [["Trap", START]]
    assert message(page) == t("ui.edit.nothing_changed", "en")
    page.set_input_files("#study-import", path)
    page.wait_for_selector("#study-ask:not([hidden])")
    page.keyboard.press("Shift+Tab")                       # from "Keep both" back to "Replace"
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#study-ask').hidden")
    assert stored(page) == [["Trap", TWO], ["New", THREE]]
    assert "2 positions imported, 0 skipped" in message(page)
    # the same file again: every study already kept as it is, nothing to ask
    page.click("#message-close")
    page.set_input_files("#study-import", path)
    page.wait_for_selector("#message:not([hidden])")
    assert "2 positions imported, 0 skipped" in message(page)
    assert page.is_hidden("#study-ask") and stored(page) == [["Trap", TWO], ["New", THREE]]
    # saving under a taken name asks too; Keep both keeps the old one and names the new one "Trap (2)"
    put_pieces(page)
    page.fill("#study-name", "Trap")
    page.click("#study-save")
    page.wait_for_selector("#study-ask:not([hidden])")
    assert "“Trap” is already saved as another position." in page.text_content("#study-ask")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#study-ask').hidden")
    assert [n for n, _ in stored(page)] == ["Trap", "New", "Trap (2)"] and stored(page)[0] == ["Trap", TWO]
    assert message(page) == "Saved as “Trap (2)”."
    assert page.locator("#study-list li").count() == 3
    assert page.watch.errors == []


def test_a_full_store_is_said_and_nothing_is_claimed(app, server, tmp_path):
    """With 200 studies saved, "Saved as MyNew" and "5 positions imported" were said and nothing
    was stored. Now the limit is checked first, a write the browser refuses is said, and
    storage is as it was."""
    full = [[f"Study {i}", START] for i in range(MOST)]
    page = studies_page(app, server, full)
    put_pieces(page)
    page.fill("#study-name", "MyNew")
    page.click("#study-save")
    assert message(page).startswith("Snorkels already has 200 saved positions") and stored(page) == full
    five = studies_file(tmp_path / "five.txt", *[(f"Imported {i}", TWO) for i in range(5)])
    page.set_input_files("#study-import", five)
    page.wait_for_function("document.querySelector('#message-text').textContent.includes('nothing was imported')")
    assert "205 saved positions, more than the 200 kept" in message(page) and stored(page) == full
    # room again, but the browser refuses the write: said, and nothing changed
    page.click("#study-list button[data-delete='0']")
    assert stored(page) == full[1:]
    page.evaluate("window.__full = true")
    page.click("#study-save")
    assert message(page) == t("ui.edit.not_stored", "en") and stored(page) == full[1:]
    page.set_input_files("#study-import", studies_file(tmp_path / "one.txt", ("Imported", TWO)))
    page.wait_for_function("document.querySelector('#message-text').textContent.includes('storage is full')")
    assert stored(page) == full[1:]
    assert page.locator("#study-list li").count() == MOST - 1
    assert page.watch.errors == []


def test_a_name_keeps_every_character_through_export_and_import(app, server, tmp_path):
    """A name with U+2028 was cut there on import. The export escapes it; the import restores it,
    all but controls and direction marks (a tab, U+202E: saves.study_name, issue 51)."""
    names = ["Corner\u2028trap", "tab\there \\n", "\u202eright to left"]
    page = studies_page(app, server, [[n, START] for n in names])
    with page.expect_download() as dl:
        page.click("#study-export")
    path = tmp_path / "studies.txt"
    dl.value.save_as(path)
    text = path.read_text()
    assert "Corner\\u2028trap\tsnorkels?p=" in text and "\u2028" not in text
    page.evaluate("localStorage.removeItem('spielkiste.studies.snorkels')")
    page.set_input_files("#study-import", str(path))
    page.wait_for_function("document.querySelectorAll('#study-list li').length === 3")
    assert [n for n, _ in stored(page)] == ["Corner\u2028trap", "tabhere \\n", "right to left"]
    assert page.text_content("#study-list li button") == names[0]
    assert page.watch.errors == []
