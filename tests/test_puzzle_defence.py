"""Defence puzzles proven, and no puzzle found without reading ahead (issue 52). A 'defend' puzzle's
answer is the only move after which the opponent cannot force a win within proof.HOLD of its moves,
by the project's prover and by the second one (tests/second_prover.py); the page says no more than
that. No puzzle's answer is the only legal capture or the only move that does not lose at once
(proof.obvious), checked again here by a second route: the pieces the board view draws, the second
prover's wins at once."""
import pytest

from spielkiste import puzzles
from spielkiste.engine import Move, State
from spielkiste.puzzles.proof import HOLD, Prover, analyse, holding, obvious
from spielkiste.registry import get_game
from spielkiste_web.session import Session
from second_prover import SecondProver, check_defence

# shipped before as "find the only move that does not lose", with the answer: the opponent still wins
# in 2 after Surikata's D1; Aufstellen's K5 holds, but every other move loses at once (found at a glance)
DELAYS = ("surikata", "1::OMW1O/OW1MM/2WOW/OWMMO/1WOWO;1;0;D3", "D1")
AT_A_GLANCE = ("aufstellen", "2::4/cbB1/3r/1s1R;6;H5;", "K5")
ONLY_CAPTURE = "2::b1bb8/1cc4b4/4c6b/b11/10s1/12/12/12/c4r6/B3r4r2/7Rs2s/6r1rrs1;1;A2-A10;;21"


def test_a_defence_that_only_delays_the_loss_is_no_puzzle() -> None:
    game, code, answer = DELAYS
    s = get_game(game).decode(code)
    found = analyse(s, HOLD)
    assert found is None or found.kind != "defend"
    assert Prover(1 - s.to_move).reply_depth(s, s.parse_move(answer), HOLD) == 2
    assert check_defence(s, s.to_move, 1, answer) == [f"after {answer} the opponent wins within 2"]


def test_a_proven_defence_found_at_a_glance_is_not_shipped() -> None:
    game, code, answer = AT_A_GLANCE
    s = get_game(game).decode(code)
    found = holding(s)
    assert found is not None and found.depth == 1 and s.move_text(found.line[0]) == answer
    assert check_defence(s, s.to_move, 1, answer) == []
    assert obvious(s, found.line[0])
    assert code not in {p.position for p in puzzles.load(game)}


def shipped_defences() -> list[puzzles.Puzzle]:
    return [p for g in puzzles.GAMES for p in puzzles.load(g) if p.kind == "defend"]


def test_shipped_defences_read_ahead() -> None:
    """Every defence needs reading: some wrong move does not lose at once (depth 2 or more)."""
    found = shipped_defences()
    assert found
    assert all(p.depth >= 2 for p in found), [(p.game, p.id) for p in found if p.depth < 2]


@pytest.mark.data_proof
@pytest.mark.parametrize("game", puzzles.GAMES)
def test_defences_hold_by_both_provers(game: str) -> None:
    for p in [p for p in puzzles.load(game) if p.kind == "defend"]:
        assert puzzles.verify(p), (game, p.id)
        assert check_defence(p.state(), p.seat, p.depth, p.line[0]) == [], (game, p.id)


def test_a_defences_wrong_move_shows_the_opponents_forced_win() -> None:
    """The slowest wrong move of a shipped defence: the opponent's reply starts a win it forces in the
    puzzle's depth (the second prover agrees), and the page says so, in both languages."""
    p = next(p for p in shipped_defences() if p.game == "drei")
    s = p.state()
    second = SecondProver(1 - p.seat)
    slowest = next(m for m in s.legal_moves() if s.move_text(m) != p.line[0]
                   and second.fewest(s, m, HOLD, seat_moves=False) == p.depth)
    wrong = s.move_text(slowest)
    found = puzzles.refutation(p, [], wrong)
    assert found is not None and found.outcome is None and found.forced == p.depth and len(found.replies) == 1
    t = s.copy()
    t.push_text(wrong)
    reply = t.parse_move(found.replies[0])
    assert second.move_wins(t, reply, p.depth) and not second.move_wins(t, reply, p.depth - 1)
    en, de = {"white": ("White", "Weiß"), "black": ("Black", "Schwarz")}[s.seat_colour(1 - p.seat)]
    for lang, task, verdict in (
            ("en", "to move: find the only move after which the opponent cannot force a win in 3 moves",
             f"{wrong} is met by {found.replies[0]}, and {en} forces a win in {p.depth} moves."),
            ("de", "zieht: Finde den einzigen Zug, nach dem der Gegner keinen Sieg in 3 Zügen erzwingen kann",
             f"Auf {wrong} folgt {found.replies[0]}, und {de} erzwingt den Sieg in {p.depth} Zügen.")):
        session = Session(lang)
        a = session.handle({"op": "puzzle_open", "game": "drei", "puzzle": p.id})
        assert a["task"].endswith(task), a["task"]
        a = session.handle({"op": "puzzle_move", "move": wrong})
        assert a["state"] == "failed" and a["verdict"].startswith(verdict), a["verdict"]


def pieces(s: State) -> int:
    return len(s.view().pieces)


def found_at_a_glance(s: State, answer: Move) -> bool:
    """The second route to proof.obvious: the board view's pieces, the second prover's wins at once."""
    moves = s.legal_moves()
    opponent = SecondProver(1 - s.to_move)
    safe = [m for m in moves if opponent.fewest(s, m, 1, seat_moves=False) is None]
    return safe == [answer] or [m for m in moves if pieces(_after(s, m)) < pieces(s)] == [answer]


def _after(s: State, m: Move) -> State:
    t = s.copy()
    t.play(m)
    return t


def test_obvious_names_the_only_capture_and_the_only_safe_move() -> None:
    """Weltreich's puzzle 9 as shipped before: its answer E10xA10 was the only capture."""
    s = get_game("weltreich").decode(ONLY_CAPTURE)
    m = s.parse_move("E10xA10")
    assert obvious(s, m) and found_at_a_glance(s, m)
    game, code, answer = AT_A_GLANCE
    s = get_game(game).decode(code)
    assert obvious(s, s.parse_move(answer)) and found_at_a_glance(s, s.parse_move(answer))


@pytest.mark.parametrize("game", puzzles.GAMES)
def test_no_answer_is_found_at_a_glance(game: str) -> None:
    for p in puzzles.load(game):
        s = p.state()
        assert not obvious(s, s.parse_move(p.line[0])), (game, p.id)


@pytest.mark.data_proof
@pytest.mark.parametrize("game", puzzles.GAMES)
def test_no_answer_is_found_at_a_glance_by_a_second_route(game: str) -> None:
    for p in puzzles.load(game):
        s = p.state()
        assert not found_at_a_glance(s, s.parse_move(p.line[0])), (game, p.id)
