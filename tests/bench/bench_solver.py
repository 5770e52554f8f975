"""Measure the Allein Wetteifern solver: the standard start and 20 shuffled deals.

  python tests/bench/bench_solver.py                 CPython, 10 s budget per deal
  python tests/bench/bench_solver.py --budget 2      another budget
  python tests/bench/bench_solver.py --pyodide       the same in Pyodide under node (the pinned
                                                     npm package in assets/npm/node_modules)

Per deal: pieces left at the end of the best line, whether that is proved (1 piece is always
proved), the time and the nodes searched."""
import argparse
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PY = os.path.join(ROOT, "py")


def measure(budget: float, deals: int = 20) -> list[dict]:
    sys.path.insert(0, PY)
    from spielkiste.games import solitaire_solver as solver
    from spielkiste.games.solitaire import Solitaire
    rows = []
    runs = [("standard", {})] + [(f"seed {k}", {"shuffle": True, "seed": k}) for k in range(1, deals + 1)]
    for name, opts in runs:
        solver._known.clear()                      # no help from earlier answers
        state = Solitaire.new(opts)
        t0 = time.perf_counter()
        r = solver.solve(state.board, budget)
        sec = time.perf_counter() - t0
        if r.best == 1:                            # check the line really ends with one piece
            s = state.copy()
            for m in r.line:
                s.push_text(m)
            assert s.pieces() == 1 and s.result is not None
        rows.append({"deal": name, "left": r.best, "proved": r.complete, "seconds": round(sec, 3),
                     "nodes": r.nodes, "moves": len(r.line)})
    return rows


def report(rows: list[dict], title: str) -> None:
    print(title)
    print(f"{'deal':<10} {'left':>4} {'proved':>6} {'seconds':>8} {'nodes':>8} {'moves':>5}")
    for r in rows:
        print(f"{r['deal']:<10} {r['left']:>4} {str(r['proved']):>6} {r['seconds']:>8.3f} "
              f"{r['nodes']:>8} {r['moves']:>5}")
    shuffled = rows[1:]
    solved = [r for r in shuffled if r["left"] == 1]
    times = sorted(r["seconds"] for r in solved)
    print(f"standard start: {rows[0]['seconds']:.3f} s, {rows[0]['left']} left")
    if shuffled:
        print(f"shuffled: {len(solved)}/{len(shuffled)} solved to one piece; "
              f"median time of those {times[len(times) // 2] if times else float('nan'):.3f} s, "
              f"max {max(times) if times else float('nan'):.3f} s; "
              f"total {sum(r['seconds'] for r in shuffled):.1f} s")


NODE_SCRIPT = r"""
const path = require('path');
const fs = require('fs');
const { loadPyodide } = require(process.argv[2]);
(async () => {
  const py = await loadPyodide({ indexURL: path.dirname(require.resolve(process.argv[2])) + '/' });
  const root = process.argv[3];
  function copyDir(src, dst) {
    py.FS.mkdirTree(dst);
    for (const name of fs.readdirSync(src)) {
      const s = path.join(src, name), d = dst + '/' + name;
      if (fs.statSync(s).isDirectory()) { if (name !== '__pycache__') copyDir(s, d); }
      else if (name.endsWith('.py')) py.FS.writeFile(d, fs.readFileSync(s));
    }
  }
  copyDir(path.join(root, 'py', 'spielkiste'), '/home/pyodide/py/spielkiste');
  py.FS.writeFile('/home/pyodide/bench_solver.py',
                  fs.readFileSync(path.join(root, 'tests', 'bench', 'bench_solver.py')));
  const out = py.runPython(`
import sys, json
sys.argv = ['x']
sys.path.insert(0, '/home/pyodide')
import bench_solver
bench_solver.PY = '/home/pyodide/py'
json.dumps(bench_solver.measure(${process.argv[4]}, ${process.argv[5]}))
`);
  console.log(out);
})();
"""


def run_pyodide(budget: float, deals: int) -> list[dict]:
    module = os.path.join(ROOT, "assets", "npm", "node_modules", "pyodide", "pyodide.js")
    if not os.path.exists(module):
        sys.exit("Pyodide is not installed: run `python build.py deps` first")
    script = os.path.join(ROOT, "tests", "bench", ".bench_solver_node.js")
    with open(script, "w") as f:
        f.write(NODE_SCRIPT)
    try:
        out = subprocess.run(["node", script, module, ROOT, str(budget), str(deals)],
                             capture_output=True, text=True, check=True).stdout
    finally:
        os.remove(script)
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--budget", type=float, default=10.0, help="seconds per deal (default 10)")
    p.add_argument("--deals", type=int, default=20, help="shuffled deals, seeds 1..N (default 20)")
    p.add_argument("--pyodide", action="store_true", help="run in Pyodide under node instead of CPython")
    args = p.parse_args()
    if args.pyodide:
        report(run_pyodide(args.budget, args.deals), f"Pyodide (node), budget {args.budget} s per deal")
    else:
        report(measure(args.budget, args.deals), f"CPython {sys.version.split()[0]}, budget {args.budget} s per deal")


if __name__ == "__main__":
    main()
