#!/usr/bin/env python3
"""Die Drei's opening values: writes py/spielkiste/games/drei_book.py.

  python tests/bench/drei_book.py        # about 15 s of CPU in CPython

The exact solver (drei_solver.py) decides a position two pawns in within a fraction of a second, but
the search's first two moves need the values of every position one or two pawns further, more than a
move's budget (a reply to the first pawn lost drawn games at 0.3 s a move: issue 53). This solves
every legal position after the first two pawns on the standard board once, with one table (the
solver's own positions, without the continuation or the troika), and stores each value for White,
who is to move there: '+' win, '=' draw, '-' loss, '.' no such position (the second pawn is not
where the first attacks, or it is forbidden)."""
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "py"))

from spielkiste.games.drei import Drei  # noqa: E402
from spielkiste.games.drei_board import SIZE  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.dirname(HERE)), "py", "spielkiste", "games", "drei_book.py")
CHAR = {1.0: "+", 0.5: "=", 0.0: "-"}


def book() -> tuple[tuple[int, ...], str]:
    """(the standard board's colours, the 64 x 64 values: index first pawn * 64 + second pawn)."""
    start = Drei.new()
    table: dict = {}
    values = ["."] * (SIZE * SIZE)
    for w in start.legal_moves():
        s1 = start.copy()
        s1.play(w)
        for b in s1.legal_moves():
            s2 = s1.copy()
            s2.play(b)
            if s2.result is not None:             # the game over two pawns in: not reached
                continue
            rewards = s2.solve_live(None, table)
            values[w * SIZE + b] = CHAR[rewards[0]]
    return start.colours, "".join(values)


def main() -> int:
    t0 = time.process_time()
    colours, values = book()
    rows = [values[i:i + SIZE] for i in range(0, len(values), SIZE)]
    with open(OUT, "w") as f:
        f.write('"""Die Drei\'s opening values, written by tests/bench/drei_book.py (do not edit): the value for\n'
                "White of every position after the first two pawns on the standard board (COLOURS), index\n"
                "first pawn * 64 + second pawn: '+' White wins, '=' draw, '-' White loses, '.' not a position\n"
                'of the game. Without the continuation and the troika; drei.Drei.solve() reads it."""\n')
        f.write("COLOURS = (\n" + "".join(f"    {', '.join(map(str, colours[i:i + 16]))},\n"
                                          for i in range(0, len(colours), 16)) + ")\n")
        f.write("VALUES = (\n" + "".join(f'    "{r}"\n' for r in rows) + ")\n")
    print(f"{values.count('+')} won, {values.count('=')} drawn, {values.count('-')} lost for White; "
          f"{time.process_time() - t0:.0f} s CPU -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
