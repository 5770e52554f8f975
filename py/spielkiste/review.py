"""Understanding a game afterwards: the review (win chances per ply, the moves that lost them)
and the analysis board's engine lines (the top moves of one position, growing as it searches).

Both are driven a step at a time, so a Web Worker can answer the page between positions, show
progress and stop: Review.step() evaluates one position, Lines.run() one slice of search. What
they return is plain data (dicts, lists, str, int, float, bool), ready for JSON; docs/ANALYSIS.md
describes the formats.

A position's win chances are each seat's expected reward (engine.Outcome: 1 a win, 0 a loss,
0.5 a draw; the solitaire's grade) in whole percent: exact where the game ended, the search
proved it or the game's solver decided it (Die Drei's solve hook, the solitaire's solver), or
the move played next reaches a position proven won for its mover (Review.add); else the
search's estimate after the budget. A move's loss is how much its mover's chance fell
from the position before (its best move) to the position after; none for the move the search
would have played, the only legal move, or (in the solitaire, where the solver's exact grade and
the search's estimate are not on one scale) between an exact and an estimated position."""
from __future__ import annotations

import time
from typing import Any, TypedDict

from .ai.mcts import Node, Search
from .engine import Move, Rewards, State, after
from .games import solitaire_solver
from .games.solitaire import Solitaire
from .puzzles.proof import OutOfBudget, Prover, wins_at_once
from .record import Record

VERSION = 1
MARKS = (("blunder", 40), ("mistake", 25), ("inaccuracy", 15))   # a move's loss in points, at least
LINE = 5                # moves of a line kept
NEAR = 10               # percent: a two-player estimate this close to certain is worth a proof (Review.add)
PROOF_BUDGET = 2_000    # positions of that proof, at most (~0.05 s in CPython)
SOLVE_SHARE = 0.5       # of a timed budget, at most this part for the game's exact solver
MAX_SOLVE = 2.0         # seconds: the longest attempt of the exact solver in one slice of Lines.run
MOST = 3                # the winner's moves at most in a forced win's exhaustive proof (forced_line)
PROOF_STEP = 1_000      # positions that proof visits at most in each slice of Lines.run (~0.06 s in CPython)
PROOF_MAX = 40_000      # positions before it gives up (the puzzles' longest proof: 52,552)


class Eval(TypedDict):
    """One position: each seat's win chance in percent, whether exact, the best move found (None
    when the game is over), the first moves of its line, 'solvable' (one-seat games: True, False,
    None = unknown) and the search's iterations."""
    c: list[int]
    exact: bool
    best: str | None
    line: list[str]
    solvable: bool | None
    n: int


class MoveReview(TypedDict, total=False):
    """One move: its text, mover, loss in points, mark ('' or a MARKS name); marked moves also
    carry the better move, its chance for the mover and its line."""
    move: str
    seat: int
    loss: int
    mark: str
    best: str
    chance: int
    line: list[str]


class LineMove(TypedDict):
    """One of the analysis board's top moves: the mover's chance after it (percent), whether that
    is exact, the search's visits and the line's first moves."""
    move: str
    chance: int
    exact: bool
    visits: int
    line: list[str]


class SeatSummary(TypedDict):
    seat: int
    moves: int
    loss: float          # average loss per move, in points
    inaccuracy: int
    mistake: int
    blunder: int


def percent(rewards: Rewards | list[float], exact: bool = False) -> list[int]:
    """Rewards as chances in whole percent. An exact result in which every seat gets the same
    reward below a draw's is a shared loss (Ziggurats' "everyone loses", whose small reward only
    steers the search): nobody's win, 0 for each (a review had said "Red 10 %, Blue 10 %")."""
    if exact and len(rewards) > 1 and len(set(rewards)) == 1 and rewards[0] < 0.5:
        return [0] * len(rewards)
    return [round(100 * r) for r in rewards]


