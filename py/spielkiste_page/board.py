"""The board on the page, shaped like lichess's chessground: it knows no rules. `set(config)`
gives it a snapshot (the SVG, the legal moves as click paths in `entries`, the highlight markup of
each selectable prefix in `overlays`, the squares' centres in `cells`); it reports a finished move
through `on_move(move_text)` and a changed selection through `on_select(prefix)`.

Selecting is local, so picking up a piece costs no round trip to the engine's worker: clicks are
matched against `entries` (clicks.Clicks), the rects' `target`/`selected` classes and labels are
toggled and the prefix's overlay is put into the renderer's empty <g class="selection">. Input:
clicks, drag and drop with pointer events (mouse and touch), the keyboard with a roving tabindex
(one Tab stop for the board, arrows from square to square as the board is turned on screen,
Enter/Space to select and place, Escape to cancel), the page's shortcuts, and the choice buttons
(#choices) for moves without a square or with several on one path. In the board editor every
square goes to the editor instead."""
import json

import js
from pyscript import document

from spielkiste_page.clicks import Clicks
from spielkiste_page.dom import el, on
from spielkiste_page import panels
from spielkiste_page.panels import esc

ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
SEP = " · "              # between a square's label and the renderer's "possible move"

# The new SVG in place of `old`, its squares' rects the old ones given the new ones' classes, labels and
# titles; false (nothing changed) when the two do not have the same squares. One call for the whole
# board: square by square from Python it was ~10 calls into the DOM a square (1,440 a move on the Blockade
# box's board), each paid on the main thread.
_keep_squares = js.Function.new("old", "markup", """
    const holder = document.createElement('div');
    holder.innerHTML = markup;
    const svg = holder.querySelector('svg');
    const olds = old.querySelectorAll('rect[data-cell]'), news = svg ? svg.querySelectorAll('rect[data-cell]') : [];
    if (!svg || olds.length !== news.length) return false;
    news.forEach((fresh, i) => {
        const rect = olds[i];
        rect.setAttribute('class', fresh.getAttribute('class'));
        rect.setAttribute('aria-label', fresh.getAttribute('aria-label'));
        rect.setAttribute('tabindex', '-1');
        if (fresh.firstChild) rect.replaceChildren(fresh.firstChild);     // its <title>
        fresh.replaceWith(rect);
    });
    old.replaceWith(svg);
    return true;""")

# The squares the new SVG lights (class `target`) with their labels, as JSON [[square, label], ...]: one call,
# where reading them from Python took three calls into the DOM a square (Snorkels lights every empty square).
_lit_squares = js.Function.new("board", """
    return JSON.stringify(Array.from(board.querySelectorAll('rect.target'),
                                     (r) => [r.dataset.cell, r.getAttribute('aria-label') || '']));""")


def cell_of(node):
    """The square (data-cell) an event happened on, or None (the frame, a coordinate)."""
    target = node.closest("[data-cell]") if node else None
    return str(target.dataset.cell) if target else None


