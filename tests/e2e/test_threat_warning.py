"""The in-game threat warning (issue 54): with the aid "Warn me of threats" on, the status says
before the player moves what the other side could do next ("Purple can win on A2 next move"), in
the page's language; with the aid off it says nothing of it. A real position from a link: Snorkels
after B1 A1 G7, Green to move, Purple's A2 would take Green's A1 (its last free neighbour) and win.
The worker side (every game, the levels that switch it on) is tests/test_takeback_threats.py."""
import sys
from pathlib import Path

from conftest import open_app, shot

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from spielkiste.record import Record  # noqa: E402
from spielkiste.registry import get_game  # noqa: E402
from spielkiste_web import threats  # noqa: E402

LINK = "snorkels?m=B1,A1,G7"
BOX = "#aids input[data-aid='threat']"
EN = "Purple can win on A2 next move: A2 (Green captured: Purple wins)"
DE = "Lila kann im nächsten Zug auf A2 gewinnen: A2 (Grün geschlagen: Lila gewinnt)"


def says(page, text):
    page.wait_for_function("t => document.getElementById('status-extra').textContent.includes(t)", arg=text)


def test_the_threat_warning_is_said_with_the_aid_on_in_both_languages_and_not_with_it_off(app, server):
    # the second route: the words are the threat a scan of the position finds
    rec = Record.new(get_game("snorkels"))
    for text in ("B1", "A1", "G7"):
        rec.play(rec.current.parse_move(text))
    found = threats.find(rec.current)
    assert isinstance(found, threats.Threat) and found.kind == "wins"
    assert (threats.words(rec.current, found, "en"), threats.words(rec.current, found, "de")) == (EN, DE)

    page = open_app(app, server.url + "#" + LINK)
    if page.is_checked(BOX):                  # a shared link: every seat human, the aid as the player left it
        page.uncheck(BOX)
    page.wait_for_function("!document.getElementById('status-extra').textContent.includes('A2')")
    assert "next move" not in page.text_content("#status-extra")
    page.check(BOX)
    says(page, EN)
    assert page.text_content("#status").strip()          # the turn line stays beside it
    # read out too: the status line is no live region, and a screen reader does not watch it
    page.wait_for_function("t => document.getElementById('announce').textContent === t", arg=EN)
    shot(page, "threat-warning-1280-en-light")
    page.click("#btn-theme")
    shot(page, "threat-warning-1280-en-dark")
    page.click("#btn-theme")
    page.select_option("#lang", "de")
    says(page, DE)
    page.select_option("#lang", "en")
    says(page, EN)
    page.uncheck(BOX)
    page.wait_for_function("!document.getElementById('status-extra').textContent.includes('A2')")
    assert "next move" not in page.text_content("#status-extra")


def test_a_threat_that_follows_every_move_is_said_where_the_move_shapes_the_reply(app, server):
    """Aufstellen (found by a newcomer probe): whatever Red plays, Blue walls in Red's cylinder with
    E8. The warning had said nothing, because the turn passed to Blue left Red's cylinder free; it
    now says what follows Red's own moves (the worker side: test_takeback_threats.py)."""
    page = open_app(app, server.url + "#aufstellen?m=B8,K11,B11,E5,H5,E11")
    if not page.is_checked(BOX):
        page.check(BOX)
    says(page, "Whatever Red plays, Blue can win next move, as after B2: E8 (Red must move the cylinder and cannot")
    page.select_option("#lang", "de")
    says(page, "Was Rot auch zieht, Blau kann im nächsten Zug gewinnen, so nach B2: E8")
    shot(page, "threat-warning-aufstellen-de")
    page.select_option("#lang", "en")
    page.uncheck(BOX)
