#!/usr/bin/env node
// Run the engine tests inside real Pyodide (the pinned npm package the site ships) under node 20.
//
//   python tests/pyodide/fetch_wheels.py          # once: pinned pytest/hypothesis wheels -> .cache/pyodide-wheels
//   node tests/pyodide/run.mjs [FILE ...] [PYTEST OPTION ...] [--wheels=DIR]
//
// Arguments that name an existing file or folder (relative to the repo root or the current folder)
// are the test files; every other argument goes to pytest unchanged (e.g. -k snorkels, -x, -q,
// --hypothesis-profile=...). Without test files it runs every tests/test_*.py except:
//   - the files in EXCLUDE below (this runner's own wrapper test, which starts node, and the files
//     that test nothing the worker's Pyodide runs differently: see there);
//   - any test file whose source imports subprocess or playwright (CLI-subprocess and browser
//     tests: Pyodide can start no process and has no browser). They are named on stderr.
// A single test that cannot run in Pyodide is marked in the test file, without any registration:
//   @pytest.mark.skipif(sys.platform == "emscripten", reason="spawns a process")
// (sys.platform is "emscripten" inside Pyodide). tests/e2e/ is never collected here.
//
// How: loadPyodide() from assets/npm/node_modules/pyodide (running `python build.py deps` first if it
// is missing), the repo mounted read-write at /repo with NODEFS (cwd /repo, so the `pythonpath` of
// pyproject.toml's pytest section puts /repo/py on sys.path exactly as under CPython), the wheel folder mounted at /wheels, where the
// wheels are unpacked and compiled to bytecode once (site-<hash>/, put on sys.path), no bytecode of
// the repo's own files and no pytest cache written, and hypothesis run with a "pyodide" profile that
// turns its example database, deadline and too_slow health check off (the tests' own @settings still
// apply: each property test draws a third of its CPython examples here, tests/helpers.py's
// examples()). Before pytest it prints the lines "run.mjs: test files: ..." and "pyodide-python X.Y.Z
// emscripten ..." (tests/test_in_pyodide.py reads both).
// The process exit code is pytest's (0 all passed, 1 some failed, 5 no tests, ...).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..", "..");
const PYODIDE_DIR = path.join(ROOT, "assets", "npm", "node_modules", "pyodide");
// Not run here: this runner's own wrapper test (it starts node), and the files that test no code the
// worker's Pyodide runs, or test it in a way no interpreter can change (issue 31: the run proves the
// engine under Pyodide's Python, so it keeps every rules, contract, search, session and room file and
// leaves the others to CPython alone, about half the time): the page's own modules (MicroPython on the
// main thread in the site), build-time checks (rules pages and their pictures, the PyScript patch, the
// wheel), the shipped data's proofs (lessons, puzzles: the same positions and answers on any Python),
// the text walk (the same strings; the plurals' Formatter is tested here by test_plurals.py), the
// OpenSpiel adapter (not in the site), the import graph (read from source with ast) and the browser tests'
// Chromium switches (test_browser_switches.py: the test harness, no engine), the second prover
// (test_second_prover.py: the harness's own proof of the puzzles, tests/second_prover.py; a third of
// this run's time), and the search's deadlines
// (test_deadlines.py: wall-clock limits set for CPython; tests/bench/deadlines.py is the measure).
const EXCLUDE = new Set(["test_in_pyodide.py",
  "test_page_clicks.py", "test_page_texts.py", "test_mygames.py", "test_theme_css.py",
  "test_rules_pages.py", "test_rules_pictures.py", "test_pyscript_patch.py", "test_wheel.py",
  "test_lessons.py", "test_puzzles.py", "test_texts.py", "test_openspiel.py", "test_imports.py",
  "test_browser_switches.py", "test_page_engine.py", "test_page_turn.py", "test_mygames_full.py",
  "test_puzzle_proofs.py", "test_puzzle_defence.py", "test_lesson_moves.py", "test_deadlines.py",
  "test_second_prover.py"]);
const NEEDS_PROCESS = /^\s*(import\s+subprocess|from\s+subprocess\s+import|import\s+playwright|from\s+playwright[.\s])/m;

function defaultFiles() {
  const dir = path.join(ROOT, "tests");
  const out = [];
  for (const fn of fs.readdirSync(dir).sort()) {
    if (!/^test_.*\.py$/.test(fn) || EXCLUDE.has(fn)) continue;
    if (NEEDS_PROCESS.test(fs.readFileSync(path.join(dir, fn), "utf8"))) {
      process.stderr.write(`run.mjs: not in Pyodide: tests/${fn} (starts processes or a browser)\n`);
      continue;
    }
    out.push(`tests/${fn}`);
  }
  return out;
}

