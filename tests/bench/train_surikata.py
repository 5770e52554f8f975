#!/usr/bin/env python3
"""Train Surikata's learned evaluation (py/spielkiste/games/surikata_learned.py) from self-play.

  python tests/bench/train_surikata.py play --games 600 --iterations 300 --seed 1 --out /tmp/suri.jsonl
  python tests/bench/train_surikata.py train /tmp/suri.jsonl [--target mix] [--write]

play: the search plays itself (mcts with `--iterations` a move, the game's default settings),
the first 0-6 plies of each game at random so that the games differ (the mounds, the first
pieces); every position of a game is kept with the search's value of the move it chose (for the
mover; none for a random move) and the game's result, one JSON line per game (`codes`, `values`,
`rewards`: the final rewards per seat). Appends, so a longer run adds to a shorter one; each
game's seed is derived from --seed and its number.

train: features as surikata_learned.features (the mover's side), target the mover's final
reward (win 1, draw 1/2, loss 0), the search's value, or their mean (--target); logistic
regression (or, for comparison, with a hidden layer of --hidden rectified units), fitted by
Adam on cross-entropy in numpy (CPython only: the shipped model is pure Python). The last
--holdout share of the games is held out; the report compares, on the held out positions and
their final rewards, the model with what the search uses without it (one playout to the end by
the game's playout policy; and the mean of 16) and with a constant 1/2: the mean squared error
and the share of decided games whose winner it names. --write writes the logistic regression's weights into
py/spielkiste/games/surikata_weights.py (--weights: another file)."""
import argparse
import json
import math
import os
import random
import sys
import textwrap
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "py"))

from spielkiste.ai.mcts import Search  # noqa: E402
from spielkiste.games.surikata import Surikata  # noqa: E402
from spielkiste.games import surikata_learned as L  # noqa: E402

WEIGHTS = os.path.join(ROOT, "py", "spielkiste", "games", "surikata_weights.py")


def play(games: int, iterations: int, seed: int, out: str, start: int = 0) -> None:
    """Self-play games number start .. start+games-1, appended to `out`."""
    with open(out, "a") as f:
        for g in range(start, start + games):
            rng = random.Random(seed * 1_000_003 + g)
            state = Surikata.new()
            codes: list[str] = []
            values: list[float | None] = []
            opening = rng.randrange(7)
            while state.result is None:
                codes.append(state.encode())
                if state.ply < opening:
                    move = rng.choice(state.legal_moves())
                    values.append(None)
                else:
                    search = Search(state, seed=rng.random())
                    search.run(iterations=iterations)
                    best = search.best_child()
                    move = best.move
                    values.append(round(search.value(best), 4))
                state.play(move)
            f.write(json.dumps({"codes": codes, "values": values, "rewards": list(state.result.rewards)}) + "\n")
            f.flush()


Game = tuple[list[str], list[float | None], list[float]]    # codes, the search's values, final rewards


def load(paths: list[str]) -> list[Game]:
    games = []
    for p in paths:
        with open(p) as f:
            for line in f:
                d = json.loads(line)
                games.append((d["codes"], d.get("values") or [None] * len(d["codes"]), d["rewards"]))
    return games


def examples(games: list[Game], target: str = "outcome") -> tuple[list[list[int]], list[float], list[Surikata]]:
    """Each position's active features, its target for the mover, the position. target: the
    final reward (outcome), the search's value of its move (value; the outcome where the move
    was random), or their mean (mix)."""
    xs, ys, states = [], [], []
    for codes, values, rewards in games:
        for code, q in zip(codes, values, strict=True):
            s = Surikata.decode(code)
            z = rewards[s.to_move]
            xs.append(L.features(s))
            ys.append(z if target == "outcome" or q is None else q if target == "value" else (z + q) / 2)
            states.append(s)
    return xs, ys, states


def fit(xs: list[list[int]], ys: list[float], hidden: int, epochs: int, seed: int, l2: float) -> Any:
    """Fitted by full-batch Adam on cross-entropy: logistic regression (hidden 0: weights, bias),
    or with a hidden layer of rectified units (W1, b1, w2, b2), measured for comparison only."""
    import numpy as np
    rng = np.random.default_rng(seed)
    x = np.zeros((len(xs), L.FEATURES))
    for r, act in enumerate(xs):
        x[r, act] = 1.0
    y = np.array(ys)
    if hidden == 0:
        params = [np.zeros(L.FEATURES), np.zeros(())]
    else:
        params = [rng.normal(0, 0.1, (L.FEATURES, hidden)), np.zeros(hidden), rng.normal(0, 0.1, hidden), np.zeros(())]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    lr, b1, b2 = 0.01, 0.9, 0.999
    for t in range(1, epochs + 1):
        if hidden == 0:
            w, c = params
            z = x @ w + c
        else:
            w1, c1, w2, c2 = params
            a = x @ w1 + c1
            h = np.maximum(a, 0.0)
            z = h @ w2 + c2
        p = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
        dz = (p - y) / len(y)
        if hidden == 0:
            grads = [x.T @ dz + l2 * w, dz.sum()]
        else:
            da = np.outer(dz, w2) * (a > 0)
            grads = [x.T @ da + l2 * w1, da.sum(0), h.T @ dz + l2 * w2, dz.sum()]
        for i, g in enumerate(grads):
            m[i] = b1 * m[i] + (1 - b1) * g
            v[i] = b2 * v[i] + (1 - b2) * g * g
            params[i] = params[i] - lr * (m[i] / (1 - b1 ** t)) / (np.sqrt(v[i] / (1 - b2 ** t)) + 1e-8)
    return params


