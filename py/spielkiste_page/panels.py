"""The side panel, drawn from the snapshot alone: title, goal, status, seats, move list, result,
aids and tools, the buttons' states and the evaluation bar. Nothing here knows a rule or reads the
engine: every text arrives translated in the snapshot (the page's own labels come from app.tr).

Each part is redrawn only when what it shows changed (MicroPython pays for every call into the
DOM on the main thread), and lists are written as one escaped markup string rather than element by
element: text from a link or the worker is escaped, so it stays text. Each container has one
listener, wired once (event delegation): redrawn elements carry data attributes, never handlers."""
import js
from pyscript import document

from spielkiste_page.dom import el, is_null, on, set_text


def esc(text):
    """Text as markup that shows exactly that text (in an element or a quoted attribute)."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def wire(app):
    """One listener per container, for the page's lifetime (#choices is the board's)."""
    def clicked(selector, handler):
        def listener(event):
            target = event.target.closest(selector) if event.target else None
            if target:                # JS null (no match) is None
                handler(target)
        return listener
    on(el("movelist"), "click", clicked("button[data-ply]", lambda b: app.step_to(int(b.dataset.ply))))
    on(el("game-list"), "click", clicked("button[data-game]", lambda b: app.choose_game(str(b.dataset.game))))
    on(el("tools"), "click", clicked("button[data-tool]", lambda b: app.run_tool(str(b.dataset.tool))))
    on(el("seats"), "keydown", seat_key)
    on(el("seats"), "change", clicked("select[data-seat]", lambda s: seat_changed(app, s)))
    on(el("aids"), "change", clicked("input[data-aid]", lambda c: app.toggle_aid(str(c.dataset.aid), bool(c.checked))))


STEP_KEYS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown")
KEY_REST_MS = 700        # a seat's menu stepped through with the keys takes effect once they rest this long
_stepped = {"at": 0.0}   # when a key last stepped a seat's menu (a closed menu changes at every arrow key)
_resting: dict = {}      # seat -> the timer that applies its menu's value once the keys rest


def seat_key(event):
    if event.key in STEP_KEYS:
        _stepped["at"] = js.Date.now()


def seat_changed(app, select):
    """A seat's menu changed: at once by a pointer or a chosen entry; stepped through with the arrow
    keys (a closed menu changes at every key), once the keys rest, so the computer does not move
    at each level passed on the way (found by a probe)."""
    seat, value = int(select.dataset.seat), str(select.value)
    if js.Date.now() - _stepped["at"] > 300:
        app.set_seat(seat, value)
        return
    if seat in _resting:
        js.clearTimeout(_resting.pop(seat))

    def rest():
        _resting.pop(seat, None)
        app.set_seat(seat, value)
    _resting[seat] = js.setTimeout(rest, KEY_REST_MS)


_drawn: dict = {}        # part name -> what it shows now (a part is rewritten only when this changes)
MARKS: dict = {}         # ply -> (mark, symbol, title): the game review's marks on the move list (review.py)
SYMBOLS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}     # a mark's symbol (move list, review, tree)
HOOKS: list = []         # called as hook(app, snap) after the panel is drawn (review.py: the graph's ply)


def forget(part):
    """Draw this part afresh next time (its inputs may show what the snapshot does not: a refused
    choice)."""
    _drawn.pop(part, None)


def changed(part, key) -> bool:
    if _drawn.get(part) == key:
        return False
    _drawn[part] = key
    return True


def draw(app, snap):
    """The whole side panel for `snap`."""
    if not app.editor.active:         # the editor titles the page while it is open
        set_text(el("game-title"), snap["title"])
        document.title = snap["doc_title"]
    if changed("goal", snap["goal"]):
        set_text(el("game-goal"), snap["goal"])
    if changed("status", (snap["status"], snap["status_over"], snap["status_extra"])):
        st = el("status")
        set_text(st, snap["status"])
        st.className = "over" if snap["status_over"] else ""  # shown in the result box; kept for the announcement
        set_text(el("status-extra"), snap["status_extra"])
    seats(app, snap["seats"])
    moves(snap)
    result = snap.get("result")
    box = el("result")
    box.hidden = result is None
    if result is not None:
        end = snap.get("outcome") or {}
        el("result-title").textContent = end.get("title") or app.tr("ui.game_over")    # "You won", "Your team lost"
        box.dataset.you = end.get("you") or ""              # the style sheet colours a win, a loss
        el("result-text").textContent = result
        el("switch").hidden = len(snap["seats"]) < 2         # the solitaire has no sides to switch
    aids_and_tools(snap)
    buttons(snap)
    if changed("chooser", snap["game"]):
        chooser_current(snap["game"])
    eval_bar(app, snap)
    for hook in HOOKS:
        hook(app, snap)


def seats(app, rows):
    """One line per seat: its colour, name, partner, and one menu of who plays it: a human, or the
    computer at a level ("Computer: easy"; its rating in the game the tooltip), changeable between
    moves. Every seat's menu has the same options, so a seat changed moves nothing."""
    gid = app.snap["game"] if app.snap else ""
    if not changed("seats", (str(rows), app.level, gid, app.lang)):
        return
    out = []
    for s in rows:
        seat = s["seat"]
        line = ['<li class="to-move">' if s["to_move"] else "<li>",
                f'<span class="swatch" data-colour="{esc(s["colour"])}" aria-hidden="true"></span>',
                f'<span class="who"><span>{esc(s["name"])}</span>']
        if s.get("team"):           # the partner named, not a team number, under the seat's name
            line.append(f'<span class="team">{esc(s["team"])}</span>')
        line.append("</span>")
        line.append(seat_menu(app, gid, seat, s["kind"], len(rows) > 1))
        line.append("</li>")
        out.append("".join(line))
    box = el("seats")
    active = document.activeElement          # a menu changed by the keyboard keeps the focus when drawn again
    seat = active.dataset.seat if not is_null(active) and bool(box.contains(active)) else None
    box.innerHTML = "".join(out)
    if not is_null(seat):
        menu = box.querySelector(f'select[data-seat="{seat}"]')
        if not is_null(menu):
            menu.focus()


