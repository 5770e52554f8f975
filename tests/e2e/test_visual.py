"""The board's look, pinned (issue 34): every game's start and one mid-game position, in the light and
the dark theme, at 1280 px and at a 390 px phone, compared with the reference images in
tests/visual/ within a tolerance. An unintended change of the board's look fails here; an intended
one is a reviewed update of the images:

    SPIELKISTE_UPDATE_IMAGES=1 .venv/bin/python -m pytest -q tests/e2e/test_visual.py

writes them anew (and tests/visual/positions.json, the positions' codes), to be looked at and
committed. Fast: the boards are drawn by CPython (svg.render, as build.py draws the build-time
boards) and shown one after the other in one static page with the site's CSS, laid out as the app
lays out its board, and screenshot there (no Pyodide; ~0.1 s a board); an image that is not the
reference byte for byte is compared inside the page (a canvas each), so no image library is
needed. A failure leaves the new image and a diff (changed pixels in magenta) in
tests/artifacts/visual/."""
import base64
import json
import os
import random
import struct
import zlib

from conftest import ARTIFACTS, ROOT

from spielkiste.registry import GAMES
from spielkiste_web import svg

HERE = os.path.join(ROOT, "tests", "visual")
POSITIONS = os.path.join(HERE, "positions.json")
UPDATE = os.environ.get("SPIELKISTE_UPDATE_IMAGES") == "1"
WIDTHS = {"1280": (1280, 860), "390": (390, 844)}
THEMES = ("light", "dark")
NEAR = 40                # a channel off by more than this makes a pixel differ (antialiasing moves less)
SHARE = .001             # a board fails when more than this share of its pixels differ (0.1 %: a piece)
PAGE = """<!doctype html><html lang="en" data-theme="light"><head><meta charset="utf-8"><style>{css}</style></head>
<body><main id="app"><div id="chooser"></div><div id="play"><div id="board-wrap"><div id="board"></div></div>
<div id="side"></div></div></main></body></html>"""          # the app's layout around its board (app.css's ids)
# two PNGs (data URLs) compared pixel by pixel: {n: pixels that differ, total, diff: the changed pixels in magenta}
DIFF = """async ([a, b, near]) => {
  const load = src => new Promise((ok, no) => {
    const i = new Image(); i.onload = () => ok(i); i.onerror = no; i.src = src; });
  const [x, y] = await Promise.all([load(a), load(b)]);
  if (x.width !== y.width || x.height !== y.height) return {size: [x.width, x.height, y.width, y.height]};
  const data = img => { const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
    const g = c.getContext('2d'); g.drawImage(img, 0, 0); return [c, g, g.getImageData(0, 0, c.width, c.height)]; };
  const [c, g, p] = data(x), q = data(y)[2].data;
  let n = 0;
  for (let i = 0; i < p.data.length; i += 4) {
    if (Math.abs(p.data[i] - q[i]) > near || Math.abs(p.data[i + 1] - q[i + 1]) > near ||
        Math.abs(p.data[i + 2] - q[i + 2]) > near) {
      n++; p.data[i] = 255; p.data[i + 1] = 0; p.data[i + 2] = 255; p.data[i + 3] = 255;
    } else p.data[i + 3] = 60;
  }
  g.putImageData(p, 0, 0);
  return {n: n, total: x.width * x.height, diff: c.toDataURL('image/png')};
}"""


def chunks(png: bytes):
    """A PNG's chunks, (kind, body) in order."""
    i = 8
    while i + 8 <= len(png):
        (n,) = struct.unpack(">I", png[i:i + 4])
        yield png[i + 4:i + 8], png[i + 8:i + 8 + n]
        i += 12 + n


def pixels(png: bytes) -> bytes:
    """A PNG's header and its image data inflated (the filtered rows): equal for equal pictures from the
    same encoder, however hard the file was compressed."""
    parts = list(chunks(png))
    return b"".join(body for kind, body in parts if kind == b"IHDR") + \
        zlib.decompress(b"".join(body for kind, body in parts if kind == b"IDAT"))


