#!/usr/bin/env python3
"""The search's iterations per second in the page's engine worker, in headless Chromium, idle and with
DevTools' 4x CPU slowdown for a phone (issue 53: PAGE_RATE sets the top level's iterations).

  flock /tmp/e2e.lock python tests/bench/page_rate.py [--game snorkels,drei] [--no-build]

Builds the site into a temp folder (--no-build: dist/ as it is), serves it on 127.0.0.1 and opens it in
Debian's Chromium (Playwright). The page's own engine worker is then asked, as the page asks it, to open
each two-player game's start and a midgame position (MID_PLY plies of a quick self-play) with the
computer to move at the top level and to search it afresh in `think` slices until done: the top level's
iterations (levels.iterations(gid, TOP_LEVEL)). Timed per position: the wall seconds
(performance.now in the page, the requests' round trips included) and the CPU seconds of the worker's
own thread (/proc/<renderer>/task/<thread>/schedstat: on a loaded machine a thread's wall time counts
its wait for a core, its CPU time does not). Each position is searched idle and with
Emulation.setCPUThrottlingRate 4 on the page.

That throttle is Blink's ThreadCPUThrottler, which slows the one thread that set it (the page's main
thread: a signal handler that spins); a worker target refuses the command ("only supported for pages").
The bench shows both: the answer of the worker target, and a fixed loop timed in the worker and on the
main thread, idle and throttled. So the phone's figure is the worker's CPU seconds x 4, the slowdown the
throttle gives the thread it reaches; the throttled search's wall time is printed beside it."""
import argparse
import json
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "py"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from spielkiste.ai import levels  # noqa: E402
from spielkiste.ai.mcts import Search  # noqa: E402
from spielkiste.ai.players import Player  # noqa: E402
from spielkiste.registry import GAMES  # noqa: E402
from main_thread import Served, built_site  # noqa: E402
from strength import two_player_games  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
SLOWDOWN = 4
MID_PLY = 16                # the midgame position: this many plies of self-play at MID_SPEC (fewer if it ends)
MID_SPEC = "mcts:300"
READY = "document.body && document.body.dataset.ready === '1' && document.body.dataset.ai === 'ready'"
LOOP = ("() => { const t = performance.now(); let x = 0; for (let i = 0; i < 2e7; i++) x = (x * 31 + i) % 1000003;"
        " return performance.now() - t + x * 0; }")
# the page's engine worker, asked as the page asks it (app.py's search: `think` slices until done)
ASK = """const worker = document.querySelector("script[type=py][worker]").xworker.sync;
  const ask = async (m) => { const a = JSON.parse(await worker.handle(JSON.stringify(m)));
                             if (a.error) throw new Error(a.error); return a; };"""
# another position searched first (the worker keeps the tree of the last search), then the one timed opened
PREPARE = """async ([other, open]) => { %s
  await ask(other);
  await ask({op: "think", seconds: 0.01, stop: true, id: 1});
  await ask(open);
}""" % ASK
SEARCH = """async (slice) => { %s
  const t = performance.now();
  let a, slices = 0;
  do { a = await ask({op: "think", seconds: slice, id: 2}); slices++; } while (!a.done);
  return {seconds: (performance.now() - t) / 1000, iterations: a.info.iterations, slices: slices, move: a.move};
}""" % ASK


def midgame(gid: str) -> list[str]:
    """The move texts of a seeded quick self-play, MID_PLY plies in, or fewer: the last position on the way
    that the search does not settle at once (a forced move or a proven result is not searched)."""
    rng = random.Random(f"page_rate:{gid}")
    state = GAMES[gid].new()
    players = [Player(MID_SPEC, rng.random()) for _ in range(state.num_players)]
    line: list[str] = []
    choice = 0
    while state.result is None and len(line) < MID_PLY:
        if open_question(state):
            choice = len(line)
        move = players[state.to_move].move(state)
        line.append(state.move_text(move))
        state.play(move)
    return line if state.result is None and open_question(state) else line[:choice]


