"""Rules pages: every playable game has one in English and German, they use only the tags the
page styles, and every example link opens (a real position of that game)."""
import html as htmllib
import os
import re

import pytest

from spielkiste.registry import GAMES
from spielkiste_web.links import from_fragment

RULES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "assets", "rules")
ALLOWED = {"h2", "h3", "p", "ul", "ol", "li", "strong", "em", "a", "span", "code"}


@pytest.mark.parametrize("gid", sorted(GAMES))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_rules_page_exists_and_its_examples_open(gid, lang):
    path = os.path.join(RULES, f"{gid}.{lang}.html")
    assert os.path.exists(path), f"no rules page {gid}.{lang}.html"
    html = open(path, encoding="utf-8").read()
    tags = set(re.findall(r"</?([a-zA-Z0-9]+)", html))
    assert tags <= ALLOWED, f"unexpected tags {tags - ALLOWED}"
    assert "<script" not in html.lower() and "on" + "click" not in html.lower()
    assert 'class="ours"' in html, "our decisions must be marked"
    for href in map(htmllib.unescape, re.findall(r'href="#([^"]+)"', html)):
        assert href.split("?")[0] == gid
        rec = from_fragment(href)          # raises on any bad example
        assert rec.current is not None


def test_snorkels_examples_show_what_they_say():
    html = open(os.path.join(RULES, "snorkels.en.html"), encoding="utf-8").read()
    links = dict(re.findall(r'href="#([^"]+)">([^<]+)</a>', html))
    by_text = {text.split(":")[1].strip()[:12]: from_fragment(href).current for href, text in links.items()}
    breathes = by_text["the purple g"]
    assert breathes.group(2 * 7 + 1)[1]
    mutual = by_text["Purple to pl"]
    mutual.push_text("A2")
    assert mutual.result.winners == (0,)
    selfcap = by_text["if Purple pl"]
    selfcap.push_text("A1")
    assert selfcap.result.reason == "why.snorkels.self"
