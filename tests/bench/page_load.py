#!/usr/bin/env python3
"""Page-load times of the built site against a bare PyScript "hello" page, in headless Chromium.

  python tests/bench/page_load.py [--runs 3] [--nosw] [--wheel] [--timeout 120] [--json] [--bytes-only]

Builds the site with build.py's own build() (the same as `python build.py build`, but into a temp
folder, so a dist/ that someone else is serving or testing is left alone), and next to it a bare page
made from the same vendored files (vendor/pyodide, vendor/pyscript): an index.html whose one
<script type="py"> writes "hello" into the DOM, and a pyscript.toml with the same interpreter line
and nothing else. Each folder is served on 127.0.0.1 by build.make_server.

Debian's Chromium (/usr/bin/chromium, never `playwright install`) is driven by Playwright for Python.
Every run starts a fresh browser profile (no HTTP cache, no service worker) and loads the page: "cold";
then the browser is closed and started again on the same profile and the page loaded again: "warm"
(our page is then answered by its service worker, which boot.js registers once the AI worker has
settled; before closing, the cold run waits until boot.js reports it ready), and once more: "return"
(the warm visit waits until boot.js's worker has made this build's Python snapshot, so the return visit
starts Python from it, as a player's third visit does; the bare page has no snapshot). Times are from
navigation start (performance.now() in the page):
  ready  our page: document.body.dataset.ready == "1" (board drawn and clickable);
         the bare page: "hello" is in the DOM
  ai     our page: document.body.dataset.ai == "ready" (AI worker booted, after the board is drawn)
  board  our page: the first frame with a board on screen (boot.js's early board, or Python's if none)
  longest task: the longest main-thread task (Long Tasks API) from navigation start to "ready", and
         the blocking time (the sum of each task's time beyond 50 ms, as Lighthouse's TBT counts it)
  our Python's own share: from the first request PyScript makes after the interpreter has booted
  (spielkiste.zip; in the wheel variant micropip's wheel) to "ready": less sensitive to machine load
  than the totals, which are dominated by Pyodide's boot. (A warm load of the wheel variant has no such
  mark: PyScript's package cache then skips micropip and fetches the wheel while Pyodide boots.)
The pages alternate (site, hello, site, hello...) so both see the same machine load. Prints the
medians, the ratios site/hello (goals: clickable <= 1.05x, AI worker ready <= 1.3x the bare page's
"hello"; the board on screen within 1.0 s cold, 0.5 s warm), the sizes of dist/ (raw and gzip), and
any request that left 127.0.0.1 (there must be none).

Bytes over the wire (counted at the server, which sends no compression; each in a fresh profile on disk):
the site's first visit until its offline copy is ready, against the bytes the page downloads itself before
registering the service worker (goal <= 1.05x; and how many of the worker's requests reached the server);
an embed's first view (index.html?embed#snorkels) in a frame of a host page on another site (localhost),
and what it leaves in the frame's storage (navigator.storage.estimate(), caches, service workers,
localStorage, IndexedDB), against the bare PyScript page in the same kind of frame (goal <= 1.05x).
--bytes-only measures only these.

--nosw adds the same site without its service worker (sw.js left out, boot.js's registration fails
softly): the warm load then comes from the HTTP cache, as for the bare page, which separates the cost of
the service worker from that of our Python start-up.

--wheel adds another page, a separate experiment that does not change the site: the same site, but our
packages shipped as a wheel (spielkiste-0-py3-none-any.whl) that PyScript installs with micropip
(`packages = ["./spielkiste-0-py3-none-any.whl"]` instead of the zip in [files]). micropip and
packaging then have to be vendored into vendor/pyodide (pinned PyPI wheels, fetched with `pip download`),
and since they are not byte-identical to Pyodide's own builds, the copied pyodide-lock.json is rewritten
with their file names and sha256 (see shared/platform/PYODIDE.md)."""
import argparse
import base64
import csv
import hashlib
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
import build  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic",
        "--no-first-run", "--disable-component-update", "--disable-sync"]
