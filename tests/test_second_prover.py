"""The second prover (tests/second_prover.py) is cheap enough for Weltreich's deep wins and still rejects
every wrong claim (issue 52). It used to play every move of every position it looked at before deciding
any (a Weltreich position has 100-160), and to tell a position it had met by another way apart by the way
there even where only a win at once was asked: 4-24 minutes per win in 3 on a loaded machine. Now it
stops at the first move that decides, tries first the moves that decided before, and remembers whether
the seat wins at once by the position alone."""
import pytest

from spielkiste import puzzles
from spielkiste.engine import State
from second_prover import SecondProver, check_win

# Weltreich's wins in 2 with the smallest ids: the second prover played 1,192,917 positions to decide
# every first move of the five, before it stopped at the first move that decides
WINS_IN_2 = (27, 28, 29, 30, 31)
WIN_IN_3 = 112                  # 9,781,397 positions for check_win before, 988,856 after


def weltreich(pid: int) -> puzzles.Puzzle:
    return puzzles.get("weltreich", pid)


def winners(prover: SecondProver, s: State, depth: int) -> list[str]:
    return [s.move_text(m) for m in s.legal_moves() if prover.move_wins(s, m, depth)]


def test_the_second_prover_decides_weltreichs_wins_in_2_with_few_positions() -> None:
    played = 0
    for pid in WINS_IN_2:
        p = weltreich(pid)
        prover = SecondProver(p.seat)
        assert p.depth == 2 and winners(prover, p.state(), 2) == [p.line[0]], pid
        played += prover.positions
    assert played < 300_000, played


def test_the_second_prover_still_rejects_wrong_claims() -> None:
    """Two of Weltreich's wins in 2, changed: another first move (three of them), the win claimed in 1, a
    later move of the seat that does not win; and three of its wins in 1 claimed in 2."""
    for pid in WINS_IN_2[:2]:
        p = weltreich(pid)
        s = p.state()
        assert check_win(s, p.seat, 2, p.line) == [], pid
        moves = [s.move_text(m) for m in s.legal_moves() if s.move_text(m) != p.line[0]]
        for other in (moves[0], moves[len(moves) // 2], moves[-1]):
            assert f"move 1 ({other}) does not win within 2" in check_win(s, p.seat, 2, (other,)), pid
        assert check_win(s, p.seat, 1, p.line[:1]), pid
        t = s.copy()
        t.push_text(p.line[0])
        t.push_text(p.line[1])
        quiet = next(t.move_text(m) for m in t.legal_moves() if not SecondProver(p.seat).move_wins(t, m, 1))
        assert f"move 3 ({quiet}) does not win within 1" in check_win(s, p.seat, 2, (*p.line[:2], quiet)), pid
    for p in [p for p in puzzles.load("weltreich") if p.depth == 1][:3]:
        assert check_win(p.state(), p.seat, 1, p.line) == [], p.id
        assert "a win in fewer than 2 exists" in check_win(p.state(), p.seat, 2, p.line), p.id


def test_a_defence_that_is_not_the_longest_is_rejected() -> None:
    """A Weltreich win in 3 whose defender has replies that lose in 1 and others in 2: the line with
    one of the quicker replies is not the longest defence."""
    p = weltreich(WIN_IN_3)
    s = p.state()
    s.push_text(p.line[0])
    prover = SecondProver(p.seat)
    quick = next(s.move_text(r) for r in s.legal_moves() if prover.fewest(s, r, 2, seat_moves=False) == 1)
    assert f"move 1 ({quick}) is not the longest defence" in check_win(s, p.seat, 2, (quick,))


@pytest.mark.data_proof
def test_the_second_prover_proves_a_weltreich_win_in_3_with_few_positions() -> None:
    p = weltreich(WIN_IN_3)
    s = p.state()
    prover = SecondProver(p.seat)
    assert winners(prover, s, 3) == [p.line[0]]
    assert not any(prover.move_wins(s, m, 2) for m in s.legal_moves())
    assert prover.positions < 2_500_000, prover.positions
    assert check_win(s, p.seat, 3, p.line) == []
