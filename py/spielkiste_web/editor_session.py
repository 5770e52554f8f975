"""The board editor's engine side (issues 12 and 30): the `edit_*` requests of the page's editor,
answered in the worker with an editor snapshot, everything the editor panel shows with its texts
in the page's language.

The page (MicroPython) holds no rules: it sends a click with the palette item it has chosen, a
drag, a field, the options, a pasted code, and draws the answer. The model and every check are
the engine's (spielkiste.editor.Editor), so an edited position, a pasted code and a link get the
same checks and the same messages. The studies (named positions) stay in the page's storage in
their stored format ([[name, code], ...] per game, see saves.py); the page sends the stored texts
with each studies request (`storage`: {key: text or null} for every game's studies slot and the
slots an unreadable one is set aside in) and gets back what to write, all or none: every reader
of stored or imported text runs here, where the engine can read a position and a hostile text
can at worst raise. The page only writes, reads back and says the answer's message."""
from __future__ import annotations

from copy import deepcopy
from typing import Any

from spielkiste.editor import Editor, Setup
from spielkiste.errors import SpielkisteError
from spielkiste.record import Record
from spielkiste.registry import ENTRIES
from spielkiste.texts import TABLE, is_msg, t, tr
from spielkiste_web import links, saves, svg, ui_texts  # noqa: F401  (ui_texts adds the page's keys)

ERASER = ""
STUDIES = "spielkiste.studies."        # + game id: JSON [[name, code], ...] (saves.read_studies)
ASIDE = "studies."                     # + game id: the set-aside slot name of an unreadable list
EXPORT_FILE = "spielkiste-studies.txt"

Answer = dict[str, Any]


class EditState:
    """The editor open in a session: the Editor, and a save or import waiting for the answer
    to a name clash (kind 'save' or 'import', with what it would add)."""

    def __init__(self, editor: Editor) -> None:
        self.editor = editor
        self.pending: tuple[str, Any] | None = None
        self.before_options: Setup | None = None     # the board an options change set up afresh (Undo)


def closed(session: Any, op: str) -> str | None:
    """Why this request cannot be answered now (no game), or None (session.handle_room); a new
    worker's first editor request finds no editor and starts one from the game."""
    if op != "edit_open" and session.editor is None:
        if session.record is None:
            return "no game is open"
        session.editor = EditState(Editor.of(session.record.current))
    return None


def ed(session: Any) -> Editor:
    editor: Editor = session.editor.editor
    return editor


def reason(session: Any, err: SpielkisteError) -> str:
    """What is wrong with a position, without "This position code cannot be read" before it: the
    editor's own sentence says whether it was refused or not yet legal (a readable code of an
    impossible position is not "unreadable")."""
    why = err.params.get("why")
    return tr(why, session.lang) if is_msg(why) else err.message(session.lang).rstrip(".")


def say(session: Any, key: str, **args: object) -> str:
    """A text in the page's language."""
    return t(key, session.lang, **args)


# ---------------------------------------------------------------------- opening and leaving
def op_open(session: Any, m: dict) -> Answer:
    """The editor at the position shown (`storage`: the studies to list, see `studies_of`)."""
    if session.record is None:
        return {"error": "no game is open"}
    session.editor = EditState(Editor.of(session.record.current))
    session.rev += 1
    return snapshot(session, m, controls=True, fresh=True)


def op_leave(session: Any, m: dict) -> Answer:
    """Back to the game, as it was: its snapshot."""
    session.editor = None
    session.rev += 1
    answer: Answer = session.snapshot()
    return answer


def op_play(session: Any, m: dict) -> Answer:
    """Play from here: the position becomes the start of a new game, the seats as they were
    where the game and its number of players are the same; the answer is the game's snapshot."""
    state = ed(session).check()
    n = state.num_players
    same = session.record is not None and session.record.game is type(state) and len(session.seats) == n
    seats = list(session.seats) if same else saves.default_seats(n)
    session.editor = None
    session.show(Record(state, custom_start=True), seats, None, 0)
    answer: Answer = session.snapshot()
    return answer


def op_snapshot(session: Any, m: dict) -> Answer:
    """The editor as it is (after a language change: all texts again)."""
    return snapshot(session, m, controls=True)


# ---------------------------------------------------------------------- edits
def edited(session: Any, change: Any, m: dict, controls: bool = False) -> Answer:
    """Apply an edit of the Editor; an edit the engine refuses is said (`message`), nothing lost.
    An options change's Undo (op_undo_options) holds only until the next edit."""
    message = None
    session.editor.before_options = None
    try:
        change()
    except SpielkisteError as e:
        message = e.message(session.lang)
    session.rev += 1
    answer = snapshot(session, m, controls)
    if message:
        answer["message"] = message
    return answer


