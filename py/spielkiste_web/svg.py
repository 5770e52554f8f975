"""The one SVG renderer: draws any game's View, knowing no rules.

Pure Python (tested under CPython): it returns SVG markup built only from the engine's view
model, every text escaped. Each square is a <rect data-cell="E11"> with an accessible label;
each piece a <g data-piece>. Styling lives in assets/board.css under the class names used here
(fill-*, mark-*, layer-*, c-*, shape-*, line-*, region-*)."""
from spielkiste.texts import t, tr
from spielkiste.view import View

BOX_COLOURS = {"red", "blue", "green", "yellow"}
BOX_SHAPES = {"cylinder", "triangle", "square"}
INSET = {"attack", "forbidden", "capture", "gate", "bad"}      # drawn as outlines inside the square


def escape(text: str) -> str:
    """html.escape(text), without importing `html` and its table of 2,000 entities at the page's
    start (see links.query_pairs)."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


_NUMBERS: dict[float, str] = {}


def _f(x: float) -> str:
    """A coordinate as SVG text, to three decimals without trailing zeros; a board repeats a few
    hundred values, so each is formatted once per worker. Zero is not kept: 0.0 and -0.0 are one key
    and read "0" and "-0"."""
    text = _NUMBERS.get(x)
    if text is None:
        text = f"{x:.3f}".rstrip("0").rstrip(".")
        if x and len(_NUMBERS) < 4096:
            _NUMBERS[x] = text
    return text


def _shape(p, size: float) -> str:
    s = size
    if p.shape == "disc":
        return f'<circle r="{_f(.38 * s)}"/>'
    if p.shape == "stone":
        pts = [(-.34, -.12), (-.18, -.33), (.12, -.36), (.35, -.14), (.3, .2), (.06, .35), (-.26, .3), (-.38, .08)]
        return '<polygon points="' + " ".join(f"{_f(x * s)},{_f(y * s)}" for x, y in pts) + '"/>'
    if p.shape == "mound":
        return (f'<path d="M{_f(-.4 * s)},{_f(.3 * s)} Q{_f(-.3 * s)},{_f(-.1 * s)} {_f(-.12 * s)},{_f(-.38 * s)} '
                f'Q0,{_f(-.46 * s)} {_f(.12 * s)},{_f(-.38 * s)} '
                f'Q{_f(.3 * s)},{_f(-.1 * s)} {_f(.4 * s)},{_f(.3 * s)} Z"/>'
                f'<path class="detail" d="M{_f(-.15 * s)},{_f(.1 * s)} l{_f(.08 * s)},{_f(-.2 * s)} '
                f'M{_f(.1 * s)},{_f(.15 * s)} l{_f(.05 * s)},{_f(-.25 * s)}"/>')
    if p.shape == "cylinder":
        return f'<circle r="{_f(.36 * s)}"/><circle class="detail" r="{_f(.22 * s)}"/>'
    if p.shape == "triangle":
        return f'<polygon points="0,{_f(-.38 * s)} {_f(.38 * s)},{_f(.3 * s)} {_f(-.38 * s)},{_f(.3 * s)}"/>'
    if p.shape in ("square", "block"):
        h = .31 * s if p.shape == "square" else .4 * s
        return f'<rect x="{_f(-h)}" y="{_f(-h)}" width="{_f(2 * h)}" height="{_f(2 * h)}" rx="{_f(.04 * s)}"/>'
    if p.shape == "pawn":
        return (f'<path d="M{_f(-.28 * s)},{_f(.34 * s)} L{_f(.28 * s)},{_f(.34 * s)} L{_f(.16 * s)},{_f(.1 * s)} '
                f'L{_f(.08 * s)},{_f(.02 * s)} A{_f(.16 * s)},{_f(.16 * s)} 0 1 0 {_f(-.08 * s)},{_f(.02 * s)} '
                f'L{_f(-.16 * s)},{_f(.1 * s)} Z"/>')
    return f'<circle r="{_f(.34 * s)}"/>'


def _colour_mark(p) -> str:
    """Box pieces carry a mark per colour, so colour-blind players can tell them apart."""
    if p.colour not in BOX_COLOURS or p.shape not in BOX_SHAPES:
        return ""
    y = ".06" if p.shape == "triangle" else "0"
    return {
        "red": f'<circle class="cmark" cy="{y}" r=".07"/>',
        "blue": f'<path class="cmark" d="M-.13,{y} h.26"/>',
        "green": f'<path class="cmark" d="M-.11,{y} h.22 M0,{float(y) - .11:.2f} v.22"/>',
        "yellow": f'<circle class="cmark hollow" cy="{y}" r=".1"/>',
    }[p.colour]


def _overlay(mark: str) -> str:
    if mark == "meerkat":
        return ('<g class="meerkat"><ellipse cx="0" cy=".06" rx=".12" ry=".2"/>'
                '<circle cx="0" cy="-.2" r=".09"/><circle class="eye" cx=".03" cy="-.22" r=".018"/></g>')
    if mark == "last":
        return '<circle class="lastmark" cy="-.05" r=".08"/>'
    if mark == "commander":
        return '<path class="commander" d="M-.16,.06 L-.16,-.12 L-.08,-.04 L0,-.16 L.08,-.04 L.16,-.12 L.16,.06 Z"/>'
    return ""


def _owner_dots(colours: tuple[str, ...]) -> str:
    """Whose square it is: a dot of each seat's colour in the square's top corner, drawn as a piece
    of that colour is (the style sheet's c-<colour>), so the theme decides how it looks."""
    return "".join(f'<g class="owner c-{escape(col)}"><g class="body"><circle cx="{_f(.3 - .2 * k)}" cy="-.3" '
                   f'r=".1"/></g></g>' for k, col in enumerate(colours))


def _cell_mark(mark: str) -> str:
    if mark == "centre":
        return '<circle class="mark-centre" r=".42"/>'
    if mark == "rook":
        return '<path class="mark-sym" d="M0,-.3 V.3 M-.3,0 H.3"/>'
    if mark == "bishop":
        return '<path class="mark-sym" d="M-.22,-.22 L.22,.22 M-.22,.22 L.22,-.22"/>'
    if mark == "knight":
        return '<path class="mark-sym" d="M-.12,-.28 V.06 H.22"/><circle class="mark-dot" cx=".22" cy=".06" r=".05"/>'
    if mark == "king":
        return '<rect class="mark-sym" x="-.16" y="-.16" width=".32" height=".32"/>'
    if mark in ("throne", "crown"):
        return (f'<path class="mark-{mark}" d="M-.26,.2 H.26 L.3,-.16 L.14,0 L0,-.26 L-.14,0 L-.3,-.16 Z"/>')
    if mark == "goal":
        return '<circle class="mark-goal" r=".2"/>'
    return ""


def piece_label(p, lang: str) -> str:
    text = t("cell.piece", lang, colour=t("colour." + p.colour, lang), shape=t("shape." + p.shape, lang))
    if p.mark:
        text += ", " + t("mark." + p.mark, lang)
    if p.label:
        text += f" ({tr(p.label, lang)})"
    return text


ERASER_ICON = ('<svg xmlns="http://www.w3.org/2000/svg" class="board icon" viewBox="-.5 -.5 1 1" aria-hidden="true">'
               '<path class="eraser" d="M-.3,-.3 L.3,.3 M-.3,.3 L.3,-.3"/></svg>')


def icon(piece) -> str:
    """One piece alone, for the editor's palette (drawn like on the board, no square)."""
    pcls = f"piece shape-{piece.shape} c-{piece.colour}"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="board icon" viewBox="-.5 -.5 1 1" aria-hidden="true">'
            f'<g class="{escape(pcls)}"><g class="body">{_shape(piece, 1.0)}</g>{_colour_mark(piece)}'
            f'{_overlay(piece.mark)}</g></svg>')


