// The interpreter PyScript loads (pyscript.toml) for the engine's worker: Pyodide, restored from a memory
// snapshot when this browser has made one for this build. A snapshot holds Python already started with our
// engine imported, so the worker's start skips Python's own start-up (about 2 s) and the imports, and the
// board is playable that much sooner. A snapshot is made once per build by a worker of its own after the page has
// settled (snapshot-worker.mjs, started by boot.js), compressed into Cache Storage; shipping one would
// add 6 MB to every first visit. Anything wrong with a stored snapshot means the plain start, and the
// snapshot is dropped.
import * as pyodide from "./pyodide.mjs";

export const version = pyodide.version;
// PyScript's worker opens IndexedDB at start, for its package cache, which holds nothing of ours (we list
// no packages); where the browser refuses storage (a frame of another site with third-party storage blocked)
// that throws and the worker never starts. So the worker's IndexedDB is always a stand-in kept in memory (for
// this worker's life), as boot.js's is for the page where storage is refused: the engine starts everywhere,
// and an embed's worker (which cannot tell it is one) writes no storage.
(function memoryIndexedDB() {
  function later(target, result, handler) {
    setTimeout(function () { target.result = result; if (target[handler]) target[handler]({ target: target }); }, 0);
    return target;
  }
  function memoryDB() {
    var items = new Map();
    var store = {
      count: function () { return later({}, items.size, "onsuccess"); },
      clear: function () { items.clear(); return later({}, undefined, "onsuccess"); },
      delete: function (k) { items.delete(k); return later({}, undefined, "onsuccess"); },
      get: function (k) { return later({}, items.get(k), "onsuccess"); },
      getKey: function (k) { return later({}, items.has(k) ? k : undefined, "onsuccess"); },
      getAllKeys: function () { return later({}, Array.from(items.keys()), "onsuccess"); },
      put: function (v, k) { items.set(k, v); return later({}, k, "onsuccess"); }
    };
    return {
      objectStoreNames: { length: 1, contains: function () { return true; } },
      createObjectStore: function () { return store; },
      transaction: function () { return { objectStore: function () { return store; } }; },
      close: function () {}
    };
  }
  function open() {
    return later({}, memoryDB(), "onsuccess");
  }
  try {
    Object.defineProperty(self, "indexedDB", { value: { open: open }, configurable: true });
  } catch (e) { /* the browser keeps its own: nothing to do */ }
})();
const KEY = "__SNAPSHOT__";        // changes with Pyodide, our packages and this file (build.py)
const CACHE = "pyodide-snapshot";  // not "spielkiste-…": the service worker's version caches are its own
const ENTRY = new URL("./snapshot-" + KEY, import.meta.url).href;
// every module of our engine package the worker uses (it imports no browser module, so the snapshot can
// hold it; the command line and the OpenSpiel wrapper, which needs pyspiel, are left out), and the
// worker's sessions (not engine_worker.py itself, which makes the session: that is the worker's own start)
const IMPORTS = `
import pkgutil, importlib, spielkiste
for m in pkgutil.walk_packages(spielkiste.__path__, "spielkiste.", onerror=lambda name: None):
    if not m.name.endswith((".__main__", ".cli")) and not m.name.startswith("spielkiste.openspiel"):
        importlib.import_module(m.name)
import spielkiste_web.session, spielkiste_web.editor_session
`;

async function stored() {
  if (!globalThis.caches || !(await caches.has(CACHE))) return null;    // has(): no empty cache made
  const response = await (await caches.open(CACHE)).match(ENTRY);
  if (!response) return null;
  const body = response.body.pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(body).arrayBuffer());
  if (String(bytes.length) !== response.headers.get("x-length")) throw new Error("snapshot cut short");
  return bytes;
}

async function drop() {
  try { await caches.delete(CACHE); } catch (e) { /* nothing stored, nothing to drop */ }
}

export async function loadPyodide(options) {
  let snapshot = null;
  try {
    snapshot = await stored();
  } catch (e) {
    console.warn("Python snapshot unreadable, plain start:", e);
    await drop();
  }
  if (snapshot) {
    try {
      const py = await pyodide.loadPyodide({ ...options, _loadSnapshot: snapshot });
      globalThis.spielkisteSnapshot = KEY;
      // this runs in the engine's worker: tell the page (boot.js sets window.spielkisteSnapshot from it)
      try { new BroadcastChannel("spielkiste-snapshot").postMessage(KEY); } catch (e) { /* only a report */ }
      return py;
    } catch (e) {
      console.warn("Python snapshot refused, plain start:", e);
      await drop();
    }
  }
  return pyodide.loadPyodide(options);
}

// Makes this build's snapshot unless it exists: Pyodide started for a snapshot, our packages unpacked
// where PyScript unpacks them (the working directory) and imported. Other builds' snapshots go.
export async function make() {
  if (await caches.has(CACHE) && await (await caches.open(CACHE)).match(ENTRY)) return "kept";
  const py = await pyodide.loadPyodide({ _makeSnapshot: true });
  const zip = await fetch(new URL("../../spielkiste.zip", import.meta.url));
  if (!zip.ok) throw new Error("spielkiste.zip: " + zip.status);
  py.unpackArchive(new Uint8Array(await zip.arrayBuffer()), "zip", { extractDir: "/home/pyodide" });
  py.runPython(IMPORTS);
  const bytes = py.makeMemorySnapshot();
  const body = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  const packed = await new Response(body).blob();
  await drop();
  await (await caches.open(CACHE)).put(ENTRY, new Response(packed, { headers: { "x-length": String(bytes.length) } }));
  return "made";
}