def op_click(session: Any, m: dict) -> Answer:
    """A square clicked or chosen with Enter: the palette's item on it (`item`), or the eraser ("")."""
    cell, item = str(m["cell"]), str(m.get("item", ERASER))
    e = ed(session)
    if item == ERASER:
        return edited(session, lambda: e.remove(cell), m)
    if item not in e.items:
        return {"error": f"no palette item {item!r}"}
    return edited(session, lambda: e.place(cell, item), m)


def op_remove(session: Any, m: dict) -> Answer:
    cell = str(m["cell"])
    return edited(session, lambda: ed(session).remove(cell), m)


def op_move(session: Any, m: dict) -> Answer:
    src, dst = str(m["src"]), str(m["dst"])
    return edited(session, lambda: ed(session).move(src, dst), m)


def op_clear(session: Any, m: dict) -> Answer:
    return edited(session, ed(session).clear, m)


def op_start(session: Any, m: dict) -> Answer:
    return edited(session, ed(session).start_position, m)


def op_to_move(session: Any, m: dict) -> Answer:
    seat = int(m["seat"])
    return edited(session, lambda: ed(session).set_to_move(seat), m)


def op_field(session: Any, m: dict) -> Answer:
    """A field's input changed: a number (an empty or unreadable input counts as 0), or a checkbox's bool."""
    key, value = str(m["key"]), m.get("value")
    e = ed(session)
    if not any(f.key == key for f in e.fields):
        return {"error": f"no field {key!r}"}
    try:
        number = int(value) if isinstance(value, (bool, int)) else int(str(value).strip() or 0)
    except ValueError:
        number = 0
    return edited(session, lambda: e.set_field(key, number), m)


def op_option(session: Any, m: dict) -> Answer:
    """The options as the page's inputs hold them ({key: text}); with `step` ([key, i]) the
    option's i-th step button (Die Drei: turn, flip a tile) changes that option's value first.
    The controls are drawn afresh: the palette and fields follow the options."""
    raw = {str(k): str(v) for k, v in dict(m.get("options") or {}).items()}
    e = ed(session)
    step = m.get("step")
    if step is not None:
        key, i = str(step[0]), int(step[1])
        option = next(o for o in e.game.all_options() if o.key == key)
        raw[key] = str(option.steps[i][1](raw.get(key, option.format(e.setup.options.get(key, option.default)))))
    before = deepcopy(e.setup)
    answer = edited(session, lambda: e.set_options(e.game.offered_options(raw)), m, controls=True)
    if e.setup.board != before.board and e.setup.options != before.options:
        session.editor.before_options = before       # a player more or fewer: the new start, with Undo
        answer["reset"] = say(session, "ui.edit.options_reset")
    return answer


def op_undo_options(session: Any, m: dict) -> Answer:
    """The board and options as they were before an options change set the board up afresh."""
    before = session.editor.before_options
    if before is None:
        return snapshot(session, m, controls=True)
    session.editor.before_options = None
    session.editor.editor = Editor(ed(session).game, before)
    session.rev += 1
    return snapshot(session, m, controls=True)


def op_code(session: Any, m: dict) -> Answer:
    """A pasted position code, a whole link (anything with a '#') or a link's fragment
    (`weltreich?p=...`): read by the engine, the editor starting afresh at it; one it cannot read
    changes nothing and `why` says so."""
    text = str(m.get("text", "")).strip()
    # a whole link, or its part after '#' (a game's name first; a position code starts with its version)
    frag = text.split("#", 1)[1] if "#" in text else text if text[:1].isalpha() else ""
    try:
        state = links.from_fragment(frag).current if frag else ed(session).game.decode(text)
    except SpielkisteError as e:
        answer = snapshot(session, m)
        answer["why"] = say(session, "ui.edit.bad_code", why=reason(session, e))
        answer["why_ok"] = False
        return answer
    session.editor = EditState(Editor.of(state))
    session.rev += 1
    return snapshot(session, m, controls=True, fresh=True)


