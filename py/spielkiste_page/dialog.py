"""The new-game dialog, drawn from a game's entry in page_data.json (`app.meta[gid]`): options (with
those that depend on another option shown only when they apply), who plays each seat, and the
computer's level with what it is worth in this game. The worker checks the options on `new`."""
import js

from spielkiste_page.dom import el, make, on
from spielkiste_page.panels import nearest_level, offered_levels


def default_seats(n: int) -> list:
    """One human and the computer for the rest; a solitaire is played alone."""
    return ["human"] + ["computer"] * (n - 1)


class NewGameDialog:
    def __init__(self, app):
        self.app = app
        self.game = app.meta[app.data["default"]]     # the game's entry the dialog was last opened for
        on(el("newgame-form"), "submit", self.submit)
        on(el("newgame-cancel"), "click", lambda e: el("newgame").close())
        on(el("newgame-options"), "change", self.option_changed)     # one listener: inputs are drawn afresh
        on(el("newgame-options"), "click", lambda e: step_option(e, self.game))
        on(el("level"), "change", lambda e: self.level_note())

    def open(self, gid):
        app = self.app
        self.game = app.meta[gid]
        same = app.snap is not None and app.snap["game"] == gid
        current = link_options(app.snap["link"]) if same else {}
        option_inputs(app, self.game, current, el("newgame-options"))
        self.seat_inputs(self.players())
        lvl = el("level")
        lvl.replaceChildren()
        kept = offered_levels(app, gid)
        for k in kept:
            lvl.appendChild(make("option", app.tr("ui.level." + str(k)), value=str(k)))
        lvl.value = str(nearest_level(kept, app.level))
        self.level_note()
        el("newgame-title").textContent = app.tr("ui.new_game") + ": " + app.tr("game." + gid)
        el("newgame").showModal()

    def option_changed(self, event):
        if str(event.target.dataset.option) in ("players", "teams"):
            self.seat_inputs(self.players())
        dependent_options(el("newgame-options"))

    def players(self) -> int:
        inp = el("newgame-options").querySelector("[data-option='players']")
        return int(inp.value) if inp else self.game["players"][0]

    def level_note(self):
        """What the chosen level does, in plain words, and its measured result against the level
        below it in this game, the easiest level's against the novice reference (tests/bench/ladder.py);
        the strongest level offered, when the ladder dropped those above it, says so. Its rating is the
        game panel's tooltip."""
        app, k = self.app, int(el("level").value)
        levels = app.data["levels"]
        gid = self.game["id"]
        found = levels["measured"].get(gid, {}).get(str(k))
        game = app.tr("game." + gid)
        if 2 not in self.game["players"]:
            text = app.tr("ui.level.solo")
        elif found is None:
            text = app.tr("ui.level.about." + str(k))
        else:
            points, n, weaker, below = found
            lower = app.tr("ui.level.novice") if below == "novice" else app.tr("ui.level." + str(below))
            text = app.tr("ui.level.about." + str(k)) + " " + app.tr(
                "ui.level.measured", game=game, lower=lower, n=n, share=round(100 * points / n))
            if weaker:
                text += " " + app.tr("ui.level.weaker", game=game, lower=lower)
        kept = levels.get("offered", {}).get(gid) or []
        if kept and k == max(kept) and k < max(int(x) for x in levels["seconds"]):
            text += " " + app.tr("ui.level.top_here", game=game)
        el("level-note").textContent = text

    def seat_inputs(self, n):
        app = self.app
        box = el("newgame-seats")
        box.replaceChildren()
        fs = make("fieldset")
        fs.appendChild(make("legend", app.tr("ui.players")))
        same = app.snap is not None and app.snap["game"] == self.game["id"]
        seats = app.seats() if same else []
        colours = self.game["colours"].get(str(n)) or []
        for seat, colour in enumerate(colours):
            lab = make("label")
            lab.appendChild(make("span", app.tr("colour." + colour) + " "))
            sel = make("select")
            sel.dataset.seat = str(seat)
            for kind in app.data["seat_kinds"]:
                sel.appendChild(make("option", app.tr("ui." + kind), value=kind))
            sel.value = seats[seat] if seat < len(seats) else default_seats(n)[seat]
            lab.appendChild(sel)
            fs.appendChild(lab)
        teams = el("newgame-options").querySelector("[data-option='teams']")
        if teams and teams.checked and n in self.game["teams"]:
            fs.appendChild(make("p", partners(app, colours), class_="partners"))
        box.appendChild(fs)

    def submit(self, event):
        event.preventDefault()
        opts = read_options(el("newgame-options"))
        seats = [str(s.value) for s in el("newgame-seats").querySelectorAll("select")]
        msg = {"op": "new", "game": self.game["id"], "options": opts, "seats": seats, "level": int(el("level").value)}
        self.app.spawn_action(self.start(msg))

    async def start(self, msg):
        if await self.app.start_game(msg):      # refused options: said, and the dialog stays open
            el("newgame").close()


