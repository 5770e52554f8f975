"""The game review on the page (issue 33): "Review game" in the side panel, a progress bar while
the worker evaluates every position, then a win-chance graph under the board, the marked moves
(in the move list, on the graph and listed with the better move), a summary per player and the
thresholds. Not a room: the game stays on the board in play mode, and the move list, the arrow
keys and the graph all step through it (app.step_to).

The worker's side is spielkiste_web/review_session.py (`review_*` requests). The evaluation runs as
`review_step` requests of about a slice each (not pending: the page stays usable, and Cancel just
stops asking); its answers' new points draw the graph as it grows. A finished review's `text` is
kept beside the saved game (`spielkiste.review.<uid>`), so opening the game again shows it with one
`review_load`, no search. The review belongs to one game (its link with every move): when the game
changes (a move played, another game), it is dropped.

Everything drawn is numbers, or text escaped (panels.esc): move texts and names come from the
worker, the labels from app.tr."""
import json
import time

import js
from pyscript import document
from pyscript.ffi import create_proxy

from spielkiste_page import mygames, panels, texts
from spielkiste_page.dom import closest, el, is_null, keep, on, page_url, window
from spielkiste_page.panels import SYMBOLS, esc

KEY = "spielkiste.review."        # + kept game's uid: the finished review's text (review_session.write_text)
SECONDS = 0.3                     # per position (review_session.SECONDS); #btn-review[data-seconds] overrides
DEEPER = 1.0
SLICE = 0.12                      # seconds of work per review_step
W, H, PAD, TOP = 600, 132, 6, 8   # the graph's viewBox and margins
LEFT = 62                         # the plot's left edge: the win chance's labels stand in the gutter before it
LINK_TEXT = 6000                  # the longest review text a link carries (URL-encoded), about 70 plies


def game_key(link) -> str:
    """A game's key: its link without the move viewed (`at=`), as review_session.key_of."""
    gid, _, query = str(link or "").partition("?")
    parts = [p for p in query.split("&") if p and not p.startswith("at=")] if query else []
    return gid + ("?" + "&".join(parts) if parts else "")


