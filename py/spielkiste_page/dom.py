"""DOM helpers for the page, and the browser's storage, which may be missing or full.

Elements are built with createElement/textContent only: text from links or storage never
becomes markup. Event handlers are kept alive here (a proxy the page drops may be freed).

A call that may throw (storage blocked or full, history throttled) is wrapped in a small JS
function that catches it (MicroPython cannot: see below)."""
import json

import js
from pyscript import document
from pyscript.ffi import create_proxy

# the global object itself: pyscript's `window` is a module in MicroPython, and calling
# addEventListener through it throws "Illegal invocation"
window = js.window
NEAREST = js.JSON.parse('{"block": "nearest"}')     # scrollIntoView: the least scroll that shows it
NO_SCROLL = js.JSON.parse('{"preventScroll": true}')   # focus() where the view must stay

_proxies: list = []


def el(id_):
    return document.getElementById(id_)


def make(tag, text=None, **attrs):
    """An element; attribute names drop a trailing '_' and turn '_' into '-' (class_, aria_label)."""
    e = document.createElement(tag)
    if text is not None:
        e.textContent = text
    for k, v in attrs.items():
        e.setAttribute(k.rstrip("_").replace("_", "-"), str(v))
    return e


def page_url(fragment: str) -> str:
    """This page's address with `fragment` (a link to a game or position)."""
    return str(window.location.origin) + str(window.location.pathname) + "#" + fragment


def keep(proxy):
    """Keep a proxy made elsewhere alive for the page's lifetime."""
    _proxies.append(proxy)
    return proxy


def on(target, event, handler):
    p = keep(create_proxy(handler))
    target.addEventListener(event, p)
    return p


# Calls that may throw, each caught in JS itself: MicroPython cannot catch an exception a JS
# function throws synchronously (it unwinds past every `except`, and inside an asyncio task it
# breaks the event loop). Each answers a fallback instead of throwing.
_local = js.Function.new("try { const s = window.localStorage; s.getItem('spielkiste.probe'); return s; }"
                         " catch (e) { return null; }")
_get = js.Function.new("s", "k", "try { return s.getItem(k); } catch (e) { return null; }")
_set = js.Function.new("s", "k", "v", "try { s.setItem(k, v); return true; } catch (e) { return false; }")
_remove = js.Function.new("s", "k", "try { s.removeItem(k); } catch (e) { }")
_keys = js.Function.new("s", "try { return JSON.stringify(Object.keys(s)); } catch (e) { return '[]'; }")
_replace_state = js.Function.new("uid", "url", """
    try {
        const s = history.state;
        if (s && s.uid === uid && location.href === new URL(url, location.href).href) return true;
        history.replaceState({uid: uid}, '', url); return true;
    } catch (e) { return false; }""")


_push_state = js.Function.new("uid", """
    try { history.pushState({uid: uid}, '', location.href); return true; } catch (e) { return false; }""")


def push_state(uid: str) -> bool:
    """A new history entry at the address shown (a room opened by a button writes its link into it),
    so that the browser's Back returns to the entry before: the game; False where the browser refused."""
    return bool(_push_state(uid))


def replace_state(uid: str, url: str) -> bool:
    """history.replaceState({uid}, "", url), unless the entry holds both already (it is written after
    every snapshot, and each call costs the browser's process a round trip and counts against its
    limit); False where the browser refused (too many calls)."""
    return bool(_replace_state(uid, url))


# a Web Lock named after a kept game, held by the tab whose computer is thinking in that game: another
# tab showing the game waits for it instead of searching too (app.py's maybe_think); a closed tab's lock
# is released by the browser. Without Web Locks (an opaque origin) the wait ends after a while.
_hold_lock = js.Function.new("name", """
    let release = null, done = false;
    try { navigator.locks.request(name, () => done ? null : new Promise(r => { release = r; })).catch(() => {}); }
    catch (e) { }
    return () => { done = true; if (release) release(); };""")
_when_free = js.Function.new("name", "fn", """
    const later = () => setTimeout(fn, 10000);
    try { navigator.locks.request(name, () => { fn(); }).catch(later); } catch (e) { later(); }""")


def hold_lock(name: str):
    """Hold the Web Lock `name` until the returned function is called."""
    return _hold_lock(name)


def when_free(name: str, fn) -> None:
    """Call `fn` once the Web Lock `name` is free (at once if nobody holds it)."""
    _when_free(name, create_proxy(fn))


def set_text(node, text) -> None:
    """textContent, unless the element shows that text already: the lines boot.js drew before
    Python started stay the same paint (no new layout, no late "largest paint" for Lighthouse)."""
    if str(node.textContent) != text:
        node.textContent = text


def next_task():
    """A promise kept in a task of its own (a timer): awaited between the steps of a long piece of
    work, it lets the browser paint and answer input in between, so no one task blocks the main
    thread for long (issue 30: the start-up's steps)."""
    return js.Promise.new(lambda resolve, reject: js.setTimeout(resolve, 0))


def is_null(value) -> bool:
    """JS null or undefined as MicroPython's FFI hands them over (None, or a proxy of undefined)."""
    return value is None or (not isinstance(value, str) and str(value) in ("null", "undefined", "<undefined>"))



def closest(event, selector):
    """The element matching `selector` at or above the event's target, or None."""
    target = getattr(event, "target", None)
    if target is None or is_null(target) or is_null(getattr(target, "closest", None)):
        return None
    found = target.closest(selector)
    return None if is_null(found) else found

def download(text: str, mime: str, name: str) -> None:
    """Offer `text` as a file named `name`."""
    blob = js.Blob.new([text], js.JSON.parse('{"type": ' + js.JSON.stringify(mime) + '}'))
    url = js.URL.createObjectURL(blob)
    a = make("a", None, href=url, download=name)
    document.body.appendChild(a)
    a.click()
    a.remove()
    js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 1000)


class Storage:
    """localStorage as the page may meet it: blocked (third-party frames, private mode),
    full (quota), or fine. Reads of a blocked storage give None; writes report success, so the
    page can say that games are not saved instead of failing."""

    def __init__(self, use: bool = True):
        self.available = use
        self._ls = None
        if not use:          # an embed reads and writes nothing of the visitor's storage
            return
        ls = _local()
        if ls is None:
            self.available = False
        else:
            self._ls = ls

    def get(self, key):
        if self._ls is None:
            return None
        value = _get(self._ls, key)
        return None if is_null(value) else str(value)    # a missing key is JS null

    def set(self, key, value) -> bool:
        """Write; False when the browser refused (quota exceeded or storage blocked)."""
        return self._ls is not None and bool(_set(self._ls, key, value))

    def keys(self) -> list:
        """Every key stored (for the list of kept games); none where storage is blocked."""
        return json.loads(str(_keys(self._ls))) if self._ls is not None else []

    def remove(self, key) -> None:
        if self._ls is not None:
            _remove(self._ls, key)
