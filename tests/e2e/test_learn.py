"""The lessons in the browser (issue 32, "Learn to play"): whole courses walked as players walk them.
By keyboard only (Tab, arrows and Enter on the board, the choice buttons, Next): Snorkels (the pie
rule's swap button, two 'tap' steps), Die Drei (forbidden squares tapped) and Weltreich (four players
in teams: who partners whom, whose turn follows), reached from the first-visit offer, the rules page,
the game list and a link; a wrong answer shows the engine's reason; the game in progress is the same
after the room; a reload of `?learn=3` reopens that step, progress survives a reload and a corrupt
stored value. On a 390 px phone by touch, in German and dark: Schaff den Sprung. In an embed
(`?embed&learn`), which keeps no storage: progress in memory."""
import json

from conftest import FOCUSED, arrows_to, moves, open_app, route, shot, wait_moves
from spielkiste import lessons
from spielkiste.ai.levels import LEVELS
from spielkiste.inputs import Clicks
from spielkiste.texts import t
from spielkiste_web import ui_texts  # noqa: F401  (the page's text keys)

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True}
def answer_path(step):
    """What the player does for the step's first shown answer: the squares clicked in order, and the
    move's text when it ends on a choice button (a move with no square, or several on one path)."""
    answer = lessons.show(step)[0]
    if step.kind == "tap":
        return [answer.upper()], None
    state = step.state()
    for path, choice, move in Clicks(state).entries:
        if state.move_text(move).upper() == answer.upper():
            return list(path), (state.move_text(move) if choice or not path else None)
    raise AssertionError(f"{step.game} {step.topic}: {answer} is no move the board offers")


def turn_after(step, lang):
    """The turn line under the board after the step's shown answer: the next player's, or none."""
    state = step.state()
    if step.kind != "tap":
        state.push_text(lessons.show(step)[0])
    if state.num_players == 1 or state.result is not None:
        return ""
    return t("ui.to_move", lang, player=t("colour." + state.seat_colour(state.to_move), lang))


def wait_heading(page, text):
    page.wait_for_function("t => document.getElementById('learn-heading').textContent === t", arg=text)


def wait_phase(page, phase):
    page.wait_for_selector(f"#learn-verdict[data-phase='{phase}']")


def into_board(page):
    """Shift+Tab back from the step's heading or buttons until a square of the board has the focus."""
    for _ in range(12):
        if page.evaluate(FOCUSED):
            return
        page.keyboard.press("Shift+Tab")
    raise AssertionError("Shift+Tab never reached the board")


def arrow_to(page, cell):
    """Arrow keys from the focused square to `cell`, as a player looks at the board."""
    into_board(page)
    arrows_to(page, cell, 40)


