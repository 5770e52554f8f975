#!/usr/bin/env python3
"""Lighthouse performance of the built site, desktop and mobile presets, in Debian's Chromium.

  python tests/bench/lighthouse.py [--runs 1] [--keep DIR]

Builds the site with build.py's build() into a temp folder (a dist/ someone else uses is left
alone), serves it on 127.0.0.1 with build.make_server, and runs the pinned npm `lighthouse`
(installed once with npm into .cache/lighthouse/, ignored by git) against it with
/usr/bin/chromium. Every run starts from a fresh browser profile: a first visit, no service
worker. Prints per preset the performance score and the metrics it is made of (FCP, LCP, TBT,
CLS, Speed Index), the LCP element and the longest main-thread tasks. Goals of issue 13:
performance >= 90 on both presets, LCP <= 1.5 s, TBT <= 300 ms. --keep DIR keeps the JSON reports.

--returning measures a returning player instead: a browser profile on disk is first taken through two
visits with Playwright (the first installs the offline copy, the second makes the Python snapshot),
then Lighthouse loads the page in that profile without resetting its storage (--disable-storage-reset),
so the service worker serves it and Python starts from the snapshot."""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402
from page_load import Served  # noqa: E402

LIGHTHOUSE = "12.8.2"            # the last release that runs on Debian's node 20 (13.x needs node >= 22.19)
TOOL = os.path.join(ROOT, ".cache", "lighthouse")
CHROMIUM = "/usr/bin/chromium"
FLAGS = "--headless --no-sandbox --disable-gpu --disable-background-networking"
METRICS = [("first-contentful-paint", "FCP", "s"), ("largest-contentful-paint", "LCP", "s"),
           ("total-blocking-time", "TBT", "ms"), ("cumulative-layout-shift", "CLS", ""),
           ("speed-index", "SI", "s")]


def install() -> str:
    """The pinned lighthouse under .cache/lighthouse (npm, once); returns its CLI script."""
    cli = os.path.join(TOOL, "node_modules", "lighthouse", "cli", "index.js")
    try:
        with open(os.path.join(TOOL, "node_modules", "lighthouse", "package.json")) as f:
            if json.load(f)["version"] == LIGHTHOUSE:
                return cli
    except OSError:
        pass
    os.makedirs(TOOL, exist_ok=True)
    subprocess.run(["npm", "install", "--prefix", TOOL, "--no-audit", "--no-fund", "--loglevel=error",
                    "--no-save", f"lighthouse@{LIGHTHOUSE}"], check=True)
    return cli


def prime(url: str, profile: str) -> None:
    """Two visits in `profile`: the offline copy installed, then the Python snapshot made."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=FLAGS.split())
        try:
            page = ctx.pages[0]
            for wait in ("document.documentElement.dataset.offline === 'ready'",
                         "document.documentElement.dataset.snapshot"):
                page.goto("about:blank")
                page.goto(url)
                page.wait_for_function(wait, timeout=180000)
        finally:
            ctx.close()


def run(cli: str, url: str, preset: str, out: str, profile: str | None = None) -> dict:
    # the text-compression audit asks DevTools for every response body (the 8 MB wasm too), which
    # times out on a loaded machine; our test server does not compress anyway
    flags = FLAGS + (f" --user-data-dir={profile}" if profile else "")
    cmd = ["node", cli, url, "--quiet", "--only-categories=performance", "--skip-audits=uses-text-compression",
           "--output=json", f"--output-path={out}", f"--chrome-flags={flags}"]
    if profile:
        cmd.append("--disable-storage-reset")
    if preset == "desktop":
        cmd.append("--preset=desktop")
    if os.path.exists(out):
        os.remove(out)
    done = subprocess.run(cmd, env=dict(os.environ, CHROME_PATH=CHROMIUM))
    if not os.path.exists(out):
        raise SystemExit(f"lighthouse failed (exit {done.returncode}) and wrote no report")
    with open(out) as f:
        report = json.load(f)
    if report.get("runtimeError"):
        print(f"warning: {report['runtimeError'].get('code')} ({report['runtimeError'].get('artifactKey', '')}); "
              "the metrics below come from the trace all the same", flush=True)
    return report


def summary(report: dict) -> dict:
    audits = report["audits"]
    row = {"score": round(100 * (report["categories"]["performance"]["score"] or 0))}
    for key, name, unit in METRICS:
        v = audits[key]["numericValue"]
        row[name] = v / 1000 if unit == "s" else v
    items = (audits.get("largest-contentful-paint-element", {}).get("details") or {}).get("items") or []
    node = next((i["items"][0]["node"] for i in items if i.get("type") == "table" and i.get("items")), None)
    if node is None and items and "node" in items[0]:
        node = items[0]["node"]
    # Lighthouse names no element when it left the page before the end (boot.js's early text,
    # replaced by the same text from Python)
    row["lcp_element"] = (node or {}).get("snippet", "(not named: no longer in the page)")[:100]
    tasks = (audits.get("long-tasks", {}).get("details") or {}).get("items") or []
    row["long_tasks"] = [round(t["duration"]) for t in sorted(tasks, key=lambda t: -t["duration"])[:5]]
    return row


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=1, help="runs per preset (the median is printed)")
    ap.add_argument("--keep", help="folder to keep the JSON reports in")
    ap.add_argument("--returning", action="store_true", help="a returning player: offline copy and Python snapshot")
    args = ap.parse_args()
    cli = install()
    tmp = tempfile.mkdtemp(prefix="spielkiste-lighthouse-")
    try:
        build.DIST = os.path.join(tmp, "site")
        build.build()
        srv = Served(build.DIST)
        rows = {}
        try:
            for preset in ("desktop", "mobile"):
                for i in range(args.runs):
                    out = os.path.join(args.keep or tmp, f"lighthouse-{preset}-{i + 1}.json")
                    os.makedirs(os.path.dirname(out), exist_ok=True)
                    profile = None
                    if args.returning:
                        profile = tempfile.mkdtemp(prefix="profile-", dir=tmp)
                        prime(srv.url, profile)
                    row = summary(run(cli, srv.url, preset, out, profile))
                    rows.setdefault(preset, []).append(row)
                    print(f"{preset} run {i + 1}: " + "  ".join(
                        f"{k} {v:.2f}" if isinstance(v, float) else f"{k} {v}" for k, v in row.items()), flush=True)
        finally:
            srv.stop()
        print()
        print(f"lighthouse {LIGHTHOUSE}, {CHROMIUM} ({FLAGS}); "
              f"{'a returning player (offline copy, Python snapshot)' if args.returning else 'a first visit'}; "
              f"medians of {args.runs} run(s); "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        for preset, rs in rows.items():
            med = {k: statistics.median(r[k] for r in rs) for k in ["score"] + [m[1] for m in METRICS]}
            print(f"{preset:<8} performance {med['score']:.0f}  FCP {med['FCP']:.2f} s  LCP {med['LCP']:.2f} s  "
                  f"TBT {med['TBT']:.0f} ms  CLS {med['CLS']:.3f}  SI {med['SI']:.2f} s")
            print(f"{'':<8} LCP element: {rs[-1]['lcp_element']}")
            print(f"{'':<8} longest tasks (ms): {rs[-1]['long_tasks']}")
        ok = all(statistics.median(r["score"] for r in rs) >= 90 for rs in rows.values())
        print("goal (performance >= 90, LCP <= 1.5 s, TBT <= 300 ms):", "met" if ok else "NOT met")
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
