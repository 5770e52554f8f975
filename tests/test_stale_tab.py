"""A stale tab never writes over moves another tab saved (issue 51, 4): the worker's `load` with
the address of a tab that went to another site (or was discarded) and comes back. Its address
holds D4,C3,E5,B2,F6; meanwhile another tab took two moves back and played A1,G7. The page
opens the kept game with that address as `link` (app.open_kept), then writes what the worker
shows over the stored text it just read (mygames.put): so the worker must never show the
address's line in the kept game's place, and the page keeps that line as a game of its own."""
import itertools
import json

from helpers import MemoryStorage
from spielkiste.ai.levels import LEVELS
from spielkiste_page import mygames
from spielkiste_web import links, saves
from spielkiste_web.session import Session

FIRST = "snorkels?m=D4,C3,E5,B2,F6"          # tab 1's address
LATEST = "snorkels?m=D4,C3,E5,A1,G7"         # what tab 2 kept since


def save_of(link, seats=("human", "computer"), level=3, rotation=90):
    return saves.dump(links.from_fragment(link), list(seats), level, rotation)


def load(save, link):
    s = Session()
    answer = s.handle({"op": "load", "save": save, "link": link})
    assert "error" not in answer, answer
    return answer


def test_an_address_of_another_line_never_replaces_the_kept_moves_and_comes_back_as_a_save_of_its_own():
    answer = load(save_of(LATEST), FIRST)
    assert answer["link"] == LATEST                           # the kept game, as the other tab left it
    other = answer["other_line"]
    assert (other["moves"], other["over"]) == (5, False)
    rec, seats, level, rotation = saves.load(other["save"], LEVELS)
    assert links.to_fragment(rec) == FIRST                    # the address's line, with the kept game's seats
    assert (seats, level, rotation) == (["human", "computer"], 3, 90)


def test_an_address_that_continues_or_views_the_kept_game_is_still_applied_to_it():
    for link in (LATEST + ",B1", LATEST + "&at=2", LATEST):
        answer = load(save_of(LATEST), link)
        assert answer["link"] == link and "other_line" not in answer
    shorter = load(save_of(LATEST), "snorkels?m=D4,C3")      # an earlier point of the kept game: the kept game
    assert shorter["link"] == LATEST and "other_line" not in shorter
    other_start = load(save_of(LATEST), "snorkels?stones=2&m=D4,C3,E5,A1,G7,B1")
    assert other_start["link"] == LATEST                      # not the same start: never applied


def test_two_tabs_and_a_back_button_keep_both_lines():
    store = MemoryStorage()
    clock, uids = itertools.count(1000, 10), (f"u{i}" for i in itertools.count())
    games = mygames.GameList(store, lambda: next(clock), lambda: next(uids))
    uid, first = games.put(None, save_of(FIRST), "snorkels", 5, False, None)            # tab 1's last save
    _, second = games.put(uid, save_of(LATEST), "snorkels", 5, False, first.text)       # tab 2: back two, A1, G7
    assert second.ok
    # tab 1 comes back (Back, or a reload of a discarded tab): open_kept reads the entry afresh
    known = games.raw(uid)
    answer = load(games.save_of(uid), FIRST)
    _, written = games.put(uid, answer["save"], "snorkels", answer["moves_n"], answer["over"], known)
    assert written.ok
    other = answer["other_line"]
    mine, kept = games.put(None, other["save"], "snorkels", other["moves"], other["over"], None)
    assert kept.ok and mine != uid
    lines = sorted(json.loads(s)["link"] for s in (games.save_of(uid), games.save_of(mine)))
    assert lines == sorted([FIRST, LATEST])                   # both lines kept, none written over
