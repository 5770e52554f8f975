"""The side panel's Tools menu (issue 54): the rare buttons (set up a position, rotate the board,
the link, the pictures) behind one button, as lichess keeps its tools, so the game's own controls
stand out on a phone. A disclosure button (aria-expanded) over a group of buttons: a click or tap
opens it, and it closes when one of its buttons is used, on Escape and on a click elsewhere. The
buttons keep their ids and their own handlers. In an embed the group shows inline (app.css)."""
from pyscript import document

from spielkiste_page.dom import el, on


class ToolsMenu:
    def __init__(self, button="btn-tools", panel="tools-menu"):
        self.button, self.panel = el(button), el(panel)
        on(self.button, "click", lambda e: self.show(not self.is_open))
        on(self.panel, "click", self.on_item)
        on(document, "keydown", self.on_key)
        on(document, "pointerdown", self.on_outside)

    @property
    def is_open(self):
        return str(self.button.getAttribute("aria-expanded")) == "true"

    def show(self, open_):
        self.button.setAttribute("aria-expanded", "true" if open_ else "false")
        if open_:
            self.panel.classList.add("open")
        else:
            self.panel.classList.remove("open")

    def close(self):
        """Closed; the keyboard goes on from the menu's button if it was inside (never taken from
        where a tool put it, such as the editor's palette)."""
        inside = self.panel.contains(document.activeElement)
        self.show(False)
        if inside:
            self.button.focus()

    def on_item(self, event):
        if self.is_open and event.target and event.target.closest("button"):
            self.close()                # after the button's own handler: the click bubbles here

    def on_key(self, event):
        if self.is_open and str(event.key) == "Escape":
            self.close()

    def on_outside(self, event):
        target = event.target
        if self.is_open and target and not (self.button.contains(target) or self.panel.contains(target)):
            self.show(False)
