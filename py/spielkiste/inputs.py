"""How clicks become moves, for every game alike.

Each legal move is entered as a path of squares clicked in order, plus a choice when several
moves share that path (a reserve piece's shape) or a button when the path is empty (pie swap,
'stop here'). This module matches clicks against those paths; the page only draws what it says."""
from .engine import Move, State


class Clicks:
    def __init__(self, state: State) -> None:
        self.entries = [(tuple(p), c, m) for m in state.legal_moves() for p, c in [state.move_input(m)]]
        self.prefix: tuple[str, ...] = ()

    def buttons(self) -> list[tuple[str, Move]]:
        """Moves entered without a square, as (choice key, move)."""
        return [(c or "", m) for p, c, m in self.entries if not p]

    def targets(self) -> set[str]:
        """Squares that continue the current prefix (or start a move when it is empty)."""
        n = len(self.prefix)
        return {p[n] for p, c, m in self.entries if len(p) > n and p[:n] == self.prefix}

    def starts(self) -> set[str]:
        return {p[0] for p, c, m in self.entries if p}

    def choices(self) -> list[tuple[str, Move]]:
        """Moves whose whole path is the prefix, as (choice key, move)."""
        return [(c or "", m) for p, c, m in self.entries if p and p == self.prefix]

    def click(self, cell: str) -> tuple[str, object]:
        """Returns ('move', move), ('choose', [(key, move)...]), ('select', prefix) or ('none', ())."""
        path = self.prefix + (cell,)
        if cell not in self.targets():
            if self.prefix and cell in self.starts():
                self.prefix = ()
                return self.click(cell)
            self.prefix = ()
            return "none", ()
        exact = [(c, m) for p, c, m in self.entries if p == path]
        longer = any(len(p) > len(path) and p[:len(path)] == path for p, c, m in self.entries)
        if len(exact) == 1 and not longer:
            self.prefix = ()
            return "move", exact[0][1]
        self.prefix = path
        if exact and not longer:
            return "choose", [(c or "", m) for c, m in exact]
        return "select", path

    def reset(self) -> None:
        self.prefix = ()
