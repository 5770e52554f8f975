"""The first minute of a first visit (issue 54): the page's layout settles at once (the space the
side panel will use is there from the first frame, so nothing moves when Python and the engine
arrive), and the first tap on the board, made long before the engine is ready, is played: with
nothing stored the page opens the game's start, the very board boot.js painted.
tests/bench/layout_shift.py measures the same layout shift on more configurations (4x slowdown too)."""
import json
import os
import sys

import pytest

from conftest import Watch, wait_moves

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench"))
from layout_shift import DEVICES, SHIFTS_JS, settle  # noqa: E402

GOAL = 0.02          # issue 54: below 0.02 on the desktop and the phone


def test_the_first_tap_on_a_first_visit_is_played(browser, dist, server):
    """A fresh profile, no link, a phone-speed CPU (4x slowdown): 0.3 s after navigation the player
    taps D4 on the board boot.js painted; the engine is seconds away. The tap is played as the
    first move of the player's own game against the computer (kept, so a reload continues it)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, service_workers="block")
    page = ctx.new_page()
    page.watch = Watch(page)
    ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.goto(server.url, wait_until="commit")
    page.wait_for_timeout(300)
    page.click('#board [data-cell="D4"]', timeout=60000)      # as soon as boot.js has painted it
    assert page.evaluate("document.body.dataset.ready") != "1", "the engine was ready: nothing was early"
    assert page.get_attribute("#board", "data-early") == "exact"
    played = wait_moves(page, 2, timeout=120000)                 # ours, then the computer's answer
    assert played[0].endswith("D4")
    link = page.evaluate("window.spielkiste()")
    assert link.startswith("snorkels?m=D4,"), link               # the start boot.js painted, no random set-up
    assert page.evaluate("localStorage.getItem('spielkiste.last')") == "snorkels"
    assert page.watch.errors == []
    ctx.close()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_first_visit_does_not_shift(browser, dist, server, device):
    """A fresh profile, no link: every layout shift from navigation until the engine is ready (and
    1.5 s more), summed (never less than the CLS Lighthouse reports), stays below 0.02."""
    ctx = browser.new_context(service_workers="block", locale="en-GB", **DEVICES[device])
    ctx.add_init_script(SHIFTS_JS)
    page = ctx.new_page()
    page.watch = Watch(page)
    page.goto(server.url, wait_until="commit")
    shifts = settle(page)
    total = sum(s["value"] for s in shifts)
    assert total < GOAL, shifts
    assert page.watch.errors == []
    ctx.close()


ROW = ["purple", "Purple", "", "human", True, "Seat 1"]
HOSTILE = {      # what storage may hold as the cached board's side panel: (seats, levels, aids), rows painted
    "markup in a name": ([["purple", "<img src=x onerror=window.__ran=1>", "", "human", True, "Seat 1"]], [], [], 1),
    "a quote in a colour": ([['purple" onclick="window.__ran=1', "Purple", "", "human", True, "S"]], [], [], 0),
    "wrong types": ([[1, 2, 3, 4, 5, 6], ROW], [], [], 0),
    "an unknown kind": ([["purple", "Purple", "", "root", True, "S"]], [], [], 0),
    "thousands of rows": ([ROW] * 5000, [], [], 0),
    "levels not a list": ([ROW], "x", [], 0),
    "markup in an aid": ([ROW], [[1, "<b>one</b>"]], [["threat", "<img src=x onerror=window.__ran=1>", "yes"]], 1),
    "deep nesting": ("DEEP", [], [], 0),
}


@pytest.mark.parametrize("seats,levels,aids,rows", HOSTILE.values(), ids=HOSTILE.keys())
def test_the_cached_side_panel_is_data(browser, dist, server, seats, levels, aids, rows):
    """boot.js paints the seats, levels and aids of the last board from storage before Python starts:
    text only, and rows of the wrong shape (or any other data) are refused, never an error."""
    from test_storage_safety import cached_page
    with open(os.path.join(dist, "boards", "snorkels.en.json")) as f:
        board = json.load(f)
    cache = {"frag": "snorkels", "lang": "en", "svg": board["svg"], "title": "T", "goal": "G", "status": "S",
             "extra": "", "seats": seats, "levels": levels, "level": 1, "aids": aids, "tools": []}
    text = json.dumps(cache).replace('"DEEP"', "[" * 10000 + "]" * 10000)
    page = cached_page(browser, server, {})
    page.context.add_init_script(f"localStorage.setItem('spielkiste.svg.snorkels', {json.dumps(text)});")
    page.goto(server.url + "#snorkels")
    page.wait_for_selector("#board[data-early='exact'] [data-cell]", timeout=30000)
    page.wait_for_function("document.readyState === 'complete'")
    assert page.locator("#seats li").count() == rows
    tags = page.eval_on_selector_all("#seats *, #aids *", "es => [...new Set(es.map(e => e.localName))].sort()")
    assert set(tags) <= {"li", "span", "select", "option", "label", "input"}, tags
    if rows:
        assert page.text_content("#seats li span:nth-child(2)") == seats[0][1]     # as text, not markup
    if aids:
        assert page.text_content("#aids label").strip() == aids[0][1].strip()
    assert page.evaluate("window.__ran") is None
    assert page.watch.errors == []
    page.context.close()