# ---------------------------------------------------------------------- the editor snapshot
def snapshot(session: Any, m: dict, controls: bool = False, fresh: bool = False) -> Answer:
    """What the editor panel and the board show: the board as set up with the squares at fault
    marked, what the engine says of it (`why`, `ok`: playable), the code, the position's link,
    the side to move, the fields' values; with `controls` (the editor opened, the options or the
    game changed, another language) also the palette, the fields' inputs and the options (`fresh`:
    a new position, whose palette starts at its first item); with `storage` in the request, the
    names of the game's studies."""
    e = ed(session)
    game = e.game
    bad: tuple[str, ...] = ()
    state = None
    try:
        state = e.check()
        res = state.outcome()
        if res is not None:
            why = say(session, "ui.edit.decided", result=res.message(session.lang))
        else:               # and what the game says besides the board (a phase, the reserves)
            line = state.status()
            player = say(session, "colour." + state.seat_colour(state.to_move))
            why = " ".join([say(session, "ui.edit.ok", player=player)]
                           + ([tr(line, session.lang)] if line else [])
                           + [tr(n, session.lang) for n in state.view().notes])
    except SpielkisteError as err:
        bad = err.cells
        why = say(session, "ui.edit.not_yet", why=reason(session, err))
    name = say(session, "game." + game.id)
    view = e.view(bad)
    cells = e.cells()
    board_title = say(session, "ui.edit.board", game=name)
    cx, cy = view.width / 2, view.height / 2
    centres = []
    for c in view.cells:
        x, y = svg.rotated(c.x + c.w / 2, c.y + c.h / 2, cx, cy, session.rotation % 360)
        centres.append([c.id, round(x, 3), round(y, 3)])
    answer: Answer = {
        "kind": "editor", "rev": session.rev, "game": game.id, "title": name, "board_title": board_title,
        "svg": svg.render(view, session.lang, cells, None, session.rotation, (), board_title),
        "cells": centres, "rotation": session.rotation, "focus": cells[0] if cells else None,
        "occupied": sorted(e.setup.board),
        "ok": state is not None, "why": why, "why_ok": state is not None,
        "code": e.code(), "link": links.position_link(state) if state is not None else None,
        "to_move": [[seat, say(session, "colour." + colour)] for seat, colour in enumerate(e.seat_colours(state))],
        "seat": e.setup.to_move,
        "values": {f.key: e.setup.fields.get(f.key, 0) for f in e.fields},
    }
    if controls:
        answer["fresh"] = fresh
        answer["palette"] = palette(session)
        answer["fields"] = [[f.key, field_label(session, f.label), f.lo, f.hi] for f in e.fields]
        answer["options"] = options(session)
        answer["max_import"] = saves.PAGE_IMPORT_KB * 1024    # a larger file is refused unread, on the page
    if "storage" in m:
        answer["studies"] = [n for n, _ in saves.studies(stored(m).get(STUDIES + game.id))]
    return answer


def palette(session: Any) -> list[list[str]]:
    """[key, label, icon markup] of each palette item, the eraser ("") last."""
    e = ed(session)
    out = [[key, svg.piece_label(item.piece(""), session.lang), svg.icon(item.piece(""))]
           for key, item in e.items.items()]
    return out + [[ERASER, say(session, "ui.edit.eraser"), svg.ERASER_ICON]]


def field_label(session: Any, key: str) -> str:
    text = say(session, key)
    return text[:1].upper() + text[1:]


def options(session: Any) -> list[dict]:
    """The game's options as inputs (the seed left out: the editor edits a position, not a
    deal): kind 'bool' (checkbox), 'select' (with [value, label] choices) or 'number'; its value
    as the input holds it; its step buttons' labels; hidden while another option (shown_if) has
    another value."""
    e = ed(session)
    gid = e.game.id
    opts = e.setup.options
    by_key = {o.key: o for o in e.game.all_options()}
    out = []
    for o in e.game.all_options():
        if o.key == "seed":
            continue
        value = opts.get(o.key, o.default)
        kind = "bool" if o.kind == "bool" else "select" if o.choices else "number"
        choices = [[str(c), say(session, f"opt.{gid}.{o.key}.{c}") if f"opt.{gid}.{o.key}.{c}" in TABLE else str(c)]
                   for c in o.choices]
        hidden = False
        if o.shown_if:
            other = by_key[o.shown_if[0]]
            hidden = opts.get(other.key, other.default) != o.shown_if[1]
        out.append({"key": o.key, "label": say(session, o.label or f"opt.{gid}.{o.key}"), "kind": kind,
                    "value": o.format(value), "choices": choices, "steps": [say(session, s) for s, _ in o.steps],
                    "hidden": hidden})
    return out


# ---------------------------------------------------------------------- studies
def stored(m: dict) -> dict:
    got = m.get("storage")
    return {str(k): v for k, v in got.items() if v is None or isinstance(v, str)} if isinstance(got, dict) else {}