# ---------------------------------------------------------------------- reading the search
def seat_chances(search: Search) -> list[float]:
    """Each seat's expected reward in the searched position, read from the search's tree through
    Node's attributes (a public Search accessor for this is requested from the lead): the proven
    rewards where the root is proven; else for each side the mean reward over all nodes at the
    first depth where that side moves (for the side to move, the root's children but those
    proven lost). That is the mean of the simulations, weighted by visits as KataGo's root win
    rate is: the most visited child's own mean is biased upwards at small budgets (it is most
    visited because it was lucky), which made every move of a 300-iteration review look like a
    blunder. A side the tree does not reach yet gets what the others leave. With two sides whose
    rewards always add up to 1 (every game but Ziggurats, where all can lose: State.shared_loss) the
    other side gets what the mover's side leaves, from the same simulations: its own figure, from the
    next depth, misses each child's first playout, and after a short slice the two added up to 104 %."""
    root = search.root
    if root.proven is not None:
        return list(root.proven)
    teams, n = search.state.teams, search.state.num_players
    mover = search.state.to_move
    alive = [ch for ch in root.children if ch.proven is None or ch.proven[mover] > 0.0] or root.children
    if len(set(teams)) == 2 and not search.state.shared_loss and alive:
        mine = sum(ch.total for ch in alive) / max(1, sum(ch.visits for ch in alive))
        return [mine if teams[s] == teams[mover] else 1.0 - mine for s in range(n)]
    found: dict[int, float] = {}
    level = alive
    for _ in range(2 * n):
        sums: dict[int, list[float]] = {}
        for ch in level:
            side = teams[ch.mover]
            if side not in found:
                s = sums.setdefault(side, [0.0, 0.0])
                s[0] += ch.total
                s[1] += ch.visits
        found.update({side: t / v for side, (t, v) in sums.items() if v})
        level = [ch for node in level for ch in node.children]
        if not level or len(found) == len(set(teams)):
            break
    missing = set(teams) - set(found)
    rest = max(0.0, 1.0 - sum(found.values())) / len(missing) if missing else 0.0
    return [found.get(teams[s], rest) for s in range(n)]


def texts_of(state: State, line: list[Move]) -> list[str]:
    """The moves of `line`, played from `state`, in the game's notation."""
    s, out = state.copy(), list[str]()
    for move in line:
        out.append(s.move_text(move))
        s.play(move)
    return out


def line_from(search: Search, node: Node) -> list[str]:
    """The first moves of the line through a root child: its proof's where the tree shows one to the
    end (Search.proven_line: the winner's shortest win, the loser's longest resistance), else the
    most visited child each time."""
    proven = search.proven_line(node) if node.proven is not None else None
    if proven is not None:
        return texts_of(search.state, proven[:LINE])
    state, out = search.state.copy(), list[str]()
    cur: Node | None = node
    while cur is not None and len(out) < LINE:
        out.append(state.move_text(cur.move))
        state.play(cur.move)
        cur = max(cur.children, key=lambda ch: ch.visits) if cur.children and state.result is None else None
    return out


def win_in(state: State, line: list[Move], winners: set[int]) -> int:
    """How many moves of `winners` a winning `line` from `state` takes, as the puzzles count them
    (puzzles/proof.py): a line the loser ends with a move of its own that loses (Surikata's forced
    line of three) counts that move as one more of the winners'."""
    s, n, mover = state.copy(), 0, state.to_move
    for move in line:
        mover = s.to_move
        n += mover in winners
        s.play(move)
    return n + (mover not in winners)