function toRepoPath(arg) {
  for (const base of [process.cwd(), ROOT]) {
    const p = path.resolve(base, arg.split("::")[0]);
    if (fs.existsSync(p)) {
      const rel = path.relative(ROOT, p);
      if (rel.startsWith("..") || path.isAbsolute(rel)) throw new Error(`${arg} is outside the repo`);
      const rest = arg.includes("::") ? arg.slice(arg.indexOf("::")) : "";
      return "/repo/" + rel.split(path.sep).join("/") + rest;
    }
  }
  return null;
}

let wheelDir = path.join(ROOT, ".cache", "pyodide-wheels");
const files = [];
const options = [];
for (const arg of process.argv.slice(2)) {
  if (arg.startsWith("--wheels=")) { wheelDir = path.resolve(arg.slice(9)); continue; }
  const p = arg.startsWith("-") ? null : toRepoPath(arg);
  if (p) files.push(p); else options.push(arg);
}
if (!files.length) files.push(...defaultFiles().map((f) => "/repo/" + f));
process.stdout.write(`run.mjs: test files: ${files.map((f) => f.slice("/repo/".length)).join(" ")}\n`);

const wheels = fs.existsSync(wheelDir) ? fs.readdirSync(wheelDir).filter((f) => f.endsWith(".whl")).sort() : [];
if (!wheels.some((f) => f.startsWith("pytest-")) || !wheels.some((f) => f.startsWith("hypothesis-"))) {
  process.stderr.write(`run.mjs: no pytest/hypothesis wheels in ${wheelDir}: run python tests/pyodide/fetch_wheels.py\n`);
  process.exit(4);
}

if (!fs.existsSync(path.join(PYODIDE_DIR, "pyodide.mjs"))) {
  const py = process.env.PYTHON || "python3";
  const r = spawnSync(py, [path.join(ROOT, "build.py"), "deps"], { cwd: ROOT, stdio: "inherit" });
  if (r.status !== 0) process.exit(4);
}

const { loadPyodide } = await import(pathToFileURL(path.join(PYODIDE_DIR, "pyodide.mjs")).href);
const t0 = performance.now();
const pyodide = await loadPyodide({ env: { PYTHONDONTWRITEBYTECODE: "1", HOME: "/home/pyodide" } });
const write = (fd) => ({ write: (buf) => { fs.writeSync(fd, buf); return buf.length; }, isatty: false });
pyodide.setStdout(write(1));
pyodide.setStderr(write(2));
const bootSeconds = (performance.now() - t0) / 1000;

pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: ROOT }, "/repo");
pyodide.FS.mkdirTree("/wheels");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: wheelDir }, "/wheels");

pyodide.globals.set("WHEELS", pyodide.toPy(wheels));
pyodide.globals.set("ARGS", pyodide.toPy([...options, ...files]));
pyodide.globals.set("BOOT", bootSeconds);
const code = await pyodide.runPythonAsync(`
import os, platform, sys, zipfile
sys.dont_write_bytecode = True
print("pyodide-python", platform.python_version(), sys.platform, f"(booted in {BOOT:.1f} s)", flush=True)
import compileall, hashlib, shutil
# the wheels unpacked and compiled to bytecode once, kept next to them (saves ~10 s of imports per run)
key = hashlib.sha256((" ".join(WHEELS) + sys.version).encode()).hexdigest()[:12]
site = f"/wheels/site-{key}"
if not os.path.exists(site + "/.complete"):
    tmp = f"{site}.tmp-{os.getpid()}-{id(WHEELS)}"
    shutil.rmtree(tmp, ignore_errors=True)
    for w in WHEELS:
        with zipfile.ZipFile("/wheels/" + w) as z:
            z.extractall(tmp)
    compileall.compile_dir(tmp, quiet=2)
    open(tmp + "/.complete", "w").close()
    try:
        os.rename(tmp, site)
    except OSError:          # another run got there first
        shutil.rmtree(tmp, ignore_errors=True)
sys.path.insert(0, site)
os.chdir("/repo")

import pytest

class PyodideProfile:
    """Hypothesis without its example database (no .hypothesis/ in the repo) and without the
    time-based checks (Pyodide is ~2x slower). Loaded before
    hypothesis' own plugin applies a --hypothesis-profile given on the command line."""
    @pytest.hookimpl(tryfirst=True)
    def pytest_configure(self, config):
        from hypothesis import HealthCheck, settings
        settings.register_profile("pyodide", database=None, deadline=None,
                                  suppress_health_check=[HealthCheck.too_slow])
        settings.load_profile("pyodide")

# no .pytest_cache and no faulthandler (no signals here); capture on the sys level (no fd juggling)
int(pytest.main(["-p", "no:cacheprovider", "-p", "no:faulthandler", "--capture=sys", *ARGS],
                plugins=[PyodideProfile()]))
`);
process.exitCode = code;