def open_question(state) -> bool:
    search = Search(state.copy(), seed=1)
    search.run(iterations=2000)
    return not search.forced()


def children() -> dict[int, int]:
    """{pid: parent pid} of every process."""
    found = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    found[int(name)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                pass
    return found


def worker_thread() -> str:
    """The schedstat path of the engine worker's thread: a renderer of this process's own Chromium
    (a descendant of this process) whose thread is a dedicated worker."""
    parents = children()
    ours = {os.getpid()}
    grew = True
    while grew:
        more = {p for p, pp in parents.items() if pp in ours} - ours
        grew = bool(more)
        ours |= more
    hits = []
    for pid in ours:
        try:
            with open(f"/proc/{pid}/cmdline") as f:
                if "--type=renderer" not in f.read():
                    continue
            for tid in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{tid}/comm") as f:
                    if f.read().startswith("DedicatedWorker"):
                        hits.append(f"/proc/{pid}/task/{tid}/schedstat")
        except OSError:
            pass
    if len(hits) != 1:
        raise SystemExit(f"expected one dedicated worker thread in this browser, found {hits}")
    return hits[0]


def cpu(path: str) -> float:
    """The thread's seconds on a CPU (schedstat's first field: nanoseconds)."""
    with open(path) as f:
        return int(f.read().split()[0]) / 1e9


def search(page, thread: str, gid: str, line: list[str]) -> dict:
    """One position searched in the page's worker at the top level: wall and worker-CPU seconds."""
    n = GAMES[gid].new().num_players
    link = gid + ("?m=" + ",".join(line) if line else "")
    open_ = {"op": "open", "link": link, "seats": ["computer"] * n, "level": levels.TOP_LEVEL, "id": 0}
    other = {**open_, "link": "drei" if gid != "drei" else "snorkels", "seats": ["computer"] * 2}
    page.evaluate(PREPARE, [other, open_])
    c0 = cpu(thread)
    found = page.evaluate(SEARCH, 0.12)
    found["cpu"] = cpu(thread) - c0
    return found


def loops(page, thread: str) -> list[tuple[float, float]]:
    """The fixed loop's best of five, (wall ms, the thread's CPU ms): in the worker, on the page's main
    thread. The throttler's signal handler spins on the thread it slows, so a throttled thread's CPU
    time grows with its wall time, whatever the machine's load; a thread it does not reach keeps both."""
    main = thread.rsplit("/task/", 1)[0] + "/task/" + thread.split("/")[2] + "/schedstat"     # tid = pid
    found = []
    for run, path in ((page.workers[0].evaluate, thread), (page.evaluate, main)):
        best = []
        for _ in range(5):
            c0 = cpu(path)
            wall = run(LOOP)
            best.append((wall, 1000 * (cpu(path) - c0)))
        found.append(min(best))
    return found


def worker_throttle_answer(browser, page) -> str:
    """What the worker target answers to Emulation.setCPUThrottlingRate."""
    session = browser.new_browser_cdp_session()
    got: list[str] = []
    session.on("Target.receivedMessageFromTarget", lambda e: got.append(e["message"]))
    target = [t for t in session.send("Target.getTargets")["targetInfos"] if t["type"] == "worker"][0]
    sid = session.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": False})["sessionId"]
    for i, (method, params) in enumerate((("Runtime.evaluate", {"expression": "1"}),
                                          ("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN}))):
        session.send("Target.sendMessageToTarget", {"sessionId": sid, "message": json.dumps(
            {"id": 98 + i, "method": method, "params": params})})
    t0 = time.monotonic()
    while time.monotonic() - t0 < 10:
        for m in got:
            answer = json.loads(m)
            if answer.get("id") == 99:
                session.detach()
                return json.dumps(answer.get("error") or answer.get("result"))
        page.wait_for_timeout(50)          # (Playwright delivers events while it waits)
    session.detach()
    return "no answer in 10 s"


def summary(rows: dict[str, list[dict]]) -> None:
    """Per game: the start position's rate (PAGE_RATE's own measure: ladder.py --measure times the start)
    beside PAGE_RATE, and the top level's seconds a move, idle and at SLOWDOWN, from the slower of the
    positions searched to the level's end (a midgame proven sooner searches fewer, faster iterations)."""
    print(f"\n{'game':<11}{'start it/s':>11}{'PAGE_RATE':>10}{'ratio':>7}   top level: it, CPU s a move here, "
          f"at {SLOWDOWN}x (the slower position)")
    found = {}
    for gid, (start, *others) in rows.items():
        top = levels.iterations(gid, levels.TOP_LEVEL)
        full = [r for r in (start, *others) if r["iterations"] >= top]
        slowest = max(r["cpu"] / r["iterations"] for r in full or [start]) * top
        found[gid] = round(start["iterations"] / start["cpu"], 1)
        print(f"{gid:<11}{found[gid]:>11.0f}{levels.page_rate(gid):>10.0f}{found[gid] / levels.page_rate(gid):>7.2f}"
              f"   {top:>6} {slowest:>5.1f} s {SLOWDOWN * slowest:>5.1f} s")
    print(json.dumps({"page_rate": found}))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="", help="comma-separated game ids (default: every two-player game)")
    ap.add_argument("--no-build", action="store_true")
    args = ap.parse_args()
    games = args.game.split(",") if args.game else two_player_games()
    served = Served(built_site(args.no_build, "rate"))
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            ctx = browser.new_context(service_workers="block", locale="en-GB")
            page = ctx.new_page()
            page.goto(f"{served.url}#{games[0]}")
            page.wait_for_function(READY, timeout=180000)
            thread = worker_thread()
            cdp = ctx.new_cdp_session(page)
            idle = loops(page, thread)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
            slowed = loops(page, thread)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
            print(f"load average {os.getloadavg()[0]:.1f}; the fixed loop, best of 5, wall/CPU ms, idle -> the page "
                  f"at {SLOWDOWN}x:")
            for name, (a, b) in (("worker", (idle[0], slowed[0])), ("main thread", (idle[1], slowed[1]))):
                print(f"  {name:<12} {a[0]:5.0f}/{a[1]:4.0f} -> {b[0]:5.0f}/{b[1]:4.0f}   wall x{b[0] / a[0]:.2f}, "
                      f"CPU x{b[1] / max(a[1], 1):.2f}")
            answer = worker_throttle_answer(browser, page)
            print(f"the worker target's answer to Emulation.setCPUThrottlingRate: {answer}")
            print(f"{'game':<11}{'position':<9}{'iter':>7}{'wall s':>8}{'cpu s':>7}{'it/cpu s':>10}{'it/wall s':>10}"
                  f"{'wall s 4x':>10}{'cpu s 4x':>9}{'phone s':>9}", flush=True)
            rows: dict[str, list[dict]] = {}
            for gid in games:
                mid = midgame(gid)
                for where, line in (("start", []), (f"ply {len(mid)}", mid)):
                    plain = search(page, thread, gid, line)
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
                    try:
                        slow = search(page, thread, gid, line)
                    finally:
                        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
                    rows.setdefault(gid, []).append(plain)
                    print(f"{gid:<11}{where:<9}{plain['iterations']:>7}{plain['seconds']:>8.2f}{plain['cpu']:>7.2f}"
                          f"{plain['iterations'] / plain['cpu']:>10.0f}{plain['iterations'] / plain['seconds']:>10.0f}"
                          f"{slow['seconds']:>10.2f}{slow['cpu']:>9.2f}{SLOWDOWN * plain['cpu']:>9.1f}", flush=True)
            summary(rows)
        finally:
            browser.close()
            served.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
