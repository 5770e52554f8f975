"""The page: routing and saving, the board's input (mouse, touch, keyboard), and the turn loop.

Runs only under PyScript. All rules come from the engine, all drawing from svg.render, all
clicks go through spielkiste.inputs.Clicks; the side panel is drawn by `panels`, the new-game
dialog lives in `dialog`, the computer and the analysis in `computer`."""
import asyncio

import js
from pyodide.ffi import jsnull
from pyscript import document, window
from pyscript.ffi import create_proxy

from spielkiste.errors import SpielkisteError
from spielkiste.inputs import Clicks
from spielkiste.record import Record
from spielkiste.registry import GAMES, get_game
from spielkiste.texts import t
from spielkiste_web import early, links, mygames, panels, saves, svg, ui_texts  # noqa: F401  (ui_texts adds the page's keys)
from spielkiste_web.analysis import Analysis
from spielkiste_web.board_input import BoardInput
from spielkiste_web.computer import Cancelled, Computer
from spielkiste.ai.levels import LEVELS
from spielkiste_web.dialog import NewGameDialog
from spielkiste_web.dom import Storage, el, keep, make, on, page_url
from spielkiste_web.editing import EditorPage
from spielkiste_web.embed import Embedding
from spielkiste_web.links import DEFAULT_GAME
from spielkiste_web.share import Share, download
from spielkiste_web.sound import Sound, kind_of

NOTICE_SECONDS = 5       # a notice without a button goes away by itself


def number(n: int, lang: str) -> str:
    """An integer with the page language's digit grouping (12,345 / 12.345)."""
    text = f"{n:,}"
    return text.replace(",", ".") if lang == "de" else text


def show_bar(bar, text, action_label, action):
    """Fill and show the message or notice bar (its text, and a button when there is an action);
    returns the action, which the bar's one listener calls."""
    el(bar + "-text").textContent = text
    btn = el(bar + "-action")
    btn.hidden = action is None
    if action is not None:
        btn.textContent = action_label
    el(bar).hidden = False
    return action


def new_uid() -> str:
    """A kept game's id: the time and a random part, so two tabs never pick the same."""
    return f"{int(js.Date.now()):x}{int(js.Math.random() * 0xFFFFFF):06x}"


def ask_persistent_storage():
    """Ask the browser to keep our saves when it clears storage under pressure (where it can)."""
    storage = getattr(window.navigator, "storage", None)
    if storage is not None and getattr(storage, "persist", None) is not None:
        storage.persist()


