"""The page: routing and saving, the board's input (mouse, touch, keyboard), and the turn loop.

Runs only under PyScript. All rules come from the engine, all drawing from svg.render, all
clicks go through spielkiste.inputs.Clicks; the side panel is drawn by `panels`, the new-game
dialog lives in `dialog`, the computer and the analysis in `computer`."""
import asyncio

import js
from pyscript import document, window
from pyscript.ffi import create_proxy

from spielkiste.errors import SpielkisteError
from spielkiste.inputs import Clicks
from spielkiste.record import Record
from spielkiste.registry import GAMES, get_game
from spielkiste.texts import t
from spielkiste_web import early, links, panels, saves, svg, ui_texts  # noqa: F401  (ui_texts adds the page's keys)
from spielkiste_web.analysis import Analysis
from spielkiste_web.board_input import BoardInput
from spielkiste_web.computer import Cancelled, Computer
from spielkiste.ai.levels import LEVELS
from spielkiste_web.dialog import NewGameDialog
from spielkiste_web.dom import Storage, el, keep, on, page_url
from spielkiste_web.editing import EditorPage
from spielkiste_web.embed import Embedding
from spielkiste_web.share import Share

DEFAULT_GAME = "snorkels"


def number(n: int, lang: str) -> str:
    """An integer with the page language's digit grouping (12,345 / 12.345)."""
    text = f"{n:,}"
    return text.replace(",", ".") if lang == "de" else text


def ask_persistent_storage():
    """Ask the browser to keep our saves when it clears storage under pressure (where it can)."""
    storage = getattr(window.navigator, "storage", None)
    if storage is not None and getattr(storage, "persist", None) is not None:
        storage.persist()


