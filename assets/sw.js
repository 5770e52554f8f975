// Offline service worker. build.py replaces the two placeholders below with the build's
// version and the list of every file of the site: all are cached on install, answered
// cache-first afterwards, so the app loads and plays with no server.
//
// One exception keeps start-up fast: Chromium keeps the compiled code of a WebAssembly module
// only for a response it fetched itself (HTTP cache), not for one a service worker hands over, so
// answering pyodide.asm.wasm from here makes every start compile Python's interpreter again
// (measured: a warm start about 1.5 s slower). On each page load this worker asks the server for
// sw.js (a few kB, never cached); if the server still has this very build (the same version, which
// changes with every file) by the time the page asks for the wasm, that request is left to the
// browser; otherwise (offline, an answer still pending, or a newer build) it is answered from the
// cache like every file. (No HEAD request on the wasm itself: it would refresh the HTTP cache's
// entry and with it drop the compiled code.)
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = "spielkiste-" + VERSION;
const WASM = /\.wasm$/;

let serverCurrent = false;     // the last check: the server has this very build

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

function checkServer() {
  serverCurrent = false;
  fetch("./sw.js", { cache: "no-store" })
    .then((r) => (r.ok ? r.text() : ""))
    .then((text) => { serverCurrent = text.includes(`const VERSION = "${VERSION}";`); })
    .catch(() => { serverCurrent = false; });
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  if (req.mode === "navigate") checkServer();
  else if (serverCurrent && WASM.test(new URL(req.url).pathname)) return;   // the browser's own fetch (see above)
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(req, { ignoreSearch: true }).then((hit) => hit || fetch(req))
    )
  );
});
