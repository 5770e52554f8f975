"""The analysis board's engine side (issue 33): the `tree_*` requests of the page's analysis room.

The room holds a GameTree (spielkiste.gametree: a main line with variations, nodes addressed by
lichess-style paths) and the node shown. Both sides are played by the player: every move on the
board is played from the node shown; a move that leaves the main line starts a variation. The game
in progress (session.record) is only read (`tree_open` from the game); the room's state lives in
session.rooms["tree"].

Requests (each may carry `lang`; an answer `{"error": text}` changed nothing):

- `tree_open` {link}: a fragment, the game's link of links.py with the word `analysis`, `var=` the
  variations text of GameTree.variations() and `node=` the path shown (default: the link's position).
- `tree_open` {from: "game", ply, line, kept, at}: the game in progress as the main line, at `ply`, with
  `line` (move texts from that ply) played from there (a variation where it leaves the game), shown
  (`at: "start"`: the position at `ply` shown, the line in the tree beside it: the review's "Show");
  `kept` (the answer's `kept` of an earlier analysis of this game, the page keeps it beside the saved
  game) grafted in: its lines the game no longer follows become variations. A kept text that cannot
  be read (another game, a corrupt store) is left out; the room opens all the same.
- `tree_play` {path (the node shown), move}: the move's node shown.
- `tree_goto` {path}: that node shown.
- `tree_delete` {path (default: the node shown)}: the move and all after it deleted; its parent
  shown if the node shown went with it.
- `tree_promote` {path (default: the node shown), main (bool: make it the main line)}.
- `tree_snapshot`: the tree answer again (a language change).
- `tree_threat` {path (the node shown)}: `{"kind": "tree_threat", path, text, arrow}` (threats.py);
  `stale` when the node shown is another.
- `tree_close`: the room left; the searches of its positions are dropped (memory), the tree kept.
- `tree_lines` {path (the node shown), seconds (slice, default 0.12), budget (seconds for this
  node)}: `{"kind": "tree_lines", path, done, n, exact, chances, moves, text, best, hint, arrow}`;
  `stale` when the node shown is another.

The tree answer: the board (board_part, `human` while the position is not over), `rows` (the move
list: path, move, ply, level, branch, current, main, line (on the way to the node shown), mark (the
game review's inaccuracy/mistake/blunder on a move of the game, or "")),
`path`, `prev`, `next`, `can` {promote, delete}, `link` (kept within LINK_MAX characters: beyond it
the link holds only the line shown, as its main line, and `link_full` is false), status texts, and
`kept` while the tree is the game in progress's analysis (opened from it, or from a link whose main
line is the game): the whole tree as a room link, for the page to keep beside the saved game (None
when even that is too long for a link)."""
from __future__ import annotations

import time
from typing import Any

from spielkiste.engine import State
from spielkiste.errors import BadLink, SpielkisteError
from spielkiste.gametree import SEP, GameTree
from spielkiste.review import Lines
from spielkiste.texts import msg, t
from spielkiste_web import links, review_session, svg, threats, tree_texts  # noqa: F401  (tree_texts adds the room's keys)
from spielkiste_web.board_part import board_part
from spielkiste_web.outside import seconds_of
from spielkiste_web.session import joined_line, number

WORD = "analysis"        # the fragment's word that opens the room
FIELDS = (WORD, "var", "node")
LINK_MAX = 8000          # characters of a link with its tree; beyond, the link holds the line shown only
SLICE = 0.12             # seconds of search per tree_lines request unless asked otherwise
BUDGET = 20.0            # seconds of search for one node unless the page asks for another
MAX_BUDGET = 600.0
SOLVE_CAP = 0.25         # seconds: the longest exact-solver attempt inside one slice (the solitaire)
KEEP = 4                 # nodes whose searches are kept (going back to one goes on with its search)
MAX_LINE = 200           # moves in a line opened from the game

Answer = dict[str, Any]


