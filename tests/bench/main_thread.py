#!/usr/bin/env python3
"""The main thread while Python starts and while a game is played (issue 30), in headless Chromium.

  python tests/bench/main_thread.py [--runs 3] [--games 10,50] [--skip start,embed,memory] [--no-build]

Builds the site with build.py's build() into a temp folder (a dist/ someone else serves or tests is
left alone; --no-build uses dist/ as it is) and serves it on 127.0.0.1 with build.make_server.
Debian's Chromium (never `playwright install`) through Playwright for Python. Prints:

  start   the app page (#snorkels): the longest main-thread task (Long Tasks API) and the blocking
          time (each task's time beyond 50 ms, as Lighthouse counts it) from navigation until the
          board is playable (body[data-ready=1]; the engine worker has answered), then during play
          (six moves clicked, the computer answering each); the time to playable. A first visit
          (fresh profile) and a return visit (the same profile, started again: HTTP cache, offline
          copy and, if boot.js made it, the Pyodide snapshot in the worker).
  embed   a host page on another site (localhost) with the board in a frame (127.0.0.1/?embed#snorkels),
          Chromium with --disable-site-isolation-trials (as most Android phones: the frame shares the
          host's renderer and main thread): the host page's longest task and longest gap between
          animation frames until the frame posts "ready", and that it did.
  memory  the tab's renderer (RSS from /proc of the renderer processes of this browser, the largest:
          the page and its workers) and the engine worker's WebAssembly memory after N games (each: a new
          game of the next of the ten games, three moves clicked with the computer answering), for each N
          of --games.
  size    dist/ raw and gzip (goal <= 7.5 MB gzip).
--cpu traces each app-page visit (Chromium's trace, devtools.timeline categories and the CPU profiler)
and prints, beside the Long Tasks API's wall-clock durations, the CPU time of the main thread's longest
tasks (on a loaded machine a task's wall time counts the time its thread waited for a core, its CPU time
does not) and the named JS functions most of each task's samples fall in (what to split or shrink).
Goals (issue 30): no task over 150 ms; RSS <= 230 MB after 10 games and no growth to 50."""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "py"))
import build  # noqa: E402
from spielkiste.registry import GAMES  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic",
        "--no-first-run", "--disable-component-update", "--disable-sync"]
GOAL_TASK_MS = 150
GOAL_RSS_MB = 230
GOAL_GZIP_MB = 7.5

# before any script: long tasks with a phase label the bench sets (window.__phase), and the gaps
# between animation frames
PROBE = """
(() => {
  window.__phase = "start";
  const tasks = (window.__tasks = []);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push([window.__phase, e.startTime, e.duration]);
  }).observe({type: "longtask", buffered: true});
  if (window.top !== window) return;
  window.__gap = 0;
  let last = performance.now();
  const frame = (t) => { window.__gap = Math.max(window.__gap, t - last); last = t; requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})();
"""
HOST = """<!doctype html><html><head><meta charset="utf-8"><title>host</title><link rel="icon" href="data:,">
<script src="host.js"></script></head><body><h1>Another site</h1><p>A paragraph of the host's own.</p>
<iframe id="game" src="SRC" width="420" height="480" style="border:0" title="board"></iframe></body></html>"""
HOST_JS = """window.events = [];
window.addEventListener("message", function (e) {
  if (e.data && e.data.source === "spielkiste") {
    window.events.push(e.data.type);
    if (e.data.type === "ready" && !window.__ready) { window.__ready = performance.now(); window.__phase = "after"; }
  }
});"""


def built_site(no_build: bool, name: str) -> str:
    """The site a bench measures: dist/ as it is (--no-build), else a fresh build in a folder of its own
    (dist/ left alone)."""
    if not no_build:
        build.DIST = os.path.join(tempfile.mkdtemp(prefix=f"spielkiste-{name}-"), "site")
        build.build()
    return build.DIST


class Served:
    def __init__(self, directory: str):
        os.environ["SPIELKISTE_QUIET"] = "1"
        self.httpd = build.make_server(directory, 0)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def summary(tasks: list, phase: str) -> tuple[float, float]:
    """(longest task, blocking time) in ms of one phase's long tasks."""
    ds = [d for p, _, d in tasks if p == phase]
    return (max(ds) if ds else 0.0), sum(max(0.0, d - 50) for d in ds)


