#!/usr/bin/env python3
"""Mine puzzles from the engine's own games into py/spielkiste/puzzles/<game>.json (issue 32).

  nice -n 19 python tests/bench/mine_puzzles.py GAME [--seconds 300] [--rate-seconds 150] [--want 72]
      [--seed 1] [--budget 40000] [--most 3] [--shallowest 1] [--player mcts:100] [--first 1]

Plays games with a novice's policy (a win at once when there is one, else a random move that does not
lose at once, among a few tried; a random move now and then) or with --player (a spec of ai/players.py
for both seats: Das Tor's novices only ever draw by its quiet clock), and proves each position of the
last plies of each game won by a side (read back from its position code, as the page reads a puzzle)
with spielkiste.puzzles.proof.analyse: exactly one winning first move in 1 to --most of the mover's
moves, or exactly one move after which the opponent cannot force a win within 3 (proof.holding); an
answer found without reading ahead (proof.obvious: the only capture, the only move that does not lose
at once) is no puzzle; where a proof needs more than --budget positions, the position is proved again
for wins one move shorter. Die Drei's wins are also checked by the game's exact solver: no other first move
wins at all. Then it rates candidates of each kind and depth in turn for --rate-seconds (puzzles.rate:
our search's iterations to find the move, the median over three seeds), keeps a spread (QUOTA per kind
and depth, its levels taken in turn, the rest filled from the hardest) and writes the file, keeping the
puzzles already stored (their ids are stable links) and numbering new ones on."""
import argparse
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "py"))

from spielkiste import puzzles  # noqa: E402
from spielkiste.ai.players import Player  # noqa: E402
from spielkiste.engine import State  # noqa: E402
from spielkiste.games.drei_solver import Table  # noqa: E402
from spielkiste.puzzles.proof import Found, OutOfBudget, after, analyse, loses_at_once, obvious, wins_at_once  # noqa: E402
from spielkiste.registry import get_game  # noqa: E402

QUOTA = {("win", 1): 10, ("win", 2): 24, ("win", 3): 26, ("defend", 2): 6, ("defend", 3): 6}   # of --want 72
TAIL = 10                    # plies before a game's end that are proved


def novice(state: State, rng: random.Random, tries: int = 6) -> object:
    """A win at once; else a random move that does not lose at once (of `tries` tried); 1 in 5 at random."""
    moves = state.legal_moves()
    if rng.random() < 0.2:
        return rng.choice(moves)
    won = wins_at_once(state)
    if won:
        return won[0]
    rng.shuffle(moves)
    return next((m for m in moves[:tries] if not loses_at_once(state, m)), moves[0])


def drei_exact(state: State, found: Found) -> bool:
    """Die Drei: by the exact solver, the solution wins and no other first move wins at all (unknown: False)."""
    seat = state.to_move
    table: Table = {}
    for m in state.legal_moves():
        s = after(state, m)
        r = s.result.rewards if s.result is not None else s.solve(time.perf_counter() + 5, table)
        if r is None or (r[seat] == 1.0) != (m == found.line[0]):
            return False
    return True


def mine(game: str, seconds: float, seed: int, budget: int, deepest: int, player: str,
         known: set[str], shallowest: int = 1) -> dict[tuple[str, int], list[tuple[str, Found]]]:
    """Proven puzzles found in `seconds`, by kind and depth (`shallowest` at least): (position code, proof)."""
    cls = get_game(game)
    rng = random.Random(seed)
    found: dict[tuple[str, int], list[tuple[str, Found]]] = {k: [] for k in QUOTA}
    deadline = time.perf_counter() + seconds
    games = tried = skipped = 0
    shown = time.perf_counter()
    while time.perf_counter() < deadline:
        s = cls.new({})
        codes = []
        seats = [Player(player, seed=rng.random()) for _ in range(s.num_players)] if player else []
        while s.result is None:
            codes.append(s.encode())
            s.play(seats[s.to_move].move(s) if seats else novice(s, rng))
        games += 1
        if not s.result.winners:
            continue                              # a drawn game (Das Tor's quiet clock): no wins near its end
        for code in codes[-TAIL:]:
            if code in known or time.perf_counter() >= deadline:
                continue
            known.add(code)
            state = cls.decode(code)
            if state.result is not None or len(state.legal_moves()) < 3:     # no guessing between two
                continue
            tried += 1
            f = None
            for most in range(deepest, shallowest - 1, -1):     # over budget at a depth: its wins in fewer
                try:
                    f = analyse(state, most, budget, defend=most == deepest)
                    break
                except OutOfBudget:
                    skipped += most == deepest
            if f is None or f.depth < shallowest or obvious(state, f.line[0]):
                continue
            if game == "drei" and f.kind == "win" and not drei_exact(state, f):
                continue
            found[(f.kind, f.depth)].append((code, f))
        if time.perf_counter() > shown + 30:
            shown = time.perf_counter()
            print(f"{game}: {games} games, {tried} positions, {skipped} over budget, "
                  + ", ".join(f"{k}{d}: {len(v)}" for (k, d), v in found.items()), flush=True)
    print(f"{game}: {games} games, {tried} positions proved, {skipped} over budget", flush=True)
    return found


