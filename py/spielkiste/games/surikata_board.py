"""Surikata's board: its squares, the lines of the meerkat's view and of three in a row, the
pieces' letters; shared by the rules (surikata.py) and the learned evaluation (surikata_learned.py)."""

N = 5
SIZE = N * N
MOUNDS = 5           # termite mounds
PIECES = 20          # pieces placed at most: the 20th without a line draws
COLOURS = ("O", "W")  # seat 0 Orange, seat 1 White


def _ray(i: int, dc: int, dr: int) -> tuple[int, ...]:
    c, r = i % N + dc, i // N + dr
    out = []
    while 0 <= c < N and 0 <= r < N:
        out.append(r * N + c)
        c, r = c + dc, r + dr
    return tuple(out)


# lines of view: the four orthogonal rays outward from each square
VIEW_RAYS = [tuple(_ray(i, dc, dr) for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))) for i in range(SIZE)]
# lines of pieces: per square, 4 axes as (forward ray, backward ray)
AXES = [tuple((_ray(i, dc, dr), _ray(i, -dc, -dr)) for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)))
        for i in range(SIZE)]


def _triples(i: int) -> tuple[int, ...]:
    """Bit masks of the three squares in a row (along any axis) that include square i."""
    out = []
    for fwd, back in AXES[i]:
        cells = [*back[1::-1], i, *fwd[:2]]   # up to two squares either side: each three holds i
        out += [sum(1 << j for j in cells[k:k + 3]) for k in range(len(cells) - 2)]
    return tuple(out)


TRIPLES = [_triples(i) for i in range(SIZE)]     # for the playouts' line test on bit masks (rollout)
