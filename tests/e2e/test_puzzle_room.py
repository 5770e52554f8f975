"""The puzzles (issue 32) in Chromium, as a player uses them: "Puzzles" beside a game in progress, a
three-move puzzle solved (the page answers with the defence), another failed (the solution shown in
notation and on the board, walked move by move, retried), the streak and the puzzle rating kept over a
reload, the daily puzzle, a game list's "Puzzles" link, and "Back to the game" with the game as it
was; a puzzle link opened in a fresh page in German on a phone by touch; and an embedded daily puzzle
whose host hears `solved` and `failed`. The worker side is tested in tests/test_puzzle_session.py."""
import json
import re
from datetime import date

from conftest import Watch, moves, open_app, place_in_the_centre, shot, wait_moves
from spielkiste import puzzles
from test_embed import events, host, wait_event  # noqa: F401  (host: the fixture serving host pages)

DEEP = 43            # snorkels: purple wins in 3, C6 (B7) B6 (A1) A7


def mover_moves(p):
    """The moves of the puzzle's line the player makes (the page plays the rest)."""
    s, out = p.state(), []
    for text in p.line:
        if s.to_move == p.seat:
            out.append(text)
        s.push_text(text)
    return out


def wrong_cell(p):
    """A square whose placement the puzzle calls wrong (Snorkels: a move is a square)."""
    s = p.state()
    for m in s.legal_moves():
        text = s.move_text(m)
        if re.fullmatch(r"[A-G][1-7]", text) and not puzzles.check(p, [], text).ok:
            return text
    raise AssertionError(f"no wrong square in puzzle {p.id}")


def stored(page, game="snorkels"):
    text = page.evaluate(f"localStorage.getItem('spielkiste.puzzle.{game}')")
    return json.loads(text) if text else None


def shown_puzzle(page):
    return puzzles.get(page.get_attribute("#puzzle", "data-game"), int(page.get_attribute("#puzzle", "data-id")))


def wait_puzzle(page, which):
    page.wait_for_selector(f"#puzzle:not([hidden])[data-id='{which}']", timeout=30000)


def local_date(page):
    return date.fromisoformat(page.evaluate(
        "(() => { const d = new Date(); return d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0')"
        " + '-' + String(d.getDate()).padStart(2, '0'); })()"))


def watch_address(page):
    """Record, at the moment the room shows another puzzle (its data-id changes), the puzzle and the
    address then: the address must follow in the same moment (read with addresses_seen)."""
    page.evaluate("""() => { window.puzzleAddresses = [];
      new MutationObserver(() => { const p = document.getElementById('puzzle');
          window.puzzleAddresses.push([p.dataset.game, p.dataset.id, location.hash]); })
        .observe(document.getElementById('puzzle'), {attributes: true, attributeFilter: ['data-id']}); }""")


def addresses_seen(page):
    """The (game, id, address) rows watch_address recorded whose address is not that puzzle's link."""
    return [row for row in page.evaluate("window.puzzleAddresses")
            if row[2] != f"#{row[0]}?puzzle={row[1]}" and row[2] != f"#{row[0]}?puzzle=daily"]


def solve(page, p):
    for text in mover_moves(p):
        page.click(f"#board [data-cell='{text}']")


def violations(page):
    """axe-core's findings on the page (as test_a11y.py audits the game screens)."""
    from test_a11y import Axe
    return Axe().violations(page)


