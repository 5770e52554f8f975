"""Sharing a game (issue 14): the system share sheet where there is one (phones), else the
clipboard; "Send your move" for games between humans by link; and the board as a picture
(SVG or PNG) with the game's name and whose turn it is.

The link is always the full game (links.to_fragment), so the other player opens it at that
move, every seat human (App.route's rule for shared games), the turn shown."""
import asyncio
import re

import js
from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from spielkiste_web import links, svg
from spielkiste_web.dom import el, make, on, page_url

WIDTH = 640          # the picture's width in CSS pixels (PNG: twice that)
CAPTION = 56         # the caption's band below the board


def js_object(d):
    return to_js(d, dict_converter=js.Object.fromEntries)


class Share:
    def __init__(self, app):
        self.app = app
        self.sheet = bool(getattr(window.navigator, "share", None))
        if self.sheet:
            el("btn-link").dataset.t = "ui.share"       # translate_static names it
        on(el("btn-send"), "click", lambda e: asyncio.ensure_future(self.link()))
        on(el("btn-svg"), "click", lambda e: self.download_svg())
        on(el("btn-png"), "click", lambda e: asyncio.ensure_future(self.download_png()))

    # ------------------------------------------------------------------ links
    def title(self) -> str:
        """'Snorkels — Green to move', or the result once the game is over."""
        app = self.app
        state = app.record.current
        game = app.tr("game." + app.record.game.id)
        res = state.outcome()
        if res is not None:
            return app.tr("ui.share_over", game=game, result=res.message(app.lang))
        return app.tr("ui.share_title", game=game, player=app.seat_name(state.to_move))

    async def link(self):
        """The share sheet with this game's link, or (without one, or if it fails) the clipboard."""
        if self.sheet:
            url = page_url(links.to_fragment(self.app.record))
            try:
                await window.navigator.share(js_object({"title": self.title(), "url": url}))
                return
            except Exception as e:      # AbortError: the player closed the sheet; anything else: copy
                if "AbortError" in str(e):
                    return
        await self.app.copy_link()

    def refresh(self) -> None:
        """After each render: 'Send your move' once a move was made in a game between humans."""
        app = self.app
        rec = app.record
        el("btn-send").hidden = not (not app.embed and len(app.seats) > 1 and set(app.seats) == {"human"}
                                     and rec.moves and rec.at_end)

    # ------------------------------------------------------------------ pictures
    def picture(self) -> tuple[str, int, int]:
        """(standalone SVG text, width, height): the board as drawn now (no squares lit), the
        board's CSS inlined, the caption below."""
        app = self.app
        view = app.record.current.view(frozenset(app.aids), None)
        name = app.tr("game." + app.record.game.id)
        board = svg.render(view, app.lang, (), None, app.rotation, (), app.tr("ui.board", game=name))
        box = re.search(r'viewBox="([^"]+)"', board)
        assert box is not None, "svg.render always writes a viewBox"
        x, y, w, h = (float(v) for v in box.group(1).split())
        bh = round(WIDTH * h / w)
        height = bh + CAPTION
        caption = svg.escape(self.title())
        board = board.replace("<svg ", f'<svg x="0" y="0" width="{WIDTH}" height="{bh}" ', 1)
        text = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
                f'viewBox="0 0 {WIDTH} {height}"><title>{caption}</title>'
                f'<style><![CDATA[{board_css()}]]></style>'
                f'<rect width="{WIDTH}" height="{height}" fill="#fffaf1"/>{board}'
                f'<text x="{WIDTH // 2}" y="{bh + CAPTION // 2}" text-anchor="middle" dominant-baseline="middle" '
                f'font-family="system-ui, sans-serif" font-size="22" fill="#1f2a30">{caption}</text></svg>')
        return text, WIDTH, height

    def file_name(self, ext: str) -> str:
        rec = self.app.record
        return f"{rec.game.id}-{rec.cursor}.{ext}"

    def download_svg(self):
        text, _, _ = self.picture()
        download(text, "image/svg+xml", self.file_name("svg"))

    async def download_png(self):
        """The same picture drawn into a canvas at twice its size."""
        text, w, h = self.picture()
        img = js.Image.new()
        loaded = asyncio.get_event_loop().create_future()
        img.onload = create_once_callable(lambda e: settle(loaded, True))
        img.onerror = create_once_callable(lambda e: settle(loaded, False))
        img.src = "data:image/svg+xml;charset=utf-8," + str(js.encodeURIComponent(text))
        if not await loaded:
            self.app.show_message(self.app.tr("ui.picture_failed"))
            return
        canvas = document.createElement("canvas")
        canvas.width, canvas.height = 2 * w, 2 * h
        canvas.getContext("2d").drawImage(img, 0, 0, 2 * w, 2 * h)
        save_as(str(canvas.toDataURL("image/png")), self.file_name("png"))


def board_css() -> str:
    """The rules of assets/board.css as the page loaded them (no request, works offline)."""
    out = []
    for sheet in document.styleSheets:
        if str(sheet.href).endswith("/board.css"):
            out += [str(rule.cssText) for rule in sheet.cssRules]
    # the page gives the coordinates its font; standalone, the picture names its own
    return "svg { font-family: system-ui, sans-serif; }\n" + "\n".join(out).replace("]]>", "")


def settle(future, value) -> None:
    """Resolve `future` with `value` unless it is done (the image's load or error: the first one counts)."""
    if not future.done():
        future.set_result(value)


def download(text: str, mime: str, name: str) -> None:
    """`text` saved as a file called `name` (the picture, the studies)."""
    url = js.URL.createObjectURL(js.Blob.new(to_js([text]), js_object({"type": mime})))
    save_as(url, name)
    js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 10000)


def save_as(href: str, name: str) -> None:
    a = make("a", None, href=href, download=name)
    a.hidden = True
    document.body.appendChild(a)
    a.click()
    a.remove()