def offered_levels(app, gid):
    """The levels offered in game `gid` (levels.offered: those the ladder tells apart), and the
    level in play when `gid` is the game shown, so that its menu always shows it."""
    data = app.data["levels"]
    found = data.get("offered", {}).get(gid) or [int(k) for k in data["seconds"]]
    same = app.snap is not None and app.snap["game"] == gid
    return sorted(set(found) | ({app.level} if same else set()))


def nearest_level(kept, level):
    """The level of `kept` that plays like `level` (levels.nearest, the worker's rule for a new game):
    itself, else the highest below it, else the lowest."""
    below = [k for k in kept if k <= level]
    return max(below) if below else min(kept)


def seat_menu(app, gid, seat, kind, with_levels):
    """A seat's menu: Human, then the computer at each level offered (one "Computer" in a game of
    one seat), the seat's kind at the page's level chosen; each level's title its rating in the
    game (tests/bench/ladder.py), else what it does in plain words, and the menu's too while the
    computer plays the seat."""
    data = app.data["levels"]
    ratings = data.get("ratings", {}).get(gid, {})
    game = app.tr("game." + gid) if gid else ""
    options = [("human", app.tr("ui.human"), "")]
    for k in offered_levels(app, gid) if with_levels else [None]:
        if k is None:
            options.append(("computer", app.tr("ui.computer"), ""))
            continue
        rated = ratings.get(str(k))
        tip = (app.tr("ui.level.rated", game=game, rating=rated[0], novice=data.get("novice", 1000)) if rated
               else app.tr("ui.level.about." + str(k)))
        label = app.tr("ui.computer_at", level=app.tr("ui.level." + str(k)))
        # "computer": at the level in play (all computer seats share it); "computer.<k>": at another
        options.append(("computer" if k == app.level else "computer." + str(k), label, tip))
    chosen = kind if kind == "human" else "computer"
    title = next((tip for value, _, tip in options if value == chosen and tip), "")
    out = [f'<select data-seat="{seat}" aria-label="{esc(app.tr("ui.seat", number=seat + 1))}"'
           + (f' title="{esc(title)}">' if title else ">")]
    for value, label, tip in options:
        out.append(f'<option value="{esc(value)}"' + (f' title="{esc(tip)}"' if tip else "")
                   + (" selected" if value == chosen else "") + f">{esc(label)}</option>")
    return "".join(out) + "</select>"


