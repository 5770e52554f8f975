"""Monte Carlo tree search for any number of seats, with a solver for won and lost positions.

Each node keeps the total reward of the seat that moved into it, so every seat maximises its
own reward (max^n); team-mates share rewards through Outcome, so they cooperate for free.

What the search adds to textbook UCT (players.PlainUCT; tests/bench/strength.py measures the
two against each other):
  - immediate wins: when a node is expanded, the moves that win at once are found first
    (the game's winning_moves() hook, else by trying every move) and the node is proven won;
  - a solver (MCTS-Solver, Winands et al. 2008): every node whose outcome is known carries it
    (`proven`, rewards per seat). A node is proven when its player to move has a child proven
    to give it reward 1, or when all its children are proven (it takes the best of them).
    So a move that lets the opponent win at once is proven lost after one expansion of its
    node, and the selection and the final choice avoid it: blocking needs no special case;
  - before searching, every root move is tried once and proven if it loses at once or lets
    the opponent win at once, so even the shortest search blocks a threat; deeper in the tree
    (games whose settings prune) a move is proven lost as it is added when the opponent
    then wins at once, and costs no simulation (_grow);
  - the final choice by visits, with a proven win played at once and proven losses avoided;
    with teams the choice is first checked for a win of the other side in its turns, whatever
    the partner does (exposed(): a partner moves between, two opponents move in a row);
  - tree reuse: advance() keeps the subtree of the position actually reached;
  - RAVE (Gelly & Silver 2007) in the games that ask for it (SearchSettings.rave): a child's mean is
    blended with the mean of the simulations in which its mover played its move later on;
  - implicit minimax (Lanctot et al. 2014) in the games that ask for it (SearchSettings.minimax): each
    new leaf's evaluate() is backed up by minimax and blended into the children's means;
  - an exact solver at the root in the games that have one (the solve() hook: Die Drei, Surikata's
    endings, Snorkels' forced captures, which answer some positions only): with a time budget, each
    root move's position is solved in part of each slice
    (_solve_root); a level (a number of iterations) solves with a number of nodes per iteration
    where the game sets solve_nodes, else not at all (_solve_level).

Game knowledge stays in the game modules behind the search hooks declared on engine.State
(playout_move, rollout, evaluate, winning_moves, solve) and the game's SearchSettings
(exploration, rave, prune, cap, minimax, solve, learned: one name each in the game, here and in a
player spec; learned: learned_evaluate() in place of evaluate()). The search runs in slices
(run(seconds=...)) so a caller (the AI worker) can report progress and stop it between them."""
from __future__ import annotations

import math
import random
import time

from collections.abc import Generator
from typing import Any, TypedDict

from ..engine import Move, Nodes, Rewards, SearchSettings, State, after


ROOT = -1             # the mover of a fresh search's root: no one moved into it
SOLVE_SHARE = 0.8     # of each timed slice, at most this part for the game's solve() hook (exact where it ends)
CHUNK = 20_000        # a level's solver nodes between looks at the clock (_solve_level): ~0.05 s in CPython
LINE_NODES = 5_000    # tree nodes read at most for a proven line (Search.proven_line)
CHECK_SHARE = 0.5     # of each timed slice in team games, the last part is kept for checking the choice (_settle)


class Info(TypedDict):
    """A search's progress for the page (Search.info)."""
    iterations: int
    move: str
    value: float
    proven: bool
    forced: bool
    line: list[str]


class Node:
    __slots__ = ("move", "parent", "children", "untried", "visits", "total", "mover", "proven",
                 "amaf_n", "amaf_t", "im", "im_child")

    def __init__(self, move: Move, parent: Node | None, mover: int) -> None:
        self.move = move
        self.parent = parent
        self.mover = mover                 # the seat that played `move` into this node (ROOT: none)
        self.children: list[Node] = []
        self.untried: list[Move] | None = None  # None until the node is expanded
        self.visits = 0
        self.total = 0.0
        self.proven: Rewards | None = None   # the known outcome (rewards per seat), if any
        self.amaf_n = 0                    # RAVE: simulations through the parent in which
        self.amaf_t = 0.0                  # the mover played `move` later, and their reward
        self.im: Rewards | None = None       # implicit minimax: evaluate() backed up by minimax
        self.im_child: Node | None = None  # the child whose im is this node's