class App:
    def __init__(self):
        self.embed = bool(js.URLSearchParams.new(window.location.search).has("embed"))
        self.storage = Storage()
        nav = str(window.navigator.language).lower()
        self.lang = self.storage.get("spielkiste.lang") or ("de" if nav.startswith("de") else "en")
        if self.lang not in ("en", "de"):
            self.lang = "en"
        self.record: Record | None = None
        self.seats: list[str] = []
        self.level = 2
        self.rotation = 0
        self.aids: set[str] = set()
        self.clicks: Clicks | None = None
        self.fresh: set[str] = set()
        self.slide = None          # (from, to) of a move just played, for the glide animation
        self.may_save = True       # False after an error until the player acts, so nothing is overwritten
        self.thinking = False
        self.hint_cells: tuple = ()
        self.computer = Computer(lambda key: self.show_message(self.tr(key)))
        self.dialog = NewGameDialog(self)
        self.input = BoardInput(self)
        self.analysis = Analysis(self)
        self.embedding = Embedding(self)   # ?embed options and the postMessage API (embed.py)
        self.share = Share(self)           # share sheet, "Send your move", pictures (share.py)
        self.editor = EditorPage(self)     # the board editor and studies (editing.py)

    # ------------------------------------------------------------------ start-up
    async def start(self):
        el("lang").value = self.lang
        self.translate_static()
        panels.chooser(self)
        panels.wire(self)
        self.wire()
        self.embedding.route(str(window.location.hash), initial=True)    # route() with the ?embed options
        early.replay_clicks(self)     # clicks made on the board boot.js painted before Python was ready
        if not self.storage.available:
            self.show_message(self.tr("ui.no_storage"))
        document.body.dataset.ready = "1"
        # the AI worker boots a second Pyodide: only after the board is on screen; until then the
        # computer searches on the page
        await asyncio.sleep(0.05)
        self.computer.boot()

    def wire(self):
        on(window, "hashchange", lambda e: self.route(str(window.location.hash)))
        on(el("lang"), "change", self.on_lang)
        on(el("btn-new"), "click", lambda e: self.dialog.open(self.record.game))
        on(el("btn-undo"), "click", lambda e: self.undo())
        on(el("btn-redo"), "click", lambda e: self.step_to(self.record.cursor + 1))
        on(el("btn-first"), "click", lambda e: self.step_to(0))
        on(el("btn-last"), "click", lambda e: self.step_to(len(self.record.moves)))
        on(el("btn-rotate"), "click", lambda e: self.rotate())
        on(el("btn-link"), "click", lambda e: asyncio.ensure_future(self.share.link()))   # or the share sheet
        on(el("btn-stop"), "click", lambda e: self.computer.request_stop())
        on(el("btn-games"), "click", lambda e: self.show_chooser())
        on(el("btn-rules"), "click", lambda e: asyncio.ensure_future(self.show_rules(focus=True)))
        on(el("btn-keys"), "click", lambda e: el("keys").showModal())
        on(el("keys-close"), "click", lambda e: el("keys").close())
        on(el("rules-close"), "click", lambda e: self.hide_rules(focus=True))
        on(el("message-close"), "click", lambda e: self.hide_message())
        on(el("home"), "click", self.on_home)
        on(el("again"), "click", lambda e: self.play_again(switch=False))
        on(el("switch"), "click", lambda e: self.play_again(switch=True))
        on(el("result-new"), "click", lambda e: self.dialog.open(self.record.game))

    # ------------------------------------------------------------------ text
    def tr(self, key, **args):
        return t(key, self.lang, **args)

    def translate_static(self):
        document.documentElement.lang = self.lang
        for e in document.querySelectorAll("[data-t]"):
            e.textContent = self.tr(e.dataset.t)
        for e in document.querySelectorAll("[data-tt]"):
            e.title = self.tr(e.dataset.tt)
            e.setAttribute("aria-label", self.tr(e.dataset.tt))

    def seat_name(self, seat, state=None):
        return self.tr("colour." + (state or self.record.current).seat_colour(seat))

    # ------------------------------------------------------------------ routing and saving
    def route(self, hash_text, initial=False):
        """Open what the URL fragment names; with none, the last saved game or a new one."""
        frag = hash_text.lstrip("#")
        self.hide_rules()
        self.editor.leave()
        if not frag:
            if initial or self.record is None:
                self.open_saved(self.storage.get("spielkiste.last") or DEFAULT_GAME)
            return
        if self.record is not None and frag == links.to_fragment(self.record):
            return
        saved = self.load_save(links.game_of(frag))
        if saved is not None and links.to_fragment(saved[0]) == frag:
            rec, seats, self.level, self.rotation = saved      # a reload: exactly as it was
        else:
            try:
                rec = links.from_fragment(frag)
            except SpielkisteError as e:
                self.show_message(e.message(self.lang))
                self.may_save = False
                gid = links.game_of(frag)
                fallback = gid if gid in GAMES else (self.record.game.id if self.record else DEFAULT_GAME)
                if self.record is None or self.record.game.id != fallback:
                    game = get_game(fallback)
                    self.set_record(Record.new(game, self.fresh_options(game)),
                                    saves.default_seats(game.player_counts[0]))
                self.update_hash()
                self.render()
                return
            n = rec.current.num_players
            # a shared game or position opens for humans; a bare game link starts against the computer
            seats = saves.default_seats(n) if frag == rec.game.id else ["human"] * n
        self.hide_message()
        self.set_record(rec, seats)
        self.save()
        self.render()
        self.maybe_think()

    def load_save(self, gid):
        """The saved (record, seats, level, rotation) of a game, or None."""
        text = self.storage.get("spielkiste.save." + gid) if gid in GAMES else None
        if not text:
            return None
        try:
            return saves.load(text, LEVELS)
        except Exception:        # storage is outside our control: nothing read from it may stop the app
            return None

    def open_saved(self, gid):
        """The saved game of `gid`, or a new one; a corrupt save is kept aside, never lost."""
        gid = gid if gid in GAMES else DEFAULT_GAME
        game = get_game(gid)
        text = self.storage.get("spielkiste.save." + gid)
        if text:
            try:
                rec, seats, self.level, self.rotation = saves.load(text, LEVELS)
                self.set_record(rec, seats)
                self.update_hash()
                self.render()
                self.maybe_think()
                return
            except Exception:    # a typed error from saves.load, or anything it failed to foresee
                self.storage.set(f"spielkiste.broken.{gid}", text)
                self.show_message(self.tr("ui.saved_aside"))
        self.set_record(Record.new(game, self.fresh_options(game)), saves.default_seats(game.player_counts[0]))
        self.update_hash()
        self.render()
        self.maybe_think()

    def fresh_options(self, game, base=None):
        """`base` options (default: the defaults), with a new random seed where the game has one."""
        opts = dict(base or {})
        if any(o.key == "seed" for o in game.all_options()):
            opts["seed"] = int(js.Math.random() * 1e9)
        return opts

    def set_record(self, rec, seats):
        self.cancel_ai()
        self.record = rec
        self.seats = list(seats)
        self.aids &= set(rec.game.aids)
        self.clicks = None
        self.fresh = set()
        self.hint_cells = ()
        self.input.focus_cell = None
        panels.aids_and_tools(self)

    def start_game(self, rec, seats, level):
        """A new game from the dialog or the end-of-game buttons."""
        self.level = level
        self.acted()
        self.set_record(rec, seats)
        self.rotation = 0
        self.save()
        self.render()
        self.maybe_think()

    def update_hash(self):
        frag = links.to_fragment(self.record)
        if str(window.location.hash).lstrip("#") != frag:
            window.history.replaceState(None, "", "#" + frag)
        el("embed-open").href = str(window.location.pathname) + "#" + frag    # the full app, at this game

    def save(self):
        self.update_hash()
        if self.embed or not self.may_save or not self.storage.available:
            return
        ok = self.storage.set("spielkiste.save." + self.record.game.id,
                              saves.dump(self.record, self.seats, self.level, self.rotation))
        if ok:
            self.storage.set("spielkiste.last", self.record.game.id)
            if self.storage.get("spielkiste.persist") is None:     # once, after the first save that worked
                self.storage.set("spielkiste.persist", "asked")
                ask_persistent_storage()
        else:                    # said after every move that could not be saved: the player must know
            self.show_message(self.tr("ui.storage_full"))

    def acted(self):
        """The player did something: from now on the current game may be saved."""
        self.may_save = True
        self.hide_message()

    # ------------------------------------------------------------------ messages
    def show_message(self, text, action_label=None, action=None):
        el("message-text").textContent = text
        btn = el("message-action")
        btn.hidden = action is None
        if action is not None:
            btn.textContent = action_label
            btn.onclick = keep(create_proxy(lambda e: action()))
        el("message").hidden = False

    def hide_message(self):
        el("message").hidden = True

    def announce(self, text):
        """Read out by screen readers (a polite live region)."""
        el("announce").textContent = text

    # ------------------------------------------------------------------ drawing
    def human_to_move(self):
        s = self.record.current
        return s.result is None and self.seats[s.to_move] == "human" and not self.thinking

    def render(self):
        if self.editor.active:
            self.editor.render()
            return
        rec = self.record
        state = rec.current
        game = rec.game
        if self.clicks is None:
            self.clicks = Clicks(state)
        human = self.human_to_move()
        targets = self.clicks.targets() if human else set()
        selected = self.clicks.prefix[-1] if self.clicks.prefix else None
        view = state.view(frozenset(self.aids), selected)
        title = self.tr("ui.board", game=self.tr("game." + game.id))
        board = el("board")
        had_focus = board.contains(document.activeElement)
        board.innerHTML = markup = svg.render(view, self.lang, targets, selected, self.rotation, self.fresh,
                                              title, self.slide)
        self.fresh = set()
        self.slide = None
        for cell in self.hint_cells:
            rect = self.input.cell_rect(cell)
            if rect:
                rect.classList.add("hint")
        self.input.place_focus(view, targets, had_focus)
        el("game-title").textContent = self.tr("game." + game.id)
        document.title = self.tr("game." + game.id) + " · Spielkiste"
        panels.status(self, state, human)
        panels.choices(self, human)
        panels.seats(self, state)
        panels.moves(self)
        panels.chooser_current(self)
        self.render_result(state)
        self.share.refresh()
        early.remember(self, markup)  # for boot.js: this board at once on the next start
        el("btn-undo").disabled = rec.cursor == 0
        el("btn-first").disabled = rec.cursor == 0
        el("btn-redo").disabled = rec.at_end
        el("btn-last").disabled = rec.at_end
        el("btn-hint").disabled = not human or rec.game.player_counts == (1,)
        el("btn-hint").hidden = rec.game.player_counts == (1,)
        el("eval-row").hidden = rec.game.player_counts == (1,)

    def render_result(self, state):
        box = el("result")
        res = state.outcome()
        box.hidden = res is None or not self.record.at_end
        if res is not None:
            el("result-text").textContent = res.message(self.lang)

    # ------------------------------------------------------------------ input
    def click_cell(self, cell):
        kind, what = self.clicks.click(cell)
        if kind == "move":
            self.play_human(what)
        else:
            self.render()

    def play_human(self, move):
        self.acted()
        self.play(move)

    def play(self, move):
        state = self.record.current
        mover = state.to_move
        path, _ = state.move_input(move)
        text = self.record.play(move)
        self.computer.cancel()
        self.hint_cells = ()
        el("tool-result").textContent = ""
        self.fresh = set(path[-1:])
        self.slide = (path[0], path[-1]) if len(path) >= 2 and path[0] != path[-1] else None
        self.clicks = None
        self.save()
        self.render()
        self.announce(self.tr("ui.announce_move", player=self.seat_name(mover, state), move=text) + " "
                      + str(el("status").textContent))
        self.embedding.moved(mover, text)      # the host page's "move" (and "gameover") event
        self.maybe_think()

    def step_to(self, ply):
        if self.record is None or not 0 <= ply <= len(self.record.moves) or ply == self.record.cursor:
            return
        self.acted()
        self.cancel_ai()
        self.record.goto(ply)
        self.clicks = None
        self.hint_cells = ()
        el("tool-result").textContent = ""
        self.save()
        self.render()
        self.maybe_think()

    def undo(self):
        """Back to the last position where a human was to move (a takeback against the computer)."""
        rec = self.record
        k = rec.cursor - 1
        if "human" in self.seats:
            while k > 0 and (rec.states[k].result is not None or self.seats[rec.states[k].to_move] != "human"):
                k -= 1
        self.step_to(max(k, 0))

    def play_again(self, switch):
        """The same game again (a new random set-up where the game has one); `switch` swaps the seats."""
        start = self.record.start
        if self.record.custom_start:
            rec = Record(start.copy(), custom_start=True)
        else:
            rec = Record.new(self.record.game, self.fresh_options(self.record.game, start.options))
        seats = self.seats[-1:] + self.seats[:-1] if switch else list(self.seats)
        self.start_game(rec, seats, self.level)

    def set_seat(self, seat, kind):
        self.acted()
        self.seats[seat] = kind
        if kind == "human" and self.thinking and seat == self.record.current.to_move:
            self.cancel_ai()
        self.save()
        self.render()
        self.maybe_think()

    def toggle_aid(self, aid, on_):
        (self.aids.add if on_ else self.aids.discard)(aid)
        self.render()

    def rotate(self):
        state = self.record.current
        views = sorted({state.seat_rotation(s) for s in range(state.num_players)})
        if len(views) < 2:
            views = sorted({views[0], (views[0] + 180) % 360}) if views else [0, 180]
        nxt = [v for v in views if v > self.rotation]
        self.rotation = nxt[0] if nxt else views[0]
        self.save()
        self.render()

    def on_lang(self, event):
        self.lang = str(event.target.value)
        self.storage.set("spielkiste.lang", self.lang)
        self.translate_static()
        panels.chooser(self)
        panels.aids_and_tools(self)
        if self.editor.active:
            self.editor.draw_controls()
        self.render()
        if not el("rules").hidden:
            asyncio.ensure_future(self.show_rules())

    def show_chooser(self):
        self.hide_rules()
        el("chooser").scrollIntoView()
        first = document.querySelector("#game-list button[aria-current='true']")
        if first:
            first.focus()

    def on_home(self, event):
        event.preventDefault()
        self.show_chooser()

    def choose_game(self, gid):
        self.hide_rules()
        self.acted()
        if self.record.game.id != gid:
            self.open_saved(gid)
            self.save()
        el("board-wrap").scrollIntoView()

    async def copy_link(self, url=None, box=None):
        """Copy a link (default: this game's) to the clipboard; where the browser refuses, the link
        stays selected in `box` (default: the side panel's link box) with a message saying so."""
        url = url or page_url(links.to_fragment(self.record))
        if box is None:
            box = el("link-text")
            el("link-box").hidden = False
        box.value = url
        box.hidden = False
        box.select()
        try:
            await window.navigator.clipboard.writeText(url)
            self.show_message(self.tr("ui.link_copied"))
        except Exception:
            box.focus()
            box.select()
            self.show_message(self.tr("ui.link_select"))

    # ------------------------------------------------------------------ rules page
    async def show_rules(self, focus=False):
        """The game's rules in the board's place; `focus` (opened by the player) moves the keyboard
        focus to their heading, so reading starts there and not on the hidden toolbar."""
        gid = self.record.game.id
        resp = await window.fetch(f"./rules/{gid}.{self.lang}.html")
        text = await resp.text() if resp.ok else ""
        # our own static file, shipped with the app (never text from a link)
        el("rules-text").innerHTML = text or self.tr("ui.coming")
        el("rules").hidden = False
        el("play").hidden = True
        if focus:
            el("rules-title").focus()
            el("rules").scrollIntoView()

    def hide_rules(self, focus=False):
        """Back to the board; `focus` (closed by the player) returns the focus to the Rules button."""
        el("rules").hidden = True
        el("play").hidden = False
        if focus:
            el("btn-rules").focus()

    # ------------------------------------------------------------------ computer player
    def cancel_ai(self):
        self.computer.cancel()
        if self.thinking:
            self.thinking = False
            el("thinking").hidden = True
            document.body.dataset.thinking = "0"

    def maybe_think(self):
        rec = self.record
        s = rec.current
        if not (rec.at_end and s.result is None):
            return
        if self.seats[s.to_move] == "computer":
            if not self.thinking:
                asyncio.ensure_future(self.think())
        elif self.analysis.shown:
            asyncio.ensure_future(self.analysis.analyse())

    def progress(self, info, state):
        el("thinking-text").textContent = self.tr(
            "ui.thinking_stats", iterations=number(int(info.get("iterations", 0)), self.lang),
            move=info.get("move", ""), percent=round(100 * float(info.get("value", 0.5))))
        self.analysis.show_evaluation(info, state)

    async def think(self):
        self.thinking = True
        state = self.record.current
        frag = links.to_fragment(self.record)
        self.render()
        el("thinking-text").textContent = "" if self.computer.worker_ready else self.tr("ui.ai_loading")
        el("thinking").hidden = False
        document.body.dataset.thinking = "1"
        try:
            text = await self.computer.move(frag, state, LEVELS.get(self.level, 1.0),
                                            lambda info: self.progress(info, state))
            move = state.parse_move(text)
        except Cancelled:
            return
        except Exception:        # a failing search must not take the game with it
            if self.record.current is state:
                self.cancel_ai()
                self.show_message(self.tr("ui.ai_failed"))
                self.render()
            return
        if self.record.current is not state:
            return
        self.thinking = False
        el("thinking").hidden = True
        document.body.dataset.thinking = "0"
        self.play(move)


async def main():
    app = App()
    window.spielkiste = keep(create_proxy(lambda: links.to_fragment(app.record)))   # for tests and debugging
    window.spielkiste_memory = keep(create_proxy(app.computer.memory))             # for the soak benchmark
    await app.start()
