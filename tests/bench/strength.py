#!/usr/bin/env python3
"""Playing strength: our search against textbook UCT at equal time, in every two-player game.

  python tests/bench/strength.py [--seconds 0.3] [--games 10] [--game blockade,drei]
                                 [--a mcts:0.3s --b uct:0.3s] [--seed 1] [--jobs 2] [--against openspiel-mcts]

Seconds are CPU seconds of each process (cpu_clock): a loaded machine measures the same, only slower;
--jobs 2 plays two games at once (each game from its own seed: the same games as one at a time).
A plays B --games times per game, colours alternating (A moves first in odd games), each
game from the default options (a fresh seed where the game has one). A win counts 1, a
draw 1/2. Prints one row per game: A's score, its share with a 95 % Wilson interval, the
mean game length, and A's points as seat 0 (who moves first, but in Ziggurats' set-up) and as
seat 1: where the first player wins whenever he plays well, a stronger player shows it there.
--seconds sets both budgets (mcts:Ts vs uct:Ts) unless --a/--b are given, e.g. --a mcts:1s --b
mcts:0.3s to check that a longer level beats a shorter one, or --a mcts:0.3s --b mcts:0.3s,prune=0
to measure one of the search's options (exploration, rave, prune; cap, the plies a playout runs
before evaluate()) on against off (the page's levels against each other: tests/bench/ladder.py).
The goal of the search (issue 16) is a share of at least 75 %
against uct and 99 % against random.
--issue53 prints the two figures issue 53 sets goals for (>= 90 % at equal time, >= 60 % against
uct given 4x the time), the second with --games-4x games per game; --minutes stops starting matches.
--speed instead prints iterations per second of both searches from each start position (ours with
--a's search options: --a mcts:0.3s,learned=1).

--against openspiel-mcts makes B OpenSpiel's own MCTSBot (open_spiel.python.algorithms.mcts: UCT
with c = 2, one random rollout per leaf, solving proven ends) on the game as spielkiste.openspiel
registers it, at --seconds per move: its number of simulations is re-timed before each move
from its previous search's rate (OpenSpielMCTS). The row then ends with both players' mean
seconds per move, the check that the time was equal. Needs the extra: pip install .[openspiel]."""
import argparse
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "py"))

from spielkiste.ai.levels import wilson  # noqa: E402
from spielkiste.ai.mcts import Search  # noqa: E402
from spielkiste.ai.players import PICKING, PlainUCT, Player, parse_player, search_options  # noqa: E402
from spielkiste.registry import GAMES  # noqa: E402


def two_player_games() -> list[str]:
    return [gid for gid, cls in GAMES.items() if 2 in cls.player_counts]


OPENSPIEL = "openspiel-mcts"


class OpenSpielMCTS:
    """OpenSpiel's MCTSBot as a player of our engine states, at `seconds` per move. Its search
    runs a number of simulations, not a time: before each move that number is set from the rate
    (simulations per second) of its previous search in this game; before its first move, from
    probe searches of 2, 4, 8 ... simulations until one takes a quarter of the budget (a probe of
    a few milliseconds runs at full speed inside one time slice, and on a loaded machine
    overstates the rate several times)."""

    def __init__(self, seconds: float, seed: float):
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts

        import spielkiste.openspiel  # noqa: F401  (registers the games)
        self.seconds = seconds
        self.pyspiel, self.mcts = pyspiel, mcts
        self.rng = np.random.RandomState(int(seed * (1 << 30)))
        self.rate = 0.0

    def move(self, state):
        t0 = time.perf_counter()
        game = self.pyspiel.load_game(f"spielkiste_{state.id}", dict(state.options))
        here = game.new_initial_state(state.copy())
        bot = self.mcts.MCTSBot(game, 2.0, 2, self.mcts.RandomRolloutEvaluator(1, self.rng), solve=True,
                                random_state=self.rng)
        while not self.rate:
            t1 = time.perf_counter()
            bot.mcts_search(here)
            took = time.perf_counter() - t1
            if took >= self.seconds / 4:
                self.rate = bot.max_simulations / took
            bot.max_simulations *= 2
        # at least 2: with 1 the bot's root has no children
        bot.max_simulations = max(2, int((self.seconds - (time.perf_counter() - t0)) * self.rate))
        t1 = time.perf_counter()
        action = bot.step(here)
        self.rate = bot.max_simulations / (time.perf_counter() - t1)
        return game.spec.space.move(action)


