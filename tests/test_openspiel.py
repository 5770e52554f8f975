"""The games as OpenSpiel games (spielkiste.openspiel), checked with OpenSpiel's own tools: its
random simulation test (with serialization) for every configuration, perft through the OpenSpiel
interface against tests/perft/, its MCTSBot playing each two-player game to the end, and the
action ids against the engine's moves and texts in random games."""
import importlib
import random
import re
import sys
from importlib.util import find_spec

import pytest

from spielkiste.openspiel.configs import CONFIGURATIONS, PREFIX
from spielkiste.openspiel.spaces import action_space
from spielkiste.registry import GAMES
from spielkiste.texts import t
from test_perft import cases as perft_cases
from test_perft import start as perft_start

# Pyodide has no OpenSpiel: there every test is skipped one by one (the Pyodide run counts them)
HAVE = sys.platform != "emscripten" and find_spec("pyspiel") is not None
pyspiel = importlib.import_module("pyspiel") if HAVE else None
np = importlib.import_module("numpy") if HAVE else None
pytestmark = pytest.mark.skipif(not HAVE, reason="OpenSpiel is not installed (Pyodide has none)")
if HAVE:
    from open_spiel.python.algorithms import mcts

    from spielkiste.openspiel import register


def game_id(name: str) -> str:
    return name.removeprefix(PREFIX).split("(")[0]


def test_every_game_and_player_count_is_listed():
    listed = {(game_id(n), pyspiel.load_game(n).num_players()) for n in CONFIGURATIONS}
    assert listed == {(gid, p) for gid, cls in GAMES.items() for p in cls.player_counts}
    register()          # a second call changes nothing
    assert sum(n.startswith(PREFIX) for n in pyspiel.registered_names()) == len(GAMES)


@pytest.mark.parametrize("name", CONFIGURATIONS)
def test_random_sim_with_serialization(name):
    """Random games, each state serialized and read back (OpenSpiel's checks). Random play in
    the 3-4 player games that only a clock ends runs long: there 300 plies draw (their two-player
    versions end by the rules)."""
    game = pyspiel.load_game(name)
    if "max_game_length" in game.get_parameters() and game.num_players() > 2:
        game = pyspiel.load_game(name, {**game.get_parameters(), "max_game_length": 300})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    assert game.get_type().long_name.startswith(t(f"game.{game_id(name)}"))


def test_parameters_reach_the_engine():
    game = pyspiel.load_game("spielkiste_weltreich(players=4,teams=true)")
    state = game.new_initial_state()
    assert game.num_players() == 4 and state.engine.teams == (0, 0, 1, 1)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert pyspiel.load_game("spielkiste_weltreich(players=3)").get_type().utility == \
        pyspiel.GameType.Utility.GENERAL_SUM
    custom = pyspiel.load_game("spielkiste_drei(board=custom,tl=2r0,tr=1m,bl=4r90,br=3mr180)")
    assert custom.new_initial_state().engine.options["tl"] == "2"
    with pytest.raises(ValueError, match="Teams of two play only with 4 players"):
        pyspiel.load_game("spielkiste_tor(players=3,teams=true)")
    with pytest.raises(ValueError, match="not a state of"):
        game.new_initial_state(GAMES["weltreich"].new({"players": 2}))


def test_returns_follow_openspiel():
    """Win +1 / loss -1, a draw 0; the solitaire's reward as its return."""
    rng = random.Random(5)
    for name in ("spielkiste_snorkels", "spielkiste_surikata", "spielkiste_weltreich(players=3)"):
        game = pyspiel.load_game(name)
        for _ in range(6):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
            res = state.engine.result
            want = [1.0 if s in res.winners else -1.0 for s in range(game.num_players())] if res.winners \
                else [0.0] * game.num_players()
            assert state.returns() == want
    solo = pyspiel.load_game("spielkiste_solitaire").new_initial_state()
    while not solo.is_terminal():
        solo.apply_action(solo.legal_actions()[0])
    assert solo.returns() == [solo.engine.result.rewards[0]]


def test_ply_limit_draws():
    game = pyspiel.load_game("spielkiste_blockade(max_game_length=6)")
    assert game.max_game_length() == 6
    state = game.new_initial_state()
    for _ in range(6):
        assert not state.is_terminal()
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.returns() == [0.0, 0.0] and state.engine.result is None


def ogs_perft(state, depth: int) -> int:
    if depth == 0 or state.is_terminal():
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    return sum(ogs_perft(state.child(a), depth - 1) for a in actions)