class TreeRoom:
    """The analysis open in a session: the tree, the node shown, the searches of recent nodes."""

    def __init__(self, tree: GameTree, path: str, of_game: bool = False) -> None:
        self.tree = tree
        self.path = path
        self.of_game = of_game          # the game in progress's analysis: its answers carry `kept`
        self.lines: dict[str, list[Any]] = {}       # path -> [Lines, seconds spent, last result]


def closed(session: Any, op: str) -> str | None:
    """Why this request cannot be answered now (no analysis open), or None (session.handle_room)."""
    if op != "tree_open" and session.rooms.get("tree") is None:
        return t("tree.none", session.lang)
    return None


def room(session: Any) -> TreeRoom:
    got: TreeRoom = session.rooms["tree"]
    return got


# ---------------------------------------------------------------------- opening
def op_open(session: Any, m: dict) -> Answer:
    if m.get("from") == "game":
        new = from_game(session, m)
    else:
        new = from_link(str(m.get("link", "")))
        rec = session.record
        new.of_game = (rec is not None and new.tree.mainline() == rec.moves
                       and start_key(new.tree.root.state) == start_key(rec.start))
    session.rooms["tree"] = new
    session.rev += 1
    return answer(session)


def from_game(session: Any, m: dict) -> TreeRoom:
    """The game in progress (read only) as the main line, at `ply`, with `line` played from there."""
    rec = session.record
    if rec is None:
        raise SpielkisteError("tree.no_game")
    ply, line = m.get("ply", rec.cursor), m.get("line") or []
    if type(ply) is not int or not 0 <= ply <= len(rec.moves):
        raise ValueError(f"no move {ply!r} in this game")
    if not isinstance(line, list) or len(line) > MAX_LINE or not all(isinstance(x, str) for x in line):
        raise ValueError("line must be a list of move texts")
    tree = GameTree.from_record(rec)
    kept = m.get("kept")
    if isinstance(kept, str) and kept:
        try:
            old = from_link(kept).tree
            if start_key(old.root.state) == start_key(rec.start):
                tree.graft(old)
        except (SpielkisteError, ValueError):
            pass               # what fitted stays; a text that is not this game's analysis adds nothing
    path = SEP.join(rec.moves[:ply])
    shown = path
    for text in line:
        path = tree.play(path, text)
    return TreeRoom(tree, shown if m.get("at") == "start" else path, of_game=True)


def start_key(start: State) -> tuple[str, str]:
    """A start position's game and position code: equal for the same start."""
    return start.id, start.encode()


def split(frag: str) -> tuple[str, str, str | None]:
    """A room link's game link (for links.from_fragment), its variations text and the path shown
    (None: not given)."""
    frag = frag.lstrip("#")
    if len(frag) > links.MAX_LEN:
        raise BadLink("err.link", why=msg("link.long"))
    gid, _, query = frag.partition("?")
    keep: list[str] = []
    found: dict[str, str] = {}
    for field in query.split("&") if query else []:
        name = field.partition("=")[0]
        if name not in FIELDS:
            keep.append(field)
            continue
        if name in found:
            raise BadLink("err.link", why=msg("link.twice", name=name))
        try:
            found[name] = links.query_pairs(field)[0][1] if "=" in field else ""
        except (ValueError, UnicodeDecodeError):
            raise BadLink("err.link", why=msg("link.garbled")) from None
    return gid + ("?" + "&".join(keep) if keep else ""), found.get("var", ""), found.get("node")


def from_link(frag: str) -> TreeRoom:
    base, var, node = split(frag)
    rec = links.from_fragment(base)
    tree = GameTree.read(rec.start, list(rec.moves), var, rec.custom_start)
    path = SEP.join(rec.moves[:rec.cursor]) if node is None else node
    tree.state(path)           # the path must name a move of the tree (err.tree_path)
    return TreeRoom(tree, path)


