"""Shared helpers for engine tests: building positions from move lists, random play."""
import html
import os
import random
import sys

import pytest
import re

from spielkiste.engine import State, after
from spielkiste.record import Record
from spielkiste.registry import get_game


# inside Pyodide (tests/pyodide/run.mjs) a property test draws a third of its examples: that run proves
# the engine runs the same under Pyodide's Python, ~2x slower, while CPython draws every one (issue 31)
IN_PYODIDE = sys.platform == "emscripten"


def examples(n: int) -> int:
    """A property test's `max_examples`: n under CPython, a third of them (at least one) in Pyodide."""
    return max(1, n // 3) if IN_PYODIDE else n


def play(game_id: str, moves, options=None):
    """The state after playing move texts from the start."""
    s = get_game(game_id).new(options)
    for m in (moves.split() if isinstance(moves, str) else moves):
        s.push_text(m)
    return s


def assert_repetition_draw_round_trips(state, ending: str) -> None:
    """A game drawn by repetition keeps the draw in its position code (the shared mark ends it, after
    `ending`), and its version-1 code (no mark) still opens, as the game going on it always showed."""
    cls = type(state)
    assert state.result is not None and state.result.reason == "why.repetition"
    assert state.result.rewards == (0.5, 0.5)
    code = state.encode()
    assert code.endswith(ending + ";r"), "the shared mark of a repetition draw ends the code"
    again = cls.decode(code)
    assert again.result is not None and again.result.reason == "why.repetition"
    assert again.result.rewards == (0.5, 0.5) and again.legal_moves() == [] and again.encode() == code
    version, options, body = code.split(":", 2)
    assert version == "2"
    old = cls.decode(f"1:{options}:" + body.removesuffix(";r"))
    assert old.result is None and old.encode() == code.removesuffix("r")


def refused(ed, why, german=None, cells=None, prefix=""):
    """The board editor's setup is no position: a BadPosition with reason key prefix+why, its
    German message holding `german`, marking `cells` (in any order). Returns the error."""
    from spielkiste.errors import BadPosition
    with pytest.raises(BadPosition) as e:
        ed.check()
    assert e.value.params["why"][0] == prefix + why
    if german is not None:
        assert german in e.value.message("de")
    if cells is not None:
        assert sorted(e.value.cells) == sorted(cells)
    return e.value


def texts(state) -> set[str]:
    return {state.move_text(m) for m in state.legal_moves()}


def rollout_both_ways(s, seed: int, cap: int, *fields: str):
    """A game's own rollout (its fast data) and State.rollout (playout_move() played one by one), each
    from a copy of `s` with random.Random(seed) and `cap` plies: (the second copy, whether both end
    alike: position code, ply, last move, mover, the game's own `fields`, outcome, and the same
    (mover, move) list for RAVE)."""
    fast, slow, seq_fast, seq_slow = s.copy(), s.copy(), [], []
    fast.rollout(random.Random(seed), cap, seq_fast)
    State.rollout(slow, random.Random(seed), cap, seq_slow)

    def ending(x) -> tuple:
        r = x.result
        return ((x.encode(), x.ply, x.last, x.to_move, *(getattr(x, f) for f in fields))
                + (() if r is None else (r.rewards, r.winners, r.reason, r.args, r.line)))
    return slow, ending(fast) == ending(slow) and seq_fast == seq_slow and len(seq_slow) == slow.ply - s.ply


def wins_at_once(s) -> bool:
    """The side to move has a move that ends the game in its favour (tried by play())."""
    return any((t := after(s, m)).result is not None and t.result.rewards[s.to_move] == 1.0 for m in s.legal_moves())


def wins_by_threats(s, depth: int) -> bool:
    """Snorkels: a second route to snorkels_tactics.forced_capture, by the rules alone (legal_moves, play, group,
    tubes): the side to move captures at once, or plays a move of all its legal moves that leaves an
    enemy group one tube, after which every legal reply loses at once or leads to such a win again,
    with at most `depth` such moves."""
    if wins_at_once(s):
        return True
    if depth == 0:
        return False
    for m in s.legal_moves():
        t = after(s, m)
        if t.result is not None:
            continue
        enemy = t.colour_of(t.to_move)
        if not any(v == enemy and len(t.tubes(t.group(i)[0])) == 1 for i, v in enumerate(t.board)):
            continue
        if all(u.result.rewards[s.to_move] == 1.0 if u.result is not None else wins_by_threats(u, depth - 1)
               for u in (after(t, r) for r in t.legal_moves())):
            return True
    return False


def full_search(s) -> tuple:
    """The rewards under perfect play, by trying every legal move to the end (the rules only): the
    second route for the games' exact solvers."""
    if s.result is not None:
        return s.result.rewards
    best = None
    for m in s.legal_moves():
        t = s.copy()
        t.play(m)
        r = full_search(t)
        if best is None or r[s.to_move] > best[s.to_move]:
            best = r
            if r[s.to_move] == 1.0:
                break
    return tuple(best)


def random_game(state, seed: int, max_plies: int = 400, check=None):
    """Plays random legal moves; calls check(before, move, after) on every step. Returns the end state."""
    rng = random.Random(seed)
    s = state.copy()
    while s.result is None and s.ply < max_plies:
        moves = s.legal_moves()
        assert moves, f"{s.id}: no legal move but no result in {s.encode()}"
        m = rng.choice(moves)
        before = s.copy()
        s.play(m)
        if check:
            check(before, m, s)
    return s


def _rules_page(game_id: str, lang: str) -> str:
    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "assets", "rules")
    with open(os.path.join(root, f"{game_id}.{lang}.html"), encoding="utf-8") as f:
        return f.read()


