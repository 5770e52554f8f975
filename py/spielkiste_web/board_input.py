"""The board's input besides plain clicks: drag and drop (mouse and touch), keyboard play with a
roving tabindex (one Tab stop for the board, arrow keys from square to square in the board's
rotation, Enter/Space to select and place, Escape to cancel) and the page's shortcuts."""
import asyncio

from pyscript import document

from spielkiste_web.dom import el, on

ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


class BoardInput:
    def __init__(self, app):
        self.app = app
        self.focus_cell: str | None = None
        self.pressed: str | None = None   # a piece picked up by pointerdown (drag and drop)
        self.palette_drag: str | None = None   # an editor palette item being dragged onto the board
        board = el("board")
        on(board, "click", self.on_board_click)
        on(board, "keydown", self.on_board_key)
        on(board, "pointerdown", self.on_pointer_down)
        on(board, "pointerup", self.on_pointer_up)
        on(board, "focusin", self.on_board_focus)
        on(document, "keydown", self.on_key)
        on(document, "pointerup", self.on_palette_drop)
        on(el("skip"), "click", self.on_skip)

    def cell_rect(self, cell):
        return el("board").querySelector(f'[data-cell="{cell}"]')

    def place_focus(self, view, targets, had_focus):
        """One Tab stop for the board (roving tabindex): the focused square, else a target, else the first."""
        ids = [c.id for c in view.cells]
        if self.focus_cell not in ids:
            self.focus_cell = (sorted(targets)[0] if targets else (ids[0] if ids else None))
        rect = self.cell_rect(self.focus_cell) if self.focus_cell else None
        if rect:
            rect.setAttribute("tabindex", "0")
            if had_focus:
                rect.focus()

    def editing(self):
        return self.app.editor.active

    def on_board_click(self, event):
        target = event.target.closest("[data-cell]")
        if target and self.editing():
            self.pressed = None
            self.focus_cell = str(target.dataset.cell)
            self.app.editor.click(self.focus_cell)
            return
        if not target or not self.app.human_to_move():      # closest() gives JS null (falsy), not None
            return
        cell = str(target.dataset.cell)
        if self.pressed == cell:         # already picked up by pointerdown: a tap, not a second click
            self.pressed = None
            return
        self.pressed = None
        self.focus_cell = cell
        self.app.click_cell(cell)

    def on_pointer_down(self, event):
        """Drag and drop: a piece that has somewhere to go is picked up at once."""
        target = event.target.closest("[data-cell]")
        self.pressed = None
        if target and self.editing():      # the editor: a piece is moved where it is released
            if self.app.editor.has_piece(str(target.dataset.cell)):
                self.pressed = str(target.dataset.cell)
            return
        if not target or not self.app.human_to_move() or self.app.clicks.prefix:
            return
        cell = str(target.dataset.cell)
        paths = [p for p, _, _ in self.app.clicks.entries if p and p[0] == cell]
        if paths and all(len(p) > 1 for p in paths):
            self.pressed = cell
            self.focus_cell = cell
            self.app.click_cell(cell)

    def on_pointer_up(self, event):
        if self.pressed is None:
            return
        hit = document.elementFromPoint(event.clientX, event.clientY)
        target = hit.closest("[data-cell]") if hit else None
        if self.editing():
            if target and str(target.dataset.cell) != self.pressed:
                self.focus_cell = str(target.dataset.cell)
                self.app.editor.move(self.pressed, self.focus_cell)
            self.pressed = None
            return
        if target and str(target.dataset.cell) != self.pressed and self.app.human_to_move():
            self.pressed = None
            self.focus_cell = str(target.dataset.cell)
            self.app.click_cell(self.focus_cell)

    def on_palette_drop(self, event):
        """A palette item dragged from the editor's palette and released over a square is placed there."""
        item, self.palette_drag = self.palette_drag, None
        if item is None or not self.editing():
            return
        hit = document.elementFromPoint(event.clientX, event.clientY)
        target = hit.closest("[data-cell]") if hit else None
        if target:
            self.focus_cell = str(target.dataset.cell)
            self.app.editor.click(self.focus_cell)

    def on_board_focus(self, event):
        target = event.target.closest("[data-cell]") if event.target else None
        if target:
            self.focus_cell = str(target.dataset.cell)

    def on_board_key(self, event):
        key = str(event.key)
        if key in ARROWS:
            event.preventDefault()
            event.stopPropagation()
            self.move_focus(*ARROWS[key])
        elif key in ("Enter", " "):
            event.preventDefault()
            if self.focus_cell and self.editing():
                self.app.editor.click(self.focus_cell)
            elif self.focus_cell and self.app.human_to_move():
                self.app.click_cell(self.focus_cell)
        elif key in ("Delete", "Backspace") and self.focus_cell and self.editing():
            event.preventDefault()
            self.app.editor.remove(self.focus_cell)

    def move_focus(self, dx, dy):
        """The nearest square in that direction on screen, so the board's rotation needs no special case."""
        here = self.cell_rect(self.focus_cell) if self.focus_cell else None
        if not here:
            return
        r = here.getBoundingClientRect()
        x0, y0 = r.left + r.width / 2, r.top + r.height / 2
        best, best_score = None, None
        for rect in el("board").querySelectorAll("[data-cell]"):
            b = rect.getBoundingClientRect()
            x, y = b.left + b.width / 2 - x0, b.top + b.height / 2 - y0
            along = x * dx + y * dy
            if along < r.width * 0.3:
                continue
            score = along + 2 * abs(x * dy + y * dx)
            if best_score is None or score < best_score:
                best, best_score = rect, score
        if best is not None:
            here.setAttribute("tabindex", "-1")
            best.setAttribute("tabindex", "0")
            self.focus_cell = str(best.dataset.cell)
            best.focus()

    def on_key(self, event):
        tag = str(event.target.tagName).lower()
        if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey or event.altKey:
            return
        if el("newgame").open or el("keys").open:
            return
        key = str(event.key)
        if self.editing():                 # the editor's keys: 1-9 pick a palette item, 0 the eraser
            if len(key) == 1 and key.isdigit():
                self.app.editor.choose_by_number(int(key))
            elif key == "?":
                el("keys").showModal()
            return
        if key == "Escape" and self.app.clicks and self.app.clicks.prefix:
            self.app.clicks.reset()
            self.app.render()
        elif key == "ArrowLeft":
            self.app.step_to(self.app.record.cursor - 1)
        elif key == "ArrowRight":
            self.app.step_to(self.app.record.cursor + 1)
        elif key == "?":
            el("keys").showModal()
        elif key in ("u", "U"):
            self.app.undo()
        elif key in ("r", "R"):
            self.app.redo()
        elif key in ("n", "N"):
            self.app.dialog.open(self.app.record.game)
        elif key in ("h", "H"):
            asyncio.ensure_future(self.app.analysis.hint())

    def on_skip(self, event):
        event.preventDefault()
        rect = self.cell_rect(self.focus_cell) if self.focus_cell else None
        if rect:
            rect.focus()
