"""A room beside the game: lessons, puzzles, the analysis board. A room takes the board and the
side panel (its own <section id="<name>"> in #side, shown by body[data-mode="<name>"]) and sends
its own requests (`<prefix>*`, answered by spielkiste_web/<name>_session.py in the worker) until it
is left. The game in progress is never touched: the worker keeps it (Session.record) beside the
room's state, the page keeps its last snapshot, and leaving draws it again as it was.

A room's link is the game's fragment with the room's word in its query (`#snorkels?learn=2`,
`#snorkels?puzzle=17`, `#snorkels?analysis&m=...`): App.route hands such a fragment to the room
whose `word` it carries (`opens`), so a room can be reloaded, shared and embedded."""
from pyscript import document

from spielkiste_page.dom import el, push_state, window

# what the board is given of a snapshot or a room's answer (board.set: board_part's keys), besides view_only
BOARD_KEYS = ("svg", "entries", "overlays", "cells", "focus", "rotation", "select", "closed", "refused")


def query_words(frag: str) -> dict:
    """The words of a fragment's query, name -> value ("" for a bare word): `snorkels?puzzle=17&x`
    gives {"puzzle": "17", "x": ""}. Only names are compared with known words; values are the
    room's to check (never put into HTML)."""
    _, _, query = frag.partition("?")
    out = {}
    for field in query.split("&") if query else []:
        name, _, value = field.partition("=")
        out[name] = value
    return out


class Room:
    name = ""            # body[data-mode], the panel section's id, the worker's state name
    word = ""            # the fragment's query word that opens it ("" for none)

    def __init__(self, app):
        self.app = app
        self.active = False
        self.snap = None             # the room's last answer drawn

    # ------------------------------------------------------------------ in and out
    def opens(self, frag: str) -> bool:
        """Whether this fragment is a link into the room."""
        return bool(self.word) and self.word in query_words(frag)

    async def open_link(self, frag: str, initial: bool = False) -> None:
        """Open the room at what the fragment names (a room overrides this)."""
        raise NotImplementedError

    def enter(self) -> None:
        """Take the board and the side panel (the caller draws the room's first answer)."""
        app = self.app
        if app.room is None and not app.embed and app.snap is not None \
                and str(window.location.hash) == "#" + str(app.snap["link"]):
            push_state(app.uid or "")      # opened from the game by a button: Back returns to the game (lichess)
        if app.room is not None and app.room is not self:
            app.room.leave()
        app.editor.leave()
        app.hide_rules()
        app.cancel_ai()
        app.room = self
        self.active = True
        document.body.dataset.mode = self.name
        document.body.dataset.room = self.name     # app.css: the side panel shows the room's section only
        el(self.name).hidden = False

    def leave(self) -> None:
        """Give the board and the panel back (the caller draws the game)."""
        if not self.active:
            return
        self.active = False
        self.snap = None
        if self.app.room is self:
            self.app.room = None
        document.body.dataset.mode = "play"
        document.body.removeAttribute("data-room")
        el(self.name).hidden = True

    def close(self):
        """The room's 'Back to the game': the game drawn as it was, its link in the address."""
        self.leave()
        return self.app.back_from_room()

    # ------------------------------------------------------------------ the worker
    async def ask(self, msg: dict):
        """A request of the room; an error is said in the message bar (None returned), the room
        and the game stay as they were."""
        return await self.app.ask(msg)

    def draw_board(self, snap: dict) -> None:
        """The board of a room answer: the keys every board part carries (session.board_part),
        `human` (whether the player may move now) and `pick` (every square reports a tap to
        on_cell, for a task such as "tap the forbidden square")."""
        config = {key: snap.get(key) for key in BOARD_KEYS}
        config["human"] = bool(snap.get("human"))
        config["pick"] = bool(snap.get("pick"))
        config["view_only"] = bool(self.app.view_only)     # a read-only embed: a diagram here too
        self.app.board.set(config)

    # ------------------------------------------------------------------ the board's reports
    def on_move(self, move: str):
        """The player's move on the room's board (a room overrides this); returns a task."""
        if self.snap is not None:
            self.draw_board(self.snap)     # the board takes moves again
        return None

    def restore(self) -> list:
        """The requests that open the room again where it stands, for a new worker after a crash
        (App.restore sends them after the game's); a room with state overrides this."""
        return []

    def step(self, what: str, ply=None):
        """The move list's keys and buttons in the room: "to" (a ply), "back", "forward"; a room
        with moves to walk overrides this. Returns a task."""
        return self.app.spawn_act(None)

    def on_cell(self, cell: str) -> None:
        """A square tapped while the board is in pick mode."""

    def render(self) -> None:
        """The language changed: the room's texts again (a room asks its worker side afresh)."""
