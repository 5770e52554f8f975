"""The puzzles: every two-player game has its share, every puzzle's line plays through the engine to the
mover's win, the win-in-ones and the saving moves are proven again from scratch with a sample of the
deeper ones (the whole set is proven by tests/bench/mine_puzzles.py), the difficulty of a few is rated
again, and the checker the page asks judges right, wrong and illegal answers and plays the defence."""
from datetime import date

import pytest

from spielkiste import engine, puzzles
from spielkiste.games.negamax import Table
from spielkiste.registry import get_game

GAMES = puzzles.GAMES
MINIMUM = 60             # the goal per game
DEEP_SAMPLE = 4          # per game and depth 2 or 3: the puzzles with the smallest ids are proven again


def test_every_two_player_game_has_puzzles() -> None:
    for game in GAMES:
        assert 2 in get_game(game).player_counts
        assert len(puzzles.load(game)) >= MINIMUM, game
    assert puzzles.load("solitaire") == ()


@pytest.mark.parametrize("game", GAMES)
def test_lines_play_through(game: str) -> None:
    """Each line is legal from its position, ends in the mover's win (a 'win') or leaves the opponent
    no win at once (a 'defend': its one move), has `depth` moves of the mover (one fewer when the defender's last
    move, forced to lose, ends it) and as many `replies` counts as
    defender moves, each the number of its legal moves there."""
    seen = set()
    for p in puzzles.load(game):
        assert p.position not in seen, (game, p.id)
        seen.add(p.position)
        s = p.state()
        assert s.result is None and s.to_move == p.seat and s.seat_colour(p.seat) == p.colour, (game, p.id)
        assert len(s.legal_moves()) >= 3
        mover_moves, replies, last = 0, [], p.seat
        for text in p.line:
            last = s.to_move
            if last == p.seat:
                mover_moves += 1
            else:
                replies.append(len(s.legal_moves()))
            s.push_text(text)
        last_reply = last != p.seat       # the line ends with the defender's move: every one loses
        moves = 1 if p.kind == "defend" else p.depth - last_reply       # a defence's depth: the opponent's moves
        assert mover_moves == moves and tuple(replies) == p.replies, (game, p.id)
        if p.kind == "win":
            assert s.result is not None and s.result.rewards[p.seat] == 1.0, (game, p.id)
        else:
            assert s.result is None and not puzzles.proof.wins_at_once(s, every=True), (game, p.id)


@pytest.mark.data_proof
@pytest.mark.parametrize("game", GAMES)
def test_proven_again(game: str) -> None:
    """Every win in one and every saving move, and the first DEEP_SAMPLE wins in 2 and in 3, proven again:
    the same unique first move, depth, line and replies."""
    sample = [p for p in puzzles.load(game) if p.depth == 1]
    for depth in (2, 3):
        sample += sorted((p for p in puzzles.load(game) if p.depth == depth), key=lambda p: p.id)[:DEEP_SAMPLE]
    for p in sample:
        assert puzzles.verify(p), (game, p.id)


def test_a_changed_puzzle_is_not_proven() -> None:
    """A line whose first move is another one, or a win in 2 claimed as a win in 3, fails the proof."""
    p = next(p for p in puzzles.load("snorkels") if p.kind == "win" and p.depth == 2)
    other = next(m for m in p.state().legal_moves() if p.state().move_text(m) != p.line[0])
    wrong_move = puzzles.Puzzle(**{**p.__dict__, "line": (p.state().move_text(other), *p.line[1:])})
    assert not puzzles.verify(wrong_move)
    assert not puzzles.verify(puzzles.Puzzle(**{**p.__dict__, "depth": 3}))


@pytest.mark.data_proof
@pytest.mark.parametrize("game", GAMES)
def test_rated_again(game: str) -> None:
    """The difficulty is the search's own measure: the puzzle rated highest at up to 64 iterations
    (cheap to search again: some games have none), rated again, gets the same number (the search is seeded)."""
    for p in sorted((p for p in puzzles.load(game) if 0 < p.iterations <= 64), key=lambda p: -p.iterations)[:1]:
        assert puzzles.rate(p, p.state().parse_move(p.line[0])) == p.iterations, (game, p.id)


