"""build.py's patch of the vendored @pyscript/core (issue 30): PyScript's `pyscript` package reaches the
page's MicroPython as .mpy files with a lazy __init__, and a core that is not the pinned one fails the build."""
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
import build  # noqa: E402

CORE = os.path.join(build.MODULES, "@pyscript", "core", "dist", build.PYSCRIPT_CORE)
MICROPYTHON = os.path.join(build.MODULES, build.MICROPYTHON, "micropython.mjs")
pytestmark = pytest.mark.skipif(not os.path.exists(CORE) or not os.path.exists(MICROPYTHON),
                                reason="the pinned npm packages are not installed (python build.py deps)")

# the vendored MicroPython under node, the patched package's .mpy files in its file system, PyScript's
# JS modules stubbed: what the page's imports load, and that every name of the package is still there
IMPORTS = r"""
import fs from "node:fs";
const { MJS: mjs, DIR: dir } = process.env;     // not argv: micropython.mjs would take it for its own CLI
const { loadMicroPython } = await import(mjs);
const mp = await loadMicroPython({ stdout: (l) => console.log(l), stderr: (l) => console.error(l) });
globalThis.document = { title: "page" };
mp.registerJsModule("polyscript", { lazy_py_modules: () => 0, config: {}, js_modules: {}, workers: { engine: 7 },
                                    ffi: {}, storage: {}, IDBMap: {} });
mp.registerJsModule("_pyscript", { PyWorker: () => 0, js_import: () => 0, target: "" });
mp.FS.mkdir("/pyscript");
for (const f of fs.readdirSync(dir)) mp.FS.writeFile("/pyscript/" + f, fs.readFileSync(dir + "/" + f));
mp.runPython(`
import sys
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js
print(document.title, sorted(m for m in sys.modules if m.startswith("pyscript")))
from pyscript import workers, when, display, fetch, storage, WebSocket, HTML, Event, py_import
print(workers["engine"], callable(when), callable(display))
`);
"""


def test_the_package_is_compiled_and_imported_lazily(tmp_path):
    shutil.copy(CORE, tmp_path / "core.js")
    dist = tmp_path / "dist"
    os.makedirs(dist / "vendor" / "pyscript")
    shutil.copy(CORE, dist / "vendor" / "pyscript" / build.PYSCRIPT_CORE)
    files = build.patch_pyscript(str(dist))
    assert "pyscript/__init__.mpy" in files and "pyscript/context.mpy" in files and len(files) == 14
    assert sorted(os.listdir(dist / "pyscript")) == sorted(f.split("/")[1] for f in files)
    patched = (dist / "vendor" / "pyscript" / build.PYSCRIPT_CORE).read_text(encoding="utf-8")
    old, new = build.PYSCRIPT_MPY_BOOT
    assert patched == (tmp_path / "core.js").read_text(encoding="utf-8").replace(old, new)
    out = subprocess.run(["node", "--input-type=module", "-e", IMPORTS], capture_output=True, text=True, timeout=60,
                         env=dict(os.environ, MJS=MICROPYTHON, DIR=str(dist / "pyscript")))
    assert out.returncode == 0, out.stderr[-2000:]
    first, second = out.stdout.splitlines()[:2]
    # `from pyscript import document` loads context (and what it needs), not display, events, fetch...
    assert first == "page ['pyscript', 'pyscript.context', 'pyscript.ffi', 'pyscript.js_modules', 'pyscript.util']"
    assert second == "7 True True"


def test_another_pyscript_fails_the_build(tmp_path):
    core, boot = open(CORE, encoding="utf-8").read(), build.PYSCRIPT_MPY_BOOT[0]
    for n, changed in enumerate((core.replace(boot, boot.replace('""', '"\\n"')),
                    core.replace("from pyscript.fetch import fetch", "from pyscript.fetch import fetch,x"))):
        assert changed != core
        folder = tmp_path / str(n)
        os.makedirs(folder / "vendor" / "pyscript")
        (folder / "vendor" / "pyscript" / build.PYSCRIPT_CORE).write_text(changed, encoding="utf-8")
        with pytest.raises(SystemExit):
            build.patch_pyscript(str(folder))