class Board:
    def __init__(self, app):
        self.app = app
        self.on_move = None          # f(move_text): the page sends one `play`
        self.on_select = None        # f(prefix): the selection changed (a tuple of squares, () for none)
        self.view_only = False       # a diagram: nothing is selected or played
        self.config = {}
        self.clicks = Clicks([])
        self.waiting = False         # a move was handed to on_move: no more until the next set()
        self.focus_cell = None       # the board's one Tab stop (roving tabindex)
        self.pressed = None          # a piece picked up by pointerdown (drag and drop)
        self.markup = None           # the SVG drawn now
        self.rects = {}              # square -> its rect (looked up once per SVG)
        self.labels = {}             # square -> its label without the target suffix
        self.lit = set()             # squares that carry the class `target` now
        self.chosen = None           # the square that carries the class `selected` now
        self.target_text = ""        # the renderer's "possible move", in the page's language
        self.choices_markup = None   # the choice buttons drawn now
        self.group = None            # the renderer's <g class="selection">
        board = el("board")
        on(board, "click", self.on_board_click)
        on(board, "keydown", self.on_board_key)
        on(board, "pointerdown", self.on_pointer_down)
        on(board, "pointerup", self.on_pointer_up)
        on(board, "focusin", self.on_board_focus)
        on(el("choices"), "click", self.on_choice)
        on(document, "keydown", self.on_key)
        on(el("skip"), "click", self.on_skip)

    # ------------------------------------------------------------------ config
    def set(self, config, view_only=None):
        """Show a snapshot (or the editor's board); drops any selection. Without "human" in the
        config, `view_only` alone says whether the player may move."""
        if view_only is None:
            view_only = config.get("view_only")
        if view_only is not None:
            self.view_only = bool(view_only)
        same_squares = config.get("cells") == self.config.get("cells")
        self.config = config
        if self.waiting:
            self.busy(False)
        self.clicks = Clicks(config.get("entries") or [] if self.playable() else [])
        board = el("board")
        had_focus = board.contains(document.activeElement)
        if config.get("svg") != self.markup:
            self.draw(board, config.get("svg") or "", same_squares)
        select = config.get("select")
        if select and self.playable():
            self.clicks.prefix = tuple(select)
        self.show()
        self.place_focus(had_focus)

    def draw(self, board, markup, same_squares):
        """Put the new SVG in place. On the same squares (the same game, board and rotation) the
        squares' rects stay the very elements they were, given the new ones' classes, labels and
        titles: a click or tap that started on the board before the answer came still lands, and a
        player's pointer or a test's handle never holds a square that left the page."""
        old = board.querySelector("svg") if same_squares else None
        if not (old and _keep_squares(old, markup)):
            board.innerHTML = markup
        self.markup = markup
        self.rects, self.labels, self.lit, self.chosen = {}, {}, set(), None
        self.group = board.querySelector("g.selection")
        if self.editing():
            return
        for cell, label in json.loads(str(_lit_squares(board))):
            self.lit.add(cell)
            cut = label.rfind(SEP)
            if cut >= 0:
                self.target_text = label[cut + len(SEP):]
                label = label[:cut]
            self.labels[cell] = label

    def rect(self, cell):
        if cell not in self.rects:
            self.rects[cell] = el("board").querySelector(f'[data-cell="{cell}"]')
        return self.rects[cell]

    def label(self, cell):
        """A square's label as the renderer wrote it (with no target suffix, once read)."""
        if cell not in self.labels:
            rect = self.rect(cell)
            self.labels[cell] = str(rect.getAttribute("aria-label") or "") if rect else ""
        return self.labels[cell]

    def editing(self):
        editor = getattr(self.app, "editor", None)
        return bool(self.config.get("edit")) or bool(editor and editor.active)

    def playable(self):
        """Whether the player may select and move now."""
        return (bool(self.config.get("human", True)) and not self.view_only and not self.waiting
                and not self.editing())

    def selected(self):
        """Whether a square is selected (a piece picked up, or a choice open)."""
        return bool(self.clicks.prefix)

    # ------------------------------------------------------------------ selection
    def show(self):
        """The board and the choice buttons as the selection says: the squares that continue it
        lit (with " · possible move" in their labels), its last square selected, its overlay."""
        if self.editing():
            self.put_choices("")
            return
        prefix = self.clicks.prefix
        targets = self.clicks.targets() if self.playable() else set()
        for cell in self.lit ^ targets:
            rect = self.rect(cell)
            if not rect:
                continue
            on_ = cell in targets
            label = self.label(cell) + (SEP + self.target_text if on_ and self.target_text else "")
            if on_:
                rect.classList.add("target")
            else:
                rect.classList.remove("target")
            rect.setAttribute("aria-label", label)
            title = rect.querySelector("title")
            if title:
                title.textContent = label
        self.lit = targets
        chosen = prefix[-1] if prefix else None
        if chosen != self.chosen:
            if self.chosen is not None and self.rect(self.chosen):
                self.rect(self.chosen).classList.remove("selected")
            if chosen is not None and self.rect(chosen):
                self.rect(chosen).classList.add("selected")
            self.chosen = chosen
        if self.group:
            self.group.innerHTML = (self.config.get("overlays") or {}).get(",".join(prefix), "") if prefix else ""
        self.draw_choices()

    def draw_choices(self):
        """Buttons for the moves made without a square (a swap, 'stop here') and, once a path
        is selected that several moves share, one per choice, after "Choose:"."""
        if not self.playable():
            self.put_choices("")
            self.place_choices(None)      # an empty popup left at the square had stayed after the game ended
            return
        clicks = self.clicks
        offered = clicks.buttons()
        out = []
        at = None
        if clicks.prefix and clicks.choices():
            offered = offered + clicks.choices()
            out.append(f"<span>{esc(self.app.tr('ui.choose'))}</span>")
            at = clicks.prefix[-1]
        for label, text in offered:
            out.append(f'<button type="button" data-move="{esc(text)}">{esc(label or text)}</button>')
        self.put_choices("".join(out))
        self.place_choices(at)

    def place_choices(self, cell):
        """The choices of a selected square (Das Tor's triangle or square) sit at the board, a small
        popup anchored at the square, its first button focused as it opens (Escape closes it); the
        buttons of moves without a square stay in the side panel's row. The element moves, its id stays."""
        box, wrap = el("choices"), el("board-wrap")
        rect = self.rect(cell) if cell is not None else None
        if rect is None:
            if box.classList.contains("pop"):
                inside = box.contains(document.activeElement)
                box.classList.remove("pop")
                box.style.left = box.style.top = ""
                el("turn-row").appendChild(box)
                back = self.rect(self.focus_cell) if inside and self.focus_cell else None
                if back:                          # the keyboard goes on from the square
                    back.focus()
            return
        opening = not box.classList.contains("pop")
        if opening:
            wrap.appendChild(box)
            box.classList.add("pop")
        r, w = rect.getBoundingClientRect(), wrap.getBoundingClientRect()
        top = r.bottom - w.top + 4
        if top + box.offsetHeight > w.height:             # no room below the square: above it
            top = r.top - w.top - box.offsetHeight - 4
        left = min(r.left - w.left, w.width - box.offsetWidth)
        box.style.left = str(int(max(0, left))) + "px"
        box.style.top = str(int(max(0, top))) + "px"
        if opening:
            first = box.querySelector("button")
            if first:
                first.focus()

    def put_choices(self, markup):
        """#choices as `markup`, rewritten only when it changed (the same buttons stay the same
        elements while the answer to a move is on its way)."""
        if markup != self.choices_markup:
            el("choices").innerHTML = markup
            self.choices_markup = markup

    def cancel(self):
        """Drop the selection (Escape)."""
        if self.clicks.prefix:
            self.clicks.reset()
            self.show()
            self.selection_changed()

    def selection_changed(self):
        if self.on_select is not None:
            self.on_select(self.clicks.prefix)

    # ------------------------------------------------------------------ playing
    def click(self, cell):
        """A square clicked (tapped, or Enter on it): select, move, or offer the choices; in pick
        mode (a room's task "tap the square that ..."), the square goes to the room."""
        if self.config.get("pick") and self.app.room is not None and not self.waiting:
            self.focus_cell = cell
            self.app.room.on_cell(cell)
            return
        if not self.playable():
            if self.app.turn.thinking and not self.view_only and not self.editing():
                self.app.notify(self.app.tr("ui.wait_computer"))      # said, not dropped without a word
            return
        self.focus_cell = cell
        had = self.clicks.prefix
        kind, what = self.clicks.click(cell)
        if kind == "move":
            self.play(what)
            return
        if kind == "none" and had:      # a square the selected piece cannot reach
            self.app.sound.play("illegal")
        elif kind == "none":            # a closed (hatched) square, or one no placement may take: the engine's reason
            why = (self.config.get("closed") or {}).get(cell)
            if why:
                self.app.sound.play("illegal")
                self.app.notify(self.app.tr("ui.closed_square", cell=cell, why=why))
            elif (self.config.get("refused") or {}).get(cell):
                self.app.sound.play("illegal")
                self.app.notify(self.app.tr("ui.refused_square", cell=cell, why=self.config["refused"][cell]))
        self.show()
        if self.clicks.prefix != had:
            self.selection_changed()

    def play(self, text):
        """Hand a move to the page; until the answer's set(), the board is busy: it takes no
        input and lets no pointer through (a click waits for the next position, as a player's
        eye does), and the move list shows the move at once."""
        self.busy(True)
        panels.pending(self.app.snap, text)
        if self.on_move is not None:
            self.on_move(text)

    def busy(self, on_):
        self.waiting = on_
        board = el("board")
        board.style.pointerEvents = "none" if on_ else ""
        if on_:
            board.setAttribute("aria-busy", "true")
        else:
            board.removeAttribute("aria-busy")

    def on_choice(self, event):
        button = event.target.closest("button[data-move]") if event.target else None
        if not button or not self.playable():
            return
        text = str(button.dataset.move)
        if text in [m for _, m in self.clicks.buttons() + self.clicks.choices()]:   # still on offer
            self.clicks.reset()
            self.play(text)

    # ------------------------------------------------------------------ mouse and touch
    def on_board_click(self, event):
        cell = cell_of(event.target)
        if cell is None:
            return
        if self.editing():
            self.pressed = None
            self.focus_cell = cell
            self.app.editor.click(cell)
            return
        if self.pressed == cell:         # already picked up by pointerdown: a tap, not a second click
            self.pressed = None
            return
        self.pressed = None
        self.click(cell)

    def on_pointer_down(self, event):
        """Drag and drop: a piece that has somewhere to go is picked up at once."""
        cell = cell_of(event.target)
        self.pressed = None
        if cell is None:
            return
        if self.editing():           # the editor: a piece is moved where it is released
            if self.app.editor.has_piece(cell):
                self.pressed = cell
            return
        if not self.playable() or self.clicks.prefix:
            return
        paths = [p for p, _, _ in self.clicks.entries if p and p[0] == cell]
        if paths and all(len(p) > 1 for p in paths):
            self.pressed = cell
            self.click(cell)

    def on_pointer_up(self, event):
        if self.pressed is None:
            return
        cell = cell_of(document.elementFromPoint(event.clientX, event.clientY))
        if cell is None or cell == self.pressed:     # released where it was picked up: the click decides
            return
        source, self.pressed = self.pressed, None
        self.focus_cell = cell
        if self.editing():
            self.app.editor.move(source, cell)
        else:
            self.click(cell)

    # ------------------------------------------------------------------ keyboard
    def place_focus(self, had_focus):
        """One Tab stop for the board (roving tabindex): the focused square, else the snapshot's."""
        ids = [c[0] for c in self.config.get("cells") or ()]
        if self.focus_cell not in ids:
            self.focus_cell = self.config.get("focus") or (ids[0] if ids else None)
        rect = self.rect(self.focus_cell) if self.focus_cell else None
        if rect:
            rect.setAttribute("tabindex", "0")
            if had_focus:
                rect.focus()

    def focus(self):
        """The keyboard focus to the board's square (the skip link)."""
        rect = self.rect(self.focus_cell) if self.focus_cell else None
        if rect:
            rect.focus()

    def on_board_focus(self, event):
        cell = cell_of(event.target)
        if cell is not None:
            self.focus_cell = cell

    def on_board_key(self, event):
        key = str(event.key)
        cell = self.focus_cell
        if key in ARROWS:
            event.preventDefault()
            event.stopPropagation()      # not the page's ArrowLeft/Right (a move back or forward)
            self.move_focus(*ARROWS[key])
        elif key in ("Enter", " "):
            event.preventDefault()
            if cell and self.editing():
                self.app.editor.click(cell)
            elif cell:
                self.click(cell)
        elif key in ("Delete", "Backspace") and cell and self.editing():
            event.preventDefault()
            self.app.editor.remove(cell)

    def move_focus(self, dx, dy):
        """The nearest square in that direction as the board is turned on screen (the snapshot's
        centres are turned already): along the arrow first, sideways counting double."""
        centres = {c[0]: (c[1], c[2]) for c in self.config.get("cells") or ()}
        if self.focus_cell not in centres:
            return
        x0, y0 = centres[self.focus_cell]
        best, best_score = None, None
        for cell, (x, y) in centres.items():
            x, y = x - x0, y - y0
            along = x * dx + y * dy
            if along < 0.3:
                continue
            score = along + 2 * abs(x * dy + y * dx)
            if best_score is None or score < best_score:
                best, best_score = cell, score
        here, there = self.rect(self.focus_cell), self.rect(best) if best else None
        if there:
            if here:
                here.setAttribute("tabindex", "-1")
            there.setAttribute("tabindex", "0")
            self.focus_cell = best
            there.focus()

    def on_key(self, event):
        """The page's shortcuts (the #keys dialog lists them)."""
        tag = str(getattr(event.target, "tagName", "") or "").lower()
        if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey or event.altKey:
            return
        if el("newgame").open or el("keys").open or self.editing():    # the editor has keys of its own
            return
        key, app = str(event.key), self.app
        snap = app.snap or {}
        ply, last = snap.get("ply", 0), snap.get("moves_n", 0)
        if key == "Escape":
            self.cancel()
        elif app.room is not None:          # a room (room.py): its own steps, none of the game's keys
            if key in ("ArrowLeft", "ArrowRight"):
                app.room.step("back" if key == "ArrowLeft" else "forward")
        elif key == "ArrowLeft" and ply > 0:
            app.step_to(ply - 1)
        elif key == "ArrowRight" and ply < last:
            app.step_to(ply + 1)
        elif key == "?":
            el("keys").showModal()
        elif key in ("u", "U"):
            app.undo()
        elif key in ("t", "T"):
            app.take_back()
        elif key in ("r", "R"):
            app.redo()
        elif key in ("n", "N"):
            app.new_game()
        elif key in ("h", "H"):
            app.hint()

    def on_skip(self, event):
        event.preventDefault()
        self.focus()
