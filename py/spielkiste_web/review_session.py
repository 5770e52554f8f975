"""The game review's engine side (issue 33): the `review_*` requests of the page's review panel
(spielkiste_page/review.py), over the game in progress (`session.record`, read only).

The page sends `review_start` (seconds per position: 0.3, or 1.0 "deeper"), then `review_step`
again and again: each evaluates positions for about one slice (SLICE, as the `think` slices), a
position's budget spread over as many slices as it needs, so the worker answers any other request
of the page within a slice and the page cancels by no longer asking (or `review_cancel`). The last
step (and `review_result`) answers the whole review: the graph's points per side (a seat, or a
team: partners share one chance), the marked moves with the better move and its chance, the
summary per seat, and `text`, the review in a compact form the page keeps with the saved game;
`review_load` with that text shows the review again without recomputing.

The state lives in `session.rooms["review"]`, tied to the game's key (its link with every move,
whatever move is viewed): a request that finds another game (a move played, another game opened)
drops it and answers `{"kind": "review", "state": "none"}`. The evaluations are spielkiste.review's
(Review, evaluate's exact solver first, then the search); only their slicing is done here."""
from __future__ import annotations

import json
import re
import time
from typing import Any

from spielkiste.engine import State
from spielkiste.errors import SpielkisteError
from spielkiste.record import Record
from spielkiste.puzzles.proof import OutOfBudget, Prover
from spielkiste.review import (LINE, SOLVE_SHARE, MARKS, Eval, Review, _solvable, exact, forced_line, line_from,
                               percent, seat_chances, win_in)
from spielkiste.texts import t
from spielkiste_web import links, move_words, outside, review_texts  # noqa: F401  (review_texts adds the review's keys)
from spielkiste_web.session import joined_text, move_numbers

SLICE = 0.12              # seconds of work per review_step unless the page asks for another
SECONDS = 0.3             # the default budget per position
DEEPER = 1.0              # the "deeper" budget
MAX_SECONDS = 5.0
MAX_ITERATIONS = 100000   # an iteration budget (tests: every run the same)
MAX_TEXT = 400000         # a stored review's text, at most
MAX_MOVE = 40             # characters of a move's text in it, at most
TEXT_VERSION = 1
ALLOWS_BUDGET = 5_000     # positions for the proof of what a marked move allowed (allows_words: ~0.3 s in CPython)

Answer = dict[str, Any]


class ReviewState:
    """The review of one game: its key, the Review, its budget, and the position being evaluated
    in slices (`job`: its index, the search seconds spent, the exact solver's answer)."""

    def __init__(self, key: str, review: Review, seconds: float | None, iterations: int | None) -> None:
        self.key = key
        self.review = review
        self.seconds, self.iterations = seconds, iterations
        self.job = -1
        self.spent = 0.0
        self.solved: Any = None
        self.cancelled = False


def key_of(rec: Record) -> str:
    """The game's key: its link with every move, whichever move is viewed (no `at=`)."""
    return re.sub(r"[&?]at=\d+$", "", links.to_fragment(rec))


def closed(session: Any, op: str) -> str | None:
    """Why this request cannot be answered now (no game to review), or None (session.handle_room)."""
    return "no game is open" if session.record is None else None


def current(session: Any) -> ReviewState | None:
    """The review of the game in progress, or None (a review of another game is dropped)."""
    rs: ReviewState | None = session.rooms.get("review")
    if rs is not None and rs.key != key_of(session.record):
        del session.rooms["review"]
        return None
    return rs


def none() -> Answer:
    return {"kind": "review", "state": "none"}


# ---------------------------------------------------------------------- the requests
def op_start(session: Any, m: dict) -> Answer:
    """A review of the game at `seconds` per position (or `iterations`, for tests); the same review
    already done (or under way) at that budget is kept, not recomputed."""
    seconds, iterations = budget_of(m)
    rec: Record = session.record
    key = key_of(rec)
    rs = current(session)
    if rs is None or (rs.seconds, rs.iterations) != (seconds, iterations):
        seed = m.get("seed", 0)
        rs = ReviewState(key, Review(rec, seconds=seconds, iterations=iterations,
                                     seed=seed if type(seed) is int else 0), seconds, iterations)
        session.rooms["review"] = rs
    rs.cancelled = False
    return answer(session, rs, [])


def budget_of(m: dict) -> tuple[float | None, int | None]:
    iterations = m.get("iterations")
    if iterations is not None:
        if type(iterations) is not int or not 1 <= iterations <= MAX_ITERATIONS:
            raise ValueError("iterations out of range")
        return None, iterations
    return (DEEPER if m.get("deeper") else outside.seconds_of(m, SECONDS, MAX_SECONDS, 0.01)), None


