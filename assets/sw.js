// Offline service worker. build.py replaces the two placeholders below with the build's version and
// every file of the site with a hash of its content ([path, sha256 prefix]); all are cached on install,
// answered cache-first afterwards, so the app loads and plays with no server.
//
// Versions never mix: each version has a cache of its own. A new version installs in the background
// and waits; the open pages keep the worker (and the files) they started with until every tab of the
// old version is gone or the player accepts the update (boot.js offers it in the message bar and posts
// {type: "skip-waiting"}; every page reloads when its worker changes). Only then are old caches deleted.
//
// Each file is downloaded once. An install copies the files whose hash is unchanged from an earlier
// version's cache (each cache holds its list, LIST), and asks the HTTP cache for the others
// ("force-cache": on a first visit the page has just fetched them all); an answer whose content is not
// the build's (an older copy in the HTTP cache) is fetched again from the server.
//
// One exception keeps start-up fast: Chromium keeps the compiled code of a WebAssembly module
// only for a response it fetched itself (HTTP cache), not for one a service worker hands over, so
// answering pyodide.asm.wasm from here makes every start compile Python's interpreter again
// (measured: a warm start about 1.5 s slower). On each page load this worker asks the server for
// sw.js (a few kB, never cached); if the server still has this very build (the same version, which
// changes with every file) by the time the page asks for the wasm, that request is left to the
// browser; otherwise (offline, an answer still pending, a newer build, or a check older than
// CHECK_TTL, as for a worker restarted late in a session) it is answered from the cache like every
// file. (No HEAD request on the wasm itself: it would refresh the HTTP cache's entry and with it
// drop the compiled code.)
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = "spielkiste-" + VERSION;
const LIST = "./sw-files.json";
const WASM = /\.wasm$/;
const CHECK_TTL = 60000;       // ms: the page (MicroPython) and the engine worker (Pyodide) ask for their wasm by then

let serverCurrent = 0;         // when the last check found this very build on the server (0: it did not)

async function sha256(response) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// "path hash" -> the cache of an earlier version that holds that very file
async function earlier() {
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith("spielkiste-") || name === CACHE) continue;
    const cache = await caches.open(name);
    const list = await cache.match(LIST);
    for (const [path, hash] of list ? await list.json() : []) found.set(path + " " + hash, cache);
  }
  return found;
}

async function download(path, hash) {
  for (const mode of ["force-cache", "reload"]) {
    const response = await fetch(path, { cache: mode });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    if ((await sha256(response.clone())).startsWith(hash)) return response;
  }
  throw new Error(`${path}: the server has another version than ${VERSION}`);
}

async function install() {
  const cache = await caches.open(CACHE);
  const old = await earlier();
  await Promise.all(FILES.map(async ([path, hash]) => {
    const kept = old.has(path + " " + hash) ? await old.get(path + " " + hash).match(path) : undefined;
    await cache.put(path, kept || await download(path, hash));
  }));
  await cache.put(LIST, new Response(JSON.stringify(FILES), { headers: { "Content-Type": "application/json" } }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(install());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((keys) =>
      Promise.all(keys.filter((k) => k.startsWith("spielkiste-") && k !== CACHE).map((k) => caches.delete(k))))
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

function checkServer() {
  serverCurrent = 0;
  fetch("./sw.js", { cache: "no-store" })
    .then((r) => (r.ok ? r.text() : ""))
    .then((text) => { serverCurrent = text.includes(`const VERSION = "${VERSION}";`) ? Date.now() : 0; })
    .catch(() => { serverCurrent = 0; });
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  if (req.mode === "navigate") checkServer();
  else if (Date.now() - serverCurrent < CHECK_TTL && WASM.test(new URL(req.url).pathname)) return;   // see above
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(req, { ignoreSearch: true }).then((hit) => hit || fetch(req))
    )
  );
});
