"""DOM helpers for the page, and the browser's storage, which may be missing or full.

Elements are built with createElement/textContent only: text from links or storage never
becomes markup. Event handlers are kept alive here (Pyodide proxies are freed otherwise)."""
import js
from pyodide.ffi import jsnull
from pyscript import document
from pyscript.ffi import create_proxy

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
    return str(js.window.location.origin) + str(js.window.location.pathname) + "#" + fragment


def on(target, event, handler):
    p = create_proxy(handler)
    _proxies.append(p)
    target.addEventListener(event, p)
    return p


def keep(proxy):
    """Keep a proxy made elsewhere alive for the page's lifetime."""
    _proxies.append(proxy)
    return proxy


class Storage:
    """localStorage as the page may meet it: blocked (third-party frames, private mode),
    full (quota), or fine. Reads of a blocked storage give None; writes report success, so the
    page can say that games are not saved instead of failing."""

    def __init__(self, use: bool = True):
        self.available = use
        self._ls = None
        if not use:          # an embed reads and writes nothing of the visitor's storage
            return
        try:
            ls = js.window.localStorage
            ls.getItem("spielkiste.probe")
            self._ls = ls
        except Exception:        # SecurityError where storage is blocked
            self._ls = None
            self.available = False

    def get(self, key):
        if self._ls is None:
            return None
        try:
            value = self._ls.getItem(key)
        except Exception:
            return None
        return None if value is None or value is jsnull else str(value)    # a missing key is JS null

    def set(self, key, value) -> bool:
        """Write; False when the browser refused (quota exceeded or storage blocked)."""
        if self._ls is None:
            return False
        try:
            self._ls.setItem(key, value)
            return True
        except Exception:
            return False

    def keys(self) -> list[str]:
        """Every key stored (for the list of kept games); none where storage is blocked."""
        if self._ls is None:
            return []
        try:
            return [str(self._ls.key(i)) for i in range(int(self._ls.length))]
        except Exception:
            return []

    def remove(self, key) -> None:
        if self._ls is not None:
            try:
                self._ls.removeItem(key)
            except Exception:
                pass