def test_solve_fail_streak_rating_daily_and_back_to_the_game(page, server):
    open_app(page, server.url + "#snorkels")
    place_in_the_centre(page)
    wait_moves(page, 2, timeout=90000)                  # the computer's answer: a game in progress
    game_link, game_moves = page.evaluate("window.spielkiste()"), moves(page)
    watch_address(page)
    page.click("#btn-puzzles")                          # the next puzzle for this player
    assert page.get_attribute("body", "data-room") == "puzzle"
    assert re.fullmatch(r"#snorkels\?puzzle=\d+", page.evaluate("location.hash"))
    assert page.text_content("#puzzle-rating") == "Puzzle rating 1000"
    assert page.text_content("#puzzle-streak") == "Streak 0"

    # a three-move puzzle by its link: each right move is answered by the defence from the puzzle's line
    page.evaluate(f"location.hash = '#snorkels?puzzle={DEEP}'")
    wait_puzzle(page, DEEP)
    assert page.text_content("#puzzle-task") == "Purple to move and win in 3 moves"
    page.click("[data-cell='C6']")
    assert page.text_content("#puzzle-verdict") == "Right! Green answers B7. Your move again."
    assert page.locator("#board [data-piece^='B7.']").count() == 1      # the defence's stone is on the board
    page.click("[data-cell='B6']")
    assert "A1" in page.text_content("#puzzle-verdict")
    page.click("[data-cell='A7']")
    assert page.get_attribute("#puzzle", "data-state") == "solved"
    assert page.text_content("#puzzle-verdict") == "Solved!"
    assert page.text_content("#puzzle-line") == "Solution: 1. C6 B7 2. B6 A1 3. A7"
    after_solve = stored(page)
    assert after_solve["streak"] == 1 and after_solve["solved"] == [DEEP] and after_solve["rating"] > 1000
    assert page.text_content("#puzzle-streak") == "Streak 1"
    shot(page, "puzzle-1280-en-light-solved")

    # the next one played wrong on purpose: the opponent's refutation is played on the board and said;
    # the solution waits for "Solution"; the streak is 0
    page.click("#puzzle-next")
    p = shown_puzzle(page)
    assert p.id != DEEP and page.evaluate("location.hash") == f"#snorkels?puzzle={p.id}"
    wrong = wrong_cell(p)
    found = puzzles.refutation(p, [], wrong)
    assert found is not None
    page.click(f"[data-cell='{wrong}']")
    assert page.get_attribute("#puzzle", "data-state") == "failed"
    verdict = page.text_content("#puzzle-verdict")
    assert verdict.startswith(f"{wrong} ") and all(reply in verdict for reply in found.replies), verdict
    for cell in (wrong, *found.replies):                             # the wrong stone and the answer on the board
        assert page.locator(f"#board [data-piece^='{cell}.']").count() == 1, cell
    assert page.is_hidden("#puzzle-line") and page.is_visible("#puzzle-solution")
    after_fail = stored(page)
    assert after_fail["streak"] == 0 and after_fail["rating"] < after_solve["rating"]
    assert page.text_content("#puzzle-streak") == "Streak 0"
    shot(page, "puzzle-1280-en-light-refuted")
    page.click("#puzzle-solution")                      # the solution: in notation and on the board
    assert page.text_content("#puzzle-line").startswith(f"Solution: 1. {p.line[0]}")
    assert page.locator(f"#board rect.hint[data-cell='{mover_moves(p)[0]}']").count() == 1
    assert page.is_hidden("#puzzle-solution") and page.text_content("#puzzle-verdict") == verdict
    shot(page, "puzzle-1280-en-light-failed")
    assert violations(page) == []
    page.click("#btn-theme")
    assert page.get_attribute("html", "data-theme") == "dark"
    shot(page, "puzzle-1280-en-dark-failed")
    page.click("#puzzle-forward")                       # the solution walked on the board
    assert page.text_content("#puzzle-shown") == f"Move 1 of {len(p.line)} of the solution"
    assert page.locator(f"#board [data-piece^='{p.line[0]}.']").count() == 1
    page.click("#puzzle-retry")                         # a retry: the puzzle's position again, not rated
    assert page.get_attribute("#puzzle", "data-state") == "play" and page.locator("#board rect.target").count()
    assert page.locator(f"#board [data-piece^='{wrong}.']").count() == 0
    solve(page, p)
    assert page.get_attribute("#puzzle", "data-state") == "solved" and stored(page) == after_fail

    # the daily puzzle: the date's, by its link, of middle difficulty; solved, it stays solved after a reload
    page.click("#puzzle-daily")
    assert page.evaluate("location.hash") == "#snorkels?puzzle=daily"
    daily = puzzles.daily(local_date(page), "snorkels")
    wait_puzzle(page, daily.id)
    assert daily in puzzles.middle("snorkels")
    assert page.text_content("#puzzle-title") == "Daily puzzle"
    page.select_option("#lang", "de")                  # the room in the other language, at once
    assert page.text_content("#puzzle-title") == "Aufgabe des Tages"
    assert page.text_content("#puzzle-next") == "Nächste Aufgabe"
    assert page.evaluate("location.hash") == "#snorkels?puzzle=daily"
    page.select_option("#lang", "en")
    solve(page, daily)
    assert page.get_attribute("#puzzle", "data-state") == "solved"
    after_daily = stored(page)
    assert after_daily["streak"] == 1 and after_daily["daily"] == {"day": local_date(page).isoformat(),
                                                                   "puzzle": daily.id}
    assert addresses_seen(page) == []

    # rating and streak are kept over a reload, which opens the daily puzzle again: solved, counted once
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=90000)
    wait_puzzle(page, daily.id)
    assert page.get_attribute("#puzzle", "data-state") == "solved"
    assert page.text_content("#puzzle-verdict") == "You solved today's puzzle. A new one comes tomorrow."
    assert page.text_content("#puzzle-streak") == "Streak 1" and stored(page) == after_daily
    assert page.text_content("#puzzle-rating") == f"Puzzle rating {after_daily['rating']}"
    watch_address(page)

    # another game's puzzles from the game list, then back to the game in progress, as it was
    page.click("#game-list a[data-puzzles='tor']")
    assert re.fullmatch(r"#tor\?puzzle=\d+", page.evaluate("location.hash"))
    assert page.get_attribute("#puzzle", "data-game") == "tor"
    page.click("#puzzle-next")
    assert addresses_seen(page) == [] and len(page.evaluate("window.puzzleAddresses")) >= 2
    page.click("#puzzle-leave")
    assert page.get_attribute("body", "data-mode") == "play" and page.get_attribute("body", "data-room") is None
    assert page.evaluate("window.spielkiste()") == game_link and moves(page) == game_moves
    assert page.evaluate("location.hash") == "#" + game_link