def first_win(state: State, moves: list[Move] | None = None) -> tuple[Move, Rewards] | None:
    """(move, outcome) of a move with which the player to move wins at once, or None. The
    game's cheap winning_moves() hook names the candidates, else every move in `moves`
    (default: every legal move) is tried."""
    seat = state.to_move
    found = state.winning_moves()
    if found is None:
        found = state.legal_moves() if moves is None else moves
    for m in found:
        s = state.copy()
        s.play(m)
        if s.result is not None and s.result.rewards[seat] == 1.0:   # a hook may err
            return m, s.result.rewards
    return None


def team_game(state: State) -> bool:
    """Do some seats share a side (teams of two)?"""
    return len(set(state.teams)) < state.num_players


Check = Generator[None, None, "Rewards | None"]   # a check that yields after each unit of work


def exposed(state: State, side: int, plies: int = 2) -> Rewards | None:
    """The rewards with which the other side wins at once before `side` (a team) moves again,
    whatever `side` plays in between, or None when that is not shown. `state`: the position
    after a move of `side`, game not over. With teams the turn may pass to a partner first
    (every move of ours must fail, up to `plies` of them: a partner's move and its bonus
    move), then to two opponents in a row (one of them winning at once, or the first making a
    move after which its own side wins at once: a piece left en prise to the second).
    Run to the end; the search runs the same check (exposure) in pieces within its deadline."""
    return finish(exposure(state, side, plies), None)[1]


def finish(check: Check, deadline: float | None) -> tuple[bool, Rewards | None]:
    """Run a check until it ends, (True, its answer), or until `deadline` (perf_counter time;
    None: no limit), (False, None): the check keeps its place and goes on at the next call."""
    n = 0
    try:
        while True:
            if deadline is not None and (n & 7) == 0 and time.perf_counter() >= deadline:
                return False, None
            next(check)
            n += 1
    except StopIteration as stop:
        return True, stop.value


def exposure(state: State, side: int, plies: int = 2) -> Check:
    """exposed() as a check that yields after each position it tries (a few milliseconds at most:
    all of an opponent's moves, or one move's winning replies), so it can be paused at a deadline
    and resumed: proving a move exposed tries every move of the partner, and in a lost position
    every root move is exposed (14 s in one Weltreich position, issue 51)."""
    seat = state.to_move
    if state.teams[seat] != side:
        return (yield from _opponents_win(state))
    if plies <= 0:
        return None
    lost = None
    for m in state.legal_moves():
        s = state.copy()
        s.play(m)
        r = s.result.rewards if s.result is not None else (yield from exposure(s, side, plies - 1))
        if r is None or r[seat] > 0.0:
            return None
        lost = r
    return lost


def _opponents_win(state: State) -> Check:
    """The rewards of a win at once of the side to move: with its next move, or with the
    move after one of its moves that leaves its own side to move (a partner, a bonus move)."""
    won = first_win(state)
    if won is not None:
        return won[1]
    mover, team = state.to_move, state.teams[state.to_move]
    for m in state.legal_moves():
        yield
        s = state.copy()
        s.play(m)
        if s.result is not None:
            if s.result.rewards[mover] == 1.0:         # a win the cheap hook did not name
                return s.result.rewards
        elif s.teams[s.to_move] == team:
            won = first_win(s)
            if won is not None:
                return won[1]
    return None