class App:
    def __init__(self):
        self.embed = bool(js.URLSearchParams.new(window.location.search).has("embed"))
        self.storage = Storage(use=not self.embed)      # an embed reads and writes no storage
        nav = str(window.navigator.language).lower()
        self.lang = self.storage.get("spielkiste.lang") or ("de" if nav.startswith("de") else "en")
        if self.lang not in ("en", "de"):
            self.lang = "en"
        self._record: Record | None = None   # the game shown: set by the first route(), before any handler
        self.games = mygames.GameList(self.storage, lambda: int(js.Date.now()), new_uid)
        self.uid: str | None = None        # the kept game shown (None: not kept yet)
        self.known: str | None = None      # its stored text as this tab last read or wrote it
        self.transient = False             # opened from a link or an example: kept once the player acts
        self.back: str | None = None       # the player's game a link or example took the place of
        self.example: str | None = None    # the caption of the rules example shown
        self.pending_example: tuple[str, str] | None = None    # (fragment, caption) of a clicked example
        self.notice_timer = None
        self.hide_notice_later = keep(create_proxy(lambda: self.hide_notice()))
        self.actions: dict = {}           # bar id -> what its button does (show_message, notify)
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
        self.sound = Sound(self.storage, self.embed, self.embedding.options.sound)

    @property
    def record(self) -> Record:
        """The game shown. start() routes before any handler is wired to a control, so every
        handler has one; only route() and what runs within it ask whether there is one yet."""
        if self._record is None:
            raise RuntimeError("no game is shown yet")
        return self._record

    @record.setter
    def record(self, rec: Record) -> None:
        self._record = rec

    @property
    def has_game(self) -> bool:
        return self._record is not None

    # ------------------------------------------------------------------ start-up
    async def start(self):
        el("lang").value = self.lang
        self.translate_static()
        self.sound.draw_switch()
        panels.chooser(self)
        panels.wire(self)
        self.wire()
        aside = [] if self.embed else self.games.migrate(GAMES, LEVELS, self.set_aside)
        self.embedding.route(str(window.location.hash), initial=True)    # route() with the ?embed options
        early.replay_clicks(self)     # clicks made on the board boot.js painted before Python was ready
        if aside:
            self.show_message(self.tr("ui.saved_aside"))
        if not self.storage.available and not self.embed:      # an embed never saves: nothing to say
            self.show_message(self.tr("ui.no_storage"))
        document.body.dataset.ready = "1"
        # the AI worker boots a second Pyodide: only after the board is on screen; until then the
        # computer searches on the page
        await asyncio.sleep(0.05)
        self.computer.boot()

    def wire(self):
        on(window, "hashchange", lambda e: self.route(str(window.location.hash)))
        on(window, "storage", self.on_storage)
        on(el("rules-text"), "click", self.on_rules_click)
        on(el("ex-rules"), "click", lambda e: asyncio.ensure_future(self.show_rules(focus=True)))
        on(el("ex-game"), "click", lambda e: self.back_to_game())
        on(el("notice-close"), "click", lambda e: self.hide_notice())
        on(el("notice-action"), "click", lambda e: self.bar_action("notice"))
        on(el("message-action"), "click", lambda e: self.bar_action("message"))
        on(el("mygames-box"), "toggle", lambda e: self.draw_mygames())
        on(el("mygames"), "click", self.on_mygames_click)
        on(el("mygames-export"), "click", lambda e: self.export_games())
        on(el("lang"), "change", self.on_lang)
        on(el("btn-new"), "click", lambda e: self.dialog.open(self.record.game))
        on(el("btn-undo"), "click", lambda e: self.undo())
        on(el("btn-redo"), "click", lambda e: self.redo())
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
        on(el("btn-sound"), "click", lambda e: self.sound.toggle())
        on(document, "pointerdown", self.sound.touch)
        on(document, "keydown", self.sound.touch)
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
        """Open what the URL fragment names; with none, the last game played. A link never takes a
        kept game's place: it opens the kept game it shows or continues, or else a game of its own,
        kept once the player acts in it, with the way back to the player's game offered."""
        frag = hash_text.lstrip("#")
        pending, self.pending_example = self.pending_example, None
        example = pending[1] if pending is not None and pending[0] == frag else None
        self.hide_rules()
        self.editor.leave()
        if not frag:
            if initial or self._record is None:
                self.open_saved(self.storage.get("spielkiste.last") or DEFAULT_GAME)
            return
        if self._record is not None and frag == links.to_fragment(self._record) and example is None:
            return
        if example is None:
            uid = (self.reloaded_uid(frag) if initial else None) or self.games.find(frag)
            if uid is not None and self.open_kept(uid, frag):
                return
        try:
            rec = links.from_fragment(frag)
        except SpielkisteError as e:
            self.bad_link(e, links.game_of(frag), initial)
            return
        bare = frag == rec.game.id          # a bare game link: a new game against the computer
        back = self.uid or self.games.current(rec.game.id)
        self.hide_message()
        self.set_record(rec, saves.default_seats(rec.current.num_players) if bare else
                        ["human"] * rec.current.num_players, transient=not bare)
        self.example = example
        self.back = None if bare else back
        self.save()
        self.render()
        self.maybe_think()
        if example is not None:
            el("board-wrap").scrollIntoView()    # a phone shows the board, not where the rules were
        if self.back is not None and example is None:
            self.notify(self.tr("ui.opened_link"), self.tr("ui.back_to_game"), self.back_to_game)

    def reloaded_uid(self, frag):
        """The kept game this tab showed before a reload (history.state survives it), if the
        fragment still names its game: then the kept game's latest state opens, not the URL's."""
        state = window.history.state
        uid = str(getattr(state, "uid", "") or "") if state else ""
        got = mygames.read_entry(self.games.raw(uid)) if uid else None
        if got is not None and got[0]["game"] == links.game_of(frag):
            return uid
        return None

    def open_kept(self, uid, frag=None) -> bool:
        """Show a kept game; a link that continues it (more moves) or views another of its moves
        is applied to it. False if the kept game cannot be read."""
        try:
            rec, seats, level, rotation = self.games.load(uid, LEVELS)
        except Exception:        # storage is outside our control: the caller decides what opens
            return False
        if frag is not None and frag != links.to_fragment(rec):
            try:
                linked = links.from_fragment(frag)
            except SpielkisteError:
                linked = None
            if linked is not None and len(linked.moves) >= len(rec.moves):
                rec = linked
        self.hide_message()
        self.level, self.rotation = level, rotation
        self.set_record(rec, seats, uid=uid)
        self.save()
        self.render()
        self.maybe_think()
        return True

    def bad_link(self, error, gid, initial):
        """An unreadable link: say why, and show the player's game (of that game, if it names
        one), so a reload of the same address opens that game and nothing is overwritten."""
        if initial or self._record is None or (gid in GAMES and gid != self._record.game.id):
            self.open_saved(gid if gid in GAMES else (self.storage.get("spielkiste.last") or DEFAULT_GAME))
        else:
            self.update_hash()
            self.render()
        self.show_message(self.tr("ui.link_bad_kept", why=error.message(self.lang)))

    def set_aside(self, gid, text) -> bool:
        """Keep an unreadable save's text where no game overwrites it (a bounded list of copies)."""
        return saves.set_aside(self.storage, gid, text)

    def open_saved(self, gid):
        """The game `gid` opens with (the one last played), or a new one; a kept game that cannot
        be read is set aside, never lost."""
        gid = gid if gid in GAMES else DEFAULT_GAME
        game = get_game(gid)
        uid = self.games.current(gid)
        if uid is not None:
            if self.open_kept(uid):
                return
            if self.set_aside(gid, self.games.raw(uid)):
                self.games.delete(uid)
                self.show_message(self.tr("ui.saved_aside"))
            else:                # not even a copy could be written: the entry stays where it is
                self.show_message(self.tr("ui.aside_failed"))
        self.set_record(Record.new(game, self.fresh_options(game)), saves.default_seats(game.player_counts[0]))
        self.save()
        self.render()
        self.maybe_think()

    def open_uid(self, uid):
        """A game from the list of kept games (or 'Back to your game')."""
        self.hide_rules()
        self.editor.leave()
        self.acted()
        if uid != self.uid and not self.open_kept(uid):
            self.show_message(self.tr("err.saved"))
        el("board-wrap").scrollIntoView()

    def back_to_game(self):
        self.hide_notice()
        if self.back is not None:
            self.open_uid(self.back)
        else:
            self.open_saved(self.record.game.id)

    def fresh_options(self, game, base=None):
        """`base` options (default: the defaults), with a new random seed where the game has one."""
        opts = dict(base or {})
        if any(o.key == "seed" for o in game.all_options()):
            opts["seed"] = int(js.Math.random() * 1e9)
        return opts

    def set_record(self, rec, seats, uid=None, transient=False):
        """Show a game: `uid` names a kept one, `transient` one from a link, kept once the
        player acts; otherwise a new game, kept at its first save."""
        self.cancel_ai()
        self.record = rec
        self.seats = list(seats)
        self.uid = uid
        self.known = self.games.raw(uid) if uid is not None else None
        self.transient = transient
        self.example = None
        self.back = None
        self.aids &= set(rec.game.aids)
        self.clicks = None
        self.fresh = set()
        self.hint_cells = ()
        self.input.focus_cell = None
        el("link-box").hidden = True
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
        """The address shows the game (a link to it), and the history entry names the kept game,
        so a reload opens the kept game's latest state, even when another tab has moved on."""
        frag = links.to_fragment(self.record)
        state = js.Object.fromEntries(js.Array.of(js.Array.of("uid", self.uid or "")))
        window.history.replaceState(state, "", "#" + frag)
        el("embed-open").href = str(window.location.pathname) + "#" + frag    # the full app, at this game

    def save(self):
        """Keep the game shown (not in an embed, not a link's game the player has not acted in).
        Another tab's newer version of the same game is adopted, never overwritten."""
        self.update_hash()
        if self.embed or not self.may_save or not self.storage.available or self.transient:
            return
        gid = self.record.game.id
        if self.uid is None:
            self.games.drop_if_empty(self.games.current(gid))
        uid, kept = self.games.put(self.uid, self.record, self.seats, self.level, self.rotation, self.known)
        if kept.conflict:
            self.adopt(uid, kept.text)
            return
        if not kept.ok:          # said after every move that could not be saved: the player must know
            self.show_message(self.tr("ui.storage_full"))
            return
        self.known = kept.text
        if uid != self.uid:              # a new entry: the history entry names it from now on
            self.uid = uid
            self.update_hash()
        self.storage.set("spielkiste.last", gid)
        for meta in kept.dropped:
            self.show_message(self.tr("ui.mygames_dropped", game=self.tr("game." + meta.game),
                                      when=self.when(meta.changed)))
        if self.storage.get("spielkiste.persist") is None:     # once, after the first save that worked
            self.storage.set("spielkiste.persist", "asked")
            ask_persistent_storage()
        if el("mygames-box").open:
            self.draw_mygames()

    def adopt(self, uid, text):
        """Another tab changed the game shown: show its version (this tab follows along)."""
        got = mygames.read_entry(text)
        try:
            rec, seats, level, rotation = saves.load(got[1], LEVELS) if got else (None,) * 4
        except Exception:        # another tab wrote something unreadable: keep ours, write nothing
            rec = None
        if rec is None:
            return
        self.known = text
        if links.to_fragment(rec) == links.to_fragment(self.record) and seats == self.seats and level == self.level:
            return
        self.level, self.rotation = level, rotation
        self.set_record(rec, seats, uid=uid)
        self.update_hash()
        self.render()
        self.notify(self.tr("ui.other_tab"))
        self.maybe_think()

    def on_storage(self, event):
        """A `storage` event: another tab of this site wrote. Follow it if it is the game shown."""
        if self.uid is None or event.key is None or str(event.key) != mygames.ENTRY + self.uid:
            return
        value = event.newValue
        if value is not None and value is not jsnull and str(value) != self.known:
            self.adopt(self.uid, str(value))

    def acted(self):
        """The player did something: from now on the current game may be saved, and a game
        opened from a link becomes one of the player's games."""
        self.may_save = True
        self.transient = False
        self.hide_message()

    # ------------------------------------------------------------------ my games
    def when(self, ms) -> str:
        """A kept game's date and time, in the page's language."""
        return str(js.Date.new(ms).toLocaleString("de-DE" if self.lang == "de" else "en-GB",
                                                  js.Object.fromEntries(js.Array.of(
                                                      js.Array.of("dateStyle", "medium"),
                                                      js.Array.of("timeStyle", "short")))))

    def draw_mygames(self):
        """The list of kept games (drawn when opened, and after saves while open)."""
        ul = el("mygames")
        ul.replaceChildren()
        games = self.games.games()
        el("mygames-count").textContent = f" ({len(games)})" if games else ""
        el("mygames-none").hidden = bool(games)
        for meta in games:
            name = self.tr("game." + meta.game)
            li = make("li")
            b = make("button", self.tr("ui.mygames_row", game=name, moves=meta.moves,
                                       state=self.tr("ui.mygames_over" if meta.over else "ui.mygames_open")),
                     type="button")
            b.dataset.uid = meta.uid
            b.appendChild(make("span", self.when(meta.changed), class_="blurb"))
            if meta.uid == self.uid:
                b.setAttribute("aria-current", "true")
            li.appendChild(b)
            d = make("button", "×", type="button", class_="delete",
                     aria_label=self.tr("ui.mygames_delete", game=name, when=self.when(meta.changed)))
            d.dataset.delete = meta.uid
            li.appendChild(d)
            ul.appendChild(li)

    def on_mygames_click(self, event):
        target = event.target.closest("button") if event.target else None
        if not target:
            return
        delete, uid = target.getAttribute("data-delete"), target.getAttribute("data-uid")
        if delete:
            self.games.delete(str(delete))
            if str(delete) == self.uid:         # the game shown stays on screen, no longer kept
                self.uid, self.known, self.transient = None, None, True
            self.draw_mygames()
        elif uid:
            self.open_uid(str(uid))

    def export_games(self):
        rows = []
        for meta, save in self.games.entries():
            link = mygames.link_of(save)
            if link is not None:             # an entry whose save cannot be read is left out
                rows.append((meta, page_url(link)))
        download(mygames.export_text(rows), "text/plain", "spielkiste-games.txt")

    # ------------------------------------------------------------------ messages
    def show_message(self, text, action_label=None, action=None):
        """An error or warning, in the alert bar, until the player acts or closes it."""
        self.actions["message"] = show_bar("message", text, action_label, action)

    def hide_message(self):
        el("message").hidden = True

    def notify(self, text, action_label=None, action=None):
        """A neutral notice (not an error): with a button it stays until used or closed, without
        one it goes away after a few seconds."""
        self.actions["notice"] = show_bar("notice", text, action_label, action)
        js.clearTimeout(self.notice_timer)
        self.notice_timer = js.setTimeout(self.hide_notice_later, NOTICE_SECONDS * 1000) if action is None else None

    def hide_notice(self):
        el("notice").hidden = True

    def bar_action(self, bar):
        """The button of the message or notice bar: what the last text shown there offered."""
        action = self.actions.get(bar)
        if action is not None:
            action()

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
        clicks = self.matcher()
        human = self.human_to_move()
        targets = clicks.targets() if human else set()
        selected = clicks.prefix[-1] if clicks.prefix else None
        view = state.view(frozenset(self.aids), selected)
        title = self.tr("ui.board", game=self.tr("game." + game.id))
        board = el("board")
        had_focus = board.contains(document.activeElement)
        board.innerHTML = markup = svg.render(view, self.lang, targets, selected, self.rotation, self.fresh,
                                              title, self.slide, hint=self.hint_cells)
        self.fresh = set()
        self.slide = None
        self.input.place_focus(view, targets, had_focus)
        el("game-title").textContent = self.tr("game." + game.id)
        document.title = self.tr("game." + game.id) + " · Spielkiste"
        panels.status(self, state, human)
        self.analysis.draw()          # the evaluation bar, for this position, seats and language
        panels.choices(self, human)
        panels.seats(self, state)
        panels.moves(self)
        panels.chooser_current(self)
        self.render_result(state)
        self.share.refresh()
        if not el("link-box").hidden:        # the link box always shows the position on the board
            el("link-text").value = page_url(links.to_fragment(rec))
        el("example-bar").hidden = self.example is None
        if self.example is not None:
            el("example-caption").textContent = self.example     # the rules' own words ("Example: ...")
            el("ex-game").hidden = self.back is None
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
    def matcher(self) -> Clicks:
        """The click matcher of the position shown (made afresh after every change of it)."""
        if self.clicks is None:
            self.clicks = Clicks(self.record.current)
        return self.clicks

    def click_cell(self, cell):
        clicks = self.matcher()
        had_selection = bool(clicks.prefix)
        kind, what = clicks.click(cell)
        if kind == "move":
            self.play_human(what)
        else:
            if kind == "none" and had_selection:     # a square the selected piece cannot reach
                self.sound.play("illegal")
            self.render()

    def play_human(self, move):
        self.acted()
        self.play(move)

    def play(self, move):
        state = self.record.current
        mover = state.to_move
        path, _ = state.move_input(move)
        text = self.record.play(move)
        if self.sound.audible:          # which sound compares both positions' pieces: only when it plays
            self.sound.play(kind_of(state, self.record.current, mover, self.seats),
                            vibrate=self.seats[mover] == "computer")
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
        if self._record is None or not 0 <= ply <= len(self._record.moves) or ply == self._record.cursor:
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
        while k > 0 and not self.humans_turn(k):
            k -= 1
        self.step_to(max(k, 0))

    def redo(self):
        """Forward to the next position where a human is to move, or the end: Undo's mirror, so
        Redo after Undo returns exactly where the player was (never to the computer's turn)."""
        rec = self.record
        k = rec.cursor + 1
        while k < len(rec.moves) and not self.humans_turn(k):
            k += 1
        self.step_to(min(k, len(rec.moves)))

    def humans_turn(self, ply) -> bool:
        """Whether a human is to move at `ply` (with no human seat, every ply counts)."""
        state = self.record.states[ply]
        return "human" not in self.seats or (state.result is None and self.seats[state.to_move] == "human")

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
        self.acted()        # a link's game with a seat changed is the player's game now
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
            self.notify(self.tr("ui.link_copied"))
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

    def on_rules_click(self, event):
        """An example link on the rules page: remember its caption, so the board shows it, with
        the way back to the rules and to the player's game."""
        a = event.target.closest("a.example") if event.target else None
        if not a:
            return
        event.preventDefault()
        frag = str(a.getAttribute("href") or "").lstrip("#")
        words = a.cloneNode(True)
        for picture in words.querySelectorAll("svg"):      # the example's drawing: its text is the board's labels
            picture.remove()
        self.pending_example = (frag, " ".join(str(words.textContent).split()))
        if str(window.location.hash).lstrip("#") == frag:
            self.route("#" + frag)
        else:
            window.location.hash = frag          # route() runs on hashchange (the embed's too)

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
