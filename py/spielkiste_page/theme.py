"""The colour theme (issue 34): light, dark, or the system's (the default), chosen with the header's
#btn-theme and kept locally (`spielkiste.theme`); an embed takes its host's `?theme=dark|light` and
keeps nothing.

The colours are all CSS (assets/app.css, board.css): light by default, dark under the system's
`prefers-color-scheme: dark`, either one forced by `<html data-theme="light|dark">`. This module only
sets or removes that attribute. boot.js sets it before the first paint from the same key and option,
so the page never flashes the other theme while MicroPython starts. `shown()` says which theme is on
screen, so an exported picture can be made in it.

The switch is one button (the header has no room for a menu on a 390 px phone): each press changes
what the page looks like, except the last of the round, which hands the choice back to the system
(the system's -> the other look -> the system's look, forced -> the system's again, as its label says)."""
from pyscript import document

from spielkiste_page.dom import el, is_null, on, window     # js.window: MicroPython's pyscript.window is a module

KEY = "spielkiste.theme"
CHOICES = ("system", "light", "dark")
GLYPH = {"system": "\u25d0", "light": "\u2600", "dark": "\u263e"}      # half disc, sun, moon
DARK = "(prefers-color-scheme: dark)"


class Theme:
    def __init__(self, app) -> None:
        self.app = app
        if app.embed:        # the host's option; a frame reads and writes no storage
            asked = window.URLSearchParams.new(window.location.search).get("theme")
        else:
            asked = app.storage.get(KEY)
        self.choice = "system" if is_null(asked) or str(asked) not in CHOICES else str(asked)
        self.apply()
        button = el("btn-theme")
        if button:
            on(button, "click", lambda event: self.choose(self.next()))
        on(window.matchMedia(DARK), "change", lambda event: self.draw())

    def system_look(self) -> str:
        return "dark" if window.matchMedia(DARK).matches else "light"

    def shown(self) -> str:
        """"light" or "dark": the theme on screen now."""
        return self.system_look() if self.choice == "system" else self.choice

    def next(self) -> str:
        """What the button switches to: from the system's, the other look; from the look the system
        does not show, the one it shows (forced); from that, back to the system's."""
        own = self.system_look()
        if self.choice == "system":
            return "light" if own == "dark" else "dark"
        return "system" if self.choice == own else own

    def choose(self, choice: str) -> None:
        """A choice, shown at once and kept (a no-op write in an embed)."""
        if choice not in CHOICES:
            return
        self.choice = choice
        self.app.storage.set(KEY, choice)
        self.apply()

    def apply(self) -> None:
        root = document.documentElement
        if self.choice == "system":
            root.removeAttribute("data-theme")
        else:
            root.setAttribute("data-theme", self.choice)
        self.draw()

    def draw(self) -> None:
        """The button's glyph and label (in the page's language: app.py calls this after a language
        change), and the phone's browser bar in the header's colour (--accent of the theme shown)."""
        button = el("btn-theme")
        if button:
            tr = self.app.tr
            label = tr("ui.theme", now=tr("ui.theme." + self.choice), next=tr("ui.theme." + self.next()))
            button.textContent = GLYPH[self.choice]
            button.setAttribute("aria-label", label)
            button.setAttribute("title", label)
            button.dataset.theme = self.choice
        meta = document.querySelector('meta[name="theme-color"]')
        accent = str(window.getComputedStyle(document.documentElement).getPropertyValue("--accent")).strip()
        if not is_null(meta) and accent:
            meta.setAttribute("content", accent)
