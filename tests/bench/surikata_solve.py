#!/usr/bin/env python3
"""How long Surikata's exact solver (surikata_solver.py) takes by the number of empty squares, in
the positions of real games: self-play at 0.1 s a move, each position solved afresh (an empty table;
in a game the search keeps its table, so later positions are faster). Chooses SOLVE_EMPTY.

  python tests/bench/surikata_solve.py --games 6 --max-empty 16    # about a minute in CPython"""
import argparse
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "py"))

from spielkiste.ai.mcts import Search  # noqa: E402
from spielkiste.games import surikata  # noqa: E402
from spielkiste.games.surikata import Surikata  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--max-empty", type=int, default=16)
    ap.add_argument("--seconds", type=float, default=0.1, help="the self-play search's time a move")
    args = ap.parse_args()
    times: dict[int, list[float]] = {}
    surikata.SOLVE_EMPTY = args.max_empty
    for g in range(args.games):
        s = Surikata.new()
        while s.result is None:
            empty = s.board.count(".")
            if not s.mounds_left and s.meerkat >= 0 and empty <= args.max_empty:
                t = time.perf_counter()
                value = s.solve(None, {})
                took = time.perf_counter() - t
                times.setdefault(empty, []).append(took)
                print(f"game {g} ply {s.ply}: {empty} empty, value {value[s.to_move]} for the mover, {took:.3f} s",
                      flush=True)
            search = Search(s.copy(), seed=g * 1000 + s.ply)
            search.run(seconds=args.seconds)
            s.play(search.best_move())
    print(f"{'empty':>6}{'positions':>10}{'median s':>10}{'max s':>8}")
    for empty in sorted(times, reverse=True):
        t = times[empty]
        print(f"{empty:>6}{len(t):>10}{statistics.median(t):>10.3f}{max(t):>8.3f}")


if __name__ == "__main__":
    main()
