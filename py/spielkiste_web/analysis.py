"""Analysis for every game: the game's own tools (the solitaire's solver), a hint (the search's
best move at the current level, marked on the board, not played) and an evaluation bar (the
winning chance of one fixed side, hidden by default). All searching happens in the computer
module, so the page never freezes."""
import asyncio

from spielkiste.errors import SpielkisteError
from spielkiste.inputs import Clicks
from spielkiste_web import links
from spielkiste_web.computer import Cancelled
from spielkiste.ai.levels import LEVELS
from spielkiste_web.dom import el, on
from spielkiste_web.panels import SWATCH

ANALYSIS_SECONDS = 3.0


class Analysis:
    def __init__(self, app):
        self.app = app
        self.shown = False
        self.percent: int | None = None     # the fixed side's winning chance, None until searched
        self.of_record = None                # the record that chance belongs to
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
            self.draw()
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

    def side(self) -> int:
        """The seat the bar speaks for, whoever is to move: the one human seat, else the first,
        so the bar never flips from one side to the other as the turn passes."""
        humans = [s for s, kind in enumerate(self.app.seats) if kind == "human"]
        return humans[0] if len(humans) == 1 else 0

    def show_evaluation(self, info, state):
        """The search's winning chance for the player to move in `state`, as the fixed side's:
        the same for its partner, the rest for the one other side; with three sides or more an
        opponent's chance says nothing of the side's, and the bar keeps what it showed."""
        value, side = float(info.get("value", 0.5)), self.side()
        sides = len(set(state.teams))
        if state.teams[state.to_move] == state.teams[side]:
            chance = value
        elif sides == 2:
            chance = 1 - value
        else:
            return
        self.percent, self.of_record = round(100 * chance), self.app.record
        self.draw()

    def draw(self):
        """The bar from the current state, in the page's language: the side's colour filled to its
        chance, the opponents' colour (grey for several) beyond, the number on the bar. Called on
        every render, so a language switch or a new game redraws it."""
        app, bar = self.app, el("evalbar")
        state, side = app.record.current, self.side()
        if self.of_record is not app.record:
            self.percent = None
        others = [s for s in range(state.num_players) if state.teams[s] != state.teams[side]]
        rest = SWATCH.get(state.seat_colour(others[0]), "#999") if len(set(state.teams)) == 2 else SWATCH["neutral"]
        bar.style.setProperty("--side", SWATCH.get(state.seat_colour(side), "#999"))
        bar.style.setProperty("--rest", rest)
        bar.style.setProperty("--eval", f"{50 if self.percent is None else self.percent}%")
        bar.dataset.seat = str(side)
        el("eval-side").textContent = app.tr("ui.eval_for", player=app.seat_name(side, state))
        el("eval-text").textContent = "" if self.percent is None else app.tr("ui.eval_percent", percent=self.percent)
        if self.percent is None:
            bar.removeAttribute("data-value")
        else:
            bar.dataset.value = str(self.percent)
