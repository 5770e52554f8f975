"""Accessibility audit with axe-core (PyPI axe-playwright-python ships it): every game screen, the
new-game dialog, a rules page, the end-of-game panel and the embed view, with zero violations, in the
light look and again in the dark one (issue 34: axe's colour rules, the only ones a theme can change,
under the system's dark preference, at the same screen: one walk through the screens, not two). The
walks through every game and every editor visit each screen in English and in German; the colour rules
run in the English walk (both looks), the German walk runs every other rule: a translation changes
words and labels, not one colour of the screen (issue 31: the colour rules are most of an audit's CPU)."""
import re

import pytest

from conftest import one_move_from_the_end, open_app, shot, tool
from spielkiste.registry import GAMES


# axe-core's rules that read colours: text contrast (AA), and links told from text by colour alone
COLOUR_RULES = ("color-contrast", "link-in-text-block")
DARK_PAGE = 0.02          # the dark look's page background: at most this relative luminance (WCAG)


def luminance(css_colour: str) -> float:
    """Relative luminance (WCAG) of an rgb()/rgba() colour as getComputedStyle gives it."""
    r, g, b = (int(v) / 255 for v in re.findall(r"[\d.]+", css_colour)[:3])
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


class Axe:
    """axe-core (the copy axe-playwright-python ships) in a page: injected once per document, not
    once per audit (half a megabyte of script, parsed again each time). `violations` runs all its
    rules on the page as it is, then the colour rules again under the system's dark preference (the
    page follows it: test_theme.py), and gives the page back its look."""

    def __init__(self):
        from axe_playwright_python.sync_playwright import Axe as Shipped
        self.script = Shipped().axe_script

    def run(self, page, rules=None, skip=()):
        # the page as it settles: no audit of a toast half faded in or a colour half way (its contrast
        # is not yet its own)
        page.wait_for_function("""document.getAnimations().every(a => a.playState !== 'running' ||
            a.effect.getComputedTiming().endTime === Infinity)""")
        if not page.evaluate("typeof window.axe === 'object'"):
            page.evaluate(self.script)
        options = {"resultTypes": ["violations"], **({"runOnly": {"type": "rule", "values": list(rules)}}
                                                     if rules else {}),
                   **({"rules": {rule: {"enabled": False} for rule in skip}} if skip else {})}
        found = page.evaluate("options => axe.run(document, options).then(r => r.violations)", options)
        return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in found]

    def violations(self, page, colours=True):
        """colours=False: every rule but the colour rules, in neither look (a screen whose colours an
        audit of the same screen in the other language has read: a translation changes words, not
        colours)."""
        if not colours:
            return self.run(page, skip=COLOUR_RULES)
        found = self.run(page)
        if page.evaluate("document.documentElement.dataset.theme || null") is not None:
            return found              # a look the player chose: the system's preference changes nothing
        page.emulate_media(color_scheme="dark")
        try:
            dark = self.run(page, COLOUR_RULES)           # (after the page's colours have settled)
            background = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
            assert luminance(background) < DARK_PAGE, f"the page is not dark under a dark preference: {background}"
            return found + [("dark: " + rule, impact, nodes) for rule, impact, nodes in dark]
        finally:
            page.emulate_media(color_scheme="null")


@pytest.fixture(scope="module")
def axe():
    return Axe()


def violations(axe, page, colours=True):
    return axe.violations(page, colours)


def every_game_in_both_languages(page, server):
    """Opens every game in English, then in German; yields (game id, language) at each."""
    open_app(page, server.url + "#snorkels?v=1")
    for lang in ("en", "de"):
        page.select_option("#lang", lang)
        for gid in GAMES:
            page.evaluate(f"location.hash = '{gid}?v=1'")
            page.wait_for_function(f"window.spielkiste().startsWith('{gid}')")
            yield gid, lang


def test_every_game_screen_in_both_languages(axe, app, server):
    page = app
    for gid, lang in every_game_in_both_languages(page, server):
        assert violations(axe, page, colours=lang == "en") == [], f"{gid} ({lang})"


def test_dialog_rules_page_and_the_end_of_the_game(axe, app, server):
    page = app
    open_app(page, server.url + "#snorkels?v=1")
    page.click("#btn-new")
    assert violations(axe, page) == [], "new-game dialog"
    page.click("#newgame-cancel")
    page.click("#btn-rules")
    page.wait_for_selector("#rules-text h1, #rules-text h2")
    assert violations(axe, page) == [], "rules page"
    page.click("#rules-close")
    # a finished game: Surikata played to its end, the last move by clicking targets
    page.evaluate(f"location.hash = '{one_move_from_the_end('surikata?seed=3')}'")
    page.wait_for_function("window.spielkiste().startsWith('surikata')")
    for _ in range(200):
        if page.is_visible("#result"):
            break
        cell = page.query_selector("[data-cell].target")
        if cell is None:
            page.click("#choices button")
        else:
            cell.click()
    assert page.is_visible("#result")
    shot(page, "end-of-game")
    assert violations(axe, page) == [], "end-of-game panel"


def test_the_embed_view(axe, page, server):
    open_app(page, server.url + "?embed#aufstellen?v=1")
    assert violations(axe, page) == []


def test_the_board_editor_in_both_languages(axe, app, server):
    """The editor of every game (palette radio group, fields, options, studies), with a position
    it refuses (marked squares) too."""
    page = app
    for gid, lang in every_game_in_both_languages(page, server):
        tool(page, "#btn-edit")
        page.wait_for_selector("#editor:not([hidden]) #palette button")
        assert violations(axe, page, colours=lang == "en") == [], f"editor {gid} ({lang})"
    page.click("#edit-clear")
    page.click("#palette button >> nth=0")
    page.click("#board [data-cell] >> nth=0")
    assert violations(axe, page) == [], "editor with a refused position"
