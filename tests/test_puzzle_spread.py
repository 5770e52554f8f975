"""Each game's puzzles have a spread of difficulty (issue 52): at least 60, at least a quarter at depth 3
(a win in 3 of the mover's moves, or a defence whose slowest wrong move loses in 3), and Weltreich's
wins in one, once two thirds of its set, fewer than half. Counted from the shipped files; that each
puzzle is what it claims is proven in test_puzzles.py, test_puzzle_proofs.py and test_puzzle_defence.py.
Ids stay links: a kept puzzle keeps its id, a new one is numbered above every id shipped before."""
import pytest

from spielkiste import puzzles

MINIMUM = 60
# the highest id each game had shipped before the deep puzzles of this change were added
SHIPPED_BEFORE = {"blockade": 93, "tor": 65, "weltreich": 99}


@pytest.mark.parametrize("game", puzzles.GAMES)
def test_a_quarter_of_each_games_puzzles_is_deep(game: str) -> None:
    shipped = puzzles.load(game)
    deep = [p for p in shipped if p.depth >= 3]
    assert len(shipped) >= MINIMUM, (game, len(shipped))
    assert 4 * len(deep) >= len(shipped), (game, len(deep), len(shipped))


def test_weltreich_is_not_mostly_wins_in_one() -> None:
    shipped = puzzles.load("weltreich")
    at_once = [p for p in shipped if p.kind == "win" and p.depth == 1]
    assert len(shipped) >= MINIMUM and 2 * len(at_once) < len(shipped), (len(at_once), len(shipped))


@pytest.mark.parametrize("game", sorted(SHIPPED_BEFORE))
def test_new_puzzles_read_ahead_and_have_new_ids(game: str) -> None:
    """Puzzles numbered above the old highest id are this change's: wins in 3 (Weltreich: in 2 or 3)."""
    new = [p for p in puzzles.load(game) if p.id > SHIPPED_BEFORE[game]]
    least = 2 if game == "weltreich" else 3
    assert new and all(p.depth >= least for p in new), (game, [(p.id, p.depth) for p in new if p.depth < least])