def link_options(link: str) -> dict:
    """The options a link names (text values), which the dialog starts from."""
    _, _, query = link.partition("?")
    out = {}
    for part in query.split("&") if query else []:
        key, _, value = part.partition("=")
        if key not in ("m", "at", "p", "v", ""):
            out[key] = value
    return out


def partners(app, colours) -> str:
    """Who partners whom in a game of teams: neighbouring seats, 0+1 against 2+3 (engine.py)."""
    names = [app.tr("colour." + c) for c in colours]
    return app.tr("ui.partners", first=" + ".join(names[:2]), second=" + ".join(names[2:]))


def is_on(value) -> bool:
    return value is True or str(value).lower() in ("1", "true", "yes", "on")


def option_inputs(app, game, current: dict, form, skip=()) -> None:
    """An input per option of `game` (its page_data entry; values from `current`, text or
    values) into `form`; options in `skip` are left out. Used by the dialog and the board editor."""
    gid = game["id"]
    form.replaceChildren()
    for o in game["options"]:
        key = o["key"]
        if key in skip:
            continue
        lab = make("label")
        lab.appendChild(make("span", app.tr(o["label"] or "opt." + gid + "." + key) + " "))
        value = current.get(key, o["default"])
        choices = o.get("choices") or []
        if o["kind"] == "bool":
            inp = make("input", None, type="checkbox")
            inp.checked = is_on(value)
        elif choices:
            inp = make("select")
            for c in choices:
                label = "opt." + gid + "." + key + "." + str(c)
                text = app.tr(label)
                inp.appendChild(make("option", text if text != label else str(c), value=str(c)))
            inp.value = str(value)
        else:
            inp = make("input", None, type="number", min="0", step="1")
            inp.value = str(int(js.Math.random() * 1e9)) if key == "seed" else str(value)
        inp.dataset.option = key
        lab.appendChild(inp)
        for i, step in enumerate(o.get("steps") or []):
            b = make("button", app.tr(step[0]), type="button")
            b.dataset.step = key + ":" + str(i)
            lab.appendChild(b)
        if o.get("shown_if"):
            other, value = o["shown_if"]
            lab.dataset.shownIf = other + "=" + ("1" if value is True else "0" if value is False else str(value))
        form.appendChild(lab)
    dependent_options(form)


def step_option(event, game) -> None:
    """A step button beside an option (Die Drei: turn, flip a tile) was pressed: the option's
    input gets the stepped value and a 'change' event, as if the player had chosen it."""
    b = event.target.closest("button[data-step]") if event.target else None
    if not b or game is None:
        return
    key, _, i = str(b.dataset.step).partition(":")
    option = [o for o in game["options"] if o["key"] == key][0]
    inp = b.parentElement.querySelector("[data-option='" + key + "']")
    table = option["steps"][int(i)][1]
    inp.value = table.get(str(inp.value), str(inp.value))
    inp.dispatchEvent(js.Event.new("change", js.JSON.parse('{"bubbles": true}')))


def dependent_options(form) -> None:
    """Options that only matter for one value of another (Die Drei's tiles for a custom board)."""
    for lab in form.querySelectorAll("[data-shown-if]"):
        key, _, value = str(lab.dataset.shownIf).partition("=")
        other = form.querySelector("[data-option='" + key + "']")
        if not other:
            continue
        current = ("1" if other.checked else "0") if str(other.type) == "checkbox" else str(other.value)
        lab.hidden = current != value


def read_options(form) -> dict:
    """The options as the inputs of `form` hold them (text values, read by the engine)."""
    return {str(inp.dataset.option): ("1" if inp.checked else "0") if str(inp.type) == "checkbox" else str(inp.value)
            for inp in form.querySelectorAll("[data-option]")}