class Recorder:
    """Storage as the page sent it, recording what would be written (saves.set_aside writes
    through it): the page then writes the same, in order, all or none."""

    def __init__(self, texts: dict) -> None:
        self.texts = dict(texts)
        self.writes: list[list[str]] = []

    def get(self, key: str) -> str | None:
        value = self.texts.get(key)
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> bool:
        self.texts[key] = value
        self.writes.append([key, value])
        return True


def writes_for(store: Recorder, lists: dict) -> str | None:
    """Record the writes that store the studies of each game in `lists` ({gid: [[name, code]]}):
    None when they are recorded, else the text key of why nothing may be stored. A slot that
    could not be read is set aside before it is written over."""
    texts = {}
    for gid, items in lists.items():
        text = saves.studies_text(items)
        if text is None:
            return "ui.edit.not_stored_long"
        texts[gid] = text
    for gid, text in texts.items():
        old = store.get(STUDIES + gid)
        if saves.read_studies(old) is None and not saves.set_aside(store, ASIDE + gid, old):
            return "ui.edit.not_stored"
        store.set(STUDIES + gid, text)
    return None


def studies_in(store: Recorder, gid: str) -> list[list[str]]:
    return saves.studies(store.get(STUDIES + gid))


def commit(session: Any, store: Recorder, lists: dict, done: str, extra: Answer | None = None) -> Answer:
    """The answer that stores `lists`: `writes` ([key, text] in order; the page writes them all,
    reads each back, and puts back what was there if any fails), `done` said once they are
    stored, `failed` said otherwise, `studies` the game's names once stored; or only a
    `message` when nothing may be stored."""
    why = writes_for(store, lists)
    if why:
        return {"kind": "studies", "message": say(session, why)}
    gid = ed(session).game.id
    answer: Answer = {"kind": "studies", "writes": store.writes, "done": done,
                      "failed": say(session, "ui.edit.not_stored"), "studies": [n for n, _ in studies_in(store, gid)]}
    answer.update(extra or {})
    return answer


def ask(session: Any, pending: tuple[str, Any], question: str) -> Answer:
    """A name is taken: the page asks Replace, Keep both or Cancel, and answers with edit_study_answer."""
    session.editor.pending = pending
    return {"kind": "studies", "ask": question}


def op_study_save(session: Any, m: dict) -> Answer:
    """Save the position under `name` (or "Untitled"): a name taken by another position is
    asked about first; the game's limit of studies is said before anything is written."""
    name = saves.study_name(str(m.get("name", ""))) or say(session, "ui.edit.untitled")
    code = ed(session).check().encode()
    store = Recorder(stored(m))
    gid = ed(session).game.id
    if saves.clashes(studies_in(store, gid), [(name, code)]):
        return ask(session, ("save", (gid, name, code)), say(session, "ui.edit.clash_one", name=name))
    return save_commit(session, store, (gid, name, code), False)


def full_save(session: Any, gid: str) -> Answer:
    """The answer when a game's studies would pass the limit: said, nothing written."""
    return {"kind": "studies", "message": say(session, "ui.edit.full_save", game=say(session, "game." + gid),
                                            count=saves.MAX_STUDIES)}


def save_commit(session: Any, store: Recorder, what: tuple[str, str, str], keep_both: bool) -> Answer:
    gid, name, code = what
    merged = saves.merge(studies_in(store, gid), [(name, code)], keep_both)
    if len(merged) > saves.MAX_STUDIES:
        return full_save(session, gid)
    saved = name if [name, code] in merged else merged[-1][0]
    return commit(session, store, {gid: merged}, say(session, "ui.edit.saved", name=saved), {"clear_name": True})


def op_study_import(session: Any, m: dict) -> Answer:
    """Studies from an exported file (`text`): each line read by the engine; lines that are no
    position are skipped and counted. Names already taken by other positions are asked about
    first."""
    text = m.get("text")
    if not isinstance(text, str):
        return {"error": "text must be a string"}
    try:
        lines = saves.read_export(text)
    except SpielkisteError as e:
        return {"kind": "studies", "message": e.message(session.lang)}
    if lines is None:
        return {"kind": "studies", "message": say(session, "ui.edit.import_bad")}
    new: dict[str, list[tuple[str, str]]] = {}
    skipped = 0
    for name, frag in lines:
        try:
            rec = links.from_fragment(frag)
        except SpielkisteError:
            skipped += 1
            continue
        new.setdefault(rec.game.id, []).append((name or say(session, "ui.edit.untitled"), rec.current.encode()))
    store = Recorder(stored(m))
    what = (new, sum(len(items) for items in new.values()), skipped)
    clash = [n for gid, items in new.items() for n in saves.clashes(studies_in(store, gid), items)]
    if clash:
        shown = ", ".join(say(session, "ui.edit.quoted", name=n) for n in clash[:3]) + (", …" if len(clash) > 3 else "")
        return ask(session, ("import", what), say(session, "ui.edit.clash_many", count=len(clash), names=shown))
    return import_commit(session, store, what, False)


