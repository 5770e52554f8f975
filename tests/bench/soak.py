#!/usr/bin/env python3
"""Soak: many computer-vs-computer games in one tab, memory sampled as they go.

  python tests/bench/soak.py [--games 50] [--game snorkels] [--every 10]

Builds dist/, opens the game in headless Chromium with both seats set to the computer at the easiest
level, and starts the next game from the end-of-game panel ("Play again") each time one ends. Every
`--every` games it prints the page's JS heap (performance.memory after a forced GC) and the AI worker's
WebAssembly heap and live Python objects. Growth beyond noise over the run means a leak."""
import argparse
import json
import os
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)


def worker_memory(page) -> dict:
    """The engine worker's figures (session.py's `memory`: wasm_bytes, py_objects), asked through the
    page's window.spielkiste_memory(), which answers in window.spielkisteMemory."""
    page.evaluate("() => { window.spielkisteMemory = null; window.spielkiste_memory(); }")
    page.wait_for_function("window.spielkisteMemory", timeout=30000)
    return json.loads(page.evaluate("window.spielkisteMemory"))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--game", default="snorkels")
    ap.add_argument("--every", type=int, default=10)
    args = ap.parse_args()
    subprocess.run([sys.executable, "build.py", "build"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    import build
    os.environ["SPIELKISTE_QUIET"] = "1"
    srv = build.make_server(os.path.join(ROOT, "dist"), 0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--js-flags=--expose-gc", "--enable-precise-memory-info"])
        page = browser.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"http://127.0.0.1:{srv.server_address[1]}/index.html#{args.game}")
        page.wait_for_selector("body[data-ai='ready']", timeout=120000)
        page.click("#btn-new")
        for sel in page.query_selector_all("#newgame-seats select"):
            sel.select_option("computer")
        page.select_option("#level", "1")
        page.click("#newgame-start")
        t0 = time.time()
        print("games  minutes  js_heap_MB  worker_wasm_MB  worker_py_objects", flush=True)
        for n in range(1, args.games + 1):
            page.wait_for_selector("#result:not([hidden])", timeout=600000)
            if n % args.every == 0 or n == 1:
                page.evaluate("window.gc && window.gc()")
                heap = page.evaluate("performance.memory.usedJSHeapSize") / 1e6
                worker = worker_memory(page)
                print(f"{n:5d}  {(time.time() - t0) / 60:7.1f}  {heap:10.1f}  "
                      f"{worker.get('wasm_bytes', 0) / 1e6:14.1f}  {worker.get('py_objects', 0):17d}", flush=True)
            if n < args.games:
                page.click("#again")
        browser.close()
    srv.shutdown()
    print("page errors:", len(errors))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
