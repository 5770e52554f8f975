"""How clicks become moves on the page: spielkiste.inputs.Clicks, ported to the snapshot's
`entries` so that picking up a piece needs no round trip to the engine's worker.

Each entry is [path (cells clicked in order), choice label ("" if none), move text]: the worker
lists every legal move that way; this module only matches clicks against those paths, exactly as
the engine's Clicks does (tests/test_page_clicks.py compares both on real positions of every
game). Pure Python that MicroPython and CPython both run: it imports nothing."""


class Clicks:
    def __init__(self, entries) -> None:
        self.entries = [(tuple(p), c or "", m) for p, c, m in entries]
        self.prefix: tuple = ()

    def buttons(self) -> list:
        """Moves entered without a square, as (choice label, move text)."""
        return [(c, m) for p, c, m in self.entries if not p]

    def targets(self) -> set:
        """Squares that continue the current prefix (or start a move when it is empty)."""
        n = len(self.prefix)
        return {p[n] for p, c, m in self.entries if len(p) > n and p[:n] == self.prefix}

    def starts(self) -> set:
        return {p[0] for p, c, m in self.entries if p}

    def choices(self) -> list:
        """Moves whose whole path is the prefix, as (choice label, move text)."""
        return [(c, m) for p, c, m in self.entries if p and p == self.prefix]

    def click(self, cell: str) -> tuple:
        """('move', move text), ('choose', [(label, move text)...]), ('select', prefix) or ('none', ())."""
        path = self.prefix + (cell,)
        if cell not in self.targets():
            if self.prefix and cell in self.starts():
                self.prefix = ()
                return self.click(cell)
            self.prefix = ()
            return "none", ()
        n = len(path)
        exact = [(c, m) for p, c, m in self.entries if p == path]
        longer = any(len(p) > n and p[:n] == path for p, c, m in self.entries)
        if len(exact) == 1 and not longer:
            self.prefix = ()
            return "move", exact[0][1]
        self.prefix = path
        if exact and not longer:
            return "choose", exact
        return "select", path

    def reset(self) -> None:
        self.prefix = ()
