"""The puzzle room's score line after an attempt: "Solution", its steps and Retry show the rating the
attempt left (they showed a fresh player's 1000 beside the attempt's change, as the page did not send
the stored progress with them)."""
from conftest import open_app


def score(page):
    return page.inner_text(".puzzle-score")


def test_the_score_after_a_failed_attempt_stays_through_solution_steps_and_retry(app, server):
    page = app
    open_app(page, server.url + "#snorkels?puzzle=1")
    page.wait_for_selector("#puzzle:not([hidden])")
    assert score(page).startswith("Puzzle rating 1000 ")
    page.click("[data-cell='G7']")                          # wrong: G7 is met by C2 and Purple is captured
    page.wait_for_selector("#puzzle-solution:not([hidden])")
    after = score(page)
    assert after.startswith("Puzzle rating 976 (-24)"), after
    page.click("#puzzle-solution")
    page.wait_for_selector("#puzzle-line:not([hidden])")
    assert score(page) == after
    shown = page.inner_text("#puzzle-shown")
    page.click("#puzzle-forward")                            # the solution's move, a step of its own
    page.wait_for_function(f"document.getElementById('puzzle-shown').textContent !== {shown!r}")
    assert score(page).startswith("Puzzle rating 976"), score(page)
    page.click("#puzzle-retry")
    page.wait_for_function("!document.getElementById('puzzle-line').textContent "
                           "|| document.getElementById('puzzle-line').hidden")
    assert score(page).startswith("Puzzle rating 976"), score(page)
