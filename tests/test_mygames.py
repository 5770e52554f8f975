"""The list of kept games (spielkiste_web/mygames.py) under CPython, on a storage double that
behaves like localStorage (helpers.MemoryStorage): shared by two "tabs", with a quota that refuses writes."""
import itertools
import json

from helpers import MemoryStorage
from spielkiste.ai.levels import LEVELS
from spielkiste.record import Record
from spielkiste.registry import get_game
from spielkiste_web import links, mygames, saves

Snorkels = get_game("snorkels")



def game_list(store):
    clock = itertools.count(1000, 10)
    uids = (f"u{i}" for i in itertools.count())
    return mygames.GameList(store, lambda: next(clock), lambda: next(uids))


def record(*moves, gid="snorkels"):
    rec = Record.new(get_game(gid))
    for m in moves:
        rec.play_text(m)
    return rec


def test_a_kept_game_reads_back_with_its_seats_level_and_rotation_and_is_its_games_current():
    games = game_list(MemoryStorage())
    uid, kept = games.put(None, record("C3", "F2"), ["human", "computer"], 3, 180, None)
    assert kept.ok and not kept.conflict
    rec, seats, level, rotation = games.load(uid, LEVELS)
    assert rec.moves == ["C3", "F2"] and seats == ["human", "computer"] and (level, rotation) == (3, 180)
    assert games.current("snorkels") == uid
    [meta] = games.games()
    assert (meta.game, meta.moves, meta.over) == ("snorkels", 2, False)


def test_a_link_finds_the_kept_game_it_shows_or_continues_and_no_other():
    games = game_list(MemoryStorage())
    uid, _ = games.put(None, record("C3", "F2", "E5", "F7"), ["human", "computer"], 2, 0, None)
    assert games.find("snorkels?m=C3,F2,E5,F7") == uid            # the same game (a reload)
    assert games.find("snorkels?m=C3,F2,E5,F7,D4") == uid         # its continuation
    assert games.find("snorkels?m=C3,F2,E5,F7&at=2") == uid       # viewing one of its moves
    assert games.find("snorkels?m=A1,A2,A3") is None               # another game: never on top of this one
    assert games.find("snorkels?m=C3,F2") is None                  # an earlier point is a game of its own
    assert games.find("snorkels?stones=2&m=C3,F2,E5,F7") is None   # other options
    assert games.find("drei?m=C3") is None


def test_an_empty_kept_game_is_continued_by_no_link():
    games = game_list(MemoryStorage())
    games.put(None, record(), ["human", "computer"], 2, 0, None)
    assert games.find("snorkels?m=A1,A2") is None
    assert games.find("snorkels") is not None


def test_a_second_tab_with_an_old_copy_never_overwrites_the_first_tabs_moves():
    store = MemoryStorage()
    tab1, tab2 = game_list(store), game_list(store)
    uid, first = tab1.put(None, record("C3"), ["human", "computer"], 2, 0, None)
    known2 = store.get(mygames.ENTRY + uid)                   # tab 2 opened the same game
    _, moved = tab1.put(uid, record("C3", "F2", "E5"), ["human", "computer"], 2, 0, first.text)
    assert moved.ok
    _, stale = tab2.put(uid, record("C3", "D4"), ["human", "human"], 2, 0, known2)
    assert stale.conflict and not stale.ok and stale.text == moved.text
    rec, seats, _, _ = tab2.load(uid, LEVELS)
    assert rec.moves == ["C3", "F2", "E5"] and seats == ["human", "computer"]


def test_past_the_cap_the_oldest_finished_games_go_first_and_unfinished_ones_are_named():
    store = MemoryStorage()
    games = game_list(store)
    done = record("C3")
    done.states[-1].result = object()        # stands for any outcome: only `is not None` is read
    old_finished, _ = games.put(None, done, ["human", "human"], 2, 0, None)
    for _ in range(mygames.MAX_GAMES - 1):
        games.put(None, record("C3", "F2"), ["human", "computer"], 2, 0, None)
    assert len(games.games()) == mygames.MAX_GAMES
    _, kept = games.put(None, record("D4"), ["human", "computer"], 2, 0, None)
    assert kept.ok and kept.dropped == [] and games.raw(old_finished) is None
    oldest_open = min(games.games(), key=lambda m: m.changed)
    _, kept = games.put(None, record("E4"), ["human", "computer"], 2, 0, None)
    assert [m.uid for m in kept.dropped] == [oldest_open.uid]
    assert len(games.games()) == mygames.MAX_GAMES


def test_a_full_storage_makes_room_from_finished_games_or_says_the_game_was_not_kept():
    probe = MemoryStorage()
    game_list(probe).put(None, record("C3", "F2"), ["human", "computer"], 2, 0, None)
    one = sum(len(k) + len(v) for k, v in probe.data.items())
    store = MemoryStorage(quota=2 * one + 10)
    games = game_list(store)
    done = record("C3", "F2")
    done.states[-1].result = object()
    finished, _ = games.put(None, done, ["human", "human"], 2, 0, None)
    games.put(None, record("C3", "F2"), ["human", "computer"], 2, 0, None)
    uid, kept = games.put(None, record("C3", "F2"), ["human", "computer"], 2, 0, None)
    assert kept.ok and games.raw(finished) is None and games.raw(uid) is not None
    tiny = game_list(MemoryStorage(quota=50))
    _, kept = tiny.put(None, record("C3"), ["human", "computer"], 2, 0, None)
    assert not kept.ok and tiny.games() == []


def test_old_saves_move_into_the_list_and_a_broken_one_is_set_aside_not_dropped():
    store = MemoryStorage()
    store.set("spielkiste.save.snorkels", saves.dump(record("C3", "F2"), ["human", "computer"], 2, 0))
    store.set("spielkiste.save.drei", '{"v": 1, "link": "drei?m=ZZ9"')
    store.set("spielkiste.save.tor", "garbage")
    aside = {}

    def set_aside(gid, text):
        if gid == "tor":
            return False            # storage full: the old save stays where it is
        aside[gid] = text
        return True

    games = game_list(store)
    assert games.migrate(["snorkels", "drei", "tor", "weltreich"], LEVELS, set_aside) == ["drei"]
    uid = games.current("snorkels")
    assert games.load(uid, LEVELS)[0].moves == ["C3", "F2"]
    assert store.get("spielkiste.save.snorkels") is None
    assert aside == {"drei": '{"v": 1, "link": "drei?m=ZZ9"'} and store.get("spielkiste.save.drei") is None
    assert store.get("spielkiste.save.tor") == "garbage"


def test_unreadable_entries_are_skipped_by_the_list_and_refused_by_load():
    store = MemoryStorage()
    games = game_list(store)
    store.set(mygames.ENTRY + "bad", "[" * 100000)
    store.set(mygames.ENTRY + "odd", json.dumps({"v": 1, "game": "snorkels", "save": 3}))
    assert games.games() == []
    try:
        games.load("bad", LEVELS)
    except saves.SpielkisteError as e:
        assert e.key == "err.saved"
    else:
        raise AssertionError("an unreadable entry was loaded")


def test_split_link_separates_the_moves_and_cursor_from_the_game():
    assert mygames.split_link("snorkels?stones=2&seed=7&m=D4,swap&at=1") == ("snorkels?stones=2&seed=7", ["D4", "swap"])
    assert mygames.split_link("snorkels") == ("snorkels", [])
    rec = record("C3", "F2")
    assert mygames.split_link(links.to_fragment(rec)) == ("snorkels", ["C3", "F2"])