def op_step(session: Any, m: dict) -> Answer:
    """Evaluate positions for about a slice (`seconds`, default SLICE): the answer's `points` are
    the positions finished in it; the last one carries the whole review (`finished`)."""
    rs = current(session)
    if rs is None:
        return none()
    slice_ = outside.seconds_of(m, SLICE, 2.0)
    rs.cancelled = False
    deadline = time.perf_counter() + slice_
    new: list[int] = []
    while not rs.review.done:
        ply = advance(rs, deadline)
        if ply is not None:
            new.append(ply)
        if time.perf_counter() >= deadline:
            break
    if rs.review.done:
        rs.review.search = None          # the tree is no longer needed
    return answer(session, rs, new)


def op_cancel(session: Any, m: dict) -> Answer:
    """Stop: the positions done are kept (a `review_start` at the same budget goes on from them)."""
    rs = current(session)
    if rs is None:
        return none()
    rs.cancelled = True
    return answer(session, rs, [])


def op_result(session: Any, m: dict) -> Answer:
    """The review so far (after a language change, or to redraw)."""
    rs = current(session)
    if rs is None:
        return none()
    return answer(session, rs, [], full=True)


def op_load(session: Any, m: dict) -> Answer:
    """A finished review kept beside the game (`text`, from an earlier answer; `from`: "storage",
    the default) or carried by a link (`from`: "link": the `review=` value as the link holds it,
    %-escapes and all, read by links.unquote as every link's values are): shown again, not
    recomputed. It is read as data and checked against the game move by move (read_text): `state:
    none` when it is of another game (a kept one of an earlier version of this game is no fault),
    and with `why`, the message the page shows, when it cannot be read (it is then set aside)."""
    source = m.get("from", "storage")
    text = m.get("text")
    if source not in ("storage", "link") or not isinstance(text, str):
        raise TypeError("review_load takes a text from 'storage' or a 'link'")
    if source == "link":
        text = links.unquote(text)
    rec: Record = session.record
    try:
        seconds, iterations, evals = read_text(text, rec)
    except SpielkisteError as e:
        if e.key == "review.why.other_game" and source == "storage":
            return none()
        key = "review.link_aside" if source == "link" else "review.kept_aside"
        return {**none(), "why": t(key, session.lang, why=e.message(session.lang))}
    review = Review(rec, seconds=seconds, iterations=iterations)
    review.evals = evals
    rs = ReviewState(key_of(rec), review, seconds, iterations)
    session.rooms["review"] = rs
    return answer(session, rs, [], full=True)


# ---------------------------------------------------------------------- evaluating in slices
def advance(rs: ReviewState, deadline: float) -> int | None:
    """Work on the next position until `deadline` (or its budget is spent): its ply once its
    evaluation is appended to the review, else None. An iteration budget, or a finished position,
    is review.py's own step; a timed one is evaluate()'s work spread over slices: the game's exact
    solver first (with up to SOLVE_SHARE of the budget, in one go), then the search, slice by
    slice, on the tree the review moves on from position to position."""
    review = rs.review
    i = len(review.evals)
    state = review.states[i]
    if state.result is not None or rs.seconds is None:
        review.step()
        return i
    seconds = rs.seconds
    if rs.job != i:
        review._searching(i)
        rs.job, rs.spent, rs.solved = i, 0.0, None
        t0 = time.perf_counter()
        assert review.search is not None
        rs.solved = exact(state, SOLVE_SHARE * seconds, review.search.table)
        rs.spent += time.perf_counter() - t0
        if rs.solved is not None and rs.solved[1]:
            rewards, line = rs.solved
            review.add({"c": percent(rewards, True), "exact": True, "best": line[0], "line": line[:LINE],
                                 "solvable": _solvable(state, rewards, True), "n": 0})
            return i
    search = review.search
    assert search is not None
    left = seconds - rs.spent
    room = deadline - time.perf_counter()
    if left > 0.001 and room > 0.0:
        t0 = time.perf_counter()
        search.run(seconds=max(0.001, min(left, room)))
        rs.spent += time.perf_counter() - t0
    if rs.spent < seconds - 0.001 and search.root.proven is None and not (search.forced() and search.root.children):
        return None
    best = search.best_child()
    chances = list(rs.solved[0]) if rs.solved is not None else seat_chances(search)
    known = rs.solved is not None or search.root.proven is not None
    ev: Eval = {"c": percent(chances, known), "exact": known, "best": state.move_text(best.move),
                "line": line_from(search, best), "solvable": _solvable(state, chances, known), "n": search.iterations}
    review.add(ev)
    return i


