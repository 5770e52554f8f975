"""Ziggurats' board tables: squares, neighbours, and how many foundations still fit.

The set-up rule (a foundation may not go where the foundations still to come would no longer
fit, see ziggurats.py) needs the largest set of squares no two of which touch, even diagonally;
it is computed here once per board size and position of foundations, apart from the rules."""
from ..coords import names


def size_for(players: int) -> int:
    return 8 if players >= 5 else 6


class Geometry:
    """Precomputed tables of one board size."""

    def __init__(self, n: int):
        self.n = n
        self.cells = names(n, n)
        self.index = {c: i for i, c in enumerate(self.cells)}
        self.orth = [tuple(nr * n + nc for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                           if 0 <= nr < n and 0 <= nc < n) for r in range(n) for c in range(n)]
        # king neighbourhood including the square itself, as a bit mask
        self.king = []
        for r in range(n):
            for c in range(n):
                m = 0
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        if 0 <= r + dr < n and 0 <= c + dc < n:
                            m |= 1 << ((r + dr) * n + c + dc)
                self.king.append(m)
        self.full = (1 << (n * n)) - 1
        self.row_masks = [m for m in range(1 << n) if not m & (m << 1)]   # no two side by side
        self.room_cache: dict[int, int] = {}
        self.setup_cache: dict[tuple[int, int], list[int]] = {}

    def room(self, allowed: int) -> int:
        """The most foundations that fit on the `allowed` squares, none touching another
        (an independent set of the king graph), by dynamic programming over the rows."""
        got = self.room_cache.get(allowed)
        if got is not None:
            return got
        n, row_full = self.n, (1 << self.n) - 1
        best = {0: 0}
        for r in range(n):
            row = (allowed >> (r * n)) & row_full
            new: dict[int, int] = {}
            for m in self.row_masks:
                if m & ~row:
                    continue
                k = bin(m).count("1")
                blocked = m | (m << 1) | (m >> 1)
                v = max((b for pm, b in best.items() if not pm & blocked), default=-1)
                if v >= 0:
                    new[m] = v + k
            best = new
        got = max(best.values())
        if len(self.room_cache) > 50000:
            self.room_cache.clear()
        self.room_cache[allowed] = got
        return got

    def greedy(self, allowed: int) -> int:
        """A quick lower bound of room(): take the first free square, row by row."""
        k = 0
        while allowed:
            low = allowed & -allowed
            allowed &= ~self.king[low.bit_length() - 1]
            k += 1
        return k

    def foundation_squares(self, fmask: int, still: int) -> list[int]:
        """Squares for the next foundation, given the foundations placed (bit mask) and how
        many are still to come after this one."""
        key = (fmask, still)
        got = self.setup_cache.get(key)
        if got is not None:
            return got
        blocked = 0
        m = fmask
        while m:
            low = m & -m
            blocked |= self.king[low.bit_length() - 1]
            m &= ~low
        allowed = self.full & ~blocked
        out = []
        for i in range(self.n * self.n):
            if allowed >> i & 1:
                rest = allowed & ~self.king[i]
                if still == 0 or self.greedy(rest) >= still or self.room(rest) >= still:
                    out.append(i)
        self.setup_cache[key] = out
        return out


GEOMETRY = {6: Geometry(6), 8: Geometry(8)}
MAX_FOUNDATIONS = {6: 9, 8: 16}