GOAL = 1.05          # site ready / hello ready
GOAL_AI = 1.3        # site AI worker ready / hello ready
GOAL_BOARD = {"cold": 1.0, "warm": 0.5}     # seconds to the first frame with the board
# a fresh profile; the next visit (the offline copy serves it, and boot.js makes the Python snapshot then);
# the visit after that, which starts Python from the snapshot
PHASES = ("cold", "warm", "return")
GOAL_WIRE = 1.05     # bytes: a first visit with its offline copy / the page's own; an embed / the bare page
MICROPIP_WHEELS = ["micropip==0.11.1", "packaging==26.1"]   # the versions the pinned pyodide-lock.json names

HELLO_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>hello</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="./vendor/pyscript/core.css">
  <script type="module" src="./vendor/pyscript/core.js"></script>
</head>
<body>
  <p id="out"></p>
  <script type="py" config="./pyscript.toml">
from pyscript import document
document.getElementById("out").textContent = "hello"
  </script>
</body>
</html>
"""

# Runs before any script of the page: stamps performance.now() when the milestones appear.
MARKS_JS = """
(() => {
  const marks = (window.__marks = {});
  const check = () => {
    const b = document.body;
    if (!b) return;
    if (!marks.ready && (b.dataset.ready === "1" || (document.getElementById("out") || {}).textContent === "hello"))
      marks.ready = performance.now();
    if (!marks.ai && b.dataset.ai === "ready") marks.ai = performance.now();
    if (!marks.offline && document.documentElement.dataset.offline === "ready") marks.offline = performance.now();
    if (!marks.board_dom && document.querySelector("#board svg")) {
      marks.board_dom = performance.now();
      requestAnimationFrame(() => { marks.board = performance.now(); });   // the frame that shows it
    }
  };
  const tasks = (window.__tasks = []);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!marks.ready) tasks.push([e.startTime, e.duration]);
    }).observe({type: "longtask", buffered: true});
  } catch (e) { /* no Long Tasks API */ }
  new MutationObserver(check).observe(document, {subtree: true, childList: true, characterData: true,
                                                 attributes: true});
})();
"""


BOOTED_JS = """() => {
  const t = performance.getEntriesByType("resource")
    .filter(e => /spielkiste\\.zip$|micropip-[^/]*\\.whl$/.test(e.name)).map(e => e.startTime);
  return t.length ? Math.min(...t) : null;
}"""


def interpreter_line(toml_path: str) -> str:
    with open(toml_path) as f:
        for line in f:
            if line.strip().startswith("interpreter"):
                return line.strip()
    raise SystemExit(f"{toml_path} has no interpreter line")


def build_site(dest: str) -> str:
    dist = os.path.join(dest, "site")
    build.DIST = dist
    build.build()
    return dist


def build_hello(dist: str, dest: str) -> str:
    hello = os.path.join(dest, "hello")
    shutil.copytree(os.path.join(dist, "vendor"), os.path.join(hello, "vendor"))
    with open(os.path.join(hello, "index.html"), "w") as f:
        f.write(HELLO_HTML)
    with open(os.path.join(hello, "pyscript.toml"), "w") as f:      # Pyodide itself, not our snapshot loader
        f.write(interpreter_line(os.path.join(dist, "pyscript.toml")).replace("start.mjs", "pyodide.mjs") + "\n")
    return hello


def make_wheel(path: str) -> str:
    """py/spielkiste and py/spielkiste_web as a minimal pure-Python wheel (deterministic)."""
    name = "spielkiste-0-py3-none-any.whl"
    files = []
    for pkg in build.PACKAGES:
        base = os.path.join(ROOT, "py", pkg)
        for dirpath, dirnames, filenames in sorted(os.walk(base)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for fn in sorted(filenames):
                if fn.endswith(".py"):
                    full = os.path.join(dirpath, fn)
                    with open(full, "rb") as f:
                        files.append((os.path.relpath(full, os.path.join(ROOT, "py")).replace(os.sep, "/"), f.read()))
    files.append(("spielkiste-0.dist-info/METADATA", b"Metadata-Version: 2.1\nName: spielkiste\nVersion: 0\n"))
    files.append(("spielkiste-0.dist-info/WHEEL",
                  b"Wheel-Version: 1.0\nGenerator: page_load.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"))
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    for arc, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        w.writerow([arc, f"sha256={digest}", len(data)])
    w.writerow(["spielkiste-0.dist-info/RECORD", "", ""])
    files.append(("spielkiste-0.dist-info/RECORD", out.getvalue().encode()))
    with zipfile.ZipFile(os.path.join(path, name), "w", zipfile.ZIP_DEFLATED) as z:
        for arc, data in files:
            z.writestr(zipfile.ZipInfo(arc, (2020, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    return name


def build_nosw(dist: str, dest: str) -> str:
    site = os.path.join(dest, "nosw")
    shutil.copytree(dist, site, ignore=shutil.ignore_patterns("sw.js"))
    return site


def build_wheel_site(dist: str, dest: str) -> str:
    site = os.path.join(dest, "wheel")
    shutil.copytree(dist, site, ignore=shutil.ignore_patterns("spielkiste.zip", "sw.js"))
    wheel = make_wheel(site)
    # micropip + packaging from PyPI, registered in the copied lock file under their own sha256
    cache = os.path.join(ROOT, ".cache", "micropip-wheels")
    os.makedirs(cache, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
                    "--only-binary=:all:", "--python-version", "3.14", "--no-deps", "-d", cache,
                    *MICROPIP_WHEELS], check=True)
    lock_path = os.path.join(site, "vendor", "pyodide", "pyodide-lock.json")
    with open(lock_path) as f:
        lock = json.load(f)
    for spec in MICROPIP_WHEELS:
        name, version = spec.split("==")
        fn = next(f for f in os.listdir(cache) if f.startswith(f"{name}-{version}-") and f.endswith(".whl"))
        shutil.copyfile(os.path.join(cache, fn), os.path.join(site, "vendor", "pyodide", fn))
        with open(os.path.join(cache, fn), "rb") as f:
            sha = hashlib.sha256(f.read()).hexdigest()
        entry = lock["packages"][name]
        entry.update(file_name=fn, sha256=sha, version=version)
    with open(lock_path, "w") as f:
        json.dump(lock, f)
    toml_path = os.path.join(site, "pyscript.toml")
    with open(toml_path) as f:
        toml = f.read()
    head = toml.split("[files]")[0].rstrip() + "\n"
    with open(toml_path, "w") as f:
        f.write(head + f'packages = ["./{wheel}"]\n')
    # no service worker in this variant (its file list would be that of the zip site): boot.js's
    # registration fails softly; compare it with --nosw, the zip site without a service worker
    return site


class Served:
    def __init__(self, directory: str):
        os.environ["SPIELKISTE_QUIET"] = "1"
        self.log: list = []      # (path, bytes) of every body sent: the bytes over the wire
        self.httpd = build.make_server(directory, 0, log=self.log)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def load(pw, profile: str, url: str, is_site: bool, timeout: float, foreign: list, wait_offline: bool,
         wait_snapshot: bool = False) -> dict:
    ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS, headless=True,
                                                viewport={"width": 1280, "height": 860})
    try:
        ctx.add_init_script(MARKS_JS)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        ctx.on("request", lambda r: foreign.append(r.url)
                if not r.url.startswith(("http://127.0.0.1", "data:", "blob:")) else None)
        marks = {}
        page.goto(url, wait_until="commit")
        page.wait_for_function("window.__marks && window.__marks.ready", timeout=timeout * 1000)
        if is_site:
            page.wait_for_function("window.__marks.ai", timeout=timeout * 1000)
            if wait_offline:
                # boot.js sets this once the service worker is active, i.e. after its install precached every file
                page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=timeout * 1000)
            if wait_snapshot:
                # boot.js sets this once its worker has made (or found) this build's Python snapshot
                page.wait_for_function("document.documentElement.dataset.snapshot", timeout=timeout * 1000)
                marks["snapshot"] = page.evaluate("document.documentElement.dataset.snapshot")
            marks["restored"] = page.evaluate("window.spielkisteSnapshot ? 1 : 0")
        marks = {**page.evaluate("window.__marks"), **marks} if is_site else page.evaluate("window.__marks")
        tasks = page.evaluate("window.__tasks")
        if tasks:
            marks["longest"] = max(d for _, d in tasks)
            marks["blocking"] = sum(max(0, d - 50) for _, d in tasks)
        if is_site:
            # PyScript fetches [files]/packages only once the interpreter has booted: the first such
            # request marks the end of Pyodide's own start-up on the main thread
            booted = page.evaluate(BOOTED_JS)
            if booted is not None:
                marks["booted"] = booted
        if errors:
            raise RuntimeError(f"page errors at {url}: {errors}")
        return {k: v / 1000 if k not in ("snapshot", "restored") else v for k, v in marks.items()}
    finally:
        ctx.close()


# Bytes over the wire, counted at the server (it sends no compression: the bodies are the files), each
# in a fresh browser profile on disk with its HTTP cache, as a player's.
STORAGE_JS = """async () => {
  const out = {};
  const get = async (key, fn) => { try { out[key] = await fn(); } catch (e) { out[key] = e.name; } };
  await get("usage", async () => (await navigator.storage.estimate()).usage);
  await get("caches", () => caches.keys());
  await get("workers", async () => (await navigator.serviceWorker.getRegistrations()).length);
  await get("localStorage", () => Object.keys(localStorage));
  await get("indexedDB", async () => {       // boot.js's wrapper has only open(): ask a blank frame's
    let idb = indexedDB;
    if (!idb.databases) idb = document.body.appendChild(document.createElement("iframe")).contentWindow.indexedDB;
    return (await idb.databases()).map((d) => d.name);
  });
  return out;
}"""
HOST_HTML = """<!doctype html><html><head><meta charset="utf-8"><title>host</title><link rel="icon" href="data:,">
</head><body><iframe id="game" src="{src}" width="420" height="560" title="game"></iframe></body></html>"""
SETTLED = "document.body && (document.body.dataset.ai === 'ready' || document.body.dataset.ai === 'page')"


def first_visit(pw, tmp: str, srv: Served, timeout: float) -> dict:
    """The site's first visit until its offline copy is ready: the bytes the page downloads itself
    (everything before the service worker's registration, which waits for the AI worker) and in all."""
    profile = tempfile.mkdtemp(prefix="profile-", dir=tmp)
    ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS, headless=True)
    try:
        del srv.log[:]
        page = ctx.new_page()
        page.goto(srv.url)
        page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=timeout * 1000)
        paths = [p for p, n in srv.log if n]
        start = [p for p, _ in srv.log].index("/sw.js")
        worker = srv.log[start:]
        return {"own": sum(n for _, n in srv.log[:start]), "total": sum(n for _, n in srv.log),
                "twice": len(paths) - len(set(paths)), "worker requests": len(worker),
                "worker revalidations": sum(1 for _, n in worker if n == 0)}
    finally:
        ctx.close()