def rules_claims(game_id: str, lang: str) -> list:
    """(position, claims) per example link of a rules page, in page order: the position the link
    opens (a game link: its last one) and its data-* attributes without the prefix (what its
    caption claims)."""
    from spielkiste_web.links import from_fragment
    out = []
    for attrs in re.findall(r'<a (class="example" [^>]*)>', _rules_page(game_id, lang)):
        fields = {k: html.unescape(v) for k, v in re.findall(r'([\w-]+)="([^"]*)"', attrs)}
        claims = {k[5:]: v for k, v in fields.items() if k.startswith("data-")}
        out.append((from_fragment(fields["href"].lstrip("#")).states[-1], claims))
    return out


def rules_examples(game_id: str) -> list:
    """The positions a game's rules page links as examples, in page order; both languages must link
    the same ones."""
    hrefs = {lang: [html.unescape(h) for h in re.findall(r'class="example" href="#([^"]+)"',
                                                         _rules_page(game_id, lang))]
             for lang in ("en", "de")}
    assert hrefs["en"] == hrefs["de"], "both languages show the same examples"
    from spielkiste_web.links import from_fragment
    return [from_fragment(h).current for h in hrefs["en"]]


class MemoryStorage:
    """localStorage as spielkiste_page/dom.Storage sees it, for the page's pure modules: strings by key, in the
    order written, `quota` characters at most; a refused write leaves the old value, as setItem does."""

    def __init__(self, quota=10**9):
        self.data: dict[str, str] = {}
        self.quota = quota

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value) -> bool:
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if used + len(key) + len(value) > self.quota:
            return False
        self.data[key] = value
        return True

    def remove(self, key) -> None:
        self.data.pop(key, None)

    def keys(self):
        return list(self.data)


def long_sprung_game() -> Record:
    """150 moves of Schaff den Sprung, as issue 51's link had, the game not over (random moves of
    seed 6: the first seed whose game lasts that long)."""
    rnd, rec = random.Random(6), Record.new(get_game("sprung"))
    while len(rec.moves) < 150:
        rec.play(rnd.choice(rec.current.legal_moves()))
    assert rec.current.result is None
    return rec