def test_every_level_is_there() -> None:
    assert {p.level for game in GAMES for p in puzzles.load(game)} == {1, 2, 3, 4}


def test_levels() -> None:
    assert [puzzles.level_of(n) for n in (0, 8, 9, 64, 65, 512, 513, puzzles.CAP)] == [1, 1, 2, 2, 3, 3, 4, 4]


@pytest.mark.parametrize("game", GAMES)
def test_checker_plays_the_line(game: str) -> None:
    """Played move by move through check(), each puzzle's line is right, the defence comes back as the
    replies, and the last move solves it; a legal move that is not in the line is wrong (the first
    move is the only one that wins, or saves), and a move that is no legal move is wrong too."""
    for p in puzzles.load(game)[:12]:
        played: list[str] = []
        while True:
            v = puzzles.check(p, played, p.line[len(played)])
            assert v.ok and v.move is not None, (game, p.id, played)
            played += [v.move, *v.replies]
            if v.solved:
                break
            assert len(played) < len(p.line)
        assert tuple(played) == p.line
        s = p.state()
        wrong = next(s.move_text(m) for m in s.legal_moves() if s.move_text(m).upper() != p.line[0].upper())
        assert puzzles.check(p, [], wrong) == puzzles.Verdict(False, False, wrong)
        assert puzzles.check(p, [], "Z99") == puzzles.Verdict(False, False)


def test_any_win_at_once_ends_a_puzzle() -> None:
    """At the mover's last move every move that wins at once is right, not only the line's."""
    for game in GAMES:
        for p in puzzles.load(game):
            if p.kind != "win" or p.depth < 2:
                continue
            played = list(p.line[:-1])
            s = puzzles.position(p, played)
            if s.to_move != p.seat:
                continue                # the defender's last move, every one of which loses (Surikata)
            wins = [s.move_text(m) for m in puzzles.proof.wins_at_once(s, every=True)]
            assert p.line[-1] in wins
            for text in wins:
                assert puzzles.check(p, played, text) == puzzles.Verdict(True, True, text), (game, p.id)


def test_positions_checks_the_line() -> None:
    p = next(p for p in puzzles.load("blockade") if len(p.line) > 1)
    with pytest.raises(ValueError):
        puzzles.position(p, [p.line[1]])


def test_daily_is_the_same_for_everyone() -> None:
    day = date(2026, 11, 27)
    assert puzzles.daily(day) == puzzles.daily(date.fromisoformat("2026-11-27"))
    assert puzzles.daily(day, "drei").game == "drei"
    month = {puzzles.daily(date(2026, 12, d)) for d in range(1, 32)}
    assert len(month) > 20 and len({p.game for p in month}) > 3


def test_get() -> None:
    p = puzzles.load("aufstellen")[0]
    assert puzzles.get("aufstellen", p.id) is p
    with pytest.raises(KeyError):
        puzzles.get("aufstellen", -1)
    with pytest.raises(KeyError):
        puzzles.daily(date(2026, 1, 1), "solitaire")


def test_malformed_puzzles_are_refused() -> None:
    raw = {"id": 1, "position": "x", "seat": 0, "colour": "red", "kind": "win", "depth": 1, "line": ["A1"],
           "replies": [], "iterations": 0, "level": 1}
    assert puzzles.puzzle("drei", raw).line == ("A1",)
    for bad in ({**raw, "extra": 1}, {**raw, "kind": "mate"}, {**raw, "level": 2}, {**raw, "line": []},
                {**raw, "depth": 4}, {**raw, "kind": "defend", "line": ["A1", "B2"]}, {**raw, "replies": [0]}):
        with pytest.raises(ValueError):
            puzzles.puzzle("drei", bad)


def test_drei_solver_agrees() -> None:
    """Die Drei's wins hold whatever the length: by the game's exact solver, the solution wins and no
    other first move does (the first few puzzles; the miner checks every one)."""
    for p in [p for p in puzzles.load("drei") if p.kind == "win"][:6]:
        s = p.state()
        table: Table = {}
        for m in s.legal_moves():
            after = engine.after(s, m)
            rewards = after.result.rewards if after.result is not None else after.solve(None, table)
            assert rewards is not None and (rewards[p.seat] == 1.0) == (s.move_text(m) == p.line[0]), (p.id, m)
