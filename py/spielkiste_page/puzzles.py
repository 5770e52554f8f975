"""The puzzle room (issue 32): a position where the side to move has exactly one right move, the
player moves on the board, the worker (spielkiste_web/puzzle_session.py) answers right or wrong and
plays the defence in puzzles of several moves; after the end the solution is shown in notation and
can be walked on the board. A wrong move is answered on the board by the opponent's refutation,
said in words; Retry or Solution then, and the puzzle's themes named (not before: they would hint).
Next puzzle (near the player's rating, none of the last few; of the theme chosen in the menu, if any),
the daily puzzle (the same for everyone on a date: the page sends its local date), Back to the game.

The player's progress per game (rating, streak, solved ids) stays in this page's storage under
`spielkiste.puzzle.<game>`: sent as stored text with every request that reads it, and the answer's
`progress` written back, so the reader of stored text is the worker's (a broken text is a fresh
start). An embed stores nothing (its rating and streak last while it is open) and tells its host
`solved` and `failed` (embed.py's post).

Links: `#<game>?puzzle=<id>`, `#<game>?puzzle=daily`, `#<game>?puzzle` (the next one for this
player). Runs under MicroPython (the page); every text arrives translated from the worker or comes
from the page's own `ui.puzzle.*` keys; nothing from a link or storage becomes markup."""
import asyncio

import js
from pyscript import document

from spielkiste_page.dom import NO_SCROLL, el, make, on, page_url, replace_state, window
from spielkiste_page.room import Room, query_words

PROGRESS = "spielkiste.puzzle."        # + game id: the progress the worker reads and updates
DEFENCE_PAUSE = 0.45                   # seconds the player's move stands alone before the defence is drawn


def today() -> str:
    """The page's local date as YYYY-MM-DD (the daily puzzle is the date's, for everyone)."""
    d = js.Date.new()
    return "%04d-%02d-%02d" % (int(d.getFullYear()), int(d.getMonth()) + 1, int(d.getDate()))


def puzzle_id(value: str):
    """What a link's `puzzle=` names: "daily", "next" (a bare `puzzle`), or else the value as the
    link holds it, which the worker reads as it reads every link's values (an id; anything else,
    `1e5` or `%C2%B2`, is said, never taken for another puzzle)."""
    word = (value or "").strip()
    if word.lower() in ("daily", "next", ""):
        return word.lower() or "next"
    return word