class ReviewPanel:
    def __init__(self, app):
        self.app = app
        self.data = None          # the last full answer (sides, points, marks, summary), for self.key
        self.key = None           # the game the review (or the one under way) is of
        self.points = {}          # ply -> side chances, as they arrive
        self.total = 0
        self.seconds = SECONDS
        self.token = 0            # bumped to stop a running loop
        self.running = False
        self.looked = None        # the game key whose kept review was looked for
        self.lang = app.lang
        self.ply = 0
        self.side_rows = []       # the graph's lines: {"seats", "colour", "name"} per side
        self.bring = False        # the result box's Review: the finished review is brought into view
        on(el("btn-review"), "click", lambda e: self.start())
        on(el("result-review"), "click", lambda e: self.from_result())
        on(el("review-link"), "click", lambda e: self.link())
        on(el("review-cancel"), "click", lambda e: self.cancel())
        on(el("review-graph"), "click", self.on_graph_click)
        on(el("review-graph"), "keydown", self.on_graph_key)
        on(el("review-marks"), "click", self.on_marks_click)
        panels.HOOKS.append(self.on_snapshot)
        # for tests and debugging: the review shown, as the worker answered it (JSON; "" for none)
        window.spielkisteReview = keep(create_proxy(lambda *a: json.dumps(self.data) if self.data else ""))

    # ------------------------------------------------------------------ requests
    async def ask(self, msg):
        return await self.app.ask(msg)

    def link(self):
        """'Copy link with review': the game's link with the finished review in it (`review=`, the
        worker's compact text), so the other side shows it without searching; a review too long
        for a link travels as `review=1`, and the other side reviews the game afresh."""
        app = self.app
        if self.data is None or not self.data.get("text") or app.snap is None:
            return app.spawn_act(None)
        text = str(js.encodeURIComponent(self.data["text"]))
        game = app.snap["link"]
        frag = game + ("&" if "?" in game else "?") + "review=" + (text if len(text) <= LINK_TEXT else "1")
        return app.spawn_action(app.copy_link(page_url(frag)))

    async def open_shared(self, value):
        """A link's `review=`: the review it carries shown, or for `1` the game reviewed afresh.
        The value goes to the worker as the link holds it, %-escapes and all: the worker reads every
        link's values (links.unquote, which never throws as decodeURIComponent does) and checks the
        review move by move against the game; one it cannot read is said (`why`) and set aside, and
        the game goes on without it."""
        if value != "1":
            answer = await self.ask({"op": "review_load", "from": "link", "text": value})
            if answer is not None and answer.get("state") == "done":
                self.finish(answer, kept=False)
            elif answer is not None and answer.get("why"):
                self.app.show_message(answer["why"])
            return
        if not self.running:
            await self._start(SECONDS)

    def start(self):
        """'Review game' (again after a cancel: goes on from the positions done)."""
        if self.app.snap is None or self.running:
            return self.app.spawn_act(None)
        given = el("btn-review").getAttribute("data-seconds")      # tests give a small budget here
        seconds = DEEPER if el("review-deeper").checked else float(SECONDS if is_null(given) else str(given))
        return self.app.spawn_action(self._start(seconds))

    def from_result(self):
        """The result box's "Review": the review panel brought into view and the review started
        (or the one done shown)."""
        el("review-box").scrollIntoView()
        if self.data is not None or self.running:
            return self.app.spawn_act(None)
        self.bring = True
        return self.start()

    async def _start(self, seconds):
        self.token += 1
        token = self.token
        answer = await self.ask({"op": "review_start", "seconds": seconds})
        if answer is None or token != self.token or answer.get("state") == "none":
            return
        self.key, self.total, self.seconds = answer["key"], answer["total"], seconds
        self.side_rows = answer.get("sides") or []
        self.data = None
        self.points = {}
        self.running = True
        self.progress(answer)
        self.draw_graph()
        self.app.spawn(self.loop(token))

    async def loop(self, token):
        """Step until done (or cancelled, or the game changed): not an input's pending request, so
        the page takes clicks meanwhile, each answered between two slices."""
        while token == self.token:
            answer = await self.ask({"op": "review_step", "seconds": SLICE})
            if token != self.token:
                return
            if answer is None or answer.get("state") == "none":
                self.drop()
                return
            for ply, chances in answer.get("new") or []:
                self.points[ply] = chances
            self.progress(answer)
            if answer.get("state") == "done":
                self.running = False
                self.finish(answer)
                return
            if answer.get("new"):        # most slices end inside a position: nothing new to draw
                self.draw_graph()

    def cancel(self):
        """Cancel: no more steps; the positions done stay in the worker (Review game goes on)."""
        self.token += 1
        self.running = False
        self.bring = False
        el("btn-review").disabled = False
        return self.app.spawn_action(self._cancel())

    def restore(self) -> list:
        """For a new worker after a crash (App.restore): the review under way starts there again
        (from its first position), so its steps go on by themselves."""
        return [{"op": "review_start", "seconds": self.seconds}] if self.running else []

    async def _cancel(self):
        answer = await self.ask({"op": "review_cancel"})
        if answer is not None and answer.get("state") == "cancelled":
            self.progress(answer)

    def finish(self, answer, kept=True):
        """A whole review: drawn, and kept with the game (not one a link brought: the player has
        not acted in that game yet)."""
        self.data = answer
        self.key = answer["key"]
        self.points = {i: c for i, c in enumerate(answer["points"])}
        self.total = answer["total"]
        self.seconds = answer.get("seconds") or self.seconds
        self.lang = self.app.lang
        self.side_rows = answer.get("sides") or self.side_rows
        if kept:
            self.keep(answer.get("text"))
        self.draw()

    def keep(self, text):
        """The finished review beside the saved game; a game from a link becomes one of the
        player's games by being reviewed (as by any other action), so it can be kept."""
        self.app.keep_beside(KEY, text)

    def drop(self):
        """The game changed (a move played, another game shown): the review goes. A kept text stays
        where it is: it names its game, so it is read only for that game (and replaced by its next
        review); keep() removes those of games no longer kept."""
        self.token += 1
        self.running = False
        self.data, self.key, self.points, self.total = None, None, {}, 0
        el("review-progress").hidden = True
        el("btn-review").disabled = False
        self.draw()

    # ------------------------------------------------------------------ following the game
    def on_snapshot(self, app, snap):
        """Every game snapshot drawn: a review of another game is dropped, a kept one is loaded
        (once per game), and the graph marks the ply shown."""
        key = game_key(snap.get("link"))
        el("btn-review").disabled = self.running or not snap.get("moves_n")
        if self.key is not None and key != self.key:
            self.drop()
        if self.key is None and not self.running and key != self.looked:
            self.looked = key
            text = app.kept_beside(KEY)
            if text:
                app.spawn(self.load(text, key))
        if self.data is not None and app.lang != self.lang:
            self.lang = app.lang
            app.spawn(self.refresh())
        if snap.get("ply") != self.ply:
            self.ply = snap.get("ply", 0)
            if self.key is not None:
                self.draw_graph()

    async def load(self, text, key):
        """The review kept beside the game shown; one the worker cannot read (`why`) is set aside
        with the game's unreadable texts (mygames.set_aside) and said, never read again."""
        uid = self.app.uid
        answer = await self.ask({"op": "review_load", "text": text})
        if answer is not None and answer.get("why") and uid is not None:
            storage = self.app.storage
            if mygames.set_aside(storage, key.partition("?")[0], text, int(time.time() * 1000)):
                storage.remove(KEY + uid)
            self.app.show_message(answer["why"])
            return
        if answer is None or answer.get("state") != "done" or answer.get("key") != key:
            return
        if game_key((self.app.snap or {}).get("link")) == key and not self.running:
            self.finish(answer)

    async def refresh(self):
        """The language changed: the worker's names again."""
        answer = await self.ask({"op": "review_result"})
        if answer is not None and answer.get("state") == "done" and answer.get("key") == self.key:
            self.data = answer
            self.side_rows = answer.get("sides") or self.side_rows
            self.draw()

    # ------------------------------------------------------------------ drawing
    def progress(self, answer):
        done, total, state = answer.get("done", 0), answer.get("total", 0), answer.get("state")
        el("review-progress").hidden = state not in ("running", "cancelled")
        el("btn-review").disabled = state == "running"
        el("review-cancel").hidden = el("review-bar").hidden = state != "running"
        bar = el("review-bar")
        bar.max = max(1, total)
        bar.value = done
        key = "ui.review.progress" if state == "running" else "ui.review.cancelled"
        el("review-count").textContent = self.app.tr(key, done=done, total=total)
        document.body.dataset.review = str(state)

    def draw(self):
        """The graph, the marks (move list, list with the better moves), the summary, the thresholds."""
        data = self.data
        box = el("review-result")
        box.hidden = data is None
        marks = {}
        if data is not None:
            for m in data["marks"]:
                marks[m["ply"]] = (m["mark"], SYMBOLS.get(m["mark"], ""), self.mark_title(m))
        if marks != panels.MARKS:
            panels.MARKS.clear()
            panels.MARKS.update(marks)
            if self.app.snap is not None:
                panels.moves(self.app.snap)
        document.body.dataset.review = "done" if data is not None else ("running" if self.running else "none")
        self.draw_graph()
        if data is None:
            return
        tr = self.app.tr
        el("review-thresholds").textContent = tr("ui.review.thresholds", seconds=self.number(self.seconds))
        self.draw_summary(data)
        self.draw_marks(data)
        if self.bring:
            # the graph shown under the board and the result box gone move the panel while the review
            # runs: on a phone the finished review stood above the screen (a probe)
            self.bring = False
            top = float(el("review-box").getBoundingClientRect().top)
            if top < 0 or top > float(window.innerHeight) * 0.8:
                el("review-box").scrollIntoView()

    def number(self, value):
        return texts.decimal(value, self.app.lang)

    def mark_title(self, m):
        tr = self.app.tr
        return tr("ui.review.mark_title", mark=tr("ui.review.mark." + m["mark"]), player=m["player"],
                  loss=m["loss"], best=m.get("best") or "", percent=m.get("chance") or 0)

    def draw_summary(self, data):
        tr = self.app.tr
        rows = ['<caption>' + esc(tr("ui.review.summary")) + '</caption><tr><th scope="col">'
                + esc(tr("ui.review.player")) + '</th><th scope="col">' + esc(tr("ui.review.avg_loss")) + "</th>"]
        for name in ("inaccuracy", "mistake", "blunder"):
            word = esc(tr("ui.review.mark." + name))
            rows.append(f'<th scope="col"><abbr title="{word}">{SYMBOLS[name]}</abbr></th>')
        rows.append("</tr>")
        for s in data["summary"]:
            rows.append(f'<tr><th scope="row"><span class="swatch" data-colour="{esc(s["colour"])}" aria-hidden="true">'
                        f'</span> {esc(s["player"])}</th>'
                        f'<td>{esc(tr("ui.review.loss_value", loss=self.number(s["loss"])))}</td>'
                        f'<td>{int(s["inaccuracy"])}</td><td>{int(s["mistake"])}</td><td>{int(s["blunder"])}</td></tr>')
        el("review-summary").innerHTML = "".join(rows)

    def show_available(self):
        room = self.app.room_named("analysis")
        return room if room is not None and hasattr(room, "open_from_game") else None

    def draw_marks(self, data):
        tr = self.app.tr
        room = self.show_available()
        out = []
        for k, m in enumerate(data["marks"]):
            sym, ply, mark = SYMBOLS.get(m["mark"], ""), int(m["ply"]), esc(m["mark"])
            words = tr("ui.review.mark_row", player=m["player"], mark=tr("ui.review.mark." + m["mark"]), loss=m["loss"])
            row = [f'<li class="mark-{mark}"><button type="button" class="review-goto" data-ply="{ply}">'
                   f'{esc(m.get("number") or str(ply) + ".")} {esc(m["move"])}<span aria-hidden="true"> {sym}</span>'
                   '</button> ',
                   f'<span>{esc(words)}</span>']
            if m.get("allows"):
                row.append(f' <span class="review-allows">{esc(m["allows"])}.</span>')
            if m.get("best"):
                better = tr("ui.review.better_does" if m.get("what") else "ui.review.better", best=m["best"],
                            percent=m.get("chance") or 0, what=m.get("what") or "")
                row.append(f' <span class="review-better">{esc(better)}</span>')
                line = " ".join(m.get("line") or [])
                if room is not None and line:
                    label = esc(tr("ui.review.show_label", line=line))
                    row.append(f' <button type="button" class="review-show" data-show="{k}" '
                               f'aria-label="{label}">{esc(tr("ui.review.show"))}</button>')
            row.append("</li>")
            out.append("".join(row))
        if not out:
            out.append(f'<li class="quiet">{esc(tr("ui.review.no_marks"))}</li>')
        el("review-marks").innerHTML = "".join(out)

    def label(self, ply):
        """A point's words: the move, each side's chance, and its mark."""
        tr = self.app.tr
        sides = (self.data or {}).get("sides") or self.sides
        chances = self.points.get(ply)
        if chances is None:
            return ""
        text = ", ".join(tr("ui.review.chance", player=sides[k]["name"] if k < len(sides) else str(k + 1), percent=c)
                         for k, c in enumerate(chances))
        if ply == 0:
            return tr("ui.review.point_start", chances=text)
        moves = (self.data or {}).get("moves") or []
        numbers = (self.data or {}).get("numbers") or []
        out = tr("ui.review.point", number=numbers[ply - 1] if ply - 1 < len(numbers) else str(ply) + ".",
                 move=moves[ply - 1] if ply - 1 < len(moves) else "", chances=text)
        m = next((m for m in (self.data or {}).get("marks", []) if m["ply"] == ply), None)
        if m is not None and m.get("best"):
            out += " · " + tr("ui.review.point_mark", mark=tr("ui.review.mark." + m["mark"]), best=m["best"],
                              percent=m.get("chance") or 0)
        return out

    @property
    def sides(self):
        return self.side_rows

    def draw_graph(self):
        """The SVG graph: one line per side over the plies evaluated, marks as dots on the mover's
        line, the ply shown as a vertical line; each ply a column to click, with its words."""
        box = el("review-graph")
        el("review-legend").hidden = self.key is None or not self.points or self.app.snap is None
        if self.key is None or not self.points or self.app.snap is None:
            box.hidden = True
            box.innerHTML = ""
            return
        data = self.data or {}
        sides = data.get("sides") or self.sides
        n = max(1, self.total - 1)
        step = (W - LEFT - PAD) / n
        inner = H - 2 * TOP

        def x(ply):
            return round(LEFT + ply * step, 1)

        def y(c):
            return round(TOP + (100 - c) * inner / 100, 1)

        out = [f'<svg viewBox="0 0 {W} {H}" class="review-svg" aria-hidden="true" focusable="false">',
               f'<rect class="review-bg" x="0" y="0" width="{W}" height="{H}"/>',
               f'<line class="review-mid" x1="{LEFT}" x2="{W - PAD}" y1="{y(50)}" y2="{y(50)}"/>']
        out += self.axes(n, x, y, sides)
        plies = sorted(self.points)
        for p in plies:          # under the lines (which take no clicks): a column per ply, with its words
            out.append(f'<rect class="review-hit" data-ply="{p}" x="{round(x(p) - step / 2, 1)}" y="0" '
                       f'width="{round(step, 1)}" height="{H}"><title>{esc(self.label(p))}</title></rect>')
        for k, side in enumerate(sides):
            pts = " ".join(f"{x(p)},{y(self.points[p][k])}" for p in plies if k < len(self.points[p]))
            out.append(f'<polyline class="review-case" points="{pts}"/>')
            colour = esc(side["colour"])
            out.append(f'<polyline class="review-line" data-side="{k}" data-colour="{colour}" points="{pts}"/>')
        ply = (self.app.snap or {}).get("ply", 0)
        if ply in self.points:
            out.append(f'<line class="review-now" x1="{x(ply)}" x2="{x(ply)}" y1="0" y2="{H}"/>')
        group = {}
        for k, side in enumerate(sides):
            for s in side.get("seats", []):
                group[s] = k
        for m in data.get("marks", []):
            p, k = m["ply"], group.get(m["seat"], 0)
            if p in self.points:
                out.append(f'<circle class="review-mark mark-{esc(m["mark"])}" data-ply="{p}" cx="{x(p)}" '
                           f'cy="{y(self.points[p][k])}" r="6"/>')
        if ply in self.points:
            for k, side in enumerate(sides):
                out.append(f'<circle class="review-dot" data-colour="{esc(side["colour"])}" cx="{x(ply)}" '
                           f'cy="{y(self.points[ply][k])}" r="4"/>')
        out.append("</svg>")
        box.innerHTML = "".join(out)
        box.hidden = False
        box.setAttribute("aria-valuemin", "0")
        box.setAttribute("aria-valuemax", str(self.total - 1))
        box.setAttribute("aria-valuenow", str(ply))
        box.setAttribute("aria-valuetext", self.label(ply) or str(ply))

    def axes(self, n, x, y, sides):
        """The graph's axes, drawn over its background: the win chance's 0, 50 and 100 % in the gutter
        at the left (before the plot, so no line or move number runs over them),
        the move numbers along the bottom as the move list numbers them (a label where a row of the
        list begins, about eight at most); and the legend below the graph: each side's name in its
        line's colour."""
        out = []
        for c, anchor in ((100, "hanging"), (50, "middle"), (0, "auto")):
            out.append(f'<text class="review-axis" x="{PAD}" y="{y(c)}" dominant-baseline="{anchor}">'
                       f'{esc(self.app.tr("ui.eval_percent", percent=c))}</text>')
        numbers = (self.data or {}).get("numbers") or []
        rows = [p for p in range(1, n + 1) if p - 1 >= len(numbers) or numbers[p - 1].endswith(".")
                and not (p > 1 and numbers[p - 2] == numbers[p - 1])]     # a gate's piece: its move's number
        every = max(1, -(-len(rows) // 8))
        for p in rows[every - 1::every]:
            label = numbers[p - 1].rstrip(".") if p - 1 < len(numbers) else str(p)
            out.append(f'<line class="review-tick" x1="{x(p)}" x2="{x(p)}" y1="{H - 6}" y2="{H}"/>'
                       f'<text class="review-axis" x="{x(p)}" y="{H - 8}" text-anchor="middle">{esc(label)}</text>')
        el("review-legend").innerHTML = "".join(
            f'<span><span class="swatch" data-colour="{esc(side["colour"])}" aria-hidden="true"></span>'
            f'{esc(side.get("name", ""))}</span>' for side in sides)
        return out

    # ------------------------------------------------------------------ input
    def on_graph_click(self, event):
        hit = closest(event, "[data-ply]")
        if hit is None:
            return
        self.app.step_to(int(hit.dataset.ply))

    def on_graph_key(self, event):
        """The graph walked with the keys: each step goes to that ply (the board follows)."""
        key = str(event.key)
        snap = self.app.snap
        if snap is None or self.key is None:
            return
        ply, last = snap.get("ply", 0), max(p for p in self.points) if self.points else 0
        to = {"ArrowLeft": ply - 1, "ArrowRight": ply + 1, "Home": 0, "End": last}.get(key)
        if to is None:
            return
        event.preventDefault()
        event.stopPropagation()           # the page's own arrow keys would step a second time
        if 0 <= to <= last and to != ply:
            self.app.step_to(to)

    def on_marks_click(self, event):
        show = closest(event, "button[data-show]")
        if show is not None:
            self.show(int(show.dataset.show))
            return
        goto = closest(event, "button[data-ply]")
        if goto is not None:
            self.app.step_to(int(goto.dataset.ply))

    def show(self, k):
        """'Show': the position before the marked move on the analysis board, the better line in its
        tree as a variation (the game's move the main line), to step into."""
        room = self.show_available()
        marks = (self.data or {}).get("marks") or []
        if room is None or not 0 <= k < len(marks):
            return
        m = marks[k]
        got = room.open_from_game(m["ply"] - 1, list(m.get("line") or []), "start")
        if got is not None and hasattr(got, "send"):       # a coroutine: run it as the input's task
            self.app.spawn_action(got)