def forced_line(state: State, prover: Prover) -> list[Move]:
    """The shortest forced win of `prover.seat` from `state` within MOST of its moves, played to the
    end against the defence that resists longest; [] if it has none within MOST. An exhaustive
    proof (puzzles/proof.py), a route of its own beside the search's tree; OutOfBudget past the
    prover's budget (its memo keeps what was proven, for the next attempt)."""
    seat = prover.seat

    def forced(s: State, k: int) -> bool:
        return prover.wins(s, k) if s.to_move == seat else prover.holds(s, k)

    k = next((k for k in range(1, MOST + 1) if forced(state, k)), 0)
    line: list[Move] = []
    s = state
    while k and s.result is None:
        if s.to_move == seat:
            now = wins_at_once(s)
            move = now[0] if now else next(m for m in s.legal_moves() if prover.move_wins(s, m, k))
            k -= 1
        else:                                 # every reply loses in time: the one that needs most
            depth = {r: prover.reply_depth(s, r, k) or 0 for r in s.legal_moves()}
            move = max(depth, key=lambda r: depth[r])
            k = depth[move]
        line.append(move)
        s = after(s, move)
    return line


def exact(state: State, seconds: float, table: dict[Any, Any]) -> tuple[Rewards, list[str]] | None:
    """The rewards under perfect play and the line that reaches them (may be empty), if the game's
    solver decides within `seconds`; else None. Die Drei and Surikata answer through their solve()
    hook (no line: the search then proves its best move); the solitaire has no such hook yet
    (requested from the lead), so its solver is asked here: exact when it finished or reached one
    piece."""
    if state.search_settings.solve:
        rewards = state.solve(time.perf_counter() + seconds, table)
        return None if rewards is None else (rewards, [])
    if not isinstance(state, Solitaire):
        return None
    found = solitaire_solver.solve(state.board, seconds)
    if found.solvable is None:
        return None
    end = state.copy()
    for text in found.line:
        end.push_text(text)
    return (end.result.rewards, found.line) if end.result is not None else None


def evaluate(search: Search | None, state: State, seconds: float | None, iterations: int | None) -> Eval:
    """One position at a budget: the exact solver first (with part of a timed budget), then
    `search` (of `state`, maybe holding a tree already) for the rest, for the best move and,
    unless solved, the chances."""
    if state.result is not None:
        return {"c": percent(state.result.rewards, True), "exact": True, "best": None, "line": [],
                "solvable": _solvable(state, state.result.rewards, True), "n": 0}
    assert search is not None
    t0 = time.perf_counter()
    solved = exact(state, SOLVE_SHARE * seconds, search.table) if seconds else None
    if solved is not None and solved[1]:
        rewards, line = solved
        return {"c": percent(rewards, True), "exact": True, "best": line[0], "line": line[:LINE],
                "solvable": _solvable(state, rewards, True), "n": 0}
    left = None if seconds is None else max(0.001, seconds - (time.perf_counter() - t0))
    search.run(seconds=left, iterations=iterations)
    best = search.best_child()
    chances = list(solved[0]) if solved is not None else seat_chances(search)
    known = solved is not None or search.root.proven is not None
    return {"c": percent(chances, known), "exact": known, "best": state.move_text(best.move),
            "line": line_from(search, best), "solvable": _solvable(state, chances, known), "n": search.iterations}


def proven(state: State, ev: Eval) -> Eval:
    """A two-player estimate within NEAR of certain, made exact where the puzzles' exhaustive prover
    (forced_line, a route apart from the search) finds the likely winner's forced win within
    PROOF_BUDGET positions: the search's estimate of 0 % is not a proof, and the review marks only
    what it knows (Aufstellen: a cylinder walled in three moves on, which 0.3 s in the page did
    not prove)."""
    winner = 0 if ev["c"][0] > ev["c"][1] else 1
    try:
        line = forced_line(state, Prover(winner, PROOF_BUDGET))
    except OutOfBudget:
        return ev
    if not line:
        return ev
    rewards = (1.0, 0.0) if winner == 0 else (0.0, 1.0)
    if state.to_move != winner:               # the loser's move: the search's choice, its line the proof's
        return {**ev, "c": percent(rewards), "exact": True}
    texts = texts_of(state, line[:LINE])
    return {**ev, "c": percent(rewards), "exact": True, "best": texts[0], "line": texts}


