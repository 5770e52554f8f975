"""The board editor's page (issue 12): a palette, the board as it is being set up, side to move,
the game's fields and options, the position code, "Play from here", a link, and studies (named
positions saved per game, exported and imported as a text file).

The model and every check are the engine's (spielkiste.editor): this module only draws what the
Editor holds and passes clicks, drags and keys to it. Nothing typed, pasted or imported becomes
markup: names and codes go through textContent and the engine's readers."""
import asyncio
import json

from pyodide.ffi import create_once_callable
from pyscript import document

from spielkiste.editor import Editor
from spielkiste.errors import SpielkisteError
from spielkiste.record import Record
from spielkiste.registry import ENTRIES
from spielkiste.texts import tr
from spielkiste_web import links, saves, svg
from spielkiste_web.dialog import option_inputs, read_options, step_option
from spielkiste_web.dom import el, make, on, page_url
from spielkiste_web.share import download

ERASER = ""
STUDIES = "spielkiste.studies."        # + game id: JSON [[name, code], ...]
MAX_STUDIES = 200
HEADER = "# Spielkiste studies 1"      # the export file: this line, then 'name<TAB>link' per line


class EditorPage:
    def __init__(self, app):
        self.app = app
        self.editor: Editor | None = None
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
        on(el("edit-options"), "click", lambda e: step_option(e, self.editor.game if self.editor else None))
        on(el("palette"), "click", self.on_palette)
        on(el("palette"), "pointerdown", self.on_palette_down)
        on(el("palette"), "keydown", self.on_palette_key)
        on(el("study-form"), "submit", self.on_save_study)
        on(el("study-list"), "click", self.on_study)
        on(el("study-export"), "click", lambda e: self.export())
        on(el("study-import"), "change", self.on_import)

    @property
    def active(self) -> bool:
        return self.editor is not None

    # ------------------------------------------------------------------ open and close
    def open(self):
        """The editor at the position on the board."""
        app = self.app
        app.cancel_ai()
        self.editor = Editor.of(app.record.current)
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
        if self.editor is None:
            return
        self.editor = None
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
            why = app.tr("ui.edit.not_yet", why=tr(reason, app.lang) if reason else e.message(app.lang))
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
        self.editor = Editor.of(state)
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

    def store(self, gid, items) -> bool:
        return self.app.storage.set(STUDIES + gid, json.dumps(items[:MAX_STUDIES]))

    def draw_studies(self):
        app, gid = self.app, self.editor.game.id
        usable = app.storage.available and not app.embed
        el("studies").hidden = not usable
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
        event.preventDefault()
        app = self.app
        name = str(el("study-name").value).strip()[:60] or app.tr("ui.edit.untitled")
        try:
            code = self.editor.check().encode()
        except SpielkisteError:
            return
        gid = self.editor.game.id
        items = [x for x in self.studies(gid) if x[0] != name] + [[name, code]]
        if self.store(gid, items):
            app.show_message(app.tr("ui.edit.saved", name=name))
            el("study-name").value = ""
        else:
            app.show_message(app.tr("ui.storage_full"))
        self.draw_studies()

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
                self.store(gid, items)
                self.draw_studies()

    def export(self):
        """Every game's studies as one text file: a header line, then 'name<TAB>link' per study."""
        lines = [HEADER]
        for gid in ENTRIES:
            for name, code in self.studies(gid):
                lines.append(name.replace("\t", " ").replace("\n", " ") + "\t" + f"{gid}?p={code}")
        download("\n".join(lines) + "\n", "text/plain", "spielkiste-studies.txt")

    def on_import(self, event):
        files = event.target.files
        if not files.length:
            return
        file = files.item(0)
        file.text().then(create_once_callable(lambda text: self.import_text(str(text))))
        event.target.value = ""

    def import_text(self, text):
        """Studies from an exported file: each line read by the engine; lines that are no position
        are skipped and counted, nothing already saved is lost."""
        app = self.app
        added, skipped = 0, 0
        lines = text.splitlines()
        if not lines or lines[0].strip() != HEADER:
            app.show_message(app.tr("ui.edit.import_bad"))
            return
        by_game: dict = {}
        for line in lines[1:]:
            if not line.strip():
                continue
            name, _, frag = line.rpartition("\t")
            try:
                rec = links.from_fragment(frag.strip())
            except SpielkisteError:
                skipped += 1
                continue
            gid = rec.game.id
            items = by_game.setdefault(gid, self.studies(gid))
            name = name.strip()[:60] or app.tr("ui.edit.untitled")
            items[:] = [x for x in items if x[0] != name] + [[name, rec.current.encode()]]
            added += 1
        stored = all(self.store(gid, items) for gid, items in by_game.items())
        app.show_message(app.tr("ui.edit.imported", added=added, skipped=skipped) if stored
                         else app.tr("ui.storage_full"))
        self.draw_studies()