# ---------------------------------------------------------------------- the answer
def sides(state: Any) -> list[list[int]]:
    """The graph's lines: the seats of each side (a team, or one seat), in seat order."""
    out: dict[int, list[int]] = {}
    for seat in range(state.num_players):
        out.setdefault(state.teams[seat], []).append(seat)
    return list(out.values())


def answer(session: Any, rs: ReviewState, new: list[int], full: bool | None = None) -> Answer:
    """Progress (`done` of `total` positions, the new points) and, once finished (or `full`), the
    review as the page draws it, with its texts in the page's language."""
    review, lang = rs.review, session.lang
    first = review.states[0]
    groups = sides(first)
    colours = [first.seat_colour(g[0]) for g in groups]

    def point(ply: int) -> list[int]:
        """Each line's chance at `ply`: a line is a colour (the start's), whichever seat plays it then
        (Snorkels' pie swap hands the colours over)."""
        c, now = review.evals[ply]["c"], review.states[ply]
        seat = {now.seat_colour(s): s for s in range(now.num_players)}
        return [c[seat.get(colour, g[0])] for colour, g in zip(colours, groups, strict=True)]

    def colour_name(state: State, seat: int) -> str:
        return t("colour." + state.seat_colour(seat), lang)

    out: Answer = {"kind": "review", "state": "done" if review.done else "cancelled" if rs.cancelled else "running",
                   "key": rs.key, "done": len(review.evals), "total": review.total,
                   "seconds": rs.seconds, "new": [[ply, point(ply)] for ply in new]}
    name = [t("colour." + first.seat_colour(s), lang) for s in range(first.num_players)]
    out["sides"] = [{"seats": g, "colour": first.seat_colour(g[0]), "name": " & ".join(name[s] for s in g)}
                    for g in groups]
    if not (review.done or full):
        return out
    result = review.result()
    out["points"] = [point(ply) for ply in range(len(review.evals))]
    rec = session.record                           # a gate's new piece written with its movement, as the list does
    texts = [joined_text(rec, i + 1) if i < len(rec.moves) else mv["move"] for i, mv in enumerate(result["moves"])]
    out["moves"] = texts
    numbers = move_numbers(rec)                    # as the move list numbers them: by move, not by ply
    out["numbers"] = numbers
    out["marks"] = [{"ply": i + 1, "number": numbers[i], "seat": mv["seat"],
                     # the colour it plays after its move: a pie swap's mover took the other colour (it
                     # read "swap ?? Green: Blunder. After it, Green wins", the two Greens two players)
                     "player": colour_name(review.states[i + 1], mv["seat"]),
                     "move": texts[i],
                     "mark": mv["mark"], "loss": mv["loss"], "best": mv.get("best"), "chance": mv.get("chance"),
                     "line": mv.get("line", []), "what": better_words(review.states[i], mv.get("best"), lang),
                     "allows": allows_words(review, i, lang)}
                    for i, mv in enumerate(result["moves"]) if mv["mark"]]
    last = review.states[-1]                       # a player by the colour it ended with
    out["summary"] = [{"seat": s["seat"], "player": colour_name(last, s["seat"]), "colour": last.seat_colour(s["seat"]),
                       "moves": s["moves"], "loss": s["loss"], "inaccuracy": s["inaccuracy"],
                       "mistake": s["mistake"], "blunder": s["blunder"]} for s in result["summary"]]
    out["thresholds"] = {name_: points for name_, points in MARKS}
    if review.done:
        out["text"] = write_text(rs)
    return out


def better_words(state: State, best: str | None, lang: str) -> str:
    """What the better move does, in the hint's words (move_words: "This move stops Purple from
    winning next move"), or "" for a quiet move or none."""
    return ". ".join(move_words.describe(state, state.parse_move(best), lang)) if best else ""


def allows_words(review: Review, i: int, lang: str) -> str:
    """What the marked move i (from review.states[i]) allowed, where the review proved the position after
    it lost for its mover, in a two-player game: "After it, Purple wins by force in 3 moves" or "can
    win at once" (the shortest forced win within 3 moves, by the analysis board's proof:
    review.forced_line, within ALLOWS_BUDGET positions); "" where that is not known."""
    before, after, ev = review.states[i], review.states[i + 1], review.evals[i + 1]
    winner = 1 - before.to_move
    if after.result is not None or after.num_players != 2 or not ev["exact"] or ev["c"][winner] != 100:
        return ""
    try:
        line = forced_line(after, Prover(winner, ALLOWS_BUDGET))
    except OutOfBudget:
        return ""
    if not line:
        return ""
    n = win_in(after, line, {winner})
    return t("review.allows" if n > 1 else "review.allows_at_once", lang,
             player=t("colour." + after.seat_colour(winner), lang), n=n)