def fragment(tr: TreeRoom) -> tuple[str, bool]:
    """The room's link (without '#') and whether it holds the whole tree (see LINK_MAX)."""
    full = _whole(tr.tree, tr.path)
    if len(full) <= LINK_MAX:
        return full, True
    return _fragment(tr.tree, tr.path, "", tr.path), False


def kept_text(tr: TreeRoom) -> str | None:
    """The whole tree as a room link, if it is the game in progress's analysis (the page keeps it
    with the saved game), within a link's length. Without the node shown: it reopens at the game's
    move, and walking the tree leaves the kept text as it was (the page writes it only on a change)."""
    if not tr.of_game:
        return None
    text = _whole(tr.tree)
    return text if len(text) <= links.MAX_LEN else None


def _whole(tree: GameTree, path: str | None = None) -> str:
    """The whole tree (main line and variations) as a room link showing `path` (default: the
    main line's end, which the link names by leaving `node` out)."""
    main = SEP.join(tree.mainline())
    return _fragment(tree, main, tree.variations(), main if path is None else path)


def _fragment(tree: GameTree, main: str, var: str, path: str) -> str:
    gid, _, query = links.to_fragment(tree.record(main)).partition("?")
    parts = [WORD] + ([query] if query else [])
    if var:
        parts.append("var=" + var)
    if path != main:
        parts.append("node=" + path)
    return gid + "?" + "&".join(parts)


# ---------------------------------------------------------------------- moving about
def op_play(session: Any, m: dict) -> Answer:
    """A move from the node the page shows (`path`, default the room's)."""
    tr = room(session)
    path = str(m.get("path", tr.path))
    tr.path = tr.tree.play(path, str(m["move"]))
    session.rev += 1
    return answer(session, fresh=True)


def op_goto(session: Any, m: dict) -> Answer:
    tr = room(session)
    path = str(m["path"])
    tr.tree.state(path)        # err.tree_path for a path the tree does not hold
    tr.path = path
    session.rev += 1
    return answer(session)


def op_delete(session: Any, m: dict) -> Answer:
    """Delete a move and everything after it; the node shown goes to its parent if it went with it."""
    tr = room(session)
    path = str(m.get("path", tr.path))
    parent = tr.tree.delete(path)
    if tr.path == path or tr.path.startswith(path + SEP):
        tr.path = parent
    session.rev += 1
    return answer(session)


def op_promote(session: Any, m: dict) -> Answer:
    """Promote the variation of a move (default: the node shown); `main`: make it the main line."""
    tr = room(session)
    path = str(m.get("path", tr.path))
    if not path or in_main(tr.tree, path):
        raise SpielkisteError("tree.on_main")
    tr.tree.promote(path, bool(m.get("main")))
    session.rev += 1
    return answer(session)


def op_snapshot(session: Any, m: dict) -> Answer:
    return answer(session)


def op_close(session: Any, m: dict) -> Answer:
    """The room left: its searches' trees are dropped (the worker's memory); the tree is kept."""
    room(session).lines.clear()
    return {"kind": "tree_closed"}


def in_main(tree: GameTree, path: str) -> bool:
    main = tree.mainline()
    moves = path.split(SEP) if path else []
    return moves == main[:len(moves)]