def render(view: View, lang: str = "en", targets=(), selected: str | None = None, rotation: int = 0,
           fresh=(), title: str = "", slide: tuple[str, ...] | None = None, hint: tuple[str, ...] = (),
           motion=None) -> str:
    """The board as an <svg> element. targets: squares that are clickable next (lit on hover;
    dotted once a first square is selected, as the selected piece's destinations); selected: the
    square clicked first; rotation: degrees (multiples of 90); fresh: squares whose pieces appear
    (animated); slide: (from, to) of the last move, whose piece glides from `from` to `to`; hint:
    the squares of a hinted move, drawn as an arrow from the piece to its target (a ring for a
    move on one square); motion: the last move's motion.Motion (instead of fresh and slide): its
    piece hops square by square over what it jumps, lands on a stack, enters through a gate, and
    the pieces it removed fade out where they stood (_moving, _ghosts)."""
    pad = .7
    w, h = view.width, view.height
    if motion is not None:
        fresh, slide = motion.fresh, motion.path or None
    targets, fresh = set(targets), set(fresh)
    cx, cy = w / 2, h / 2
    by_cell: dict[str, list] = {}
    for p in view.pieces:
        by_cell.setdefault(p.cell, []).append(p)
    over = _overhang(view)
    x0, y0, vw, vh = -pad, -pad, w + 2 * pad, h + 2 * pad
    side = rotation % 360 // 90          # where the board's top lies on the screen: 0 top, 1 right, ...
    x0, y0 = x0 - (over if side == 3 else 0), y0 - (over if side == 0 else 0)
    vw, vh = vw + (over if side in (1, 3) else 0), vh + (over if side in (0, 2) else 0)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="{_f(x0)} {_f(y0)} '
           f'{_f(vw)} {_f(vh)}" role="group" aria-label="{escape(title)}">']
    out.append('<defs><pattern id="hatch" width=".25" height=".25" patternUnits="userSpaceOnUse" '
               'patternTransform="rotate(45)"><rect class="hatch" width=".08" height=".25"/>'
               '</pattern><marker id="arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" '
               'markerHeight="3" orient="auto-start-reverse"><path class="hint-head" d="M0,0 L10,5 L0,10 Z"/>'
               '</marker></defs>')
    out.append(f'<g class="rot" transform="rotate({rotation % 360} {_f(cx)} {_f(cy)})">')
    out.append(f'<rect class="frame" x="-.12" y="{_f(-.12 - over)}" width="{_f(w + .24)}" '
               f'height="{_f(h + .24 + over)}" rx=".12"/>')
    layer_of: dict[str, list[str]] = {}
    for name, cells in view.layers.items():
        for cid in cells:
            layer_of.setdefault(cid, []).append(name)
    centre = {}
    for c in view.cells:
        centre[c.id] = (c.x + c.w / 2, c.y + c.h / 2)
        stack = sorted(by_cell.get(c.id, ()), key=lambda p: p.level)
        if stack:
            desc = "; ".join(piece_label(p, lang) for p in stack)
            if len(stack) > 1:
                desc = t("cell.bottom_to_top", lang) + ": " + desc
            label = t("cell.with", lang, cell=c.id, pieces=desc)
        else:
            label = t("cell.empty", lang, cell=c.id)
        about = [text for k in (f"fill.{c.fill}", f"cellmark.{c.mark}") if (text := t(k, lang)) != k]
        if c.label:
            about.append(tr(c.label, lang))
        if about:
            label += f" ({', '.join(about)})"
        if c.id in targets:
            label += " · " + t("cell.target", lang)
        cls = ["cell", "fill-" + (c.fill or "plain")]
        cls += ["layer-" + n for n in layer_of.get(c.id, ())]
        if c.id in targets:
            cls.append("target")
        if c.id == selected:
            cls.append("selected")
        if c.id in hint:
            cls.append("hint")
        out.append(f'<rect class="{" ".join(cls)}" data-cell="{escape(c.id)}" x="{_f(c.x)}" y="{_f(c.y)}" '
                   f'width="{_f(c.w)}" height="{_f(c.h)}" tabindex="-1" role="button" aria-label="{escape(label)}">'
                   f'<title>{escape(label)}</title></rect>')
        if c.mark or c.owners:
            out.append(f'<g class="cellmark" transform="translate({_f(c.x + c.w / 2)} {_f(c.y + c.h / 2)})">'
                       f'{_cell_mark(c.mark)}{_owner_dots(c.owners)}</g>')
    for x, y, rw, rh, kind in view.regions:
        out.append(f'<rect class="region region-{escape(kind)}" x="{_f(x)}" y="{_f(y)}" '
                   f'width="{_f(rw)}" height="{_f(rh)}"/>')
    out += _layer_rects(view.layers, centre)
    if selected:
        out += _target_marks(targets, centre, by_cell)
    out.append('<g class="selection"></g>')      # where the page puts a selection's overlay (selection())
    top_level = {c: max(p.level for p in ps) for c, ps in by_cell.items()}
    taken = set(view.layers.get("captured", ())) - set(slide[-1:] if slide else ()) if motion is not None else set()
    last = ""              # the moved piece, drawn over the others and over the ghosts of what it removed
    for p in sorted(view.pieces, key=lambda p: (centre.get(p.cell, (0, 0))[1], p.level)):
        if p.cell not in centre:
            continue
        x, y = centre[p.cell]
        lift = .14 * p.level
        size = 1.0 - .08 * p.level
        pid = p.id or f"{p.cell}.{p.level}"
        pcls = f"piece shape-{p.shape} c-{p.colour}" + (" fresh" if p.cell in fresh and not slide else "") + \
            (" raised" if p.level else "") + (" taking" if p.cell in taken else "")
        inner = f'<g class="body">{_shape(p, size)}</g>{_colour_mark(p)}{_overlay(p.mark)}'
        moving = None
        if p.level == top_level.get(p.cell):
            moving = _moving(p, slide, fresh, motion, centre, (cx, cy), rotation % 360)
        if moving is not None:
            inner = moving[0] + inner + moving[1]
        markup = (f'<g class="{escape(pcls)}" data-piece="{escape(pid)}" '
                  f'transform="translate({_f(x)} {_f(y - lift)}) rotate({-rotation % 360})">'
                  f'<title>{escape(piece_label(p, lang))}</title>{inner}</g>')
        if moving is not None and motion is not None:
            last = markup
        else:
            out.append(markup)
    if motion is not None:
        out += _ghosts(motion, slide, centre, rotation % 360)
    out.append(last)
    for kind, cells in view.lines:
        pts = " ".join(f"{_f(centre[c][0])},{_f(centre[c][1])}" for c in cells if c in centre)
        out.append(f'<polyline class="line line-{escape(kind)}" points="{pts}"/>')
    out.append(hint_arrow(hint, centre))
    out.append("</g>")
    # coordinate labels outside the rotation, placed where the rotated files/ranks end up
    rot = rotation % 360
    for x, text in view.files:
        lx, ly = rotated(x, h + .38, cx, cy, rot)
        out.append(f'<text class="coord" x="{_f(lx)}" y="{_f(ly)}">{escape(text)}</text>')
    for y, text in view.ranks:
        lx, ly = rotated(-.38, y, cx, cy, rot)
        out.append(f'<text class="coord" x="{_f(lx)}" y="{_f(ly)}">{escape(text)}</text>')
    out.append("</svg>")
    return "".join(out)


