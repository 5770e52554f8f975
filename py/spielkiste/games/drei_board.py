"""Die Drei's board: the four Katarenga quarterboards, how they are laid (the board options),
and the tables the rules read from the colours (attack rays per square, the squares that can
form a three with each square). Everything here depends on the layout only, not on the pawns."""
from typing import TypeAlias

from ..coords import names
from ..engine import Options
from ..rng import Rng

Layout: TypeAlias = tuple[tuple[int, int, bool], ...]      # per quadrant (tile, quarter turns, mirrored)
Rays: TypeAlias = tuple[tuple[tuple[int, ...], ...], ...]  # per square, its rays, each nearest first

N = 8
SIZE = N * N
CELLS = names(N, N)
INDEX = {c: i for i, c in enumerate(CELLS)}

COLOUR_NAMES = ("red", "yellow", "green", "blue")
MOVE_TYPES = ("rook", "bishop", "knight", "king")
# the published quarterboards, rows top to bottom (an unverified transcription, see the rules page)
TILES = ("RYBG/GRGB/YYBR/BGRY", "RYGB/GYRY/BBGR/YRBG", "RGBY/YYGR/BBRG/GRYB", "RGBY/YYBR/BGRG/GRYB")
QUADRANTS = ("tl", "tr", "bl", "br")     # top-left, top-right, bottom-left, bottom-right
DEFAULT_LAYOUT: Layout = ((0, 0, False), (1, 0, False), (2, 0, False), (3, 0, False))


def tile_value(tile: int, turns: int, mirrored: bool) -> str:
    """The option value of a laid tile: '2', '2r90', '2m', '2mr270' (tile number 1-4)."""
    return f"{tile + 1}{'m' if mirrored else ''}{'r' + str(90 * turns) if turns else ''}"


TILE_VALUES = tuple(tile_value(t, r, m) for t in range(4) for m in (False, True) for r in range(4))
PARSE_TILE = {tile_value(t, r, m): (t, r, m) for t in range(4) for m in (False, True) for r in range(4)}


def turn_tile(value: str) -> str:
    """The same tile turned a quarter clockwise more."""
    t, r, m = PARSE_TILE[value]
    return tile_value(t, (r + 1) % 4, m)


def flip_tile(value: str) -> str:
    """The same tile flipped over left-right (onto its back, the mirror image). A value is laid
    mirrored first, then turned r quarters; flipping the result undoes the turn's sense:
    flip . turn^r = turn^-r . flip."""
    t, r, m = PARSE_TILE[value]
    return tile_value(t, -r % 4, not m)


def laid_tile(tile: int, turns: int, mirrored: bool) -> list[list[int]]:
    """A quarterboard as 4 rows of colour numbers, flipped left-right first, then turned clockwise."""
    rows = [["RYGB".index(ch) for ch in row] for row in TILES[tile].split("/")]
    if mirrored:
        rows = [row[::-1] for row in rows]
    for _ in range(turns):
        rows = [[rows[3 - c][r] for c in range(4)] for r in range(4)]
    return rows


def board_colours(layout: Layout) -> tuple[int, ...]:
    out = [0] * SIZE
    for q, (tile, turns, mirrored) in enumerate(layout):
        rows = laid_tile(tile, turns, mirrored)
        r0, c0 = 4 * (q // 2), 4 * (q % 2)
        for r in range(4):
            for c in range(4):
                out[(r0 + r) * N + c0 + c] = rows[r][c]
    return tuple(out)


def layout_of(options: Options) -> Layout:
    if options["board"] == "random":
        rng = Rng(options["seed"])
        order = rng.shuffle([0, 1, 2, 3])
        return tuple((order[q], rng.below(4), rng.below(2) == 1) for q in range(4))
    if options["board"] == "custom":
        return tuple(PARSE_TILE[options[q]] for q in QUADRANTS)
    return DEFAULT_LAYOUT


ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
KING = ORTHO + DIAG
_RAYS_CACHE: dict[tuple[int, ...], Rays] = {}


def attack_rays(colours: tuple[int, ...]) -> Rays:
    """Per square, the rays its pawn attacks along (a knight's or king's step is a ray of one):
    a sliding ray stops after the first square of the pawn's own colour."""
    rays = _RAYS_CACHE.get(colours)
    if rays is not None:
        return rays
    out = []
    for i in range(SIZE):
        c0, r0, k = i % N, i // N, colours[i]
        mine = []
        if k in (0, 1):
            for dc, dr in (ORTHO if k == 0 else DIAG):
                ray, c, r = [], c0 + dc, r0 + dr
                while 0 <= c < N and 0 <= r < N:
                    ray.append(r * N + c)
                    if colours[r * N + c] == k:
                        break
                    c, r = c + dc, r + dr
                if ray:
                    mine.append(tuple(ray))
        else:
            for dc, dr in (KNIGHT if k == 2 else KING):
                c, r = c0 + dc, r0 + dr
                if 0 <= c < N and 0 <= r < N:
                    mine.append((r * N + c,))
        out.append(tuple(mine))
    rays = _RAYS_CACHE[colours] = tuple(out)
    return rays


def attack_reach(colours: tuple[int, ...]) -> tuple[int, ...]:
    """Per square, the bit mask of every square on its attack rays (as if the board were empty):
    a quick test that a pawn there attacks none of a set of squares."""
    return tuple(sum(1 << j for ray in rays for j in ray) for rays in attack_rays(colours))


def line_ok(dc: int, dr: int) -> bool:
    return dc == 0 or dr == 0 or dc == dr or dc == -dr


def _partners(any_dir: bool) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Per square i, (q, beyond, back) for every square q that can stand next to i in a three:
    i q beyond, or q i back (-1 off the board). Without Troika only q on i's lines count."""
    def at(c: int, r: int) -> int:
        return r * N + c if 0 <= c < N and 0 <= r < N else -1
    out = []
    for i in range(SIZE):
        c0, r0, mine = i % N, i // N, []
        for q in range(SIZE):
            dc, dr = q % N - c0, q // N - r0
            if q != i and (any_dir or line_ok(dc, dr)):
                mine.append((q, at(c0 + 2 * dc, r0 + 2 * dr), at(c0 - dc, r0 - dr)))
        out.append(tuple(mine))
    return tuple(out)


PARTNERS = (_partners(False), _partners(True))


def _thirds(any_dir: bool) -> tuple[tuple[int, ...], ...]:
    """THIRDS[a][b]: the squares that make Die Drei with pawns on a and b (beyond b, before a,
    between them), off-board ones left out, as a bit mask (bit t: square t); 0 where a and b share
    no line (without Troika)."""
    out = []
    for a in range(SIZE):
        ac, ar, row = a % N, a // N, []
        for b in range(SIZE):
            dc, dr = b % N - ac, b // N - ar
            sq = []
            if b != a and (any_dir or line_ok(dc, dr)):
                for c, r in ((ac + 2 * dc, ar + 2 * dr), (ac - dc, ar - dr)):
                    if 0 <= c < N and 0 <= r < N:
                        sq.append(r * N + c)
                if dc % 2 == 0 and dr % 2 == 0:
                    sq.append((ar + dr // 2) * N + ac + dc // 2)
            row.append(sum(1 << t for t in set(sq)))
        out.append(tuple(row))
    return tuple(out)


THIRDS = (_thirds(False), _thirds(True))