# ---------------------------------------------------------------------- the engine's lines
def op_lines(session: Any, m: dict) -> Answer:
    """A slice more of the search of the node shown: its top 3 moves with win chances."""
    tr = room(session)
    path = str(m.get("path", tr.path))
    if path != tr.path:
        return {"kind": "tree_lines", "stale": True, "path": tr.path, "done": True}
    seconds = seconds_of(m, SLICE, 0.5, 0.01)
    budget = seconds_of(m, BUDGET, MAX_BUDGET, 0.0, key="budget")
    state = tr.tree.state(path)
    entry = tr.lines.pop(path, None)
    if entry is None:
        entry = [Lines(state, seed=len(path)), 0.0, None]
    tr.lines[path] = entry              # the newest last; the oldest dropped beyond KEEP
    while len(tr.lines) > KEEP:
        tr.lines.pop(next(iter(tr.lines)))
    lines: Lines = entry[0]
    top = entry[2]
    finished = top is not None and (top["exact"] and not top["proving"] or state.result is not None)
    if top is None or (not finished and entry[1] < budget):
        lines.solve_seconds = min(lines.solve_seconds, SOLVE_CAP / 2)     # the next attempt: SOLVE_CAP at most
        t0 = time.perf_counter()
        top = lines.run(seconds=max(0.01, min(seconds, budget - entry[1])) if budget > entry[1] else 0.01)
        entry[1] += time.perf_counter() - t0
        entry[2] = top
    forced = lines.search is not None and lines.search.forced()     # the search has nothing left to weigh
    done = ((bool(top["exact"]) or forced) and not top["proving"]      # (a proof of the shortest win goes on)
            or state.result is not None or entry[1] >= budget)
    return {"kind": "tree_lines", "path": path, "done": done, "spent": round(entry[1], 2),
            **lines_view(session, state, path, top, forced, entry[1])}


def op_threat(session: Any, m: dict) -> Answer:
    """The threat in the node shown (lichess's "show threat", threats.py): what the other side would
    play if it were its move, in words and as an arrow; `stale` when the node shown is another."""
    tr = room(session)
    path = str(m.get("path", tr.path))
    if path != tr.path:
        return {"kind": "tree_threat", "stale": True, "path": tr.path}
    state = tr.tree.state(path)
    found = threats.find(state)
    return {"kind": "tree_threat", "path": path, "text": threats.words(state, found, session.lang),
            "arrow": threats.arrow(state, found)}


def parent_of(path: str) -> str:
    """The path of a node's parent ("" for the start's children)."""
    return path.rpartition(SEP)[0] if SEP in path else ""


def whole_moves(tree: GameTree, rows: list) -> list[dict]:
    """The tree's rows as whole moves, as the game's move list writes them (session.joined_text):
    a ply that finishes the one before it (State.follows_up: Das Tor's gate piece) joins that
    ply's row ("C12-A12 +T B11"), which then leads to the position after both; a finishing ply
    that is a variation (another gate piece) is a row of its own with the whole move's words.
    Each row gains `before` (the path of the position its move starts from) and `lead` (the path
    after its first ply)."""
    out: list[dict] = []
    at: dict[str, dict] = {}          # a ply's path -> the row that holds it
    words: dict[str, str] = {}        # a ply's path -> its move's words up to that ply
    for r in rows:
        before = parent_of(r["path"])
        held = at.get(before)
        if held is not None and tree.state(before).follows_up():
            words[r["path"]] = words[before] + " " + tree.state(before).follow_up_text(r["move"])
            if r["branch"]:
                row = dict(r, move=words[r["path"]], before=held["before"], lead=held["lead"])
                out.append(row)
            else:
                row = held
                row.update(path=r["path"], move=words[r["path"]], ply=r["ply"])
        else:
            words[r["path"]] = r["move"]
            row = dict(r, before=before, lead=r["path"])
            out.append(row)
        at[r["path"]] = row
    return out


def holds(tree: GameTree, row: dict, path: str) -> bool:
    """Whether the node at `path` is the end of the row's move, or a ply inside it (a gate opened,
    its piece not yet chosen) on the way to the row's end along the line (not a variation's)."""
    inside = path == row["lead"] or path.startswith(row["lead"] + SEP)
    return path == row["path"] or (inside and path != row["path"] and move_end(tree, path) == row["path"])


def move_start(tree: GameTree, path: str) -> str:
    """The position a whole move starts from: `path`, or earlier while it is inside a move."""
    while path and tree.state(path).follows_up():
        path = parent_of(path)
    return path


