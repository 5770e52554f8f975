"""The lessons' room ("Learn to play", issue 32): a game's course step by step beside the board. Each
step's position, rule and task come from the worker (spielkiste_web/learn_session.py, which asks the
engine's checker); the page sends what the player did on the board (a move, or a tapped square in a
'tap' step, where the answer says `pick`) and draws the verdict. The game in progress is never
touched: "Back to the game" gives it back as it was, and "Play your first game" at the end of a course
starts a new game beside it (against the computer at the lowest level).

Links: `#<game>?learn` (the first step not done yet) and `#<game>?learn=<n>` (step n, from 1).
Progress is kept per game in storage (`spielkiste.learn.<game>`: the step numbers done, as a JSON
list, read defensively), and in memory where there is no storage (an embed: `?embed&learn`).
A first visit to a game offers the course once (`spielkiste.learn.offered`: the games offered).
Runs under MicroPython (the page)."""
import json

from pyscript import document

from spielkiste_page import mygames, texts
from spielkiste_page.dialog import default_seats
from spielkiste_page.dom import NEAREST, NO_SCROLL, el, on, replace_state, window
from spielkiste_page.panels import esc
from spielkiste_page.room import Room, query_words

PROGRESS = "spielkiste.learn."        # + game id: JSON list of the step numbers done (1 = the first)
OFFERED = "spielkiste.learn.offered"  # JSON list of the games whose course was offered
MAX_STEPS = 50
MAX_STORED = 4000                     # characters of a stored list of steps or games, at most


def read_numbers(text, limit=MAX_STEPS) -> set:
    """The step numbers in a stored value (mygames.read_json, the page's one reader of stored
    text); anything unreadable counts as nothing done."""
    data = mygames.read_json(text, MAX_STORED)
    if not isinstance(data, list):
        return set()
    return {n for n in data if type(n) is int and 1 <= n <= limit}


def read_names(text) -> set:
    data = mygames.read_json(text, MAX_STORED)
    return {g for g in data if isinstance(g, str)} if isinstance(data, list) else set()


