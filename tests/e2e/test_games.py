"""Every game end to end: open it, play several moves by clicking the squares (and choice
buttons) the page offers, including set-up phases; the link opens the same game in a second
browser profile; the computer answers from its worker. Games for more than two players run
with 3+ seats. The worker's booted page (`app`) and a second profile booted once for the module are
switched by link, as a player would."""
import pytest

from conftest import Watch, click_some_targets, moves, open_app, route, shot
from spielkiste.registry import GAMES


def cases():
    out = []
    for gid, cls in sorted(GAMES.items()):
        out.append((gid, ""))
        if max(cls.player_counts) >= 3:
            out.append((gid, f"players={max(n for n in cls.player_counts if n <= 4)}"))
    return out


@pytest.fixture(scope="module")
def other(browser, server):
    """A second browser profile, booted once for the file: only a link brings it a game."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    pg = ctx.new_page()
    pg.watch = Watch(pg)
    open_app(pg, server.url + "#snorkels?v=1")
    yield pg
    ctx.close()


def pieces(page):
    return sorted(page.eval_on_selector_all("[data-piece]", "e => e.map(x => x.dataset.piece)"))


@pytest.mark.parametrize("gid,opts", cases(), ids=[f"{g}-{o or 'default'}" for g, o in cases()])
def test_game_plays_by_clicking_shares_and_the_computer_answers(app, other, gid, opts):
    page = app
    seeded = any(o.key == "seed" for o in GAMES[gid].all_options())
    frag = f"{gid}?{opts}" if opts else (f"{gid}?seed=5" if seeded else f"{gid}?v=1")
    route(page, frag)             # as a link followed in the open tab (conftest.route waits for it)
    n = GAMES[gid].new(dict([opts.split("=")]) if opts else None).num_players
    assert page.locator("#seats li").count() == n
    assert page.locator("#board svg [data-cell]").count() > 0
    click_some_targets(page, 6 if n > 1 else 4)
    shot(page, f"game-{gid}-{opts or 'default'}")
    played = moves(page)
    link = page.evaluate("location.hash").lstrip("#")
    # a listed move may be several plies of the link: Das Tor's "C12-A12 +T B11", a Sprung chain "B5-D5 D5-E5 stop"
    assert all(w in link for m in played for w in m.split(" ") if not w.startswith("+"))
    route(other, link)
    assert moves(other) == played
    assert pieces(other) == pieces(page)
    if "over" not in (page.get_attribute("#status", "class") or ""):
        page.select_option("#seats li.to-move select", "computer")
        page.wait_for_function(f"location.hash.split(',').length > {len(link.split(','))}", timeout=90000)
        assert page.evaluate("location.hash").lstrip("#") != link
        page.select_option("#seats select[data-seat='0']", "human")
    for pg in (page, other):
        assert pg.watch.errors == [] and pg.watch.foreign() == []