def import_commit(session: Any, store: Recorder, what: tuple, keep_both: bool) -> Answer:
    new, added, skipped = what
    lists = {gid: saves.merge(studies_in(store, gid), items, keep_both) for gid, items in new.items()}
    for gid, items in lists.items():
        if len(items) > saves.MAX_STUDIES:
            return {"kind": "studies", "message": say(session, "ui.edit.full_import", game=say(session, "game." + gid),
                                                    count=len(items), most=saves.MAX_STUDIES)}
    return commit(session, store, lists, say(session, "ui.edit.imported", added=added, skipped=skipped))


def op_study_answer(session: Any, m: dict) -> Answer:
    """The answer to a name clash: 'replace', 'both' (the newcomer renamed 'name (2)') or 'cancel'."""
    pending, session.editor.pending = session.editor.pending, None
    choice = m.get("choice")
    if pending is None or choice == "cancel":
        return {"kind": "studies", "message": say(session, "ui.edit.nothing_changed")}
    if choice not in ("replace", "both"):
        return {"error": f"no answer {choice!r}"}
    kind, what = pending
    store = Recorder(stored(m))
    return (save_commit if kind == "save" else import_commit)(session, store, what, choice == "both")


def op_study_delete(session: Any, m: dict) -> Answer:
    """Delete the game's `index`-th study (as the page listed it)."""
    i = int(m["index"])
    store = Recorder(stored(m))
    gid = ed(session).game.id
    items = studies_in(store, gid)
    if not 0 <= i < len(items):
        return {"kind": "studies", "studies": [n for n, _ in items]}
    name, code = items.pop(i)
    return commit(session, store, {gid: items}, say(session, "ui.edit.deleted", name=name),
                  {"deleted": [i, name, code]})


def op_study_restore(session: Any, m: dict) -> Answer:
    """A deleted study back at its place in the list (`deleted` as op_study_delete answered it);
    a name taken meanwhile keeps both, as a save would."""
    got = m.get("deleted")
    if not (isinstance(got, list) and len(got) == 3 and isinstance(got[0], int)
            and isinstance(got[1], str) and isinstance(got[2], str)):
        return {"error": "deleted must be [index, name, code]"}
    i, name, code = got
    store = Recorder(stored(m))
    gid = ed(session).game.id
    items = studies_in(store, gid)
    if [name, code] in items:
        return {"kind": "studies", "studies": [n for n, _ in items]}
    merged = saves.merge(items, [(name, code)], True)
    merged.insert(max(0, min(i, len(items))), merged.pop())
    if len(merged) > saves.MAX_STUDIES:
        return full_save(session, gid)
    return commit(session, store, {gid: merged}, "")


def op_study_open(session: Any, m: dict) -> Answer:
    """The editor at the game's `index`-th study."""
    i = int(m["index"])
    items = saves.studies(stored(m).get(STUDIES + ed(session).game.id))
    if not 0 <= i < len(items):
        return snapshot(session, m)
    return op_code(session, {**m, "text": items[i][1]})


def op_study_export(session: Any, m: dict) -> Answer:
    """Every game's studies as one text file (saves.export_text: names escaped, so every
    character of a name comes back on import)."""
    got = stored(m)
    entries = [(gid, name, code) for gid in ENTRIES for name, code in saves.studies(got.get(STUDIES + gid))]
    return {"kind": "export", "text": saves.export_text(entries), "file": EXPORT_FILE, "mime": "text/plain"}


OPS = {
    "edit_open": op_open, "edit_leave": op_leave, "edit_play": op_play, "edit_snapshot": op_snapshot,
    "edit_click": op_click, "edit_remove": op_remove, "edit_move": op_move, "edit_clear": op_clear,
    "edit_start": op_start, "edit_to_move": op_to_move, "edit_field": op_field, "edit_option": op_option,
    "edit_undo_options": op_undo_options,
    "edit_code": op_code,
    "edit_study_save": op_study_save, "edit_study_import": op_study_import, "edit_study_answer": op_study_answer,
    "edit_study_delete": op_study_delete,
    "edit_study_restore": op_study_restore, "edit_study_open": op_study_open, "edit_study_export": op_study_export,
}