def play(page, count: int, timeout: float = 60.0) -> None:
    """Clicks `count` human moves on squares the page marks as targets (or a choice), waiting for the
    computer's answer after each."""
    for _ in range(count):
        before = page.locator("#movelist button").count()
        deadline = time.time() + timeout
        while page.locator("#movelist button").count() <= before:
            if time.time() > deadline:
                raise RuntimeError("no move was played")
            if page.locator("#result:not([hidden])").count():
                return
            button, cell = page.locator("#choices button"), page.locator("[data-cell].target")
            if cell.count():
                cell.first.click()
            elif button.count():
                button.first.click()
            page.wait_for_timeout(150)
        page.wait_for_function("() => document.body.dataset.thinking !== '1'", timeout=timeout * 1000)
        page.wait_for_timeout(200)


class Trace:
    """Chromium's trace of one page (CDP), for the CPU time of its main thread's tasks."""

    def __init__(self, ctx, page):
        self.cdp, self.events, self.done = ctx.new_cdp_session(page), [], []
        self.cdp.on("Tracing.dataCollected", lambda p: self.events.extend(p["value"]))
        self.cdp.on("Tracing.tracingComplete", lambda p: self.done.append(1))
        self.cdp.send("Tracing.start", {"traceConfig": {"includedCategories": [
            "devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-v8.cpu_profiler"]},
                                        "transferMode": "ReportEvents"})

    def long_tasks(self, page) -> list[tuple[float, float, str]]:
        """(wall ms, CPU ms, what ran) of every main-thread task over 50 ms (wall) of the renderer's main
        threads, the longest first; what ran: the JS functions most of the task's CPU samples are in
        (MicroPython's and Pyodide's own wasm functions have no names and are left out)."""
        self.cdp.send("Tracing.end")
        while not self.done:
            page.wait_for_timeout(100)
        mains = {(e["pid"], e["tid"]) for e in self.events
                 if e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
        samples = self.samples(mains)
        out = []
        for e in self.events:
            if ((e["pid"], e["tid"]) in mains and e.get("ph") == "X" and e.get("dur", 0) > 50000
                    and e["name"] in ("ThreadControllerImpl::RunTask", "RunTask")):
                out.append((e["dur"] / 1000, e.get("tdur", 0) / 1000,
                            top_functions(samples.get((e["pid"], e["tid"]), []), e["ts"], e["ts"] + e["dur"])))
        return sorted(out, reverse=True)

    def samples(self, mains) -> dict:
        """The CPU profiler's samples of each main thread: [(time, [function@file, ...] innermost first)]."""
        ids = {e["id"]: (e["pid"], e["tid"]) for e in self.events
               if e.get("name") == "Profile" and (e["pid"], e["tid"]) in mains}
        nodes: dict = {}
        clock = {i: e["args"]["data"].get("startTime", e["ts"]) for e in self.events if e.get("name") == "Profile"
                 for i in [e["id"]] if i in ids}
        out: dict = {}
        for e in self.events:
            if e.get("name") != "ProfileChunk" or e.get("id") not in ids:
                continue
            data = e["args"]["data"]
            profile = data.get("cpuProfile", {})
            for n in profile.get("nodes", []):
                frame = n["callFrame"]
                nodes[(e["id"], n["id"])] = ((frame.get("functionName") or "(anonymous)") + "@"
                                             + frame.get("url", "").rsplit("/", 1)[-1], n.get("parent"))
            for sample, delta in zip(profile.get("samples", []), data.get("timeDeltas", []), strict=True):
                clock[e["id"]] += delta
                stack, at = [], sample
                while (e["id"], at) in nodes:
                    name, at = nodes[(e["id"], at)]
                    stack.append(name)
                out.setdefault(ids[e["id"]], []).append((clock[e["id"]], stack))
        return out


def top_functions(samples: list, start: float, end: float, count: int = 4) -> str:
    """The named JS functions (with their files) in most of the samples between start and end."""
    seen: dict[str, int] = {}
    for at, stack in samples:
        if start <= at <= end:
            for name in set(stack):
                if not name.startswith(("wasm-function", "(root)", "(program)", "(idle)", "(anonymous)",
                                        "js-to-wasm", "wasm-to-js", "invoke_")):
                    seen[name] = seen.get(name, 0) + 1
    ranked = sorted(seen.items(), key=lambda kv: -kv[1])[:count]
    return ", ".join(f"{name} {n}" for name, n in ranked)


def start(pw, url: str, runs: int, cpu: bool = False) -> dict:
    out: dict = {"first": [], "return": []}
    for _ in range(runs):
        profile = tempfile.mkdtemp(prefix="spielkiste-bench-")
        for visit in ("first", "return"):
            ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS, headless=True,
                                                        viewport={"width": 1280, "height": 860})
            try:
                ctx.add_init_script(PROBE)
                page = ctx.pages[0] if ctx.pages else ctx.new_page()
                if cpu:                     # a page of the site first, so the trace follows its renderer
                    page.goto(url + "assets/icon.svg")
                    trace = Trace(ctx, page)
                page.goto(url + "#snorkels")
                page.wait_for_selector("body[data-ready='1']", timeout=120000)
                ready = page.evaluate("() => performance.now()")
                page.evaluate("() => { window.__phase = 'play'; }")
                page.wait_for_selector("body[data-ai='ready']", timeout=120000)
                play(page, 6)
                tasks = page.evaluate("() => window.__tasks")
                if visit == "first":      # the return visit is then answered by the offline copy
                    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'",
                                           timeout=120000)
                m = {"ready": ready}
                if cpu:
                    traced = trace.long_tasks(page)
                    m["cpu_longest"] = max((c for _, c, _ in traced), default=0.0)
                    print("  traced tasks over 50 ms (wall ms / CPU ms; the named JS functions in most samples):",
                          flush=True)
                    for w, c, what in traced[:8]:
                        print(f"    {w:4.0f} / {c:4.0f}  {what}", flush=True)
                m["start_longest"], m["start_blocking"] = summary(tasks, "start")
                m["play_longest"], m["play_blocking"] = summary(tasks, "play")
                out[visit].append(m)
                print(f"  {visit:<6} playable {ready:6.0f} ms; longest task to playable {m['start_longest']:4.0f} ms "
                      f"(blocking {m['start_blocking']:4.0f} ms); during play {m['play_longest']:4.0f} ms "
                      f"(blocking {m['play_blocking']:4.0f} ms)", flush=True)
            finally:
                ctx.close()
    return out


