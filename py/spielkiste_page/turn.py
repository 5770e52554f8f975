"""Whose turn the page is busy with, as one small state machine a test can name and drive (pure
Python: MicroPython runs it on the page, CPython in tests/test_page_turn.py).

States: "idle" (nothing on its way: a human may move), "playing" (a human's move is on its way to
the worker), "thinking" (the computer's search runs in slices), "stopping" ("Move now": the next
slice asks for the move; a worker that hangs is replaced and the best move so far is played),
"failed" (the computer's search was set aside or the engine failed: the page offers the ways out).

`token` names the search whose answers are heard: it changes whenever a search in progress must
end unheard (another position, a seat made human, a room), and a hint's or the evaluation's search
takes a token of its own."""

BUSY = ("playing", "thinking", "stopping")


class Turn:
    def __init__(self) -> None:
        self.state = "idle"
        self.token = 0
        self.best: str | None = None     # the computer's best move so far, from its last slice
        self.where: str | None = None    # the position (its link) of the computer's turn

    @property
    def thinking(self) -> bool:
        return self.state in ("thinking", "stopping")

    @property
    def busy(self) -> bool:
        """A move is on its way or the computer thinks: the board takes no move."""
        return self.state in BUSY

    def begin(self, where: str) -> int | None:
        """The computer's turn in the position `where` starts: its search's token; None while a
        move is on its way or the computer thinks, or when its search there was set aside."""
        if self.busy or (self.state == "failed" and self.where == where):
            return None
        self.state, self.where, self.best = "thinking", where, None
        self.token += 1
        return self.token

    def current(self, token: int) -> bool:
        """Are the answers of the search `token` still heard?"""
        return token == self.token

    def progress(self, token: int, move) -> None:
        """A slice of the computer's search answered: its best move so far."""
        if token == self.token and self.thinking and move:
            self.best = str(move)

    def stop(self) -> bool:
        """ "Move now": True if the computer was thinking (the search is to end now)."""
        if self.state != "thinking":
            return False
        self.state = "stopping"
        return True

    @property
    def stopping(self) -> bool:
        return self.state == "stopping"

    def searched(self, token: int) -> bool:
        """The computer's search ended with its move (on its way now, as the computer's): True if
        that search is still heard."""
        if token != self.token or not self.thinking:
            return False
        self.state = "idle"
        return True

    def fail(self, token: int) -> bool:
        """The computer's search was set aside or the engine failed: True if that search was heard
        (the page then offers the ways out)."""
        if token != self.token or not self.thinking:
            return False
        self.state = "failed"
        self.token += 1
        return True

    def play(self) -> bool:
        """A human's move goes to the worker: False while another move is on its way or the
        computer thinks."""
        if self.busy:
            return False
        self.state = "playing"
        return True

    def played(self) -> None:
        """The human's move was answered (played, refused or lost)."""
        if self.state == "playing":
            self.state = "idle"

    def cancel(self) -> bool:
        """The computer's search (or a failed turn) ends: another position is shown, its seat is
        human now, a room took the board. True if the computer was thinking. A human's move on
        its way stays on its way."""
        was = self.thinking
        if self.state != "playing":
            self.state = "idle"
        self.token += 1
        return was

    def other_search(self) -> int:
        """A hint's or the evaluation's search (a human to move): it ends any other such search."""
        self.token += 1
        return self.token
