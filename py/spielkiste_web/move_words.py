"""What a move does, in words (issue 54: a hint that says more than "Hint: K2-L2"): read off the
move's own events, the ones the page already plays and announces, so it knows no rule of any game:

- the game's end it brings (the outcome after it: a win for the mover, a draw, a loss);
- a capture (another seat's piece left the board: the same test as the move's sound, `captures`);
- the game's own notes that the move brings up (Das Tor's "Gate! B2 opens for Green.", a
  Weltreich commander crowned, a player out): a view note whose key was not there before;
- a block: the seat that moves next could win at once after most of the mover's moves (the game's
  own `winning_moves`), but not after this one.

Pure Python, in the worker and under CPython."""
from __future__ import annotations

from spielkiste.engine import Move, State
from spielkiste.texts import add, t
from spielkiste.view import Piece
from spielkiste_web import ui_texts  # noqa: F401  (ui.hint_is)

add({
    "move.wins": ("This move wins ({result})", "Dieser Zug gewinnt ({result})"),
    "move.draws": ("This move ends the game in a draw ({result})",
                   "Dieser Zug beendet die Partie unentschieden ({result})"),
    "move.ends": ("This move ends the game ({result})", "Dieser Zug beendet die Partie ({result})"),
    "move.captures": ("This move captures", "Dieser Zug schlägt"),
    "move.blocks": ("This move stops {player} from winning next move",
                    "Dieser Zug verhindert, dass {player} im nächsten Zug gewinnt"),
    "ui.hint_does": ("Hint: {move}. {what}.", "Tipp: {move}. {what}."),
})

BLOCK_SHARE = 0.5        # a block: the next seat wins at once after at least this share of the mover's moves


def count_others(pieces: list[Piece], colour: str) -> int:
    """Pieces of any colour but the mover's (neutral blocks and mounds included)."""
    return sum(1 for p in pieces if p.colour != colour)


def captures(before: State, after: State, mover: int) -> bool:
    """Whether the move took another seat's piece (or any piece) off the board."""
    mine = after.seat_colour(mover)
    was, now = before.view().pieces, after.view().pieces
    return len(now) < len(was) or count_others(now, mine) < count_others(was, mine)


def lets_win(state: State, move: Move) -> bool | None:
    """Whether the seat that moves after `move` can then win at once (None: the game cannot say cheaply)."""
    after = state.copy()
    after.play(move)
    if after.result is not None:
        return False
    wins = after.winning_moves()
    return None if wins is None else bool(wins) and after.teams[after.to_move] != state.teams[state.to_move]


def blocks(state: State, move: Move) -> bool:
    """Whether `move` stops a win the next seat has after most of the other moves."""
    moves = state.legal_moves()
    if len(moves) < 2 or lets_win(state, move) is not False:
        return False
    losing = 0
    for m in moves:
        got = lets_win(state, m)
        if got is None:
            return False
        losing += got
    return losing >= BLOCK_SHARE * len(moves)


def describe(state: State, move: Move, lang: str) -> list[str]:
    """What `move` does in `state`, each a clause in `lang` (empty for a quiet move)."""
    mover = state.to_move
    after = state.copy()
    after.play(move)
    res = after.outcome()
    if res is not None:
        key = ("move.wins" if mover in res.winners else "move.draws" if not res.winners and res.rewards[mover] == 0.5
               else "move.ends")
        return [t(key, lang, result=res.message(lang).rstrip("."))]
    out = []
    if captures(state, after, mover):
        out.append(t("move.captures", lang))
    had = {key for key, _ in state.view().notes}
    for key, args in after.view().notes:
        if key not in had:
            out.append(t(key, lang, **args).rstrip("."))
    if blocks(state, move):
        nxt = after.to_move
        out.append(t("move.blocks", lang, player=t("colour." + after.seat_colour(nxt), lang)))
    return out


def hint_text(state: State, move: Move, lang: str) -> str:
    """The hint's words: the move, and what it does where that is a rule event."""
    text = state.move_text(move)
    what = describe(state, move, lang)
    return t("ui.hint_does", lang, move=text, what=". ".join(what)) if what else t("ui.hint_is", lang, move=text)
