"""Analysis for every game: the game's own tools (the solitaire's solver), a hint (the search's
best move at the current level, marked on the board, not played) and an evaluation bar (the
search's winning chance for the player to move, hidden by default). All searching happens in
the computer module, so the page never freezes."""
import asyncio

from spielkiste.errors import SpielkisteError
from spielkiste.inputs import Clicks
from spielkiste_web import links
from spielkiste_web.computer import Cancelled
from spielkiste.ai.levels import LEVELS
from spielkiste_web.dom import el, on

ANALYSIS_SECONDS = 3.0


class Analysis:
    def __init__(self, app):
        self.app = app
        self.shown = False
        on(el("btn-hint"), "click", lambda e: asyncio.ensure_future(self.hint()))
        on(el("eval-toggle"), "change", lambda e: self.toggle_eval(bool(e.target.checked)))

    def run_tool(self, name):
        asyncio.ensure_future(self._run_tool(name))

    async def _run_tool(self, name):
        """Runs a game's analysis in the worker; a hint also marks its move on the board."""
        out = el("tool-result")
        out.textContent = self.app.tr("ui.tool_running")
        frag = links.to_fragment(self.app.record)
        try:
            res = await self.app.computer.tool(frag, name, 2.0)
        except Exception:
            out.textContent = self.app.tr("ui.ai_lost")
            return
        if links.to_fragment(self.app.record) != frag:
            return                      # the position changed meanwhile
        out.textContent = self.app.tr(res["key"], **res.get("args", {}))
        if res.get("move"):
            self.mark_hint(res["move"])

    def mark_hint(self, move_text):
        try:
            move = self.app.record.current.parse_move(move_text)
        except SpielkisteError:
            return
        path, _ = self.app.record.current.move_input(move)
        self.app.clicks = Clicks(self.app.record.current)
        for cell in path[:-1]:          # the hinted piece is picked up, its destination marked
            self.app.clicks.click(cell)
        self.app.hint_cells = tuple(path)
        self.app.render()

    async def hint(self):
        """The computer's best move at the current level, marked on the board, not played."""
        if not self.app.human_to_move() or self.app.record.game.player_counts == (1,):
            return
        frag, state = links.to_fragment(self.app.record), self.app.record.current
        out = el("tool-result")
        out.textContent = self.app.tr("ui.tool_running")
        try:
            move = await self.app.computer.move(frag, state, LEVELS.get(self.app.level, 1.0),
                                                lambda info: self.show_evaluation(info, state))
        except Cancelled:
            return
        except Exception:
            out.textContent = self.app.tr("ui.ai_lost")
            return
        if links.to_fragment(self.app.record) != frag:
            return
        out.textContent = self.app.tr("ui.hint_is", move=move)
        self.mark_hint(move)

    def toggle_eval(self, on_):
        self.shown = on_
        el("evalbar").hidden = not on_
        if on_:
            asyncio.ensure_future(self.analyse())

    async def analyse(self):
        """With the evaluation shown and a human to move, the search evaluates the position."""
        if not self.shown or not self.app.human_to_move():
            return
        frag, state = links.to_fragment(self.app.record), self.app.record.current
        try:
            await self.app.computer.move(frag, state, ANALYSIS_SECONDS, lambda info: self.show_evaluation(info, state))
        except Exception:
            return

    def show_evaluation(self, info, state):
        """The search's winning chance for the player to move in `state`."""
        percent = round(100 * float(info.get("value", 0.5)))
        bar = el("evalbar")
        bar.style.setProperty("--eval", f"{percent}%")
        el("eval-text").textContent = self.app.tr("ui.eval_for", percent=percent,
                                                  player=self.app.seat_name(state.to_move, state))
        bar.dataset.value = str(percent)