HOP = .16          # seconds per hop of a jump or of a block's landing on a stack
JUMP = .64         # a jump's hops in all at most: a long line hops faster
GATE = .3          # a piece entering through its gate


def _moving(p, slide, fresh, motion, centre: dict, mid: tuple[float, float], rot: int) -> tuple[str, str] | None:
    """The wrappers (opening tags, closing tags) that move piece `p` into its place, or None: one
    group per hop, each a translation from the hop's start that runs in its own turn (board.css's
    .hop: delayed by its index), nested so that together they start at the path's first point. A
    jump passes every square of its line (lifted: .lift pulses once per hop); a block that leaves or
    joins a stack glides to above its square and drops onto it; a placed block drops onto its stack;
    a placed piece with a gate enters from there. A plain glide keeps the one .slide group."""
    x, y = centre[p.cell]
    here = (x, y - .14 * p.level)
    points: list[tuple[float, float]] = []
    landing = False        # the last hop drops onto a stack
    if slide and p.cell == slide[-1] and all(c in centre for c in slide):
        rise = motion.rise if motion is not None else 0
        first = (centre[slide[0]][0], centre[slide[0]][1] - .14 * rise)
        if len(slide) > 2:
            points = [first] + [centre[c] for c in slide[1:-1]] + [here]
        elif motion is not None and (rise or p.level):
            points, landing = [first, (here[0], here[1] - .45), here], True
        else:
            dx, dy = _turned(first[0] - here[0], first[1] - here[1], mid, rot)
            return f'<g class="slide" style="--dx:{_f(dx)}px;--dy:{_f(dy)}px">', "</g>"
    elif motion is not None and p.cell in fresh and not slide:
        if motion.gate in centre:
            points = [centre[motion.gate], here]
        elif p.level:
            points, landing = [(here[0], here[1] - .6), here], True
    if len(points) < 2:
        return None
    hops = len(points) - 1
    step = GATE if hops == 1 else min(HOP, JUMP / hops)
    opening = ""
    for i in range(hops, 0, -1):           # the last hop outermost: each group adds its own offset
        dx, dy = _turned(points[i - 1][0] - points[i][0], points[i - 1][1] - points[i][1], mid, rot)
        cls = "hop drop" if i == hops and landing else "hop"
        opening += f'<g class="{cls}" style="--dx:{_f(dx)}px;--dy:{_f(dy)}px;--i:{i - 1};--t:{_f(step)}s">'
    closing = "</g>" * hops
    if slide and len(slide) > 2:
        opening += f'<g class="lift" style="--n:{hops};--t:{_f(step)}s">'
        closing += "</g>"
    return opening, closing


