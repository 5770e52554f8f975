"""The side panel's parts, each drawn afresh from the app's state: status, choice buttons,
seats, move list, game chooser, aids and tools. Nothing here decides a rule; clicks call back
into the app. Each container has one listener, wired once (event delegation): elements drawn
afresh carry data attributes, never handlers of their own, so redrawing leaks nothing."""
from pyscript import document

from spielkiste.registry import GAMES
from spielkiste.texts import TABLE
from spielkiste_web import saves
from spielkiste_web.dom import el, make, on

SWATCH = {"white": "#fbf8f0", "black": "#2a2a2a", "orange": "#f08a24", "purple": "#8e44c8", "green": "#2e9e5b",
          "red": "#d7372f", "blue": "#2f6fd0", "yellow": "#f2c618", "neutral": "#8f8c86"}


def wire(app):
    """One listener per container, for the page's lifetime."""
    def clicked(selector, handler):
        def listener(event):
            target = event.target.closest(selector) if event.target else None
            if target:                # JS null (no match) is falsy
                handler(target)
        return listener
    on(el("choices"), "click", clicked("button[data-move]", lambda b: play_choice(app, str(b.dataset.move))))
    on(el("movelist"), "click", clicked("button[data-ply]", lambda b: app.step_to(int(b.dataset.ply))))
    on(el("game-list"), "click", clicked("button[data-game]", lambda b: app.choose_game(str(b.dataset.game))))
    on(el("tools"), "click", clicked("button[data-tool]", lambda b: app.analysis.run_tool(str(b.dataset.tool))))
    on(el("seats"), "change", clicked("select[data-seat]",
                                      lambda s: app.set_seat(int(s.dataset.seat), str(s.value))))
    on(el("aids"), "change", clicked("input[data-aid]", lambda c: app.toggle_aid(str(c.dataset.aid), bool(c.checked))))


def play_choice(app, text):
    """A choice button was pressed: the move it names, if it is still on offer."""
    if not app.human_to_move():
        return
    state = app.record.current
    for _, move in app.clicks.buttons() + app.clicks.choices():
        if state.move_text(move) == text:
            app.play_human(move)
            return


def status(app, state, human):
    """The game's goal under its name, who is to move (or the result), and the extra line: the
    position viewed, the game's own status line followed by its explanation where the game has
    one (`explain.<status key>`: set-up phases, a gate to open), and the view's notes."""
    el("game-goal").textContent = app.tr("goal." + app.record.game.id)
    st = el("status")
    res = state.outcome()
    if res is not None:
        st.textContent = res.message(app.lang)
        st.className = "over"     # shown in the result box; kept here for the announcement
    else:
        st.className = ""
        who = app.seat_name(state.to_move)
        if app.thinking:
            st.textContent = app.tr("ui.thinking", player=who)
        elif human and "computer" in app.seats:
            st.textContent = app.tr("ui.to_move_you", player=who)
        else:
            st.textContent = app.tr("ui.to_move", player=who)
    extra = []
    if not app.record.at_end:
        extra.append(app.tr("ui.viewing", number=app.record.cursor, total=len(app.record.moves)))
    line = state.status()
    if line is not None and res is None:
        key, args = line
        extra.append(app.tr(key, **args))
        if "explain." + key in TABLE:        # the games whose status line has an explanation
            extra.append(app.tr("explain." + key, **args))
    for key, args in state.view().notes if res is None else ():
        extra.append(app.tr(key, **args))
    el("status-extra").textContent = " ".join(extra)


def choices(app, human):
    box = el("choices")
    box.replaceChildren()
    if not human:
        return
    clicks = app.clicks
    entries = clicks.buttons()
    if clicks.prefix:
        entries = entries + clicks.choices()
    if clicks.prefix and clicks.choices():
        box.appendChild(make("span", app.tr("ui.choose")))
    for key, move in entries:
        b = make("button", app.tr(key) if key else app.record.current.move_text(move), type="button")
        b.dataset.move = app.record.current.move_text(move)
        box.appendChild(b)


