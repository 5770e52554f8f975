"""What the page's board is given of a position, the same for the game (session.py) and for every
room beside it (lessons, puzzles, analysis: the `*_session.py` modules)."""
from __future__ import annotations

import re
from typing import Any

from spielkiste.engine import State
from spielkiste.inputs import Clicks
from spielkiste.texts import t, tr
from spielkiste_web import svg


def board_part(state: State, lang: str, title: str, human: bool, aids: frozenset[str] = frozenset(),
               rotation: int = 0, fresh: set[str] | frozenset[str] = frozenset(),
               slide: tuple[str, str] | None = None, hint: tuple[str, ...] = (),
               select: tuple[str, ...] = (), motion: Any = None) -> dict[str, Any]:
    """What the page's board is given of a position (board.set: the keys of app.BOARD_KEYS), for the
    game and for every room (lessons, puzzles, analysis): the SVG, and while `human` is to move
    every legal move as a click path (`entries`) with each selectable prefix's highlights
    (`overlays`); `view` is the engine's view drawn (for the caller's status line, not sent);
    `motion` (motion.Motion, in place of fresh and slide) animates the move that led here."""
    base = state.view(aids, None)
    clicks = Clicks(state) if human else None
    targets = clicks.targets() if clicks is not None else set()
    markup = svg.render(base, lang, targets, None, rotation, fresh, title, slide, hint=hint, motion=motion)
    ids = [c.id for c in base.cells]
    cx, cy = base.width / 2, base.height / 2
    cells = []
    for c in base.cells:
        x, y = svg.rotated(c.x + c.w / 2, c.y + c.h / 2, cx, cy, rotation % 360)
        cells.append([c.id, round(x, 3), round(y, 3)])
    return {"svg": markup, "view": base,
            "entries": entries(state, clicks, lang) if clicks is not None else [],
            "overlays": overlays(state, clicks, base, aids) if clicks is not None else {},
            "select": list(select), "focus": sorted(targets)[0] if targets else (ids[0] if ids else None),
            "cells": cells, "rotation": rotation,
            # a hatched square's reason, said when it is tapped (the game's and every room's board)
            "closed": ({cell: tr(why, lang) for cell, why in state.closed_squares().items()}
                       if clicks is not None else {}),
            "refused": refused(state, clicks, ids, lang) if clicks is not None else {}}


def refused(state: State, clicks: Clicks, ids: list[str], lang: str) -> dict[str, str]:
    """Where a move is one square (a placement), each square that starts no move and that the engine
    can say why not (why_illegal): the board says it when the square is tapped, in the game and in
    every room (a newcomer's tap on a square the meerkat sees went without a word)."""
    paths = [p for p, _, _ in clicks.entries if p]
    if not any(len(p) == 1 for p in paths):
        return {}
    starts = {p[0] for p in paths}
    out = {}
    for cell in ids:
        if cell not in starts and re.fullmatch(state.move_pattern, cell):      # a move, well formed (why_illegal's)
            why = state.why_illegal(cell)
            if why is not None:
                out[cell] = tr(why, lang)
    return out


def entries(state: State, clicks: Clicks, lang: str) -> list[list]:
    """Every legal move as [squares clicked, choice label or "", move text]."""
    return [[list(p), t(c, lang) if c else "", state.move_text(mv)] for p, c, mv in clicks.entries]


def overlays(state: State, clicks: Clicks, base: Any, aids: frozenset[str]) -> dict[str, str]:
    """For each prefix of squares that selects (a piece picked up, or a square with several
    moves to choose from), what the board adds to show it: svg.selection's markup."""
    paths = [p for p, _, _ in clicks.entries if p]
    count: dict[tuple[str, ...], int] = {}
    for p in paths:
        count[p] = count.get(p, 0) + 1
    continues: dict[tuple[str, ...], set[str]] = {}
    for p in paths:
        for k in range(1, len(p)):
            continues.setdefault(p[:k], set()).add(p[k])
    selectable = set(continues) | {p for p, n in count.items() if n > 1}
    views: dict[str, Any] = {}
    out = {}
    for prefix in sorted(selectable):
        cell = prefix[-1]
        if cell not in views:
            views[cell] = state.view(aids, cell)
        out[",".join(prefix)] = svg.selection(base, views[cell], continues.get(prefix, ()))
    return out