def _turned(dx: float, dy: float, mid: tuple[float, float], rot: int) -> tuple[float, float]:
    """An offset on the board as the piece sees it: the piece is drawn turned back by -rotation
    inside the turned board, so the offset turns by +rotation."""
    x, y = rotated(dx + mid[0], dy + mid[1], mid[0], mid[1], rot)
    return x - mid[0], y - mid[1]


def _ghosts(motion, slide, centre: dict, rot: int) -> list[str]:
    """The pieces the move removed, where they stood, fading out (board.css's .ghost; hidden from
    assistive technology, which reads the position's own labels); a jumped piece starts to fade as
    the mover passes over it."""
    path = list(slide or ())
    hops = len(path) - 1
    step = min(HOP, JUMP / hops) if hops > 1 else 0.0
    out = []
    for p in motion.gone:
        if p.cell not in centre:
            continue
        x, y = centre[p.cell]
        delay = step * (path.index(p.cell) - .5) if p.cell in path[1:-1] else 0.0
        cls = f"piece ghost shape-{p.shape} c-{p.colour}" + (" raised" if p.level else "")
        out.append(f'<g class="{escape(cls)}" aria-hidden="true" style="--d:{_f(delay)}s" '
                   f'transform="translate({_f(x)} {_f(y - .14 * p.level)}) rotate({-rot % 360})">'
                   f'<g class="body">{_shape(p, 1.0 - .08 * p.level)}</g>{_colour_mark(p)}{_overlay(p.mark)}</g>')
    return out


