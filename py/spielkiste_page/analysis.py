"""The analysis board's page (issue 33): a room (room.py) where the player plays both sides from any
position, every move that leaves the main line starts a variation, and the move list is a tree
(main line, variations indented as on lichess; a click or Enter on a move goes there; ArrowLeft and
ArrowRight step along the line shown). Promote a variation, make it the main line, delete from a
move on. The engine's top 3 moves with win chances (per seat) and their first moves are updated
while the worker searches the position shown, in slices, and stop when the page is hidden or the
position changes; the best move is drawn on the board as an arrow (or a ring for a placement).

It knows no rules: every change is one `tree_*` request answered by spielkiste_web/analysis_session.py
with the whole room (board, rows, link, texts in the page's language). The room's link
(`#<game>?analysis&m=...&var=...&node=...`) is kept in the address, so a reload finds the tree, and
the analysis of the game in progress is kept beside the saved game (`spielkiste.tree.<uid>`, the
worker's `kept`): "Analyse" on that game later, after a reload or more moves, brings its variations
back (the game's moves the main line).
Entry points: the game panel's "Analyse" (the position shown), a link, and open_from_game(ply,
line) for the review ("Show" a better line). Text from the worker is escaped (panels.esc)."""
from pyscript import document

from spielkiste_page.dom import el, is_null, on, page_url, replace_state
from spielkiste_page.engine import EngineError, EngineGone
from spielkiste_page.panels import SYMBOLS, esc
from spielkiste_page.room import Room

SLICE = 0.12             # seconds of search per tree_lines request
BUDGET = 20.0            # seconds of search for one position
MAX_INDENT = 6           # deeper variations are drawn at this indentation
SVG_NS = "http://www.w3.org/2000/svg"
KEY = "spielkiste.tree."  # + kept game's uid: its analysis as a room link (the worker's `kept`)


