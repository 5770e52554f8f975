"""Nothing lost under faults: a worker that dies mid-search, raises, or never loads; storage that is
full, blocked, or holds a corrupt save. Each time the page says what happened and play goes on."""
import json
import os
import shutil
import tempfile

import pytest

from conftest import Server, Watch, click_some_targets, moves, open_app, wait_moves
from spielkiste.texts import t
from spielkiste_web import ui_texts  # noqa: F401  (the page's text keys)


def first_words(key):
    return t(key, "en").split(";")[0]


@pytest.fixture
def served(dist):
    """A copy of the site, changed by the test, on its own port."""
    made = []

    def make(change):
        folder = tempfile.mkdtemp(prefix="spielkiste-fault-")
        shutil.copytree(dist, folder, dirs_exist_ok=True)
        change(folder)
        srv = Server(folder)
        made.append((srv, folder))
        return srv
    yield make
    for srv, folder in made:
        srv.stop()
        shutil.rmtree(folder, ignore_errors=True)


def page_with(browser, script):
    """A page in a fresh context whose every document first runs `script`."""
    ctx = browser.new_context()
    ctx.add_init_script(script)
    page = ctx.new_page()
    page.watch = Watch(page)
    return page


def seeded(save):
    """An init script that puts `save` in the storage of a fresh profile, once (a reload keeps what the app did)."""
    return f"""if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');
        localStorage.setItem('spielkiste.last', 'snorkels');
        localStorage.setItem('spielkiste.save.snorkels', {json.dumps(save)}); }}"""


def message(page):
    return page.text_content("#message-text") if page.is_visible("#message") else ""


def test_a_worker_terminated_mid_search_is_replaced_and_the_game_goes_on(page, server):
    open_app(page, server.url + "#snorkels")
    page.wait_for_selector("body[data-ai='ready']", timeout=90000)
    page.click("[data-cell='C3']")
    page.wait_for_selector("body[data-thinking='1']", timeout=10000)
    page.evaluate("document.querySelector('script[name^=\"ai\"]').xworker.terminate()")
    wait_moves(page, 2, timeout=30000)                      # the computer moved all the same
    # a terminated worker either stops answering or rejects the pending call: both are reported
    assert message(page) in (t("ui.ai_lost", "en"), t("ui.ai_failed", "en"))
    page.wait_for_selector("body[data-ai='ready']", timeout=90000)   # a new worker
    assert page.locator("script[name^='ai']").count() == 1
    click_some_targets(page, 1)
    wait_moves(page, 4, timeout=30000)


def test_a_worker_that_raises_is_replaced_and_the_computer_still_moves(browser, served):
    def broken_search(folder):
        with open(os.path.join(folder, "worker.py"), "a") as f:
            f.write("\n\ndef think(seconds):\n    raise RuntimeError('the search broke')\n")
    srv = served(broken_search)
    page = browser.new_page()
    page.watch = Watch(page)
    open_app(page, srv.url + "#snorkels")
    page.wait_for_selector("body[data-ai='ready']", timeout=90000)
    page.click("[data-cell='C3']")
    wait_moves(page, 2, timeout=30000)
    assert first_words("ui.ai_failed") in message(page)
    assert page.watch.errors == []
    page.close()


def test_a_worker_script_that_fails_to_load_leaves_the_page_playing(browser, served):
    srv = served(lambda folder: os.remove(os.path.join(folder, "worker.py")))
    page = browser.new_page()
    page.watch = Watch(page)
    open_app(page, srv.url + "#snorkels")
    page.click("[data-cell='C3']")
    wait_moves(page, 2, timeout=30000)
    page.wait_for_function("document.body.dataset.ai === 'page'", timeout=60000)
    assert first_words("ui.ai_page_only") in message(page)
    click_some_targets(page, 1)
    wait_moves(page, 4, timeout=30000)
    assert page.watch.errors == []
    page.close()


FULL = """(() => { const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (k, v) {
    if (window.__full && k.startsWith('spielkiste.game.')) throw new DOMException('full', 'QuotaExceededError');
    return set.call(this, k, v); }; })();"""


# the first copy set aside (saves.set_aside)
ASIDE = "JSON.parse(localStorage.getItem('spielkiste.broken.snorkels.1') || 'null')?.text"
KEPT = "localStorage.getItem('spielkiste.game.' + localStorage.getItem('spielkiste.current.snorkels'))"


def test_storage_full_warns_keeps_playing_and_keeps_the_last_good_save(browser, server):
    page = page_with(browser, FULL)
    open_app(page, server.url + "#snorkels?seed=3")
    click_some_targets(page, 2)
    good = page.evaluate(KEPT)
    page.evaluate("window.__full = true")
    click_some_targets(page, 2)
    assert len(moves(page)) == 4
    assert first_words("ui.storage_full") in message(page)
    assert page.evaluate(KEPT) == good
    assert page.watch.errors == []
    page.context.close()


BLOCKED = """Object.defineProperty(window, 'localStorage', {
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });"""


def test_no_storage_at_all_plays_and_says_games_are_not_saved(browser, server):
    page = page_with(browser, BLOCKED)
    open_app(page, server.url + "#snorkels?seed=3")
    assert first_words("ui.no_storage") in message(page)
    click_some_targets(page, 2)
    assert len(moves(page)) == 2
    assert page.watch.errors == []
    page.context.close()


GOOD = {"v": 1, "link": "snorkels?seed=3&m=C3", "seats": ["human", "human"], "level": 2, "rotation": 0}
CORRUPT = [("level", [1]), ("level", "2"), ("seats", "human"), ("seats", [["human"]]), ("rotation", {"a": 1}),
           ("link", 7), ("link", "snorkels?m=" + "Z9," * 50), ("v", None)]


@pytest.mark.parametrize("field,value", CORRUPT, ids=[f"{f}-{type(v).__name__}" for f, v in CORRUPT])
def test_a_corrupt_saved_field_never_stops_the_app(browser, server, field, value):
    save = json.dumps(dict(GOOD, **{field: value}))
    page = page_with(browser, seeded(save))
    open_app(page, server.url, timeout=60000)
    assert page.locator("#board svg [data-cell]").count() == 49
    kept = page.evaluate(ASIDE)
    restored = moves(page) == ["C3"]
    assert restored or kept == save, "an unreadable save is set aside, never lost"
    click_some_targets(page, 1)
    assert page.watch.errors == []
    page.context.close()


def test_a_deeply_nested_save_is_set_aside(browser, server):
    save = "[" * 100000 + "]" * 100000
    page = page_with(browser, seeded(save))
    open_app(page, server.url, timeout=60000)
    assert page.evaluate(ASIDE) == save
    assert "saved game" in message(page)
    page.context.close()