def predict(params: Any, active: list[int]) -> float:
    import numpy as np
    if len(params) == 2:
        z = float(params[0][active].sum() + params[1])
    else:
        w1, c1, w2, c2 = params
        z = float(np.maximum(w1[active].sum(0) + c1, 0) @ w2 + c2)
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def write(params: Any, path: str, note: str) -> None:
    """The logistic regression's weights as a Python module (rounded: 5 digits)."""
    w, c = params
    with open(path, "w") as f:
        f.write('"""Surikata\'s learned evaluation: the weights (surikata_learned.py reads them).\n'
                "Written by tests/bench/train_surikata.py, do not edit by hand:\n"
                + "\n".join(textwrap.wrap(note, 100)) + '"""\n')
        f.write("WEIGHTS = (\n" + "".join(f"    {round(float(a), 5)!r},\n" for a in w) + ")\n")
        f.write(f"BIAS = {round(float(c), 5)!r}\n")


def report(name: str, preds: list[float], ys: list[float]) -> None:
    mse = sum((p - y) ** 2 for p, y in zip(preds, ys, strict=True)) / len(ys)
    decided = [(p, y) for p, y in zip(preds, ys, strict=True) if y != 0.5]
    right = sum(1.0 if p != 0.5 and (p > 0.5) == (y == 1.0) else 0.5 if p == 0.5 else 0.0 for p, y in decided)
    print(f"{name:<24} mse {mse:.4f}   winner named {right / max(len(decided), 1):.3f} of {len(decided)} decided")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    pp = sub.add_parser("play")
    pp.add_argument("--games", type=int, default=600)
    pp.add_argument("--start", type=int, default=0, help="number of the first game (to add to a file)")
    pp.add_argument("--iterations", type=int, default=300)
    pp.add_argument("--seed", type=int, default=1)
    pp.add_argument("--out", required=True)
    pt = sub.add_parser("train")
    pt.add_argument("data", nargs="+")
    pt.add_argument("--hidden", type=int, default=0, help="rectified units of a hidden layer (0: none)")
    pt.add_argument("--epochs", type=int, default=400)
    pt.add_argument("--seed", type=int, default=1)
    pt.add_argument("--holdout", type=float, default=0.2)
    pt.add_argument("--l2", type=float, default=1e-3)
    pt.add_argument("--target", choices=("outcome", "value", "mix"), default="outcome")
    pt.add_argument("--write", action="store_true")
    pt.add_argument("--weights", default=WEIGHTS)
    args = p.parse_args(argv)
    if args.cmd == "play":
        play(args.games, args.iterations, args.seed, args.out, args.start)
        return 0
    games = load(args.data)
    cut = int(len(games) * (1 - args.holdout))
    xs, ys, _ = examples(games[:cut], args.target)
    hx, hy, hstates = examples(games[cut:])        # judged by the outcome
    print(f"{cut} games ({len(xs)} positions) to train, {len(games) - cut} ({len(hx)}) held out")
    if args.write and args.hidden:
        p.error("--write ships the logistic regression only (--hidden 0)")
    params = fit(xs, ys, args.hidden, args.epochs, args.seed, args.l2)
    if args.write:
        write(params, args.weights, f"{len(games)} games of {', '.join(os.path.basename(d) for d in args.data)}, "
                                    f"hidden {args.hidden}, {args.epochs} epochs, l2 {args.l2:g}, "
                                    f"target {args.target}, seed {args.seed}")

    def model(act: list[int]) -> float:
        return predict(params, act)

    rng = random.Random(args.seed)
    playouts = [[Search.playout(s.copy(), rng, None, 300)[s.to_move] for _ in range(16)] for s in hstates]
    if hx:
        report("model (train set, target)", [model(a) for a in xs], ys)
        report("model", [model(a) for a in hx], hy)
        report("one playout (the search)", [p[0] for p in playouts], hy)
        report("mean of 16 playouts", [sum(p) / 16 for p in playouts], hy)
        report("constant 1/2", [0.5] * len(hy), hy)
    return 0


if __name__ == "__main__":
    sys.exit(main())