def framed(pw, tmp: str, srv: Served, src: str, ready: str, timeout: float) -> dict:
    """A first view of `src` (on srv, 127.0.0.1) in a frame of a host page on another site
    (localhost): the bytes over the wire, and what the frame leaves in the browser's storage. The
    profile lets frames store (third-party cookies allowed; the frame's storage is partitioned by the
    host's site): where the browser blocks that, nothing is left and the bare PyScript page never starts."""
    host_dir = tempfile.mkdtemp(prefix="host-", dir=tmp)
    with open(os.path.join(host_dir, "index.html"), "w") as f:
        f.write(HOST_HTML.format(src=srv.url + src))
    host = Served(host_dir)
    profile = tempfile.mkdtemp(prefix="profile-", dir=tmp)
    os.makedirs(os.path.join(profile, "Default"))
    with open(os.path.join(profile, "Default", "Preferences"), "w") as f:
        json.dump({"profile": {"cookie_controls_mode": 0}}, f)
    ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS, headless=True)
    try:
        del srv.log[:]
        page = ctx.new_page()
        page.goto(host.url.replace("127.0.0.1", "localhost"))
        page.wait_for_function("document.querySelector('iframe').contentWindow", timeout=timeout * 1000)
        frame = next(f for f in page.frames if f.url.startswith(srv.url))
        frame.wait_for_function(ready, timeout=timeout * 1000)
        page.wait_for_timeout(3000)              # anything the frame does once it is ready
        return {"bytes": sum(n for _, n in srv.log), "storage": frame.evaluate(STORAGE_JS)}
    finally:
        ctx.close()
        host.stop()