def tab_to(page, selector):
    for _ in range(30):
        if page.evaluate(f"document.activeElement === document.querySelector({json.dumps(selector)})"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def keyboard_course(page, game, lang="en", wrong_at=None):
    """Every step of a course by keyboard, from the step shown (the first): the answer's squares by
    arrows and Enter, its choice button by Tab and Enter, Next by Enter (it has the focus once the
    answer is right). At step `wrong_at` a wrong answer first: the engine's reason is shown."""
    course = lessons.load(game)
    for i, step in enumerate(course.steps):
        wait_heading(page, step.title[lang])
        assert page.text_content("#learn-count") == (f"Step {i + 1} of {len(course.steps)}" if lang == "en"
                                                   else f"Schritt {i + 1} von {len(course.steps)}")
        if i == wrong_at:
            wrong = step.wrong[0]
            arrow_to(page, wrong)
            page.keyboard.press("Enter")
            wait_phase(page, "wrong")
            why = lessons.check(step, wrong).why[lang]
            assert why and why in page.inner_text("#learn-verdict")
            assert page.evaluate(FOCUSED) == wrong            # the player stays on the board, at the task
        path, choice = answer_path(step)
        for cell in path:
            arrow_to(page, cell)
            page.keyboard.press("Enter")
        if choice is not None:
            tab_to(page, f"#choices button[data-move='{choice}']")
            page.keyboard.press("Enter")
        wait_phase(page, "right")
        verdict = page.inner_text("#learn-verdict")
        assert lessons.check(step, lessons.show(step)[0]).why[lang] in verdict
        assert verdict.startswith("Right! " if lang == "en" else "Richtig! ") and "Right! Right" not in verdict
        turn = page.inner_text("#learn-turn") if page.is_visible("#learn-turn") else ""
        assert turn == turn_after(step, lang)                # whose turn it is on the board shown, never stale
        if step.kind == "tap" and step.goal == "seat":
            assert page.is_visible("#learn-teams")         # who partners whom, whose turn follows
        assert page.evaluate("document.activeElement.id") == "learn-next"
        page.keyboard.press("Enter")
    page.wait_for_selector("#learn-complete:not([hidden])")
    assert page.evaluate("document.activeElement.id") == "learn-play"


def test_three_courses_by_keyboard_and_the_game_in_progress_untouched(page, server):
    open_app(page, server.url + "#snorkels")
    # a first visit: the course offered once
    assert "Learn the rules" in page.inner_text("#notice-text")
    assert page.inner_text("#notice-action") == "Learn to play"
    page.focus("#notice-action")                           # taken by keyboard
    page.keyboard.press("Enter")
    snorkels = lessons.load("snorkels")
    wait_heading(page, snorkels.steps[0].title["en"])
    assert page.evaluate("document.activeElement.id") == "learn-heading"
    assert page.evaluate("location.hash") == "#snorkels?learn=1"
    shot(page, "learn-snorkels-1280-en")
    page.focus("#learn-back")                              # first a game against the computer
    page.keyboard.press("Enter")
    page.wait_for_selector("#learn", state="hidden")
    page.locator("[data-cell='D4']").click()
    mine = wait_moves(page, 2, timeout=90000)
    page.wait_for_selector("body[data-thinking='0']")
    page.focus("#game-list a[data-learn='snorkels']")      # then the course again, from the game list
    page.keyboard.press("Enter")
    wait_heading(page, snorkels.steps[0].title["en"])
    keyboard_course(page, "snorkels", wrong_at=2)          # 'groups': a wrong square tapped
    shot(page, "learn-complete-1280-en")
    page.focus("#learn-leave")                             # Back to the game: the game as it was
    page.keyboard.press("Enter")
    page.wait_for_selector("#learn", state="hidden")
    assert moves(page) == mine and page.evaluate("location.hash") != "#snorkels?learn=7"
    # the rules page's button: the course again, at its first step (all done), every step ticked
    page.focus("#btn-rules")
    page.keyboard.press("Enter")
    page.wait_for_selector("#rules:not([hidden])")
    page.focus("#rules-learn")
    page.keyboard.press("Enter")
    wait_heading(page, snorkels.steps[0].title["en"])
    assert page.locator("#learn-steps .learn-tick").count() == len(snorkels.steps)
    page.focus("#learn-back")
    page.keyboard.press("Enter")
    page.wait_for_selector("#learn", state="hidden")
    assert moves(page) == mine
    # the game list's "Learn" link of Die Drei, over the Snorkels game: the heading and the tab say Die Drei
    page.focus("#game-list a[data-learn='drei']")
    page.keyboard.press("Enter")
    wait_heading(page, lessons.load("drei").steps[0].title["en"])
    drei_name = t("game.drei", "en")
    assert page.inner_text("#game-title") == drei_name
    assert page.title() == f"Learn to play · {drei_name} · Spielkiste"
    keyboard_course(page, "drei", wrong_at=2)              # 'forbidden': a placement that is allowed
    page.keyboard.press("Enter")                           # Play your first game: the computer, lowest level
    page.wait_for_selector("#learn", state="hidden")
    page.wait_for_function("document.querySelectorAll('#movelist button').length === 0")
    assert page.inner_text("#game-title") == drei_name and page.title() == f"{drei_name} · Spielkiste"
    page.click("#btn-new")                                 # the new-game dialog shows the game's level
    assert page.input_value("#level") == str(min(LEVELS))
    page.click("#newgame-cancel")
    # a link: Weltreich's course, four players in teams
    page.evaluate("location.hash = '#weltreich?learn'")
    weltreich = lessons.load("weltreich")
    wait_heading(page, weltreich.steps[0].title["en"])
    page.locator("#learn-heading").focus()
    keyboard_course(page, "weltreich", wrong_at=7)         # 'partners': an opponent's commander
    # a reload of a step's link opens that step; progress and a corrupt stored value
    page.evaluate("localStorage.setItem('spielkiste.learn.drei', '{not json')")
    drei = lessons.load("drei")
    page.goto("about:blank")                             # a new load of the step's link (not a hash change)
    open_app(page, server.url + "#drei?learn=3")
    wait_heading(page, drei.steps[2].title["en"])
    assert page.locator("#learn-steps [aria-current='step']").inner_text().startswith("3.")
    assert page.locator("#learn-steps .learn-tick").count() == 0       # unreadable progress: none
    assert page.is_hidden("#notice")                                   # offered once only
    page.locator("#learn-heading").focus()
    arrow_to(page, "A8")
    page.keyboard.press("Enter")
    wait_phase(page, "right")
    assert json.loads(page.evaluate("localStorage.getItem('spielkiste.learn.drei')")) == [3]
    page.focus("#learn-back")
    page.keyboard.press("Enter")
    page.wait_for_selector("#learn", state="hidden")
    page.focus("#game-list button[data-game='snorkels']")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelectorAll('#movelist button').length === {len(mine)}")
    assert moves(page) == mine


def test_a_course_on_a_phone_by_touch_in_german(browser, server):
    ctx = browser.new_context(**PHONE, locale="de-DE")
    ctx.add_init_script("localStorage.setItem('spielkiste.theme', 'dark')")
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # a first visit to a game: the course offered in a toast, which the page's end can scroll clear of
    open_app(page, server.url + "#snorkels")
    page.wait_for_selector("#notice:not([hidden]) #notice-action")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    last, toast = page.locator("#mygames-box summary").bounding_box(), page.locator("#notice").bounding_box()
    assert last["y"] + last["height"] <= toast["y"], "the toast covers the page's last control"
    page.tap("#notice-close")
    route(page, "sprung?learn")
    course = lessons.load("sprung")
    wait_heading(page, course.steps[0].title["de"])
    assert page.inner_text("#game-title") == t("game.sprung", "de")     # not the Snorkels game behind the room
    assert page.title() == f"Spielen lernen · {t('game.sprung', 'de')} · Spielkiste"
    for i, step in enumerate(course.steps):
        wait_heading(page, step.title["de"])
        if i == 5:                          # 'partners': an opponent's piece tapped first
            page.tap(f"#board [data-cell='{step.wrong[0]}']")
            wait_phase(page, "wrong")
            assert step.hint["de"] in page.inner_text("#learn-verdict")
            assert "Gruppen:" in page.inner_text("#learn-teams")
            shot(page, "learn-sprung-phone-de-dark-wrong")
        if i == 1:                          # "Zeig es mir" plays the answer
            page.tap("#learn-show")
            wait_phase(page, "shown")
            assert "Die Lösung: A4-D4." in page.inner_text("#learn-verdict")
            page.tap("#learn-again")
            wait_phase(page, "task")
        path, choice = answer_path(step)
        for cell in path:
            page.tap(f"#board [data-cell='{cell}']")
        if choice is not None:
            page.tap(f"#choices button[data-move='{choice}']")
        wait_phase(page, "right")
        verdict = page.inner_text("#learn-verdict")
        assert verdict.startswith("Richtig! ") and "Richtig! Richtig" not in verdict
        assert (page.inner_text("#learn-turn") if page.is_visible("#learn-turn") else "") == turn_after(step, "de")
        if i == 0:
            shot(page, "learn-sprung-phone-de-dark-right")
        page.tap("#learn-next")
    page.wait_for_selector("#learn-complete:not([hidden])")
    assert "Kurs geschafft" in page.inner_text("#learn-complete")
    shot(page, "learn-sprung-phone-de-dark-complete")
    assert json.loads(page.evaluate("localStorage.getItem('spielkiste.learn.sprung')")) == list(range(1, 8))
    assert "gegen den Computer auf der leichtesten Stufe" in page.inner_text("#learn-complete-text")
    page.tap("#learn-play")                                 # Deine erste Partie spielen
    page.wait_for_selector("#learn", state="hidden")
    assert page.inner_text("#game-title").startswith("Schaff den Sprung")
    page.wait_for_function("document.querySelectorAll('#movelist button').length === 0")
    assert errors == []
    ctx.close()


def test_an_embed_learns_without_storage(page, server):
    open_app(page, server.url + "?embed&learn=2#tor")
    tor = lessons.load("tor")
    wait_heading(page, tor.steps[1].title["en"])
    assert page.is_hidden("#notice")
    path, choice = answer_path(tor.steps[1])
    for cell in path:
        page.click(f"#board [data-cell='{cell}']")
    wait_phase(page, "right")
    assert page.locator("#learn-steps .learn-tick").count() == 1       # progress in memory
    assert page.evaluate("localStorage.length") == 0                   # an embed keeps nothing
    shot(page, "learn-embed-tor")


def notice_says(page, text):
    page.wait_for_function("t => !document.getElementById('notice').hidden && "
                           "document.getElementById('notice-text').textContent === t", arg=text, timeout=10000)


def test_a_square_no_placement_may_take_is_answered_in_a_lesson_and_in_the_game(page, server):
    """A newcomer's tap on a square the meerkat sees went without a word, in a lesson and in a game (a
    probe): it is now answered with the engine's reason, and a lesson's task stays open."""
    open_app(page, server.url + "#snorkels")
    step = lessons.load("surikata").steps[3]
    route(page, "surikata?learn=4")
    wait_heading(page, step.title["en"])
    seen = step.state().why_illegal("A3")
    assert seen is not None and seen[0] == "surikata.illegal.seen"
    page.click("#board [data-cell='A3']")
    notice_says(page, t("ui.refused_square", "en", cell="A3", why=t(seen[0], "en", **seen[1])))
    wait_phase(page, "task")
    route(page, "surikata?m=mC3,mB4,mC4,mA2,mE1,C1")         # a shared link: every seat human
    page.click("#board [data-cell='A1']")
    notice_says(page, "A1 is not allowed here: the meerkat on C1 sees that square (same row or column, no mound "
                      "between).")
    page.select_option("#lang", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    page.click("#board [data-cell='B1']")
    notice_says(page, "B1 ist hier nicht erlaubt: das Erdmännchen auf C1 sieht dieses Feld (gleiche Reihe oder "
                      "Spalte, kein Hügel dazwischen).")
    assert moves(page) == ["mC3", "mB4", "mC4", "mA2", "mE1", "C1"]
    page.select_option("#lang", "en")