def seats(app, state):
    ol = el("seats")
    ol.replaceChildren()
    n = state.num_players
    teams = len(set(state.teams)) < n
    # partners are listed together, in turn order within each team
    order = sorted(range(n), key=lambda s: (state.teams[s], s)) if teams else range(n)
    for seat in order:
        li = make("li")
        if state.result is None and seat == state.to_move:
            li.className = "to-move"
        colour = state.seat_colour(seat)
        sw = make("span", None, class_="swatch", aria_hidden="true")
        sw.style.background = SWATCH.get(colour, "#999")
        li.appendChild(sw)
        li.appendChild(make("span", app.tr("colour." + colour)))
        if teams:                 # the partner named, not a team number
            li.appendChild(make("span", app.tr("ui.team_with", partner=app.seat_name(state.partner(seat), state)),
                                class_="team"))
        sel = make("select", None, aria_label=app.tr("ui.seat", number=seat + 1))
        sel.dataset.seat = str(seat)
        for kind in saves.SEAT_KINDS:
            sel.appendChild(make("option", app.tr("ui." + kind), value=kind))
        sel.value = app.seats[seat]
        li.appendChild(sel)
        ol.appendChild(li)


def move_rows(rec) -> list[list[int | None]]:
    """The plies (1-based) of the move list, one row per round in a game of two: the first seat's
    move, then the second's; a row the second seat opens (a set-up that starts with it, a seat
    moving twice) gets None, drawn as "…", in the first place. With more seats, a ply per row."""
    if rec.start.num_players != 2:
        return [[i] for i in range(1, len(rec.moves) + 1)]
    rows: list[list[int | None]] = []
    for i in range(1, len(rec.moves) + 1):
        if rec.states[i - 1].to_move == 0 or not rows or len(rows[-1]) == 2:
            rows.append([i] if rec.states[i - 1].to_move == 0 else [None, i])
        else:
            rows[-1].append(i)
    return rows


def moves(app):
    """The move list, the current move marked and kept in view by scrolling the list itself:
    scrollIntoView would scroll the page too, and on a phone push the board off the screen."""
    ol = el("movelist")
    ol.replaceChildren()
    rec = app.record
    el("nomoves").hidden = bool(rec.moves)
    for row in move_rows(rec):
        li = make("li")
        for i in row:
            if i is None:
                li.appendChild(make("span", "…", class_="gap", aria_hidden="true"))
                continue
            b = make("button", rec.moves[i - 1], type="button")
            b.dataset.ply = str(i)
            if i == rec.cursor:
                b.setAttribute("aria-current", "true")
            li.appendChild(b)
        ol.appendChild(li)
    cur = ol.querySelector("[aria-current]")
    if cur:
        top, bottom = cur.offsetTop, cur.offsetTop + cur.offsetHeight     # the list is their offsetParent
        if top < ol.scrollTop:
            ol.scrollTop = top
        elif bottom > ol.scrollTop + ol.clientHeight:
            ol.scrollTop = bottom - ol.clientHeight


def chooser(app):
    ul = el("game-list")
    ul.replaceChildren()
    for gid in GAMES:
        li = make("li")
        b = make("button", None, type="button")
        b.dataset.game = gid
        b.appendChild(make("span", app.tr("game." + gid)))
        b.appendChild(make("span", app.tr("blurb." + gid), class_="blurb"))
        li.appendChild(b)
        ul.appendChild(li)


def chooser_current(app):
    for b in document.querySelectorAll("#game-list button"):
        b.setAttribute("aria-current", "true" if b.dataset.game == app.record.game.id else "false")


def aids_and_tools(app):
    box = el("tools")
    box.replaceChildren()
    el("tool-result").textContent = ""
    for name in app.record.game.tools:
        b = make("button", app.tr(f"tool.{name}"), type="button")
        b.dataset.tool = name
        box.appendChild(b)
    box = el("aids")
    box.replaceChildren()
    for aid in app.record.game.aids:
        lab = make("label")
        cb = make("input", None, type="checkbox")
        cb.checked = aid in app.aids
        cb.dataset.aid = aid
        lab.appendChild(cb)
        lab.appendChild(make("span", " " + app.tr("aid." + aid)))
        box.appendChild(lab)
