#!/usr/bin/env python3
"""Mine puzzles from the engine's own games into py/spielkiste/puzzles/<game>.json (issue 32).

  nice -n 19 python tests/bench/mine_puzzles.py GAME [--seconds 300] [--rate-seconds 150] [--want 72]
      [--seed 1] [--budget 40000] [--most 3] [--shallowest 1] [--player mcts:100] [--first 1]
      [--winners] [--opening 0] [--tail 10] [--no-defend]

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
puzzles already stored (their ids are stable links) and numbering new ones on.

Deep wins (issue 52): --player mcts:200 --winners --shallowest 3 (Blockade: 22 wins in 3 in 540 s);
--opening N starts each game with N of the game's playout moves, --tail N proves more of each game's end
(Weltreich: a game costs about a hundred proofs). Das Tor: --player mcts:200 --opening 16 --tail 200
--no-defend --shallowest 3, every position of a won game that DEEP_ONLY passes (11 wins in 3 in 600 s).
Weltreich: --player mcts:200 --winners --shallowest 3 --tail 12 --budget 200000 --no-defend (a win in 3
is about one in 44 positions proved, with the budget of 200,000: 35 in 1,550 positions, 55 min at nice 19
beside two other processes; under the budget of 40,000 three of the first four wins in 3 were skipped: they
take 52,000-61,000)."""
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
from spielkiste.games.negamax import Table  # noqa: E402
from spielkiste.games.tor import TOTAL as TOR_TOTAL  # noqa: E402
from spielkiste.puzzles.proof import Found, OutOfBudget, after, analyse, loses_at_once, obvious, wins_at_once  # noqa: E402
from spielkiste.registry import get_game  # noqa: E402

QUOTA = {("win", 1): 10, ("win", 2): 24, ("win", 3): 26, ("defend", 2): 6, ("defend", 3): 6}   # of --want 72
TAIL = 10                    # plies before a game's end that are proved
# where only wins in 3 are wanted, the positions that can hold one (the others are not proved): in Das
# Tor a win is the last piece brought in, each piece a gate's move and the piece, so in 3 moves the
# mover is one piece short with no gate open (a quiet move, the gate, the piece) or two short at an
# open gate (its piece, then the gate and the last piece); fewer short win sooner, more need more
DEEP_ONLY = {"tor": lambda s: TOR_TOTAL - s.in_play(s.to_move) == (2 if s.gate >= 0 else 1)}


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
         known: set[str], shallowest: int = 1, winners: bool = False,
         opening: int = 0, tail: int = TAIL, defend: bool = True) -> dict[tuple[str, int], list[tuple[str, Found]]]:
    """Proven puzzles found in `seconds`, by kind and depth (`shallowest` at least): (position code, proof).
    With `winners` only the positions where the game's winner is to move are proved, for wins only: in
    strong self-play the winner's moves in the last plies are mostly a forced win, and the one it played
    is often the only one (Blockade: a unique win in 3 five plies before the end in 2 of 5 games).
    The first `opening` plies of each game are the game's own playout moves (quick, and in Das Tor
    gate-seeking: of 4 games of mcts:200 from the start 3 drew by the quiet clock, no piece brought in).
    The last `tail` plies of each won game are proved (more where a game costs far more than a proof);
    defences are looked for only with `defend`."""
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
            if len(codes) <= opening:
                s.play(s.playout_move(rng))
            else:
                s.play(seats[s.to_move].move(s) if seats else novice(s, rng))
        games += 1
        if not s.result.winners:
            continue                              # a drawn game (Das Tor's quiet clock): no wins near its end
        for code in codes[-tail:]:
            if code in known or time.perf_counter() >= deadline:
                continue
            known.add(code)
            state = cls.decode(code)
            if state.result is not None or len(state.legal_moves()) < 3:     # no guessing between two
                continue
            if winners and state.to_move not in s.result.winners:
                continue
            if shallowest >= 3 and game in DEEP_ONLY and not DEEP_ONLY[game](state):
                continue
            tried += 1
            f = None
            for most in range(deepest, shallowest - 1, -1):     # over budget at a depth: its wins in fewer
                try:
                    f = analyse(state, most, budget, defend=most == deepest and defend and not winners)
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


Candidates = dict[tuple[str, int], list[dict[str, object]]]


def one_per_line(cands: Candidates) -> Candidates:
    """The candidates less those whose line an earlier one already has."""
    seen: set[str] = set()
    out: Candidates = {}
    for key, cs in cands.items():
        out[key] = []
        for c in cs:
            line = json.dumps(c["line"])
            if line not in seen:
                seen.add(line)
                out[key].append(c)
    return out


def pick(cands: dict[tuple[str, int], list[dict[str, object]]], want: int) -> list[dict[str, object]]:
    """A spread: each kind and depth up to its quota (scaled to `want`), taking its levels in turn from
    the hardest, then the rest, the hardest first; one puzzle per line (nearby positions of one game
    often share the whole line: the same puzzle to the player)."""
    chosen: list[dict[str, object]] = []
    cands = one_per_line(cands)
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
    ap.add_argument("--no-defend", action="store_true", help="look for wins only")
    ap.add_argument("--tail", type=int, default=TAIL, help="plies before each won game's end that are proved")
    ap.add_argument("--opening", type=int, default=0, help="plies of the game's playout moves before the players")
    ap.add_argument("--winners", action="store_true",
                    help="prove only positions with the game's winner to move, for wins (with --player: deep wins)")
    ap.add_argument("--budget", type=int, default=40_000, help="positions per proof before a position is skipped")
    a = ap.parse_args()
    game = get_game(a.game).id
    path = os.path.join(os.path.dirname(puzzles.__file__), f"{game}.json")
    old = [dict(raw) for raw in json.load(open(path))["puzzles"]] if os.path.exists(path) else []
    t0 = time.perf_counter()
    found = mine(game, a.seconds, a.seed, a.budget, a.most, a.player, {str(p["position"]) for p in old},
                 a.shallowest, a.winners, a.opening, a.tail, not a.no_defend)
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
