"""Rules pages with pictures: build.py's rules_pictures draws each worked example inside its link, as
the position the link opens. Checked on the pages it builds, in both languages, against the engine:
each picture's squares, pieces, marked squares and lines, read back from the SVG by where they stand,
are those of the engine's view of the position decoded from the link's code (and its moves)."""
import gzip
import html
import os
import re
import shutil
import sys
from collections import Counter
from urllib.parse import parse_qsl

import pytest

from spielkiste.registry import GAMES, get_game

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULES = os.path.join(ROOT, "assets", "rules")
sys.path.insert(0, ROOT)
import build  # noqa: E402

SOURCE = re.compile(r'(<a class="example" [^>]*>)(.*?)</a>', re.S)
BUILT = re.compile(r'(<a class="example" [^>]*>)<span class="caption">(.*?)</span>(<svg [^>]*>.*?</svg>)</a>', re.S)
NUM = r"(-?[\d.]+)"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The rules pages as the build leaves them in dist/rules/ (the rest of the build is not needed)."""
    dist = tmp_path_factory.mktemp("dist")
    shutil.copytree(RULES, dist / "rules")
    build.rules_pictures(str(dist))
    return {fn: (dist / "rules" / fn).read_text(encoding="utf-8") for fn in os.listdir(dist / "rules")}


def position(href: str):
    """The position a rules link opens, decoded here with the engine alone: its code (or the start),
    then its moves."""
    gid, _, query = html.unescape(href).lstrip("#").partition("?")
    fields = dict(parse_qsl(query, keep_blank_values=True, strict_parsing=True))
    assert set(fields) <= {"p", "m"}, f"an example link with {set(fields)}"
    game = get_game(gid)
    state = game.decode(fields["p"]) if "p" in fields else game.new({})
    for move in filter(None, fields.get("m", "").split(",")):
        state.push_text(move)
    return state


def pictured(board: str, view) -> dict:
    """What a picture shows, each mark read back as the square it stands on: the squares (place and
    fill), the pieces (square, shape, colour, raised or not), the marked squares per layer, the lines."""
    centres = {(round(c.x + c.w / 2, 3), round(c.y + c.h / 2, 3)): c.id for c in view.cells}

    def at(x: float, y: float) -> str:
        return centres[(round(x, 3), round(y, 3))]

    def under(x: float, y: float) -> str:
        """The square below a piece's centre: a piece in a stack is lifted less than a square."""
        return min(((cy - y, cid) for (cx, cy), cid in centres.items() if abs(cx - x) < 1e-3 and 0 <= cy - y < .9))[1]

    box = rf'x="{NUM}" y="{NUM}" width="{NUM}" height="{NUM}"'
    cells = Counter((fill, *(round(float(n), 3) for n in size)) for fill, *size in
                    re.findall(rf'<rect class="cell fill-([\w-]+)[^"]*" {box}', board))
    pieces = Counter((under(float(x), float(y)), shape, colour, bool(raised)) for shape, colour, raised, x, y in
                     re.findall(rf'<g class="piece shape-([\w-]+) c-([\w-]+)( raised)?" '
                                rf'transform="translate\({NUM} {NUM}\)', board))
    layers: dict[str, set] = {}
    for name, x, y, w, h in re.findall(rf'<rect class="hl hl-([\w-]+)"[^>]* {box}', board):
        layers.setdefault(name, set()).add(at(float(x) + float(w) / 2, float(y) + float(h) / 2))
    lines = [(kind, [at(*map(float, p.split(","))) for p in points.split()])
             for kind, points in re.findall(r'<polyline class="line line-([\w-]+)" points="([^"]*)"', board)]
    return {"cells": cells, "pieces": pieces, "layers": layers, "lines": lines}


def engine_shows(view) -> dict:
    """The same, from the engine's view model."""
    return {"cells": Counter((c.fill or "plain", *(round(n, 3) for n in (c.x, c.y, c.w, c.h))) for c in view.cells),
            "pieces": Counter((p.cell, p.shape, p.colour, p.level > 0) for p in view.pieces),
            "layers": {name: set(cells) for name, cells in view.layers.items() if cells},
            "lines": [(kind, list(cells)) for kind, cells in view.lines]}


def check_picture(href: str, board: str) -> None:
    view = position(href).view()
    assert pictured(board, view) == engine_shows(view)


@pytest.mark.parametrize("gid", sorted(GAMES))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_example_shows_its_position(built, gid, lang):
    fn = f"{gid}.{lang}.html"
    with open(os.path.join(RULES, fn), encoding="utf-8") as f:
        source = SOURCE.findall(f.read())
    page = built[fn]
    examples = BUILT.findall(page)
    assert source and [(link, caption) for link, caption, _ in examples] == source, \
        "every example keeps its link, claims and caption, in order"
    assert page.count("<svg") == len(examples), "a picture in every example link, none elsewhere"
    for link, _, board in examples:
        check_picture(re.search(r'href="([^"]+)"', link)[1], board)


@pytest.mark.parametrize("fn", ["drei.en.html", "ziggurats.de.html"])
def test_pictures_are_quiet_and_keep_to_themselves(built, fn):
    """Hidden from screen readers and the keyboard (the caption is the link's name; the board it opens
    labels every square), and no id shared with another picture or the page's own board."""
    boards = [board for _, _, board in BUILT.findall(built[fn])]
    for board in boards:
        assert 'aria-hidden="true"' in board.split(">", 1)[0]
        assert not re.search(r"<title|tabindex=|role=|aria-label=|data-cell=|data-piece=", board)
    ids = re.findall(r'\sid="([^"]+)"', built[fn])
    assert ids and len(ids) == len(set(ids)) and "hatch" not in ids
    forbidden = [b for b in boards if "hl-forbidden" in b]
    assert forbidden, "this page shows squares a game forbids"
    for board in forbidden:
        own = re.search(r'<pattern id="([^"]+)"', board)[1]
        assert set(re.findall(r'class="hl hl-forbidden" style="fill:url\(#([^)]+)\)"', board)) == {own}


def test_a_wrong_picture_fails(built):
    # each Snorkels example drawn with the next one's picture
    examples = BUILT.findall(built["snorkels.en.html"])
    for (link, _, _), (_, _, other) in zip(examples, examples[1:] + examples[:1], strict=True):
        with pytest.raises(AssertionError):
            check_picture(re.search(r'href="([^"]+)"', link)[1], other)


def test_the_pictures_weigh_little(built):
    """Every rules page is in the offline copy: the pictures of all twenty add under 60 kB gzip (about
    50 kB when written), a page's pictures are drawn without the board's labels."""
    def gz(text: str) -> int:
        return len(gzip.compress(text.encode(), 6))
    before = 0
    for fn in built:
        with open(os.path.join(RULES, fn), encoding="utf-8") as f:
            before += gz(f.read())
    assert sum(gz(page) for page in built.values()) - before < 60_000
