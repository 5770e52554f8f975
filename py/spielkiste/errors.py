"""Typed errors for bad input. Each carries a text key and arguments so the page can show
it in the player's language; str(error) is the English message."""


class SpielkisteError(ValueError):
    """Base of every error caused by input (a move, a position code, a link, an option).

    `cells` are the squares at fault where there are such (the board editor marks them)."""

    cells: tuple[str, ...] = ()

    def __init__(self, key: str, **args: object):
        from .texts import t
        self.key = key
        self.params = args
        super().__init__(t(key, "en", **args))

    def at(self, *cells: str) -> "SpielkisteError":
        """The same error, naming the squares at fault: `raise BadPosition(...).at("D4")`."""
        self.cells = tuple(cells)
        return self

    def message(self, lang: str) -> str:
        from .texts import t
        return t(self.key, lang, **self.params)


class BadMove(SpielkisteError):
    """The text is not a move in this game's notation."""


class IllegalMove(SpielkisteError):
    """A well-formed move that the rules do not allow here."""


class BadPosition(SpielkisteError):
    """A position code that is unreadable, of another version, or describes no legal position."""


class BadOption(SpielkisteError):
    """An option name or value the game does not know."""


class BadLink(SpielkisteError):
    """A link (URL fragment) that cannot be read."""