class PuzzleRoom(Room):
    name = "puzzle"
    word = "puzzle"

    def __init__(self, app):
        super().__init__(app)
        self.game = None                # the game of the puzzle shown
        self.sent = 0                   # requests sent; only the newest one's answer is drawn
        self.kept = {}                  # an embed's progress per game, for this visit only
        self.choices = None             # (game, the theme choices) the theme menu shows
        on(el("puzzle-next"), "click", lambda e: self.open_puzzle(None, "next"))
        on(el("puzzle-daily"), "click", lambda e: self.open_puzzle(None, "daily"))
        on(el("puzzle-retry"), "click", lambda e: self.retry())
        on(el("puzzle-solution"), "click", lambda e: self.solution())
        on(el("puzzle-analyse"), "click", lambda e: self.analyse())
        on(el("puzzle-leave"), "click", lambda e: self.close())
        on(el("puzzle-back"), "click", lambda e: self.step("back"))
        on(el("puzzle-forward"), "click", lambda e: self.step("forward"))
        on(el("btn-puzzles"), "click", lambda e: self.open_puzzle(None, "next"))
        on(el("game-list"), "click", self.on_chooser_click)

    # ------------------------------------------------------------------ opening
    def on_chooser_click(self, event):
        """A game's "Puzzles" link in the game list: opened here (the link itself stays a link)."""
        target = event.target.closest("a[data-puzzles]") if event.target else None
        if not target:
            return
        event.preventDefault()
        self.app.hide_rules()
        self.open_puzzle(str(target.dataset.puzzles), "next")
        el("board-wrap").scrollIntoView()

    def open_puzzle(self, game, which):
        """An input's request for a puzzle (a button, a chooser link): a task, the page pending; the
        keyboard goes on at the room's heading, as in the lessons (it had stayed on the link)."""
        return self.app.spawn_action(self.load(game, which, focus=True))

    async def open_link(self, frag: str, initial: bool = False) -> None:
        game = frag.split("?")[0].strip().lower()
        await self.load(game, puzzle_id(query_words(frag).get("puzzle", "")))

    async def load(self, game, which, focus=False) -> None:
        app = self.app
        game = game or self.game or (app.snap["game"] if app.snap is not None else app.data["default"])
        msg = {"op": "puzzle_open", "game": game, "puzzle": which, "progress": self.stored(game)}
        theme = str(el("puzzle-theme").value or "")
        if which == "next" and theme and self.choices is not None and self.choices[0] == game:
            msg["theme"] = theme            # the theme chosen for this game's next puzzle
        if which == "daily":
            msg["date"] = today()
        self.sent += 1
        number = self.sent
        answer = await self.ask(msg)
        if number != self.sent:
            return                          # a newer request's answer will be drawn
        if answer is None:              # a bad link: what is shown stays, and so does its address
            if self.active and self.snap is not None:
                replace_state(app.uid or "", "#" + self.snap["link"])
            elif not self.active and app.snap is not None:
                app.update_hash()
            return
        app.hide_message()
        if not self.active:
            self.enter()
        self.game = answer["game"]
        self.show(answer)
        if focus:
            el("puzzle-title").focus(NO_SCROLL)

    def leave(self) -> None:
        """The room given back (its button, the browser's Back, another link): an answer still on its
        way is not drawn, so it cannot take the board and the address back from the game."""
        self.sent += 1
        super().leave()

    # ------------------------------------------------------------------ playing
    def on_move(self, move: str):
        if not self.active or self.snap is None or self.snap.get("state") != "play":
            return super().on_move(move)
        return self.app.spawn_action(self.send({"op": "puzzle_move", "move": move}))

    async def send(self, msg) -> None:
        """A room request, with the stored progress (the worker's answer shows its rating and streak:
        "Solution" and Retry showed a fresh 1000 without it), and its answer drawn unless a later
        request was sent meanwhile."""
        if "progress" not in msg:
            msg["progress"] = self.stored(self.game)
        self.sent += 1
        number = self.sent
        answer = await self.ask(msg)
        if number != self.sent:
            return
        if answer is None:
            if self.snap is not None:
                self.draw_board(self.snap)         # the board takes moves again
            return
        if answer.get("before") and self.active:      # the player's move alone, then the defence's answer
            self.app.board.set({"svg": answer["before"], "cells": answer.get("cells"), "entries": [], "overlays": {},
                                "rotation": answer.get("rotation"), "human": False, "view_only": False})
            await asyncio.sleep(DEFENCE_PAUSE)
            if number != self.sent:
                return
        self.show(answer, moved=msg.get("op") == "puzzle_move" or bool(msg.get("give_up")))

    def analyse(self):
        """'Analyse' (once solved or failed): the puzzle's position on the analysis board, with the
        solution as its main line."""
        room = self.app.room_named("analysis")
        if room is None or self.snap is None or not self.snap.get("analysis"):
            return self.app.spawn_act(None)
        return room.open_position(self.snap["analysis"])

    def retry(self):
        return self.app.spawn_action(self.send({"op": "puzzle_retry"}))

    def solution(self):
        """'Solution' after a wrong move: the solution on the board from where the attempt went wrong
        (the refutation is shown until then); 'Give up' while it is open: the same from where the
        player is, the attempt failed."""
        snap = self.snap
        if snap is None or not (snap["can"].get("solution") or snap["can"].get("give_up")):
            return self.app.spawn_act(None)
        msg = {"op": "puzzle_show", "ply": int(snap["played"])}
        if snap["can"].get("give_up"):
            msg["give_up"] = True
        return self.app.spawn_action(self.send(msg))

    def step(self, what: str, ply=None):
        snap = self.snap
        if snap is None or snap.get("shown") is None:
            return self.app.spawn_act(None)
        shown = int(snap["shown"])
        target = shown - 1 if what == "back" else shown + 1 if what == "forward" else ply
        if type(target) is not int or not 0 <= target <= int(snap["line_n"]) or target == shown:
            return self.app.spawn_act(None)
        return self.app.spawn_action(self.send({"op": "puzzle_show", "ply": target}))

    def restore(self) -> list:
        """The puzzle shown, from its start (its moves so far are played again by the player)."""
        snap = self.snap
        return [{"op": "puzzle_open", "game": snap["game"], "puzzle": snap["puzzle"],
                 "progress": self.stored(snap["game"])}] if snap else []

    def render(self) -> None:
        if self.active:
            self.app.spawn_action(self.send({"op": "puzzle_snapshot"}))

    # ------------------------------------------------------------------ drawing
    def stored(self, game):
        """The progress text of a game: the stored one; in an embed (which keeps nothing) the one
        of this visit."""
        if not game:
            return None
        return self.kept.get(game) if self.app.embed else self.app.storage.get(PROGRESS + game)

    def theme_menu(self, game, choices) -> None:
        """The menu of the game's themes (names from the worker, in the page's language), for the next
        puzzle; the choice stays while the game and the language do."""
        if self.choices == (game, str(choices)):
            return
        menu = el("puzzle-theme")
        chosen = str(menu.value or "") if self.choices is not None and self.choices[0] == game else ""
        while menu.options.length > 1:          # the first option is "Any theme" (translated by data-t)
            menu.remove(1)
        for name, label in choices:
            menu.appendChild(make("option", label, value=name))
        menu.value = chosen if any(name == chosen for name, _ in choices) else ""
        self.choices = (game, str(choices))

    def show(self, a: dict, moved: bool = False) -> None:
        """Draw a room answer: the board, the texts, the buttons, the address; store the progress
        and tell an embedding host how the attempt ended."""
        app = self.app
        if not self.active:
            return
        self.snap = a
        self.draw_board(a)
        el("game-title").textContent = a["game_title"]
        document.title = a["doc_title"]
        el("puzzle-title").textContent = a["title"]
        el("puzzle-task").textContent = a["task"]
        el("puzzle-difficulty").textContent = a["difficulty"]
        el("puzzle-verdict").textContent = a["verdict"]
        el("puzzle-line").textContent = a["line"]
        el("puzzle-line").hidden = not a["line"]
        el("puzzle-themes").textContent = a["themes_text"]
        el("puzzle-themes").hidden = not a["themes_text"]
        self.theme_menu(a["game"], a["theme_choices"])
        el("puzzle").dataset.state = a["state"]
        el("puzzle-rating").textContent = (a["rating_text"] + " " + a["change_text"]).strip()
        el("puzzle-streak").textContent = a["streak_text"]
        el("puzzle").dataset.streak = str(a["streak"])
        el("puzzle").dataset.rating = str(a["rating"])
        el("puzzle").dataset.id = str(a["puzzle"])
        el("puzzle").dataset.game = a["game"]
        steps = a["shown"] is not None
        el("puzzle-steps").hidden = not steps
        el("puzzle-shown").textContent = a["shown_text"]
        el("puzzle-back").disabled = not a["can"]["back"]
        el("puzzle-forward").disabled = not a["can"]["forward"]
        el("puzzle-retry").disabled = not a["can"]["retry"]
        button, give_up = el("puzzle-solution"), bool(a["can"].get("give_up"))
        button.hidden = not (a["can"].get("solution") or give_up)
        button.dataset.t = "ui.puzzle.give_up" if give_up else "ui.puzzle.solution"
        button.textContent = app.tr(button.dataset.t)
        button.title = app.tr("ui.puzzle.give_up_title") if give_up else ""
        # not in an embed: its "Back to your game" left the puzzle for a game the visitor never had (a probe)
        el("puzzle-analyse").hidden = (not a.get("analysis") or self.app.room_named("analysis") is None
                                       or bool(app.embed))
        replace_state(app.uid or "", "#" + a["link"])
        el("embed-open").href = str(window.location.pathname) + "#" + a["link"]
        if "progress" in a:
            if app.embed:
                self.kept[a["game"]] = a["progress"]
            else:
                app.storage.set(PROGRESS + a["game"], a["progress"])
        if moved:
            state = a["state"]
            app.sound.play("win" if state == "solved" else "loss" if state == "failed" else "computer")
            if state in ("solved", "failed"):
                app.embedding.post(state, game=a["game"], puzzle=a["puzzle"], daily=a["daily"],
                                   solution=a["solution"], link=page_url(a["link"]))