def move_end(tree: GameTree, path: str) -> str:
    """Where the move that reaches `path` ends on its line: `path`, or its first finishing ply."""
    while tree.state(path).follows_up() and tree.children(path):
        path = path + SEP + tree.children(path)[0]
    return path


def move_numbers(rows: list, players: int) -> dict[str, tuple[int, str]]:
    """Each move's number as the game's move list numbers it (session.move_rows): with two seats
    the round ("17." for the first seat's move, "17…" for the second's; a seat moving twice opens
    a round), with more a move each ("5."). `rows`: whole_moves'."""
    out: dict[str, tuple[int, str]] = {}
    mover: dict[str, int] = {}
    for r in rows:                    # a move's parent comes before it
        parent = r["before"]
        n = out[parent][0] if parent else 0
        if players != 2 or not (parent and mover[parent] == 0 and r["mover"] == 1):
            n += 1
        out[r["path"]], mover[r["path"]] = (n, f"{n}." if players != 2 or r["mover"] == 0 else f"{n}…"), r["mover"]
    return out


def verdict(session: Any, state: State, top: dict) -> str | None:
    """A proven position in words: who wins, in how many of their moves where the proven line
    (the best move's) reaches the end, or a draw; None when the proof says neither."""
    lang, c = session.lang, top["c"]
    if not top["exact"] or state.num_players < 2:
        return None
    winners = [s for s in range(state.num_players) if c[s] == 100]
    if not winners:
        return t("tree.proven_draw", lang) if all(v == 50 for v in c) else None
    names = " & ".join(session.colour_name(state, s) for s in winners)
    several = "team" if len(winners) > 1 else "one"
    if top["win_in"]:
        return t("tree.proven_in." + several, lang, player=names, n=top["win_in"])
    return t("tree.proven_win." + several, lang, player=names)


def lines_view(session: Any, state: State, path: str, top: dict, forced: bool = False,
               spent: float = 0.0) -> Answer:
    """The lines as the page shows them, texts in the page's language: a proven position's verdict
    ("Purple wins in 2 moves"), a forced move said as such (its chances unsearched, not shown),
    else what was searched."""
    lang = session.lang
    prefix = path + SEP if path else ""
    proven = verdict(session, state, top)
    unsearched = forced and not top["exact"]
    # no win chances in a game of one: its search's reward is no chance of winning (a probe read "Player 42 %")
    chances = [] if unsearched or state.num_players == 1 else [
        {"seat": s, "colour": state.seat_colour(s), "name": session.colour_name(state, s), "percent": c}
        for s, c in enumerate(top["c"])]
    moves = [{"move": mv["move"], "path": prefix + mv["move"], "chance": mv["chance"], "exact": mv["exact"],
              "line": " ".join(joined_line(state, mv["line"])),
              "label": t("tree.line_label", lang, move=mv["move"], percent=mv["chance"])}
             for mv in top["moves"]]
    res = state.outcome()
    if res is not None:
        text = res.message(lang)
    elif state.num_players == 1:
        solvable = top.get("solvable")
        key = "tree.solvable_yes" if solvable else "tree.solvable_no" if solvable is False else "tree.solvable_unknown"
        text = t(key, lang, move=moves[0]["move"] if moves else "")
    elif proven is not None:
        text = proven
    elif unsearched and moves:
        text = t("tree.forced", lang, move=moves[0]["move"])
    else:
        seconds = f"{spent:.1f}".replace(".", "," if lang == "de" else ".")
        text = t("tree.searched", lang, n=top["n"], count=number(top["n"], lang), seconds=seconds)
    hint: tuple[str, ...] = ()
    arrow = ""
    if moves:
        squares, _ = state.move_input(state.parse_move(moves[0]["move"]))
        hint = tuple(squares)
        view = state.view()
        centre = {c.id: (c.x + c.w / 2, c.y + c.h / 2) for c in view.cells}
        arrow = svg.hint_arrow(hint, centre)
    best_for = t("tree.best_for", lang, player=session.colour_name(state, state.to_move)) if moves else ""
    if unsearched:                    # the only move that does not lose at once: no chance searched
        moves = [dict(mv, chance=None, label=mv["move"]) for mv in moves[:1]]
    return {"n": top["n"], "exact": bool(top["exact"]), "verdict": proven is not None or unsearched,
            "chances": chances, "moves": moves, "text": text,
            "best_for": best_for,
            "best": moves[0]["move"] if moves else None, "hint": list(hint), "arrow": arrow}