def test_a_puzzle_link_in_a_fresh_page_in_german_on_a_phone_by_touch(browser, server):
    p = next(p for p in puzzles.load("snorkels") if p.kind == "win" and p.depth == 1)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                              locale="de-DE")
    ctx.add_init_script("localStorage.setItem('spielkiste.lang', 'de')")
    page = ctx.new_page()
    page.watch = Watch(page)
    open_app(page, server.url + f"#snorkels?puzzle={p.id}")
    wait_puzzle(page, p.id)
    colour = {"purple": "Lila", "green": "Grün"}[p.colour]
    assert page.text_content("#puzzle-task") == f"{colour} zieht und gewinnt"
    assert page.text_content("#puzzle-title") == f"Aufgabe {p.id}"
    assert page.text_content("#puzzle-leave") == "Zurück zu deiner Partie"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = page.locator("#puzzle-next").bounding_box()
    assert box["height"] >= 44
    page.tap(f"#board [data-cell='{p.line[0]}']")
    assert page.text_content("#puzzle-verdict") == "Gelöst!"
    assert page.text_content("#puzzle-streak") == "Serie 1"
    page.locator("#puzzle").scroll_into_view_if_needed()
    shot(page, "puzzle-390-de-light")
    page.tap("#btn-theme")
    page.locator("#puzzle").scroll_into_view_if_needed()
    shot(page, "puzzle-390-de-dark")
    page.tap("#puzzle-next")
    assert page.get_attribute("#puzzle", "data-id") != str(p.id)
    assert page.get_attribute("#puzzle", "data-state") == "play"
    assert page.text_content("#puzzle-solution") == "Aufgeben"       # while it is open: give up
    q = shown_puzzle(page)                              # played wrong: the refutation in German, on a phone
    wrong = wrong_cell(q)
    page.tap(f"#board [data-cell='{wrong}']")
    assert page.get_attribute("#puzzle", "data-state") == "failed"
    assert wrong in page.text_content("#puzzle-verdict") and page.text_content("#puzzle-solution") == "Lösung"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.tap("#btn-theme")
    page.locator("#puzzle").scroll_into_view_if_needed()
    shot(page, "puzzle-390-de-light-refuted")
    # stuck on the next one: "Aufgeben" shows the solution from where the player is, and counts as a fail
    page.tap("#puzzle-next")
    r = shown_puzzle(page)
    page.tap("#puzzle-solution")
    page.wait_for_selector("#puzzle[data-state='failed']")
    assert page.text_content("#puzzle-verdict") == "Aufgegeben: Hier ist die Lösung, von deiner Stellung aus."
    assert page.text_content("#puzzle-line").startswith("Lösung: 1. ") and page.is_hidden("#puzzle-solution")
    assert stored(page)["streak"] == 0 and r.id in stored(page)["recent"]
    assert page.text_content("#puzzle-streak") == "Serie 0"
    # the first puzzle solved again (its link, a reload) does not pump the streak (a probe's way to "Serie 4")
    page.goto(server.url + f"#snorkels?puzzle={p.id}")
    page.reload()
    wait_puzzle(page, p.id)
    page.tap(f"#board [data-cell='{p.line[0]}']")
    page.wait_for_selector("#puzzle[data-state='solved']")
    assert page.text_content("#puzzle-streak") == "Serie 0" and stored(page)["streak"] == 0
    assert page.watch.errors == []
    ctx.close()