class LearnRoom(Room):
    name = "learn"
    word = "learn"

    def __init__(self, app):
        super().__init__(app)
        self.progress = {}         # game -> set of step numbers done (1-based), storage's or memory's
        self.offered_here: set = set()     # the games offered in this page (where there is no storage)
        self.game = None
        self.finished = False      # the "course complete" panel is shown
        self.opening = False       # a course is opening (its game drawn first is not greeted)
        self.first_frag = str(window.location.hash).lstrip("#")     # the address the page started with
        on(el("learn-show"), "click", lambda e: self.act({"op": "learn_show"}, focus="next"))
        on(el("learn-next"), "click", lambda e: self.next())
        on(el("learn-again"), "click", lambda e: self.go(self.index(), focus="board"))
        on(el("learn-back"), "click", lambda e: self.close())
        on(el("learn-leave"), "click", lambda e: self.close())
        on(el("learn-play"), "click", lambda e: self.play_game())
        on(el("learn-restart"), "click", lambda e: self.go(0, focus="board"))
        on(el("learn-steps"), "click", self.on_steps_click)
        on(el("rules-learn"), "click", lambda e: self.start(self.app.shown_game()))
        on(el("game-list"), "click", self.on_chooser_click)

    # ------------------------------------------------------------------ progress
    def done(self, game) -> set:
        if game not in self.progress:
            self.progress[game] = read_numbers(self.app.storage.get(PROGRESS + game))
        return self.progress[game]

    def mark_done(self, game, number) -> None:
        done = self.done(game)
        if number in done:
            return
        done.add(number)
        self.app.storage.set(PROGRESS + game, json.dumps(sorted(done)))    # no storage: memory only

    def first_sight(self, gid) -> None:
        """A game drawn for the first time in this page: on a first visit to it (no moves yet, never
        offered), offer its course once in the notice bar. Never in an embed (`?embed&learn` opens the
        course itself), nor while a room is open."""
        app = self.app
        frags = (str(window.location.hash).lstrip("#"), self.first_frag)
        self.first_frag = ""
        if (app.embed or app.room is not None or self.opening or app.view_only or not app.snap
                or app.snap.get("moves_n")
                or any(room.opens(frag) for room in app.rooms for frag in frags)):   # on its way into a room
            return
        if gid in self.offered() or app.storage.get(PROGRESS + gid):      # offered, or the course begun
            return
        self.mark_offered(gid)
        app.notify(texts.Said("ui.learn.offer", game=texts.Said("game." + gid)), texts.Said("ui.learn.offer_action"),
                   lambda: self.start(gid), offer=True)

    def offered(self) -> set:
        """The games whose course was offered or opened: kept in storage, else in this page."""
        storage = self.app.storage
        return read_names(storage.get(OFFERED)) if storage.available else self.offered_here

    def mark_offered(self, gid) -> None:
        names = self.offered()
        if gid not in names:
            names.add(gid)
            self.app.storage.set(OFFERED, json.dumps(sorted(names)))
            self.offered_here.add(gid)

    # ------------------------------------------------------------------ opening
    def start(self, gid, number=None):
        """An entry point (the rules page, the game list, the offer): the course of `gid`."""
        app = self.app
        app.hide_notice()
        if gid not in app.meta:
            return None
        return app.spawn_action(self.open(gid, number, focus="heading"))

    async def open_link(self, frag, initial=False):
        app = self.app
        gid = frag.split("?")[0].strip().lower()
        if gid not in app.meta:
            gid = app.snap["game"] if app.snap is not None else app.data["default"]
        value = query_words(frag).get("learn", "").strip()      # "" (a bare `learn`): the first step not done
        await self.open(gid, value or None, focus="heading" if not initial else None)

    async def open(self, gid, number=None, focus=None):
        """Step `number` (from 1; None: the first not done; a text: a link's `learn=` value as the
        link holds it, which the worker reads and, unless it is a step, says why) of the course of
        `gid`. A step the course lacks is said, and the first not done opens. The game behind
        the room stays the one shown ("Back to the game" returns to it, as from a puzzle), or, on a
        page opened at the course, the player's own game of `gid` (kept, or a new one); "Play your
        first game" starts a new one of `gid`."""
        app = self.app
        if app.snap is None:
            if self.active:
                self.leave()
            self.opening = True
            try:
                await app.open_saved(gid)
            finally:
                self.opening = False
            if app.snap is None:
                return
        msg = {"op": "learn_open", "game": gid}
        if isinstance(number, str):
            msg["link_step"] = number
        elif number is not None:
            msg["step"] = number - 1
        else:
            msg["done"] = [n - 1 for n in sorted(self.done(gid))]
        answer = await self.ask(msg)
        if answer is None and number is not None:         # no such step: the first one not done
            answer = await self.ask({"op": "learn_open", "game": gid,
                                     "done": [n - 1 for n in sorted(self.done(gid))]})
        if answer is None:
            return
        if not self.active:
            self.enter()
        self.game = gid
        self.mark_offered(gid)          # a course opened by any way is not offered again
        self.draw(answer, focus)

    def go(self, index, focus=None):
        """Another step of the course shown (Next, the list of steps, Try again)."""
        if self.game is None:
            return self.app.spawn_act(None)
        return self.app.spawn_action(self.open(self.game, index + 1, focus))

    def index(self):
        return self.snap["index"] if self.snap else 0

    def next(self):
        snap = self.snap
        if snap is None:
            return self.app.spawn_act(None)
        if snap["index"] + 1 >= snap["count"]:
            self.complete()
            return self.app.spawn_act(None)
        return self.go(snap["index"] + 1, focus="board")

    def leave(self):
        self.finished = False
        super().leave()

    # ------------------------------------------------------------------ the player's answers
    def act(self, msg, focus=None):
        return self.app.spawn_action(self._act(msg, focus))

    async def _act(self, msg, focus):
        answer = await self.ask(msg)
        if answer is not None and self.active:
            self.draw(answer, focus)
        elif self.snap is not None and self.active:
            self.draw_board(self.snap)        # the board takes answers again

    def open_task(self):
        return self.active and self.snap is not None and self.snap["phase"] in ("task", "wrong")

    def step_kind(self):
        return self.snap["step_kind"] if self.snap is not None else ""

    def on_move(self, move):
        if not self.open_task() or self.step_kind() == "tap":
            return super().on_move(move)
        return self.act({"op": "learn_answer", "move": move}, focus="verdict")

    def on_cell(self, cell):
        if self.open_task() and self.step_kind() == "tap":
            self.act({"op": "learn_answer", "cell": cell}, focus="verdict")

    def step(self, what, ply=None):
        """ArrowLeft / ArrowRight outside the board: the step before or after."""
        snap = self.snap
        if snap is None or self.finished:
            return self.app.spawn_act(None)
        index = snap["index"] + (-1 if what == "back" else 1 if what == "forward" else 0)
        if what not in ("back", "forward") or not 0 <= index < snap["count"]:
            return self.app.spawn_act(None)
        return self.go(index)

    def restore(self) -> list:
        snap = self.snap
        return [{"op": "learn_open", "game": snap["game"], "step": snap["index"]}] if snap else []

    def render(self):
        if self.active and self.snap is not None:
            self.act({"op": "learn_render"})

    # ------------------------------------------------------------------ drawing
    def draw(self, a, focus=None):
        app = self.app
        self.snap = a
        self.finished = False
        self.draw_board(a)
        n, count, phase = a["index"] + 1, a["count"], a["phase"]
        if phase == "right":
            self.mark_done(a["game"], n)
        el("learn-lesson").hidden = False
        el("learn-complete").hidden = True
        el("learn-count").textContent = app.tr("ui.learn.step", n=n, count=count)
        el("game-title").textContent = a["game_title"]       # the course's game, not the one behind the room
        document.title = a["doc_title"]
        el("learn-heading").textContent = a["title"]
        el("learn-rule").textContent = a["rule"]
        el("learn-task").textContent = a["task"]
        el("learn-turn").textContent = a["turn"]
        el("learn-turn").hidden = not a["turn"]
        el("learn-teams").textContent = a["teams"]
        el("learn-teams").hidden = not a["teams"]
        verdict = el("learn-verdict")
        word = app.tr("ui.learn.right") if phase == "right" else app.tr("ui.learn.wrong") if phase == "wrong" else ""
        verdict.textContent = (word + " " + a["verdict"]).strip()
        verdict.dataset.phase = phase
        answered = phase in ("right", "shown")
        el("learn-show").hidden = answered
        el("learn-again").hidden = not answered
        el("learn-next").hidden = not answered
        self.draw_steps(a)
        replace_state(app.uid or "", "#" + a["link"])
        if focus == "next" or (focus == "verdict" and answered):
            # the keyboard goes on with Next; the view moves only as far as it takes to show the
            # verdict and Next below the board (a phone)
            el("learn-next").focus(NO_SCROLL)
            el("learn-next").parentElement.scrollIntoView(NEAREST)     # the verdict and Next in view
        elif focus == "verdict":
            verdict.scrollIntoView(NEAREST)
        elif focus == "board":
            app.board.focus()
            app.announce(a["title"] + ". " + a["task"])
        elif focus == "heading":
            el("learn-heading").focus()

    def draw_steps(self, a):
        done = self.done(a["game"])
        mark = esc(self.app.tr("ui.learn.done_mark"))
        out = []
        for i, title in enumerate(a["steps"]):
            current = ' aria-current="step"' if i == a["index"] else ""
            tick = (f'<span class="learn-tick" aria-hidden="true">✓</span><span class="sr"> ({mark})</span>'
                    if i + 1 in done else "")
            out.append(f'<li><button type="button" data-step="{i}"{current}>{i + 1}. {esc(title)}{tick}</button></li>')
        el("learn-steps").innerHTML = "".join(out)

    def complete(self):
        """The last step passed: the course is complete; "Play your first game" leaves the room."""
        app = self.app
        self.finished = True
        el("learn-lesson").hidden = True
        el("learn-complete").hidden = False
        alone = self.game in app.meta and app.meta[self.game]["players"][0] == 1
        el("learn-complete-text").textContent = app.tr("ui.learn.complete" if alone else "ui.learn.complete_computer",
                                                       game=app.tr("game." + str(self.game)))
        app.announce(app.tr("ui.learn.complete_title"))
        el("learn-play").focus()

    def play_game(self):
        """"Play your first game" after the course: a new game of the course's game against the
        computer at its lowest level (a solitaire alone); the room is left, the game that was in
        progress stays in My games."""
        app = self.app
        gid = self.game
        if gid not in app.meta:
            return app.spawn_act(None)
        lowest = min(int(k) for k in app.data["levels"]["seconds"])
        self.leave()
        app.hide_rules()
        return app.spawn_action(app.start_game({"op": "new", "game": gid, "options": {}, "level": lowest,
                                                "seats": default_seats(app.meta[gid]["players"][0])}))

    # ------------------------------------------------------------------ clicks
    def on_steps_click(self, event):
        button = event.target.closest("button[data-step]") if event.target else None
        if button:
            self.go(int(button.dataset.step), focus="board")

    def on_chooser_click(self, event):
        """The game list's "Learn" link of a game."""
        link = event.target.closest("a[data-learn]") if event.target else None
        if not link:
            return
        event.preventDefault()
        self.start(str(link.dataset.learn))
        el("board-wrap").scrollIntoView()