def wire(pw, tmp: str, servers: dict, timeout: float) -> dict:
    hello_ready = "(document.getElementById('out') || {}).textContent === 'hello'"
    return {"first visit": first_visit(pw, tmp, servers["site"], timeout),
            "embed": framed(pw, tmp, servers["site"], "index.html?embed#snorkels",
                            "document.body.dataset.ready === '1' && " + SETTLED, timeout),
            "hello framed": framed(pw, tmp, servers["hello"], "", hello_ready, timeout)}


def print_wire(w: dict) -> None:
    v = w["first visit"]
    ratio = v["total"] / v["own"]
    print(f"site first visit: {v['total'] / 1e6:.2f} MB over the wire until the offline copy is ready; "
          f"the page's own downloads {v['own'] / 1e6:.2f} MB; ratio {ratio:.3f}x "
          f"({'ok' if ratio <= GOAL_WIRE else 'ABOVE'} goal <= {GOAL_WIRE}x); files sent twice: {v['twice']}; "
          f"requests from sw.js on: {v['worker requests']}, of them answered '304 Not Modified': "
          f"{v['worker revalidations']}")
    for kind in ("embed", "hello framed"):
        b, st = w[kind]["bytes"], w[kind]["storage"]
        print(f"{kind + ' (first view, cross-site frame)':<44}{b / 1e6:6.2f} MB over the wire; storage left: "
              f"{st.get('usage')} bytes, caches {st.get('caches')}, service workers {st.get('workers')}, "
              f"localStorage {st.get('localStorage')}, IndexedDB {st.get('indexedDB')}")
    r = w["embed"]["bytes"] / w["hello framed"]["bytes"]
    verdict = "ok" if r <= GOAL_WIRE else "ABOVE"
    print(f"ratio embed/bare PyScript page (bytes): {r:.3f}x ({verdict} goal <= {GOAL_WIRE}x)")


