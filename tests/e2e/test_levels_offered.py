"""The levels a game offers (issue 53): a level the ladder drops (it did not score 65 % against the
level below) is not in the game's menus, a new game at a dropped level plays the level kept below it,
and the dialog's measured result names the level each level actually played (tests/bench/ladder.py)."""
from conftest import open_app, shot
from spielkiste.ai import levels
from spielkiste.texts import t
from spielkiste_web import ui_texts  # noqa: F401  (the levels below 1)


def dropped_game():
    """A two-player game with a level dropped, and that level: one whose top levels were dropped first
    (its strongest level offered says so)."""
    games = sorted(levels.OFFERED, key=lambda gid: max(levels.offered(gid)))
    return next((gid, k) for gid in games for k in levels.LEVELS if k not in levels.offered(gid))


def test_a_dropped_level_is_not_offered_and_a_new_game_at_it_plays_the_level_below(app, server):
    page = app
    gid, gone = dropped_game()
    kept = levels.offered(gid)
    other = next(g for g in levels.OFFERED if gone in levels.offered(g))
    open_app(page, server.url + "#" + other)
    page.click("#btn-new")
    page.select_option("#level", str(gone))            # offered in the other game
    page.click("#newgame-start")
    menu = "#seats select[data-seat='1']"
    assert page.inner_text(f"{menu} option:checked") == "Computer: " + t(f"ui.level.{gone}")
    open_app(page, server.url + "#" + gid)              # a new game of the game that dropped it
    below = levels.nearest(gid, gone)
    assert below < gone and below in kept
    page.wait_for_function(f"document.querySelector(\"{menu} option:checked\").textContent"
                           f" === 'Computer: {t(f'ui.level.{below}')}'")
    labels = page.eval_on_selector_all(f"{menu} option", "els => els.map(e => e.textContent)")
    assert labels == ["Human"] + [f"Computer: {t('ui.level.' + str(k))}" for k in kept]
    page.click("#btn-new")
    assert page.eval_on_selector_all("#level option", "els => els.map(e => +e.value)") == kept
    assert page.input_value("#level") == str(below)
    for k in kept:                                     # each measured level names the level it played
        page.select_option("#level", str(k))
        note = page.inner_text("#level-note")
        found = levels.MEASURED.get(gid, {}).get(k)
        if found is not None:
            lower = "the novice" if found[2] == "novice" else t(f"ui.level.{found[2]}")
            assert f"in {found[1]} two-player games against “{lower}”" in note, (k, note)
        named = [g for g in levels.LEVELS if g not in kept if f"“{t(f'ui.level.{g}')}”" in note]
        assert not named, (k, note)                    # no level the game does not offer is named
        top_here = "the longer searches played no better than this level" in note
        assert top_here == (k == kept[-1] < levels.TOP_LEVEL), (k, note)
    shot(page, "levels-offered-dialog")
    page.click("#newgame-cancel")
