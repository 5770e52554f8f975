"""The engine tests once more, inside real Pyodide (the npm package the site ships) under node.

Fetches the pinned pytest/hypothesis wheels (tests/pyodide/fetch_wheels.py, cached in .cache/),
runs `node tests/pyodide/run.mjs` (every tests/test_*.py of the engine and the worker that needs no
process or browser; the page's modules, build-time checks and data proofs are CPython's alone: see
EXCLUDE in run.mjs) and checks that it passed, that it really ran in Pyodide's Python 3.14, and that
it ran as many tests as CPython collects from the same files. Pyodide boots in ~3 s, then pure
Python runs 2-2.5x slower than in CPython: ~60 s for 311 tests on a loaded 2-core machine.

SPIELKISTE_PYODIDE_ARGS (split like a shell line) adds pytest options to the Pyodide run, e.g. a
representative subset: SPIELKISTE_PYODIDE_ARGS="-k 'contract or snorkels'"; the count check then
compares with CPython collecting under the same options."""
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "pyodide"))

import fetch_wheels  # noqa: E402

COUNT = re.compile(r"(\d+) (passed|failed|skipped|xfailed|xpassed|errors?|deselected)\b")


def summary(text: str) -> dict[str, int]:
    """The counts of pytest's closing line, e.g. '== 88 passed, 2 skipped in 9.4s =='."""
    lines = [ln for ln in text.splitlines() if re.search(r"\bin [\d.]+s\b", ln) and COUNT.search(ln)]
    assert lines, "no pytest summary line in the output"
    return {kind.rstrip("s") if kind.startswith("error") else kind: int(n) for n, kind in COUNT.findall(lines[-1])}


def cpython_collected(files: list[str], extra: list[str]) -> int:
    r = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                        *extra, *files],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    m = re.search(r"(\d+)(?:/\d+)? tests? collected", r.stdout)
    assert m, r.stdout[-2000:] + r.stderr[-2000:]
    return int(m.group(1))


def test_engine_tests_pass_in_pyodide():
    node = shutil.which("node")
    assert node, "node (20) is needed: the site build uses npm, and this test runs Pyodide under node"
    fetch_wheels.fetch(quiet=True)
    extra = shlex.split(os.environ.get("SPIELKISTE_PYODIDE_ARGS", ""))
    t0 = time.perf_counter()
    r = subprocess.run([node, os.path.join(ROOT, "tests", "pyodide", "run.mjs"), "-q", "-rfE", *extra], cwd=ROOT,
                       capture_output=True, text=True, timeout=900,
                       env=dict(os.environ, PYTHON=sys.executable))
    took = time.perf_counter() - t0
    out = r.stdout + r.stderr
    version = re.search(r"^pyodide-python (\S+) (\S+)", r.stdout, re.M)
    assert version, out[-3000:]
    print(f"\nPyodide: Python {version.group(1)} on {version.group(2)}; run.mjs took {took:.1f} s")
    assert version.group(1).startswith("3.14.") and version.group(2) == "emscripten", version.group(0)
    assert r.returncode == 0, f"pytest inside Pyodide exited {r.returncode}:\n{out[-6000:]}"
    files = re.search(r"^run\.mjs: test files: (.*)$", r.stdout, re.M).group(1).split()
    assert "tests/test_contract.py" in files
    counts = summary(r.stdout)
    print(f"Pyodide: {counts} from {len(files)} files")
    ran = sum(n for kind, n in counts.items() if kind != "deselected")
    assert counts.get("passed", 0) >= (1 if extra else 20), counts
    assert ran == cpython_collected(files, extra), f"Pyodide ran {ran} tests, CPython collects another number"