class Search:
    def __init__(self, state: State, seed: float | None = None, settings: SearchSettings | None = None) -> None:
        """A search of `state` with the game's search_settings, or `settings` (an experiment)."""
        if state.result is not None:
            raise ValueError("the game is over")
        self.state = state.copy()
        self.rng = random.Random(seed)
        self.settings = state.search_settings if settings is None else settings
        self.prune = self.settings.prune and state.winning_moves() is not None
        self.root = Node(None, None, ROOT)
        self.iterations = 0
        self.table: dict[Any, Any] = {}        # the solve() hook's memory, kept along the game (its own types)
        self.deadline: float | None = None     # the last timed run's end: best_child's check stops there
        self._expand(self.root, self.state)
        self._screen_root()

    # ------------------------------------------------------------------ one iteration
    def _expand(self, node: Node, state: State) -> None:
        """List a node's moves; a move that wins at once becomes its only child and proves it."""
        moves = state.legal_moves()
        self.rng.shuffle(moves)
        node.untried = moves
        won = first_win(state, moves)
        if won is not None:
            child = Node(won[0], node, state.to_move)
            child.proven = node.proven = won[1]
            node.children.append(child)
            node.untried = []

    def _grow(self, node: Node, state: State) -> tuple[Node | None, State]:
        """Add the node's untried moves as children until one is worth a simulation; return it
        and the position after it, or (None, the node's position) when none is. With
        prune, a move after which the opponent wins at once (the game's cheap
        winning_moves() hook) is proven lost on the way and costs no simulation: a static
        evaluation would rate it well (a king left en prise) and its visit would stay in the
        node's mean after the proof."""
        mover = state.to_move
        prune = self.prune
        base = None               # the node's position, rebuilt once a move was proven lost
        while node.untried:
            move = node.untried.pop()
            s = state if base is None else base.copy()
            s.play(move)
            child = Node(move, node, mover)
            node.children.append(child)
            if s.result is not None:
                child.proven = s.result.rewards
            elif prune and (won := first_win(s)) is not None:
                child.proven = won[1]
            if not prune or child.proven is None or child.proven[mover] > 0.0:
                return child, s
            if base is None:
                base = self._position(node)
        self._prove(node)
        return None, state if base is None else base

    def _position(self, node: Node) -> State:
        """The position at a node, replayed from the root."""
        moves = []
        while node.parent is not None:
            moves.append(node.move)
            node = node.parent
        s = self.state.copy()
        for m in reversed(moves):
            s.play(m)
        return s

    def _screen_root(self) -> None:
        """Before any search, prove every root move that loses at once or lets the opponent win
        at once, so even a short search blocks a threat (the moves that survive stay untried);
        the moves still open wait for the game's solve() hook, if it has one (_solve_root).
        With teams the deeper check of exposed() waits for the final choice (best_child)."""
        root = self.root
        self.solving: list[Move] = []            # root moves the solve() hook has not decided yet
        self.solved: dict[Move, Rewards] = {}    # root move -> its rewards under perfect play, until marked
        self.undecided = False                   # a root move the hook answered None with time left (open)
        self.solve_left: Nodes | None = None     # a level's solver nodes left at this root (_solve_level)
        self.checked: set[Node] = set()          # root children exposure() found not lost
        self.checks: dict[Node, Check] = {}      # root children whose exposure() check is under way
        self.side = self.state.teams[self.state.to_move] if team_game(self.state) else None   # checked by _settle
        if root.proven is not None:
            return
        for ch in root.children:           # a kept tree: its leaves are not expanded yet
            if ch.proven is None and ch.untried is None:
                s = self.state.copy()
                s.play(ch.move)
                self._expand(ch, s)
        mover, keep = self.state.to_move, []
        assert root.untried is not None        # expanded by __init__ and advance()
        for m in root.untried:
            s = self.state.copy()
            s.play(m)
            child = Node(m, root, mover)
            if s.result is not None:
                child.proven = s.result.rewards
            else:
                self._expand(child, s)
            if child.proven is None:
                keep.append(m)
            else:
                root.children.append(child)
        root.untried = keep
        if root.children:
            self._prove(root)
        solving = self.settings.solve and root.proven is None
        self.solving = [ch.move for ch in root.children if ch.proven is None] + keep if solving else []

    def _solve_root(self, deadline: float | None, nodes: Nodes | None = None) -> None:
        """Let the game's solve() hook decide the root moves until `deadline` or until `nodes` run
        out (the rest in a later slice). A move proven to win is played at once. Moves proven lost
        are avoided as soon as another move is known not to lose, or is one the hook cannot decide
        (Snorkels' forced captures decide some moves only; the others stay open); if all lose, the search
        goes on looking for the line that gives the opponent the most ways to go wrong. A drawn
        move stays open, so the search picks, among the draws, the one with the best chances
        against a fallible player."""
        mover = self.state.to_move
        while self.solving:
            m = self.solving[-1]
            s = self.state.copy()
            s.play(m)
            rewards = s.solve(deadline, self.table, nodes)
            if rewards is None and (deadline is not None and time.perf_counter() > deadline
                                    or nodes is not None and nodes.left <= 0):
                break                                # out of time or nodes: this move again next slice
            self.solving.pop()
            if rewards is None:
                self.undecided = True                # the hook cannot decide it: it stays open
                continue
            self.solved[m] = rewards
            if rewards[mover] == 1.0:
                self._mark(m, rewards)
                self.solving, self.solved = [], {}
                return
        if self.undecided or any(r[mover] > 0.0 for r in self.solved.values()):
            for m, r in list(self.solved.items()):
                if r[mover] == 0.0:
                    self._mark(m, r)
                    del self.solved[m]           # marked once; the moves that do not lose stay to say so

    def _solve_level(self, iterations: int, deadline: float | None) -> bool:
        """A level's solve (SearchSettings.solve_nodes): the root moves solved with up to
        `iterations` x solve_nodes solver nodes, in pieces of CHUNK nodes until `deadline` (the
        rest in a later slice). The pieces end at node counts, never at a time, so a level plays
        the same on every device however its slices fall. True once done (decided, or the nodes
        spent): the iterations may begin."""
        if self.solve_left is None:
            self.solve_left = Nodes(iterations * self.settings.solve_nodes)
        left = self.solve_left
        while self.solving and left.left > 0 and (deadline is None or time.perf_counter() < deadline):
            chunk = min(CHUNK, left.left)
            piece = Nodes(chunk)
            self._solve_root(None, piece)          # a move the hook cannot decide leaves the list (too early)
            left.left -= chunk - piece.left          # the nodes searched (a piece may run over by a few)
        return not self.solving or left.left <= 0

    def _mark(self, move: Move, rewards: Rewards) -> None:
        """Prove the root child of `move` (adding it if not yet tried) and the root if that decides it."""
        root = self.root
        child = next((ch for ch in root.children if ch.move == move), None)
        if child is None:
            child = Node(move, root, self.state.to_move)
            root.children.append(child)
            assert root.untried is not None    # a root move is a child or untried
            root.untried.remove(move)
        child.proven = rewards
        self._prove(root)

    def _select(self, node: Node) -> Node:
        """UCB1 over the children; a proven child counts at its exact value, unexplored."""
        st = self.settings
        explore = st.exploration * math.sqrt(math.log(node.visits))   # c sqrt(ln N / n) = explore / sqrt(n)
        k, alpha, sqrt = st.rave, st.minimax, math.sqrt
        best, best_v = node.children[0], -1.0
        for ch in node.children:
            if ch.proven is not None:
                v = ch.proven[ch.mover]
            else:
                n = ch.visits
                v = ch.total / n
                if k and ch.amaf_n:
                    v += sqrt(k / (3 * n + k)) * (ch.amaf_t / ch.amaf_n - v)
                if alpha and ch.im is not None:
                    v += alpha * (ch.im[ch.mover] - v)
                v += explore / sqrt(n)
            if v > best_v:
                best, best_v = ch, v
        return best

    def step(self) -> None:
        node, state = self.root, self.state.copy()
        alpha, cap, learned = self.settings.minimax, self.settings.cap, self.settings.learned
        seq: list[tuple[int, Move]] | None = [] if self.settings.rave else None   # (mover, move) of the simulation
        while True:
            if node.proven is not None:
                rewards = node.proven
                break
            if node.untried is None:
                self._expand(node, state)
                if node.proven is not None:
                    rewards = node.proven
                    break
            if node.untried:
                child, state = self._grow(node, state)
                if child is not None:
                    if seq is not None:
                        seq.append((child.mover, child.move))
                    node = child
                    if node.proven is not None:
                        rewards = node.proven
                    else:
                        if alpha and cap:
                            node.im = state.learned_evaluate() if learned else state.evaluate()
                        rewards = self.playout(state, self.rng, seq, cap, learned)
                        if alpha and not cap:
                            node.im = rewards                # the playout was evaluate() itself
                    break
                if node.proven is not None:
                    continue
            node = self._select(node)
            if seq is not None:
                seq.append((state.to_move, node.move))
            state.play(node.move)
        if seq is not None:
            self._amaf(node, seq, rewards)
        self._backup(node, rewards)
        if alpha:
            self._backup_minimax(node)
        self.iterations += 1

    def _backup(self, leaf: Node, rewards: Rewards) -> None:
        changed = leaf.proven is not None
        node: Node | None = leaf
        while node is not None:
            node.visits += 1
            if node.mover != ROOT:
                node.total += rewards[node.mover]
            parent = node.parent
            changed = changed and parent is not None and parent.proven is None and self._prove(parent)
            node = parent

    @staticmethod
    def _backup_minimax(node: Node) -> None:
        """Implicit minimax (Lanctot, Winands, Pepels & Sturtevant 2014): each node's im is the
        evaluation its player to move reaches by minimax over the tree's evaluated leaves (a
        leaf that ends the game counts at its outcome); the selection blends it into the
        child's mean (minimax = the weight), so one refutation among many replies counts at
        once, where the mean would take many visits to feel it. Walks up while a value changes."""
        if node.im is None and node.proven is not None:
            node.im = node.proven
        while node.parent is not None and node.im is not None:
            parent, seat = node.parent, node.mover
            old = parent.im
            if parent.im_child is None or old is None or node.im[seat] > old[seat]:   # None: its own evaluation
                parent.im, parent.im_child = node.im, node
            elif parent.im_child is node:            # the best child got worse: look at all
                best = None
                for ch in parent.children:
                    v = ch.im
                    if v is not None and (best is None or v[seat] > best[seat]):
                        best, parent.im_child = v, ch
                parent.im = best
            if parent.im is old:
                return
            node = parent

    @staticmethod
    def _prove(node: Node) -> bool:
        """Mark a node proven if its children decide it; True if they did."""
        seat = node.children[0].mover
        done = True
        for ch in node.children:
            if ch.proven is None:
                done = False
            elif ch.proven[seat] == 1.0:
                node.proven = ch.proven
                return True
        if done and not node.untried:
            node.proven = max((ch.proven for ch in node.children if ch.proven is not None), key=lambda r: r[seat])
            return True
        return False

    @staticmethod
    def _amaf(leaf: Node, seq: list[tuple[int, Move]], rewards: Rewards) -> None:
        """RAVE: credit each tree child whose move its mover played later in the simulation."""
        path = []
        node = leaf
        while node.parent is not None:
            node = node.parent
            path.append(node)
        path.reverse()                     # path[i] is the node before seq[i]
        seen: dict[int, set[Move]] = {}
        for i in range(len(seq) - 1, -1, -1):
            mover, move = seq[i]
            seen.setdefault(mover, set()).add(move)
            if i < len(path):
                moves = seen[mover]
                r = rewards[mover]
                for ch in path[i].children:
                    if ch.move in moves:
                        ch.amaf_n += 1
                        ch.amaf_t += r

    @staticmethod
    def playout(state: State, rng: random.Random, seq: list[tuple[int, Move]] | None, cap: int,
                learned: bool = False) -> Rewards:
        """Moves by the game's playout policy (state.rollout) to the end, or evaluate() after
        `cap` plies (the search's cap: the game's settings' unless an experiment sets another;
        learned: learned_evaluate())."""
        state.rollout(rng, cap, seq)
        if state.result is not None:
            return state.result.rewards
        ev = state.learned_evaluate() if learned else state.evaluate()
        return ev if ev is not None else (0.5,) * state.num_players

    # ------------------------------------------------------------------ driving
    def forced(self) -> bool:
        """Nothing left to think about: the outcome is known, or one move is all that does not
        lose at once (one legal move, say)."""
        root = self.root
        if root.proven is not None:
            return True
        alive = [ch for ch in root.children if ch.proven is None or ch.proven[ch.mover] > 0.0]
        return not root.untried and len(alive) == 1

    def run(self, seconds: float | None = None, iterations: int | None = None, solve: bool = True) -> None:
        """Search for a time, a number of iterations, or both (whichever ends first). With a time and
        no number of iterations, the game's solve() hook may take part of it first (_solve_root). A
        search measured in iterations (a level, in the page's slices too, and the ladder's games that
        measured it) plays the same on any device, so a level plays as it was measured: its
        iterations, after a solve by a number of nodes where the game sets solve_nodes (Surikata;
        _solve_level), never by the clock (Die Drei's beginner once solved the endings in the page
        with the time of its slices). A level that makes mistakes on purpose (a temperature) does not
        solve (`solve` False): a beginner may still lose an ending. In team games the check of the
        choice (_settle) takes what it needs of the last CHECK_SHARE: nothing here runs past the
        deadline by more than one iteration, one piece of a check or one CHUNK of a level's solve."""
        if seconds is None and iterations is None:
            raise ValueError("give seconds or iterations")
        start = time.perf_counter()
        self.deadline = deadline = start + seconds if seconds is not None else None
        if solve and self.solving and iterations is not None and self.settings.solve_nodes:
            if not self._solve_level(iterations, deadline):
                return                         # the level's solve goes on in the next slice
        elif self.solving and seconds is not None and iterations is None:
            self._solve_root(start + SOLVE_SHARE * seconds)
        first = deadline                       # the iterations' end; in team games the check's share is kept
        if deadline is not None and seconds and self.side is not None:
            first = deadline - CHECK_SHARE * seconds
        done = self._iterate(iterations, first)
        while ((iterations is None or done < iterations) and (deadline is None or time.perf_counter() < deadline)
               and self._settle(deadline)):
            more = self._iterate(None if iterations is None else iterations - done, deadline, settled=True)
            if not more:
                break
            done += more

    def _iterate(self, iterations: int | None, deadline: float | None, settled: bool = False) -> int:
        """Iterations until their number or `deadline`; with `settled`, also until the choice
        changes to one the check has not passed. Returns how many were run."""
        done = 0
        while iterations is None or done < iterations:
            if self.forced() and self.root.children:
                break
            self.step()
            done += 1
            if (deadline is not None and time.perf_counter() >= deadline
                    or settled and (done & 7) == 0 and not self._settled()):
                break
        return done

    def _candidate(self) -> Node:
        """The most visited root child not proven lost (the choice before any check)."""
        seat = self.root.children[0].mover
        return max(self.root.children, key=lambda ch: (ch.proven is None or ch.proven[seat] > 0.0,
                                                       ch.visits, ch.total))

    def _settled(self) -> bool:
        """Is the choice known to be safe: no teams, the root decided, or the candidate proven or checked?"""
        if self.side is None or self.root.proven is not None or not self.root.children:
            return True
        best = self._candidate()
        return best.proven is not None or best in self.checked

    def _settle(self, deadline: float | None) -> bool:
        """Check the choice with exposure() until one passes (True) or `deadline` (False; the
        check keeps its place for the next slice). Each candidate found exposed is proven lost."""
        while not self._settled():
            best = self._candidate()
            check = self.checks.get(best)
            if check is None:
                s = self.state.copy()
                s.play(best.move)
                assert self.side is not None and s.result is None    # a finished game is proven
                check = self.checks[best] = exposure(s, self.side)
            ended, lost = finish(check, deadline)
            if not ended:
                return False
            del self.checks[best]
            if lost is None:
                self.checked.add(best)
            else:
                best.proven = lost
                self._prove(self.root)
        return True

    def advance(self, moves: list[Move], state: State) -> bool:
        """Re-root the tree at `state`, reached from the searched position by `moves`; False
        (tree unchanged) if the tree does not hold that line or the position differs."""
        node, s = self.root, self.state.copy()
        for m in moves:
            child = next((ch for ch in node.children if ch.move == m), None)
            if child is None or s.result is not None:
                return False
            node = child
            s.play(m)
        if s.result is not None or s.ply != state.ply or s.encode() != state.encode():   # key(): repetition only
            return False
        node.parent = None
        if node.proven is not None and not node.children:
            node.proven = None       # proven by the root's solver without being expanded: prove it again
        self.root, self.state, self.iterations = node, s, 0
        if node.untried is None:
            self._expand(node, s)
        self._screen_root()
        return True

    # ------------------------------------------------------------------ answers
    def best_child(self, until: float | None = None) -> Node:
        """A proven win at once; else the most visited child that is not proven lost. With teams
        the choice is first checked with exposure() (the other side wins at once in its turns,
        whatever the partner does): checking every root move up front cost Weltreich 0.8 s of
        a 0.56 s move, checking the choice costs one check, rarely a few. After a timed run the
        check goes no further than the run's deadline (an unfinished check leaves the candidate
        as the choice: in a position where every move is exposed, proving it took 14 s); after
        a run by iterations it is finished. `until` (perf_counter time): the check's end instead,
        for a caller that has not run the search in this request (a stop on a new search)."""
        root = self.root
        if not root.children:
            self.step()
        seat = root.children[0].mover
        if root.proven is None:
            self._settle(self.deadline if until is None else until)
        if root.proven is None:
            return self._candidate()
        proven = root.proven
        return max(root.children, key=lambda ch: (ch.proven is not None and ch.proven[seat] == proven[seat],
                                                  ch.visits))

    def best_move(self) -> Move:
        return self.best_child().move

    def proven_line(self, node: Node, limit: int = LINE_NODES) -> list[Move] | None:
        """The moves from the root child `node` (its own move first) to the end of the game its proof
        reaches: where the side to move wins, its shortest win in the tree (or a win at once); where
        it loses, its longest resistance. None where the tree does not show the end (a node the
        solver proved without children, a reply not yet searched, no decisive result) or reading it
        would take more than `limit` nodes."""
        count = [0]

        def walk(node: Node, state: State) -> list[Move] | None:
            count[0] += 1
            if count[0] > limit:
                raise OverflowError
            if state.result is not None:
                return []
            proven, seat = node.proven, state.to_move
            if proven is None or 1.0 not in proven:
                return None
            found: list[Move] | None = None
            if proven[seat] == 1.0:                  # the side to move wins: its shortest win
                for ch in node.children:
                    if ch.proven is not None and ch.proven[seat] == 1.0:
                        sub = walk(ch, after(state, ch.move))
                        if sub is not None and (found is None or len(sub) + 1 < len(found)):
                            found = [ch.move, *sub]
                            if not sub:
                                break
                if found is None:
                    won = first_win(state)
                    found = None if won is None else [won[0]]
                return found
            if node.untried or not node.children:    # a reply the tree has not searched
                return None
            for ch in node.children:                 # it loses: its longest resistance
                sub = walk(ch, after(state, ch.move))
                if sub is None:
                    return None
                if found is None or len(sub) + 1 > len(found):
                    found = [ch.move, *sub]
            return found

        try:
            rest = walk(node, after(self.state, node.move))
        except OverflowError:
            return None
        return None if rest is None else [node.move, *rest]

    def value(self, node: Node) -> float:
        """The chance of a node's mover, as far as the search knows."""
        if node.proven is not None:
            return node.proven[node.mover]
        return node.total / node.visits if node.visits else 0.5

    def info(self, until: float | None = None) -> Info:
        """Progress for the page: iterations, best move (the hint), the win chance of the player
        to move, the main line, and whether the move is forced (stop thinking). `until`: as
        best_child's."""
        best = self.best_child(until)
        line: list[str] = []
        node: Node | None = best
        state = self.state.copy()
        while node is not None and len(line) < 8:
            line.append(state.move_text(node.move))
            state.play(node.move)
            node = max(node.children, key=lambda ch: ch.visits) if node.children else None
        return {
            "iterations": self.iterations,
            "move": self.state.move_text(best.move),
            "value": self.value(best),
            "proven": best.proven is not None,
            "forced": self.forced(),
            "line": line,
        }
