"""The band under the status line (issue 54): it held two lines for the second status line and a row
of its own for the computer's "thinking" (95-110 px on a 390 px phone, empty most of the time). Now
they share one band of one row's height: the thinking row (or the choice buttons: a swap) takes the
second line's place while the computer thinks (or the choice is offered). Measured: the gap between the status
text and the next control (the first seat row) with no second line, on a phone in German and on the
desktop; the band's height while the computer thinks and when a swap is offered (nothing below moves:
test_newcomer.py::test_controls_stay_put_when_a_choice_or_the_computer_comes)."""
import json

from conftest import open_app, shot, wait_moves
from test_newcomer import record, recorded, stop_recording

GAP = """() => { const s = document.getElementById('status').getBoundingClientRect();
    const r = document.createRange(); r.selectNodeContents(document.getElementById('status'));
    const text = r.getBoundingClientRect();
    return {gap: document.querySelector('#seats li').getBoundingClientRect().top - text.bottom,
            extra: document.getElementById('status-extra').textContent, status: s.height}; }"""
FRAME = """JSON.stringify({thinking: !document.getElementById('thinking').hidden,
    extra: getComputedStyle(document.getElementById('status-extra')).visibility,
    band: Math.round(document.getElementById('turn-box').getBoundingClientRect().height),
    inside: (b => (t => b.top <= t.top && t.bottom <= b.bottom + 0.5)(document.getElementById('thinking')
        .getBoundingClientRect()))(document.getElementById('turn-box').getBoundingClientRect())})"""
BAND = "Math.round(document.getElementById('turn-box').getBoundingClientRect().height)"


def test_the_band_under_the_status_holds_one_row_and_the_thinking_row_takes_its_place(phone_app, app, server):
    for page, lang, name, limit in ((phone_app, "de", "390-de", 60), (app, "en", "1280-en", 56)):
        open_app(page, server.url + "#snorkels?seed=4")
        page.select_option("#lang", lang)
        got = page.evaluate(GAP)
        print("the gap under the status,", name, round(got["gap"], 1), "px")     # was 107.4 (phone), 98.6 (desktop)
        assert got["extra"] == "" and got["gap"] <= limit, (name, got)
        shot(page, f"status-band-{name}-light")
        page.click("#btn-theme")
        shot(page, f"status-band-{name}-dark")
        page.click("#btn-theme")
        held = page.evaluate(BAND)
        # a swap offered: its button (which names the rule) in the line's place, the band as high
        page.locator("[data-cell].target").first.click()
        page.wait_for_selector("#choices button")
        assert page.evaluate(BAND) == held
        assert page.evaluate("getComputedStyle(document.getElementById('status-extra')).visibility") == "hidden"
        button, band = page.locator("#choices button").bounding_box(), page.locator("#turn-box").bounding_box()
        assert band["y"] <= button["y"] and button["y"] + button["height"] <= band["y"] + band["height"] + 0.5
        shot(page, f"status-band-{name}-swap")
        # the computer thinks: its row in the line's place (the line unseen), the band as high (every frame)
        record(page, FRAME)
        page.select_option("#seats select[data-seat='1']", "computer")
        wait_moves(page, 2, timeout=90000)
        page.wait_for_selector("body[data-thinking='0']")
        frames = [json.loads(f) for f in recorded(page)]
        stop_recording(page)
        assert [f for f in frames if f["thinking"]], frames                 # the row was seen
        assert {f["band"] for f in frames} == {held}, frames
        assert all(f["extra"] == "hidden" and f["inside"] for f in frames if f["thinking"]), frames
        page.select_option("#lang", "en")