def _solvable(state: State, chances: Rewards | list[float], known: bool) -> bool | None:
    """For one-seat games: can the best grade (reward 1) still be reached? None when not known."""
    if state.num_players != 1:
        return None
    return True if chances[0] >= 1.0 else (False if known else None)


# ---------------------------------------------------------------------- the review
class Review:
    """The review of a game, one position per step(): evaluations of every position from the start
    to the last move, then each move's loss and mark, and a summary per seat (result())."""

    def __init__(self, game: Record | list[State], seconds: float | None = None, iterations: int | None = None,
                 seed: int = 0) -> None:
        """The whole game of a record (every move, whatever its cursor) or of its positions in order
        (each reached from the one before by one move: State.last), at `seconds` or `iterations` per
        position (both: whichever ends first)."""
        if seconds is None and iterations is None:
            raise ValueError("give seconds or iterations")
        states = game.states if isinstance(game, Record) else game
        self.states = [s.copy() for s in states]
        self.moves = list(game.moves) if isinstance(game, Record) else \
            [a.move_text(b.last) for a, b in zip(states, states[1:], strict=False)]
        self.seconds, self.iterations, self.seed = seconds, iterations, seed
        self.evals: list[Eval] = []
        self.search: Search | None = None

    @property
    def total(self) -> int:
        return len(self.states)

    @property
    def done(self) -> bool:
        return len(self.evals) == len(self.states)

    def step(self) -> dict[str, Any]:
        """Evaluate the next position; returns progress: positions done, of total, and the ply just
        evaluated with its evaluation (the page can draw the graph as it grows)."""
        i = len(self.evals)
        if i == len(self.states):
            return {"done": i, "total": i}
        state = self.states[i]
        if state.result is None:
            self._searching(i)
        self.add(evaluate(self.search, state, self.seconds, self.iterations))
        return {"done": i + 1, "total": len(self.states), "ply": i, "eval": self.evals[i]}

    def add(self, ev: Eval) -> None:
        """Append the next position's evaluation, proven where the estimate is near certain and a
        proof is quick (`proven`). Where it is proven won for the player who moved
        into it, so is the position before, with two players (that player had this move), and so
        back as far as that goes: a second look at the proof the search found one ply later (found
        by a probe: Aufstellen's 2. K11 lost by force to H8, yet the review saw 44 % after it and
        charged the fall to Blue's H8, so it said no move was a mistake)."""
        state, two = self.states[len(self.evals)], self.states[0].num_players == 2
        if two and not ev["exact"] and state.result is None and min(ev["c"]) <= NEAR:
            ev = proven(state, ev)
        self.evals.append(ev)
        i = len(self.evals) - 1
        while two and i > 0:
            now, before = self.evals[i], self.evals[i - 1]
            if before["exact"] or not now["exact"] or now["c"][self.states[i - 1].to_move] != 100:
                return
            move = self.moves[i - 1]
            self.evals[i - 1] = {**before, "c": list(now["c"]), "exact": True, "best": move,
                                 "line": [move] + now["line"][:LINE - 1]}
            i -= 1

    def _searching(self, i: int) -> None:
        """The search for position i: the previous position's tree moved on by the move played
        (Search.advance) where it holds it, else a new search."""
        state = self.states[i]
        prev = self.search
        if prev is not None and i > 0 and prev.advance([self.states[i - 1].parse_move(self.moves[i - 1])], state):
            if prev.root.proven is None or prev.root.children:
                return
            # a root move the solver proved was never expanded: moved on to, the root is proven with
            # no child and best_child() fails (reported to the lead); a new search expands it
        self.search = Search(state, seed=self.seed + i)
        if prev is not None:
            self.search.table = prev.table     # the exact solver's memory, kept along the game

    def result(self) -> dict[str, Any]:
        """The review so far as plain data (docs/ANALYSIS.md): the positions evaluated, the moves
        between two of them, and the summary of those moves."""
        moves = [self._move(i) for i in range(len(self.evals) - 1)]
        first = self.states[0]
        budget = {k: v for k, v in (("seconds", self.seconds), ("iterations", self.iterations)) if v is not None}
        return {"v": VERSION, "game": first.id, "seats": first.num_players, "teams": list(first.teams),
                "budget": budget, "plies": list(self.evals), "moves": moves,
                "summary": summary(moves, first.num_players)}

    def _move(self, i: int) -> MoveReview:
        before, after, state = self.evals[i], self.evals[i + 1], self.states[i]
        seat, text = state.to_move, self.moves[i]
        out: MoveReview = {"move": text, "seat": seat, "loss": 0, "mark": ""}
        if text == before["best"] or len(state.legal_moves()) == 1:
            return out          # the move the search would play, or the only one
        if state.num_players == 1 and before["exact"] != after["exact"]:
            return out          # the solitaire's exact grade and its search's estimate are not on one scale
        loss = max(0, before["c"][seat] - after["c"][seat])
        out["loss"] = loss
        out["mark"] = next((name for name, points in MARKS if loss >= points), "")
        if out["mark"] and before["best"] is not None:
            out["best"], out["chance"], out["line"] = before["best"], before["c"][seat], before["line"]
        return out


