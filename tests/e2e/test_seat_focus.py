"""The seat menus by keyboard alone: a seat's menu changed with the arrow keys (which change a closed
menu at once) is drawn again with the new choice, and the keyboard focus stays on that seat's menu,
so the next arrow key or Tab goes on from there (it fell to the page's body: a second arrow did
nothing, Tab started again at the first seat). Four-player Weltreich in teams, its last seat (not to move)."""
from conftest import open_app

MENU = "#seats select[data-seat='3']"
FOCUSED = "() => (document.activeElement.dataset || {}).seat || document.activeElement.tagName"


def test_a_seat_menu_changed_by_the_arrow_keys_keeps_the_focus(app, server):
    open_app(app, server.url + "#weltreich?players=4&teams=1")
    app.focus(MENU)
    app.keyboard.press("ArrowDown")                 # Human -> Computer: beginner (the level in play now)
    app.wait_for_function(f"document.querySelector(\"{MENU}\").value === 'computer'")
    assert app.evaluate(FOCUSED) == "3"
    app.keyboard.press("ArrowUp")                   # back to Human, from the same menu
    app.wait_for_function(f"document.querySelector(\"{MENU}\").value === 'human'")
    assert app.evaluate(FOCUSED) == "3"
    app.keyboard.press("Shift+Tab")                 # and Tab goes on from it: to the seat before
    assert app.evaluate(FOCUSED) == "2"
    app.select_option(MENU, "computer.1")           # the page's level back as it was (the shared page's reset)
    app.wait_for_function(f"document.querySelector(\"{MENU}\").value === 'computer'")
    app.select_option(MENU, "human")
    app.wait_for_function(f"document.querySelector(\"{MENU}\").value === 'human'")
    assert app.watch.errors == []


ADD = """([menu, value]) => { const s = document.querySelector(menu); const o = document.createElement('option');
    o.value = value; o.textContent = value; s.appendChild(o); s.value = value;
    s.dispatchEvent(new Event('change', {bubbles: true})); }"""


def test_a_seat_menu_given_a_value_it_never_offers_changes_nothing_and_says_so(app, server):
    """A menu value the page never offers (a script's): a level that is not a number is shown back as it
    was, with no page error (int() raised in the handler); an unknown level or kind is refused by the
    worker with words of its own (it said "The saved game could not be restored", with no save involved)."""
    open_app(app, server.url + "#weltreich?players=4&teams=1")
    for value in ("computer.abc", "computer.1e5", "computer.\ud800", "computer.\u0663", "computer.-"):
        app.evaluate(ADD, [MENU, value])
        app.wait_for_function(f"document.querySelector(\"{MENU}\").value === 'human'")
    assert app.watch.errors == [] and app.is_hidden("#message")
    for value, field in (("computer.99", "level"), ("robot", "seats")):
        app.evaluate(ADD, [MENU, value])
        app.wait_for_function("!document.getElementById('message').hidden")
        assert app.text_content("#message-text") == f"Not a choice this app offers ({field}); nothing was changed."
        app.wait_for_function(f"document.querySelector(\"{MENU}\").value === 'human'")
        app.click("#message-close")
    assert app.watch.errors == []