def moves(snap):
    """The move list in rounds, the current move marked."""
    rows, ply = snap["moves"], snap["ply"]
    if changed("moves", (str(rows), ply, str(MARKS))):
        draw_moves(rows, ply)


def pending(snap, text):
    """A move the player just made, listed at once while the worker plays it: the moves after
    the position shown are dropped, the move is added to the last round (a new one when that is
    full) and marked. The answer's snapshot draws the list again, as the record has it."""
    if not snap or snap.get("follows_up"):      # a gate's new piece: the answer writes it with its movement
        return
    ply, two = snap["ply"], len(snap["seats"]) == 2
    rows = [[item for item in row if item is None or item[0] <= ply] for row in snap["moves"]]
    rows = [row for row in rows if [item for item in row if item is not None]]
    if two and rows and len(rows[-1]) == 1:
        rows[-1].append([ply + 1, text])
    elif len(snap["seats"]) > 2:             # and who moved it, as the worker lists it
        mover = [s for s in snap["seats"] if s["to_move"]][:1]
        rows.append([[ply + 1, text] + ([mover[0]["colour"], mover[0]["name"]] if mover else [])])
    else:
        rows.append([[ply + 1, text]])
    _drawn.pop("moves", None)
    draw_moves(rows, ply + 1)


def draw_moves(rows, ply):
    """The rows of the move list, the move `ply` marked and kept in view by scrolling the list
    itself: scrollIntoView would scroll the page too, and on a phone push the board off the screen."""
    ol = el("movelist")
    el("nomoves").hidden = bool(rows)
    out = []
    for row in rows:
        cells = []
        for item in row:
            if item is None:
                cells.append('<span class="gap" aria-hidden="true">…</span>')
                continue
            i, text = item[0], item[1]
            current = ' aria-current="true"' if i == ply else ""
            who = ""
            if len(item) > 3:            # three seats or more: whose move, by colour and in words
                who = f'<span class="swatch" data-colour="{esc(item[2])}" aria-hidden="true"></span>'
                current += f' aria-label="{esc(item[3])}: {esc(text)}"'
            mark = MARKS.get(i)          # the review's mark: a class, its symbol drawn by app.css, a title
            if mark:
                current += f' class="mark-{esc(mark[0])}" data-sym="{esc(mark[1])}" title="{esc(mark[2])}"'
            cells.append(f'<button type="button" data-ply="{i}"{current}>{who}{esc(text)}</button>')
        out.append("<li>" + "".join(cells) + "</li>")
    ol.innerHTML = "".join(out)
    cur = ol.querySelector("[aria-current]")
    if cur:
        top, bottom = cur.offsetTop, cur.offsetTop + cur.offsetHeight     # the list is their offsetParent
        if top < ol.scrollTop:
            ol.scrollTop = top
        elif bottom > ol.scrollTop + ol.clientHeight:
            ol.scrollTop = bottom - ol.clientHeight
    elif ply == 0:
        ol.scrollTop = 0


