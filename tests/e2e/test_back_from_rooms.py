"""The browser's Back from a room opened by a button returns to the game, as on lichess (a probe found
it left the app: a room's address replaced the game's history entry). A room followed by a link keeps
the link's own entry (one Back, not two)."""
from conftest import open_app, wait_moves

GAME = "snorkels?m=D4,C3,E5"


def pieces(page):
    return page.locator("#board [data-piece]").count()


def test_back_from_the_puzzles_and_the_analysis_board_returns_to_the_game(app, server):
    page = app
    open_app(page, server.url + "#" + GAME)
    wait_moves(page, 3)
    for button, room in (("#btn-puzzles", "puzzle"), ("#btn-analyse", "analysis")):
        page.click(button)
        page.wait_for_selector(f"body[data-room='{room}']")
        assert page.evaluate("location.hash") != "#" + GAME
        page.go_back()
        page.wait_for_function("!document.body.dataset.room")
        page.wait_for_function(f"location.hash === {('#' + GAME)!r}")
        page.wait_for_function("document.querySelectorAll('#board [data-piece]').length === 3")
        assert pieces(page) == 3 and page.locator("#movelist button").count() == 3
    # a room reached by a link: Back goes to the game in one step, as the link made one entry
    page.evaluate("location.hash = 'snorkels?puzzle=1'")
    page.wait_for_selector("body[data-room='puzzle']")
    page.go_back()
    page.wait_for_function(f"location.hash === {('#' + GAME)!r} && !document.body.dataset.room")
    assert page.watch.errors == []
