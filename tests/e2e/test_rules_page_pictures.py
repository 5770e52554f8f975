"""Rules pages with pictures, in Chromium: every game's rules page shows each worked example's picture
inside its link, whole and inside the page, on a 390 px phone in German and at 1280 px in English;
the pictures are drawn with the board's styles, swiping over one scrolls the page, and clicking one opens
its position on the board. The build's copy of the rules is the one the offline copy holds."""
import hashlib
import json
import os
import re

import pytest

from conftest import open_app, shot
from spielkiste.registry import GAMES

# per example link: its picture's box, the first square's fill and touch-action as drawn, the panel's box
PICTURES = """() => {
  const panel = document.getElementById('rules-text').getBoundingClientRect();
  return [...document.querySelectorAll('#rules-text a.example')].map(a => {
    const svg = a.querySelector(':scope > svg.picture'), cell = svg && svg.querySelector('.cell');
    const box = svg && svg.getBoundingClientRect(), style = cell && getComputedStyle(cell);
    return {href: a.getAttribute('href'), width: box ? box.width : 0, left: box ? box.left : 0,
            right: box ? box.right : 0, fill: style ? style.fill : '', touch: style ? style.touchAction : '',
            panelLeft: panel.left, panelRight: panel.right};
  });
}"""
# each piece of an SVG board as drawn: its shape and colour classes and its place
PIECES = """svg => [...svg.querySelectorAll('g.piece')].map(g =>
  g.getAttribute('class').split(' ').filter(c => /^(shape|c)-/.test(c)).join(' ') + ' ' +
  g.getAttribute('transform')).sort()"""


def open_rules(page, gid):
    page.evaluate(f"location.hash = '{gid}?v=1'")
    page.wait_for_function(f"window.spielkiste().startsWith('{gid}')")
    page.click("#btn-rules")
    page.wait_for_selector("#rules:not([hidden]) #rules-text svg.picture")


@pytest.mark.parametrize("booted, lang", [("phone_app", "de"), ("app", "en")], ids=["phone-de", "desktop-en"])
def test_every_rules_page_shows_its_pictures(request, server, booted, lang):
    page = request.getfixturevalue(booted)       # the worker's booted page on a phone or at 1280 px
    open_app(page, server.url + "#snorkels?v=1")
    page.select_option("#lang", lang)
    width = page.viewport_size["width"]
    for gid in GAMES:
        open_rules(page, gid)
        fetched = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)"
                                ".filter(n => n.includes('/rules/')).pop()")
        assert fetched.endswith(f"/rules/{gid}.{lang}.html")
        pictures = page.evaluate(PICTURES)
        assert pictures, f"{gid}: no example"
        for p in pictures:
            assert p["width"] >= 150, f"{gid} {p['href']}: picture missing or too small"
            assert p["panelLeft"] - .5 <= p["left"] and p["right"] <= p["panelRight"] + .5, f"{gid}: picture cut"
            assert p["fill"].startswith("rgb("), f"{gid}: the board's styles do not reach the picture"
            assert p["touch"] == "auto", f"{gid}: a swipe over the picture would not scroll the page"
        assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{gid}: the page scrolls sideways"
        page.locator("#rules-text svg.picture").first.scroll_into_view_if_needed()
        shot(page, f"rules-pictures-{lang}-{width}-{gid}")
    page.click("#rules-close")


def test_clicking_a_picture_opens_its_position(app, server):
    page = app
    open_app(page, server.url + "#snorkels?v=1")
    open_rules(page, "tor")
    link = page.locator("#rules-text a.example").nth(1)
    href, pictured = link.get_attribute("href"), link.locator("svg.picture").evaluate(PIECES)
    link.locator("svg.picture").click()
    page.wait_for_selector("#rules[hidden]", state="attached")
    want = json.dumps(json.dumps(pictured, separators=(',', ':')))
    page.wait_for_function(f"JSON.stringify(({PIECES})(document.querySelector('#board svg'))) === {want}")
    assert href.startswith("#tor?p=") and page.evaluate("window.spielkiste()").startswith("tor?p=")
    shot(page, "rules-pictures-opened")


def test_the_offline_copy_holds_the_pictures(dist):
    with open(os.path.join(dist, "sw.js")) as f:
        precached = dict(json.loads(re.search(r"(\[\[.*?\]\])", f.read())[1]))
    for gid in GAMES:
        for lang in ("en", "de"):
            with open(os.path.join(dist, "rules", f"{gid}.{lang}.html"), "rb") as f:
                data = f.read()
            assert b"<svg" in data
            assert precached[f"./rules/{gid}.{lang}.html"] == hashlib.sha256(data).hexdigest()[:16]
