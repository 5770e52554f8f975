"""The board in another site's page (issue 14): the ?embed options and the postMessage API.

Options come from the URL's query (`?embed&lang=de&rotate=180&seats=hc&level=3&readonly&controls=0`),
read with URLSearchParams; each value is checked and a bad one is ignored. The game itself stays
in the fragment. Events go to `window.parent` only when the page is framed; they carry the
game's public state (a move's text, the link, the result), never anything from storage. Commands
come from any origin, so each one only does what a player in the frame could do, through the
App's own methods. docs/EMBED.md is the host's side of this."""
import math

import js
from pyodide.ffi import to_js
from pyscript import document, window
from pyscript.ffi import create_proxy

from spielkiste.record import Record
from spielkiste.registry import GAMES, get_game
from spielkiste_web import links, saves
from spielkiste.ai.levels import LEVELS
from spielkiste_web.dom import el, keep, on, page_url

SEAT_LETTERS = {"h": "human", "c": "computer"}
COMMANDS = ("load", "new", "flip", "seat", "level", "undo")
CHANGES_GAME = {"new", "seat", "level", "undo"}     # refused by a read-only diagram


class Options:
    """The embed options of a query string; None (or False) where absent or not valid."""

    def __init__(self, query: str):
        q = js.URLSearchParams.new(query)

        def get(name):
            return str(q.get(name)) if q.has(name) else None

        lang = get("lang")
        self.lang = lang if lang in ("en", "de") else None
        rot = get("rotate")
        self.rotation = int(rot) if rot in ("0", "90", "180", "270") else None
        seats = get("seats") or ""
        self.seats = [SEAT_LETTERS[c] for c in seats] if 0 < len(seats) <= 8 and set(seats) <= set(SEAT_LETTERS) \
            else None
        level = get("level")
        self.level = int(level) if level in {str(k) for k in LEVELS} else None
        self.readonly = get("readonly") in ("", "1", "true")
        self.edit = get("edit") in ("", "1", "true") and not self.readonly
        self.controls = get("controls") not in ("0", "false")
        self.sound = get("sound") in ("", "1", "true")     # sounds are off in an embed unless asked for

    def seats_for(self, n: int):
        """The seats every game opened in the frame gets, or None to keep the page's choice:
        a read-only diagram has no computer; `seats` counts only when it names every seat."""
        if self.readonly:
            return ["human"] * n
        return list(self.seats) if self.seats and len(self.seats) == n else None


