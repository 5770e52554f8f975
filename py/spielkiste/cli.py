"""Command line on the engine package: for tests, benchmarks and players in a terminal.

  python -m spielkiste games
  python -m spielkiste legal GAME [--pos CODE] [--opt KEY=VALUE ...]
  python -m spielkiste play GAME [--pos CODE] [--opt ...] MOVE...
  python -m spielkiste perft GAME DEPTH [--pos CODE] [--opt ...]
  python -m spielkiste bench [GAME ...] [--seconds S]
  python -m spielkiste match GAME A B [--games N] [--opt ...] [--seed S]
  python -m spielkiste think GAME [--pos CODE] [--opt ...] [--player SPEC]

Options may stand anywhere among the moves. Output cut short by a closed pipe (| head) ends quietly.
"""
import argparse
import os
import random
import sys
import time
from collections.abc import Iterable, Mapping
from typing import TextIO

from .ai import parse_player
from .ai.players import Player
from .ai.mcts import Search
from .engine import State
from .errors import SpielkisteError
from .registry import GAMES, chooser, get_game
from .texts import t


def start_state(args: argparse.Namespace) -> State:
    game = get_game(args.game)
    if args.pos:
        if args.opt:
            raise SpielkisteError("err.cli_pos_opt")
        return game.decode(args.pos)
    return game.new(options(args.opt))


def options(pairs: list[str]) -> dict[str, str]:
    """The game options of every sub-command's `--opt KEY=VALUE`; a bare `--opt KEY` switches KEY on (KEY=1)."""
    out = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        out[key] = value if eq else "1"
    return out


def perft(state: State, depth: int) -> int:
    """Leaf positions after `depth` moves (finished games count as leaves where they end)."""
    if depth == 0 or state.result is not None:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        s = state.copy()
        s.play(m)
        total += perft(s, depth - 1)
    return total


def playouts_per_second(game: type[State], seconds: float, seed: int = 1,
                        options: Mapping[str, object] | None = None) -> tuple[float, float]:
    """The search's random playouts (rollout) from the start for `seconds`: (playouts/s, mean
    plies per playout)."""
    rng = random.Random(seed)
    start = game.new(options)
    n = plies = 0
    t0 = time.perf_counter()
    while True:
        s = start.copy()
        s.rollout(rng, 2000)
        n += 1
        plies += s.ply
        el = time.perf_counter() - t0
        if el >= seconds:
            return n / el, plies / n


def search_per_second(game: type[State], seconds: float, seed: int = 1,
                      options: Mapping[str, object] | None = None) -> tuple[float, float]:
    """The search (ai.Search) from the start for `seconds`: (iterations/s, 0.0); the second
    figure keeps the shape of playouts_per_second's answer."""
    from .ai import Search
    search = Search(game.new(options), seed=seed)
    t0 = time.perf_counter()
    search.run(seconds=seconds)
    return search.iterations / (time.perf_counter() - t0), 0.0


def play_match(game: type[State], specs: list[str], games: int, options: Mapping[str, object], seed: int,
               out: TextIO | None = None) -> dict[str, float]:
    """Seat rotation: in game g, player specs[0] sits at seat g % n, the others fill the rest
    in order. Returns per-spec-index points (a win 1, a draw 1/n... as rewards) and counts."""
    rng = random.Random(seed)
    n = game.new(options).num_players
    score = [0.0] * len(specs)
    wins = [0] * len(specs)
    plies = 0
    for g in range(games):
        seat_spec = [0] * n
        seat_spec[g % n] = 0
        others = [i for i in range(n) if i != g % n]
        for k, seat in enumerate(others):
            seat_spec[seat] = 1 + k % (len(specs) - 1) if len(specs) > 1 else 0
        state = game.new(dict(options, seed=rng.randrange(1 << 30)) if "seed" in
                         {o.key for o in game.all_options()} and "seed" not in options else options)
        players = [Player(specs[seat_spec[seat]], rng.random()) for seat in range(n)]   # trees kept
        while state.result is None:
            state.play(players[state.to_move].move(state))
        plies += state.ply
        res = state.result
        for seat in range(n):
            if seat == g % n or seat_spec[seat] != 0:
                score[seat_spec[seat]] += res.rewards[seat]
        if g % n in res.winners:
            wins[0] += 1
        if out:
            print(f"game {g + 1}: seat of {specs[0]} = {g % n}; {res.message('en')}", file=out)
    return {"games": games, "points_a": score[0], "wins_a": wins[0], "mean_plies": plies / max(games, 1)}


def parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The parser and its subcommands' parsers by name."""
    p = argparse.ArgumentParser(prog="spielkiste", description="Spielkiste engines and AI")
    sub = p.add_subparsers(dest="cmd", required=True)
    sub.add_parser("games", help="list the games")

    def game_cmd(name: str, helptext: str) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, help=helptext)
        sp.add_argument("game")
        sp.add_argument("--pos", help="a position code")
        sp.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE", help="a game option")
        return sp

    game_cmd("legal", "print the legal moves, one per line")
    sp = game_cmd("play", "play moves, print the position code and the outcome")
    sp.add_argument("moves", nargs="*")
    sp = game_cmd("perft", "count leaf positions at a depth")
    sp.add_argument("depth", type=int)
    sp = game_cmd("think", "let the computer choose a move")
    sp.add_argument("--player", default="mcts:1s")
    sp = sub.add_parser("bench", help="random playouts per second")
    sp.add_argument("games", nargs="*")
    sp.add_argument("--seconds", type=float, default=2.0)
    sp = sub.add_parser("match", help="engine-vs-engine match")
    sp.add_argument("game")
    sp.add_argument("a", help="player spec of A: random, mcts:N, mcts:Ts, uct:N, uct:Ts")
    sp.add_argument("b", help="player spec of the others")
    sp.add_argument("--games", type=int, default=20)
    sp.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE")
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--verbose", action="store_true")
    return p, sub.choices


def parse(argv: list[str]) -> argparse.Namespace:
    """The command's own parser reads options and positionals intermixed (play GAME --pos CODE
    MOVE...), which argparse cannot do through the parent's subcommand argument."""
    p, commands = parser()
    if argv and argv[0] in commands:
        args = commands[argv[0]].parse_intermixed_args(argv[1:])
        args.cmd = argv[0]
        return args
    return p.parse_args(argv)


def main(argv: Iterable[str] | None = None) -> int:
    args = parse(sys.argv[1:] if argv is None else list(argv))
    try:
        code = run(args)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        # the reader stopped (| head): send what is still buffered nowhere and end quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def run(args: argparse.Namespace) -> int:
    try:
        if args.cmd == "games":
            for e in chooser():
                counts = "/".join(map(str, e.player_counts))
                defaults = " ".join(f"{o.key}={o.format(o.default)}" for o in e.options)
                print(f"{e.id}\t{t(e.name_key)}\t{e.designer}, sheet {e.sheet}\tplayers {counts}\t{defaults}")
        elif args.cmd == "legal":
            state = start_state(args)
            for m in state.legal_moves():
                print(state.move_text(m))
        elif args.cmd == "play":
            state = start_state(args)
            for text in args.moves:
                state.push_text(text)
            print(state.encode())
            res = state.outcome()
            print(res.message("en") if res else t("ui.to_move", player=state.seat_ref(state.to_move)))
        elif args.cmd == "perft":
            if args.depth < 0:
                raise SpielkisteError("err.cli_depth", depth=args.depth)
            print(perft(start_state(args), args.depth))
        elif args.cmd == "think":
            state = start_state(args)
            kind, kw = parse_player(args.player)
            search = Search(state, seed=1)
            search.run(**kw)
            info = search.info()
            print(f"{info['move']}\tvalue {info['value']:.3f}\titerations {info['iterations']}"
                  f"\tline {' '.join(info['line'])}")
        elif args.cmd == "bench":
            for gid in args.games or list(GAMES):
                rate, plies = playouts_per_second(get_game(gid), args.seconds)
                print(f"{gid}\t{rate:.1f} playouts/s\t{plies:.1f} plies/playout\t{rate * plies:.0f} moves/s")
        elif args.cmd == "match":
            game = get_game(args.game)
            if args.games < 1:
                raise SpielkisteError("err.cli_games", games=args.games)
            opts = options(args.opt)
            for spec in (args.a, args.b):
                parse_player(spec)
            game.normalize_options(opts)           # a bad option is refused before the first game
            r = play_match(game, [args.a, args.b], args.games, opts, args.seed,
                           out=sys.stdout if args.verbose else None)
            print(f"{args.game}: {args.a} vs {args.b}: {r['wins_a']}/{r['games']} wins, "
                  f"{r['points_a']:.1f} points ({100 * r['points_a'] / r['games']:.1f}%), "
                  f"{r['mean_plies']:.1f} plies/game")
    except SpielkisteError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0
