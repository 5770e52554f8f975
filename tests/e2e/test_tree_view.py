"""The analysis tree on a phone: a variation that starts at the current move is scrolled into the
tree's box with it ("Show" from the review opens the position before a mistake with the better line
beside it: issue 54), instead of hidden under the main line's rest."""
from conftest import open_app

GAME = ("D3,G6,D4,F1,E4,G2,D6,F3,E3,A2,D5,F4,C4,G5,D2,B4,C5,C7,E5,E2,C3,D7,A4,E6,B3,B5,G4,G3")
LINK = f"#snorkels?analysis&m={GAME}&var=27(B6,F6,A5)&node={GAME.rsplit(',', 2)[0]}"

IN_VIEW = """sel => { const box = document.getElementById('tree-moves').getBoundingClientRect();
    const b = document.querySelector(sel).getBoundingClientRect();
    return b.top >= box.top - 1 && b.bottom <= box.bottom + 1; }"""


def test_the_variation_from_the_current_move_is_in_view(phone_app, server):
    page = phone_app
    open_app(page, server.url + LINK)
    page.wait_for_selector("body[data-room='analysis']")
    assert page.text_content("#tree-moves button[aria-current='true']").endswith("B5")
    assert page.locator("#tree-moves button.var").count() == 3
    assert page.evaluate(IN_VIEW, "#tree-moves button[aria-current='true']")
    assert page.evaluate(IN_VIEW, "#tree-moves .tree-var button.var:last-child")
