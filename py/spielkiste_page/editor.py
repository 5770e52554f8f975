"""The board editor's page (issues 12 and 30): a palette, the board as it is being set up, side
to move, the game's fields and options, the position code, "Play from here", a link, and studies
(named positions saved per game, exported and imported as a text file).

Runs in MicroPython on the main thread and knows no rules: every edit is one `edit_*` request to
the engine's worker (spielkiste_web/editor_session.py), whose answer, an editor snapshot, holds
everything drawn here with its texts in the page's language. Only the palette's choice is local
(a click sends the square and the item). Edits go one after another through the worker's queue;
only the newest answer is drawn (each is the whole editor), and `#editor[aria-busy]` and the
page's busy mark (app.busy) say while one is on its way. The studies stay in this
page's storage, as before (same keys, same format): a studies request carries the stored texts,
and its answer says what to write, all or none, so every reader of stored or imported text runs
in the worker. Nothing typed, pasted or imported becomes markup: names and codes go through
textContent."""
from pyscript import document

from spielkiste_page import texts
from spielkiste_page.dom import closest, download, el, is_null, make, on, page_url
from spielkiste_page.engine import EngineError, EngineGone

ERASER = ""
STUDIES = "spielkiste.studies."          # + game id: JSON [[name, code], ...] (saves.read_studies)
ASIDE = "spielkiste.broken.studies."     # + game id + ".1" to ".5": unreadable lists set aside (saves.set_aside)
COPIES = 5
ASK = (("ui.edit.replace", "replace"), ("ui.edit.keep_both", "both"), ("ui.edit.cancel_ask", "cancel"))


def attr(node, name):
    """An attribute of an element as text, or None (no element, no attribute)."""
    if is_null(node):
        return None
    value = node.getAttribute(name)
    return None if is_null(value) else str(value)


def each(nodes):
    return [nodes.item(i) for i in range(int(nodes.length))]


async def nothing():
    pass


def focused(id_) -> bool:
    """Whether the element with this id has the keyboard focus (JS proxies do not compare equal)."""
    active = document.activeElement
    return not is_null(active) and attr(active, "id") == id_


