"""The page (MicroPython on the main thread): routing, storage and My games, the message bars, the
rules page, the language, the computer's turn loop and the analysis, all through the engine
worker (engine.py), which holds the game. Every change is one request whose answer is a full
snapshot of what the page shows (`apply` draws it, keeps its link in the address and its save in
storage); the page itself keeps no rule of any game. The board (board.py) selects locally and
reports a move's text; the side panel is drawn by panels.py, the new-game dialog by dialog.py."""
import asyncio
import json
import time

import js
from pyscript import document
from pyscript.ffi import create_proxy, to_js

from spielkiste_page import board, mygames, panels, rooms, texts
from spielkiste_page.dialog import NewGameDialog, default_seats
from spielkiste_page.dom import (NEAREST, Storage, download, el, hold_lock, is_null, keep, make, next_task, on,
                                 page_url, replace_state, when_free, window)
from spielkiste_page.editor import EditorPage
from spielkiste_page.review import ReviewPanel
from spielkiste_page.room import BOARD_KEYS, query_words
from spielkiste_page.embed import Embedding
from spielkiste_page.engine import CALL_TIMEOUT, Engine, EngineCut, EngineError, EngineGone, EngineRefused
from spielkiste_page.share import Share
from spielkiste_page.menu import ToolsMenu
from spielkiste_page.sound import Sound
from spielkiste_page.theme import Theme
from spielkiste_page.turn import Turn
from spielkiste_page.worker import Worker, clock

NOTICE_SECONDS = 5       # a notice without a button goes away by itself
OFFER_SECONDS = 20       # and an offer (notify(offer=True)) after this long, or at the player's next move
SLICE = 0.12             # seconds of search per think request: the worker answers within it
COMPUTER_LOCK = "spielkiste.computer."    # + a kept game's uid: held by the tab whose computer thinks in it
OTHER_TAB_GRACE_MS = 1500   # after that tab's search ends, its move has this long to arrive here
SLICE_TIMEOUT = 10.0     # a slice unanswered this long: the worker hangs or is gone (a player waits no longer)
ANALYSIS_SECONDS = 3.0   # the evaluation bar's search of a human's position
# requests that replace the position shown: the computer's search of the old one ends first
REPLACES = ("open", "load", "new", "again", "goto", "undo", "redo", "takeback")
_tasks: list = []        # running tasks, kept until they end


def spawn(coro):
    """Run a coroutine beside the page's handlers (MicroPython has no asyncio.ensure_future)."""
    task = asyncio.create_task(coro)
    _tasks.append(task)
    if len(_tasks) > 64:
        _tasks[:] = [t for t in _tasks if not t.done()]
    return task


def game_of(frag: str) -> str:
    return frag.split("?")[0].strip().lower()


def show_bar(bar, text, action_label, action, lang):
    """Fill and show the message or notice bar (its text, and a button when there is an action);
    returns the action, which the bar's one listener calls. The text and label are plain texts or
    texts.Said, which set_lang says again in the new language."""
    el(bar + "-text").textContent = texts.said(text, lang)
    btn = el(bar + "-action")
    btn.hidden = action is None
    if action is not None:
        btn.textContent = texts.said(action_label, lang)
    el(bar).hidden = False
    return action


def example_words(a) -> str:
    """An example link's caption: its words, without its drawing (whose text is the board's labels)."""
    words = a.cloneNode(True)
    for picture in words.querySelectorAll("svg"):
        picture.remove()
    return " ".join(str(words.textContent).split())


def now() -> int:
    """Milliseconds since the epoch (time.time: a JS number this large reaches MicroPython cut
    to 32 bits, so Date.now() cannot be used, nor can such an int be handed to JS)."""
    return int(time.time() * 1000)


def new_uid() -> str:
    """A kept game's id: the time and a random part, so two tabs never pick the same."""
    return "%x%06x" % (now(), int(js.Math.random() * 0xFFFFFF))


def test_patience() -> float:
    """The engine's time-outs' factor: 1, unless a browser test of faults set window.spielkistePatience
    (a number in [0.1, 1]) before the page started, so that a worker it kills is given up in seconds."""
    value = getattr(window, "spielkistePatience", None)
    if value is None or is_null(value):
        return 1.0
    try:
        return min(1.0, max(0.1, float(value)))
    except (TypeError, ValueError):
        return 1.0


