"""The page: game chooser, board, controls, move list, saved games and the AI worker bridge.

Runs only under PyScript. All rules come from the engine, all drawing from svg.render, all
clicks go through spielkiste.inputs.Clicks; this module wires them to the DOM. Text from links
or storage never becomes markup: elements are built with createElement/textContent."""
import asyncio
import json
import time

import js
from pyscript import create_named_worker, document, window
from pyscript.ffi import create_proxy

from spielkiste.errors import SpielkisteError
from spielkiste.inputs import Clicks
from spielkiste.record import Record
from spielkiste.registry import ALL_IDS, GAMES, PLANNED, get_game
from spielkiste.texts import t
from spielkiste_web import links, saves, svg

LEVELS = {1: 0.3, 2: 1.0, 3: 3.0, 4: 8.0}
SLICE = 0.12            # seconds of search between progress reports
DEFAULT_GAME = "snorkels"
SWATCH = {"white": "#fbf8f0", "black": "#2a2a2a", "orange": "#f08a24", "purple": "#8e44c8", "green": "#2e9e5b",
          "red": "#d7372f", "blue": "#2f6fd0", "yellow": "#f2c618", "neutral": "#8f8c86"}

_proxies = []           # keep event handlers alive


def el(id_):
    return document.getElementById(id_)


def make(tag, text=None, **attrs):
    e = document.createElement(tag)
    if text is not None:
        e.textContent = text
    for k, v in attrs.items():
        e.setAttribute(k.rstrip("_").replace("_", "-"), str(v))
    return e


def on(target, event, handler):
    p = create_proxy(handler)
    _proxies.append(p)
    target.addEventListener(event, p)


def storage_get(key):
    try:
        return js.localStorage.getItem(key)
    except Exception:        # storage can be disabled (private mode, sandboxed iframe)
        return None


def storage_set(key, value):
    try:
        js.localStorage.setItem(key, value)
    except Exception:
        pass