def selection(base: View, view: View, targets) -> str:
    """What selecting a square adds to the board drawn from `base` (the position's view with no
    selection): the highlight rects of `view` (the same position's view with the square selected)
    that `base` lacks, then the dots and rings of the selection's `targets`, as render() draws
    them with that selection. The page puts it into render()'s empty <g class="selection">, so a
    selection needs no round trip to the engine and no second board."""
    centre = {c.id: (c.x + c.w / 2, c.y + c.h / 2) for c in view.cells}
    have = {name: set(cells) for name, cells in base.layers.items()}
    added = {name: [c for c in cells if c not in have.get(name, ())] for name, cells in view.layers.items()}
    occupied = {p.cell for p in view.pieces}
    return "".join(_layer_rects(added, centre) + _target_marks(targets, centre, occupied))


def _layer_rects(layers: dict[str, list[str]], centre: dict) -> list[str]:
    """The highlight layers (last move, attacked squares, ...) as rects over their squares."""
    out = []
    for name, cells in layers.items():
        for cid in cells:
            if cid in centre:
                x, y = centre[cid]
                inset = name in INSET
                d, dims = (.45, '.9" height=".9" rx=".06') if inset else (.5, '1" height="1')
                out.append(f'<rect class="hl hl-{escape(name)}" x="{_f(x - d)}" y="{_f(y - d)}" width="{dims}"/>')
    return out


