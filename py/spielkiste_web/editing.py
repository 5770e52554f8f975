"""The board editor's page (issue 12): a palette, the board as it is being set up, side to move,
the game's fields and options, the position code, "Play from here", a link, and studies (named
positions saved per game, exported and imported as a text file).

The model and every check are the engine's (spielkiste.editor): this module only draws what the
Editor holds and passes clicks, drags and keys to it. Nothing typed, pasted or imported becomes
markup: names and codes go through textContent and the engine's readers."""
import asyncio

from pyodide.ffi import create_once_callable
from pyscript import document

from spielkiste.editor import Editor
from spielkiste.errors import SpielkisteError
from spielkiste.record import Record
from spielkiste.registry import ENTRIES
from spielkiste.texts import is_msg, tr
from spielkiste_web import links, saves, svg
from spielkiste_web.dialog import option_inputs, read_options, step_option
from spielkiste_web.dom import el, make, on, page_url
from spielkiste_web.share import download

ERASER = ""
STUDIES = "spielkiste.studies."        # + game id: JSON [[name, code], ...] (saves.read_studies)
ASK = (("ui.edit.replace", "replace"), ("ui.edit.keep_both", "both"), ("ui.edit.cancel_ask", "cancel"))


class EditorPage:
    def __init__(self, app):
        self.app = app
        self._editor: Editor | None = None   # the editor's model while the editor is open
        self.item = ERASER               # the palette's choice ('' = the eraser)
        on(el("btn-edit"), "click", lambda e: self.open())
        on(el("edit-cancel"), "click", lambda e: self.close())
        on(el("edit-clear"), "click", lambda e: self.edit(self.editor.clear))
        on(el("edit-start"), "click", lambda e: self.edit(self.editor.start_position))
        on(el("edit-play"), "click", lambda e: self.play())
        on(el("edit-link"), "click", lambda e: self.copy_link())
        on(el("edit-load"), "click", lambda e: self.load_code(str(el("edit-code").value)))
        on(el("edit-code"), "keydown", self.on_code_key)
        on(el("edit-to-move"), "change", lambda e: self.edit(lambda: self.editor.set_to_move(int(e.target.value))))
        on(el("edit-fields"), "change", self.on_field)
        on(el("edit-options"), "change", self.on_option)
        on(el("edit-options"), "click", lambda e: step_option(e, self._editor.game if self._editor else None))
        on(el("palette"), "click", self.on_palette)
        on(el("palette"), "pointerdown", self.on_palette_down)
        on(el("palette"), "keydown", self.on_palette_key)
        on(el("study-form"), "submit", self.on_save_study)
        on(el("study-list"), "click", self.on_study)
        on(el("study-export"), "click", lambda e: self.export())
        on(el("study-import"), "change", self.on_import)
        self.asking = None               # a save or import waiting for the answer to a name clash
        ask = make("div", None, id="study-ask", role="group", aria_labelledby="study-ask-text", class_="study-ask")
        ask.hidden = True
        ask.appendChild(make("p", None, id="study-ask-text"))
        row = make("div", None, class_="controls")
        for key, choice in ASK:
            b = make("button", None, type="button")
            b.dataset.t = key
            b.dataset.choice = choice
            row.appendChild(b)
        ask.appendChild(row)
        el("studies").appendChild(ask)
        on(ask, "click", self.on_ask)
        on(ask, "keydown", self.on_ask_key)

    @property
    def editor(self) -> Editor:
        """The editor's model; its controls act only while the editor is open (see `active`)."""
        if self._editor is None:
            raise RuntimeError("the editor is not open")
        return self._editor

    @property
    def active(self) -> bool:
        return self._editor is not None

    # ------------------------------------------------------------------ open and close
    def open(self):
        """The editor at the position on the board."""
        app = self.app
        app.cancel_ai()
        self._editor = Editor.of(app.record.current)
        self.item = next(iter(self.editor.items), ERASER)
        document.body.dataset.mode = "edit"
        el("editor").hidden = False
        app.hide_rules()
        self.draw_controls()
        self.render()
        el("palette").querySelector("[aria-checked='true']").focus()

    def close(self):
        self.leave()
        self.app.render()
        self.app.maybe_think()

    def leave(self):
        """Out of the editor, drawing nothing (the caller draws what comes next)."""
        if self._editor is None:
            return
        self.answer(None)
        self._editor = None
        document.body.dataset.mode = "play"
        el("editor").hidden = True
        el("edit-link-text").hidden = True

    # ------------------------------------------------------------------ drawing
    def draw_controls(self):
        """Palette, side to move, fields and options: drawn when the editor opens or the options change."""
        app, ed = self.app, self.editor
        pal = el("palette")
        pal.replaceChildren()
        for key, item in list(ed.items.items()) + [(ERASER, None)]:
            b = make("button", None, type="button", role="radio")
            b.dataset.item = key
            name = svg.piece_label(item.piece(""), app.lang) if item else app.tr("ui.edit.eraser")
            b.setAttribute("aria-label", name)
            b.title = name
            b.innerHTML = svg.icon(item.piece("")) if item else svg.ERASER_ICON   # our own markup, no input in it
            pal.appendChild(b)
        box = el("edit-fields")
        box.replaceChildren()
        for f in ed.fields:      # a yes/no field is a checkbox, any other a number input
            lab = make("label")
            text = app.tr(f.label)
            flag = (f.lo, f.hi) == (0, 1)
            inp = make("input", None, type="checkbox") if flag else \
                make("input", None, type="number", min=str(f.lo), max=str(f.hi), step="1")
            inp.dataset.field = f.key
            span = make("span", text[:1].upper() + text[1:] + ("" if flag else " "))
            lab.className = "flag" if flag else ""
            lab.append(*((inp, span) if flag else (span, inp)))
            box.appendChild(lab)
        option_inputs(app, ed.game, ed.setup.options, el("edit-options"), skip=("seed",))
        el("edit-options-box").hidden = not el("edit-options").children.length
        self.draw_studies()

    def render(self):
        """The board as set up, the squares at fault marked, and what the engine says of it."""
        app, ed = self.app, self.editor
        bad: tuple = ()
        state = None
        try:
            state = ed.check()
            res = state.outcome()
            if res is not None:
                why = app.tr("ui.edit.decided", result=res.message(app.lang))
            else:               # and what the game says besides the board (a phase, the reserves)
                line = state.status()
                why = " ".join([app.tr("ui.edit.ok", player=app.seat_name(state.to_move, state))]
                               + ([app.tr(line[0], **line[1])] if line else [])
                               + [app.tr(k, **a) for k, a in state.view().notes])
        except SpielkisteError as e:
            bad = e.cells
            reason = e.params.get("why")
            why = app.tr("ui.edit.not_yet", why=tr(reason, app.lang) if is_msg(reason) else e.message(app.lang))
        cells = ed.cells()
        title = app.tr("ui.edit.board", game=app.tr("game." + ed.game.id))
        board = el("board")
        had_focus = board.contains(document.activeElement)
        view = ed.view(bad)
        board.innerHTML = svg.render(view, app.lang, cells, None, app.rotation, (), title)
        app.input.place_focus(view, cells, had_focus)
        for b in el("palette").querySelectorAll("button"):
            b.setAttribute("aria-checked", "true" if str(b.dataset.item) == self.item else "false")
            b.tabIndex = 0 if str(b.dataset.item) == self.item else -1
        seats = el("edit-to-move")      # named afresh: a pie swap changes who plays which colour
        seats.replaceChildren()
        for seat, colour in enumerate(ed.seat_colours(state)):
            seats.appendChild(make("option", app.tr("colour." + colour), value=str(seat)))
        seats.value = str(ed.setup.to_move)
        for inp in el("edit-fields").querySelectorAll("input"):
            value = ed.setup.fields.get(str(inp.dataset.field), 0)
            if str(inp.type) == "checkbox":
                inp.checked = bool(value)
            else:
                inp.value = str(value)
        status = el("edit-why")
        status.textContent = why
        ok = state is not None
        status.className = "edit-why ok" if ok else "edit-why bad"
        el("edit-play").disabled = not ok
        el("edit-link").disabled = not ok
        el("study-save").disabled = not ok
        code = el("edit-code")
        if document.activeElement is not code:
            code.value = ed.code()
        el("game-title").textContent = app.tr("game." + ed.game.id)

    # ------------------------------------------------------------------ edits
    def edit(self, change):
        """Apply an edit of the Editor; an edit the engine refuses is said, nothing is lost."""
        try:
            change()
        except SpielkisteError as e:
            self.app.show_message(e.message(self.app.lang))
        self.render()

    def click(self, cell):
        """A square clicked or chosen with Enter: the palette's item on it, or the eraser."""
        if self.item == ERASER:
            self.edit(lambda: self.editor.remove(cell))
        else:
            self.edit(lambda: self.editor.place(cell, self.item))

    def remove(self, cell):
        self.edit(lambda: self.editor.remove(cell))

    def move(self, src, dst):
        self.edit(lambda: self.editor.move(src, dst))

    def has_piece(self, cell) -> bool:
        return bool(self.editor.setup.board.get(cell))

    def choose(self, key):
        if key == ERASER or key in self.editor.items:
            self.item = key
            self.render()

    def choose_by_number(self, n: int):
        """Keys 1-9 pick the palette's n-th item, 0 the eraser."""
        keys = list(self.editor.items)
        if n == 0:
            self.choose(ERASER)
        elif n <= len(keys):
            self.choose(keys[n - 1])

    def on_palette(self, event):
        b = event.target.closest("button[data-item]") if event.target else None
        if b:
            self.choose(str(b.dataset.item))

    def on_palette_key(self, event):
        """Arrow keys move the choice within the palette (a radio group), as in any radio group."""
        step = {"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1}.get(str(event.key))
        if step is None:
            return
        event.preventDefault()
        keys = list(self.editor.items) + [ERASER]
        self.choose(keys[(keys.index(self.item) + step) % len(keys)])
        el("palette").querySelector("[aria-checked='true']").focus()

    def on_palette_down(self, event):
        """Drag from the palette: the item is chosen, and dropped on the square the pointer is released over."""
        b = event.target.closest("button[data-item]") if event.target else None
        if not b:
            return
        self.choose(str(b.dataset.item))
        self.app.input.palette_drag = str(b.dataset.item)

    def on_field(self, event):
        key = str(event.target.dataset.field)
        if str(event.target.type) == "checkbox":
            value = int(bool(event.target.checked))
        else:
            try:
                value = int(str(event.target.value))
            except ValueError:
                value = 0
        self.edit(lambda: self.editor.set_field(key, value))

    def on_option(self, event):
        self.edit(lambda: self.editor.set_options(read_options(el("edit-options"))))
        self.draw_controls()
        self.render()

    def on_code_key(self, event):
        if str(event.key) == "Enter":
            event.preventDefault()
            self.load_code(str(event.target.value))

    def load_code(self, text):
        """A pasted position code (or a whole link): read by the engine, or its reason said."""
        text = text.strip()
        frag = text.split("#", 1)[1] if "#" in text else ""
        try:
            if frag:
                rec = links.from_fragment(frag)
                state = rec.current
            else:
                state = self.editor.game.decode(text)
        except SpielkisteError as e:
            el("edit-why").textContent = self.app.tr("ui.edit.bad_code", why=e.message(self.app.lang))
            el("edit-why").className = "edit-why bad"
            return
        self._editor = Editor.of(state)
        self.item = next(iter(self.editor.items), ERASER)
        self.draw_controls()
        self.render()

    # ------------------------------------------------------------------ leaving the editor
    def play(self):
        """Play from here: the position becomes the start of a game, the seats as they were."""
        app = self.app
        try:
            state = self.editor.check()
        except SpielkisteError:
            return
        n = state.num_players
        seats = app.seats if app.record.game is state.__class__ and len(app.seats) == n else saves.default_seats(n)
        self.leave()
        app.start_game(Record(state, custom_start=True), seats, app.level)

    def copy_link(self):
        """The position's link, copied as the game's link is (the editor's own link box)."""
        try:
            url = page_url(links.position_link(self.editor.check()))
        except SpielkisteError:
            return
        asyncio.ensure_future(self.app.copy_link(url, el("edit-link-text")))

    # ------------------------------------------------------------------ studies
    def studies(self, gid) -> list:
        """The saved positions of a game, [[name, code], ...] (saves.studies)."""
        return saves.studies(self.app.storage.get(STUDIES + gid))

    def write_studies(self, lists: dict) -> str | None:
        """Store the studies of each game in `lists` ({game id: [[name, code], ...]}), all or
        none: None once storage holds every list (read back), else the text key of why nothing
        was stored. A slot that could not be read is set aside before it is written over."""
        storage = self.app.storage
        texts = {gid: saves.studies_text(items) for gid, items in lists.items()}
        if None in texts.values():
            return "ui.edit.not_stored_long"
        before: dict = {}
        for gid, text in texts.items():
            key = STUDIES + gid
            old = storage.get(key)
            before[key] = old
            if saves.read_studies(old) is None and not saves.set_aside(storage, "studies." + gid, old):
                why = "ui.edit.not_stored"
            elif storage.set(key, text) and storage.get(key) == text:
                continue
            else:
                why = "ui.edit.not_stored"
            for k, v in before.items():        # put back what was there: nothing half imported
                if v is None:
                    storage.remove(k)
                else:
                    storage.set(k, v)
            return why
        return None

    def draw_studies(self):
        app, gid = self.app, self.editor.game.id
        usable = app.storage.available and not app.embed
        el("studies").hidden = not usable
        self.answer(None)
        ul = el("study-list")
        ul.replaceChildren()
        items = self.studies(gid)
        for i, (name, _) in enumerate(items):
            li = make("li")
            b = make("button", name, type="button")
            b.dataset.open = str(i)
            d = make("button", "×", type="button", aria_label=app.tr("ui.edit.delete", name=name))
            d.dataset.delete = str(i)
            li.appendChild(b)
            li.appendChild(d)
            ul.appendChild(li)
        el("study-none").hidden = bool(items)

    def on_save_study(self, event):
        """Save the position under its name: a name taken by another position is asked about
        first, and "Saved as" is said only once storage holds it."""
        event.preventDefault()
        app = self.app
        name = str(el("study-name").value).strip()[:saves.MAX_NAME] or app.tr("ui.edit.untitled")
        try:
            code = self.editor.check().encode()
        except SpielkisteError:
            return
        gid = self.editor.game.id

        def commit(keep_both):
            merged = saves.merge(self.studies(gid), [(name, code)], keep_both)
            if len(merged) > saves.MAX_STUDIES:
                app.show_message(app.tr("ui.edit.full_save", game=app.tr("game." + gid), count=saves.MAX_STUDIES))
                return
            why = self.write_studies({gid: merged})
            if why:
                app.show_message(app.tr(why))
            else:
                app.show_message(app.tr("ui.edit.saved", name=name if [name, code] in merged else merged[-1][0]))
                el("study-name").value = ""
            self.draw_studies()
        clash = saves.clashes(self.studies(gid), [(name, code)])
        if clash:
            self.ask(app.tr("ui.edit.clash_one", name=name), commit)
        else:
            commit(False)

    def ask(self, question: str, commit) -> None:
        """A name is taken: Replace, Keep both (focused: it loses nothing) or Cancel (also Escape),
        in the studies box; `commit(keep_both)` runs on the answer."""
        app = self.app
        self.asking = commit
        el("study-ask-text").textContent = question
        for b in el("study-ask").querySelectorAll("button"):
            b.textContent = app.tr(str(b.dataset.t))
        el("study-ask").hidden = False
        el("study-ask").querySelector("[data-choice='both']").focus()

    def answer(self, choice: str | None) -> None:
        """The question's answer ('replace', 'both', 'cancel'); None puts it away unanswered."""
        commit, self.asking = self.asking, None
        ask = el("study-ask")
        had_focus = ask.contains(document.activeElement)
        ask.hidden = True
        if commit is not None and choice == "cancel":
            self.app.show_message(self.app.tr("ui.edit.nothing_changed"))
        elif commit is not None and choice is not None:
            commit(choice == "both")
        if had_focus:
            el("study-name").focus()

    def on_ask(self, event):
        b = event.target.closest("button[data-choice]") if event.target else None
        if b:
            self.answer(str(b.dataset.choice))

    def on_ask_key(self, event):
        if str(event.key) == "Escape":
            event.preventDefault()
            self.answer("cancel")

    def on_study(self, event):
        b = event.target.closest("button") if event.target else None
        if not b:
            return
        gid = self.editor.game.id
        items = self.studies(gid)
        if b.hasAttribute("data-open"):
            i = int(b.getAttribute("data-open"))
            if i < len(items):
                self.load_code(items[i][1])
        elif b.hasAttribute("data-delete"):
            i = int(b.getAttribute("data-delete"))
            if i < len(items):
                del items[i]
                why = self.write_studies({gid: items})
                if why:
                    self.app.show_message(self.app.tr(why))
                self.draw_studies()

    def export(self):
        """Every game's studies as one text file (saves.export_text: names escaped, so every
        character of a name comes back on import)."""
        entries = [(gid, name, code) for gid in ENTRIES for name, code in self.studies(gid)]
        download(saves.export_text(entries), "text/plain", "spielkiste-studies.txt")

    def on_import(self, event):
        files = event.target.files
        if not files.length:
            return
        file = files.item(0)
        event.target.value = ""
        if int(file.size) > saves.MAX_IMPORT:      # refused unread: no export is that large
            self.app.show_message(self.app.tr("ui.edit.import_large"))
            return
        file.text().then(create_once_callable(lambda text: self.import_text(str(text))))

    def import_text(self, text):
        """Studies from an exported file: each line read by the engine; lines that are no position
        are skipped and counted. Names already taken by other positions are asked about first;
        the count is said only once storage holds every study (all or none), and a game that would
        pass MAX_STUDIES, or a failed write, changes nothing and says so."""
        app = self.app
        try:
            lines = saves.read_export(text)
        except SpielkisteError as e:
            app.show_message(e.message(app.lang))
            return
        if lines is None:
            app.show_message(app.tr("ui.edit.import_bad"))
            return
        new: dict = {}
        skipped = 0
        for name, frag in lines:
            try:
                rec = links.from_fragment(frag)
            except SpielkisteError:
                skipped += 1
                continue
            new.setdefault(rec.game.id, []).append((name or app.tr("ui.edit.untitled"), rec.current.encode()))
        added = sum(len(items) for items in new.values())

        def commit(keep_both):
            lists = {gid: saves.merge(self.studies(gid), items, keep_both) for gid, items in new.items()}
            for gid, items in lists.items():
                if len(items) > saves.MAX_STUDIES:
                    app.show_message(app.tr("ui.edit.full_import", game=app.tr("game." + gid), count=len(items),
                                            most=saves.MAX_STUDIES))
                    return
            why = self.write_studies(lists)
            app.show_message(app.tr(why) if why else app.tr("ui.edit.imported", added=added, skipped=skipped))
            self.draw_studies()
        clash = [n for gid, items in new.items() for n in saves.clashes(self.studies(gid), items)]
        if clash:
            shown = ", ".join(app.tr("ui.edit.quoted", name=n) for n in clash[:3]) + (", …" if len(clash) > 3 else "")
            self.ask(app.tr("ui.edit.clash_many", count=len(clash), names=shown), commit)
        else:
            commit(False)
