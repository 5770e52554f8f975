"""The board before Python is ready (issue 13), the page's side of assets/boot.js.

boot.js paints at once the start position the build rendered, or the last board this page
rendered for the position the URL or the save names (kept here, after each render), and keeps
the squares clicked on it; once the page has drawn its position, it plays those clicks."""
import json

from pyscript import window

from spielkiste_web import links
from spielkiste_web.dom import el


def remember(app, markup: str) -> None:
    """The board just drawn, for boot.js's next start: one entry per game, with the fragment it
    shows (boot.js uses it only for exactly that fragment). Only a resting board (no square
    selected); never in an embedded page, which keeps nothing. A full storage just skips it."""
    if app.embed or app.clicks.prefix or not app.storage.available:
        return
    app.storage.set("spielkiste.svg." + app.record.game.id, json.dumps({
        "frag": links.to_fragment(app.record), "lang": app.lang, "svg": markup,
        "title": str(el("game-title").textContent), "status": str(el("status").textContent),
        "extra": str(el("status-extra").textContent)}))


def replay_clicks(app) -> None:
    """The squares clicked on boot.js's board, in order, through the page's own click path;
    boot.js hands them over only if its board showed this very position."""
    boot = getattr(window, "spielkisteBoot", None)
    if boot is None:
        return
    for cell in [str(c) for c in boot.take(links.to_fragment(app.record))]:
        if app.human_to_move():
            app.input.focus_cell = cell
            app.click_cell(cell)
