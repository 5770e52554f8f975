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
REVIEW_ASIDE = "The review in this link was set aside: it is not a review this app can read."
MESSAGE = "document.getElementById('message-text').textContent"


def said(page, words: str) -> None:
    page.wait_for_function(f"!document.getElementById('message').hidden && {MESSAGE}.includes({words!r})",
                           timeout=30000)
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
        assert inner.evaluate("window.spielkiste()").split("&")[0] == shown, link
        assert inner.evaluate("window.spielkisteReview()") == ""
    assert inner.evaluate("document.body.dataset.mode || 'play'") == "play"      # no puzzle opened
    page.evaluate("send({type: 'load', link: 'snorkels?m=D4'}); send({type: 'seat', seat: 1, kind: 'computer'})")
    move = wait_event(page, "move", timeout=90000)[0]
    assert move["seat"] == 1 and move["ply"] == 2 and move["link"].endswith("#snorkels?m=D4," + move["move"])
    assert inner.evaluate("document.body.dataset.ai") == "ready"
    assert inner.evaluate("document.querySelectorAll('script[name^=\"engine\"]').length") == 1
    assert inner.evaluate("document.querySelector('script[name^=\"engine\"]').getAttribute('name')") == "engine"