class App:
    def __init__(self):
        self.embed = bool(js.URLSearchParams.new(window.location.search).has("embed"))
        self.lang = storage_get("spielkiste.lang") or ("de" if str(window.navigator.language).lower().startswith("de") else "en")
        self.record: Record | None = None
        self.seats: list[str] = []
        self.level = 2
        self.rotation = 0
        self.aids: set[str] = set()
        self.clicks: Clicks | None = None
        self.fresh: set[str] = set()
        self.slide = None          # (from, to) of a move just played, for the glide animation
        self.may_save = True       # False after an error until the player acts, so nothing is overwritten
        self.ai = None
        self.ai_task = None
        self.token = 0
        self.stop_requested = False
        self.thinking = False

    # ------------------------------------------------------------------ start-up
    async def start(self):
        el("lang").value = self.lang
        self.translate_static()
        self.build_chooser()
        self.wire()
        self.route(str(window.location.hash), initial=True)
        document.body.dataset.ready = "1"
        # the AI worker boots a second Pyodide: only after the board is on screen
        await asyncio.sleep(0.05)
        self.ai_task = asyncio.ensure_future(self.boot_ai())
        self.maybe_think()

    async def boot_ai(self):
        self.ai = await create_named_worker(src="./worker.py", name="ai", config="./pyscript.toml")
        document.body.dataset.ai = "ready"
        return self.ai

    def wire(self):
        on(el("board"), "click", self.on_board_click)
        on(el("board"), "keydown", self.on_board_key)
        on(document, "keydown", self.on_key)
        on(window, "hashchange", lambda e: self.route(str(window.location.hash)))
        on(el("lang"), "change", self.on_lang)
        on(el("btn-new"), "click", lambda e: self.open_new_game(self.record.game.id))
        on(el("btn-undo"), "click", lambda e: self.undo())
        on(el("btn-redo"), "click", lambda e: self.step_to(self.record.cursor + 1))
        on(el("btn-first"), "click", lambda e: self.step_to(0))
        on(el("btn-last"), "click", lambda e: self.step_to(len(self.record.moves)))
        on(el("btn-rotate"), "click", lambda e: self.rotate())
        on(el("btn-link"), "click", lambda e: self.copy_link())
        on(el("btn-stop"), "click", lambda e: self.request_stop())
        on(el("btn-games"), "click", lambda e: el("chooser").scrollIntoView())
        on(el("btn-rules"), "click", lambda e: asyncio.ensure_future(self.show_rules()))
        on(el("rules-close"), "click", lambda e: self.hide_rules())
        on(el("message-close"), "click", lambda e: self.hide_message())
        on(el("home"), "click", self.on_home)
        on(el("newgame-form"), "submit", self.on_new_game_submit)
        on(el("newgame-cancel"), "click", lambda e: el("newgame").close())

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

    def seat_name(self, seat):
        return self.tr("colour." + self.record.current.seat_colour(seat))

    # ------------------------------------------------------------------ routing and saving
    def route(self, hash_text, initial=False):
        """Open what the URL fragment names; with none, the last saved game or a new one."""
        frag = hash_text.lstrip("#")
        self.hide_rules()
        if not frag:
            if initial or self.record is None:
                self.open_saved(storage_get("spielkiste.last") or DEFAULT_GAME)
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
                                    saves.default_seats(game.new().num_players))
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
        text = storage_get("spielkiste.save." + gid) if gid in GAMES else None
        if not text:
            return None
        try:
            return saves.load(text, LEVELS)
        except SpielkisteError:
            return None

    def open_saved(self, gid):
        """The saved game of `gid`, or a new one; a corrupt save is kept aside, never lost."""
        gid = gid if gid in GAMES else DEFAULT_GAME
        game = get_game(gid)
        text = storage_get("spielkiste.save." + gid)
        if text:
            try:
                rec, seats, self.level, self.rotation = saves.load(text, LEVELS)
                self.set_record(rec, seats)
                self.update_hash()
                self.render()
                self.maybe_think()
                return
            except SpielkisteError as e:
                storage_set(f"spielkiste.broken.{gid}", text)
                self.show_message(e.message(self.lang))
        self.set_record(Record.new(game, self.fresh_options(game)), saves.default_seats(game.new().num_players))
        self.update_hash()
        self.render()
        self.maybe_think()

    def fresh_options(self, game):
        """Default options, with a new random seed where the game has one."""
        return {"seed": int(js.Math.random() * 1e9)} if any(o.key == "seed" for o in game.all_options()) else {}

    def set_record(self, rec, seats):
        self.cancel_ai()
        self.record = rec
        self.seats = list(seats)
        self.aids &= set(rec.game.aids)
        self.clicks = None
        self.fresh = set()
        self.build_aids()

    def update_hash(self):
        frag = links.to_fragment(self.record)
        if str(window.location.hash).lstrip("#") != frag:
            window.history.replaceState(None, "", "#" + frag)

    def save(self):
        self.update_hash()
        if self.embed or not self.may_save:
            return
        storage_set("spielkiste.save." + self.record.game.id,
                    saves.dump(self.record, self.seats, self.level, self.rotation))
        storage_set("spielkiste.last", self.record.game.id)

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
            btn.onclick = create_proxy(lambda e: action())
        el("message").hidden = False

    def hide_message(self):
        el("message").hidden = True

    # ------------------------------------------------------------------ drawing
    def human_to_move(self):
        s = self.record.current
        return s.result is None and self.seats[s.to_move] == "human" and not self.thinking

    def render(self):
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
        el("board").innerHTML = svg.render(view, self.lang, targets, selected, self.rotation, self.fresh, title,
                                           self.slide)
        self.fresh = set()
        self.slide = None
        if self.record.game.tools and not self.clicks.prefix:
            el("tool-result").textContent = ""
        el("game-title").textContent = self.tr("game." + game.id)
        document.title = self.tr("game." + game.id) + " · Spielkiste"
        self.render_status(state, human)
        self.render_choices(human)
        self.render_seats(state)
        self.render_moves()
        self.render_chooser_current()
        el("btn-undo").disabled = rec.cursor == 0
        el("btn-first").disabled = rec.cursor == 0
        el("btn-redo").disabled = rec.at_end
        el("btn-last").disabled = rec.at_end

    def render_status(self, state, human):
        st = el("status")
        res = state.outcome()
        if res is not None:
            st.textContent = res.message(self.lang)
            st.className = "over"
        else:
            st.className = ""
            who = self.seat_name(state.to_move)
            if self.thinking:
                st.textContent = self.tr("ui.thinking", player=who)
            elif human and "computer" in self.seats:
                st.textContent = self.tr("ui.to_move_you", player=who)
            else:
                st.textContent = self.tr("ui.to_move", player=who)
        extra = []
        if not self.record.at_end:
            extra.append(self.tr("ui.viewing", number=self.record.cursor, total=len(self.record.moves)))
        status = state.status()
        if status is not None and res is None:
            key, args = status
            extra.append(self.tr(key, **args))
        for key, args in state.view().notes if res is None else ():
            extra.append(self.tr(key, **args))
        el("status-extra").textContent = " ".join(extra)

    def render_choices(self, human):
        box = el("choices")
        box.replaceChildren()
        if not human:
            return
        entries = self.clicks.buttons()
        if self.clicks.prefix:
            entries = entries + self.clicks.choices()
        if self.clicks.prefix and self.clicks.choices():
            box.appendChild(make("span", self.tr("ui.choose")))
        for key, move in entries:
            b = make("button", self.tr(key) if key else self.record.current.move_text(move), type="button")
            b.dataset.move = self.record.current.move_text(move)
            on(b, "click", lambda e, m=move: self.play_human(m))
            box.appendChild(b)

    def render_seats(self, state):
        ol = el("seats")
        ol.replaceChildren()
        n = state.num_players
        for seat in range(n):
            li = make("li")
            if state.result is None and seat == state.to_move:
                li.className = "to-move"
            colour = state.seat_colour(seat)
            sw = make("span", None, class_="swatch", aria_hidden="true")
            sw.style.background = SWATCH.get(colour, "#999")
            li.appendChild(sw)
            li.appendChild(make("span", self.tr("colour." + colour)))
            if len(set(state.teams)) < n:
                li.appendChild(make("span", f"{self.tr('ui.teams')} {state.teams[seat] + 1}", class_="team"))
            sel = make("select", None, aria_label=self.tr("ui.seat", number=seat + 1))
            sel.dataset.seat = str(seat)
            for kind in saves.SEAT_KINDS:
                opt = make("option", self.tr("ui." + kind), value=kind)
                sel.appendChild(opt)
            sel.value = self.seats[seat]
            on(sel, "change", lambda e, s=seat: self.set_seat(s, str(e.target.value)))
            li.appendChild(sel)
            ol.appendChild(li)

    def render_moves(self):
        ol = el("movelist")
        ol.replaceChildren()
        el("nomoves").hidden = bool(self.record.moves)
        for i, text in enumerate(self.record.moves, 1):
            li = make("li")
            b = make("button", text, type="button")
            b.dataset.ply = str(i)
            if i == self.record.cursor:
                b.setAttribute("aria-current", "true")
            on(b, "click", lambda e, k=i: self.step_to(k))
            li.appendChild(b)
            ol.appendChild(li)
        cur = ol.querySelector("[aria-current]")
        if cur:
            cur.scrollIntoView(js.Object.fromEntries([["block", "nearest"]]))

    def build_chooser(self):
        ul = el("game-list")
        ul.replaceChildren()
        for gid in ALL_IDS:
            li = make("li")
            b = make("button", None, type="button")
            b.dataset.game = gid
            b.appendChild(make("span", self.tr("game." + gid)))
            if gid in PLANNED:
                b.disabled = True
                b.appendChild(make("span", self.tr("ui.coming"), class_="soon"))
            b.appendChild(make("span", self.tr("blurb." + gid), class_="blurb"))
            on(b, "click", lambda e, g=gid: self.choose_game(g))
            li.appendChild(b)
            ul.appendChild(li)

    def render_chooser_current(self):
        for b in document.querySelectorAll("#game-list button"):
            b.setAttribute("aria-current", "true" if b.dataset.game == self.record.game.id else "false")

    def build_tools(self):
        box = el("tools")
        box.replaceChildren()
        el("tool-result").textContent = ""
        for name in self.record.game.tools:
            b = make("button", self.tr(f"tool.{name}"), type="button")
            b.dataset.tool = name
            on(b, "click", lambda e, n=name: asyncio.ensure_future(self.run_tool(n)))
            box.appendChild(b)

    async def run_tool(self, name):
        """Runs a game's analysis in the worker; a hint also marks its move on the board."""
        out = el("tool-result")
        out.textContent = self.tr("ui.tool_running")
        frag = links.to_fragment(self.record)
        try:
            if self.ai is None:
                self.ai = await self.ai_task
            res = json.loads(str(await self.ai.tool(frag, name, 2.0)))
        except Exception as e:
            out.textContent = f"{self.tr('tool.' + name)}: {e}"
            return
        if links.to_fragment(self.record) != frag:
            return                      # the position changed meanwhile
        out.textContent = self.tr(res["key"], **res.get("args", {}))
        if res.get("move"):
            try:
                move = self.record.current.parse_move(res["move"])
            except SpielkisteError:
                return
            path, _ = self.record.current.move_input(move)
            self.clicks = Clicks(self.record.current)
            for cell in path[:-1]:
                self.clicks.click(cell)
            self.render()

    def build_aids(self):
        self.build_tools()
        box = el("aids")
        box.replaceChildren()
        for aid in self.record.game.aids:
            lab = make("label")
            cb = make("input", None, type="checkbox")
            cb.checked = aid in self.aids
            cb.dataset.aid = aid
            on(cb, "change", lambda e, a=aid: self.toggle_aid(a, bool(e.target.checked)))
            lab.appendChild(cb)
            lab.appendChild(make("span", " " + self.tr("aid." + aid)))
            box.appendChild(lab)

    # ------------------------------------------------------------------ input
    def on_board_click(self, event):
        target = event.target.closest("[data-cell]")
        if target is None or not self.human_to_move():
            return
        self.click_cell(str(target.dataset.cell))

    def on_board_key(self, event):
        if event.key in ("Enter", " "):
            target = event.target.closest("[data-cell]")
            if target is not None and self.human_to_move():
                event.preventDefault()
                self.click_cell(str(target.dataset.cell))

    def on_key(self, event):
        tag = str(event.target.tagName).lower()
        if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey:
            return
        if event.key == "ArrowLeft":
            self.step_to(self.record.cursor - 1)
        elif event.key == "ArrowRight":
            self.step_to(self.record.cursor + 1)
        elif event.key == "Escape" and self.clicks and self.clicks.prefix:
            self.clicks.reset()
            self.render()

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
        path, _ = state.move_input(move)
        self.record.play(move)
        self.fresh = set(path[-1:])
        self.slide = (path[0], path[-1]) if len(path) >= 2 and path[0] != path[-1] else None
        self.clicks = None
        self.save()
        self.render()
        self.maybe_think()

    def step_to(self, ply):
        if self.record is None or not 0 <= ply <= len(self.record.moves) or ply == self.record.cursor:
            return
        self.acted()
        self.cancel_ai()
        self.record.goto(ply)
        self.clicks = None
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
        storage_set("spielkiste.lang", self.lang)
        self.translate_static()
        self.build_chooser()
        self.build_aids()
        self.render()
        if not el("rules").hidden:
            asyncio.ensure_future(self.show_rules())

    def on_home(self, event):
        event.preventDefault()
        el("chooser").scrollIntoView()

    def choose_game(self, gid):
        if gid in PLANNED:
            return
        self.hide_rules()
        self.acted()
        if self.record.game.id != gid:
            self.open_saved(gid)
            self.save()

    def copy_link(self):
        frag = links.to_fragment(self.record)
        url = str(window.location.origin) + str(window.location.pathname) + "#" + frag
        box = el("link-text")
        box.value = url
        el("link-box").hidden = False
        box.select()
        try:
            window.navigator.clipboard.writeText(url)
            self.show_message(self.tr("ui.link_copied"))
        except Exception:
            pass

    # ------------------------------------------------------------------ rules page
    async def show_rules(self):
        gid = self.record.game.id
        resp = await window.fetch(f"./rules/{gid}.{self.lang}.html")
        text = await resp.text() if resp.ok else ""
        # our own static file, shipped with the app (never text from a link)
        el("rules-text").innerHTML = text or self.tr("ui.coming")
        el("rules").hidden = False
        el("play").hidden = True

    def hide_rules(self):
        el("rules").hidden = True
        el("play").hidden = False

    # ------------------------------------------------------------------ new game dialog
    def open_new_game(self, gid):
        game = get_game(gid)
        form = el("newgame-options")
        form.replaceChildren()
        current = self.record.start.options if self.record.game is game else {}
        for o in game.all_options():
            lab = make("label")
            lab.appendChild(make("span", self.tr(o.label or f"opt.{gid}.{o.key}") + " "))
            value = current.get(o.key, o.default)
            if o.kind == "bool":
                inp = make("input", None, type="checkbox")
                inp.checked = bool(value)
            elif o.choices:
                inp = make("select")
                for c in o.choices:
                    key = f"opt.{gid}.{o.key}.{c}"
                    inp.appendChild(make("option", self.tr(key) if self.tr(key) != key else str(c), value=str(c)))
                inp.value = str(value)
            else:
                inp = make("input", None, type="number", min="0", step="1")
                inp.value = str(int(js.Math.random() * 1e9)) if o.key == "seed" else str(value)
            inp.dataset.option = o.key
            if o.key == "players":
                on(inp, "change", lambda e: self.build_seat_inputs(int(e.target.value)))
            on(inp, "change", lambda e: self.show_dependent_options())
            lab.appendChild(inp)
            if o.shown_if:
                lab.dataset.shownIf = f"{o.shown_if[0]}={o.shown_if[1]}"
            form.appendChild(lab)
        self.show_dependent_options()
        n = int(current.get("players", game.player_counts[0])) if "players" in current else game.player_counts[0]
        self.dialog_game = game
        self.build_seat_inputs(n)
        lvl = el("level")
        lvl.replaceChildren()
        for k in LEVELS:
            lvl.appendChild(make("option", self.tr(f"ui.level.{k}"), value=str(k)))
        lvl.value = str(self.level)
        el("newgame-title").textContent = self.tr("ui.new_game") + ": " + self.tr("game." + gid)
        el("newgame").showModal()

    def show_dependent_options(self):
        """Options that only matter for one value of another (Die Drei's tiles for a custom board)."""
        for lab in document.querySelectorAll("#newgame-options [data-shown-if]"):
            key, _, value = str(lab.dataset.shownIf).partition("=")
            other = document.querySelector(f"#newgame-options [data-option='{key}']")
            current = ("1" if other.checked else "0") if str(other.type) == "checkbox" else str(other.value)
            lab.hidden = current != value

    def build_seat_inputs(self, n):
        box = el("newgame-seats")
        box.replaceChildren()
        fs = make("fieldset")
        fs.appendChild(make("legend", self.tr("ui.players")))
        probe = self.dialog_game.new({"players": n} if len(self.dialog_game.player_counts) > 1 else {})
        for seat in range(n):
            lab = make("label")
            lab.appendChild(make("span", self.tr("colour." + probe.seat_colour(seat)) + " "))
            sel = make("select")
            sel.dataset.seat = str(seat)
            for kind in saves.SEAT_KINDS:
                sel.appendChild(make("option", self.tr("ui." + kind), value=kind))
            sel.value = self.seats[seat] if self.record.game is self.dialog_game and seat < len(self.seats) \
                else saves.default_seats(n)[seat]
            lab.appendChild(sel)
            fs.appendChild(lab)
        box.appendChild(fs)

    def on_new_game_submit(self, event):
        event.preventDefault()
        game = self.dialog_game
        opts = {}
        for inp in document.querySelectorAll("#newgame-options [data-option]"):
            key = str(inp.dataset.option)
            opts[key] = ("1" if inp.checked else "0") if str(inp.type) == "checkbox" else str(inp.value)
        try:
            rec = Record.new(game, opts)
        except SpielkisteError as e:
            self.show_message(e.message(self.lang))
            return
        seats = [str(s.value) for s in document.querySelectorAll("#newgame-seats select")]
        self.level = int(el("level").value)
        el("newgame").close()
        self.acted()
        self.set_record(rec, seats)
        self.rotation = 0
        self.save()
        self.render()
        self.maybe_think()

    # ------------------------------------------------------------------ computer player
    def cancel_ai(self):
        self.token += 1
        self.stop_requested = False
        if self.thinking:
            self.thinking = False
            el("thinking").hidden = True

    def request_stop(self):
        self.stop_requested = True

    def maybe_think(self):
        rec = self.record
        s = rec.current
        if rec.at_end and s.result is None and self.seats[s.to_move] == "computer" and not self.thinking:
            asyncio.ensure_future(self.think())

    async def think(self):
        self.token += 1
        token = self.token
        self.thinking = True
        self.stop_requested = False
        self.render()
        box, text = el("thinking"), el("thinking-text")
        box.hidden = False
        document.body.dataset.thinking = "1"
        try:
            if self.ai is None:
                text.textContent = self.tr("ui.ai_loading")
                self.ai = await self.ai_task
            if token != self.token:
                return
            frag = links.to_fragment(self.record)
            await self.ai.start(frag, int(js.Math.random() * 1e9))
            budget = LEVELS.get(self.level, 1.0)
            t0 = time.monotonic()
            while token == self.token and not self.stop_requested:
                info = json.loads(str(await self.ai.think(SLICE)))
                if token != self.token:
                    return
                text.textContent = self.tr("ui.thinking_stats", iterations=f"{info['iterations']:,}",
                                           move=info["move"], percent=round(100 * info["value"]))
                if info.get("forced") or time.monotonic() - t0 >= budget:
                    break
            if token != self.token:
                return
            move_text = str(await self.ai.best())
            if token != self.token:
                return
            move = self.record.current.parse_move(move_text)
        except Exception as e:   # a failing worker must not take the game with it
            if token == self.token:
                self.thinking = False
                box.hidden = True
                document.body.dataset.thinking = "0"
                self.show_message(f"{self.tr('ui.computer')}: {e}")
                self.render()
            return
        self.thinking = False
        box.hidden = True
        document.body.dataset.thinking = "0"
        self.play(move)


async def main():
    app = App()
    window.spielkiste = create_proxy(lambda: links.to_fragment(app.record))   # for tests and debugging
    _proxies.append(window.spielkiste)
    await app.start()
