"""The long fuzz run (not in CI): hostile links, position codes and saves per game, and random
full games per game and option combination with the contract invariants. Prints counts; the
'other' column (anything but a position that round-trips or a typed, readable error) must be 0.

  python3 tests/fuzz/run.py                          # 10,000 inputs of each kind per game, 10,000 games
  python3 tests/fuzz/run.py --inputs 2000 --games 200 --only snorkels,drei
"""
import argparse
import os
import random
import sys
import time
import traceback
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "..", "..", "py"), os.path.join(HERE, "..")]

from fuzz.gen import RandomChooser, check, checked_game, complete, mutate, option_grid, valid_inputs  # noqa: E402
from spielkiste.registry import GAMES  # noqa: E402

KINDS = ("link", "code", "save")
FULL = 5000         # plies: every game ends long before (the longest random Das Tor game seen: about 1,000)
SLOW = 0.05          # seconds: reading any input must not freeze the page (slow = over it twice)


def fuzz_inputs(cls, n: int, rng: random.Random, failures: list) -> Counter:
    """n inputs of each kind: a tenth unchanged, the rest mutated."""
    counts: Counter = Counter()
    chooser = RandomChooser(rng)
    for i in range(n):
        for kind, text in valid_inputs(cls, rng).items():
            if i % 10:
                text = mutate(chooser, kind, text)
            counts[kind, "tried"] += 1
            try:
                result, seconds = check(kind, cls, text)
            except Exception as e:       # noqa: BLE001 - counting everything is the point
                result, seconds = "other", 0.0
                failures.append((cls.id, kind, text, e, traceback.format_exc(limit=4)))
            counts[kind, result] += 1
            if seconds > SLOW:           # once more, so that a pause of the machine does not count
                seconds = min(seconds, check(kind, cls, text)[1])
                counts[kind, "slow"] += seconds > SLOW
    return counts


def fuzz_games(cls, n: int, rng: random.Random, failures: list) -> Counter:
    counts: Counter = Counter()
    for opts in option_grid(cls):
        for _ in range(n):
            seed = rng.randrange(2**32)
            full = complete(cls, opts, random.Random(seed))
            try:
                rec = checked_game(cls, full, seed, max_plies=FULL)
                counts["plies"] += len(rec.moves)
                counts["unfinished"] += rec.states[-1].result is None
            except Exception as e:       # noqa: BLE001
                counts["other"] += 1
                failures.append((cls.id, f"game {full} seed {seed}", "", e, traceback.format_exc(limit=4)))
            counts["games"] += 1
        counts["combos"] += 1
    return counts


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--inputs", type=int, default=10_000, help="hostile inputs of each kind per game")
    ap.add_argument("--games", type=int, default=10_000, help="random games per game and option combination")
    ap.add_argument("--only", default="", help="comma-separated game ids (default: all)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    ids = [g.strip() for g in args.only.split(",") if g.strip()] or sorted(GAMES)
    rng = random.Random(args.seed)
    failures: list = []
    total: Counter = Counter()
    t0 = time.perf_counter()
    print(f"{'game':11} {'kind':5} {'tried':>7} {'ok':>7} {'typed':>7} {'other':>6} {'slow':>5}")
    for gid in ids:
        cls = GAMES[gid]
        c = fuzz_inputs(cls, args.inputs, rng, failures)
        for kind in KINDS:
            print(f"{gid:11} {kind:5} {c[kind, 'tried']:7} {c[kind, 'ok']:7} {c[kind, 'typed']:7} "
                  f"{c[kind, 'other']:6} {c[kind, 'slow']:5}")
        g = fuzz_games(cls, args.games, rng, failures)
        print(f"{gid:11} games {g['games']:7} in {g['combos']} option combinations, {g['plies']} moves, "
              f"unfinished {g['unfinished']}, other {g['other']}   ({time.perf_counter() - t0:.0f} s)", flush=True)
        total.update(c)
        total.update({("game", k): v for k, v in g.items()})
    tried = sum(total[k, "tried"] for k in KINDS)
    typed = sum(total[k, "typed"] for k in KINDS)
    other = sum(total[k, "other"] for k in KINDS) + total["game", "other"]
    print(f"\ninputs tried {tried}, read and round-tripped {tried - typed - sum(total[k, 'other'] for k in KINDS)}, "
          f"typed errors {typed}, slow (> {SLOW * 1000:.0f} ms) {sum(total[k, 'slow'] for k in KINDS)}")
    print(f"games played {total['game', 'games']} ({total['game', 'plies']} moves, every one checked; "
          f"unfinished after {FULL} moves: {total['game', 'unfinished']})")
    print(f"anything else: {other}   time {time.perf_counter() - t0:.0f} s")
    for gid, what, text, e, tb in failures[:10]:
        print(f"\n--- {gid} {what}: {type(e).__name__}: {str(e)[:300]}\n    input {text[:300]!r}\n{tb}")
    return 1 if other else 0


if __name__ == "__main__":
    sys.exit(main())