def summary(moves: list[MoveReview], seats: int) -> list[SeatSummary]:
    """Per seat: moves played, average loss per move (points, one decimal), and each mark's count."""
    out: list[SeatSummary] = []
    for seat in range(seats):
        mine = [m for m in moves if m["seat"] == seat]
        marks = [m["mark"] for m in mine]
        out.append({"seat": seat, "moves": len(mine),
                    "loss": round(sum(m["loss"] for m in mine) / len(mine), 1) if mine else 0.0,
                    "inaccuracy": marks.count("inaccuracy"), "mistake": marks.count("mistake"),
                    "blunder": marks.count("blunder")})
    return out


# ---------------------------------------------------------------------- the analysis board's lines
class Lines:
    """The analysis board's engine lines for one position: call run() again and again (a slice of
    time or iterations each); the search keeps its tree between the calls, so the lines grow."""

    def __init__(self, state: State, seed: int = 0) -> None:
        self.state = state.copy()
        self.search = Search(self.state, seed=seed) if state.result is None else None
        self.solved: tuple[Rewards, list[str]] | None = None
        self.solve_seconds = 0.0       # the exact solver's last attempt; each next one gets twice as long
        self.prover: Prover | None = None     # a decided position's forced-win proof, resumed each slice
        self.forced: list[Move] | None = None     # its line once proven ([]: none within MOST)

    def run(self, seconds: float | None = None, iterations: int | None = None, count: int = 3) -> dict[str, Any]:
        """Search a slice more and return the top `count` moves: {'c': each seat's chance (percent),
        'exact', 'solvable', 'n': iterations so far, 'moves': [{'move', 'chance' (the mover's, in
        percent), 'exact', 'visits', 'line'}], best first, 'win_in': the winner's moves to the end of a
        decided position where proven (else None), 'proving': a proof of that is still going on}."""
        state, search = self.state, self.search
        if search is None:
            assert state.result is not None
            rewards = state.result.rewards
            return {"c": percent(rewards, True), "exact": True, "solvable": _solvable(state, rewards, True), "n": 0,
                    "moves": [], "win_in": None, "proving": False}
        if seconds and self.solved is None:
            # the solitaire's solver starts afresh each time: longer attempts reach harder positions
            self.solve_seconds = min(MAX_SOLVE, max(SOLVE_SHARE * seconds, 2 * self.solve_seconds))
            self.solved = exact(state, self.solve_seconds, search.table)
        search.run(seconds=seconds, iterations=iterations)
        ranked = self._ranked()
        chances = list(self.solved[0]) if self.solved else seat_chances(search)
        known = self.solved is not None or search.root.proven is not None
        moves: list[LineMove] = [{"move": state.move_text(ch.move), "chance": round(100 * search.value(ch)),
                  "exact": ch.proven is not None, "visits": ch.visits, "line": line_from(search, ch)}
                 for ch in ranked[:count]]
        if self.solved and self.solved[1]:      # the solitaire's solver has the line to its exact result
            line = self.solved[1]
            first: LineMove = {"move": line[0], "chance": percent(self.solved[0], True)[state.to_move], "exact": True,
                               "visits": 0, "line": line[:LINE]}
            moves = [first] + [m for m in moves if m["move"] != line[0]][:count - 1]
        decided = self.solved[0] if self.solved else search.root.proven
        if decided is not None and decided[state.to_move] == 0.0:
            for m in moves:                # lost whatever the mover plays: so is every move shown (a
                m["chance"], m["exact"] = 0, True      # solver's verdict proves the moves the tree has not)
        moves_to_win, proving = None, False
        if decided is not None and 1.0 in decided and state.num_players > 1 and moves:
            winners = {seat for seat, r in enumerate(decided) if r == 1.0}
            won, proving = self._win_line(ranked[0], winners, seconds)
            if won:
                texts = texts_of(state, won)
                moves_to_win = win_in(state, won, winners)
                if texts[0] != moves[0]["move"]:          # the proof's shortest win starts with another move
                    visits = next((ch.visits for ch in ranked if ch.move == won[0]), 0)
                    moves.insert(0, {"move": texts[0], "chance": 100 if state.to_move in winners else 0,
                                     "exact": True, "visits": visits, "line": []})
                    moves = [moves[0]] + [m for m in moves[1:] if m["move"] != texts[0]][:count - 1]
                moves[0]["line"] = texts[:LINE]
        return {"c": percent(chances, known), "exact": known, "solvable": _solvable(state, chances, known),
                "n": search.iterations, "moves": moves, "win_in": moves_to_win, "proving": proving}

    def _win_line(self, best: Node, winners: set[int], seconds: float | None) -> tuple[list[Move] | None, bool]:
        """The line to the end of a decided position (`winners` win), the shortest win found: the
        tree's through the search's choice (Search.proven_line) or, with two players, an exhaustive
        proof's (forced_line, resumed in each slice with PROOF_STEP positions more, up to PROOF_MAX,
        and for `seconds` at most); and whether that proof goes on (the answer may still change)."""
        tree = self.search.proven_line(best) if self.search is not None and best.proven is not None else None
        if tree is not None and win_in(self.state, tree, winners) <= 1 or self.state.num_players != 2:
            return tree, False                        # a win at once is the shortest
        if self.forced is None and (self.prover is None or self.prover.budget < PROOF_MAX):
            if self.prover is None:
                self.prover = Prover(min(winners), 0)
            self.prover.budget = min(PROOF_MAX, self.prover.nodes + PROOF_STEP)
            self.prover.deadline = None if seconds is None else time.perf_counter() + seconds
            try:
                self.forced = forced_line(self.state, self.prover)
            except OutOfBudget:
                pass
        proving = self.forced is None and self.prover is not None and self.prover.budget < PROOF_MAX
        if self.forced and (tree is None or win_in(self.state, self.forced, winners)
                            < win_in(self.state, tree, winners)):
            return self.forced, proving
        return tree, proving

    def _ranked(self) -> list[Node]:
        """The root's children, the search's choice first (best_child: a proven win, else the most
        visited move not proven lost), then by visits, proven losses last."""
        search = self.search
        assert search is not None
        best = search.best_child()
        seat = best.mover
        rest = sorted((ch for ch in search.root.children if ch is not best),
                      key=lambda ch: (ch.proven is None or ch.proven[seat] > 0.0, ch.visits), reverse=True)
        return [best] + rest

