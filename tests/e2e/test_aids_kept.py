"""The aids a player switched on are kept with the game (issue 54, found by a probe): a reload opened
the stored game with the threat warning off again, a beginner's default among them."""
from conftest import open_app, place_in_the_centre, wait_moves

BOX = "#aids input[data-aid='threat']"


def test_the_threat_warning_switched_on_is_on_after_a_reload(page, server):
    open_app(page, server.url + "#snorkels")
    page.wait_for_selector("body[data-ai='ready']", timeout=90000)
    assert not page.is_checked(BOX)                 # the default level warns of nothing by itself
    page.check(BOX)
    place_in_the_centre(page)
    wait_moves(page, 2)                             # and the computer's answer
    page.wait_for_selector("body[data-thinking='0']")
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=90000)
    page.wait_for_function("document.querySelectorAll('#movelist button').length === 2")
    assert page.is_checked(BOX)
