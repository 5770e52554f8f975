"""The end of a game in the browser (issue 54): a won position from a link, the computer given the
other seat, the winning move clicked on the board: the result box says "You won" and offers the next
steps as lichess does (Review, Analysis board, Rematch with the sides swapped), the evaluation bar
shows the result, the review numbers moves as the move list does and its graph has axes and a
legend, the analysis board gives the solver's verdict, and My games lists the game's result. The
same end on a 390 px phone in German, light and dark."""
from conftest import open_app, shot
from settle import settle

# Snorkels: after B1 A1 G7 F7 Purple (seat 0) wins at once on A2, capturing Green's A1
WIN_IN_ONE = "snorkels?m=B1,A1,G7,F7"


def end_against_the_computer(page, url, *clicks, evaluation=False):
    """The position at `url`, seat 2 given to the computer (the evaluation shown, if asked), then
    `clicks` (selectors, each waited for) until the game is over."""
    open_app(page, url)
    page.select_option("#seats select[data-seat='1']", "computer")
    settle(page)
    if evaluation:
        page.check("#eval-toggle")
    for selector in clicks:
        page.click(selector)
    page.wait_for_selector("#result:not([hidden])", timeout=60000)
    settle(page)


def win_against_the_computer(page, server):
    """The won position, Green given to the computer, the evaluation shown, A2 clicked."""
    end_against_the_computer(page, server.url + "#" + WIN_IN_ONE, "#board [data-cell='A2']", evaluation=True)


def test_you_won_and_the_next_steps(app, server):
    page = app
    win_against_the_computer(page, server)
    assert page.text_content("#result-title") == "You won"
    assert page.text_content("#result-text") == "Green captured: Purple wins."
    assert page.get_attribute("#result", "data-you") == "won"
    # the evaluation bar: the result, not 50/50 without a number
    assert page.text_content("#eval-text") == "won" and page.get_attribute("#evalbar", "data-value") == "100"
    assert [page.is_visible(f"#{b}") for b in ("switch", "result-review", "result-analyse")] == [True] * 3
    shot(page, "end-1280-en-light")

    # Review: the review runs from the result box; it numbers moves as the move list does
    page.eval_on_selector("#btn-review", "b => b.dataset.seconds = '0.05'")
    page.click("#result-review")
    page.wait_for_selector("body[data-review='done']", timeout=60000)
    page.click("#review-graph rect.review-hit[data-ply='4']")
    assert page.get_attribute("#review-graph", "aria-valuetext").startswith("Move 2… F7: Purple ")
    assert page.text_content("#review-legend") == "PurpleGreen" and page.is_visible("#review-legend")
    assert page.eval_on_selector_all("#review-legend .swatch", "els => els.map(e => e.dataset.colour)") \
        == ["purple", "green"]
    axis = page.eval_on_selector_all("#review-graph text.review-axis", "els => els.map(e => e.textContent)")
    assert axis == ["100%", "50%", "0%", "1", "2", "3"]        # win chance; moves numbered as the list
    page.locator("#review-graph").scroll_into_view_if_needed()
    shot(page, "end-review-1280-en-light")

    # Analysis board: the position before the end gives the solver's verdict, not "Searched: 1 position"
    page.click("#btn-last")
    settle(page)
    page.click("#result-analyse")
    page.wait_for_selector("body[data-room='analysis']")
    page.click("#tree-moves button[data-path='B1,A1,G7,F7']")
    page.wait_for_function("document.getElementById('tree-search').textContent.startsWith('Proven')")
    assert page.text_content("#tree-search") == "Proven: Purple wins in 1 move."
    page.click("#tree-back")
    page.wait_for_selector("body:not([data-room])")
    settle(page)

    # My games lists the finished game's result
    page.click("#mygames-box summary")
    page.wait_for_function("document.getElementById('mygames').textContent.includes('finished, you won')")

    # Rematch: the same game again, the seats swapped: the computer now plays Purple and moves first
    page.click("#switch")
    page.wait_for_selector("#result", state="hidden")
    seats = page.eval_on_selector_all("#seats select[data-seat]", "els => els.map(e => e.value)")
    assert seats == ["computer", "human"]
    page.wait_for_function("document.querySelectorAll('#movelist button').length >= 1", timeout=60000)


def test_you_won_on_a_phone_in_german(phone_app, server):
    page = phone_app
    page.select_option("#lang", "de")
    win_against_the_computer(page, server)
    assert page.text_content("#result-title") == "Du hast gewonnen"
    assert page.text_content("#eval-text") == "gewonnen"
    assert [page.text_content(f"#{b}") for b in ("switch", "result-review", "result-analyse")] == \
        ["Revanche", "Auswertung", "Analysebrett"]
    box = page.locator("#result").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    page.locator("#result").scroll_into_view_if_needed()
    shot(page, "end-390-de-light")
    page.click("#btn-theme")
    shot(page, "end-390-de-dark")


def test_no_empty_choice_popup_stays_when_the_computer_wins_after_a_gate_choice(app, server):
    """Found by a probe (Das Tor): the player picks the square for a gate at E11 from the popup at the
    board, the computer answers with its winning move, and an empty white popup stayed over E12 beside
    "You lost": the popup was emptied when the board stopped taking moves, but left at the square."""
    link = ("tor?m=A12-A3,L3-C3,B2S,A3-J3,K2T,J1-J10,K11T,K2-L2,K2T,C3-F3,C12-F12,F3-B3,J3-J4,L1-L10,J4-L4,"
            "L10-F10,E11S,K2-F2,E2T,E11-E4,E5S,E2-E10,E11S,K11-L11,K11T,F2-F3,E2S,B3-L3,K2S,L4-K4,K5S,K11-K10,"
            "K11S,E11-F11")
    end_against_the_computer(app, server.url + "#" + link, "#board [data-cell='E11']",
                             "#choices.pop button[data-move='E11S']")      # the square, from the popup at E11
    assert app.evaluate("document.getElementById('choices').classList.contains('pop')") is False
    assert app.evaluate("document.querySelector('#board-wrap #choices')") is None
