// Start-up glue that must not wait for Python: the embed flag, the board painted at once, the clicks
// made on it kept until Python is ready, and the offline service worker.
//
// The board shown is always our renderer's output, never markup made from the URL: the start position
// the build rendered (boards/<id>.<lang>.json; its side panel's lines are inline below), or the last board the page's Python rendered for a game
// (localStorage "spielkiste.svg.<id>", see App.remember in py/spielkiste_page/app.py), used only when its fragment is
// exactly the one the URL or the save names. Storage can hold anything, so that markup is data: it is
// parsed as SVG (never as HTML), and shown only if every element and attribute is one the renderer
// (py/spielkiste_web/svg.py) writes (checkedBoard). Clicks on such an exact board are kept and handed to
// Python (window.spielkisteBoot.take), which plays them if it opened that very position. With nothing
// kept, Python opens the game's start (never a random set-up), so the board painted is that game.
(function () {
  "use strict";
  // PyScript opens IndexedDB while Pyodide starts (its package cache), and gives up when the browser
  // refuses it, as browsers do in frames of another site with third-party storage blocked. Where the
  // browser refuses, PyScript gets an empty store in memory instead (it needs nothing from it: we list no
  // packages), and the page marks itself so the computer searches in the page, not in a worker whose own
  // IndexedDB would be refused too (computer.py).
  // An embed never opens the real one (it keeps nothing in the visitor's storage): its store is in memory
  // too, and that is no refusal (the computer stays in its worker).
  (function memoryIndexedDB() {
    var embedded = new URLSearchParams(location.search).has("embed");
    var real = embedded ? null : window.indexedDB;
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
    function refused() {
      document.documentElement.dataset.idb = "memory";
    }
    function open(name, version) {
      var outer = {};
      var inner = null;
      try { inner = real ? real.open(name, version) : null; } catch (e) { inner = null; }
      if (!inner) {
        if (!embedded) refused();
        return later(outer, memoryDB(), "onsuccess");
      }
      inner.onupgradeneeded = function (e) {
        if (outer.onupgradeneeded) outer.onupgradeneeded({ target: { result: inner.result, transaction: inner.transaction } });
      };
      inner.onsuccess = function () { outer.result = inner.result; if (outer.onsuccess) outer.onsuccess({ target: outer }); };
      inner.onerror = function (e) {
        if (e && e.preventDefault) e.preventDefault();
        refused();
        later(outer, memoryDB(), "onsuccess");
      };
      return outer;
    }
    try {
      Object.defineProperty(window, "indexedDB", { value: { open: open }, configurable: true });
    } catch (e) { /* the browser keeps its own: nothing to do */ }
  })();

  // build.py: {games: {id: start fragment}, starts: {id: {lang: {title, goal, status, extra}}},
  //            default: id, loading: {lang: text}, sandboxed: {lang: text}, texts: {lang: {key: text}}, chooser: {lang: [[id, name, blurb]...]}}
  var BOOT = __BOOT__;
  var early = { frag: null, exact: false, cells: [], done: false, wired: false, button: "" };

  var query = new URLSearchParams(location.search);
  var embed = query.has("embed");   // a frame in another site: nothing from storage (embed.py)
  if (embed) document.documentElement.classList.add("embed");
  // the colour theme before the first paint (py/spielkiste_page/theme.py keeps the choice): a frame's ?theme=,
  // else the stored one; "system" or nothing leaves it to the CSS (prefers-color-scheme)
  var theme = embed ? query.get("theme") : stored("spielkiste.theme");
  if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;

  function stored(key) {
    try { return window.localStorage.getItem(key); } catch (e) { return null; }
  }
  // a JSON object from text no longer than `limit` (longer text is nothing of ours: not read)
  function parsedText(text, limit) {
    if (typeof text !== "string" || text.length > limit) return null;
    try { var v = JSON.parse(text); return v && typeof v === "object" ? v : null; } catch (e) { return null; }
  }
  function parsed(key, limit) {
    return parsedText(stored(key), limit);
  }
  var MAX_SAVE = 100000, MAX_BOARD = 1000000;    // far above any save or board (saves.py, svg.py)
  // the save of the game `gid` opens with: the list's current game (py/spielkiste_page/mygames.py),
  // else a save from before the list; {} for one that cannot be read
  function kept(gid) {
    var uid = stored("spielkiste.current." + gid);
    var entry = uid ? parsed("spielkiste.game." + uid, MAX_SAVE) : null;
    if (entry) return parsedText(entry.save, MAX_SAVE) || {};
    return parsed("spielkiste.save." + gid, MAX_SAVE);
  }

  // What py/spielkiste_web/svg.py writes, and nothing else: its elements (all in the SVG namespace),
  // its attributes (none in a namespace, no event handler, no href), and for the few whose value could
  // reach outside the board, the values it writes. tests/test_storage_checks.py holds svg.py to these lists.
  var SVG_NS = "http://www.w3.org/2000/svg";
  var BOARD_TAGS = " svg defs pattern marker g rect circle ellipse polygon polyline path text title ";
  var BOARD_ATTRS = " class viewBox role aria-label aria-hidden width height x y rx ry cx cy r d points transform " +
    "patternUnits patternTransform refX refY markerWidth markerHeight orient data-cell data-piece ";
  var BOARD_VALUES = {
    xmlns: /^http:\/\/www\.w3\.org\/2000\/svg$/,
    id: /^(hatch|arrowhead)$/,
    "marker-end": /^url\(#(hatch|arrowhead)\)$/,
    style: /^(--d:[0-9.]+s|--n:[0-9]+;--t:[0-9.]+s|--dx:-?[0-9.]+px;--dy:-?[0-9.]+px(;--i:[0-9]+;--t:[0-9.]+s)?)$/,
    tabindex: /^(-1|0)$/
  };
  function allowedAttr(a) {
    if (a.name === "xmlns") return BOARD_VALUES.xmlns.test(a.value);
    if (a.namespaceURI !== null) return false;
    if (Object.prototype.hasOwnProperty.call(BOARD_VALUES, a.name)) return BOARD_VALUES[a.name].test(a.value);
    return BOARD_ATTRS.indexOf(" " + a.name + " ") >= 0;
  }
  // the board in `markup` as a node of this document, or null if it is anything but such a board.
  // Text naming another element (or a comment, a declaration) or holding an event handler is refused
  // before it is parsed: parsing alone has the browser weigh a <style> or a handler against the
  // page's Content-Security-Policy.
  function checkedBoard(markup) {
    if (typeof markup !== "string" || markup.length > MAX_BOARD || /\son[a-z]+\s*=/i.test(markup)) return null;
    var tag = /<([^\s\/>]*)/g, m;
    while ((m = tag.exec(markup)) !== null) if (m[1] && BOARD_TAGS.indexOf(" " + m[1] + " ") < 0) return null;
    var doc;
    try { doc = new DOMParser().parseFromString(markup, "image/svg+xml"); } catch (e) { return null; }
    var root = doc.documentElement;
    if (doc.doctype || !root || root.namespaceURI !== SVG_NS || root.localName !== "svg") return null;
    var walk = doc.createTreeWalker(root, NodeFilter.SHOW_ALL);
    for (var node = root; node; node = walk.nextNode()) {
      if (node.nodeType === 3) continue;            // text
      if (node.nodeType !== 1 || node.namespaceURI !== SVG_NS) return null;
      if (BOARD_TAGS.indexOf(" " + node.localName + " ") < 0) return null;
      for (var i = 0; i < node.attributes.length; i++) if (!allowedAttr(node.attributes[i])) return null;
    }
    return document.importNode(root, true);
  }
  function known(gid) {
    return typeof gid === "string" && Object.prototype.hasOwnProperty.call(BOOT.games, gid);
  }
  // the same choice as app.py: the stored language (never in a frame, which reads no storage), else the
  // browser's; in a frame its ?lang= first
  var lang = (embed ? null : stored("spielkiste.lang")) ||
    ((navigator.language || "").toLowerCase().indexOf("de") === 0 ? "de" : "en");
  if (embed && (query.get("lang") === "en" || query.get("lang") === "de")) lang = query.get("lang");
  if (lang !== "de") lang = "en";

  // What Python will open (app.py's route): the URL's fragment, else the last game's save, else the
  // game's start; in a frame the fragment, else the default game's start, and only the build's boards.
  function plan() {
    var frag = location.hash.replace(/^#+/, "");
    var gid, exact;
    if (embed) {
      gid = frag ? frag.split("?")[0].trim().toLowerCase() : BOOT.default;
      exact = frag || BOOT.games[BOOT.default];
      return known(gid) && exact === BOOT.games[gid] ? { gid: gid, frag: exact } : null;
    }
    if (frag) {
      gid = frag.split("?")[0].trim().toLowerCase();
      if (!known(gid)) return null;
      exact = frag;
    } else {
      gid = stored("spielkiste.last");
      if (!known(gid)) gid = BOOT.default;
      var save = kept(gid);
      if (save) exact = typeof save.link === "string" ? save.link : null;
      else exact = BOOT.games[gid];     // nothing kept: Python opens the game's start (app.py open_saved)
      if (exact === null) return null;     // a save we cannot read: Python sets it aside
    }
    var cache = parsed("spielkiste.svg." + gid, MAX_BOARD + 10000);
    var board = cache && cache.frag === exact && cache.lang === lang ? checkedBoard(cache.svg) : null;
    if (board) return { gid: gid, frag: exact, snap: cache, board: board };
    if (exact === BOOT.games[gid]) return { gid: gid, frag: exact };
    return null;
  }

  function text(id, value) {
    var e = document.getElementById(id);
    if (e && typeof value === "string") e.textContent = value;
  }

  function started() {
    return early.done || document.body.dataset.ready === "1";
  }

  // the side panel's title, goal and status lines (the start's from BOOT.starts, or the cache's)
  function paintTexts(snap) {
    if (started()) return;
    text("game-title", snap.title);
    text("game-goal", snap.goal);       // painted now, so Python's first answer repaints none of these lines
    text("status", snap.status);
    text("status-extra", snap.extra);
    paintSeats(snap.seats, snap.levels, snap.level);
    if (typeof snap.title === "string") document.title = snap.title + " · Spielkiste";
  }

  function paintBoard(p, svg) {
    var board = document.getElementById("board");
    if (!board || !svg || started()) return;
    board.replaceChildren(svg);      // a checked board (checkedBoard), never markup from storage or the URL
    var moving = board.querySelectorAll(".fresh, .slide");   // the last move's animation: not again
    for (var i = 0; i < moving.length; i++) moving[i].classList.remove("fresh", "slide");
    board.dataset.early = "exact";
    early.frag = p.frag;
    early.exact = true;
  }

  // what app.py's translate_static and panels.chooser draw first, so nothing moves when Python takes over
  function staticTexts(gid) {
    var texts = BOOT.texts[lang], i, e;
    document.documentElement.lang = lang;
    var plain = document.querySelectorAll("[data-t]");
    for (i = 0; i < plain.length; i++) {
      e = plain[i];
      if (texts[e.dataset.t] !== undefined && e.textContent !== texts[e.dataset.t] && complete(e)) e.textContent = texts[e.dataset.t];
    }
    var picker = document.getElementById("lang");      // the language switch says the language shown
    if (picker && complete(picker)) picker.value = lang;
    var titled = document.querySelectorAll("[data-tt]");
    for (i = 0; i < titled.length; i++) {
      e = titled[i];
      if (texts[e.dataset.tt] !== undefined) { e.title = texts[e.dataset.tt]; e.setAttribute("aria-label", texts[e.dataset.tt]); }
    }
    var ul = document.getElementById("game-list");
    if (!complete(ul) || ul.children.length) return;
    BOOT.chooser[lang].forEach(function (entry) {
      var li = document.createElement("li"), b = document.createElement("button");
      b.type = "button";
      b.dataset.game = entry[0];
      b.setAttribute("aria-current", entry[0] === gid ? "true" : "false");
      b.appendChild(element("span", "", entry[1]));
      b.appendChild(element("span", "blurb", entry[2]));
      li.appendChild(b);
      li.appendChild(link("learn", entry[0], entry[3], entry[4]));
      if (entry[5]) li.appendChild(link("puzzles", entry[0], entry[5], entry[6]));
      ul.appendChild(li);
    });
  }
  // a game's lessons or puzzles link of the list, as panels.chooser writes it
  function link(kind, gid, label, aria) {
    var a = element("a", kind === "learn" ? "learn-link" : "puzzle-link", label);
    a.href = "#" + gid + (kind === "learn" ? "?learn" : "?puzzle");
    a.dataset[kind] = gid;
    a.setAttribute("aria-label", aria);
    return a;
  }
  function element(tag, cls, content) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    e.textContent = content;
    return e;
  }

  // The seat rows, as panels.seats draws them (build.py seat_row: colour, name, partner, kind, to move,
  // label; each seat's menu: Human, then the computer at each level, "computer" the level in play), so
  // the buttons below do not move when Python draws them. Their choice waits for Python (disabled): a
  // seat changed now would be drawn over. Rows from storage are checked like its board.
  function paintSeats(rows, levels, level) {
    var ol = document.getElementById("seats");
    if (!ol || ol.children.length || !Array.isArray(rows) || rows.length > 8 || !pairs(levels, "number")) return;
    var kinds = BOOT.kinds[lang], out = [], options = [kinds[0]];
    if (rows.length > 1) {
      levels.forEach(function (l) {
        options.push([l[0] === level ? "computer" : "computer." + l[0], BOOT.computer_at[lang].replace("{level}", l[1])]);
      });
    } else options.push(kinds[1]);
    for (var i = 0; i < rows.length; i++) {
      var r = rows[i];
      if (!Array.isArray(r) || r.length !== 6 || !/^[a-z]{1,20}$/.test(r[0]) || typeof r[1] !== "string" ||
          typeof r[2] !== "string" || typeof r[5] !== "string" || !kinds.some(function (k) { return k[0] === r[3]; })) return;
      var li = document.createElement("li"), swatch = element("span", "swatch", "");
      if (r[4] === true) li.className = "to-move";
      swatch.dataset.colour = r[0];
      swatch.setAttribute("aria-hidden", "true");
      li.appendChild(swatch);
      var who = element("span", "who", "");
      who.appendChild(element("span", "", r[1]));
      if (r[2]) who.appendChild(element("span", "team", r[2]));
      li.appendChild(who);
      li.appendChild(choice(options, r[3], "", r[5]));
      out.push(li);
    }
    ol.replaceChildren.apply(ol, out);
  }
  // a menu of [value, label] pairs, `chosen` selected, waiting for Python (disabled)
  function choice(options, chosen, cls, label) {
    var select = element("select", cls, "");
    select.setAttribute("aria-label", label);
    select.disabled = true;
    options.forEach(function (o) {
      var option = element("option", "", o[1]);
      option.value = String(o[0]);
      option.selected = o[0] === chosen;
      select.appendChild(option);
    });
    return select;
  }
  // an array (at most 20) of arrays whose first item is of type `first` and second a string
  function pairs(items, first) {
    return Array.isArray(items) && items.length <= 20 && items.every(function (i) {
      return Array.isArray(i) && typeof i[0] === first && typeof i[1] === "string";
    });
  }
  // the game's aids (checkboxes) and tools (buttons), as panels.aids_and_tools draws them, waiting for Python
  function paintAids(aids, tools) {
    var box = document.getElementById("aids"), row = document.getElementById("tools");
    if (!box || !row || box.children.length || row.children.length || !pairs(aids, "string") || !pairs(tools, "string")) return;
    box.replaceChildren.apply(box, aids.map(function (a) {
      var label = document.createElement("label"), input = document.createElement("input");
      input.type = "checkbox";
      input.dataset.aid = a[0];
      input.checked = a[2] === true;
      input.disabled = true;
      label.appendChild(input);
      label.appendChild(element("span", "", " " + a[1]));
      return label;
    }));
    row.replaceChildren.apply(row, tools.map(function (t) {
      var b = element("button", "", t[1]);
      b.type = "button";
      b.dataset.tool = t[0];
      b.disabled = true;
      return b;
    }));
  }

  // as soon as the document is parsed ("interactive"), before the deferred PyScript module runs
  // (DOMContentLoaded would wait for it, and it starts Pyodide's downloads)
  function whenParsed(fn) {
    if (document.readyState !== "loading") return fn();
    document.addEventListener("readystatechange", function once() {
      document.removeEventListener("readystatechange", once);
      fn();
    });
  }

  // fn() after each piece the parser adds to the document, and once it is parsed. A MutationObserver's
  // records arrive before the browser paints again, so each part of the page is filled in the frame
  // that first shows it: a slow phone paints the half-parsed page, and a panel filled only once the
  // whole document is parsed would push down everything below it (a layout shift). fn must change
  // nothing it finds already done (its own changes call it again).
  // whether the parser is done with element `e` (the document's last node is past it): text added
  // to it now is not followed by its own text from the page
  function complete(e) {
    var last = document;
    while (last.lastChild) last = last.lastChild;
    return !!e && !e.contains(last);
  }
  function asParsed(fn) {
    if (document.readyState !== "loading") return fn();
    var obs = new MutationObserver(fn);
    obs.observe(document, { childList: true, subtree: true });
    whenParsed(function () { obs.disconnect(); fn(); });
  }

  var p = plan();
  var panel = p ? p.snap || BOOT.starts[p.gid][lang] : null;      // the side panel's lines, seats, aids
  var pending = { texts: !!p, aids: !!p, board: p && p.snap ? p.board : null };    // what is still to paint
  function paintSoFar() {
    if (!document.body || document.body.dataset.ready === "1") return;
    staticTexts(p ? p.gid : null);
    if (pending.texts && complete(document.getElementById("seats"))) {     // the last of the lines paintTexts fills
      pending.texts = false;
      paintTexts(panel);
    }
    if (pending.aids && complete(document.getElementById("tools"))) {
      pending.aids = false;
      if (!started()) paintAids(panel.aids, panel.tools);
    }
    if (pending.board && complete(document.getElementById("board"))) {
      var board = pending.board;
      pending.board = null;
      paintBoard(p, board);
    }
  }
  asParsed(paintSoFar);
  if (p && !p.snap) {
    fetch("./boards/" + p.gid + "." + lang + ".json").then(function (r) {
      return r.ok ? r.json() : null;
    }).then(function (snap) {
      if (snap && snap.frag === p.frag) {
        pending.board = checkedBoard(snap.svg);
        paintSoFar();
      }
    }).catch(function () { /* the page's Python draws the board in any case */ });
  }

  // A frame sandboxed without allow-same-origin (a code playground's preview) has an opaque origin, "null":
  // the browser refuses it this site's module scripts and files (CORS) and the engine's worker, so Python
  // never starts. The frame says so, and a host page hears it (`unavailable`) instead of waiting for `ready`.
  if (window.origin === "null" && /^https?:$/.test(location.protocol)) {
    early.done = true;                 // no click says "loading": nothing is
    document.documentElement.dataset.start = "sandboxed";
    whenParsed(function () {
      text("message-text", BOOT.sandboxed[lang]);
      document.getElementById("message").hidden = false;
    });
    if (embed && window.parent !== window) {
      window.parent.postMessage({ source: "spielkiste", type: "unavailable", reason: "sandboxed",
                                  text: BOOT.sandboxed[lang] }, "*");
    }
  }

  // Clicks before Python is ready: on an exact board, the square is kept (and lit); any click says "loading".
  // A button pressed before the page's Python has its handlers (New game, a game of the list) is kept too,
  // the last one, and pressed again once they are there (wired): no click is dropped silently (issue 54).
  document.addEventListener("click", function (e) {
    if (early.done || !document.body || document.body.dataset.ready === "1" || !e.target.closest) return;
    var cell = e.target.closest("#board [data-cell]");
    if (cell && early.exact) {
      early.cells.push(cell.getAttribute("data-cell"));
      cell.classList.add("selected");
    }
    var button = e.target.closest("button");
    if (button && !early.wired) {
      early.button = button.id ? "#" + CSS.escape(button.id) :
        button.dataset.game ? "#chooser [data-game='" + CSS.escape(button.dataset.game) + "']" : "";
    }
    if (cell || e.target.closest("button, select, a")) text("status", BOOT.loading[lang]);
  }, true);

  // Python, once it has rendered the position `frag`: the squares clicked on the early board, in order,
  // if that board showed the same position; from then on the page's own handlers take every click.
  window.spielkisteBoot = {
    // the page's Python has its handlers: the button pressed before (a selector, or ""), to press again
    wired: function () {
      early.wired = true;
      var pressed = early.button;
      early.button = "";
      return pressed;
    },
    take: function (frag) {
      early.done = true;
      return early.exact && frag === early.frag ? early.cells.slice() : [];
    }
  };

  // the offline service worker, once the engine's worker has settled: its install fetches every file of the
  // site, which would otherwise compete with the page's and the engine worker's start-up. A page keeps the
  // version it started with (sw.js): a newer one, once installed and waiting, is offered in the message
  // bar; accepting it lets the waiting worker take over, and every page of the old version reloads.
  function registerWorker() {
    var sw = navigator.serviceWorker;
    if (sw.controller) sw.addEventListener("controllerchange", function () { location.reload(); });
    sw.register("./sw.js").then(function (reg) {
      watchUpdates(reg);
      return sw.ready;
    }).then(function () {
      document.documentElement.dataset.offline = "ready";
      var el = document.getElementById("offline");
      if (el) el.hidden = false;
    }).catch(function (err) {
      console.warn("offline mode unavailable:", err);
    }).then(function () {
      whenSettled(makeSnapshot);
    });
  }
  // Python restored from a snapshot starts in a fraction of its own start-up (vendor/pyodide/start.mjs):
  // this build's snapshot is made once, by a worker of its own, after the page has settled, and only in
  // a page the offline copy serves (from the second visit on), so that worker reads every file from
  // that copy and nothing crosses the network again.
  // the engine's worker restored Python from this build's snapshot (start.mjs says so)
  try {
    new BroadcastChannel("spielkiste-snapshot").onmessage = function (e) { window.spielkisteSnapshot = e.data; };
  } catch (err) { /* no report, nothing else changes */ }
  function makeSnapshot() {
    if (window.spielkisteSnapshot || !navigator.serviceWorker.controller || !window.caches ||
        !window.CompressionStream) return;
    try {
      var worker = new Worker("./vendor/pyodide/snapshot-worker.mjs", { type: "module" });
      worker.onmessage = function (e) {
        if (String(e.data).startsWith("failed")) console.warn("no Python snapshot:", e.data);
        document.documentElement.dataset.snapshot = String(e.data).split(":")[0];
        worker.terminate();
      };
      worker.onerror = function (e) {
        console.warn("no Python snapshot:", e.message);
        document.documentElement.dataset.snapshot = "failed";
        worker.terminate();
      };
    } catch (err) { /* the plain start stays */ }
  }
  function watchUpdates(reg) {
    if (reg.waiting) offerUpdate(reg.waiting);
    reg.addEventListener("updatefound", function () {
      var worker = reg.installing;
      if (worker) worker.addEventListener("statechange", function () {
        if (worker.state === "installed") offerUpdate(worker);
      });
    });
  }
  var UPDATE = { en: ["New version available \u2014", "reload"], de: ["Neue Version verf\u00fcgbar \u2014", "neu laden"] };
  function offerUpdate(worker) {
    if (!navigator.serviceWorker.controller) return;     // the first install: this page is not on any version yet
    whenReady(function () {
      var btn = document.getElementById("update-reload"), bar = document.getElementById("update");
      if (!btn || !bar) return;
      function say() {           // in the page's language, as Python set it, and again when the player changes it
        var l = document.documentElement.lang === "de" ? "de" : "en";
        text("update-text", UPDATE[l][0]);
        btn.textContent = UPDATE[l][1];
      }
      say();
      new MutationObserver(say).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
      btn.onclick = function () { worker.postMessage({ type: "skip-waiting" }); };
      btn.hidden = false;
      bar.hidden = false;
    });
  }
  // after Python's start-up, which sets its own messages
  function whenReady(fn) {
    if (document.body && document.body.dataset.ready === "1") return fn();
    whenParsed(function () {
      if (document.body.dataset.ready === "1") return fn();
      new MutationObserver(function (_, obs) {
        if (document.body.dataset.ready === "1") { obs.disconnect(); fn(); }
      }).observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
    });
  }
  function settled() {
    return document.body.dataset.ai === "ready" || document.body.dataset.ai === "lost";
  }
  // once the engine's worker has started (or could not be had)
  function whenSettled(fn) {
    whenParsed(function () {
      if (settled()) return fn();
      new MutationObserver(function (_, obs) {
        if (settled()) { obs.disconnect(); fn(); }
      }).observe(document.body, { attributes: true, attributeFilter: ["data-ai"] });
    });
  }
  // an embed costs what it shows: no offline copy of the whole site and no snapshot in another site's
  // frame (the HTTP cache serves repeat views)
  if (!embed && "serviceWorker" in navigator && location.protocol !== "file:") {
    whenParsed(function () {
      if (navigator.serviceWorker.controller) registerWorker();
      else whenSettled(registerWorker);
    });
  }
})();
