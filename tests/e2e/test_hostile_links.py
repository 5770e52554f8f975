"""Hostile links in Chromium (issue 51, section 2): the review link of 5 kB of '[' that killed every
engine worker, the review link with a cut %-escape that threw an uncaught URIError (no
body[data-ready], routing stuck for good) and `puzzle=1e5`, which silently opened another puzzle.
Each now says why in the message bar, the page is ready, and the engine still answers a move."""
from conftest import moves, open_app, route, shot

DEEP = "snorkels?m=D4&review=" + "[" * 5000
BAD_ESCAPE = "snorkels?m=D4&review=%E0%A4%A"
PUZZLE = "snorkels?puzzle=1e5"
MESSAGE = "document.getElementById('message-text').textContent"


def said(page, words: str) -> None:
    page.wait_for_function(f"{MESSAGE}.includes({words!r})", timeout=30000)
    assert page.is_visible("#message")


def test_hostile_links_say_why_and_the_engine_plays_on(page, server):
    for frag in (BAD_ESCAPE, DEEP):            # each at the page's start: it gets ready and says why
        open_app(page, f"{server.url}#{frag}")
        said(page, "The review in this link was set aside: it is not a review this app can read.")
        assert page.evaluate("window.spielkiste()").startswith("snorkels?m=D4")
        assert page.evaluate("window.spielkisteReview()") == ""
    route(page, BAD_ESCAPE.replace("D4", "E5"))          # and on a running page, routed as a link a player follows
    said(page, "The review in this link was set aside")
    assert page.evaluate("window.spielkiste()").startswith("snorkels?m=E5")
    route(page, PUZZLE)
    said(page, "Snorkels has no puzzle 1e5.")
    assert page.evaluate("document.body.dataset.mode || 'play'") == "play"      # no puzzle opened
    route(page, "snorkels?m=D4")                          # a game between humans: the engine answers a move
    page.click("[data-cell='C3']")
    page.wait_for_function("document.querySelectorAll('#movelist button').length >= 2", timeout=30000)
    assert moves(page)[:2] == ["D4", "C3"]
    assert page.evaluate("document.body.dataset.ready") == "1"
    shot(page, "hostile-links")