class Embedding:
    """Applies the options to the App and speaks the postMessage API (only with ?embed)."""

    def __init__(self, app):
        self.app = app
        self.options = Options(str(window.location.search))
        self.framed = not getattr(js.Object, "is")(window.parent, window)
        self.height = None
        if not app.embed:
            return
        if self.options.lang:
            app.lang = self.options.lang
        cls = document.documentElement.classList
        if self.options.readonly:
            cls.add("readonly")
            # a diagram: no one is ever to move, so the board offers no square, no choice, no hint
            # and plays no click (those made before Python was ready included)
            app.human_to_move = lambda: False
            # and the page's shortcuts (U, N, arrows) do nothing: this runs before the app's listener
            keep(on_capture(document, "keydown", self.on_key))
        if not self.options.controls:
            cls.add("no-controls")
        if self.options.edit:
            cls.add("edit")
        # before the app's own listener (registered later, in App.wire): route with the options applied
        on(window, "hashchange", self.on_hashchange)
        on(window, "message", self.on_message)

    # ------------------------------------------------------------------ opening games
    def route(self, hash_text: str, initial: bool = False) -> None:
        """App.route with the options applied; the computer is held back until the frame's seats
        are set, so it never moves for a seat the options give to a human."""
        app = self.app
        if not app.embed:
            app.route(hash_text, initial)
            return
        if not hash_text.lstrip("#"):
            # never the visitor's last saved game: the host would learn it from the events
            hash_text = "#" + links.DEFAULT_GAME
        app.maybe_think = lambda: None      # held until apply(): route() must not start the computer
        try:
            app.route(hash_text, initial)
        finally:
            del app.maybe_think
        self.apply()
        if initial and self.options.edit:
            app.editor.open()          # ?embed&edit: the board editor at the linked position
        if initial:
            self.watch_size()
            self.post("ready", game=app.record.game.id, link=self.link(), lang=app.lang)

    def apply(self) -> None:
        app = self.app
        seats = self.options.seats_for(app.record.current.num_players)
        if seats is not None and seats != app.seats:
            app.cancel_ai()
            app.seats = seats
        if self.options.rotation is not None:
            app.rotation = self.options.rotation
        if self.options.level is not None:
            app.level = self.options.level       # over a level restored from a save
        app.render()
        app.maybe_think()

    def on_hashchange(self, event):
        event.stopImmediatePropagation()
        self.route(str(window.location.hash))

    # ------------------------------------------------------------------ events to the host
    def link(self) -> str:
        """The full app at this game (the same link 'Copy link' gives)."""
        return page_url(links.to_fragment(self.app.record))

    def post(self, kind: str, **data) -> None:
        if not (self.app.embed and self.framed):
            return
        msg = {"source": "spielkiste", "type": kind, **data}
        window.parent.postMessage(to_js(msg, dict_converter=js.Object.fromEntries), "*")

    def moved(self, mover: int, text: str) -> None:
        """After App.play: the move, and the result if it ended the game."""
        rec = self.app.record
        state = rec.current
        self.post("move", move=text, seat=mover, ply=rec.cursor, link=self.link(),
                  player=self.app.seat_name(mover, rec.states[rec.cursor - 1]))
        res = state.outcome()
        if res is not None:
            self.post("gameover", result=res.message(self.app.lang), winners=list(res.winners),
                      reason=res.reason, link=self.link())

    def watch_size(self) -> None:
        """A `resize` event whenever the height the content wants (at the frame's width) changes."""
        if not self.framed:
            return
        observer = js.ResizeObserver.new(keep(create_proxy(lambda entries, obs: self.report_size())))
        observer.observe(document.documentElement)
        observer.observe(el("side"))
        self.report_size()

    def report_size(self) -> None:
        board = el("board").querySelector("svg")
        width = float(el("play").clientWidth)         # the board is as wide as the frame when it can be
        box = board.viewBox.baseVal if board is not None else None
        ratio = float(box.height) / float(box.width) if box is not None and box.width else 1.0
        message = el("message")
        extra = 0.0 if message.hidden else float(message.getBoundingClientRect().height)
        height = math.ceil(width * ratio + float(el("side").getBoundingClientRect().height) + 8 + extra)
        if height != self.height:
            self.height = height
            self.post("resize", height=height)

    # ------------------------------------------------------------------ commands from the host
    def on_message(self, event):
        try:
            data = event.data.to_py(depth=1) if hasattr(event.data, "to_py") else None
        except Exception:        # anything a page can post: only a plain object is read
            return
        if not isinstance(data, dict) or data.get("target") != "spielkiste" or data.get("type") not in COMMANDS \
                or not self.app.has_game:      # before the page is ready (the host waits for "ready")
            return
        kind = data["type"]
        if self.options.readonly and kind in CHANGES_GAME:
            return
        getattr(self, "do_" + kind)(data)

    def do_load(self, data):
        link = data.get("link")
        if not isinstance(link, str) or not link.strip() or len(link) > links.MAX_LEN:
            return
        frag = link.strip().split("#", 1)[1] if "#" in link else link.strip()
        if "?" not in frag and ":" in frag:
            frag = f"{self.app.record.game.id}?p={frag}"       # a bare position code of the game shown
        self.app.acted()
        self.route("#" + frag)

    def do_new(self, data):
        app = self.app
        gid = data.get("game", app.record.game.id)
        if not isinstance(gid, str) or gid not in GAMES:
            return
        game = get_game(gid)
        n = game.player_counts[0]
        seats = self.options.seats_for(n) or (list(app.seats) if len(app.seats) == n else saves.default_seats(n))
        app.start_game(Record.new(game, app.fresh_options(game)), seats, app.level)
        if self.options.rotation is not None:
            app.rotation = self.options.rotation
            app.render()

    def do_flip(self, data):
        self.app.rotate()

    def do_seat(self, data):
        seat, kind = data.get("seat"), data.get("kind")
        if type(seat) is int and 0 <= seat < len(self.app.seats) and kind in saves.SEAT_KINDS:
            self.app.set_seat(seat, kind)

    def do_level(self, data):
        level = data.get("level")
        if type(level) is int and level in LEVELS:
            self.app.level = self.options.level = level
            self.app.save()

    def do_undo(self, data):
        self.app.undo()

    def on_key(self, event):
        """Read-only: the page's shortcuts (U, N, H, arrows) do nothing; Tab still moves on."""
        if str(event.key) != "Tab":
            event.stopImmediatePropagation()


def on_capture(target, kind, handler):
    p = create_proxy(handler)
    target.addEventListener(kind, p, True)
    return p