def aids_and_tools(snap):
    """The game's aids (checkboxes) and tools (buttons); a new set (another game, another
    language) also clears the last tool's answer, which spoke of the game shown before."""
    aids, tools = snap.get("aids") or [], snap.get("tools") or []
    if not changed("aids", (str([a[:2] for a in aids]), str(tools))):
        for aid, _, on_ in aids:      # the same boxes, only ticked or not: the elements stay
            box = el("aids").querySelector(f'input[data-aid="{esc(aid)}"]')
            if box:
                box.checked = bool(on_)
        return
    el("tool-result").textContent = ""
    el("tools").innerHTML = "".join(f'<button type="button" data-tool="{esc(name)}">{esc(label)}</button>'
                                    for name, label in tools)
    el("aids").innerHTML = "".join(
        f'<label><input type="checkbox" data-aid="{esc(aid)}"{" checked" if on_ else ""}><span> {esc(label)}</span>'
        "</label>" for aid, label, on_ in aids)


def buttons(snap):
    can, solo = snap["can"], bool(snap.get("solo"))
    el("btn-undo").disabled = not can["undo"]
    el("btn-first").disabled = not can["first"]
    el("btn-redo").disabled = not can["redo"]
    el("btn-last").disabled = not can["last"]
    el("btn-hint").disabled = not can["hint"]
    el("btn-hint").hidden = solo
    el("btn-takeback").disabled = not can.get("takeback")   # always in its place, as « ‹ › » are: nothing moves
    el("btn-computer-here").hidden = not can.get("computer_here")     # after the row's game controls
    el("btn-puzzles").hidden = solo          # every game of two or more has puzzles (puzzles.py)
    el("eval-row").hidden = solo


def chooser(app):
    """The list of games (from page_data: the page draws it before the worker answers)."""
    out = []
    for game in app.data["games"]:
        gid = esc(game["id"])
        puzzles = (f'<a class="puzzle-link" href="#{gid}?puzzle" data-puzzles="{gid}" aria-label="'   # puzzles.py
                   f'{esc(app.tr("ui.puzzle.open_game", game=app.tr("game." + game["id"])))}">'
                   f'{esc(app.tr("ui.puzzle.open"))}</a>') if 2 in game["players"] else ""
        out.append(f'<li><button type="button" data-game="{gid}"><span>{esc(app.tr("game." + game["id"]))}</span>'
                   f'<span class="blurb">{esc(app.tr("blurb." + game["id"]))}</span></button>'
                   f'<a class="learn-link" href="#{gid}?learn" data-learn="{gid}" aria-label="'   # learn.py
                   f'{esc(app.tr("ui.learn.open_game", game=app.tr("game." + game["id"])))}">'
                   f'{esc(app.tr("ui.learn.open"))}</a>{puzzles}</li>')
    el("game-list").innerHTML = "".join(out)
    _drawn.pop("chooser", None)


def chooser_current(gid):
    nodes = document.querySelectorAll("#game-list button")
    for i in range(nodes.length):
        b = nodes.item(i)
        b.setAttribute("aria-current", "true" if b.dataset.game == gid else "false")


def eval_bar(app, snap):
    """The evaluation bar: the fixed side's colour filled to its chance (app.eval_percent, None
    until searched), the opponents' colour (neutral for several) beyond, the number on the bar;
    the colours by name (data-side, data-rest), so the style sheet (and a dark theme) decides how
    they look."""
    ev, percent = snap.get("eval"), app.eval_percent
    decided = ev.get("result") if ev else None            # a decided position: its result, not a search's chance
    if decided:
        percent = decided["percent"]
    if not ev or not changed("eval", (str(ev), percent)):
        return
    bar = el("evalbar")
    bar.dataset.side = ev["side_colour"]
    bar.dataset.rest = ev["rest_colour"]
    bar.dataset.seat = str(ev["side"])
    bar.style.setProperty("--eval", f"{50 if percent is None else percent}%")
    el("eval-side").textContent = ev["label"]
    el("eval-text").textContent = (decided["text"] if decided else "" if percent is None
                                   else app.tr("ui.eval_percent", percent=percent))
    if percent is None:
        bar.removeAttribute("data-value")
    else:
        bar.dataset.value = str(percent)