# ---------------------------------------------------------------------- the answer
def answer(session: Any, fresh: bool = False) -> Answer:
    """Everything the room shows of the node shown, in the page's language."""
    tr = room(session)
    tree, path, lang = tr.tree, tr.path, session.lang
    state = tree.state(path)
    name = t("game." + state.id, lang)
    title = t("tree.board_title", lang, game=name)
    res = state.outcome()
    human = res is None
    last: frozenset[str] = frozenset()
    if fresh and path and state.last is not None:
        before = tree.state(parent_of(path))
        squares, _ = before.move_input(state.last)
        last = frozenset(squares[-1:])
    part = board_part(state, lang, title, human, frozenset(session.aids), session.rotation, last)
    part.pop("view")
    on_way = set()
    walk = path
    while walk:
        on_way.add(walk)
        walk = parent_of(walk)
    rows = []
    current = None
    tree_rows = whole_moves(tree, tree.rows())
    numbers = move_numbers(tree_rows, state.num_players)
    game = session.record
    marks = (review_session.marks_of(session) if tr.of_game and game is not None
             and tree.mainline()[:len(game.moves)] == game.moves else {})      # the review's, on the game's moves
    for r in tree_rows:
        n, text = numbers[r["path"]]
        first = len(r["lead"].split(SEP))
        row = {"path": r["path"], "move": r["move"], "ply": r["ply"], "number": n, "number_text": text,
               "level": r["level"], "branch": r["branch"],
               "current": holds(tree, r, path), "main": r["level"] == 0, "line": r["path"] in on_way,
               "mark": next((marks[p] for p in range(first, r["ply"] + 1) if p in marks), "")
               if r["level"] == 0 else ""}
        if row["current"]:
            current = row
        rows.append(row)
    kids = tree.children(path)
    link, full = fragment(tr)
    depth = len(path.split(SEP)) if path else 0
    status = res.message(lang) if res is not None else t("ui.to_move", lang,
                                                         player=session.colour_name(state, state.to_move))
    extra = [t("tree.at_start", lang) if not path else
             t("tree.at_main" if current is not None and current["main"] else "tree.at_variation", lang,
               ply=current["number"] if current is not None else depth)]
    if not full:
        extra.append(t("tree.link_short", lang, max=LINK_MAX))
    return {"kind": "tree", **part, "human": human, "pick": False, "rev": session.rev,
            "game": state.id, "title": name, "board_title": title, "doc_title": title + " · Spielkiste",
            "path": path, "ply": depth, "prev": move_start(tree, parent_of(path)) if path else None,
            "next": move_end(tree, path + SEP + kids[0] if path else kids[0]) if kids else None,
            "rows": rows, "can": {"promote": bool(path) and not in_main(tree, path), "delete": bool(path)},
            "link": link, "link_full": full, "kept": kept_text(tr), "status": status, "status_over": res is not None,
            "status_extra": " ".join(extra), "lang": lang,
            "threats": len(set(state.teams)) > 1}         # "Show threat": where there is another side


OPS = {
    "tree_open": op_open, "tree_play": op_play, "tree_goto": op_goto, "tree_delete": op_delete,
    "tree_promote": op_promote, "tree_snapshot": op_snapshot, "tree_lines": op_lines, "tree_close": op_close,
    "tree_threat": op_threat,
}