class AnalysisRoom(Room):
    name = "analysis"
    word = "analysis"

    def __init__(self, app):
        super().__init__(app)
        self.token = 0               # bumped when the position shown changes or the room is left
        self.searching = False       # the lines' loop runs
        self.lines_path = None       # the position the lines drawn are of
        self.lines_done = False
        self.arrow = ""              # the best move's mark (SVG markup from the worker)
        self.threat = ""             # the other side's threat's mark ("Show threat"), of the node threat_path
        self.threat_path = None
        self.search_text = ""        # the lines' last words (positions searched, solvable?)
        self.back_to = None          # (label key, action): where "back" leads instead of the game (open_position)
        on(el("btn-analyse"), "click", lambda e: self.analyse_shown())
        on(el("result-analyse"), "click", lambda e: self.analyse_shown())     # the result box's next step
        on(el("tree-moves"), "click", self.on_tree_click)
        on(el("tree-moves"), "keydown", self.on_tree_key)
        on(el("tree-lines"), "click", self.on_line_click)
        on(el("tree-promote"), "click", lambda e: self.change({"op": "tree_promote"}))
        on(el("tree-main"), "click", lambda e: self.change({"op": "tree_promote", "main": True}))
        on(el("tree-delete"), "click", lambda e: self.change({"op": "tree_delete"}))
        on(el("tree-back"), "click", lambda e: self.close())
        on(el("tree-copy"), "click", lambda e: self.copy_link())
        on(el("tree-threat"), "change", lambda e: self.show_threat())
        on(document, "visibilitychange", lambda e: self.on_visibility())

    # ------------------------------------------------------------------ in and out
    def analyse_shown(self):
        """The game panel's "Analyse": the position shown."""
        snap = self.app.snap
        return self.open_from_game(snap["ply"] if snap else 0, [])

    def open_from_game(self, ply, line, at=""):
        """The game in progress as the main line, at `ply`, with `line` (move texts from there)
        played as a variation and shown, or with `at="start"` the position at `ply` shown and the
        line beside it in the tree (the review's "Show"). Returns the task."""
        return self.app.spawn_action(self.opened({"op": "tree_open", "from": "game", "ply": int(ply),
                                                  "line": [str(m) for m in line], "at": at,
                                                  "kept": self.app.kept_beside(KEY) or ""}))

    def open_position(self, link, back=None):
        """Any game link (a position set up in the editor, a puzzle and its solution) on the
        analysis board, at the move the link shows; `back` (label key, action): where the room's back
        button leads instead of the game (the editor: its position set up, which going back to the game
        lost). Returns the task."""
        task = self.app.spawn_action(self.opened({"op": "tree_open",
                                                  "link": link + ("&" if "?" in link else "?") + self.word}))
        self.back_to = back
        self.label_back()
        return task

    def label_back(self):
        button = el("tree-back")
        button.dataset.t = self.back_to[0] if self.back_to is not None else "ui.tree.back"
        button.textContent = self.app.tr(button.dataset.t)

    def close(self):
        """'Back': to where the room was opened from (`back_to`), else to the game."""
        back = self.back_to
        task = super().close()                # leave() puts the game's button back
        if back is not None:
            back[1]()
        return task

    async def open_link(self, frag: str, initial: bool = False) -> None:
        """A link into the room (`#<game>?analysis&...`): the tree it carries; a link that cannot be
        read is said and the game stays (its link back in the address)."""
        gid = frag.lstrip("#").partition("?")[0].strip().lower()
        snap = self.app.snap
        if initial and snap is not None and gid != snap["game"] and gid in self.app.meta:
            await self.app.open_saved(gid)      # "Back to the game" leads to a game of the same kind
        if await self.opened({"op": "tree_open", "link": frag}):
            return
        if self.active and self.snap is not None:       # the room stays as it was, its link in the address
            replace_state(self.app.uid or "", "#" + self.snap["link"])
        elif self.app.snap is not None:
            self.app.update_hash()

    async def opened(self, msg) -> bool:
        answer = await self.ask(msg)
        if answer is None:
            return False
        self.enter()
        self.lines_path = None
        self.show(answer)
        el("board-wrap").scrollIntoView()
        return True

    def leave(self) -> None:
        if self.active:              # the worker drops the searches' trees (its memory)
            self.app.spawn(self.quiet({"op": "tree_close"}))
        self.token += 1              # the lines' loop ends
        self.searching = False
        self.lines_path = None
        self.arrow = ""
        self.threat, self.threat_path = "", None
        if self.back_to is not None:         # left another way (a link, the browser's Back): the game's button again
            self.back_to = None
            self.label_back()
        super().leave()

    async def quiet(self, msg):
        try:
            await self.app.request(msg)
        except (EngineError, EngineGone):
            pass

    # ------------------------------------------------------------------ requests
    def change(self, msg):
        """A request that changes the room (a move, a step, promote, delete): drawn when answered."""
        return self.app.spawn_action(self.send(msg))

    async def send(self, msg):
        answer = await self.ask(msg)
        if not self.active:
            return
        if answer is None:
            if self.snap is not None:
                self.draw_board(self.snap)     # the board takes moves again
                self.put_arrow()
            return
        self.show(answer)

    def on_move(self, move: str):
        if self.snap is None:
            return super().on_move(move)
        return self.change({"op": "tree_play", "path": self.snap["path"], "move": move})

    def goto(self, path):
        if path is None or self.snap is None or path == self.snap["path"]:
            return self.app.spawn_act(None)
        return self.change({"op": "tree_goto", "path": path})

    def step(self, what: str, ply=None):
        snap = self.snap
        if snap is None:
            return self.app.spawn_act(None)
        if what == "back":
            return self.goto(snap["prev"])
        if what == "forward":
            return self.goto(snap["next"])
        if what == "to" and ply == 0:
            return self.goto("")
        return self.app.spawn_act(None)

    def restore(self) -> list:
        return [{"op": "tree_open", "link": self.snap["link"]}] if self.snap else []

    def render(self) -> None:
        """The language changed: the room's texts again, and the lines in the new language."""
        if self.active:
            self.lines_path = None
            self.change({"op": "tree_snapshot"})

    # ------------------------------------------------------------------ drawing
    def show(self, answer):
        self.snap = answer
        self.draw_board(answer)
        el("tree-threat").parentElement.hidden = not answer.get("threats")
        if answer["path"] != self.lines_path:
            self.arrow = ""
        if answer["path"] != self.threat_path:
            self.threat = ""
            el("tree-threat-text").textContent = ""
            if el("tree-threat").checked:
                self.show_threat()
        self.put_arrow()
        el("game-title").textContent = answer["board_title"]
        document.title = answer["doc_title"]
        st = el("tree-status")
        st.textContent = answer["status"]
        st.className = "over" if answer.get("status_over") else ""
        el("tree-extra").textContent = answer["status_extra"]
        self.draw_tree(answer)
        can = answer.get("can") or {}
        el("tree-promote").disabled = not can.get("promote")
        el("tree-main").disabled = not can.get("promote")
        el("tree-delete").disabled = not can.get("delete")
        replace_state(self.app.uid or "", "#" + answer["link"])
        if answer.get("kept") and answer.get("rows"):
            self.app.keep_beside(KEY, answer["kept"])
        box = el("tree-link-text")
        if not box.hidden:
            box.value = page_url(answer["link"])
        if answer["path"] != self.lines_path:
            self.start_lines()

    def draw_tree(self, answer):
        """The move list as a tree: one block per stretch of a line, indented by its variation's
        depth, each move a button (its ply before it); the current move marked, the moves on the
        way to it marked too, the list scrolled to it, and the focus kept in the list."""
        box = el("tree-moves")
        active = document.activeElement
        had_focus = not is_null(active) and bool(box.contains(active))
        tr = self.app.tr
        start_cur = ' aria-current="true"' if answer["path"] == "" else ""
        out = ['<div class="tree-line" data-level="0" style="--level:0">'
               f'<button type="button" data-path="" class="tree-start"{start_cur}>{esc(tr("ui.tree.start"))}</button>']
        level = 0
        for r in answer["rows"]:
            if r["branch"] or r["level"] != level:
                level = r["level"]
                out.append(f'</div><div class="tree-line{" tree-var" if level else ""}" data-level="{level}" '
                           f'style="--level:{min(level, MAX_INDENT)}">')
            cls = ["main" if r["main"] else "var"]
            if r["line"]:
                cls.append("on-line")
            cur = ' aria-current="true"' if r["current"] else ""
            label = tr("ui.tree.move_label", ply=r["number"], move=r["move"])
            mark = r.get("mark") or ""
            if mark:                     # the game review's mark, its symbol drawn by app.css as in the move list
                cls.append("mark-" + mark)
                cur += f' data-sym="{esc(SYMBOLS.get(mark, ""))}"'
                label += " (" + tr("ui.review.mark." + mark) + ")"
            out.append(f'<button type="button" data-path="{esc(r["path"])}" class="{" ".join(cls)}"{cur} '
                       f'aria-label="{esc(label)}"><span class="n" aria-hidden="true">{esc(r["number_text"])}</span>'
                       f'{esc(r["move"])}</button>')
        out.append("</div>")
        box.innerHTML = "".join(out)
        el("tree-none").hidden = bool(answer["rows"])
        cur = box.querySelector("[aria-current]")
        if cur:
            top, bottom = cur.offsetTop, cur.offsetTop + cur.offsetHeight
            after = cur.parentElement.nextElementSibling      # a variation from here ("Show"): in view too
            if not is_null(after) and "tree-var" in after.className:
                bottom = min(after.offsetTop + after.offsetHeight, top + box.clientHeight)
            if top < box.scrollTop:
                box.scrollTop = top
            elif bottom > box.scrollTop + box.clientHeight:
                box.scrollTop = bottom - box.clientHeight
            if had_focus:
                cur.focus()

    def put_arrow(self):
        """The best move's mark on the board, in a layer of its own inside the turned board (the
        board's own redraws drop it: drawn again after each)."""
        rot = el("board").querySelector("svg g.rot")
        if is_null(rot):
            return
        layer = rot.querySelector("g.tree-arrow")
        if is_null(layer):
            if not self.arrow and not self.threat:
                return
            layer = document.createElementNS(SVG_NS, "g")
            layer.setAttribute("class", "tree-arrow")
            layer.setAttribute("aria-hidden", "true")
            rot.appendChild(layer)
        layer.innerHTML = self.arrow + self.threat

    def show_threat(self):
        """"Show threat" switched (or a new node shown with it on): the other side's threat asked
        for, drawn with the best move's arrow and said below the lines; off: both gone."""
        if not el("tree-threat").checked or self.snap is None:
            self.threat, self.threat_path = "", None
            el("tree-threat-text").textContent = ""
            self.put_arrow()
            return self.app.spawn_act(None)
        return self.app.spawn_action(self._threat(self.snap["path"]))

    async def _threat(self, path):
        answer = await self.ask({"op": "tree_threat", "path": path})
        if answer is None or answer.get("stale") or not self.active or self.snap is None \
                or self.snap["path"] != path or not el("tree-threat").checked:
            return
        self.threat, self.threat_path = str(answer.get("arrow") or ""), path
        el("tree-threat-text").textContent = str(answer.get("text") or "")
        self.put_arrow()

    # ------------------------------------------------------------------ the engine's lines
    def start_lines(self):
        """Search the position shown (a new loop; an old one ends at its next answer)."""
        self.token += 1
        self.lines_path = self.snap["path"] if self.snap else None
        self.lines_done = False
        self.searching = False
        el("tree-lines").innerHTML = ""
        el("tree-chances").textContent = ""
        el("tree-best-for").textContent = ""
        self.search_text = ""
        el("tree-search").textContent = self.app.tr("ui.tree.searching")
        self.app.spawn(self.run_lines(self.token))

    def on_visibility(self):
        """The page shown again: the search goes on where it stopped."""
        if (self.active and not self.searching and not self.lines_done and self.snap is not None
                and str(document.visibilityState) == "visible"):
            self.token += 1
            self.app.spawn(self.run_lines(self.token))

    async def run_lines(self, token):
        """Slices of search while the room is open, the page visible and the position the same."""
        self.searching = True
        try:
            while self.active and token == self.token and self.snap is not None:
                if str(document.visibilityState) != "visible":
                    el("tree-search").textContent = self.search_text + " (" + self.app.tr("ui.tree.paused") + ")"
                    return
                path = self.snap["path"]
                try:
                    answer = await self.app.request({"op": "tree_lines", "path": path, "seconds": SLICE,
                                                            "budget": BUDGET})
                except (EngineError, EngineGone):
                    return
                if token != self.token or not self.active or answer.get("stale") or self.snap is None \
                        or answer.get("path") != self.snap["path"]:
                    return
                self.draw_lines(answer)
                if answer.get("done"):
                    self.lines_done = True
                    return
        finally:
            if token == self.token:
                self.searching = False

    def draw_lines(self, answer):
        tr = self.app.tr
        chances = []
        for c in answer.get("chances") or []:
            text = tr("ui.tree.chance", player=c["name"], percent=c["percent"])
            chances.append(f'<span class="tree-chance"><span class="swatch" data-colour="{esc(c["colour"])}" '
                           f'aria-hidden="true"></span>{esc(text)}</span>')
        el("tree-chances").innerHTML = (f'<span class="quiet">{esc(tr("ui.tree.chances"))}:</span> '
                                        + " ".join(chances)) if chances else ""
        out = []
        for mv in answer.get("moves") or []:
            out.append(f'<li><button type="button" data-move="{esc(mv["move"])}" '
                       f'aria-label="{esc(tr("ui.tree.line_play", move=mv["move"]))}">{esc(mv["move"])}</button>'
                       + (f'<span class="pct">{esc(mv["chance"])} %</span>' if mv.get("chance") is not None else "")
                       + f'<span class="line">{esc(mv["line"])}</span></li>')
        el("tree-lines").innerHTML = "".join(out)
        el("tree-best-for").textContent = str(answer.get("best_for") or "")
        state = tr("ui.tree.done") if answer.get("done") else tr("ui.tree.searching")
        self.search_text = str(answer.get("text") or "")
        el("tree-search").textContent = (self.search_text if answer.get("verdict")      # a proof says it all
                                         else self.search_text + " (" + state + ")")
        self.arrow = str(answer.get("arrow") or "")
        self.put_arrow()

    # ------------------------------------------------------------------ the panel's inputs
    def on_tree_click(self, event):
        target = event.target.closest("button[data-path]") if event.target else None
        if target:
            self.goto(str(target.getAttribute("data-path")))

    def on_tree_key(self, event):
        """ArrowUp/ArrowDown move the focus along the list's moves; Home/End to its ends
        (ArrowLeft/Right step through the line shown, as everywhere in the room)."""
        key = str(event.key)
        if key not in ("ArrowUp", "ArrowDown", "Home", "End"):
            return
        buttons = el("tree-moves").querySelectorAll("button[data-path]")
        n = int(buttons.length)
        if not n:
            return
        event.preventDefault()
        active = document.activeElement
        here = -1
        for i in range(n):
            if not is_null(active) and buttons.item(i).getAttribute("data-path") == active.getAttribute("data-path"):
                here = i
        if key == "Home":
            i = 0
        elif key == "End":
            i = n - 1
        else:
            i = max(0, min(n - 1, here + (1 if key == "ArrowDown" else -1)))
        buttons.item(i).focus()

    def on_line_click(self, event):
        """A top move of the engine's lines: played on the board (a variation where it leaves the line)."""
        target = event.target.closest("button[data-move]") if event.target else None
        if target and self.snap is not None and self.snap.get("human"):
            self.change({"op": "tree_play", "path": self.snap["path"], "move": str(target.getAttribute("data-move"))})

    def copy_link(self):
        if self.snap is not None:
            self.app.spawn(self.app.copy_link(page_url(self.snap["link"]), el("tree-link-text")))