def rated(found: dict[tuple[str, int], list[tuple[str, Found]]], game: str, seconds: float,
          rng: random.Random) -> dict[tuple[str, int], list[dict[str, object]]]:
    """Rate candidates (puzzles.rate) for `seconds`, taking each kind and depth in turn, up to three
    times its quota, and make each a puzzle's JSON object (without its id)."""
    cls = get_game(game)
    pools = {key: rng.sample(items, len(items)) for key, items in found.items()}
    out: dict[tuple[str, int], list[dict[str, object]]] = {key: [] for key in found}
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline and any(pools.values()):
        for key, pool in pools.items():
            if not pool or len(out[key]) >= 3 * QUOTA[key]:
                pool.clear()
                continue
            code, f = pool.pop()
            state = cls.decode(code)
            kind, depth, line, replies = puzzles.as_texts(state, f)
            its = puzzles.rate(state, f.line[0])
            out[key].append({"position": code, "seat": state.to_move, "colour": state.seat_colour(state.to_move),
                             "kind": kind, "depth": depth, "line": list(line), "replies": list(replies),
                             "iterations": its, "level": puzzles.level_of(its)})
    return out


def pick(cands: dict[tuple[str, int], list[dict[str, object]]], want: int) -> list[dict[str, object]]:
    """A spread: each kind and depth up to its quota (scaled to `want`), taking its levels in turn from
    the hardest, then the rest, the hardest first."""
    chosen: list[dict[str, object]] = []
    for key, n in QUOTA.items():
        by_level = sorted(cands[key], key=lambda c: -int(str(c["iterations"])))
        levels = [[c for c in by_level if c["level"] == lv] for lv in (4, 3, 2, 1)]
        quota = round(n * want / sum(QUOTA.values()))
        while quota > 0 and any(levels):
            for group in levels:
                if group and quota > 0:
                    chosen.append(group.pop(0))
                    quota -= 1
    rest = sorted((c for cs in cands.values() for c in cs if c not in chosen), key=lambda c: -int(str(c["iterations"])))
    return chosen + rest[:max(0, want - len(chosen))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--seconds", type=float, default=300)
    ap.add_argument("--rate-seconds", type=float, default=150, help="time to rate candidates in")
    ap.add_argument("--want", type=int, default=72, help="new puzzles to add (fewer if fewer are found)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--player", default="", help="both seats play this player spec (mcts:100) instead of the novice")
    ap.add_argument("--most", type=int, default=3, help="the deepest win looked for, in the mover's moves")
    ap.add_argument("--first", type=int, default=1,
                    help="the least id for new puzzles: above every id ever shipped (an old link names no new one)")
    ap.add_argument("--shallowest", type=int, default=1, help="keep puzzles of this depth or deeper only")
    ap.add_argument("--budget", type=int, default=40_000, help="positions per proof before a position is skipped")
    a = ap.parse_args()
    game = get_game(a.game).id
    path = os.path.join(os.path.dirname(puzzles.__file__), f"{game}.json")
    old = [dict(raw) for raw in json.load(open(path))["puzzles"]] if os.path.exists(path) else []
    t0 = time.perf_counter()
    found = mine(game, a.seconds, a.seed, a.budget, a.most, a.player, {str(p["position"]) for p in old},
                 a.shallowest)
    chosen = pick(rated(found, game, a.rate_seconds, random.Random(a.seed)), a.want)
    first = max([a.first] + [1 + int(str(p["id"])) for p in old])
    new = [{"id": first + i, **c} for i, c in enumerate(chosen)]
    rows = old + new
    with open(path, "w", encoding="utf-8") as out:
        out.write('{"game": "%s", "puzzles": [\n' % game)
        out.write(",\n".join(json.dumps(r, ensure_ascii=False) for r in rows))
        out.write("\n]}\n")
    count: dict[str, int] = {}
    for r in rows:
        key = f"{r['kind']}{r['depth']} level {r['level']}"
        count[key] = count.get(key, 0) + 1
    print(f"{game}: {len(new)} new, {len(rows)} in all ({time.perf_counter() - t0:.0f} s): "
          + ", ".join(f"{k}: {v}" for k, v in sorted(count.items())), flush=True)


if __name__ == "__main__":
    main()
