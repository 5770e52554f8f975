"""Sharing a game (issue 14): the system share sheet where there is one (phones), else the
clipboard; "Send your move" for games between humans by link; and the board as a picture
(SVG or PNG) with the game's name and whose turn it is.

The link is always the full game (the snapshot's `link`), so the other player opens it at that
move, every seat human (the rule for shared games), the turn shown. The picture's SVG comes
from the engine worker (`picture`), with this page's board.css, which only the page can read,
inlined; the PNG is that SVG drawn into a canvas here. Runs under MicroPython (the page)."""
import js
from pyscript import document
from pyscript.ffi import to_js

from spielkiste_page import texts
from spielkiste_page.dom import download, el, make, on, page_url, window
from spielkiste_page.engine import EngineError, EngineGone


class Share:
    def __init__(self, app):
        self.app = app
        self.sheet = hasattr(window.navigator, "share")
        if self.sheet:
            el("btn-link").dataset.t = "ui.share"       # the app's translation of [data-t] names it
        on(el("btn-send"), "click", lambda e: app.spawn(self.link()))
        on(el("btn-svg"), "click", lambda e: app.spawn(self.download_svg()))
        on(el("btn-png"), "click", lambda e: app.spawn(self.download_png()))

    # ------------------------------------------------------------------ links
    def title(self) -> str:
        """'Snorkels — Green to move', or the result once the game is over."""
        app, snap = self.app, self.app.snap
        if snap["status_over"]:        # the status line says the result
            return app.tr("ui.share_over", game=snap["title"], result=snap["status"])
        player = [s["name"] for s in snap["seats"] if s["to_move"]]
        return app.tr("ui.share_title", game=snap["title"], player=player[0] if player else "")

    async def link(self):
        """The share sheet with this game's link, or (without one, or if it fails) the clipboard."""
        if self.sheet:
            data = to_js({"title": self.title(), "url": page_url(self.app.snap["link"])})
            try:
                await window.navigator.share(data)     # called before any await: the click still counts
                return
            except Exception as e:      # AbortError: the player closed the sheet; anything else: copy
                if "AbortError" in str(e):
                    return
        await self.app.copy_link()

    def refresh(self) -> None:
        """After each snapshot: 'Send your move' once a move was made in a game between humans."""
        app, snap = self.app, self.app.snap
        kinds = snap["seat_kinds"]
        el("btn-send").hidden = not (not app.embed and len(kinds) > 1 and all(k == "human" for k in kinds)
                                     and snap["moves_n"] > 0 and snap["at_end"])

    # ------------------------------------------------------------------ pictures
    async def picture(self):
        """The worker's picture ({"svg", "width", "height", "name", ...}) with the board's CSS, in
        the colour theme on screen, or None (the reason shown) if the worker could not make it."""
        try:
            return await self.app.request({"op": "picture", "css": board_css(),
                                                  "theme": self.app.theme.shown()})
        except EngineError as e:
            self.app.show_message(e.text)
            return None
        except EngineGone:              # set aside (said by app.request) or no engine: no picture
            return None

    async def download_svg(self):
        pic = await self.picture()
        if pic is not None:
            download(pic["svg"], "image/svg+xml", pic["name"] + ".svg")

    async def download_png(self):
        """The same picture drawn into a canvas at twice its size (encoded off the main thread)."""
        pic = await self.picture()
        if pic is None:
            return
        w, h = 2 * int(pic["width"]), 2 * int(pic["height"])
        img = js.Image.new()
        img.src = "data:image/svg+xml;charset=utf-8," + str(js.encodeURIComponent(pic["svg"]))
        try:
            await loaded(img)
        except Exception:         # the image's error event: this browser cannot draw the SVG
            self.app.show_message(texts.Said("ui.picture_failed"))
            return
        canvas = document.createElement("canvas")
        canvas.width, canvas.height = w, h
        canvas.getContext("2d").drawImage(img, 0, 0, w, h)
        blob = await js.Promise.new(lambda resolve, reject: canvas.toBlob(resolve, "image/png"))
        url = js.URL.createObjectURL(blob)
        save_as(url, pic["name"] + ".png")
        js.setTimeout(lambda: js.URL.revokeObjectURL(url), 10000)


def loaded(img):
    """A promise of `img`'s load event, rejected by its error event."""
    def wait(resolve, reject):
        img.onload = resolve
        img.onerror = reject
    return js.Promise.new(wait)


def board_css() -> str:
    """The rules of assets/board.css as the page loaded them (no request, works offline)."""
    out = []
    sheets = document.styleSheets
    for i in range(int(sheets.length)):
        sheet = sheets.item(i)
        if str(sheet.href).endswith("/board.css"):
            rules = sheet.cssRules
            out += [str(rules.item(k).cssText) for k in range(int(rules.length))]
    return "\n".join(out)


def save_as(href: str, name: str) -> None:
    """The browser's download of `href` as a file called `name`."""
    a = make("a", None, href=href, download=name)
    a.hidden = True
    document.body.appendChild(a)
    a.click()
    a.remove()
