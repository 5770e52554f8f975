#!/usr/bin/env python3
"""What a move costs the page (issue 31: the unit of most browser tests; on a phone, the feel of a move).

  python tests/bench/move_cost.py [--moves 12] [--games blockade,snorkels] [--no-build]

Builds the site into a temp folder (--no-build: dist/ as it is), serves it on 127.0.0.1 and opens it in
Debian's Chromium as shipped. For each game, a game between humans (`#<game>?v=1`): the page itself plays
--moves moves, clicking the first square it marks as a target (or its first choice button) and waiting
for each answer to be drawn, all in one script in the page, so no test driver's work is counted. Chromium's
trace of those moves gives, per move, in ms of the main thread: the page's Python (MicroPython's calls,
with the DOM work they do inside), the renderer's style and layout, its paint, the whole of the main
thread's tasks, and the engine worker's calls; and the machine's CPU per move (/proc/stat, every process).
Run it on an otherwise idle machine."""
import argparse
import collections
import json
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from main_thread import ARGS, CHROMIUM, Served, built_site  # noqa: E402
from timeline import busy_seconds  # noqa: E402

# N moves by the page's own click handlers: a click on the first target (or choice), then wait until the
# page has drawn the answer (body[data-pending] cleared, see tests/e2e/settle.py); a click that only
# selects a piece changes no move count, and the next click goes on
PLAY = """async (n) => {
  const settled = () => new Promise((done) => {
    const look = () => document.body.dataset.pending === '1' ? setTimeout(look, 1) : done();
    look(); });
  const count = () => document.querySelectorAll('#movelist button').length;
  for (let i = 0; i < n; i++) {
    const before = count();
    for (let k = 0; k < 6 && count() === before; k++) {
      const el = document.querySelector('#board [data-cell].target') || document.querySelector('#choices button');
      if (!el) return i;
      el.dispatchEvent(new MouseEvent('click', {bubbles: true}));
      await settled();
    }
    if (count() === before) return i;
  }
  return n;
}"""
LAYOUT = ("UpdateLayoutTree", "Layout")
PAINT = ("PrePaint", "Paint", "Layerize", "UpdateLayer", "Commit")


def costs(trace: str) -> dict:
    """ms of each kind of main-thread and worker work in the trace."""
    with open(trace) as f:
        data = json.load(f)
    events = data["traceEvents"] if isinstance(data, dict) else data
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    out: collections.Counter = collections.Counter()
    for e in events:
        if e.get("ph") != "X" or "dur" not in e:
            continue
        thread, ms, name = names.get((e["pid"], e["tid"]), ""), e["dur"] / 1000, e["name"]
        if thread == "CrRendererMain":
            if name == "FunctionCall" and e.get("args", {}).get("data", {}).get("url", "").endswith("micropython.mjs"):
                out["python"] += ms
            elif name in LAYOUT:
                out["style+layout"] += ms
            elif name in PAINT:
                out["paint"] += ms
            elif name == "ThreadControllerImpl::RunTask":
                out["main thread"] += ms
        elif thread.startswith("DedicatedWorker") and name == "FunctionCall":
            out["worker"] += ms
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=12)
    ap.add_argument("--games", default="blockade,snorkels,weltreich,drei")
    ap.add_argument("--no-build", action="store_true", help="measure dist/ as it is")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    dist = built_site(args.no_build, "movecost")
    srv = Served(dist)
    trace = os.path.join(tempfile.mkdtemp(prefix="spielkiste-movecost-trace-"), "trace.json")
    kinds = ("python", "style+layout", "paint", "main thread", "worker")
    print(f"ms per move ({args.moves} moves a game, a game between humans, the page's own clicks)")
    print(f"{'game':<11}" + "".join(f"{k:>14}" for k in kinds) + f"{'machine CPU':>14}")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 860}, service_workers="block")
            page.goto(srv.url + "#sprung?v=1")
            page.wait_for_selector("body[data-ready='1'][data-ai='ready']", timeout=120000)
            for game in args.games.split(","):
                page.evaluate(f"location.hash = '{game}?v=1'")
                page.wait_for_function(f"window.spielkiste().startsWith('{game}')", timeout=30000)
                time.sleep(0.5)
                browser.start_tracing(page=page, path=trace, categories=["devtools.timeline", "toplevel"])
                cpu = busy_seconds()
                played = page.evaluate(PLAY, args.moves)
                cpu = busy_seconds() - cpu
                browser.stop_tracing()
                got = costs(trace)
                n = max(played, 1)
                print(f"{game:<11}" + "".join(f"{got[k] / n:14.1f}" for k in kinds) + f"{1000 * cpu / n:14.0f}"
                      + ("" if played == args.moves else f"   (the game ended after {played} moves)"))
            browser.close()
    finally:
        srv.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
