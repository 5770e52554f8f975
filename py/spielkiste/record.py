"""A game record: a start position and the moves played from it, with a cursor for stepping
back and forth (undo/redo, clicking the move list: goto). python-chess's push/pop, for any game."""
from __future__ import annotations

from collections.abc import Mapping

from .codec import clip
from .engine import Move, State
from .errors import IllegalMove, SpielkisteError


class Record:
    def __init__(self, start: State, custom_start: bool = False):
        self.game = type(start)
        self.states: list[State] = [start]
        self.moves: list[str] = []
        self.cursor = 0
        self.custom_start = custom_start   # start is not the standard one for its options

    @classmethod
    def new(cls, game: type[State], options: Mapping[str, object] | None = None) -> Record:
        return cls(game.new(options))

    @classmethod
    def replay(cls, start: State, moves: list[str], custom_start: bool = False) -> "Record":
        """Replays move texts; IllegalMove names the first bad move by its number (1-based)."""
        rec = cls(start, custom_start)
        for i, text in enumerate(moves, 1):
            try:
                rec.play_text(text)
            except SpielkisteError as e:
                raise IllegalMove("err.link_move", number=i, text=clip(text)) from e
        return rec

    @property
    def start(self) -> State:
        return self.states[0]

    @property
    def current(self) -> State:
        return self.states[self.cursor]

    @property
    def at_end(self) -> bool:
        return self.cursor == len(self.moves)

    def play(self, move: Move) -> str:
        """Play a legal move at the cursor; moves after the cursor are dropped."""
        state = self.current.copy()
        text = state.move_text(move)
        state.play(move)
        del self.states[self.cursor + 1:]
        del self.moves[self.cursor:]
        self.states.append(state)
        self.moves.append(text)
        self.cursor += 1
        return text

    def play_text(self, text: str) -> str:
        return self.play(self.current.parse_move(text))

    def goto(self, ply: int) -> None:
        self.cursor = max(0, min(ply, len(self.moves)))

    def cut(self, ply: int) -> None:
        """Drop the moves after `ply` (a take-back) and show the position there."""
        self.goto(ply)
        del self.states[self.cursor + 1:]
        del self.moves[self.cursor:]