def _target_marks(targets, centre: dict, occupied) -> list[str]:
    """A selected piece's destinations: a dot on an empty square, a ring around an occupied one."""
    out = []
    for cid in sorted(targets):
        if cid in centre and cid not in occupied:
            x, y = centre[cid]
            out.append(f'<circle class="dot" cx="{_f(x)}" cy="{_f(y)}" r=".13"/>')
    for cid in sorted(targets):
        if cid in centre and cid in occupied:
            x, y = centre[cid]
            out.append(f'<circle class="ring" cx="{_f(x)}" cy="{_f(y)}" r=".44"/>')
    return out


def _overhang(view: View) -> float:
    """How far the highest stack (Ziggurats' towers) reaches above the board's top edge, beyond
    the frame's own margin: the frame and the picture grow by it, so no stack draws over them."""
    centre_y = {c.id: c.y + c.h / 2 for c in view.cells}
    reach = min((centre_y[p.cell] - .14 * p.level - .42 * (1 - .08 * p.level) for p in view.pieces
                 if p.level and p.cell in centre_y), default=0.0)
    return max(0.0, -.04 - reach)


def hint_arrow(path: tuple[str, ...], centre: dict) -> str:
    """A hinted move: an arrow along its squares from the piece to its target, or a ring around the
    one square of a placement."""
    points = [centre[c] for c in dict.fromkeys(path) if c in centre]
    if not points:
        return ""
    if len(points) == 1:
        x, y = points[0]
        return f'<circle class="hint-ring" cx="{_f(x)}" cy="{_f(y)}" r=".4"/>'
    (x1, y1), (x2, y2) = points[-2], points[-1]
    d = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** .5
    points[-1] = (x2 - .22 * (x2 - x1) / d, y2 - .22 * (y2 - y1) / d)     # the head ends inside the target
    pts = " ".join(f"{_f(x)},{_f(y)}" for x, y in points)
    return f'<polyline class="hint-arrow" points="{pts}" marker-end="url(#arrowhead)"/>'


def rotated(x: float, y: float, cx: float, cy: float, rot: int) -> tuple[float, float]:
    """(x, y) turned by `rot` degrees (a multiple of 90) about (cx, cy), as the board is drawn."""
    dx, dy = x - cx, y - cy
    for _ in range(rot // 90):
        dx, dy = -dy, dx
    return cx + dx, cy + dy
