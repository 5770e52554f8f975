"""Every word a player reads, in the page's language: a walk through every game in German (and again in
English) that reads all visible text and every accessible label, through set-up phases, choice buttons, a
link that cannot be read, the end of a game, the new-game dialog, the rules page, aids and tools, the
board editor (with a position it refuses), and fails on any word that only the other language's text
table uses. Move notation (the move list, links)
is the same in both languages and is not read; the rules pages are our own prose, one file per language
(checked by which file the page loads: common words like "also" or "die" mean something in both)."""
import os
import re
import sys

import pytest

from conftest import ROOT, one_move_from_the_end, open_app, tool
from spielkiste.registry import GAMES
from spielkiste_web import ui_texts  # noqa: F401  (the page's own keys belong to the table too)

sys.path.insert(0, os.path.join(ROOT, "tests"))
from test_texts import only_in, words  # noqa: E402

READ = """() => {
  const skip = el => el.closest('#movelist, #link-box, #lang, #rules-text, script, style, [hidden]');
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const p = n.parentElement;
    if (p && !skip(p) && p.getClientRects().length) out.push(n.textContent);
  }
  for (const e of document.querySelectorAll('[aria-label], [title], title'))
    if (!skip(e)) out.push(e.getAttribute('aria-label') || e.getAttribute('title') || e.textContent);
  out.push(document.title);
  return out.join('\\n');
}"""


def foreign_words(page, lang):
    """Words on the page that only the other language uses (with a little context for the report)."""
    text = page.evaluate(READ)
    bad = words(text) & only_in("en" if lang == "de" else "de")
    return {w: re.search(rf".{{0,40}}\b{w}\b.{{0,40}}", text, re.I | re.S).group(0) for w in sorted(bad)}


def play_some(page, count):
    for _ in range(count):
        if page.is_visible("#result"):
            return
        cell = page.query_selector("[data-cell].target")
        if cell is not None:
            cell.click()
        elif page.query_selector("#choices button"):
            page.click("#choices button")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_screen_speaks_one_language(app, server, lang):
    page = app                      # the worker's booted page (conftest.py), routed to each game
    open_app(page, server.url + "#snorkels?v=1")
    page.select_option("#lang", lang)
    assert page.evaluate("document.documentElement.lang") == lang
    seen = {}
    for gid in GAMES:
        page.evaluate(f"location.hash = '{gid}?v=1'")
        page.wait_for_function(f"window.spielkiste().startsWith('{gid}')")
        for cb in page.query_selector_all("#aids input"):
            cb.check()
        seen[f"{gid} start"] = foreign_words(page, lang)
        for step in range(3):                      # set-up phases and the first moves, choices included
            play_some(page, 2)
            seen[f"{gid} move {step}"] = foreign_words(page, lang)
        for b in page.query_selector_all("#tools button"):
            b.click()
            page.wait_for_function("!document.querySelector('#tool-result').textContent.includes('…')",
                                   timeout=90000)
            seen[f"{gid} tool"] = foreign_words(page, lang)
        page.click("#btn-new")
        seen[f"{gid} dialog"] = foreign_words(page, lang)
        page.click("#newgame-cancel")
        page.click("#btn-rules")
        page.wait_for_selector("#rules-text h1, #rules-text h2")
        loaded = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)"
                               ".filter(n => n.includes('/rules/')).pop()")
        assert loaded.endswith(f"/rules/{gid}.{lang}.html"), loaded
        seen[f"{gid} rules"] = foreign_words(page, lang)
        page.click("#rules-close")
        tool(page, "#btn-edit")                   # the board editor: palette, fields, options, a refusal
        if page.is_visible("#edit-options-box"):
            page.click("#edit-options-box summary")
        seen[f"{gid} editor"] = foreign_words(page, lang)
        page.click("#edit-clear")
        page.click("#palette button >> nth=0")
        page.click("#board [data-cell] >> nth=0")
        seen[f"{gid} editor refusal"] = foreign_words(page, lang)
        page.click("#edit-cancel")
    page.evaluate("location.hash = 'snorkels?m=C3,Z9'")            # a link that cannot be read
    page.wait_for_selector("#message:not([hidden])")
    seen["bad link"] = foreign_words(page, lang)
    end = one_move_from_the_end("surikata?seed=3")
    page.evaluate(f"location.hash = '{end}'")
    page.wait_for_function(f"window.spielkiste().startsWith({end!r})")
    play_some(page, 200)                                           # to the end of the game
    assert page.is_visible("#result")
    seen["end of game"] = foreign_words(page, lang)
    assert {k: v for k, v in seen.items() if v} == {}