def embed(pw, srv: Served, runs: int) -> list:
    folder = tempfile.mkdtemp(prefix="spielkiste-host-")
    with open(os.path.join(folder, "index.html"), "w") as f:
        f.write(HOST.replace("SRC", srv.url + "?embed#snorkels"))
    with open(os.path.join(folder, "host.js"), "w") as f:
        f.write(HOST_JS)
    host = Served(folder)
    out = []
    try:
        for _ in range(runs):
            mark, args = marked()
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=[*args, "--disable-site-isolation-trials"])
            try:
                page = browser.new_page()
                page.add_init_script(PROBE)
                page.goto(host.url.replace("127.0.0.1", "localhost"))
                page.wait_for_function("() => window.__ready", timeout=120000)
                m = page.evaluate("() => ({ready: window.__ready, gap: window.__gap, tasks: window.__tasks})")
                m["longest"], m["blocking"] = summary(m.pop("tasks"), "start")
                m["renderers"] = len(renderers(browser_pid(mark)))
                out.append(m)
                print(f"  embed: frame ready (posted) at {m['ready']:6.0f} ms; host's longest task "
                      f"{m['longest']:4.0f} ms (blocking {m['blocking']:4.0f} ms); longest gap between frames "
                      f"{m['gap']:4.0f} ms; "
                      f"renderer processes {m['renderers']}", flush=True)
            finally:
                browser.close()
    finally:
        host.stop()
    return out


def marked() -> tuple[str, list[str]]:
    """A switch Chromium ignores but keeps on its command line, to find this browser among others."""
    mark = f"--spielkiste-bench={os.getpid()}-{time.monotonic_ns()}"
    return mark, [*ARGS, mark]


def browser_pid(mark: str) -> int:
    """The browser process (no --type=) started with `mark`."""
    ps = subprocess.run(["ps", "-eo", "pid,args"], capture_output=True, text=True).stdout.splitlines()[1:]
    return next(int(line.split()[0]) for line in ps if mark in line and "--type=" not in line)


def renderers(root: int) -> dict:
    """{pid: RSS in MB} of the renderer processes under the browser process `root`."""
    ps = subprocess.run(["ps", "-eo", "pid,ppid,rss,args"], capture_output=True, text=True).stdout.splitlines()[1:]
    rows = [line.split(None, 3) for line in ps]
    children: dict = {}
    for pid, ppid, _, _ in rows:
        children.setdefault(int(ppid), []).append(int(pid))
    under, todo = set(), [root]
    while todo:
        for c in children.get(todo.pop(), []):
            under.add(c)
            todo.append(c)
    return {int(pid): int(rss) / 1024 for pid, _, rss, args in rows
            if int(pid) in under and "--type=renderer" in args}


