"""Snorkels on bit masks (bit i is cell i of the 7x7 board): the playouts' policy, and the forced
captures the search's solve() hook reads.

A group with one free tube left must fill it at once, since a capture ends the game and the capture
of an enemy group comes first. So a run of such threats leaves the defender one reply each time (a
ladder, as in Go), and a search over the attacker's threats alone, with that one reply, reads it to
the end: few moves, and exact where it finds a capture (forced_capture)."""
import random
import time

from .negamax import CHECK, Nodes, OutOfTime

N = 7
FULL = (1 << N * N) - 1
_FIRST_COLUMN = sum(1 << r * N for r in range(N))
_NOT_FIRST, _NOT_LAST = FULL & ~_FIRST_COLUMN, FULL & ~(_FIRST_COLUMN << N - 1)
TRIES = 8            # random cells a playout move tries for one that leaves its group two free tubes
THREATS = 12         # the attacker's threats in a row that forced_capture reads at most


def around(x: int) -> int:
    """The cells next to the cells of x."""
    return x >> N | (x << N & FULL) | (x >> 1 & _NOT_LAST) | (x << 1 & _NOT_FIRST)


def group(seed: int, mask: int) -> int:
    """The cells of `mask` connected to the cells of `seed`."""
    g = seed
    while True:
        n = (g | around(g)) & mask
        if n == g:
            return g
        g = n


def last_tubes(seeds: int, mask: int, empty: int) -> int:
    """The free tubes of those groups of `mask` through the cells of `seeds` that have only one."""
    out, rest = 0, seeds & mask
    while rest:
        g = group(rest & -rest, mask)
        rest &= ~g
        t = around(g) & empty
        if t & (t - 1) == 0:
            out |= t
    return out


def playout_move(me: int, op: int, empty: int, seeds: int, last: int, rng: random.Random) -> tuple[int, bool]:
    """The playouts' move for the side with stones `me` against `op`: fill the last tube of an
    enemy group through `seeds` (capture, the lowest such cell); else give an own group next to
    the opponent's last stone `last` (a mask) a second tube by filling its last; else a random
    empty cell that leaves the mover's group two free tubes, tried TRIES times, then the last tried
    (random playouts lose to the first careless stone; these end when a player would have to err).
    Returns the cell and whether it captures."""
    caps = last_tubes(seeds, op, empty)
    if caps:
        return (caps & -caps).bit_length() - 1, True
    tubes = last_tubes(around(last), me, empty)
    while tubes:
        t = tubes & -tubes
        tubes &= ~t
        after = around(group(t, me | t)) & empty & ~t
        if after & (after - 1):
            return t.bit_length() - 1, False
    cells = [i for i in range(N * N) if empty >> i & 1]
    k, m = len(cells), cells[0]
    for _ in range(TRIES):
        if not k:
            break
        j = int(rng.random() * k)
        m = cells[j]
        bit = 1 << m
        left = empty & ~bit
        after = around(bit) & left
        if after & (after - 1) or (after := around(group(bit, me | bit)) & left) & (after - 1):
            return m, False
        k -= 1
        cells[j] = cells[k]
    return m, False


def solve(me: int, op: int, empty: int, deadline: float | None = None, nodes: Nodes | None = None) -> int | None:
    """What the forced captures decide for the side to move with stones `me` against `op`: 1 it wins
    (a capture now, or forced_capture), -1 it loses (two groups with one tube each, or one whose
    tube, filled, leaves the group one tube or none, or lets the opponent capture by force), None
    not decided by them, or time.perf_counter() passed `deadline`, or `nodes` ran out (the nodes
    read are taken from it)."""
    count = [0]
    budget = None if nodes is None else nodes.left
    try:
        if last_tubes(op, op, empty) or forced_capture(me, op, empty, deadline, budget, count):
            return 1
        threat = last_tubes(me, me, empty)
        if not threat:
            return None
        if threat & (threat - 1):
            return -1                                  # two groups to save: one is captured
        me |= threat
        empty &= ~threat
        if not empty:
            return None                                # the board full: not read here
        tubes = around(group(threat, me)) & empty
        if tubes & (tubes - 1) == 0 or forced_capture(op, me, empty, deadline, budget, count):
            return -1
        return None
    except OutOfTime:
        return None
    finally:
        if nodes is not None:
            nodes.left -= count[0]


def forced_capture(a: int, d: int, empty: int, deadline: float | None, budget: int | None, count: list[int],
                   depth: int = THREATS) -> bool:
    """Can the side to move (stones `a`) capture by threats alone (no enemy group has one tube
    now)? Each threat leaves an enemy group one tube, and the defender's only reply that does not
    lose at once fills it: a capture ends the game, and every attacking group keeps two tubes, so
    the defender captures nothing. The attacker wins when the reply leaves the group one tube or
    none, or when one stone leaves two groups one tube each. An attacking group the reply left one
    tube must be saved first, by a threat. `count` counts the positions read (OutOfTime past
    `deadline` or `budget`)."""
    count[0] += 1
    if not count[0] & CHECK and (deadline is not None and time.perf_counter() > deadline
                                 or budget is not None and count[0] > budget):
        raise OutOfTime
    if depth == 0:
        return False
    own = last_tubes(a, a, empty)
    if own:
        if own & (own - 1):
            return False                               # two groups to save: no time for threats
        tries = own
    else:
        tries, rest = 0, d
        while rest:                                    # the tubes of enemy groups with two
            g = group(rest & -rest, d)
            rest &= ~g
            t = around(g) & empty
            if (t & (t - 1)).bit_count() == 1:
                tries |= t
    while tries:
        m = tries & -tries
        tries &= ~m
        a2, left = a | m, empty & ~m
        ours = around(group(m, a2)) & left
        if ours & (ours - 1) == 0:
            continue                                   # the stone's group keeps one tube or none
        reply = last_tubes(around(m), d, left)
        if not reply:
            continue                                   # no threat
        if reply & (reply - 1):
            return True                                # two groups with one tube: one is captured
        d2, rest = d | reply, left & ~reply
        if not rest:
            continue                                   # the reply fills the board: not read here
        theirs = around(group(reply, d2)) & rest
        if theirs & (theirs - 1) == 0 or forced_capture(a2, d2, rest, deadline, budget, count, depth - 1):
            return True
    return False
