// Offline service worker. build.py replaces the two placeholders below with the build's
// version and the list of every file of the site: all are cached on install, answered
// cache-first afterwards, so the app loads and plays with no server.
//
// One exception keeps start-up fast: Chromium keeps the compiled code of a WebAssembly module
// only for a response it fetched itself (HTTP cache), not for one a service worker hands over, so
// answering pyodide.asm.wasm from here makes every start compile Python's interpreter again
// (measured: a warm start about 1.5 s slower). On each page load a HEAD request checks that the
// server is there and still has the very file cached here (same length and validator); if it has
// by the time the page asks for the wasm, the request is left to the browser; otherwise (offline,
// or an answer still pending, or another file) it is answered from the cache like every file.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = "spielkiste-" + VERSION;
const WASM = /\.wasm$/;

let wasmOnline = false;        // the result of the last check: the server has our cached wasm

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("spielkiste-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

function same(a, b) {
  const len = a.headers.get("content-length");
  const tag = (r) => r.headers.get("etag") || r.headers.get("last-modified");
  return len !== null && len === b.headers.get("content-length") && tag(a) !== null && tag(a) === tag(b);
}

function checkWasm() {
  wasmOnline = false;
  const url = FILES.find((f) => WASM.test(f));
  if (!url) return;
  Promise.all([caches.open(CACHE).then((c) => c.match(url)), fetch(url, { method: "HEAD", cache: "no-store" })])
    .then(([cached, head]) => { wasmOnline = !!cached && head.ok && same(cached, head); })
    .catch(() => { wasmOnline = false; });
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  if (req.mode === "navigate") checkWasm();
  else if (wasmOnline && WASM.test(new URL(req.url).pathname)) return;   // the browser's own fetch (see above)
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(req, { ignoreSearch: true }).then((hit) => hit || fetch(req))
    )
  );
});
