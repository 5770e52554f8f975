"""Rules pages: every playable game has one in English and German, they use only the tags the
page styles, and every example link opens a real position of that game and carries its caption's
claim as data attributes, checked here against the engine (a wrong caption fails the build).

Claims on the linked position (a game link: its last position): data-start (it is the game's
start position), data-turn (the colour to move), data-legal (exactly these moves are legal),
data-allows / data-forbids (these moves are / are not legal), data-from (exactly these squares
have a piece that may move), data-square + data-moves (exactly these moves start on that square;
not data-piece, which the board uses), data-group + data-free (the group through that square
breathes through exactly these squares). Then data-play (moves played in order, each legal), and
on the position reached: data-result ("on": not over, "nobody": over without a winner, else the
winners' colours), data-reason (the outcome's text key), data-line (the cells the outcome draws),
data-next (the colour to move)."""
import html as htmllib
import os
import re

import pytest

from helpers import rules_claims, texts
from spielkiste.errors import IllegalMove
from spielkiste.games.snorkels import CELLS, INDEX, NEIGHBOURS
from spielkiste.registry import GAMES
from spielkiste_web.links import from_fragment

RULES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "assets", "rules")
ALLOWED = {"h2", "h3", "p", "ul", "ol", "li", "strong", "em", "a", "span", "code"}
CLAIMS = {"start", "turn", "legal", "allows", "forbids", "from", "square", "moves", "group", "free",
          "play", "result", "reason", "line", "next"}


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


def colours(state, seats) -> set[str]:
    return {state.seat_colour(s) for s in seats}


def free_squares(state, cell: str) -> set[str]:
    """The empty squares next to the Snorkels group through `cell` (its breathing tubes)."""
    stones, _ = state.group(INDEX[cell])
    return {CELLS[n] for i in stones for n in NEIGHBOURS[i] if state.board[n] == "."}


def check_claims(state, claims: dict) -> None:
    """Asserts each claim of one example against the engine (see the module docstring)."""
    assert claims, "an example without a claim"
    assert set(claims) <= CLAIMS, f"unknown claims {set(claims) - CLAIMS}"
    s = state.copy()
    words = {k: v.split() for k, v in claims.items()}
    if "start" in claims:
        assert s.encode() == type(s).new(s.options).encode(), "not the start position"
    if "turn" in claims:
        assert s.result is None and s.seat_colour(s.to_move) == claims["turn"]
    legal = texts(s)
    if "legal" in claims:
        assert legal == set(words["legal"])
    assert set(words.get("allows", ())) <= legal, "a move said to be legal is not"
    for m in words.get("forbids", ()):
        assert m not in legal, f"{m} is legal"
        with pytest.raises(IllegalMove):
            s.parse_move(m)
    if "from" in claims:
        starts = {s.move_input(m)[0][0] for m in s.legal_moves() if len(s.move_input(m)[0]) > 1}
        assert starts == set(words["from"])
    if "moves" in claims:
        assert {m for m in legal if s.move_input(s.parse_move(m))[0][0] == claims["square"]} == set(words["moves"])
    if "free" in claims:
        assert free_squares(s, claims["group"]) == set(words["free"])
    for m in words.get("play", ()):
        s.push_text(m)
    if "result" in claims:
        if claims["result"] == "on":
            assert s.result is None
        else:
            assert s.result is not None, "the game is not over"
            assert colours(s, s.result.winners) == set(words["result"]) - {"nobody"}
    if "reason" in claims:
        assert s.result.reason == claims["reason"]
    if "line" in claims:
        assert list(s.result.line) == words["line"]
    if "next" in claims:
        assert s.result is None and s.seat_colour(s.to_move) == claims["next"]


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_every_example_claims_what_the_engine_shows(gid):
    en, de = rules_claims(gid, "en"), rules_claims(gid, "de")
    assert [c for _, c in en] == [c for _, c in de], "both languages claim the same"
    for state, claims in en:
        check_claims(state, claims)


def test_a_wrong_caption_fails():
    # the Snorkels caption once said the purple group breathes through D4 and B5; B4 is green, so
    # B5 does not touch the group B3-C3-C4
    (state, claims), *_ = rules_claims("snorkels", "en")
    assert claims["group"] == "C3" and claims["free"] == "D4"
    with pytest.raises(AssertionError):
        check_claims(state, dict(claims, free="D4 B5"))
