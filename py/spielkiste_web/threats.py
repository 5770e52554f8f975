"""Threats (issue 54, lichess's "show threat"): what the other side would do if it were its move.

The position is passed to the next seat of another side through the board editor's own reader
(spielkiste.editor: the side to move changed, the position read as a set-up position), so each
game decides whether that position can be: a turn in the middle of a choice (Das Tor's gate, a
bonus move) or a set-up phase is refused by its reader, and then no threat is shown. In the
passed position the threat is a move that wins at once (the search's first_win), else, in games
that capture, a move that captures (move_words.captures, the move's sound); none of them is "no
threat".

Where a move limits what the next player may do (State.move_shapes_reply: Die Drei, Surikata,
Aufstellen) the passed position is a fiction: it offered Die Drei's Black a square no White move
lets it take, and missed Aufstellen's walled-in cylinder. There the threat is the other side's
win at once after the player's own moves, told where it follows at least half of them.

Pure Python, in the worker and under CPython."""
from __future__ import annotations

from dataclasses import dataclass

from spielkiste.ai.mcts import first_win
from spielkiste.editor import Editor
from spielkiste.engine import Move, State, after
from spielkiste.errors import SpielkisteError
from spielkiste.texts import add, t
from spielkiste_web import move_words, svg

add({
    "threat.wins": ("{player} can win on {square} next move: {move} ({result})",
                    "{player} kann im nächsten Zug auf {square} gewinnen: {move} ({result})"),
    "threat.captures": ("{player} can capture on {square} next move: {move}",
                        "{player} kann im nächsten Zug auf {square} schlagen: {move}"),
    "threat.after": ("{player} can win next move after {count} of {mover}'s {total} moves, as after {mine}: "
                     "{move} ({result})",
                     "{player} kann nach {count} der {total} Züge von {mover} im nächsten Zug gewinnen, so nach "
                     "{mine}: {move} ({result})"),
    "threat.always": ("Whatever {mover} plays, {player} can win next move, as after {mine}: {move} ({result})",
                      "Was {mover} auch zieht, {player} kann im nächsten Zug gewinnen, so nach {mine}: {move} "
                      "({result})"),
    "threat.none": ("No threat: {player} can neither win nor capture next move.",
                    "Keine Drohung: {player} kann im nächsten Zug weder gewinnen noch schlagen."),
    "threat.none_win": ("No threat: {player} cannot win next move.",
                        "Keine Drohung: {player} kann im nächsten Zug nicht gewinnen."),
    "threat.cannot": ("No threat shown here: in this position the turn cannot pass to another side.",
                      "Hier keine Drohung: in dieser Stellung kann der Zug nicht an eine andere Seite gehen."),
})


@dataclass
class Threat:
    """The other side's move if it were its turn: `kind` "wins" or "captures", the seat that
    threatens, the move, its squares (from the piece to the target) and the passed position.
    Where the move shapes the reply (kind "after"): `passed` is the position after the player's
    move `mine`, one of the `count` of its `total` moves that let the other side win at once."""
    kind: str
    seat: int
    move: Move
    squares: tuple[str, ...]
    passed: State
    mine: Move | None = None
    count: int = 0
    total: int = 0


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




def after_moves(state: State) -> Threat | None | bool:
    """Where the move shapes the reply: the other side's win at once after the player's moves (the
    first such move's), a Threat where it follows at least half of them, else None; False where
    the next turn is no other side's."""
    seat = threatener(state)
    if state.result is not None or seat is None:
        return False
    moves = state.legal_moves()
    allowing = []
    for move in moves:
        nxt = after(state, move)
        if nxt.result is None and nxt.to_move == seat and (won := first_win(nxt)) is not None:
            allowing.append((move, won[0], nxt))
    if not allowing or 2 * len(allowing) < len(moves):
        return None
    mine, reply, nxt = allowing[0]
    return Threat("after", seat, reply, nxt.move_input(reply)[0], nxt, mine, len(allowing), len(moves))


def find(state: State) -> Threat | None | bool:
    """The threat against the side to move: a Threat; None when there is none; False when the
    turn cannot pass here (see `passed`)."""
    if state.move_shapes_reply:
        return after_moves(state)
    other = passed(state)
    if other is None:
        return False
    seat = other.to_move
    won = first_win(other)
    if won is not None:
        return Threat("wins", seat, won[0], other.move_input(won[0])[0], other)
    if not other.takes_pieces:
        return None
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
        return t("threat.none" if state.takes_pieces else "threat.none_win", lang,
                 player=t("colour." + state.seat_colour(seat if seat is not None else 0), lang))
    other = threat.passed
    player = t("colour." + other.seat_colour(threat.seat), lang)
    square = threat.squares[-1] if threat.squares else ""
    text = other.move_text(threat.move)
    if threat.kind in ("wins", "after"):
        res = after(other, threat.move).outcome()
        result = res.message(lang).rstrip(".") if res is not None else ""
        if threat.kind == "after":
            mover = t("colour." + state.seat_colour(state.to_move), lang)
            return t("threat.always" if threat.count == threat.total else "threat.after", lang, player=player,
                     mover=mover, count=threat.count, total=threat.total, mine=state.move_text(threat.mine),
                     move=text, result=result)
        return t("threat.wins", lang, player=player, square=square, move=text, result=result)
    return t("threat.captures", lang, player=player, square=square, move=text)


def arrow(state: State, threat: Threat | None | bool) -> str:
    """The threat's arrow (SVG markup, the hint's shape) on `state`'s board, or ""."""
    if not isinstance(threat, Threat):
        return ""
    view = state.view()
    centre = {c.id: (c.x + c.w / 2, c.y + c.h / 2) for c in view.cells}
    return svg.hint_arrow(threat.squares, centre).replace('class="hint-', 'class="threat-')
