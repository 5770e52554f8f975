"""A computer's move that will take long says so in the thinking line (issue 53: a level is a number of
iterations, so on a slow device it keeps its strength and takes longer). The served engine is a copy whose
every level searches ten million iterations: a move of many minutes here, as a far slower device would
take for a real level. Desktop in English, then a 390 px phone in German, on one page."""
import os
import re
import shutil
import tempfile

from conftest import Server, Watch, moves, open_app, place_in_the_centre, wait_moves
from spielkiste.texts import t
from spielkiste_web import ui_texts  # noqa: F401  (the page's text keys)

SLOW_LEVELS = ("\n\nimport spielkiste_web.session as _session\n"
               "_session.target = lambda gid, level: (10 ** 7, None)     # every level: a very slow device's move\n")
FITS = "(() => { const e = document.getElementById('thinking-text'); return e.scrollHeight <= e.clientHeight + 1; })()"


def said(lang):
    """The thinking line of a long move: its time and the best move so far."""
    head, _, tail = t("ui.move_takes", lang, time="\x00", move="\x01").partition("\x00")
    between = tail.partition("\x01")[0]
    return re.compile("^" + re.escape(head) + r"(\d+) (s|min)" + re.escape(between) + r"(\S+)$")


def wait_said(page, lang):
    head = t("ui.move_takes", lang, time="\x00", move="").partition("\x00")[0]
    page.wait_for_function(f"(document.getElementById('thinking-text').textContent || '').startsWith({head!r})",
                           timeout=30000)
    return page.text_content("#thinking-text")


def test_a_long_move_says_how_long_it_takes_in_both_languages_on_desktop_and_phone(browser, dist):
    folder = tempfile.mkdtemp(prefix="spielkiste-slow-")
    shutil.copytree(dist, folder, dirs_exist_ok=True)
    with open(os.path.join(folder, "engine.py"), "a") as f:
        f.write(SLOW_LEVELS)
    srv = Server(folder)
    try:
        page = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
        page.watch = Watch(page)
        open_app(page, srv.url + "#snorkels")
        page.wait_for_selector("body[data-ai='ready']", timeout=90000)
        for lang in ("en", "de"):
            if lang == "de":
                page.set_viewport_size({"width": 390, "height": 844})
                page.select_option("#lang", "de")
            before = len(moves(page))
            place_in_the_centre(page)
            text = wait_said(page, lang)
            found = said(lang).match(text)
            assert found, text
            # ten million iterations at this machine's few thousand a second: minutes
            assert found.group(2) == "min" and int(found.group(1)) >= 5, text
            best = found.group(3)                    # the best move so far: a square, or the pie rule's swap
            assert best == "swap" or page.locator(f"#board [data-cell='{best}']").count(), text
            assert page.evaluate(FITS), text            # the two lines the row holds: nothing cut off
            assert page.is_visible("#btn-stop")
            page.click("#btn-stop")                     # "Move now": the best move so far
            wait_moves(page, before + 2, timeout=30000)
            page.wait_for_selector("body[data-thinking='0']", timeout=10000)
        assert page.watch.errors == []
        page.context.close()
    finally:
        srv.stop()
        shutil.rmtree(folder, ignore_errors=True)
