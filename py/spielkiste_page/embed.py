"""The board in another site's page (issue 14): the ?embed options and the postMessage API.

Options come from the URL's query (`?embed&lang=de&rotate=180&seats=hc&level=3&readonly&controls=0`),
read with URLSearchParams; each value is checked and a bad one is ignored. The game itself stays
in the fragment. Events go to `window.parent` only when the page is framed; they carry the
game's public state (a move's text, the link, the result), never anything from storage (the App
reads none in an embed). Commands come from any origin, so each one only does what a player in
the frame could do, through the same requests as the frame's own buttons. A read-only diagram is
the board's `view_only` flag and seats that are all human: nothing in the frame makes a move.
docs/EMBED.md is the host's side of this. Runs under MicroPython (the page)."""
import json
import math

import js
from pyscript import document
from pyscript.ffi import create_proxy

from spielkiste_page.dom import el, is_null, keep, on, page_url, window

SEAT_LETTERS = {"h": "human", "c": "computer"}
COMMANDS = ("load", "new", "flip", "seat", "level", "undo")
CHANGES_GAME = ("new", "seat", "level", "undo")     # refused by a read-only diagram
FIELDS = ("target", "type", "link", "game", "seat", "kind", "level")     # what a command may carry
ON = ("", "1", "true")    # `?readonly`, `?readonly=1`, `?readonly=true`


class Options:
    """The embed options of a query string; None (or False) where absent or not valid."""

    def __init__(self, query: str, levels):
        q = js.URLSearchParams.new(query)

        def get(name):
            return str(q.get(name)) if q.has(name) else None

        lang = get("lang")
        self.lang = lang if lang in ("en", "de") else None
        rot = get("rotate")
        self.rotation = int(rot) if rot in ("0", "90", "180", "270") else None
        seats = get("seats") or ""
        self.seats = ([SEAT_LETTERS[c] for c in seats]
                      if 0 < len(seats) <= 8 and all(c in SEAT_LETTERS for c in seats) else None)
        level = get("level")
        self.level = int(level) if level in levels else None
        self.readonly = get("readonly") in ON
        self.edit = get("edit") in ON and not self.readonly
        self.controls = get("controls") not in ("0", "false")
        self.sound = get("sound") in ON      # sounds are off in an embed unless asked for
        # ?embed&learn (=n): the game's course (learn.py), from step n; ?embed&puzzle=17 / =daily: a
        # puzzle of the fragment's game (puzzles.py). Their values are the worker's to read, as the
        # fragment's `learn=` and `puzzle=` are: one that names no step or puzzle is said
        self.learn = get("learn")
        self.puzzle = get("puzzle")

    def seats_for(self, n: int):
        """The seats every game opened in the frame gets, or None to keep the game's own:
        a read-only diagram has no computer; `seats` counts only when it names every seat."""
        if self.readonly:
            return ["human"] * n
        return list(self.seats) if self.seats and len(self.seats) == n else None