@pytest.mark.parametrize("gid,entry", perft_cases())
def test_perft_through_openspiel(gid, entry):
    """Every count of tests/perft/ again, through legal_actions() and child()."""
    engine = perft_start(gid, entry)
    game = pyspiel.load_game(PREFIX + gid, dict(engine.options))
    state = game.new_initial_state(engine)
    assert {d: ogs_perft(state, d) for d in entry["counts"]} == entry["counts"]


@pytest.mark.parametrize("gid", [g for g, cls in GAMES.items() if 2 in cls.player_counts])
def test_mcts_bot_plays_to_the_end(gid):
    game = pyspiel.load_game(PREFIX + gid)
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, 2.0, 4, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.engine.result is not None
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0], [-1.0, -1.0])


@pytest.mark.parametrize("name", CONFIGURATIONS)
def test_actions_round_trip(name):
    """Every id: text -> id again, and the text is a move of the game's syntax; every legal move
    of a random game: its id decodes to it, its text is read back by the engine as the same move."""
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    engine = state.engine
    space = action_space(engine.id, engine.options)
    assert game.num_distinct_actions() == space.size
    for a in range(space.size):
        text = space.text(a)
        assert space.parse(text.lower()) == a and re.fullmatch(engine.move_pattern, text), text
    rng = random.Random(name)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal() and state.move_number() < 120:
            engine = state.engine
            actions = state.legal_actions()
            assert [space.action(m, engine.to_move) for m in engine.legal_moves()] != [] and \
                sorted(space.action(m, engine.to_move) for m in engine.legal_moves()) == actions
            for a in rng.sample(actions, min(len(actions), 12)):        # parse_move scans all moves
                move = space.move(a)
                assert engine.parse_move(state.action_to_string(a)) == move
                assert space.action(move, engine.to_move) == a == space.parse(engine.move_text(move))
            state.apply_action(rng.choice(actions))


def test_observation_planes():
    """Pieces per seat and kind, the last move, the seat to move; the same tensor both ways."""
    game = pyspiel.load_game("spielkiste_snorkels(pie=false)")
    state = game.new_initial_state()
    for text in ("D4", "A1"):
        state.apply_action(state.string_to_action(text))
    obs = np.array(state.observation_tensor(0)).reshape(game.observation_tensor_shape())
    assert game.observation_tensor_shape() == [6, 7, 7]          # 2 seats x disc, stone, last, 2 to-move
    assert obs[0, 3, 3] == 1 and obs[1, 0, 0] == 1 and obs[:2].sum() == 2
    assert obs[3].sum() == 1 and obs[3, 0, 0] == 1               # the last move
    assert obs[4].sum() == 49 and obs[5].sum() == 0               # seat 0 to move
    assert state.information_state_tensor(0) == state.observation_tensor(0)
    assert state.observation_string(0) == state.engine.encode()
    zig = pyspiel.load_game("spielkiste_ziggurats")
    z = zig.new_initial_state()
    while z.engine.in_setup():
        z.apply_action(z.legal_actions()[0])
    mover = z.engine.to_move
    z.apply_action(z.string_to_action(z.engine.move_text(z.engine.legal_moves()[0])))
    planes = np.array(z.observation_tensor(0)).reshape(zig.observation_tensor_shape())
    assert planes[2].sum() == 4 and planes[mover].sum() == 1 and planes[:2].sum() == 1   # 4 foundations, 1 block


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_action_strings_are_the_engines_notation(gid):
    """action_to_string writes a legal move as the engine does (Weltreich's capture `B11xB7`, not
    `B11-B7`), and string_to_action reads that text, the action space's and either in lower case, for
    every legal action along a random game; the Weltreich puzzles' first moves are read back too."""
    game = pyspiel.load_game(PREFIX + gid)
    state = game.new_initial_state()
    space = action_space(state.engine.id, state.engine.options)
    rng = random.Random(gid)
    written = set()
    while not state.is_terminal() and state.move_number() < 60:
        engine = state.engine
        for move in engine.legal_moves():
            a = state.action_of(move)
            text = engine.move_text(move)
            written.add(text)
            assert state.action_to_string(a) == text
            for given in (text, text.lower(), space.text(a)):
                assert state.string_to_action(given) == state.string_to_action(engine.to_move, given) == a, given
        state.apply_action(rng.choice(state.legal_actions()))
    if gid == "weltreich":
        assert any("x" in text for text in written)              # a capture was among them
        from spielkiste import puzzles
        for p in puzzles.load("weltreich"):
            s = game.new_initial_state(p.state())
            assert s.action_to_string(s.string_to_action(p.line[0])) == p.line[0]
    with pytest.raises(ValueError):
        state.string_to_action("no move")