def worker_heap(page) -> str:
    """The engine worker's own share: its WebAssembly memory (Pyodide's heap, Python's objects in it)."""
    from soak import worker_memory
    found = worker_memory(page)
    return (f"the worker's wasm memory {found.get('wasm_bytes', 0) / 2**20:.1f} MiB, "
            f"{found.get('py_objects', 0)} Python objects")


def memory(pw, url: str, marks: list[int]) -> dict:
    mark, args = marked()
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=args)
    out = {}
    try:
        root = browser_pid(mark)
        page = browser.new_page(viewport={"width": 1280, "height": 860})
        page.goto(url + "#snorkels")
        page.wait_for_selector("body[data-ready='1'][data-ai='ready']", timeout=120000)
        out[0] = max(renderers(root).values())
        print(f"  after   0 games: the tab's renderer {out[0]:6.1f} MB RSS; {worker_heap(page)}", flush=True)
        for n in range(1, max(marks) + 1):
            gid = list(GAMES)[n % len(GAMES)]
            page.evaluate(f"() => {{ location.hash = '#{gid}'; }}")
            page.wait_for_function(f"() => document.body.dataset.ready === '1' && window.spielkiste && "
                                   f"window.spielkiste().startsWith('{gid}')", timeout=60000)
            page.wait_for_timeout(300)
            page.click("#btn-new")
            page.click("#newgame-start")
            page.wait_for_timeout(500)
            play(page, 3)
            if n in marks:
                page.wait_for_timeout(2000)
                rss = renderers(root)
                out[n] = max(rss.values())
                print(f"  after {n:3d} games: the tab's renderer {out[n]:6.1f} MB RSS (all renderers "
                      f"{sum(rss.values()):6.1f} MB); {worker_heap(page)}", flush=True)
    finally:
        browser.close()
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--games", default="10,50", help="after how many games the renderer's RSS is read")
    ap.add_argument("--skip", default="", help="comma-separated parts to leave out: start, embed, memory")
    ap.add_argument("--no-build", action="store_true", help="measure dist/ as it is")
    ap.add_argument("--cpu", action="store_true", help="also the CPU time of the longest main-thread tasks (trace)")
    args = ap.parse_args()
    skip = set(filter(None, args.skip.split(",")))
    from playwright.sync_api import sync_playwright

    dist = built_site(args.no_build, "mainthread")
    raw, gz = build.size_of(dist)
    srv = Served(dist)
    try:
        with sync_playwright() as pw:
            if "start" not in skip:
                print("app page, #snorkels:")
                s = start(pw, srv.url, args.runs, args.cpu)
            if "embed" not in skip:
                print("host page of another site with the embed, site isolation off:")
                e = embed(pw, srv, args.runs)
            if "memory" not in skip:
                print("memory:")
                mem = memory(pw, srv.url, [int(n) for n in args.games.split(",")])
    finally:
        srv.stop()
    print(f"\nmedians of {args.runs} runs (ms; goal: no task over {GOAL_TASK_MS} ms)")
    if "start" not in skip:
        for visit in ("first", "return"):
            for key in ("ready", "start_longest", "start_blocking", "play_longest", "play_blocking", "cpu_longest"):
                xs = [m[key] for m in s[visit] if key in m]
                if not xs:
                    continue
                verdict = "" if "longest" not in key else ("  ok" if max(xs) <= GOAL_TASK_MS else "  ABOVE goal")
                print(f"  {visit:<6} {key:<15} median {statistics.median(xs):6.0f}  max {max(xs):6.0f}{verdict}")
    if "embed" not in skip:
        for key in ("ready", "longest", "blocking", "gap"):
            xs = [m[key] for m in e]
            verdict = "" if key != "longest" else ("  ok" if max(xs) <= GOAL_TASK_MS else "  ABOVE goal")
            print(f"  embed host {key:<9} median {statistics.median(xs):6.0f}  max {max(xs):6.0f}{verdict}")
    if "memory" not in skip:
        print("  renderer RSS (MB) by games played: " + ", ".join(f"{n}: {v:.0f}" for n, v in sorted(mem.items())))
    print(f"dist: {raw / 1e6:.2f} MB raw, {gz / 1e6:.2f} MB gzip ({'ok' if gz / 1e6 <= GOAL_GZIP_MB else 'ABOVE'} "
          f"goal <= {GOAL_GZIP_MB} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
