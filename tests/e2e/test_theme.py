"""The dark theme (issue 34) in Chromium: the header's switch recolours the page and the board, the
choice survives a reload and is painted before the page's Python runs, the system's preference is
followed by default, an embed takes `?theme=` and keeps nothing, an exported picture keeps the
theme it was made in (test_a11y.py audits every screen in the dark too).
tests/test_theme_css.py checks the style sheets themselves (every colour a custom property, the
dark set the same twice, seat colours apart for a deuteranope)."""
import base64
import re

import pytest

from conftest import open_app, tool
from test_a11y import luminance

COLOURS = """() => {
  const css = (sel, prop) => getComputedStyle(document.querySelector(sel))[prop];
  return {page: css('html', 'backgroundColor'), panel: css('#side', 'backgroundColor'), ink: css('#side', 'color'),
          header: css('header#top', 'backgroundColor'), square: css('#board rect.cell', 'fill'),
          frame: css('#board rect.frame', 'fill')};
}"""


def theme(page):
    return page.evaluate("document.documentElement.dataset.theme || null")


def stored(page):
    return page.evaluate("localStorage.getItem('spielkiste.theme')")


def test_the_switch_recolours_the_page_and_the_board_and_comes_back_to_the_system(app, server):
    page = app
    page.emulate_media(color_scheme="light")
    open_app(page, server.url + "#snorkels")
    light = page.evaluate(COLOURS)
    assert theme(page) is None and luminance(light["page"]) > .6
    label = page.get_attribute("#btn-theme", "aria-label")
    page.click("#btn-theme")                                   # the system's light -> dark
    assert theme(page) == "dark" and stored(page) == "dark"
    dark = page.evaluate(COLOURS)
    assert all(dark[k] != light[k] for k in light), (light, dark)
    assert luminance(dark["page"]) < .02 and luminance(dark["panel"]) < .03
    assert luminance(dark["ink"]) > .6, "light text on the dark panel"
    assert luminance(dark["square"]) < luminance(light["square"]), "the board is dimmed too"
    assert page.get_attribute("#btn-theme", "aria-label") != label
    page.click("#btn-theme")                                   # -> light, forced
    assert theme(page) == "light" and page.evaluate(COLOURS) == light
    page.click("#btn-theme")                                   # -> the system's again
    assert theme(page) is None and stored(page) == "system" and page.evaluate(COLOURS) == light


def test_the_choice_survives_a_reload_and_is_painted_before_python_runs(app, server):
    page = app
    page.emulate_media(color_scheme="light")
    open_app(page, server.url + "#blockade")
    page.click("#btn-theme")
    assert theme(page) == "dark"
    dark = page.evaluate(COLOURS)
    page.reload(wait_until="domcontentloaded")
    early = page.evaluate("[document.documentElement.dataset.theme, getComputedStyle(document.documentElement)"
                          ".backgroundColor, document.body.dataset.ready || '']")
    assert early[0] == "dark" and luminance(early[1]) < .02 and early[2] != "1", early
    page.wait_for_selector("body[data-ready='1']", timeout=90000)
    assert theme(page) == "dark" and page.evaluate(COLOURS) == dark


def test_the_system_preference_is_followed_and_can_be_overruled(app, server):
    page = app
    page.emulate_media(color_scheme="dark")
    open_app(page, server.url + "#drei")
    dark = page.evaluate(COLOURS)
    assert theme(page) is None and luminance(dark["page"]) < .02
    page.click("#btn-theme")                                   # the system's dark -> light
    assert theme(page) == "light" and luminance(page.evaluate(COLOURS)["page"]) > .6
    page.emulate_media(color_scheme="light")                   # the system changes: a forced choice stays
    assert theme(page) == "light"


@pytest.mark.parametrize("asked, system", [("dark", "light"), ("light", "dark")])
def test_an_embed_takes_its_theme_and_keeps_nothing(page, server, asked, system):
    page.emulate_media(color_scheme=system)
    open_app(page, server.url + f"?embed&theme={asked}#aufstellen?v=1")
    assert theme(page) == asked
    bright = luminance(page.evaluate(COLOURS)["panel"]) > .6
    assert bright == (asked == "light")
    assert stored(page) is None


def test_an_exported_picture_keeps_the_theme_shown(app, server):
    """The SVG file names its theme on its root and inlines board.css, so it looks the same wherever
    it is opened, whatever that viewer's system prefers."""
    page = app
    page.emulate_media(color_scheme="light")
    open_app(page, server.url + "#weltreich")
    page.click("#btn-theme")
    square = page.evaluate(COLOURS)["square"]
    with page.expect_download() as got:
        tool(page, "#btn-svg")
    with open(got.value.path(), encoding="utf-8") as f:
        text = f.read()
    assert re.match(r'<svg [^>]*data-theme="dark"', text)
    assert not re.search(r'\s(?:fill|stroke)="(?!none)', text), "colours come from the inlined style sheet"
    # opened on its own (a tab of its own) in a browser whose system is light, the picture is still dark
    page = page.context.new_page()
    page.emulate_media(color_scheme="light")
    page.goto("data:image/svg+xml;base64," + base64.b64encode(text.encode()).decode())
    assert page.evaluate("getComputedStyle(document.querySelector('svg.board rect.cell')).fill") == square

