"""A full storage never costs a kept game (issue 51, 4): spielkiste_page/mygames.py's `put` on
a localStorage double with a quota (helpers.MemoryStorage refuses a write past it, as setItem
throws and dom.Storage reports False). Only finished and empty games make room for another; an
unfinished one is never deleted for it, and when no room can be made nothing in storage changes."""
import itertools

from helpers import MemoryStorage, long_sprung_game
from spielkiste.record import Record
from spielkiste.registry import get_game
from spielkiste_page import mygames
from spielkiste_web import saves
from spielkiste_web.session import Session


def game_list(store):
    clock = itertools.count(1000, 10)
    uids = (f"u{i}" for i in itertools.count())
    return mygames.GameList(store, lambda: next(clock), lambda: next(uids))


def keep(games, uid, rec, over=False, known=None):
    n = rec.current.num_players
    save = saves.dump(rec, ["human"] * n, 2, 0)
    return games.put(uid, save, rec.game.id, len(rec.moves), over, known)


def snorkels(*moves):
    rec = Record.new(get_game("snorkels"))
    for m in moves:
        rec.play_text(m)
    return rec


def fill(store, key="other.site.data"):
    """Another part of the site's storage takes every character left (as the issue's filler)."""
    free = store.quota - sum(len(k) + len(v) for k, v in store.data.items())
    assert store.set(key, "x" * (free - len(key)))


def test_a_full_storage_never_deletes_a_kept_unfinished_game_for_a_new_one():
    store = MemoryStorage(quota=60000)
    games = game_list(store)
    a, first = keep(games, None, snorkels("C3", "F2", "E5"))
    assert first.ok
    fill(store)
    before = dict(store.data)
    long = long_sprung_game()
    _, kept = keep(games, None, long)
    assert not kept.ok and not kept.conflict and kept.dropped == []
    assert store.data == before                    # A is there as it was; nothing else changed
    assert [m.uid for m in games.games()] == [a] and games.current("snorkels") == a
    s = Session()                                  # and A still opens, as the worker reads it
    assert "error" not in s.handle({"op": "load", "save": games.save_of(a)})
    assert s.record.moves == ["C3", "F2", "E5"]


def test_finished_games_make_room_but_are_written_back_when_that_is_not_enough():
    store = MemoryStorage(quota=60000)
    games = game_list(store)
    done, _ = keep(games, None, snorkels("C3"), over=True)
    empty, _ = keep(games, None, snorkels())
    a, _ = keep(games, None, snorkels("C3", "F2"))
    fill(store)
    before = dict(store.data)
    _, kept = keep(games, None, long_sprung_game())
    assert not kept.ok and store.data == before    # the finished and the empty game are back
    # with room for one more small game once the finished ones go, it is kept and A stays
    store.remove("other.site.data")
    fill(store)
    store.remove(mygames.ENTRY + a)
    games.restore(a, before[mygames.ENTRY + a])    # A's own characters stay taken
    uid, kept = keep(games, None, snorkels("D4", "C3"))
    assert kept.ok and games.raw(a) is not None and games.raw(uid) is not None
    assert games.raw(done) is None or games.raw(empty) is None     # what made room: finished or empty only


def test_the_cap_trims_only_after_the_new_game_is_written():
    store = MemoryStorage(quota=200000)
    games = game_list(store)
    for _ in range(mygames.MAX_GAMES):
        keep(games, None, snorkels("C3", "F2"))
    fill(store)
    before = dict(store.data)
    _, kept = keep(games, None, snorkels("D4"))     # the list is at its cap and storage is full
    assert not kept.ok and kept.dropped == [] and store.data == before
