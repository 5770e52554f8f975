"""The new-game dialog, generated from a game's option specs: options (with those that depend on
another option shown only when they apply), who plays each seat, and the computer's level."""
import js
from pyscript import document

from spielkiste.ai import levels
from spielkiste.ai.levels import LEVELS
from spielkiste.errors import SpielkisteError
from spielkiste.record import Record
from spielkiste.engine import State
from spielkiste.registry import ENTRIES, get_game
from spielkiste_web import saves
from spielkiste_web.links import DEFAULT_GAME
from spielkiste_web.dom import el, make, on


class NewGameDialog:
    def __init__(self, app):
        self.app = app
        self.game: type[State] = get_game(DEFAULT_GAME)     # the game the dialog was last opened for
        on(el("newgame-form"), "submit", self.submit)
        on(el("newgame-cancel"), "click", lambda e: el("newgame").close())
        on(el("newgame-options"), "change", self.option_changed)     # one listener: inputs are drawn afresh
        on(el("newgame-options"), "click", lambda e: step_option(e, self.game))
        on(el("level"), "change", lambda e: self.level_note())

    def open(self, game):
        app = self.app
        self.game = game
        gid = game.id
        current = app.record.start.options if app.record.game is game else {}
        option_inputs(app, game, current, el("newgame-options"))
        self.seat_inputs(int(current.get("players", game.player_counts[0])))
        lvl = el("level")
        lvl.replaceChildren()
        for k in LEVELS:
            lvl.appendChild(make("option", app.tr(f"ui.level.{k}"), value=str(k)))
        lvl.value = str(app.level)
        self.level_note()
        el("newgame-title").textContent = app.tr("ui.new_game") + ": " + app.tr("game." + gid)
        el("newgame").showModal()

    def option_changed(self, event):
        if str(event.target.dataset.option) in ("players", "teams"):
            self.seat_inputs(self.players())
        dependent_options(el("newgame-options"))

    def players(self) -> int:
        inp = el("newgame-options").querySelector("[data-option='players']")
        return int(inp.value) if inp else self.game.player_counts[0]

    def level_note(self):
        """What the chosen level is worth in this game: its measured result against the level
        below it (tests/bench/strength.py --levels)."""
        app, k = self.app, int(el("level").value)
        found = levels.measured(self.game.id, k)
        game = app.tr("game." + self.game.id)
        lower = app.tr(f"ui.level.{k - 1}") if k - 1 in LEVELS else ""
        if 2 not in self.game.player_counts:
            text = app.tr("ui.level.solo")
        elif k == min(LEVELS):
            text = app.tr("ui.level.first")
        elif found is None:
            text = app.tr("ui.level.unmeasured", game=game, lower=lower)
        else:
            points, n = found
            text = app.tr("ui.level.measured", game=game, lower=lower, n=n, share=round(100 * points / n))
            if levels.weaker(self.game.id, k):
                text += " " + app.tr("ui.level.weaker", game=game, lower=lower)
        el("level-note").textContent = text

    def seat_inputs(self, n):
        app = self.app
        box = el("newgame-seats")
        box.replaceChildren()
        fs = make("fieldset")
        fs.appendChild(make("legend", app.tr("ui.players")))
        for seat, colour in enumerate(ENTRIES[self.game.id].seat_colours(n)):
            lab = make("label")
            lab.appendChild(make("span", app.tr("colour." + colour) + " "))
            sel = make("select")
            sel.dataset.seat = str(seat)
            for kind in saves.SEAT_KINDS:
                sel.appendChild(make("option", app.tr("ui." + kind), value=kind))
            sel.value = app.seats[seat] if app.record.game is self.game and seat < len(app.seats) \
                else saves.default_seats(n)[seat]
            lab.appendChild(sel)
            fs.appendChild(lab)
        teams = el("newgame-options").querySelector("[data-option='teams']")
        if teams and teams.checked and n in self.game.team_counts:
            fs.appendChild(make("p", partners(app, ENTRIES[self.game.id].seat_colours(n)), class_="partners"))
        box.appendChild(fs)

    def submit(self, event):
        event.preventDefault()
        opts = read_options(el("newgame-options"))
        try:
            rec = Record.new(self.game, opts)
        except SpielkisteError as e:
            self.app.show_message(e.message(self.app.lang))
            return
        seats = [str(s.value) for s in document.querySelectorAll("#newgame-seats select")]
        el("newgame").close()
        self.app.start_game(rec, seats, int(el("level").value))


def partners(app, colours) -> str:
    """Who partners whom in a game of teams: neighbouring seats, 0+1 against 2+3 (engine.py)."""
    names = [app.tr("colour." + c) for c in colours]
    return app.tr("ui.partners", first=" + ".join(names[:2]), second=" + ".join(names[2:]))


def option_inputs(app, game, current: dict, form, skip=()) -> None:
    """An input per option of `game` (its value from `current`) into `form`; options in `skip`
    are left out. Used by the new-game dialog and the board editor."""
    gid = game.id
    form.replaceChildren()
    for o in game.all_options():
        if o.key in skip:
            continue
        lab = make("label")
        lab.appendChild(make("span", app.tr(o.label or f"opt.{gid}.{o.key}") + " "))
        value = current.get(o.key, o.default)
        if o.kind == "bool":
            inp = make("input", None, type="checkbox")
            inp.checked = bool(value)
        elif o.choices:
            inp = make("select")
            for c in o.choices:
                key = f"opt.{gid}.{o.key}.{c}"
                inp.appendChild(make("option", app.tr(key) if app.tr(key) != key else str(c), value=str(c)))
            inp.value = str(value)
        else:
            inp = make("input", None, type="number", min="0", step="1")
            inp.value = str(int(js.Math.random() * 1e9)) if o.key == "seed" else str(value)
        inp.dataset.option = o.key
        lab.appendChild(inp)
        for i, (text, _) in enumerate(o.steps):
            b = make("button", app.tr(text), type="button")
            b.dataset.step = f"{o.key}:{i}"
            lab.appendChild(b)
        if o.shown_if:
            lab.dataset.shownIf = f"{o.shown_if[0]}={o.shown_if[1]}"
        form.appendChild(lab)
    dependent_options(form)


def step_option(event, game) -> None:
    """A step button beside an option (Die Drei: turn, flip a tile) was pressed: the option's
    input gets the stepped value and a 'change' event, as if the player had chosen it."""
    b = event.target.closest("button[data-step]") if event.target else None
    if not b or game is None:
        return
    key, _, i = str(b.dataset.step).partition(":")
    option = next(o for o in game.all_options() if o.key == key)
    inp = b.parentElement.querySelector(f"[data-option='{key}']")
    inp.value = option.steps[int(i)][1](str(inp.value))
    inp.dispatchEvent(js.Event.new("change", js.Object.fromEntries([["bubbles", True]])))


def dependent_options(form) -> None:
    """Options that only matter for one value of another (Die Drei's tiles for a custom board)."""
    for lab in form.querySelectorAll("[data-shown-if]"):
        key, _, value = str(lab.dataset.shownIf).partition("=")
        other = form.querySelector(f"[data-option='{key}']")
        current = ("1" if other.checked else "0") if str(other.type) == "checkbox" else str(other.value)
        lab.hidden = current != value


def read_options(form) -> dict:
    """The options as the inputs of `form` hold them (text values, read by the engine)."""
    return {str(inp.dataset.option): ("1" if inp.checked else "0") if str(inp.type) == "checkbox" else str(inp.value)
            for inp in form.querySelectorAll("[data-option]")}
