"""Take back and "Play against the computer from here" (issue 54), on a 390 px phone: two moves
against the computer, taken back in one step (both plies, by the keyboard), the computer then
quiet; a shared link's game (every seat human) gets the computer back with one tap, and it answers;
the analysis board's "Show threat" says the threat. Screenshots in English and German."""
from conftest import moves, open_app, place_in_the_centre, route, shot, wait_moves
from spielkiste.texts import t
from spielkiste_web import ui_texts  # noqa: F401  (the page's own keys belong to the table too)


def test_take_back_both_plies_then_the_computer_from_a_shared_link(phone_app, server):
    page = open_app(phone_app, server.url + "#snorkels")
    page.wait_for_selector("body[data-ai='ready']", timeout=90000)
    assert page.is_disabled("#btn-takeback")                      # nothing to take back yet
    place_in_the_centre(page)
    wait_moves(page, 2, timeout=90000)
    page.wait_for_selector("body[data-thinking='0']")
    place_in_the_centre(page)
    mine = wait_moves(page, 4, timeout=90000)
    page.wait_for_selector("body[data-thinking='0'][data-pending='0']")
    assert page.inner_text("#btn-takeback") == t("ui.takeback", "en")
    page.locator("#btn-takeback").scroll_into_view_if_needed()
    shot(page, "takeback-390-en-before")
    page.focus("#btn-takeback")                                   # keyboard reachable: Enter on the button
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#movelist button').length === 2")
    assert moves(page) == mine[:2]
    assert "m=" in page.evaluate("location.hash")
    page.wait_for_timeout(1500)                                    # the computer does not move by itself
    assert moves(page) == mine[:2] and page.get_attribute("body", "data-thinking") == "0"
    assert page.is_disabled("#btn-redo")                           # cut, not browsed: nothing ahead
    assert "Viewing" not in page.inner_text("#status-extra")
    page.locator("#movelist").scroll_into_view_if_needed()
    shot(page, "takeback-390-en-after")
    page.select_option("#lang", "de")
    page.wait_for_function(f"document.querySelector('#btn-takeback').textContent === {t('ui.takeback', 'de')!r}")
    shot(page, "takeback-390-de")
    # a shared link: every seat human; one tap and the computer plays the side not to move
    route(page, "snorkels?m=D4,E4,C3")
    page.wait_for_selector("#btn-computer-here:not([hidden])")
    assert page.inner_text("#btn-computer-here") == t("ui.computer_here", "de")
    page.locator("#btn-computer-here").scroll_into_view_if_needed()
    shot(page, "computer-here-390-de")
    page.click("#btn-computer-here")
    page.wait_for_selector("#btn-computer-here", state="hidden")
    page.wait_for_selector("body[data-pending='0']")
    place_in_the_centre(page)
    after = wait_moves(page, 5, timeout=90000)                     # the player's move and the computer's answer
    assert after[:3] == ["D4", "E4", "C3"]
    page.select_option("#lang", "en")
    shot(page, "computer-here-390-en")
    # the analysis board's "Show threat": the other side's threat said and drawn as an arrow or "no threat"
    page.wait_for_selector("body[data-thinking='0'][data-pending='0']")
    page.click("#btn-analyse")
    page.wait_for_selector("#analysis:not([hidden])")
    page.check("#tree-threat")
    page.wait_for_function("document.querySelector('#tree-threat-text').textContent.length > 0")
    said = page.inner_text("#tree-threat-text")
    arrows = page.locator("#board g.tree-arrow .threat-arrow, #board g.tree-arrow .threat-ring").count()
    assert said.startswith("No threat") == (arrows == 0), (said, arrows)
    page.locator("#tree-threat").scroll_into_view_if_needed()
    shot(page, "threat-390-en")
