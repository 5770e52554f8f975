"""Threats (issue 54, lichess's "show threat"): what the other side would do if it were its move.

The position is passed to the next seat of another side through the board editor's own reader
(spielkiste.editor: the side to move changed, the position read as a set-up position), so each
game decides whether that position can be: a turn in the middle of a choice (Das Tor's gate, a
bonus move) or a set-up phase is refused by its reader, and then no threat is shown. In the
passed position the threat is a move that wins at once (the search's first_win), else a move that
captures (move_words.captures, the move's sound); none of them is "no threat".

Pure Python, in the worker and under CPython."""
from __future__ import annotations

from dataclasses import dataclass

from spielkiste.ai.mcts import first_win
from spielkiste.editor import Editor
from spielkiste.engine import Move, State
from spielkiste.errors import SpielkisteError
from spielkiste.texts import add, t
from spielkiste_web import move_words, svg

add({
    "threat.wins": ("{player} can win on {square} next move: {move} ({result})",
                    "{player} kann im nächsten Zug auf {square} gewinnen: {move} ({result})"),
    "threat.captures": ("{player} can capture on {square} next move: {move}",
                        "{player} kann im nächsten Zug auf {square} schlagen: {move}"),
    "threat.none": ("No threat: {player} can neither win nor capture next move.",
                    "Keine Drohung: {player} kann im nächsten Zug weder gewinnen noch schlagen."),
    "threat.cannot": ("No threat shown here: in this position the turn cannot pass to another side.",
                      "Hier keine Drohung: in dieser Stellung kann der Zug nicht an eine andere Seite gehen."),
})


@dataclass
class Threat:
    """The other side's move if it were its turn: `kind` "wins" or "captures", the seat that
    threatens, the move, its squares (from the piece to the target) and the passed position."""
    kind: str
    seat: int
    move: Move
    squares: tuple[str, ...]
    passed: State


def threatener(state: State) -> int | None:
    """The next seat in turn order on another side than the one to move (None: one side only)."""
    n = state.num_players
    for k in range(1, n):
        seat = (state.to_move + k) % n
        if state.teams[seat] != state.teams[state.to_move]:
            return seat
    return None


def passed(state: State) -> State | None:
    """The position with the turn given to `threatener`: as the game's own reader accepts it; where
    the reader refuses it only because the turns alternate with the pieces placed (Snorkels,
    Blockade, Die Drei: the reader counts them), the same position with the other seat to move;
    None when the game is over, one side plays, or the other seat has no move then."""
    seat = threatener(state)
    if state.result is not None or seat is None:
        return None
    editor = Editor.of(state)
    editor.set_to_move(seat)
    try:
        other = editor.check()
    except SpielkisteError:
        other = state.copy()
        other.to_move, other.last = seat, None
    if other.result is not None or other.to_move != seat or not other.legal_moves():
        return None
    return other




def find(state: State) -> Threat | None | bool:
    """The threat against the side to move: a Threat; None when there is none; False when the
    turn cannot pass here (see `passed`)."""
    other = passed(state)
    if other is None:
        return False
    seat = other.to_move
    won = first_win(other)
    if won is not None:
        return Threat("wins", seat, won[0], other.move_input(won[0])[0], other)
    best: tuple[int, Move] | None = None
    mine = other.seat_colour(seat)
    others = move_words.count_others(other.view().pieces, mine)      # a capture: fewer of them after
    for move in other.legal_moves():
        after = other.copy()
        after.play(move)
        took = others - move_words.count_others(after.view().pieces, mine)
        if took > 0 and (best is None or took > best[0]):
            best = (took, move)
    if best is None:
        return None
    return Threat("captures", seat, best[1], other.move_input(best[1])[0], other)


def words(state: State, threat: Threat | None | bool, lang: str) -> str:
    """The threat in a sentence of `lang` ("Red can capture on E5 next move: D4-E5")."""
    if threat is False or threat is True:
        return t("threat.cannot", lang)
    if threat is None:
        seat = threatener(state)
        return t("threat.none", lang, player=t("colour." + state.seat_colour(seat if seat is not None else 0), lang))
    other = threat.passed
    player = t("colour." + other.seat_colour(threat.seat), lang)
    square = threat.squares[-1] if threat.squares else ""
    text = other.move_text(threat.move)
    if threat.kind == "wins":
        after = other.copy()
        after.play(threat.move)
        res = after.outcome()
        result = res.message(lang).rstrip(".") if res is not None else ""
        return t("threat.wins", lang, player=player, square=square, move=text, result=result)
    return t("threat.captures", lang, player=player, square=square, move=text)


def arrow(state: State, threat: Threat | None | bool) -> str:
    """The threat's arrow (SVG markup, the hint's shape) on `state`'s board, or ""."""
    if not isinstance(threat, Threat):
        return ""
    view = state.view()
    centre = {c.id: (c.x + c.w / 2, c.y + c.h / 2) for c in view.cells}
    return svg.hint_arrow(threat.squares, centre).replace('class="hint-', 'class="threat-')
