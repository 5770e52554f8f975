"""The solver of Allein Wetteifern (rules: assets/rules/solitaire.en.html): from any position,
a line of jumps that leaves one piece if there is one, otherwise the fewest pieces the search could reach.

Depth-first search with a transposition table (Zobrist hashes of the exact position: colours
break every symmetry, so none is folded), moves ordered by a cheap heuristic, and a time
budget. Shapes do not matter for play, so the solver sees colours only.

The game's tools (Solitaire.run_tool: a hint, "still solvable?") call solve(board, seconds) and
read result.move (the next move of the best line found), result.solvable (True / False / None =
unknown in time), result.best (pieces left at the end of the line) and result.line (move texts)."""
import random
import time
from collections.abc import Sequence

from ..rng import Rng
from . import box

N = box.N
W = N + 2                                    # a padded board: a border of sentinels
SENT = 9
PAD = tuple((i // N + 1) * W + i % N + 1 for i in range(N * N))
UNPAD = {p: i for i, p in enumerate(PAD)}
DIRS = (-W, W, -1, 1)
_rng = Rng(0x5EED50)
PR = tuple(p // W for p in range(W * W))     # row and column of a padded square
PC = tuple(p % W for p in range(W * W))
ZOB = tuple(tuple(_rng.next64() for _ in range(W * W)) for _ in range(5))


class Timeout(Exception):
    pass


class Restart(Exception):
    pass


class Result:
    """What a search found. best: pieces left after `line`; complete: the search finished, so
    `best` is the true minimum; solvable: True (one piece reachable), False (proved not), None
    (not known within the time)."""
    __slots__ = ("start", "best", "moves", "complete", "nodes", "seconds", "_texts")

    def __init__(self, start: int, best: int, moves: list[tuple[int, int]], complete: bool, nodes: int,
                 seconds: float) -> None:
        self.start = start          # pieces on the board at the start
        self.best = best
        self.moves = moves          # [(from, to)] as 0-based square indices of the 12x12 board
        self.complete = complete
        self.nodes = nodes
        self.seconds = seconds

    @property
    def solvable(self) -> bool | None:
        if self.best == 1:
            return True
        return False if self.complete else None

    @property
    def move(self) -> int | None:
        """The first move of the best line as a move of the Solitaire engine (from*144 + to)."""
        if not self.moves:
            return None
        f, t = self.moves[0]
        return f * N * N + t

    @property
    def line(self) -> list[str]:
        return [f"{box.CELLS[f]}-{box.CELLS[t]}" for f, t in self.moves]

    def __repr__(self) -> str:
        return (f"Result(best={self.best}, solvable={self.solvable}, complete={self.complete}, "
                f"moves={len(self.moves)}, nodes={self.nodes}, {self.seconds:.3f}s)")


def _colours(board: Sequence[str]) -> bytearray:
    """A 144-letter board to the padded colour board: 0 empty, 1-4 colours."""
    b = bytearray([SENT]) * (W * W)
    for i, ch in enumerate(board):
        b[PAD[i]] = 0 if ch == "." else box.COLOURS.index(box.colour_of(ch)) + 1
    return b


class _Search:
    """One depth-first search with a transposition table: memo[hash] = the fewest pieces
    reachable from that position (stored only for subtrees searched to the end, so entries stay
    true across restarts)."""

    def __init__(self, b: bytearray, deadline: float, target: int, seed: int = 1):
        self.b = b
        self.deadline = deadline
        self.target = target
        self.memo: dict[int, int] = {}
        self.path: list[tuple[int, int]] = []
        self.best = 99
        self.best_path: list[tuple[int, int]] = []
        self.nodes = 0
        self.limit = 1 << 62
        self.noise = random.Random(seed).random
        self.h = 0
        self.occ: set[int] = set()               # the squares holding a piece
        self.reset(b)

    def reset(self, b: bytes | bytearray) -> None:
        """Set the board (after an interrupted attempt left it half played)."""
        self.b[:] = b
        self.occ = {p for p in range(W * W) if b[p] and b[p] != SENT}
        self.h = _hash(b)
        self.rows = sum(PR[p] for p in self.occ)        # sums of the pieces' rows and columns
        self.cols = sum(PC[p] for p in self.occ)

    def moves(self) -> list[tuple[float, int, int, int, int]]:
        """All jumps as (order key, from, direction, to, count), best first. The order peels the
        group from the outside in: jumps starting far from the pieces' centre and landing near it
        first (a little noise varies it between restarts)."""
        b = self.b
        occ = self.occ
        n = len(occ)
        sr = self.rows / n
        sc = self.cols / n
        noise = self.noise
        out = []
        for f in occ:
            c = b[f]
            far = abs(PR[f] - sr) + abs(PC[f] - sc)
            for d in DIRS:
                j = f + d
                x = b[j]
                if x == 0 or x == SENT or x == c:
                    continue
                k = 1
                j += d
                x = b[j]
                while x and x != SENT and x != c:
                    k += 1
                    j += d
                    x = b[j]
                if x == 0:
                    out.append((far - abs(PR[j] - sr) - abs(PC[j] - sc) + NOISE * noise(), f, d, j, k))
        out.sort(reverse=True)
        return out

    def run(self, n: int) -> int:
        h = self.h
        m = self.memo.get(h)
        if m is not None:
            return m
        self.nodes += 1
        if self.nodes > self.limit:
            raise Restart
        if (self.nodes & 255) == 0 and time.perf_counter() > self.deadline:
            raise Timeout
        moves = self.moves()
        if not moves:
            if n < self.best:
                self.best = n
                self.best_path = list(self.path)
            self.memo[h] = n
            return n
        b = self.b
        occ = self.occ
        rows, cols = self.rows, self.cols
        best_here = 99
        for _, f, d, to, k in moves:
            c = b[f]
            hh = h ^ ZOB[c][f] ^ ZOB[c][to]
            gone = []
            rr = rows - PR[f] + PR[to]
            cc = cols - PC[f] + PC[to]
            j = f + d
            while j != to:
                x = b[j]
                gone.append((j, x))
                hh ^= ZOB[x][j]
                rr -= PR[j]
                cc -= PC[j]
                b[j] = 0
                occ.discard(j)
                j += d
            b[to] = c
            b[f] = 0
            occ.discard(f)
            occ.add(to)
            self.h = hh
            self.rows = rr
            self.cols = cc
            self.path.append((f, to))
            r = self.run(n - k)          # (an exception leaves the board as it is: the caller resets it)
            self.path.pop()
            b[f] = c
            b[to] = 0
            occ.discard(to)
            occ.add(f)
            for j, x in gone:
                b[j] = x
                occ.add(j)
            self.h = h
            self.rows = rows
            self.cols = cols
            if r < best_here:
                best_here = r
                if r <= self.target:
                    break
        self.memo[h] = best_here
        return best_here


NOISE = 1.0            # tie-breaking noise in the move order (in squares of distance)
FIRST_LIMIT = 300      # nodes of the first attempt; each restart allows GROWTH times more
GROWTH = 1.3
_known: dict[bytes, list[tuple[int, int]]] = {}     # positions on solutions found before -> the rest of the line


def solve(position: Sequence[str], seconds: float = 1.0, target: int = 1) -> Result:
    """Search `position` (a Solitaire board: 144 letters) for a line down to `target`
    pieces, for at most `seconds`; otherwise the best line found.

    The search restarts with a growing node limit and a fresh tie-break: the time to a solution
    varies wildly with the move order (a heavy tail), and restarts cut that tail. What earlier
    attempts proved stays in the table."""
    t0 = time.perf_counter()
    b = _colours(position)
    n = sum(1 for x in b if x and x != SENT)
    key = bytes(b)
    if key in _known:                                  # on a line to one piece found before
        rest = _known[key]
        return Result(n, n - _removed(b, rest), rest, True, 0, time.perf_counter() - t0)
    s = _Search(bytearray(b), t0 + seconds, target)
    limit = FIRST_LIMIT
    complete = False
    nodes = 0
    while True:
        s.path = []
        s.nodes = 0
        s.limit = limit
        s.reset(b)
        try:
            s.run(n)
            complete = True
            break
        except Restart:
            nodes += s.nodes
            limit = int(limit * GROWTH)
            if s.best <= target:
                break
        except Timeout:
            break
    nodes += s.nodes
    found = s.best <= target
    moves = [(UNPAD[f], UNPAD[t]) for f, t in s.best_path]
    best = s.best if s.best != 99 else n               # 99: out of time before any line ended
    if found:
        _remember(b, moves)
    return Result(n, best, moves, complete or found, nodes, time.perf_counter() - t0)


def _hash(b: bytes | bytearray) -> int:
    h = 0
    for p in range(W * W):
        c = b[p]
        if c and c != SENT:
            h ^= ZOB[c][p]
    return h


def _step(b: bytearray, f: int, t: int) -> int:
    """Play a jump (0-based squares) on a padded board; returns the pieces removed."""
    pf, pt = PAD[f], PAD[t]
    if pf // W == pt // W:
        d = 1 if pt > pf else -1
    else:
        d = W if pt > pf else -W
    j, k = pf + d, 0
    while j != pt:
        b[j] = 0
        k += 1
        j += d
    b[pt] = b[pf]
    b[pf] = 0
    return k


def _removed(b: bytes | bytearray, moves: list[tuple[int, int]]) -> int:
    bb = bytearray(b)
    return sum(_step(bb, f, t) for f, t in moves)


def _remember(b: bytes | bytearray, moves: list[tuple[int, int]]) -> None:
    if len(_known) > 2000:
        _known.clear()
    bb = bytearray(b)
    for i in range(len(moves)):
        _known[bytes(bb)] = moves[i:]
        _step(bb, *moves[i])