def marks_of(session: Any) -> dict[int, str]:
    """The finished review's marks of the game in progress, by ply (the analysis tree shows them on
    its main line while that is the game); empty without one."""
    rs = current(session) if session.record is not None else None
    if rs is None or not rs.review.done:
        return {}
    return {i + 1: mv["mark"] for i, mv in enumerate(rs.review.result()["moves"]) if mv["mark"]}


# ---------------------------------------------------------------------- the kept form
def write_text(rs: ReviewState) -> str:
    """The finished review as the page keeps it: the game's key, the budget and per position the
    chances, whether exact, the best move and its line (what Review.result() needs again)."""
    plies = [[ev["c"], 1 if ev["exact"] else 0, ev["best"] or "", ev["line"]] for ev in rs.review.evals]
    return json.dumps({"v": TEXT_VERSION, "key": rs.key, "s": rs.seconds, "i": rs.iterations, "p": plies},
                      separators=(",", ":"))


def read_text(text: str, rec: Record) -> tuple[float | None, int | None, list[Eval]]:
    """(seconds, iterations, evaluations) of a kept review of this very game, read as data (storage
    and links are outside our control): outside.read_json's bounds, then every field's type and
    range, then each position's better move and line played on the game's own position there, so
    no text of the review's own is ever shown, only the engine's notation of moves legal where they
    stand. SpielkisteError with the reason (review.why.*) for anything else."""
    data = outside.read_json(text, MAX_TEXT, key="review.why.unreadable")
    if not isinstance(data, dict) or set(data) != {"v", "key", "s", "i", "p"} or data["v"] != TEXT_VERSION:
        raise SpielkisteError("review.why.unreadable")
    if data["key"] != key_of(rec):
        raise SpielkisteError("review.why.other_game")
    seconds, iterations, plies = data["s"], data["i"], data["p"]
    ok_s = seconds is None or (isinstance(seconds, (int, float)) and not isinstance(seconds, bool)
                               and 0.01 <= seconds <= MAX_SECONDS)
    ok_i = iterations is None or (type(iterations) is int and 1 <= iterations <= MAX_ITERATIONS)
    states = rec.states
    if not (ok_s and ok_i) or (seconds is None) == (iterations is None) \
            or not isinstance(plies, list) or len(plies) != len(states):
        raise SpielkisteError("review.why.unreadable")
    evals: list[Eval] = []
    for i, (state, p) in enumerate(zip(states, plies, strict=True)):
        c, e, best, line = p if isinstance(p, list) and len(p) == 4 else (None, None, None, None)
        if not (isinstance(c, list) and len(c) == state.num_players
                and all(type(v) is int and 0 <= v <= 100 for v in c) and type(e) is int and e in (0, 1)
                and isinstance(best, str) and isinstance(line, list) and len(line) <= LINE
                and all(isinstance(x, str) for x in line)):
            raise SpielkisteError("review.why.entry", n=i + 1)
        legal = legal_line(state, best, line)
        if legal is None:
            raise SpielkisteError("review.why.move", n=i + 1)
        evals.append({"c": list(c), "exact": bool(e), "best": legal[0], "line": legal[1],
                      "solvable": _solvable(state, [v / 100 for v in c], bool(e)), "n": 0})
    return (float(seconds) if seconds is not None else None), iterations, evals


def legal_line(state: State, best: str, line: list[str]) -> tuple[str | None, list[str]] | None:
    """A kept position's better move and its line in the engine's notation, when they are legal
    there: no move where the game is over; else `best` a legal move and the line (if any) starting
    with it, each of its moves legal after the ones before. None for anything else."""
    if state.result is not None:
        return (None, []) if not best and not line else None
    if not best or (line and line[0] != best):
        return None
    after, out = state.copy(), []
    for text in line or [best]:
        if after.result is not None or len(text) > MAX_MOVE:
            return None
        try:
            move = after.parse_move(text)
        except SpielkisteError:
            return None
        out.append(after.move_text(move))
        after.play(move)
    return out[0], (out if line else [])


OPS = {"review_start": op_start, "review_step": op_step, "review_cancel": op_cancel,
       "review_result": op_result, "review_load": op_load}