def fmt(xs: list[float]) -> str:
    return f"{statistics.median(xs):6.2f}" if xs else "     -"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="cold, warm and return visits per page (default 3)")
    ap.add_argument("--timeout", type=float, default=120, help="seconds a page may take to get ready")
    ap.add_argument("--nosw", action="store_true", help="also measure the site without its service worker")
    ap.add_argument("--wheel", action="store_true", help="also measure the engine shipped as a micropip wheel")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--bytes-only", action="store_true", help="only the bytes over the wire and the embed's storage")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    tmp = tempfile.mkdtemp(prefix="spielkiste-pageload-")
    try:
        dist = build_site(tmp)
        pages = {"site": dist, "hello": build_hello(dist, tmp)}
        if args.nosw:
            pages["nosw"] = build_nosw(dist, tmp)
        if args.wheel:
            pages["wheel"] = build_wheel_site(dist, tmp)
        raw, gz = build.size_of(dist)
        servers = {k: Served(d) for k, d in pages.items()}
        times = {k: {"cold": [], "warm": [], "return": []} for k in pages}
        foreign = []
        with sync_playwright() as pw:
            wired = wire(pw, tmp, servers, args.timeout)
            for run in range(0 if args.bytes_only else args.runs):
                for kind, srv in servers.items():
                    profile = tempfile.mkdtemp(prefix="profile-", dir=tmp)
                    is_site = kind != "hello"
                    for phase in PHASES:
                        m = load(pw, profile, srv.url, is_site, args.timeout, foreign,
                                 wait_offline=(kind == "site" and phase == "cold"),
                                 wait_snapshot=(kind == "site" and phase == "warm"))
                        times[kind][phase].append(m)
                        extra = f"  ai {m['ai']:.2f} s" if "ai" in m else ""
                        extra += f"  board {m['board']:.2f} s" if "board" in m else ""
                        extra += f"  longest task {1000 * m['longest']:.0f} ms" if "longest" in m else ""
                        extra += "  (Python from the snapshot)" if m.get("restored") else ""
                        print(f"run {run + 1} {kind:<5} {phase}: ready {m['ready']:.2f} s{extra}", flush=True)
                    shutil.rmtree(profile, ignore_errors=True)
        for s in servers.values():
            s.stop()
        if args.bytes_only:
            print_wire(wired)
            return 0

        def med(kind, phase, key):
            return [m[key] for m in times[kind][phase] if key in m]

        def row(label, kind, key, scale=1.0):
            print(f"{label:<34}" + " ".join(fmt([scale * x for x in med(kind, ph, key)]) for ph in PHASES))

        print()
        print(f"medians of {args.runs} runs (seconds from navigation start; Chromium headless, 2 shared cores)")
        print(f"{'page':<34}" + "".join(f"{ph:>7}" for ph in PHASES))
        row("bare PyScript hello: hello shown", "hello", "ready")
        row("site: board clickable", "site", "ready")
        row("site: AI worker ready", "site", "ai")
        for kind in [k for k in pages if k != "hello"]:
            row(kind + ": board on screen", kind, "board")
        for kind in pages:
            row(kind + ": longest task to ready (ms)", kind, "longest", 1000)
            row(kind + ": blocking time to ready (ms)", kind, "blocking", 1000)
        for kind in [k for k in pages if k != "hello"]:
            for ph in PHASES:
                for m in times[kind][ph]:
                    if "booted" in m:
                        m["python"] = m["ready"] - m["booted"]
            row(kind + ": Pyodide booted -> clickable", kind, "python")
        if args.nosw:
            row("no-SW site: board clickable", "nosw", "ready")
            row("no-SW site: AI worker ready", "nosw", "ai")
        if args.wheel:
            row("wheel variant: board clickable", "wheel", "ready")
            row("wheel variant: AI worker ready", "wheel", "ai")
        restored = [m.get("restored", 0) for m in times["site"]["return"]]
        print(f"site: return visits started from the Python snapshot: {sum(restored)} of {len(restored)}")
        for phase in PHASES:
            hello = statistics.median(med("hello", phase, "ready"))
            ratio = statistics.median(med("site", phase, "ready")) / hello
            print(f"ratio site/hello {phase}: {ratio:.2f}x  ({'ok' if ratio <= GOAL else 'ABOVE'} goal <= {GOAL}x)")
            r_ai = statistics.median(med("site", phase, "ai")) / hello
            verdict = "ok" if r_ai <= GOAL_AI else "ABOVE"
            print(f"ratio site AI ready/hello {phase}: {r_ai:.2f}x  ({verdict} goal <= {GOAL_AI}x)")
            goal_board = GOAL_BOARD["cold" if phase == "cold" else "warm"]
            board = statistics.median(med("site", phase, "board") or [float("inf")])
            print(f"site board on screen {phase}: {board:.2f} s  ({'ok' if board <= goal_board else 'ABOVE'} "
                  f"goal <= {goal_board} s)")
            if args.nosw:
                r2 = statistics.median(med("nosw", phase, "ready")) / hello
                print(f"ratio no-SW site/hello {phase}: {r2:.2f}x")
                r3 = statistics.median(med("nosw", phase, "ai")) / hello
                print(f"ratio no-SW site AI ready/hello {phase}: {r3:.2f}x")
            if args.wheel:
                base = "nosw" if args.nosw else "site"
                r2 = statistics.median(med("wheel", phase, "ready")) / statistics.median(med(base, phase, "ready"))
                print(f"ratio wheel/zip ({'both without SW' if args.nosw else 'wheel without SW'}) {phase}: {r2:.2f}x")
        print_wire(wired)
        print(f"dist/: {raw / 1e6:.2f} MB raw, {gz / 1e6:.2f} MB gzip")
        print("machine load average (1, 5, 15 min) at the end: " + ", ".join(f"{x:.1f}" for x in os.getloadavg())
              + f" on {os.cpu_count()} cores")
        print(f"requests that left 127.0.0.1: {len(foreign)}" + (f" {sorted(set(foreign))[:5]}" if foreign else ""))
        if args.json:
            print(json.dumps({"times": times, "wire": wired, "dist_raw": raw, "dist_gzip": gz, "foreign": foreign}))
        return 1 if foreign else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