def make_player(spec: str, seed: float):
    if spec.startswith(OPENSPIEL + ":"):
        return OpenSpielMCTS(float(spec.split(":")[1].removesuffix("s")), seed)
    return Player(spec, seed)


def play_game(cls, specs: tuple[str, str], a_seat: int, rng: random.Random, clock: list[float] | None = None
              ) -> tuple[float, int]:
    """One game; A sits at a_seat. Returns A's reward and the number of plies; adds each
    player's seconds, moves and CPU seconds to `clock` ([A s, A moves, B s, B moves, A CPU s, B CPU s]:
    wall-clock seconds and CPU seconds; the budgets are CPU seconds, cpu_clock)."""
    opts = {"seed": rng.randrange(1 << 30)} if "seed" in {o.key for o in cls.all_options()} else {}
    state = cls.new(opts)
    seats = [None, None]
    seats[a_seat] = make_player(specs[0], rng.random())
    seats[1 - a_seat] = make_player(specs[1], rng.random())
    while state.result is None:
        mover = state.to_move
        t0, c0 = time.monotonic(), time.process_time()
        move = seats[mover].move(state)
        if clock is not None:
            k = 0 if mover == a_seat else 2
            clock[k] += time.monotonic() - t0
            clock[k + 1] += 1
            clock[4 + k // 2] += time.process_time() - c0
        state.play(move)
    return state.result.rewards[a_seat], state.ply


def speed(games: list[str], seconds: float, options: dict[str, object]) -> None:
    """Iterations per second of our search (with the search options of --a) and of plain UCT,
    each from the start position."""
    print(f"{'game':<11}{'search it/s':>12}{'uct it/s':>10}")
    for gid in games:
        rates = []
        for cls in (Search, PlainUCT):
            state = GAMES[gid].new()
            if cls is Search:
                search = Search(state, seed=1, settings=replace(state.search_settings, **options))
            else:
                search = PlainUCT(state, seed=1)
            n, t0 = 0, time.perf_counter()
            while time.perf_counter() - t0 < seconds:
                search.step()
                n += 1
            rates.append(n / (time.perf_counter() - t0))
        print(f"{gid:<11}{rates[0]:>12.0f}{rates[1]:>10.0f}", flush=True)


def cpu_clock() -> None:
    """Every clock of this process reads its CPU time (time.perf_counter is time.process_time here):
    a budget of seconds is CPU seconds, so a match measures the same on a loaded machine (the ladder
    beside it, another match), only slower. Both players play in this one single-threaded process."""
    time.perf_counter = time.process_time


def main(argv=None) -> int:
    cpu_clock()
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seconds", type=float, default=0.3)
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--game", default="", help="comma-separated game ids (default: every two-player game)")
    p.add_argument("--a", help="player spec of A (default mcts:<seconds>s)")
    p.add_argument("--b", help="player spec of B (default uct:<seconds>s)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help="games at once (processes; 2: both cores)")
    p.add_argument("--against", choices=("uct", OPENSPIEL), default="uct",
                   help="B when --b is not given: our textbook UCT or OpenSpiel's MCTSBot")
    p.add_argument("--speed", action="store_true", help="iterations per second instead of matches")
    p.add_argument("--issue53", action="store_true",
                   help="both figures of the goal: mcts vs uct at equal time (--games), then mcts vs uct given "
                        "4x the time (--games-4x), every game of the first figure before the second")
    p.add_argument("--games-4x", type=int, default=8, help="games per game of --issue53's 4x figure")
    p.add_argument("--minutes", type=float, default=0.0, help="start no new match after this long (0: no limit)")
    args = p.parse_args(argv)
    games = args.game.split(",") if args.game else two_player_games()
    a = args.a or f"mcts:{args.seconds:g}s"
    b = args.b or f"{args.against}:{args.seconds:g}s"
    parse_player(a)
    if not b.startswith(OPENSPIEL + ":"):
        parse_player(b)
    if args.speed:
        speed(games, args.seconds, {k: v for k, v in search_options(a).items() if k not in PICKING})
        return 0
    rng = random.Random(args.seed)
    figures = [((a, b), args.games)]
    if args.issue53:
        figures.append(((a, f"{args.against}:{4 * args.seconds:g}s"), args.games_4x))
    t0 = time.monotonic()
    for specs, n in figures:
        print(f"{specs[0]} vs {specs[1]}, {n} games per game, colours alternating")
        print(HEADER + "   A s/move  B s/move  A CPU s   B CPU s")
        for gid in games:
            if args.minutes and time.monotonic() - t0 > 60 * args.minutes:
                print(f"{gid:<11}not measured: --minutes {args.minutes:g} spent", flush=True)
                continue
            match(gid, specs, n, rng, timed=True, jobs=args.jobs)
    return 0


HEADER = f"{'game':<11}{'score':>9}{'share':>8}   95% CI        plies   minutes   as seat 0   as seat 1"


def one_game(gid: str, specs: tuple[str, str], g: int, seed: float) -> tuple[float, int, list[float]]:
    """Game g of a match (A at seat g % 2), from its own seed: (A's reward, plies, its clock)."""
    clock = [0.0, 0, 0.0, 0, 0.0, 0.0]
    r, n = play_game(GAMES[gid], specs, g % 2, random.Random(seed), clock)
    return r, n, clock


def match(gid: str, specs: tuple[str, str], games: int, rng: random.Random, timed: bool = False,
          jobs: int = 1) -> float:
    """A plays B `games` times in game `gid`, `jobs` games at once (processes); prints the row (timed:
    with each player's mean seconds per move) and returns A's points. Each game has its own seed
    drawn from `rng`, so the games are the same however many run at once."""
    t0 = time.monotonic()
    by_seat, plies = [0.0, 0.0], 0
    clock = [0.0, 0, 0.0, 0, 0.0, 0.0]
    seeds = [rng.random() for _ in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs, initializer=cpu_clock) as pool:
            results = list(pool.map(one_game, [gid] * games, [specs] * games, range(games), seeds))
    else:
        results = [one_game(gid, specs, g, seeds[g]) for g in range(games)]
    for g, (r, n, c) in enumerate(results):
        by_seat[g % 2] += r
        plies += n
        clock = [x + y for x, y in zip(clock, c, strict=True)]
    points = sum(by_seat)
    lo, hi = wilson(points, games)
    times = (f"   {clock[0] / max(clock[1], 1):8.3f}  {clock[2] / max(clock[3], 1):8.3f}  "
             f"{clock[4] / max(clock[1], 1):8.3f}  {clock[5] / max(clock[3], 1):8.3f}") if timed else ""
    print(f"{gid:<11}{points:>5.1f}/{games:<3}{100 * points / games:>7.0f}%   "
          f"[{100 * lo:3.0f}%, {100 * hi:3.0f}%]  {plies / games:6.1f}   "
          f"{(time.monotonic() - t0) / 60:5.1f}   {by_seat[0]:>5.1f}/{(games + 1) // 2:<4}"
          f"{by_seat[1]:>5.1f}/{games // 2}{times}", flush=True)
    return points


if __name__ == "__main__":
    sys.exit(main())
