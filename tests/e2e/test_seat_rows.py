"""The seat rows (issue 54): one line per seat on a phone (German) and the desktop (English), the
computer's level in the seat's own menu ("Computer: easy") instead of a second menu whose place a
human seat held unseen (a second, empty line under every row on the desktop); a seat switched to the
computer, or to another level, moves nothing below. Four-player Weltreich in teams: the longest rows
(a partner named in each). The level kept in the save and its tooltip: test_platform.py."""
from conftest import open_app, shot
from spielkiste.ai import levels
from spielkiste.texts import t
from test_newcomer import record, recorded, stop_recording

LINK = "weltreich?players=4&teams=1"
ROWS = """() => [...document.querySelectorAll('#seats li')].map(li => {
    const s = li.querySelector('select');
    const first = li.firstElementChild.getBoundingClientRect();
    return {li: li.getBoundingClientRect().height, select: s.getBoundingClientRect().height,
            wrapped: [...li.children].some(c => c.getBoundingClientRect().top >= first.bottom),
            menus: li.querySelectorAll('select').length, end: s.getBoundingClientRect().right,
            fits: (() => { const c = document.createElement('canvas').getContext('2d');     // its longest choice
                c.font = getComputedStyle(s).font;                                           // fits beside the arrow
                return s.getBoundingClientRect().width >= Math.max(...[...s.options].map(
                    o => c.measureText(o.text).width)) + 20; })(),
            right: document.getElementById('seats').getBoundingClientRect().right};
})"""
NEW_TOP = "Math.round(document.getElementById('btn-new').getBoundingClientRect().top + window.scrollY)"


def test_each_seat_is_one_line_with_its_level_in_its_own_menu_and_a_change_moves_nothing(phone_app, app, server):
    other = levels.offered("weltreich")[-1]           # a level other than the default, offered in Weltreich
    assert other != levels.nearest("weltreich", levels.DEFAULT_LEVEL)
    for page, lang, name in ((phone_app, "de", "390-de"), (app, "en", "1280-en")):
        computer = "Computer: " + t(f"ui.level.{other}", lang)
        open_app(page, server.url + "#" + LINK)
        page.select_option("#lang", lang)
        record(page, NEW_TOP)
        rows = page.evaluate(ROWS)
        assert len(rows) == 4 and all(r["menus"] == 1 for r in rows), rows
        for r in rows:          # one line: nothing wrapped under the swatch, as high as a touch menu; inside the panel
            assert not r["wrapped"] and r["li"] <= 56 and r["end"] <= r["right"] + 0.5 and r["fits"], (name, rows)
        shot(page, f"seat-rows-{name}-light")
        page.click("#btn-theme")
        shot(page, f"seat-rows-{name}-dark")
        page.click("#btn-theme")
        # seat 4 (not to move) to the computer at another level, back to a human: nothing below moves
        page.select_option("#seats select[data-seat='3']", label=computer)
        page.wait_for_function("document.querySelector(\"#seats select[data-seat='3']\").value === 'computer'")
        assert page.evaluate(ROWS) == rows
        shot(page, f"seat-rows-{name}-computer")
        page.select_option("#seats select[data-seat='3']", "human")
        page.wait_for_function("document.querySelector(\"#seats select[data-seat='3']\").value === 'human'")
        assert len(recorded(page)) == 1, (name, recorded(page))
        stop_recording(page)
        page.select_option("#lang", "en")