def packed(png: bytes) -> bytes:
    """The same PNG with its image data compressed at zlib's best (a fifth smaller than the browser's):
    what is committed."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    out, data = [png[:8]], b""
    for kind, body in chunks(png):
        if kind == b"IDAT":
            data += body
            continue
        if kind == b"IEND":
            out.append(chunk(b"IDAT", zlib.compress(zlib.decompress(data), 9)))
        out.append(chunk(kind, body))
    return b"".join(out)


def positions():
    """{game id: {"start": code, "mid": code}}: the start with the default options, and the position
    after up to 24 moves of a seeded random game (pinned in positions.json, so a change of the engine's
    move order does not change the pictures)."""
    out = {}
    for gid, cls in GAMES.items():
        state = cls.new()
        start = state.encode()
        rng = random.Random("visual " + gid)
        for _ in range(24):
            moves = state.legal_moves() if state.result is None else []
            if not moves:
                break
            state.play(rng.choice(moves))
        out[gid] = {"start": start, "mid": state.encode()}
    return out


def boards():
    """(name, svg markup) of every pinned position, drawn as the page draws it (no square lit)."""
    if UPDATE:
        os.makedirs(HERE, exist_ok=True)
        with open(POSITIONS, "w") as f:
            json.dump(positions(), f, indent=1, sort_keys=True)
    with open(POSITIONS) as f:
        pinned = json.load(f)
    assert sorted(pinned) == sorted(GAMES), "a game was added or removed: SPIELKISTE_UPDATE_IMAGES=1"
    for gid in sorted(pinned):
        for when in ("start", "mid"):
            state = GAMES[gid].decode(pinned[gid][when])
            yield f"{gid}-{when}", svg.render(state.view(frozenset(), None), "en", title=gid)


def test_every_board_looks_as_its_reference_image(browser):
    css = "".join(open(os.path.join(ROOT, "assets", name)).read() for name in ("app.css", "board.css"))
    drawn = list(boards())
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, device_scale_factor=1)
    page = ctx.new_page()
    page.set_content(PAGE.format(css=css))
    failed, out = [], os.path.join(ARTIFACTS, "visual")
    try:
        for width, (w, h) in WIDTHS.items():
            page.set_viewport_size({"width": w, "height": h})
            box = page.locator("#board").bounding_box()        # one square box for every game's board
            for theme in THEMES:
                page.evaluate("t => document.documentElement.dataset.theme = t", theme)
                for name, markup in drawn:
                    page.evaluate("m => document.getElementById('board').innerHTML = m", markup)
                    png = page.screenshot(clip=box)
                    ref = os.path.join(HERE, f"{name}-{theme}-{width}.png")
                    if UPDATE:
                        with open(ref, "wb") as f:
                            f.write(packed(png))
                        continue
                    if not os.path.exists(ref):
                        failed.append(f"{ref}: no reference image (SPIELKISTE_UPDATE_IMAGES=1)")
                        continue
                    with open(ref, "rb") as f:
                        old = f.read()
                    if pixels(old) == pixels(png):              # the usual case: not a pixel changed
                        continue
                    res = page.evaluate(DIFF, ["data:image/png;base64," + base64.b64encode(old).decode(),
                                               "data:image/png;base64," + base64.b64encode(png).decode(), NEAR])
                    if "size" in res or res["n"] > SHARE * res["total"]:
                        os.makedirs(out, exist_ok=True)
                        stem = os.path.join(out, f"{name}-{theme}-{width}")
                        with open(stem + ".new.png", "wb") as f:
                            f.write(png)
                        if "diff" in res:
                            with open(stem + ".diff.png", "wb") as f:
                                f.write(base64.b64decode(res["diff"].split(",", 1)[1]))
                        failed.append(f"{name} {theme} {width}: " + (
                            f"size {res['size']}" if "size" in res else f"{res['n']} of {res['total']} pixels differ"))
    finally:
        ctx.close()
    assert not failed, "the board looks different (see tests/artifacts/visual/; an intended change: " \
                       "SPIELKISTE_UPDATE_IMAGES=1):\n" + "\n".join(failed)
