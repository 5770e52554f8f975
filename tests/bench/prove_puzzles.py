#!/usr/bin/env python3
"""Prove every shipped puzzle by two routes (issue 52) and print, per game, how many are shipped, proven
by both, and their depths; tests/test_puzzle_proofs.py runs a sample of this in the test suite.

  python tests/bench/prove_puzzles.py [GAME ...] [--openspiel] [--defence N] [--above ID]

Route 1 is the project's prover (puzzles.verify: the same kind, depth, line and replies again). Route 2 is
tests/second_prover.py (written apart from it) for every 'win'; with --openspiel also OpenSpiel's
alpha_beta_search through spielkiste.openspiel where the game alternates one move a turn and is zero-sum
(minutes for Weltreich's and Blockade's deeper wins). A 'defend' puzzle is checked by both for what it
claims (its answer is the only move after which the opponent cannot force a win within 3, and every other
loses within its depth); with --defence N the second prover also says after how many answers the opponent
still forces a win within N of its moves (the issue's 58 of 107 before defences were proven)."""
import argparse
import os
import sys
import time
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "py"))
sys.path.insert(0, os.path.dirname(HERE))

from second_prover import SecondProver, check_defence, check_win  # noqa: E402
from spielkiste import puzzles  # noqa: E402
from spielkiste.puzzles.proof import after  # noqa: E402

ALTERNATING = ("drei", "aufstellen", "weltreich", "blockade", "snorkels")   # two players, one move a turn


def openspiel_wins(p: puzzles.Puzzle) -> bool:
    """The answer, and no other first move, wins within the depth by OpenSpiel's alpha_beta_search; none sooner."""
    import pyspiel
    import spielkiste.openspiel  # noqa: F401
    from open_spiel.python.algorithms.minimax import alpha_beta_search
    game = pyspiel.load_game("spielkiste_" + p.game)
    root = game.new_initial_state(p.state())

    def wins_within(action: int, n: int) -> bool:
        s = root.clone()
        s.apply_action(action)
        if s.is_terminal() or n < 2:
            return bool(s.is_terminal() and s.player_return(p.seat) == 1.0)
        v, _ = alpha_beta_search(game, s, value_function=lambda _: 0.0, maximum_depth=2 * n - 2,
                                 maximizing_player_id=p.seat)
        return bool(v == 1.0)

    actions = root.legal_actions()
    won = [a for a in actions if wins_within(a, p.depth)]
    return won == [root.string_to_action(p.line[0])] and (p.depth == 1 or not any(
        wins_within(a, p.depth - 1) for a in actions))


def opponent_forces(p: puzzles.Puzzle, most: int) -> int | None:
    """After a defence's answer, the fewest moves within which the opponent forces a win (None: not within most)."""
    s = after(p.state(), p.state().parse_move(p.line[0]))
    if s.result is not None or s.to_move == p.seat:
        return None
    prover = SecondProver(s.to_move)
    for n in range(1, most + 1):
        if any(prover.move_wins(s, m, n) for m in s.legal_moves()):
            return n
    return None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*")
    ap.add_argument("--openspiel", action="store_true")
    ap.add_argument("--defence", type=int, default=0)
    ap.add_argument("--above", type=int, default=0, help="only the puzzles with a higher id (the newly mined)")
    args = ap.parse_args()
    for game in args.games or puzzles.GAMES:
        t0 = time.perf_counter()
        shipped = [p for p in puzzles.load(game) if p.id > args.above]
        both, wrong, by_os, forced = 0, [], 0, Counter()
        for p in shipped:
            first = puzzles.verify(p)
            second = (check_win(p.state(), p.seat, p.depth, p.line) if p.kind == "win"
                      else check_defence(p.state(), p.seat, p.depth, p.line[0])) == []
            if first and second:
                both += 1
            else:
                wrong.append((p.id, first, second))
            if args.openspiel and p.kind == "win" and game in ALTERNATING:
                by_os += openspiel_wins(p)
            if args.defence and p.kind == "defend":
                forced[opponent_forces(p, args.defence)] += 1
        depths = Counter((p.kind, p.depth) for p in shipped)
        spread = ", ".join(f"{k} {d}: {n}" for (k, d), n in sorted(depths.items()))
        line = f"{game}: {len(shipped)} shipped, {both} proven by both routes ({spread})"
        if args.openspiel and game in ALTERNATING:
            line += f", {by_os} wins by OpenSpiel too"
        if args.defence:
            line += f"; defences, the opponent's forced win after the answer within {args.defence}: {dict(forced)}"
        print(f"{line}; wrong {wrong}; {time.perf_counter() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