class EditorPage:
    def __init__(self, app):
        self.app = app
        self.active = False
        self.snap = None                 # the editor snapshot drawn
        self.item = ERASER               # the palette's choice ('' = the eraser)
        self.keys = []                   # the palette's items, in order
        self.sent = 0                    # editor requests sent; only the newest one's answer is drawn
        self.waiting = 0                 # requests on their way
        self.offering_undo = False       # the notice offers Undo of an options change (good until the next edit)
        self.dirty = set()               # field inputs typed in since their last change event
        self.max_import = 0
        self.drag = None                 # a palette item dragged towards the board
        on(el("btn-edit"), "click", lambda e: self.open())
        on(el("edit-cancel"), "click", lambda e: self.close())
        on(el("edit-clear"), "click", lambda e: self.edit({"op": "edit_clear"}))
        on(el("edit-start"), "click", lambda e: self.edit({"op": "edit_start"}))
        on(el("edit-play"), "click", lambda e: self.run(self.play()))
        on(el("edit-link"), "click", lambda e: self.copy_link())
        on(el("edit-analyse"), "click", lambda e: self.analyse())
        on(el("edit-load"), "click", lambda e: self.load_code(str(el("edit-code").value)))
        on(el("edit-code"), "keydown", self.on_code_key)
        on(el("edit-to-move"), "change", lambda e: self.edit({"op": "edit_to_move", "seat": int(e.target.value)}))
        on(el("edit-fields"), "input", self.on_field_input)
        on(el("edit-fields"), "change", self.on_field)
        on(el("edit-options"), "change", lambda e: self.on_option(None))
        on(el("edit-options"), "click", self.on_step)
        on(el("palette"), "click", self.on_palette)
        on(el("palette"), "pointerdown", self.on_palette_down)
        on(el("palette"), "keydown", self.on_palette_key)
        on(document, "pointerup", self.on_palette_drop)
        on(document, "keydown", self.on_key)
        on(el("study-form"), "submit", self.on_save_study)
        on(el("study-list"), "click", self.on_study)
        on(el("study-export"), "click", lambda e: self.studies({"op": "edit_study_export"}))
        on(el("study-import"), "change", self.on_import)
        ask = make("div", None, id="study-ask", role="group", aria_labelledby="study-ask-text", class_="study-ask")
        ask.hidden = True
        ask.appendChild(make("p", None, id="study-ask-text"))
        row = make("div", None, class_="controls")
        for key, choice in ASK:
            b = make("button", app.tr(key), type="button", data_t=key, data_choice=choice)
            row.appendChild(b)
        ask.appendChild(row)
        el("studies").appendChild(ask)
        on(ask, "click", self.on_ask)
        on(ask, "keydown", self.on_ask_key)

    # ------------------------------------------------------------------ requests
    def run(self, coro):
        """A request on its way: the editor is aria-busy and the page busy (app.busy, set here in
        the input's own handler, so tests wait for the answer as a player does) until it is
        answered. Returns its task (awaitable)."""
        self.waiting += 1
        el("editor").setAttribute("aria-busy", "true")
        self.app.busy(1)
        return self.app.spawn(self.settle(coro))

    async def settle(self, coro):
        try:
            await coro
        finally:
            self.app.busy(-1)
            self.waiting -= 1
            if self.waiting <= 0:
                self.waiting = 0
                el("editor").removeAttribute("aria-busy")

    async def ask_engine(self, msg):
        """The worker's answer, or None after an error (said in the message bar)."""
        try:
            return await self.app.request(msg)
        except EngineError as e:
            self.app.show_message(e.text)
        except EngineGone:
            pass
        return None

    def edit(self, msg):
        """An edit: sent now, drawn when answered (unless a newer edit was sent meanwhile)."""
        if self.active:
            self.put_away_undo()
            self.sent += 1
            self.run(self.send(msg, self.sent))

    def put_away_undo(self):
        """The offer to undo an options change goes with the next edit, which the worker's Undo no longer
        reaches back past."""
        if self.offering_undo:
            self.offering_undo = False
            self.app.hide_notice()

    async def send(self, msg, number):
        answer = await self.ask_engine(msg)
        if answer is None or not self.active:
            return
        if answer.get("message"):
            self.app.show_message(answer["message"])
        if answer.get("reset"):         # a player more or fewer set the board up afresh: Undo brings it back
            self.app.notify(answer["reset"], texts.Said("ui.mygames_undelete"),
                            lambda: self.edit({"op": "edit_undo_options"}))
            self.offering_undo = True
        if number == self.sent:
            self.draw(answer)

    def storage(self):
        """The stored texts a studies request carries: every game's studies and their set-aside slots."""
        store = self.app.storage
        out = {}
        for g in self.app.data["games"]:
            out[STUDIES + g["id"]] = store.get(STUDIES + g["id"])
            for n in range(1, COPIES + 1):
                key = ASIDE + g["id"] + "." + str(n)
                out[key] = store.get(key)
        return out

    def usable(self):
        """Studies need the page's own storage: none in an embed or where storage is blocked."""
        return bool(self.app.storage.available) and not self.app.embed

    # ------------------------------------------------------------------ open and close
    def open(self):
        """The editor at the position on the board; returns a task that ends once it is drawn."""
        if self.active or self.app.snap is None:
            return self.app.spawn(nothing())          # awaitable all the same (embed.py awaits it)
        self.active = True               # from now on the board's squares and keys are the editor's
        self.app.hide_rules()
        msg = {"op": "edit_open"}
        if self.usable():
            msg["storage"] = self.storage()
        return self.run(self.opened(msg))

    async def opened(self, msg):
        """The editor shown with the worker's first snapshot (edits sent meanwhile are answered
        after it, in order, and drawn over it)."""
        answer = await self.ask_engine(msg)
        if not self.active:
            return
        if answer is None:               # no editor: the board is the game's again
            self.active = False
            return
        document.body.dataset.mode = "edit"
        el("editor").hidden = False
        self.draw(answer)
        first = document.querySelector("#palette [aria-checked='true']")
        if not is_null(first):
            first.focus()

    def close(self):
        """Back to the game as it was."""
        if self.active:
            self.leave()
            self.run(self.app.act({"op": "edit_leave"}))

    def leave(self):
        """Out of the editor, drawing nothing (the caller draws what comes next)."""
        if not self.active:
            return
        self.put_away_question()
        self.put_away_undo()
        self.active = False
        self.snap = None
        document.body.dataset.mode = "play"
        el("editor").hidden = True
        el("edit-link-text").hidden = True

    def render(self):
        """The editor drawn afresh from the worker (another language: every text again)."""
        if self.active:
            msg = {"op": "edit_snapshot", "lang": self.app.lang}
            if self.usable():
                msg["storage"] = self.storage()
            self.edit(msg)

    # ------------------------------------------------------------------ drawing
    def draw(self, snap):
        """An editor snapshot: the board, what the engine says of it, the controls' values; the
        palette, fields and options when it brings them; the studies' names when it lists them."""
        self.snap = snap
        app = self.app
        if "palette" in snap:
            self.draw_controls(snap)
        app.board.set({"svg": snap["svg"], "cells": snap["cells"], "focus": snap["focus"],
                       "rotation": snap["rotation"], "entries": [], "overlays": {}, "edit": True})
        self.mark_palette()
        seats = el("edit-to-move")
        seats.replaceChildren()
        for seat, name in snap["to_move"]:
            seats.appendChild(make("option", name, value=str(seat)))
        seats.value = str(snap["seat"])
        for inp in each(el("edit-fields").querySelectorAll("input")):
            key = attr(inp, "data-field")
            if key in self.dirty or key not in snap["values"]:
                continue
            if str(inp.type) == "checkbox":
                inp.checked = bool(snap["values"][key])
            else:
                inp.value = str(snap["values"][key])
        why = el("edit-why")
        why.textContent = snap["why"]
        why.className = "edit-why ok" if snap["why_ok"] else "edit-why bad"
        el("edit-play").disabled = not snap["ok"]
        el("edit-link").disabled = not snap["ok"]
        el("edit-analyse").disabled = not snap["ok"]
        el("study-save").disabled = not snap["ok"]
        if not focused("edit-code"):
            el("edit-code").value = snap["code"]
        el("game-title").textContent = snap["title"]
        if "studies" in snap:
            self.draw_studies(snap["studies"])

    def draw_controls(self, snap):
        """Palette, fields and options: drawn when the editor opens, the game or its options change;
        a field, option or step button that had the keyboard focus has it again."""
        active = document.activeElement
        again = None
        for name in ("data-field", "data-option", "data-step"):
            value = attr(active, name)
            if value is not None:
                again = "#editor [" + name + "='" + value + "']"
        self.keys = [key for key, _, _ in snap["palette"]]
        if snap["fresh"] or self.item not in self.keys:
            self.item = self.keys[0]
        self.max_import = snap.get("max_import", self.max_import)
        pal = el("palette")
        pal.replaceChildren()
        for key, name, icon in snap["palette"]:
            b = make("button", None, type="button", role="radio", data_item=key, aria_label=name, title=name)
            b.innerHTML = icon           # the renderer's own markup, no input in it
            pal.appendChild(b)
        box = el("edit-fields")
        box.replaceChildren()
        self.dirty = set()
        for key, text, lo, hi in snap["fields"]:      # a yes/no field is a checkbox, any other a number input
            flag = (lo, hi) == (0, 1)
            inp = make("input", None, type="checkbox", data_field=key) if flag else \
                make("input", None, type="number", min=str(lo), max=str(hi), step="1", data_field=key)
            span = make("span", text if flag else text + " ")
            lab = make("label", None, class_="flag" if flag else "")
            lab.appendChild(inp if flag else span)
            lab.appendChild(span if flag else inp)
            box.appendChild(lab)
        form = el("edit-options")
        form.replaceChildren()
        for o in snap["options"]:
            form.appendChild(self.option_input(o))
        el("edit-options-box").hidden = not snap["options"]
        node = document.querySelector(again) if again else None
        if node is not None and not is_null(node):
            node.focus()
        el("studies").hidden = not self.usable()

    def option_input(self, o):
        """A label with the option's input (checkbox, select or number) and its step buttons."""
        lab = make("label")
        lab.appendChild(make("span", o["label"] + " "))
        if o["kind"] == "bool":
            inp = make("input", None, type="checkbox")
            inp.checked = o["value"] == "1"
        elif o["kind"] == "select":
            inp = make("select")
            for value, text in o["choices"]:
                inp.appendChild(make("option", text, value=value))
        else:
            inp = make("input", None, type="number", min="0", step="1")
        inp.setAttribute("data-option", o["key"])
        if o["kind"] != "bool":
            inp.value = o["value"]
        lab.appendChild(inp)
        for i, text in enumerate(o["steps"]):
            lab.appendChild(make("button", text, type="button", data_step=o["key"] + ":" + str(i)))
        lab.hidden = bool(o["hidden"])
        return lab

    def mark_palette(self):
        for b in each(el("palette").querySelectorAll("button")):
            on_ = attr(b, "data-item") == self.item
            b.setAttribute("aria-checked", "true" if on_ else "false")
            b.tabIndex = 0 if on_ else -1

    # ------------------------------------------------------------------ edits
    def click(self, cell):
        """A square clicked or chosen with Enter: the palette's item on it, or the eraser."""
        self.edit({"op": "edit_click", "cell": cell, "item": self.item})

    def remove(self, cell):
        self.edit({"op": "edit_remove", "cell": cell})

    def move(self, src, dst):
        self.edit({"op": "edit_move", "src": src, "dst": dst})

    def has_piece(self, cell) -> bool:
        return self.snap is not None and cell in self.snap["occupied"]

    def choose(self, key):
        if key in self.keys:
            self.item = key
            self.mark_palette()

    def choose_by_number(self, n: int):
        """Keys 1-9 pick the palette's n-th item, 0 the eraser (always the last)."""
        if n == 0:
            self.choose(ERASER)
        elif n < len(self.keys):
            self.choose(self.keys[n - 1])

    def on_key(self, event):
        """The editor's keys, anywhere but in a text field: 1-9 and 0 pick a palette item, ? lists the keys."""
        if not self.active:
            return
        tag = str(getattr(event.target, "tagName", "") or "").lower()
        if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey or event.altKey:
            return
        if el("newgame").open or el("keys").open:
            return
        key = str(event.key)
        if len(key) == 1 and key.isdigit():
            self.choose_by_number(int(key))
        elif key == "?":
            el("keys").showModal()

    def on_palette(self, event):
        b = closest(event, "button[data-item]")
        if b is not None:
            self.choose(attr(b, "data-item"))

    def on_palette_key(self, event):
        """Arrow keys move the choice within the palette (a radio group), as in any radio group."""
        step = {"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1}.get(str(event.key))
        if step is None or not self.keys:
            return
        event.preventDefault()
        self.choose(self.keys[(self.keys.index(self.item) + step) % len(self.keys)])
        el("palette").querySelector("[aria-checked='true']").focus()

    def on_palette_down(self, event):
        """Drag from the palette: the item is chosen, and placed on the square the pointer is released over."""
        b = closest(event, "button[data-item]")
        if b is not None:
            self.choose(attr(b, "data-item"))
            self.drag = self.item

    def on_palette_drop(self, event):
        item, self.drag = self.drag, None
        if item is None or not self.active:
            return
        hit = document.elementFromPoint(event.clientX, event.clientY)
        cell = attr(None if is_null(hit) else hit.closest("[data-cell]"), "data-cell")
        if cell is not None:
            self.app.board.focus_cell = cell
            self.edit({"op": "edit_click", "cell": cell, "item": item})

    def on_field_input(self, event):
        key = attr(event.target, "data-field")
        if key is not None:
            self.dirty.add(key)

    def on_field(self, event):
        key = attr(event.target, "data-field")
        if key is None:
            return
        self.dirty.discard(key)
        value = bool(event.target.checked) if str(event.target.type) == "checkbox" else str(event.target.value)
        self.edit({"op": "edit_field", "key": key, "value": value})

    def on_option(self, step):
        """The options as the inputs hold them (text values, read by the engine); `step`: a step
        button's [option, i] (Die Drei: turn, flip a tile)."""
        options = {}
        for inp in each(el("edit-options").querySelectorAll("[data-option]")):
            checkbox = str(inp.type) == "checkbox"
            options[attr(inp, "data-option")] = ("1" if inp.checked else "0") if checkbox else str(inp.value)
        self.edit({"op": "edit_option", "options": options, "step": step})

    def on_step(self, event):
        b = closest(event, "button[data-step]")
        if b is not None:
            key, i = attr(b, "data-step").split(":")
            self.on_option([key, int(i)])

    def on_code_key(self, event):
        if str(event.key) == "Enter":
            event.preventDefault()
            self.load_code(str(event.target.value))

    def load_code(self, text):
        """A pasted position code (or a whole link): read by the engine, or its reason said."""
        msg = {"op": "edit_code", "text": text}
        if self.usable():
            msg["storage"] = self.storage()
        self.edit(msg)

    # ------------------------------------------------------------------ leaving the editor
    async def play(self):
        """Play from here: the position becomes the start of a game (the worker's answer is its
        snapshot; a position it cannot play is said, and the editor stays)."""
        if not self.active:
            return
        answer = await self.ask_engine({"op": "edit_play"})
        if answer is None or not self.active:
            return
        self.leave()
        self.app.acted()
        self.app.set_game()              # a new game, kept from its first save (as the new-game dialog's)
        self.app.apply(answer)

    def analyse(self):
        """'Analyse': the position set up, on the analysis board (the room takes the board from
        the editor; the game behind both stays as it was)."""
        room = self.app.room_named("analysis")
        if room is None or self.snap is None or not self.snap.get("ok") or not self.snap.get("link"):
            return self.app.spawn_act(None)
        link = self.snap["link"]
        return room.open_position(link, ("ui.tree.back_edit", lambda: self.reopen(link)))

    def reopen(self, link):
        """The editor again at a position it had set up (the analysis board's way back)."""
        self.open()
        self.load_code(link)

    def copy_link(self):
        """The position's link, copied as the game's link is (the editor's own link box)."""
        if self.snap is not None and self.snap["link"]:
            self.app.spawn(self.app.copy_link(page_url(self.snap["link"]), el("edit-link-text")))

    # ------------------------------------------------------------------ studies
    def studies(self, msg):
        """A studies request with the stored texts; its answer is carried out by `done`."""
        if self.active and self.usable():
            msg["storage"] = self.storage()
            self.run(self.studies_answer(msg))

    async def studies_answer(self, msg):
        answer = await self.ask_engine(msg)
        if answer is None or not self.active:
            return
        if answer.get("kind") == "editor":             # a study opened: the editor at it
            self.sent += 1
            self.draw(answer)
            return
        self.done(answer)

    def done(self, answer):
        """What a studies answer says: a question, a message, a file, or writes (all or none)."""
        app = self.app
        self.put_away_question()
        if answer.get("kind") == "export":
            download(answer["text"], answer["mime"], answer["file"])
        elif "ask" in answer:
            self.ask(answer["ask"])
        elif "writes" in answer:
            if self.write(answer["writes"]):
                if answer.get("deleted"):       # said with Undo, as My games says a deleted game
                    app.hide_message()
                    deleted = answer["deleted"]
                    app.notify(answer["done"], texts.Said("ui.mygames_undelete"),
                               lambda: self.studies({"op": "edit_study_restore", "deleted": deleted}))
                elif answer["done"]:
                    app.show_message(answer["done"])
                if answer.get("clear_name"):
                    el("study-name").value = ""
                self.draw_studies(answer["studies"])
            else:
                app.show_message(answer["failed"])
        else:
            if answer.get("message"):
                app.show_message(answer["message"])
            if "studies" in answer:
                self.draw_studies(answer["studies"])

    def write(self, writes) -> bool:
        """Store every [key, text] of `writes`, each read back; if one fails, put back what was there."""
        store = self.app.storage
        before = {}
        for key, text in writes:
            if key not in before:
                before[key] = store.get(key)
            if not (store.set(key, text) and store.get(key) == text):
                for k, old in before.items():
                    if old is None:
                        store.remove(k)
                    else:
                        store.set(k, old)
                return False
        return True

    def draw_studies(self, names):
        """The game's studies as buttons (their names as text), as the worker read them from storage."""
        ul = el("study-list")
        ul.replaceChildren()
        for i, name in enumerate(names):
            li = make("li")
            li.appendChild(make("button", name, type="button", data_open=str(i)))
            li.appendChild(make("button", "×", type="button", data_delete=str(i),
                                aria_label=self.app.tr("ui.edit.delete", name=name)))
            ul.appendChild(li)
        el("study-none").hidden = bool(names)

    def on_save_study(self, event):
        """Save the position under its name: a name taken by another position is asked about
        first, and "Saved as" is said only once storage holds it."""
        event.preventDefault()
        self.studies({"op": "edit_study_save", "name": str(el("study-name").value)})

    def on_study(self, event):
        b = closest(event, "button")
        if b is None:
            return
        if attr(b, "data-open") is not None:
            self.studies({"op": "edit_study_open", "index": int(attr(b, "data-open"))})
        elif attr(b, "data-delete") is not None:
            self.studies({"op": "edit_study_delete", "index": int(attr(b, "data-delete"))})

    def on_import(self, event):
        files = event.target.files
        if not files.length:
            return
        file = files.item(0)
        event.target.value = ""
        if int(file.size) > self.max_import:      # refused unread: more than the page's heap holds
            self.too_large()
            return
        self.run(self.read_import(file))

    def too_large(self):
        self.app.show_message(texts.Said("ui.edit.import_too_large", kb=self.max_import // 1024))

    async def read_import(self, file):
        """The file's text, to the worker; one the page's heap cannot hold (a MemoryError) is said
        as a file too large, and nothing is changed."""
        try:
            text = str(await file.text())
            if self.active and self.usable():
                await self.studies_answer({"op": "edit_study_import", "text": text, "storage": self.storage()})
        except MemoryError:
            self.too_large()

    # ------------------------------------------------------------------ the name-clash question
    def ask(self, question):
        """A name is taken: Replace, Keep both (focused: it loses nothing) or Cancel (also Escape),
        in the studies box; the answer goes to the worker, which holds what waits for it."""
        el("study-ask-text").textContent = question
        box = el("study-ask")
        box.hidden = False
        box.querySelector("[data-choice='both']").focus()

    def put_away_question(self):
        box = el("study-ask")
        if box.hidden:
            return
        had_focus = box.contains(document.activeElement)
        box.hidden = True
        if had_focus:
            el("study-name").focus()

    def answer(self, choice):
        """Cancel changes nothing, said at once; Replace or Keep both is carried out by the
        worker, and the question stays until storage holds the result."""
        if el("study-ask").hidden:
            return
        if choice == "cancel":
            self.put_away_question()
            self.app.show_message(texts.Said("ui.edit.nothing_changed"))
        else:
            self.studies({"op": "edit_study_answer", "choice": choice})

    def on_ask(self, event):
        b = closest(event, "button[data-choice]")
        if b is not None:
            self.answer(attr(b, "data-choice"))

    def on_ask_key(self, event):
        if str(event.key) == "Escape":
            event.preventDefault()
            self.answer("cancel")
