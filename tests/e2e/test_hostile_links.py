"""Hostile links in Chromium (issue 51, section 2): the review link of 5 kB of '[' that killed every
engine worker, the review link with a cut %-escape that threw an uncaught URIError (no
body[data-ready], routing stuck for good) and `puzzle=1e5`, which silently opened another puzzle.
Each now says why in the message bar, the page is ready, and the engine still answers a move."""
import json

from conftest import moves, open_app, route, shot
from test_embed import frame_page, host, wait_event  # noqa: F401  (host: the fixture serving host pages)

DEEP = "snorkels?m=D4&review=" + "[" * 5000
BAD_ESCAPE = "snorkels?m=D4&review=%E0%A4%A"
PUZZLE = "snorkels?puzzle=1e5"
LONG = "snorkels?m=D4&" + "a=b&" * 50000      # 200 kB: the page split it into fields for 9 s before refusing it
TOO_LONG = "This link cannot be read: it is too long."
GAP = """() => { window.gap = 0; let last = performance.now();      // the longest the page's thread was busy
    setInterval(() => { const now = performance.now(); window.gap = Math.max(window.gap, now - last);
                        last = now; }, 20); }"""
REVIEW_ASIDE = "The review in this link was set aside: it is not a review this app can read."
MESSAGE = "document.getElementById('message-text').textContent"


def said(page, words: str) -> None:
    page.wait_for_function(f"!document.getElementById('message').hidden && {MESSAGE}.includes({words!r})",
                           timeout=30000)
    assert page.is_visible("#message")


def test_hostile_links_say_why_and_the_engine_plays_on(page, server):
    for frag in (BAD_ESCAPE, DEEP):            # each at the page's start: it gets ready and says why
        # (a page left first: from the same page a goto that changes only the fragment is no new start, and a CI
        # run read the first link's message and an empty window.spielkiste() while the second was still routed)
        page.goto("about:blank")
        open_app(page, f"{server.url}#{frag}")
        said(page, "The review in this link was set aside: it is not a review this app can read.")
        assert page.evaluate("window.spielkiste()").startswith("snorkels?m=D4")
        assert page.evaluate("window.spielkisteReview()") == ""
    route(page, BAD_ESCAPE.replace("D4", "E5"))          # and on a running page, routed as a link a player follows
    said(page, "The review in this link was set aside")
    assert page.evaluate("window.spielkiste()").startswith("snorkels?m=E5")
    route(page, PUZZLE)
    said(page, "Snorkels has no puzzle 1e5.")
    page.evaluate(GAP)                                    # a link of 200 kB: refused at once, unread
    route(page, LONG)
    said(page, TOO_LONG)
    assert page.evaluate("window.gap") < 2500, "the page's thread stalled on a long link"
    assert page.evaluate("window.spielkiste()").startswith("snorkels?m=E5")        # the game shown stays
    assert page.evaluate("document.body.dataset.mode || 'play'") == "play"      # no puzzle opened
    route(page, "snorkels?m=D4")                          # a game between humans: the engine answers a move
    page.click("[data-cell='C3']")
    page.wait_for_function("document.querySelectorAll('#movelist button').length >= 2", timeout=30000)
    assert moves(page)[:2] == ["D4", "C3"]
    assert page.evaluate("document.body.dataset.ready") == "1"
    shot(page, "hostile-links")


def test_an_embeds_load_command_with_each_hostile_link_says_why_and_the_frame_plays_on(page, host):  # noqa: F811
    """The host page's `load` command (embed.py) with the same links: the frame says why, shows the
    game the link names, and its engine still answers: the computer's move is posted to the host."""
    host.open(page, "?embed&level=1#snorkels")
    wait_event(page, "ready")
    inner = frame_page(page)
    for link, words, shown in ((DEEP, REVIEW_ASIDE, "snorkels?m=D4"), (BAD_ESCAPE, REVIEW_ASIDE, "snorkels?m=D4"),
                               (PUZZLE, "Snorkels has no puzzle 1e5.", "snorkels?m=D4")):    # the game stays
        if inner.is_visible("#message"):
            inner.click("#message-close")
        page.evaluate(f"send({{type: 'load', link: {json.dumps(link)}}})")
        said(inner, words)
        assert "kept" not in inner.evaluate(MESSAGE)          # an embed keeps no game of the visitor's
        assert inner.evaluate("window.spielkiste()").split("&")[0] == shown, link
        assert inner.evaluate("window.spielkisteReview()") == ""
    assert inner.evaluate("document.body.dataset.mode || 'play'") == "play"      # no puzzle opened
    inner.evaluate(GAP)
    page.evaluate(f"send({{type: 'load', link: {json.dumps(LONG)}}})")
    said(inner, TOO_LONG)
    assert inner.evaluate("window.gap") < 2500, "the frame's thread stalled on a long link"
    assert inner.evaluate(MESSAGE) == TOO_LONG                # not "Your game is kept.": an embed keeps none
    page.evaluate("send({type: 'load', link: 'x'.repeat(10000000)}); send({type: 'new', game: 'y'.repeat(5000000)})")
    page.wait_for_timeout(1500)              # ignored: more than MicroPython's heap can copy (it threw MemoryError)
    assert not [m for m in page.watch.console + [str(e) for e in page.watch.errors] if "MemoryError" in m]
    page.evaluate("send({type: 'load', link: 'snorkels?m=D4'}); send({type: 'seat', seat: 1, kind: 'computer'})")
    move = wait_event(page, "move", timeout=90000)[0]
    assert move["seat"] == 1 and move["ply"] == 2 and move["link"].endswith("#snorkels?m=D4," + move["move"])
    assert inner.evaluate("document.body.dataset.ai") == "ready"
    assert inner.evaluate("document.querySelectorAll('script[name^=\"engine\"]').length") == 1
    assert inner.evaluate("document.querySelector('script[name^=\"engine\"]').getAttribute('name')") == "engine"