class Embedding:
    """Applies the options to the App and speaks the postMessage API (only with ?embed)."""

    def __init__(self, app):
        self.app = app
        self.options = Options(str(window.location.search), app.data["levels"]["seconds"])
        self.framed = not getattr(js.Object, "is")(window.parent, window)
        self.height = None
        self.ready = False         # commands are read once the host had `ready`
        self.commands = []         # the host's commands not done yet, first first
        self.busy = False
        if not app.embed:
            return
        if self.options.lang:
            app.lang = self.options.lang
        cls = document.documentElement.classList
        if self.options.readonly:
            cls.add("readonly")
            app.view_only = True        # the board takes no move (app.board's view_only), no hint or search
            # the page's shortcuts (U, N, H, arrows) do nothing: a capturing listener on the
            # window runs before every listener of the document
            window.addEventListener("keydown", keep(create_proxy(self.on_key)), True)
        if not self.options.controls:
            cls.add("no-controls")
        if self.options.edit:
            cls.add("edit")
        on(window, "message", self.on_message)

    # ------------------------------------------------------------------ opening games
    async def route(self, hash_text: str, initial: bool = False) -> None:
        """App.route with the options applied, for the first game and every change of the
        fragment (the host may set it). An `open` never gives the computer the first turn (a
        bare game id puts a human in seat one, any other link humans everywhere), so the
        frame's seats are set before the computer could move for a seat they give a human."""
        app = self.app
        if not app.embed:
            await app.route(hash_text, initial)
            return
        if not hash_text.lstrip("#"):
            # never the visitor's last game: the host would learn it from the events
            hash_text = "#" + app.data["default"]
        # the options' values %-escaped into the fragment (URLSearchParams decoded them; its text is
        # well-formed, so encodeURIComponent, which throws only on a lone surrogate, cannot throw)
        if initial and self.options.learn is not None:      # ?embed&learn: the course of the fragment's game
            hash_text = "#" + hash_text.lstrip("#").split("?")[0] + "?learn" + (
                "=" + str(js.encodeURIComponent(self.options.learn)) if self.options.learn else "")
        if initial and self.options.puzzle is not None:     # ?embed&puzzle=17: that puzzle of the fragment's game
            hash_text = "#" + hash_text.lstrip("#").split("?")[0] + "?puzzle=" + str(
                js.encodeURIComponent(self.options.puzzle))
        await app.route(hash_text, initial)
        if app.snap is None:
            return                 # no engine answered: boot.js's board and the page's message stay
        await self.apply()
        if initial:
            if self.options.edit:
                await app.editor.open()       # ?embed&edit: the board editor at the linked position
            self.watch_size()
            self.ready = True
            self.post("ready", game=app.snap["game"], link=self.link(), lang=app.lang)

    async def apply(self) -> None:
        """The options' seats, rotation and level for the game shown, in one request."""
        snap = self.app.snap
        change = {}
        seats = self.options.seats_for(len(snap["seat_kinds"]))
        if seats is not None and seats != snap["seat_kinds"]:
            change["seats"] = seats
        if self.options.rotation is not None and self.options.rotation != snap["rotation"]:
            change["rotation"] = self.options.rotation
        if self.options.level is not None and self.options.level != snap["level"]:
            change["level"] = self.options.level       # over the level of the game opened
        if change:
            change["op"] = "set"
            await self.app.act(change)

    # ------------------------------------------------------------------ events to the host
    def link(self) -> str:
        """The full app at this game (the same link 'Copy link' gives), or at the room shown (a puzzle)."""
        room = self.app.room
        if room is not None and room.snap is not None and room.snap.get("link"):
            return page_url(room.snap["link"])
        return page_url(self.app.snap["link"])

    def post(self, kind: str, **data) -> None:
        if not (self.app.embed and self.framed):
            return
        data["source"] = "spielkiste"
        data["type"] = kind
        # plain JSON data: a JS object the browser can copy to another origin
        window.parent.postMessage(js.JSON.parse(json.dumps(data)), "*")

    def moved(self, event: dict) -> None:
        """After a move's answer is drawn: the move, and the result if it ended the game."""
        if not (self.app.embed and self.framed):
            return
        self.post("move", move=event["text"], seat=event["mover"], ply=self.app.snap["ply"], link=self.link(),
                  player=event["player"])
        if event.get("gameover") is not None:
            self.post("gameover", result=event["gameover"], winners=event["winners"], reason=event["reason"],
                      link=self.link())

    def watch_size(self) -> None:
        """A `resize` event whenever the height the content wants (at the frame's width) changes."""
        if not self.framed:
            return
        observer = js.ResizeObserver.new(keep(create_proxy(lambda *args: self.report_size())))
        observer.observe(document.documentElement)
        observer.observe(el("side"))
        observer.observe(el("message"))       # shown or closed: report_size counts its height
        self.report_size()

    def report_size(self) -> None:
        board = el("board").querySelector("svg")
        width = float(el("play").clientWidth)         # the board is as wide as the frame when it can be
        box = None if is_null(board) else board.viewBox.baseVal
        ratio = float(box.height) / float(box.width) if box is not None and float(box.width) else 1.0
        # what stands above the board (the message bar, when shown, with its margins): #play fills
        # the frame below it (app.css)
        above = max(0.0, float(el("play").getBoundingClientRect().top) + float(window.scrollY))
        document.documentElement.style.setProperty("--above-play", f"{above}px")
        height = math.ceil(width * ratio + float(el("side").getBoundingClientRect().height) + 8 + above)
        if height != self.height:
            self.height = height
            self.post("resize", height=height)

    # ------------------------------------------------------------------ commands from the host
    def on_message(self, event) -> None:
        """A command: a plain object of the host's with our `target` (anything else is not
        ours), queued so each one sees the game as the one before it left it."""
        if not self.ready:        # before the page is ready (the host waits for "ready")
            return
        data = {name: field(event.data, name) for name in FIELDS}
        if data["target"] != "spielkiste" or data["type"] not in COMMANDS:
            return
        if self.options.readonly and data["type"] in CHANGES_GAME:
            return
        self.commands.append(data)
        if not self.busy:
            self.app.spawn(self.run())

    async def run(self) -> None:
        self.busy = True
        try:
            while self.commands:
                data = self.commands.pop(0)
                await getattr(self, "do_" + data["type"])(data)
        finally:
            self.busy = False

    async def do_load(self, data):
        link = data["link"]
        if not isinstance(link, str) or not link.strip():      # the worker checks the rest
            return
        frag = link.strip().split("#", 1)[1] if "#" in link else link.strip()
        if "?" not in frag and ":" in frag:
            frag = self.app.snap["game"] + "?p=" + frag       # a bare position code of the game shown
        self.app.acted()
        await self.route("#" + frag)

    async def do_new(self, data):
        app = self.app
        gid = app.snap["game"] if data["game"] is None else data["game"]
        game = [g for g in app.data["games"] if g["id"] == gid] if isinstance(gid, str) else []
        if not game:
            return
        n = game[0]["players"][0]
        kinds = app.snap["seat_kinds"]
        seats = self.options.seats_for(n) or (list(kinds) if len(kinds) == n else None)
        msg = {"op": "new", "game": gid}
        if seats is not None:           # else the worker's: a human and the computer
            msg["seats"] = seats
        if self.options.rotation is not None:
            msg["rotation"] = self.options.rotation
        app.acted()
        await app.act(msg)

    async def do_flip(self, data):
        await self.app.act({"op": "set", "rotation": "next"})

    async def do_seat(self, data):
        seat, kind = data["seat"], data["kind"]
        if type(seat) is int and 0 <= seat < len(self.app.snap["seat_kinds"]) and kind in SEAT_LETTERS.values():
            await self.app.set_seat(seat, kind)

    async def do_level(self, data):
        level = data["level"]
        if type(level) is int and str(level) in self.app.data["levels"]["seconds"]:
            self.options.level = level       # for the games the frame opens next, too
            await self.app.act({"op": "set", "level": level})

    async def do_undo(self, data):
        await self.app.undo()

    def on_key(self, event):
        """Read-only: the page's shortcuts (U, N, H, arrows) do nothing; Tab still moves on."""
        if str(event.key) != "Tab":
            event.stopImmediatePropagation()


def field(data, name):
    """A plain value (text, number, true/false) of the posted object `data`, or None. Read one
    field at a time: a JS exception (JSON.stringify of a cyclic object) would pass through
    MicroPython's `try`, and no read of a posted (structured-cloned) object throws; a field too
    big to copy is None, as a malformed one is."""
    try:
        value = getattr(data, name, None) if not isinstance(data, (str, int, float)) else None
    except MemoryError:          # a text of megabytes: MicroPython's heap cannot hold its copy
        return None
    return value if isinstance(value, (str, int, float)) else None
