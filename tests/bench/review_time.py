"""Time the game review (spielkiste.review) of a 40-ply game at 0.3 s per position, in CPython.

  python tests/bench/review_time.py                          Snorkels and 4-player Weltreich in teams
  python tests/bench/review_time.py --games drei,weltreich   other games (id or id:opt=value:opt=value)
  python tests/bench/review_time.py --seconds 1 --plies 20   another budget or game length
  python tests/bench/review_time.py --browser                 the page's review of a 40-ply Weltreich game
                                                              (tests/e2e/test_game_review.py's FORTY) in
                                                              Chromium, at the page's default budget

Each game is played by our search at 100 iterations a move (seeded; a game that ends before the
plies asked for is replaced by the next seed's), then reviewed one position per step() as the worker
will. Prints per game: plies, the review's total time, the time per position, the search's mean
iterations per position, the positions known exactly and the marks found. --browser builds dist/ if
it is missing, serves it and times "Review game" in Debian's Chromium as a player starts it (the
engine worker's Pyodide, as shipped), from the click to the last position reviewed."""
import argparse
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "py"))

from spielkiste.ai.mcts import Search  # noqa: E402
from spielkiste.record import Record  # noqa: E402
from spielkiste.registry import get_game  # noqa: E402
from spielkiste.review import Review  # noqa: E402


def game(spec: str, plies: int) -> Record:
    gid, *opts = spec.split(":")
    options = dict(o.split("=", 1) for o in opts)
    for seed in range(100):
        rec = Record(get_game(gid).new(options))
        while rec.current.result is None and len(rec.moves) < plies:
            search = Search(rec.current, seed=seed * 1000 + len(rec.moves))
            search.run(iterations=100)
            rec.play(search.best_move())
        if len(rec.moves) == plies:
            return rec
    raise SystemExit(f"{spec}: no game of {plies} plies in 100 seeds")


def in_browser() -> None:
    """The page's review of FORTY at its default budget: the time from the click to the end."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "e2e"))
    from conftest import ARGS, CHROMIUM, Server  # noqa: E402
    from playwright.sync_api import sync_playwright
    from test_game_review import FORTY  # noqa: E402

    if not os.path.isdir(os.path.join(ROOT, "dist")):
        subprocess.run([sys.executable, os.path.join(ROOT, "build.py"), "build"], check=True)
    server = Server(os.path.join(ROOT, "dist"))
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 860})
            page.goto(server.url + "#" + FORTY)
            page.wait_for_selector("body[data-ready='1'][data-ai='ready']", timeout=90000)
            t0 = time.perf_counter()
            page.click("#btn-review")
            page.wait_for_selector("body[data-review='done']", timeout=300000)
            took = time.perf_counter() - t0
            data = json.loads(page.evaluate("window.spielkisteReview()"))
            browser.close()
    finally:
        server.stop()
    print(f"Chromium: review of a 40-ply game ({data['total']} positions, weltreich) at {data['seconds']} s "
          f"per position: {took:.1f} s")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", default="snorkels,weltreich:players=4:teams=1")
    ap.add_argument("--seconds", type=float, default=0.3)
    ap.add_argument("--plies", type=int, default=40)
    ap.add_argument("--browser", action="store_true", help="the page's review in Chromium (see above)")
    args = ap.parse_args()
    if args.browser:
        in_browser()
        return
    print(f"Python {sys.version.split()[0]}, {args.seconds} s per position, {args.plies} plies")
    for spec in args.games.split(","):
        rec = game(spec, args.plies)
        review = Review(rec, seconds=args.seconds)
        t0 = time.perf_counter()
        while not review.done:
            review.step()
        took = time.perf_counter() - t0
        result = review.result()
        iterations = [p["n"] for p in result["plies"]]
        marks = [m["mark"] for m in result["moves"] if m["mark"]]
        print(f"{spec}: {len(rec.moves)} plies, {review.total} positions in {took:.1f} s "
              f"({took / review.total:.3f} s each), {sum(iterations) / len(iterations):.0f} iterations each, "
              f"{sum(p['exact'] for p in result['plies'])} exact, marks {marks}")


if __name__ == "__main__":
    main()