def test_the_puzzles_link_by_keyboard_takes_the_focus_into_the_room(page, server):
    """Enter on a game's "Puzzles" link left the focus on the link (a probe): it goes to the room's
    heading, as a lesson's does."""
    open_app(page, server.url + "#snorkels")
    page.focus("#game-list a[data-puzzles='surikata']")
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement && document.activeElement.id === 'puzzle-title'")
    assert page.get_attribute("#puzzle", "data-game") == "surikata"
    page.click("#puzzle-leave")


def test_an_embedded_daily_puzzle_tells_its_host_solved_and_failed(page, host):  # noqa: F811
    frame = host.open(page, "?embed&puzzle=daily#snorkels")
    frame.locator("#puzzle:not([hidden])").wait_for(timeout=30000)
    day = local_date(page)
    p = puzzles.daily(day, "snorkels")
    assert frame.locator("#puzzle").get_attribute("data-id") == str(p.id)
    assert wait_event(page, "ready")[0]["link"].endswith("#snorkels?puzzle=daily")
    assert frame.locator("#puzzle-leave").is_hidden()            # no game of the visitor's behind it
    for text in mover_moves(p):
        frame.locator(f"#board [data-cell='{text}']").click()
    solved = wait_event(page, "solved")
    assert solved[0]["puzzle"] == p.id and solved[0]["game"] == "snorkels" and solved[0]["daily"] is True
    assert solved[0]["solution"] == list(p.line) and solved[0]["link"].endswith("#snorkels?puzzle=daily")
    assert frame.locator("#puzzle").get_attribute("data-streak") == "1"
    frame.locator("#puzzle-retry").click()
    frame.locator(f"#board [data-cell='{wrong_cell(p)}']").click()
    failed = wait_event(page, "failed")
    shot(page, "puzzle-embed-en-light-failed")
    # the frame's progress lasts while it is open (a retry is not counted)
    assert frame.locator("#puzzle").get_attribute("data-streak") == "1"
    assert frame.locator("#puzzle").get_attribute("data-rating") != "1000"
    assert failed[0]["puzzle"] == p.id and failed[0]["solution"] == list(p.line)
    assert events(page, "solved") == solved                      # one each
    inner = [f for f in page.frames if f != page.main_frame][0]
    assert inner.evaluate("localStorage.getItem('spielkiste.puzzle.snorkels')") is None     # an embed keeps nothing
    # the solution shown: no analysis board in a frame (its "Back to your game" led out of the puzzle to a
    # game the visitor never had, a probe found: trapped)
    frame.locator("#puzzle-solution").click()
    frame.locator("#puzzle-line:not([hidden])").wait_for()
    assert frame.locator("#puzzle-analyse").is_hidden()
    # the next one given up: the host hears it failed, with its solution
    frame.locator("#puzzle-next").click()
    frame.locator("#puzzle[data-state='play']").wait_for()
    given = int(frame.locator("#puzzle").get_attribute("data-id"))
    frame.locator("#puzzle-solution").click()                      # "Give up"
    last = wait_event(page, "failed", count=2, timeout=15000)[-1]
    assert last["puzzle"] == given and last["solution"] == list(puzzles.get("snorkels", given).line)


def test_an_embedded_puzzle_of_another_game_tells_its_host_that_game(page, host):  # noqa: F811
    """Found by a probe: the frame opened the default game (Snorkels) behind a Das Tor puzzle, so its
    "ready" said snorkels while the frame showed Das Tor. An embed keeps no game: behind the puzzle
    is the link's own game."""
    frame = host.open(page, "?embed&puzzle=3#tor")
    frame.locator("#puzzle:not([hidden])").wait_for(timeout=30000)
    ready = wait_event(page, "ready")[0]
    assert ready["game"] == "tor" and ready["link"].endswith("#tor?puzzle=3")
    inner = [f for f in page.frames if f != page.main_frame][0]
    assert inner.evaluate("window.spielkiste()").startswith("tor")
    assert frame.locator("#puzzle").get_attribute("data-id") == "3"
