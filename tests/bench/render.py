#!/usr/bin/env python3
"""Milliseconds per board drawn by the one SVG renderer (spielkiste_web.svg.render), per game, in CPython.

  python tests/bench/render.py [--seconds 0.5] [--lang de]

Each game's position after 30 random plies (seed 1), every aid on, ten squares lit as targets: what the
worker draws for every snapshot it sends the page (Pyodide runs it about 2.5x slower). Prints one line
per game and the sum over the ten games."""
import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "py"))

from spielkiste.registry import GAMES  # noqa: E402
from spielkiste_web import svg  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=0.5, help="per game")
    ap.add_argument("--lang", default="de")
    args = ap.parse_args()
    total = 0.0
    for gid, cls in GAMES.items():
        rng, state = random.Random(1), cls.new({})
        for _ in range(30):
            if state.result is not None:
                break
            state.play(rng.choice(state.legal_moves()))
        view = state.view(frozenset(state.aids))
        targets = [c.id for c in view.cells][:10]
        n, t0 = 0, time.perf_counter()
        while time.perf_counter() - t0 < args.seconds:
            svg.render(view, args.lang, targets=targets)
            n += 1
        ms = (time.perf_counter() - t0) / n * 1000
        total += ms
        print(f"{gid:12s} {ms:6.2f} ms  ({len(view.cells)} squares)")
    print(f"{'sum':12s} {total:6.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