class App:
    def __init__(self, data: dict):
        self.data = data                    # page_data.json: texts, games, levels, default game
        texts.load(data["texts"])
        self.meta = {g["id"]: g for g in data["games"]}
        self.embed = bool(js.URLSearchParams.new(window.location.search).has("embed"))
        self.storage = Storage(use=not self.embed)      # an embed reads and writes no storage
        nav = str(window.navigator.language).lower()
        self.lang = self.storage.get("spielkiste.lang") or ("de" if nav.startswith("de") else "en")
        if self.lang not in texts.LANGS:
            self.lang = "en"
        # the snapshot shown: None only until the first answer; every reader of snap["..."] runs after it
        self.snap: dict = None  # type: ignore[assignment]
        self.level = int(data["levels"].get("default", 2))     # a first game's level; then the game's
        self.games = mygames.GameList(self.storage, now, new_uid)
        self.uid = None            # the kept game shown (None: not kept yet)
        self.known = None          # its stored text as this tab last read or wrote it
        self.saved = None          # the save text last written for it
        self.transient = False     # opened from a link or an example: kept once the player acts
        self.back = None           # the player's game a link or example took the place of
        self.example = None        # the caption of the rules example shown
        self.example_frag = ""     # and its link, by which a language switch finds its caption again
        self.pending_example: tuple | None = None    # (fragment, caption) of a clicked example
        self.routing = 0               # routes on their way (the address changed)
        self.pending = 0               # inputs whose answers are on their way (body[data-pending])
        self.pending_route = False     # an example link's route counts as pending until it is drawn
        self.notice_timer = None
        self.offer_shown = False   # the notice bar shows an offer (notify)
        self.hide_notice_later = keep(create_proxy(lambda *a: self.hide_notice()))
        self.actions: dict = {}    # bar id -> what its button does (show_message, notify)
        self.shown: dict = {}      # bar id -> (text, button label) it shows: plain or texts.Said
        self.may_save = True
        self.view_only = False     # a read-only diagram (embed.py): nothing is played on it
        self.turn = Turn()         # a human's move on its way, the computer's search, or its failure (turn.py)
        self.adopted = None        # the link of a position taken from another tab, which plays its computer turn
        self.ai_shown = ""         # body[data-ai]: the engine's state as the page shows it
        self.eval_on = False
        self.eval_percent: int | None = None   # the eval side's winning chance in the position shown, once searched
        self.engine = Engine(Worker, restore=self.restore, on_state=self.engine_state, defaults=self.defaults,
                             on_refused=self.set_aside, clock=clock, patience=test_patience())
        self.engine.on_slow = self.engine_slow
        self.board = board.Board(self)
        self.board.on_move = self.play
        self.embedding = Embedding(self)    # ?embed options and the postMessage API (embed.py)
        self.share = Share(self)            # share sheet, "Send your move", pictures (share.py)
        self.editor = EditorPage(self)      # the board editor and studies (editor.py)
        self.dialog = NewGameDialog(self)
        self.sound = Sound(self.storage, self.embed, self.embedding.options.sound)
        self.theme = Theme(self)            # light or dark (theme.py)
        self.room = None                    # the room shown instead of the game (room.py), if any
        self.remembered: tuple | None = None   # what remember() last wrote for boot.js (game, link, rev, texts)
        self.rooms = [cls(self) for cls in rooms.ROOMS]
        self.review = ReviewPanel(self)     # the game review beside the game (review.py)

    def spawn(self, coro):
        return spawn(coro)

    # ------------------------------------------------------------------ start-up
    async def start(self):
        el("lang").value = self.lang
        self.translate_static()
        self.sound.draw_switch()
        panels.chooser(self)
        await next_task()
        panels.wire(self)
        self.wire()
        self.engine.boot()
        self.press_early_button()
        await self.embedding.route(str(window.location.hash), True)
        if self.snap is None:
            return                 # no engine at all: boot.js's board and its message stay
        self.replay_clicks()       # clicks made on the board boot.js painted before Python was ready
        if not self.storage.available and not self.embed:      # an embed never saves: nothing to say
            self.show_message(texts.Said("ui.no_storage"))
        document.body.dataset.ready = "1"
        if not self.embed:
            await self.migrate()

    def wire(self):
        on(window, "hashchange", self.on_hashchange)
        on(window, "storage", self.on_storage)
        on(el("rules-text"), "click", self.on_rules_click)
        on(el("ex-rules"), "click", lambda e: self.spawn_action(self.show_rules(True)))
        on(el("ex-game"), "click", lambda e: self.spawn_action(self.back_to_game()))
        on(el("notice-close"), "click", lambda e: self.hide_notice())
        on(el("notice-action"), "click", lambda e: self.bar_action("notice"))
        on(el("message-action"), "click", lambda e: self.bar_action("message"))
        on(el("message-close"), "click", lambda e: self.hide_message())
        on(el("mygames-box"), "toggle", lambda e: self.toggle_mygames())
        on(el("mygames"), "click", self.on_mygames_click)
        on(el("mygames-export"), "click", lambda e: self.export_games())
        on(el("lang"), "change", lambda e: self.spawn_action(self.set_lang(str(e.target.value))))
        on(el("btn-new"), "click", lambda e: self.new_game())
        on(el("result-new"), "click", lambda e: self.new_game())
        on(el("btn-undo"), "click", lambda e: self.undo())
        on(el("btn-redo"), "click", lambda e: self.redo())
        on(el("btn-takeback"), "click", lambda e: self.take_back())
        on(el("btn-computer-here"), "click", lambda e: self.computer_here())
        on(el("btn-first"), "click", lambda e: self.step_to(0))
        on(el("btn-last"), "click", lambda e: self.step_to(self.snap["moves_n"] if self.snap else 0))
        on(el("btn-rotate"), "click", lambda e: self.spawn_act({"op": "set", "rotation": "next"}))
        on(el("btn-link"), "click", lambda e: spawn(self.share.link()))    # or the share sheet
        self.tools_menu = ToolsMenu()
        on(el("btn-stop"), "click", lambda e: self.request_stop())
        on(el("stuck-human"), "click", lambda e: self.stuck_seat_human())
        on(el("stuck-new"), "click", lambda e: self.new_game())
        on(el("stuck-games"), "click", lambda e: self.open_mygames())
        on(el("btn-hint"), "click", lambda e: self.hint())
        on(el("eval-toggle"), "change", lambda e: self.toggle_eval(bool(e.target.checked)))
        on(el("btn-games"), "click", lambda e: self.show_chooser())
        on(el("btn-rules"), "click", lambda e: self.spawn_action(self.show_rules(True)))
        on(el("btn-keys"), "click", lambda e: el("keys").showModal())
        on(el("keys-close"), "click", lambda e: el("keys").close())
        on(el("rules-close"), "click", lambda e: self.hide_rules(True))
        on(el("btn-sound"), "click", lambda e: self.sound.toggle())
        on(document, "pointerdown", self.sound.touch)
        on(document, "keydown", self.sound.touch)
        on(el("home"), "click", self.on_home)
        on(el("again"), "click", lambda e: self.spawn_action(self.play_again(False)))
        on(el("switch"), "click", lambda e: self.spawn_action(self.play_again(True)))

    # ------------------------------------------------------------------ the engine
    def defaults(self) -> dict:
        """What every request carries: the page's language, so every text comes back in it."""
        return {"lang": self.lang}

    def restore(self) -> list:
        """The requests a replacement worker gets before the one that failed: the game shown, the
        room open and the review under way."""
        if self.snap is None:
            return []
        aids = [a[0] for a in self.snap.get("aids", []) if a[2]]
        room: list = self.room.restore() if self.room is not None else []
        return ([{"op": "load", "save": self.snap["save"], "rev": self.snap["rev"]}, {"op": "set", "aids": aids}]
                + room + self.review.restore())

    def engine_state(self, state: str) -> None:
        """body[data-ai] says whether a worker answers ("busy" is "ready" with a request on its
        way); a restart and a lost engine are said in the message bar."""
        shown = "ready" if state == "busy" else state
        if shown == self.ai_shown:
            return
        self.ai_shown = shown
        document.body.dataset.ai = shown
        if state == "restarting":
            self.show_message(texts.Said("ui.ai_lost"))
        elif shown == "ready" and self.slow_said():
            self.hide_message()            # the slow start has ended
        elif state == "lost":
            self.cancel_ai()
            self.engine_lost()

    def engine_slow(self):
        """A worker's start takes long (engine.boot_times): said, with a reload as the way out
        (the game is kept; an embed's reload reopens its address)."""
        said = texts.Said("ui.ai_slow_embed" if self.embed else "ui.ai_slow")
        self.show_message(said, texts.Said("ui.reload"), lambda: window.location.reload())

    def slow_said(self):
        text = self.shown.get("message", (None, None))[0]
        return (not el("message").hidden and isinstance(text, texts.Said)
                and text.key in ("ui.ai_slow", "ui.ai_slow_embed"))

    def engine_lost(self):
        """No engine can be had: said, with the one way on (a reload, which keeps the game; an embed
        keeps nothing, its reload reopens the position its address holds)."""
        said = texts.Said("ui.ai_failed_embed" if self.embed else "ui.ai_failed")
        self.show_message(said, texts.Said("ui.reload"), lambda: window.location.reload())

    def set_aside(self, msg: dict) -> None:
        """A request that stopped two workers is sent no more (engine.py): the part it came from
        is set aside (a room is left for the game) and the game goes on."""
        if self.room is not None and msg in self.room.restore():
            self.room.close()
        self.show_message(texts.Said("ui.ai_set_aside"))

    async def request(self, msg: dict, timeout: float = CALL_TIMEOUT) -> dict:
        """A request to the worker; one that replaces the position ends the computer's search first."""
        if msg.get("op") in REPLACES:
            self.cancel_ai()
        try:
            return await self.engine.request(msg, timeout)
        except EngineRefused:
            self.set_aside(msg)
            raise

    async def act(self, msg):
        """A request that changes the game, its snapshot drawn; an error is said in the message
        bar and the game stays as it was. Returns the answer (None after an error, or for no
        request: `msg` None)."""
        if msg is None:
            return None
        answer = await self.ask(msg)
        if answer is not None:
            self.apply(answer.get("snapshot", answer))
        return answer

    async def ask(self, msg):
        """A request whose error is said in the message bar: the answer, or None after an error."""
        try:
            return await self.request(msg)
        except EngineError as e:
            self.show_message(e.text)
        except EngineRefused:       # said by request()
            pass
        except EngineGone:          # no engine any more: said again (the input hid the message)
            self.engine_lost()
        return None

    def spawn_action(self, coro):
        """What an input (a click, a key, a choice) does, as a task: body[data-pending] is "1" from
        the input's own handler until the coroutine has ended (its answer drawn, refused or
        failed): a click is a round trip now, and tests wait for the page to show its answer."""
        self.busy(1)
        return spawn(self._pending(coro))

    async def _pending(self, coro):
        try:
            return await coro
        finally:
            self.busy(-1)

    def spawn_act(self, msg):
        return self.spawn_action(self.act(msg))

    def busy(self, step):
        """Count an input's request in (1) or out (-1): body[data-pending] while any is open."""
        self.pending += step
        document.body.dataset.pending = "1" if self.pending > 0 else "0"

    # ------------------------------------------------------------------ text
    def tr(self, key, **args):
        return texts.t(key, self.lang, **args)

    def translate_static(self):
        document.documentElement.lang = self.lang
        for e in document.querySelectorAll("[data-t]"):
            e.textContent = self.tr(e.dataset.t)
        for e in document.querySelectorAll("[data-tt]"):
            e.title = self.tr(e.dataset.tt)
            e.setAttribute("aria-label", self.tr(e.dataset.tt))

    async def set_lang(self, lang):
        self.lang = lang if lang in texts.LANGS else "en"
        self.storage.set("spielkiste.lang", self.lang)
        self.announce("")          # the last announcement was in the other language
        el("tool-result").textContent = ""      # a hint's or tool's answer, in the other language
        self.translate_static()
        self.say_bars_again()
        self.theme.draw()
        panels.chooser(self)
        if self.editor.active:
            self.editor.render()
        if self.room is not None:
            self.room.render()
        await self.act({"op": "set", "lang": self.lang})
        if not el("rules").hidden:
            await self.show_rules()
        if self.example is not None:
            await self.say_example_again()

    async def rules_html(self, gid):
        """The rules page of `gid` in the page's language (our own static file), "" if it is missing."""
        resp = await window.fetch("./rules/" + gid + "." + self.lang + ".html")
        return await resp.text() if resp.ok else ""

    async def say_example_again(self):
        """The example's caption in the new language: the same example (its link) on the rules page
        in that language."""
        holder = document.createElement("div")
        holder.innerHTML = await self.rules_html(self.shown_game())      # our own file, never a link's text
        for a in holder.querySelectorAll("a.example"):
            if str(a.getAttribute("href") or "").lstrip("#") == self.example_frag and self.example is not None:
                self.example = example_words(a)
                el("example-caption").textContent = self.example
                return

    # ------------------------------------------------------------------ routing
    def on_hashchange(self, event):
        """The fragment the address changed to: the event's, not location.hash, which a snapshot
        drawn meanwhile may have set back (history.replaceState)."""
        url = str(getattr(event, "newURL", "") or window.location.href)
        self.follow("#" + url.partition("#")[2])

    def follow(self, hash_text):
        """The address changed: route to it. Until its snapshot is drawn, window.spielkiste()
        answers "" (the game shown is about to change)."""
        self.routing += 1
        spawn(self._follow(hash_text))

    async def _follow(self, hash_text):
        try:
            await self.embedding.route(hash_text, False)
            if self.room is None and not self.embed and el("rules").hidden:
                # the game the address now names, in view: the page may have been scrolled to the rules,
                # the game list, or a bar that has gone since. Only when it is not: a scroll also moves the
                # keyboard's starting point (the next Tab) to the board
                wrap = el("board-wrap")
                box = wrap.getBoundingClientRect()
                if box.top < 0 or box.bottom > window.innerHeight:
                    wrap.scrollIntoView(NEAREST)
        finally:
            self.routing -= 1
            if self.pending_route:
                self.pending_route = False
                self.busy(-1)

    def shown_link(self) -> str:
        """The link of the game shown, "" while none is (or a route is on its way)."""
        return self.snap["link"] if self.snap is not None and not self.routing else ""

    async def route(self, hash_text, initial=False):
        """Open what the URL fragment names; with none, the last game played. A link never takes a
        kept game's place: it opens the kept game it shows or continues, or else a game of its own,
        kept once the player acts in it, with the way back to the player's game offered."""
        frag = hash_text.lstrip("#")
        if len(frag) > self.data["link_max"]:      # refused unread: splitting a megabyte stalls this thread
            await self.bad_link(self.tr("err.link", why=self.tr("link.long")), game_of(frag[:40]), initial)
            return
        pending, self.pending_example = self.pending_example, None
        example = pending[1] if pending is not None and pending[0] == frag else None
        self.hide_rules()
        self.editor.leave()
        shared = query_words(frag).get("review")
        if shared is not None:           # a link with its review ("Copy link with review"): the game, then it
            rest = [f for f in frag.partition("?")[2].split("&") if f.partition("=")[0] != "review"]
            await self.route("#" + frag.partition("?")[0] + ("?" + "&".join(rest) if rest else ""), initial)
            if self.snap is not None and self.room is None:
                await self.review.open_shared(shared)
            return
        room = next((r for r in self.rooms if r.opens(frag)), None)
        if room is not None:             # a link into a room (lessons, a puzzle, an analysis)
            if self.snap is None:        # the game behind it: the player's last one, kept as it is (an
                # embed keeps none: the link's own game, so the host's "ready" names the game it shows)
                await self.open_saved(game_of(frag) if self.embed else
                                      self.storage.get("spielkiste.last") or self.data["default"])
            await room.open_link(frag, initial)
            return
        left = self.room is not None     # the browser's Back out of a room: the board is the room's still
        if self.room is not None:
            self.room.leave()
        if not frag:
            if initial or self.snap is None:
                await self.open_saved(self.storage.get("spielkiste.last") or self.data["default"], start=initial)
            elif left:
                await self.act({"op": "snapshot"})
            return
        if self.snap is not None and frag == self.snap["link"] and example is None:
            if left:                     # the game again, drawn as the worker keeps it, with its link
                await self.act({"op": "snapshot"})
            return
        aside = False          # the kept game it names could not be read: set aside, the link's game kept instead
        if example is None:
            uid = (self.reloaded_uid(frag) if initial else None) or self.games.find(frag)
            if uid is not None:
                if await self.open_kept(uid, frag, aside="ui.saved_aside_link"):
                    return
                aside = True
        back = self.uid or self.games.current(game_of(frag))
        try:
            snap = await self.request({"op": "open", "link": frag})
        except EngineError as e:
            await self.bad_link(e.text, game_of(frag), initial)
            return
        except EngineGone:
            return
        bare = frag == snap["game"]         # a bare game link: a new game against the computer
        if not aside:
            self.hide_message()
        self.set_game(transient=not bare and not aside)
        self.example, self.example_frag = example, frag
        self.back = None if bare else back
        self.apply(snap)
        if example is not None:
            el("board-wrap").scrollIntoView()    # a phone shows the board, not where the rules were
        if self.back is not None and example is None:
            self.notify(texts.Said("ui.opened_link"), texts.Said("ui.back_to_game"),
                        lambda: self.spawn_action(self.back_to_game()))

    def reloaded_uid(self, frag):
        """The kept game this tab showed before a reload (history.state survives it), if the
        fragment still names its game (or its entry cannot be read: open_kept sets it aside):
        then the kept game's latest state opens, not the URL's."""
        state = window.history.state
        uid = str(getattr(state, "uid", "") or "") if state else ""
        raw = self.games.raw(uid) if uid else None
        got = mygames.read_entry(raw)
        if raw is not None and (got is None or got[0]["game"] == game_of(frag)):
            return uid
        return None

    async def open_kept(self, uid, frag=None, aside="ui.saved_aside", gid="") -> bool:
        """Show a kept game (of game `gid`, if known); a link that continues it (more moves) or
        views another of its moves is applied to it. False if no engine answers, or if the kept
        game cannot be read: then it is set aside (the text `aside` says so) and the caller shows
        another game. A link of another line (another tab took moves back and played others) is
        kept as a game of its own."""
        save = self.games.save_of(uid)
        snap = None
        if save is not None:
            msg = {"op": "load", "save": save}
            if frag is not None:
                msg["link"] = frag       # the worker shows it if it continues the kept game
            try:
                snap = await self.request(msg)
            except EngineError:          # the worker read it and refused it
                snap = None
            except EngineGone:           # no engine: nothing is known of the kept game
                return False
        if snap is None:
            self.set_aside_kept(uid, gid or game_of(frag or ""), aside)
            return False
        self.hide_message()
        self.set_game(uid=uid)
        self.apply(snap)
        other = snap.get("other_line")
        if isinstance(other, dict):
            self.keep_other_line(snap["game"], other)
        return True

    def set_aside_kept(self, uid, gid, said):
        """A kept game that cannot be read: a copy set aside (mygames.set_aside), its entry gone
        from My games, and `said`; when not even a copy can be written the entry stays as it was."""
        raw = self.games.raw(uid)
        if raw is None:                  # gone meanwhile (deleted in another tab): nothing to keep
            return
        got = mygames.read_entry(raw)
        if got is not None and got[0]["game"] in self.meta:
            gid = got[0]["game"]
        if mygames.set_aside(self.storage, gid if gid in self.meta else "game", raw, now()):
            self.games.delete(uid)
            self.show_message(texts.Said(said))
        else:
            self.show_message(texts.Said("ui.aside_failed"))
        if el("mygames-box").open:
            self.draw_mygames()

    def keep_other_line(self, gid, other):
        """The address showed moves the kept game no longer has: kept as a game of its own, never
        written over the other tab's moves, and said."""
        _, kept = self.games.put(None, str(other.get("save")), gid, int(other.get("moves") or 0),
                                 bool(other.get("over")), None)
        if self.uid is not None:         # the game shown stays the one this game id opens with
            self.games.set_current(gid, self.uid)
        self.notify(texts.Said("ui.other_tab_line" if kept.ok else "ui.other_tab_line_lost"))
        if el("mygames-box").open:
            self.draw_mygames()

    async def bad_link(self, why, gid, initial):
        """An unreadable link: say why, and show the player's game (of that game, if it names
        one), so a reload of the same address opens that game and nothing is overwritten."""
        if initial or self.snap is None or (gid in self.meta and gid != self.snap["game"]):
            await self.open_saved(gid if gid in self.meta else
                                  (self.storage.get("spielkiste.last") or self.data["default"]))
        else:
            self.update_hash()
        # an embed keeps no game of the visitor's: it says why only
        self.show_message(texts.sentence(why) if self.embed else self.tr("ui.link_bad_kept", why=texts.sentence(why)))

    async def open_saved(self, gid, start=False):
        """The game `gid` opens with (the one last played), or a new one; a kept game that cannot
        be read is set aside, never lost. With `start` (the page's first route) the new one is the
        game's start, not a random set-up: the board boot.js painted, so a tap on it is played."""
        gid = gid if gid in self.meta else self.data["default"]
        uid = self.games.current(gid)
        if uid is not None and await self.open_kept(uid, gid=gid):
            return
        n = self.meta[gid]["players"][0]
        ask = {"op": "open", "link": gid} if start else {"op": "new", "game": gid, "options": {}}
        ask.update({"level": self.level, "seats": default_seats(n)})
        try:
            snap = await self.request(ask)
        except (EngineError, EngineGone):
            return
        self.set_game()
        self.apply(snap)

    async def open_uid(self, uid):
        """A game from the list of kept games (or 'Back to your game')."""
        self.hide_rules()
        self.editor.leave()
        self.acted()
        if uid != self.uid:
            await self.open_kept(uid, aside="ui.saved_aside_only")
        el("board-wrap").scrollIntoView()

    async def back_to_game(self):
        self.hide_notice()
        if self.back is not None:
            await self.open_uid(self.back)
        elif self.snap is not None:
            await self.open_saved(self.snap["game"])

    def room_named(self, name):
        return next((r for r in self.rooms if r.name == name), None)

    def back_from_room(self):
        """A room was left by its own button: the game drawn as the worker keeps it (a request, so
        a language changed in the room shows), its link in the address; returns the task."""
        if self.snap is None:
            return self.spawn_act(None)
        replace_state(self.uid or "", "#" + self.snap["link"])
        return self.spawn_act({"op": "snapshot"})

    def set_game(self, uid=None, transient=False):
        """A game takes the board: `uid` names a kept one, `transient` one from a link, kept once
        the player acts; otherwise a new game, kept at its first save."""
        self.cancel_ai()
        self.uid = uid
        self.known = self.games.raw(uid) if uid is not None else None
        self.saved = self.games.save_of(uid) if uid is not None else None
        self.transient = transient
        self.example = None
        self.back = None
        el("link-box").hidden = True
        text, _ = self.shown.get("notice", ("", None))
        if isinstance(text, texts.Said) and text.key == "ui.opened_link" and not el("notice").hidden:
            self.hide_notice()           # its "Back to your game" would lead nowhere now

    async def start_game(self, msg):
        """A new game (the dialog, Play again): kept as a game of its own from its first save."""
        self.acted()
        try:
            snap = await self.request(msg)
        except EngineError as e:
            self.show_message(e.text)
            return False
        except EngineGone:
            return False
        self.set_game()
        self.apply(snap)
        return True

    async def play_again(self, switch):
        """The same game again (a new random set-up where the game has one); `switch` swaps the seats."""
        await self.start_game({"op": "again", "switch": switch})

    def new_game(self):
        """The new-game dialog for the game shown; before the engine's first snapshot (its start
        takes seconds on a first visit), for the game the address names: the dialog needs only the
        page's data, and its Start waits for the engine like any request (issue 54: the click was
        dropped)."""
        gid = self.snap["game"] if self.snap is not None else game_of(str(window.location.hash).lstrip("#"))
        self.dialog.open(gid if gid in self.meta else self.data["default"])

    # ------------------------------------------------------------------ drawing
    def human_to_move(self) -> bool:
        s = self.snap
        return s is not None and s["human"] and not self.turn.busy and not self.view_only

    def apply(self, snap):
        """Draw a snapshot (board, panels, address, save) and go on with the game: the computer's
        turn or the evaluation. A snapshot older than the one shown is dropped (False)."""
        if not isinstance(snap, dict) or snap.get("kind") != "snapshot":
            return False
        old = self.snap
        if old is not None and snap.get("rev", 0) < old.get("rev", 0):
            return False
        if old is None or old["link"] != snap["link"] or old["game"] != snap["game"]:
            self.eval_percent = None
            el("tool-result").textContent = ""
        self.snap = snap
        if self.adopted is not None and self.adopted != snap["link"]:
            self.adopted = None
        if self.adopted is None or not snap.get("computer"):
            self.show_waiting(False)
        self.level = snap.get("level", self.level)
        self.draw()
        self.save()
        self.maybe_think()
        if old is None or old["game"] != snap["game"]:
            for room in self.rooms:          # a room may greet a game seen first (learn.py offers its course)
                if hasattr(room, "first_sight"):
                    room.first_sight(snap["game"])
        return True

    def draw(self):
        snap = self.snap
        human = self.human_to_move()
        if not self.editor.active and self.room is None:
            config = {key: snap.get(key) for key in BOARD_KEYS}
            config["human"] = human
            config["view_only"] = self.view_only
            self.board.set(config)
        panels.draw(self, snap)    # the side panel, its buttons and the evaluation bar
        self.share.refresh()
        el("link-text").value = page_url(snap["link"])   # the link box, shown or not, holds the game on the board
        el("example-bar").hidden = self.example is None
        if self.example is not None:
            el("example-caption").textContent = self.example     # the rules' own words ("Example: ...")
            el("ex-game").hidden = self.back is None
        self.remember()

    def remember(self):
        """The board just drawn, for boot.js's next start: one entry per game, with the fragment it
        shows (boot.js uses it only for exactly that fragment). Only a resting board; never in an
        embedded page, which keeps nothing. A full storage just skips it."""
        if (self.embed or not self.storage.available or self.editor.active or self.room is not None
                or self.board.selected()):
            return
        snap = self.snap
        status, extra = str(el("status").textContent), str(el("status-extra").textContent)
        key = (snap["game"], snap["link"], snap.get("rev"), self.lang, status, extra)
        if key == self.remembered:       # drawn again unchanged (a panel, a refused move): not rewritten
            return
        self.remembered = key
        # the side panel's seats (build.py seat_row's shape), level menu, aids and tools, as boot.js draws them
        seats = [[r["colour"], r["name"], r["team"], r["kind"], r["to_move"],
                  self.tr("ui.seat", number=r["seat"] + 1)] for r in snap["seats"]]
        levels = [[k, self.tr("ui.level." + str(k))] for k in panels.offered_levels(self, snap["game"])]
        self.storage.set("spielkiste.svg." + snap["game"], json.dumps({
            "frag": snap["link"], "lang": self.lang, "svg": snap["svg"], "title": snap["title"],
            "goal": snap["goal"], "status": status, "extra": extra, "seats": seats, "levels": levels,
            "level": self.level, "aids": snap.get("aids") or [], "tools": snap.get("tools") or []}))

    def press_early_button(self):
        """The button pressed on boot.js's page before these handlers were there (New game, a game
        of the list), pressed again now that they are: boot.js kept the last one."""
        boot = getattr(window, "spielkisteBoot", None)
        pressed = str(boot.wired() or "") if boot else ""
        target = document.querySelector(pressed) if pressed else None
        if target:
            target.click()

    def replay_clicks(self):
        """The squares clicked on boot.js's board, in order, through the board's own click path;
        boot.js hands them over only if its board showed this very position."""
        boot = getattr(window, "spielkisteBoot", None)
        if not boot:
            return
        for cell in boot.take(self.snap["link"]):
            if self.human_to_move():
                self.board.click(str(cell))

    # ------------------------------------------------------------------ saving
    def update_hash(self):
        """The address shows the game (a link to it), and the history entry names the kept game,
        so a reload opens the kept game's latest state, even when another tab has moved on. While a
        room is shown the address is the room's (its link), kept as the room set it."""
        if self.room is not None:
            return
        frag = self.snap["link"]
        replace_state(self.uid or "", "#" + frag)
        el("embed-open").href = str(window.location.pathname) + "#" + frag    # the full app, at this game

    def save(self):
        """Keep the game shown (not in an embed, not a link's game the player has not acted in).
        Another tab's newer version of the same game is adopted, never overwritten."""
        self.update_hash()
        if self.embed or not self.may_save or not self.storage.available or self.transient:
            return
        snap = self.snap
        if self.uid is not None and snap["save"] == self.saved:
            return
        gid = snap["game"]
        if self.uid is None:
            self.games.drop_if_empty(self.games.current(gid))
        uid, kept = self.games.put(self.uid, snap["save"], gid, snap["moves_n"], bool(snap["over"]), self.known,
                                   snap.get("outcome"))
        if kept.conflict:
            spawn(self.adopt(uid, kept.text))
            return
        if not kept.ok:          # said after every move that could not be saved: the player must know
            self.show_message(texts.Said("ui.storage_full" if self.uid is not None else "ui.storage_full_new"))
            return
        self.known, self.saved = kept.text, snap["save"]
        if uid != self.uid:              # a new entry: the history entry names it from now on
            self.uid = uid
            self.update_hash()
        self.storage.set("spielkiste.last", gid)
        for meta in kept.dropped:
            self.show_message(self.tr("ui.mygames_dropped", game=self.tr("game." + meta.game),
                                      when=self.when(meta.changed)))
        if self.storage.get("spielkiste.persist") is None:     # once, after the first save that worked
            self.storage.set("spielkiste.persist", "asked")
            storage = getattr(window.navigator, "storage", None)
            if storage and getattr(storage, "persist", None):
                storage.persist()
        if el("mygames-box").open:
            self.draw_mygames()

    async def adopt(self, uid, text):
        """Another tab changed the game shown: show its version (this tab follows along)."""
        got = mygames.read_entry(text)
        mine = mygames.save_fields(self.snap["save"]) if self.snap else None
        if got is None:
            return
        theirs = mygames.save_fields(got[1])
        if theirs is not None and mine is not None and theirs[:3] == mine[:3]:
            self.known = text
            return
        try:
            snap = await self.request({"op": "load", "save": got[1]})
        except (EngineError, EngineGone):       # another tab wrote something unreadable: keep ours
            return
        if self.games.raw(uid) != text:         # a newer version came meanwhile: its own adopt shows it
            return
        self.set_game(uid=uid)
        self.known, self.saved = text, snap["save"]
        self.adopted = snap["link"]
        self.apply(snap)
        self.notify(texts.Said("ui.other_tab"))

    def on_storage(self, event):
        """A `storage` event: another tab of this site wrote. Follow it if it is the game shown; My
        games, if shown (open, or its count in the summary), lists what the other tab kept."""
        key = getattr(event, "key", None)
        if (not key or str(key).startswith(mygames.ENTRY)) and (el("mygames-box").open
                                                                or str(el("mygames-count").textContent)):
            self.draw_mygames()
        if self.uid is None or not key or str(key) != mygames.ENTRY + self.uid:
            return
        value = getattr(event, "newValue", None)
        if value and str(value) != self.known:
            spawn(self.adopt(self.uid, str(value)))

    async def report_memory(self):
        """The worker's memory figures (session.py's `memory`) into window.spielkisteMemory."""
        try:
            answer = await self.request({"op": "memory"})
        except (EngineError, EngineGone) as e:
            answer = {"error": str(e)}
        window.spielkisteMemory = json.dumps(answer)

    def keep_beside(self, prefix, text):
        """Text kept beside the saved game shown (its review, its analysis) as prefix + its uid. A
        game from a link becomes one of the player's games by it, as by any other action; texts of
        games no longer kept go. Never in an embed, nor without storage."""
        if not text or self.embed or not self.storage.available:
            return
        if self.uid is None:
            self.acted()
            self.save()
        if self.uid is None:
            return
        had = self.storage.get(prefix + self.uid)
        if had == text:
            return
        self.storage.set(prefix + self.uid, text)
        if had is not None:          # the game's text changed: the orphans went when it was first kept
            return
        for key in self.storage.keys():
            if key.startswith(prefix) and self.storage.get(mygames.ENTRY + key[len(prefix):]) is None:
                self.storage.remove(key)

    def kept_beside(self, prefix):
        """What keep_beside kept for the game shown, or None."""
        if self.uid is None or not self.storage.available:
            return None
        return self.storage.get(prefix + self.uid)

    def acted(self):
        """The player did something: from now on the current game may be saved, and a game
        opened from a link becomes one of the player's games."""
        self.may_save = True
        self.transient = False
        self.hide_message()

    async def migrate(self):
        """Saves of before the list of games become entries; one the worker cannot read is set
        aside, never dropped."""
        old = self.games.old_saves(list(self.meta))
        if not old:
            return
        try:
            answer = await self.request({"op": "check", "entries": old})
        except (EngineError, EngineGone):
            return
        ok = answer.get("ok") or {}
        aside = False
        for gid, text in old.items():
            link = ok.get(gid)
            if self.games.migrated(gid, text, link) and link is None:
                aside = True
        if aside:
            self.show_message(texts.Said("ui.saved_aside"))

    # ------------------------------------------------------------------ messages
    def show_message(self, text, action_label=None, action=None):
        """An error or warning, in the alert bar, until the player acts or closes it."""
        self.shown["message"] = (text, action_label)
        self.actions["message"] = show_bar("message", text, action_label, action, self.lang)

    def hide_message(self):
        el("message").hidden = True

    def notify(self, text, action_label=None, action=None, offer=False):
        """A neutral notice (not an error): with a button it stays until used or closed, without
        one it goes away after a few seconds. An offer (a course to a newcomer) goes after a while
        too, or at the player's next move: it must not sit over the controls of a game being played."""
        self.shown["notice"] = (text, action_label)
        self.actions["notice"] = show_bar("notice", text, action_label, action, self.lang)
        self.offer_shown = offer
        if self.notice_timer is not None:
            js.clearTimeout(self.notice_timer)
        seconds = NOTICE_SECONDS if action is None else OFFER_SECONDS if offer else None
        self.notice_timer = js.setTimeout(self.hide_notice_later, seconds * 1000) if seconds else None

    def hide_notice(self):
        el("notice").hidden = True
        self.offer_shown = False

    def say_bars_again(self):
        """After a language switch: a bar showing a text of the table says it in the new language; one
        showing a text the worker made in the old one (an error's reason) is closed."""
        for bar in ("message", "notice"):
            text, label = self.shown.get(bar, ("", None))
            if el(bar).hidden:
                continue
            if isinstance(text, texts.Said) and (label is None or isinstance(label, texts.Said)):
                el(bar + "-text").textContent = text.text(self.lang)
                if label is not None:
                    el(bar + "-action").textContent = label.text(self.lang)
            else:
                el(bar).hidden = True

    def bar_action(self, bar):
        """The button of the message or notice bar: what the last text shown there offered. A notice
        goes once its offer is taken (a study's Undo left "... was deleted. [Undo]" standing)."""
        action = self.actions.get(bar)
        if bar == "notice":
            self.hide_notice()
        if action is not None:
            action()

    def announce(self, text):
        """Read out by screen readers (a polite live region)."""
        el("announce").textContent = text

    # ------------------------------------------------------------------ moves
    def play(self, move):
        """A human's move (the board's on_move, a choice button): played if still on offer."""
        if self.room is not None:
            return self.room.on_move(move)
        if not self.human_to_move():
            if self.snap is not None:
                self.draw()           # the board, waiting for this move's answer, takes moves again
            return
        self.acted()
        if self.offer_shown:
            self.hide_notice()
        self.cancel_analysis()
        self.turn.play()
        self.busy(1)              # said at once, in the click's own handler
        return spawn(self.send_move(move))

    async def send_move(self, move):
        """The move goes to the worker (body[data-pending] says so until its snapshot is drawn)."""
        try:
            answer = await self.request({"op": "play", "move": move, "ply": self.snap["ply"]})
        except EngineError as e:
            answer = None
            self.show_message(e.text)
        except EngineGone:
            answer = None
        self.turn.played()
        try:
            if answer is None:
                self.draw()           # the board takes moves again
            else:
                if not self.apply(answer):
                    self.draw()
                elif not answer.get("stale"):
                    self.moved(answer)
        finally:
            self.busy(-1)

    def moved(self, answer):
        """A move was played: its sound, its words for screen readers, the host page's event."""
        for event in answer.get("events") or []:
            if event.get("type") != "moved":
                continue
            if event.get("sound"):
                self.sound.play(event["sound"], vibrate=bool(event.get("vibrate")))
            if event.get("announce"):
                self.announce(event["announce"])
            self.embedding.moved(event)

    # The buttons' and keys' calls below return a Task (embed.py may await it).
    def step_to(self, ply):
        if self.room is not None:
            return self.room.step("to", ply)
        snap = self.snap
        if snap is None or self.editor.active or not 0 <= ply <= snap["moves_n"] or ply == snap["ply"]:
            return self.spawn_act(None)
        self.acted()
        return self.spawn_act({"op": "goto", "ply": ply})

    def undo(self):
        """Back to the last position where a human was to move (a takeback against the computer)."""
        if self.room is not None:
            return self.room.step("back")
        if self.snap is None or self.snap["ply"] == 0:
            return self.spawn_act(None)
        self.acted()
        return self.spawn_act({"op": "undo"})

    def take_back(self):
        """"Take back" (issue 54; "‹" only browses): the last moves are cut, back to the player's
        turn, both plies against the computer (session.op_takeback); the computer's search ends
        first (REPLACES), and the shorter game is the kept one."""
        if self.room is not None or self.snap is None or not self.snap["can"].get("takeback"):
            return self.spawn_act(None)
        self.acted()
        return self.spawn_act({"op": "takeback"})

    def computer_here(self):
        """"Play against the computer from here": a link's game (every seat human) gets the computer
        back for the side not to move, at the level set; the game is the player's own from now."""
        if self.room is not None or self.snap is None or not self.snap["can"].get("computer_here"):
            return self.spawn_act(None)
        self.acted()
        return self.spawn_act({"op": "computer_here"})

    def redo(self):
        """Forward to the next position where a human is to move, or the end."""
        if self.room is not None:
            return self.room.step("forward")
        if self.snap is None or self.snap["at_end"]:
            return self.spawn_act(None)
        self.acted()
        return self.spawn_act({"op": "redo"})

    def seats(self) -> list:
        """Who plays each seat, in seat order, as the snapshot shows."""
        rows = sorted(self.snap["seats"], key=lambda s: s["seat"])
        return [s["kind"] for s in rows]

    def set_seat(self, seat, kind):
        """A seat's menu: "human", "computer" (at the level in play) or "computer.<level>": the
        computer at another level, for every computer seat (one level for all), between moves or
        during its search (the worker reads it at each slice); the save and the next new game keep it."""
        kind, _, level = kind.partition(".")
        digits = level[1:] if level.startswith("-") else level
        if level and not (digits and all(c in "0123456789" for c in digits)):   # not a menu's value: shown back
            panels.forget("seats")
            panels.seats(self, self.snap["seats"])
            return self.spawn_act(None)
        self.acted()        # a link's game with a seat changed is the player's game now
        seats = self.seats()
        seats[seat] = kind
        to_move = [s["seat"] for s in self.snap["seats"] if s.get("to_move")]
        if kind == "human" and to_move and to_move[0] == seat:
            self.cancel_ai()             # its search (hanging or failed, maybe) ends: the seat is the player's
        return self.spawn_action(self._set_seats(seats, int(level) if level else None))

    async def _set_seats(self, seats, level=None):
        ask = {"op": "set", "seats": seats}
        if level is not None:
            ask["level"] = level
        if await self.act(ask) is None and self.snap is not None:
            panels.forget("seats")          # refused: the menus show again who plays each seat
            panels.seats(self, self.snap["seats"])

    def toggle_aid(self, aid, on_):
        aids = [a[0] for a in self.snap.get("aids", []) if a[2] and a[0] != aid]
        if on_:
            aids.append(aid)
        return self.spawn_action(self._set_aids(aids))

    async def _set_aids(self, aids):
        """The aids set; a threat the warning now shows is read out too (a screen reader does not
        watch the status line)."""
        answer = await self.act({"op": "set", "aids": aids})
        threat = (answer or {}).get("threat")
        if threat and "threat" in aids:
            self.announce(threat)

    def choose_game(self, gid):
        self.hide_rules()
        self.acted()
        return self.spawn_action(self._choose(gid))

    async def _choose(self, gid):
        if self.room is not None:        # a game chosen while a room is shown: the room is left for it
            self.room.leave()
            if self.snap is not None and self.snap["game"] == gid:
                await self.act({"op": "snapshot"})
        if self.snap is None or self.snap["game"] != gid:
            await self.open_saved(gid)
        el("board-wrap").scrollIntoView()

    # ------------------------------------------------------------------ the computer
    def cancel_ai(self):
        """The computer's search (or its failed turn) ends unheard: another position, its seat made
        human, a room, a lost engine. A slice that hangs is given up (engine.hurry), so the request
        that follows is not held up by it."""
        if self.turn.cancel():
            self.thinking_done()
        el("stuck").hidden = True
        self.engine.hurry()

    def cancel_analysis(self):
        """Ends a hint's or the evaluation's search (the computer's own turn goes on)."""
        if not self.turn.thinking:
            self.turn.other_search()
            self.engine.hurry()

    def request_stop(self):
        """"Move now": the next slice asks for the move; a slice that hangs is given up and the best
        move so far is played (search)."""
        if self.turn.stop():
            self.engine.hurry()

    def turn_failed(self, token, lost):
        """The computer's search was set aside (or the engine is lost): no search runs, and the
        page says so with the ways out, each one tap: its seat made human, a new game, My games.
        A lost engine leaves only a reload (engine_lost)."""
        if not self.turn.fail(token):
            return
        self.thinking_done()
        if lost:
            self.engine_lost()
        else:
            el("stuck").hidden = False
        self.draw()

    def stuck_seat_human(self):
        """The stuck panel's first way out: the player takes the seat to move."""
        to_move = [s["seat"] for s in self.snap["seats"] if s.get("to_move")] if self.snap else []
        if to_move:
            return self.set_seat(to_move[0], "human")
        return self.spawn_act(None)

    def open_mygames(self):
        """The stuck panel's way to My games: the list opened and in view."""
        box = el("mygames-box")
        box.open = True
        self.draw_mygames()
        box.scrollIntoView()

    def maybe_think(self):
        snap = self.snap
        if snap is None or self.editor.active or self.room is not None or self.view_only:
            return
        if snap.get("computer"):
            if self.adopted == snap["link"] and self.uid is not None:
                # another tab's position: that tab plays the computer's move, which arrives here as
                # its next version (two tabs searching at once would play two different moves). Once
                # that tab's search ends (or the tab is closed), this tab plays it if nothing came.
                link = snap["link"]
                self.show_waiting(True)
                when_free(COMPUTER_LOCK + self.uid,
                          lambda: js.setTimeout(lambda: self.think_after_all(link), OTHER_TAB_GRACE_MS))
            else:
                token = self.turn.begin(snap["link"])
                if token is not None:
                    spawn(self.think(token))
        elif snap.get("human") and self.eval_on:
            spawn(self.analyse())

    def think_after_all(self, link):
        if self.adopted == link and self.snap is not None and self.snap["link"] == link and not self.turn.thinking:
            self.adopted = None
            self.show_waiting(False)
            self.maybe_think()

    def show_waiting(self, on):
        """The thinking row while another tab's computer moves in this game (this tab searches nothing)."""
        if on:
            el("thinking-text").textContent = self.tr("ui.other_tab_thinking")
        if on or not self.turn.thinking:
            el("thinking").hidden = not on
            el("btn-stop").hidden = on           # "Move now" is for a search in this tab

    def progress(self, info):
        """The search's figures while it runs, and the evaluation bar from them."""
        if self.turn.thinking and info.get("text"):
            el("thinking-text").textContent = info["text"]
        if info.get("chance") is not None:      # None: the bar keeps what it showed (three sides or more)
            self.eval_percent = int(round(float(info["chance"])))
            panels.eval_bar(self, self.snap)

    async def search(self, op, budget, token):
        """Search the position shown in slices until the worker says it is done; each slice's
        figures are shown. The last answer, or None when the search was cancelled. After "Move now"
        a slice that hangs is given up (EngineCut): the best move so far is the answer, or, before
        any, the replacement worker is asked for its move at once."""
        ply = self.snap["ply"]
        while self.turn.current(token):
            msg = {"op": op, "seconds": SLICE, "ply": ply}
            if budget is not None:          # seconds; None: the level's iterations, however long they take
                msg["budget"] = budget
            if self.turn.stopping:
                msg["stop"] = True
            try:
                answer = await self.engine.request(msg, SLICE_TIMEOUT, cuttable=True)
            except EngineCut:
                if self.turn.current(token) and self.turn.best is not None:
                    return {"done": True, "move": self.turn.best}
                continue
            if not self.turn.current(token):
                return None
            info = answer.get("info") or {}
            self.turn.progress(token, info.get("move"))
            self.progress(info)
            if answer.get("done"):
                return answer
        return None

    async def think(self, token):
        """The computer's turn (`token`: its search, turn.begin): search, then play its move. A kept
        game's lock is held meanwhile, so another tab showing the game waits for this move instead
        of searching too."""
        release = hold_lock(COMPUTER_LOCK + self.uid) if self.uid is not None else None
        try:
            await self._think(token)
        finally:
            if release is not None:
                release()

    async def _think(self, token):
        el("thinking-text").textContent = "" if self.engine.ready else self.tr("ui.ai_loading")
        el("thinking").hidden = False
        el("btn-stop").hidden = False
        el("stuck").hidden = True
        document.body.dataset.thinking = "1"
        self.draw()
        ply = self.snap["ply"]
        try:
            answer = await self.search("think", None, token)
        except EngineRefused:           # the search stopped two workers: set aside, the ways out shown
            self.turn_failed(token, False)
            return
        except EngineGone:
            self.turn_failed(token, True)
            return
        except EngineError as e:        # the worker could not search here: said, with the ways out
            self.turn_failed(token, False)
            self.show_message(e.text)
            return
        if answer is None or not self.turn.searched(token):
            return
        # the thinking row and body[data-thinking] stay on until the move is on the board: between the
        # moves of a Sprung bonus chain they had dropped to 0 while the status still said "thinking"
        if not answer.get("move"):
            self.thinking_done()
            self.draw()
            return
        try:
            played = await self.request({"op": "play", "move": answer["move"], "ply": ply})
        except (EngineError, EngineGone):
            self.thinking_done()
            if self.snap is not None:
                self.draw()
            return
        self.apply(played.get("snapshot", played))     # the computer's next move of a bonus chain begins here
        if not self.turn.thinking:
            self.thinking_done()
        self.moved(played)

    def thinking_done(self):
        """The computer's turn is over (played, set aside or cancelled): its thinking row goes."""
        el("thinking").hidden = True
        document.body.dataset.thinking = "0"

    def hint(self):
        return spawn(self._hint())

    async def _hint(self):
        """The computer's best move at the current level, marked on the board, not played."""
        snap = self.snap
        if not self.human_to_move() or snap.get("solo"):
            return
        token = self.turn.other_search()
        out = el("tool-result")
        out.textContent = self.tr("ui.tool_running")
        try:
            answer = await self.search("hint", None, token)
        except EngineRefused:
            out.textContent = self.tr("ui.ai_set_aside")
            return
        except (EngineError, EngineGone):
            out.textContent = self.tr("ui.ai_lost")
            return
        if answer is None:
            return
        if answer.get("snapshot"):
            self.apply(answer["snapshot"])
            wrap = el("board-wrap")
            if float(wrap.getBoundingClientRect().top) < 0:     # a phone scrolled down to the button: the mark in view
                wrap.scrollIntoView(NEAREST)
        out.textContent = str(answer.get("result") or "")

    def run_tool(self, name):
        spawn(self._tool(name))

    async def _tool(self, name):
        """A game's analysis tool (the solitaire's solver), run in the worker; a move it finds is
        marked on the board."""
        out = el("tool-result")
        out.textContent = self.tr("ui.tool_running")
        link = self.snap["link"]
        try:
            answer = await self.request({"op": "tool", "name": name, "seconds": 2.0})
        except (EngineError, EngineGone):
            out.textContent = self.tr("ui.ai_lost")
            return
        if self.snap is None or self.snap["link"] != link:
            return                      # the position changed meanwhile
        if answer.get("snapshot"):
            self.apply(answer["snapshot"])
        out.textContent = str(answer.get("result", ""))

    def toggle_eval(self, on_):
        self.eval_on = on_
        el("evalbar").hidden = not on_
        if on_ and self.snap is not None:
            panels.eval_bar(self, self.snap)
            if self.human_to_move():
                spawn(self.analyse())

    async def analyse(self):
        """With the evaluation shown and a human to move, the search evaluates the position."""
        if not self.eval_on or not self.human_to_move():
            return
        try:
            await self.search("think", ANALYSIS_SECONDS, self.turn.other_search())
        except (EngineError, EngineGone):
            return

    # ------------------------------------------------------------------ chooser, links
    def show_chooser(self):
        self.hide_rules()
        el("chooser").scrollIntoView()
        first = document.querySelector("#game-list button[aria-current='true']")
        if first:
            first.focus()

    def on_home(self, event):
        event.preventDefault()
        self.show_chooser()

    async def copy_link(self, url=None, box=None):
        """Copy a link (default: this game's) to the clipboard; where the browser refuses, the link
        stays selected in `box` (default: the side panel's link box) with a message saying so."""
        url = url or page_url(self.snap["link"])
        if box is None:
            box = el("link-text")
            el("link-box").hidden = False
        box.value = url
        box.hidden = False
        box.select()
        try:
            await window.navigator.clipboard.writeText(url)
            self.notify(texts.Said("ui.link_copied"))
        except Exception:
            box.focus()
            box.select()
            self.show_message(texts.Said("ui.link_select"))

    def page_url(self, fragment):
        return page_url(fragment)

    # ------------------------------------------------------------------ rules page
    def shown_game(self):
        """The game on the board: a room's (a course or a puzzle of another game than the one
        behind it), else the game's; None before the first snapshot."""
        return getattr(self.room, "game", None) or (self.snap["game"] if self.snap is not None else None)

    async def show_rules(self, focus=False):
        """The game's rules in the board's place; `focus` (opened by the player) moves the keyboard
        focus to their heading, so reading starts there and not on the hidden toolbar."""
        if self.snap is None:
            return
        text = await self.rules_html(self.shown_game())
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
        self.pending_example = (frag, example_words(a))
        if not self.pending_route:
            self.pending_route = True
            self.busy(1)
        if str(window.location.hash).lstrip("#") == frag:
            self.follow("#" + frag)
        else:
            window.location.hash = frag          # routed on hashchange (the embed's too)

    def hide_rules(self, focus=False):
        """Back to the board; `focus` (closed by the player) returns the focus to the Rules button."""
        el("rules").hidden = True
        el("play").hidden = False
        if focus:
            el("btn-rules").focus()

    # ------------------------------------------------------------------ my games
    def when(self, ms) -> str:
        """A kept game's date and time, in the page's language."""
        return str(js.Date.new(float(ms)).toLocaleString("de-DE" if self.lang == "de" else "en-GB",
                                                  to_js({"dateStyle": "medium", "timeStyle": "short"})))

    def toggle_mygames(self):
        """Drawn when opened; emptied when closed, so an opening never shows a list gone stale while it
        was closed (a CI run's test counted a list drawn before another game was kept: 2 for 1)."""
        if el("mygames-box").open:
            self.draw_mygames()
        else:
            el("mygames").replaceChildren()

    def draw_mygames(self):
        """The list of kept games (drawn when opened, and after saves while open)."""
        ul = el("mygames")
        ul.replaceChildren()
        games = [m for m in self.games.games() if m.moves]     # a game opened and left unplayed is no game yet
        el("mygames-count").textContent = " (" + str(len(games)) + ")" if games else ""
        el("mygames-none").hidden = bool(games)
        for meta in games:
            name = self.tr("game." + meta.game)
            li = make("li")
            b = make("button", self.tr("ui.mygames_row", game=name, moves=meta.moves, state=self.kept_state(meta)),
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

    def kept_state(self, meta) -> str:
        """A kept game's state in My games: in progress, or finished with its result ("you won",
        "Purple won") where the entry keeps one."""
        if not meta.over:
            return self.tr("ui.mygames_open")
        res, words = meta.result or {}, self.tr("ui.mygames_over")
        if res.get("you"):
            return words + ", " + self.tr("ui.mygames_draw" if res["you"] == "draw" else "ui.mygames_you_" + res["you"])
        if res.get("winners"):
            names = " & ".join(self.tr("colour." + w) for w in res["winners"])
            return words + ", " + self.tr("ui.mygames_won_by", player=names)
        return words

    def on_mygames_click(self, event):
        target = event.target.closest("button") if event.target else None
        if not target:
            return
        delete, uid = target.getAttribute("data-delete"), target.getAttribute("data-uid")
        if delete:
            uid = str(delete)
            raw, shown = self.games.raw(uid), uid == self.uid
            self.games.delete(uid)
            if shown:                           # the game shown stays on screen, no longer kept
                self.uid, self.known, self.saved, self.transient = None, None, None, True
            self.draw_mygames()
            got = mygames.read_entry(raw)
            if got is not None:                 # one tap deleted it: one tap brings it back
                self.notify(texts.Said("ui.mygames_deleted", game=texts.Said("game." + got[0]["game"])),
                            texts.Said("ui.mygames_undelete"), lambda: self.undelete(uid, raw, got[1], shown))
        elif uid:
            self.spawn_action(self.open_uid(str(uid)))

    def undelete(self, uid, raw, save, shown):
        """A game deleted from My games kept again as it was (the game shown: kept by this page
        again, unless a move since has kept it anew; bar_action has closed the notice)."""
        if shown:
            if self.uid is not None:
                return
            self.uid, self.known, self.saved, self.transient = uid, raw, save, False
        self.games.restore(uid, raw)
        if el("mygames-box").open:
            self.draw_mygames()

    def export_games(self):
        rows = []
        for meta, save in self.games.entries():
            link = mygames.link_of(save)
            if link is not None:             # an entry whose save cannot be read is left out
                rows.append((meta, page_url(link)))
        download(mygames.export_text(rows), "text/plain", "spielkiste-games.txt")


async def run():
    """The page's start, in steps of a task each (the texts read, the App built, its start), so
    the main thread is never blocked by one long task while the board boot.js drew takes input."""
    resp = await window.fetch("./page_data.json")
    data = json.loads(await resp.text())
    await next_task()
    app = App(data)
    await next_task()
    # for tests and debugging: the game shown, as its link
    window.spielkiste = keep(create_proxy(lambda *a: app.shown_link()))
    # for the memory benchmarks: the worker's own figures, as JSON text in window.spielkisteMemory
    window.spielkiste_memory = keep(create_proxy(lambda *a: spawn(app.report_memory())))
    await app.start()


def main():
    """The page's entry (page.py): the App runs as a task, as MicroPython's asyncio needs."""
    spawn(run())
