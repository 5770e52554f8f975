#!/usr/bin/env python3
"""Layout shift of a first visit (issue 54: "the layout settles late"), in headless Chromium.

  python tests/bench/layout_shift.py [--runs 2] [--no-build] [--shots DIR]

Builds the site with build.py's build() into a temp folder (a dist/ someone else serves or tests is
left alone; --no-build uses dist/ as it is), serves it on 127.0.0.1 with build.make_server, and loads
the app with no fragment in a fresh browser profile (a first visit: nothing stored, no service worker)
in Debian's Chromium through Playwright: a desktop (1280 x 860) and a 390 px phone (390 x 844, touch),
each at full speed and with a 4x CPU slowdown. A PerformanceObserver('layout-shift'), installed before
any script of the page, adds up every shift without recent input from navigation until the page has
settled (the engine ready, then 1.5 s more): that sum is never below Lighthouse's CLS (the largest
session window), so it is the stricter figure. Prints per configuration the median CLS, the worst run,
and the elements the largest shifts moved. Goal: below 0.02 everywhere. --shots DIR saves screenshots
of the first painted frame and of the settled page of each configuration's first run.
tests/e2e/test_first_minute.py holds a first visit to the same goal in the browser tests."""
import argparse
import os
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from main_thread import Served, built_site  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
GOAL = 0.02
DEVICES = {"desktop": {"viewport": {"width": 1280, "height": 860}},
           "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
                     "device_scale_factor": 3}}

# Runs before any script of the page: every layout shift (its value and what it moved), in order.
SHIFTS_JS = """
(() => {
  const shifts = (window.__shifts = []);
  const name = (n) => n && n.nodeType === 1 ? n.tagName.toLowerCase() + (n.id ? "#" + n.id : "") +
    (n.className && typeof n.className === "string" ? "." + n.className.split(" ")[0] : "") : String(n && n.nodeName);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.hadRecentInput) continue;
        shifts.push({ t: Math.round(e.startTime), value: e.value,
                      moved: (e.sources || []).map((s) => name(s.node)) });
      }
    }).observe({ type: "layout-shift", buffered: true });
  } catch (err) { window.__shifts = null; }
})();
"""


def settle(page, timeout: float = 120000) -> list:
    """Waits until the engine is ready and 1.5 s more; returns the page's layout shifts."""
    page.wait_for_function("document.body && document.body.dataset.ready === '1' && "
                           "document.body.dataset.ai === 'ready'", timeout=timeout)
    page.wait_for_timeout(1500)
    shifts = page.evaluate("window.__shifts")
    assert shifts is not None, "this browser has no layout-shift entries"
    return shifts


def visit(browser, url: str, device: str, slowdown: int, shots: str | None = None) -> list:
    """One first visit (a fresh context: nothing stored, no service worker); its layout shifts."""
    ctx = browser.new_context(service_workers="block", locale="en-GB", **DEVICES[device])
    try:
        ctx.add_init_script(SHIFTS_JS)
        page = ctx.new_page()
        if slowdown > 1:
            ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        page.goto(url, wait_until="commit")
        if shots:
            page.wait_for_selector("#board svg", timeout=60000)
            page.screenshot(path=os.path.join(shots, f"{device}-x{slowdown}-first.png"))
        shifts = settle(page)
        if shots:
            page.screenshot(path=os.path.join(shots, f"{device}-x{slowdown}-settled.png"))
        return shifts
    finally:
        ctx.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--shots", default=None)
    args = ap.parse_args()
    folder = built_site(args.no_build, "shift")
    if args.shots:
        os.makedirs(args.shots, exist_ok=True)
    served = Served(folder)
    url = served.url
    from playwright.sync_api import sync_playwright
    worst_of_all = 0.0
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            for device in DEVICES:
                for slowdown in (1, 4):
                    totals, moved = [], {}
                    for run in range(args.runs):
                        shifts = visit(browser, url, device, slowdown, args.shots if run == 0 else None)
                        totals.append(sum(s["value"] for s in shifts))
                        for s in shifts:
                            for m in s["moved"]:
                                moved[m] = moved.get(m, 0.0) + s["value"] / args.runs
                    worst = max(totals)
                    worst_of_all = max(worst_of_all, worst)
                    top = ", ".join(f"{m} {v:.3f}" for m, v in sorted(moved.items(), key=lambda kv: -kv[1])[:4])
                    print(f"{device:8} {slowdown}x CPU  CLS median {statistics.median(totals):.4f}  "
                          f"worst {worst:.4f}  moved: {top or '-'}", flush=True)
        finally:
            browser.close()
            served.stop()
    print(f"goal: every CLS < {GOAL}: {'met' if worst_of_all < GOAL else 'NOT met'}")
    return 0 if worst_of_all < GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
