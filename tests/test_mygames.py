"""The list of kept games (spielkiste_page/mygames.py, the page's, pure Python) under CPython, on
a storage double that behaves like localStorage (helpers.MemoryStorage): shared by two "tabs",
with a quota that refuses writes. The page stores save texts it never reads; whether a kept game
can be read again is the engine worker's word, so these tests ask a Session (session.py) as the
page asks the worker: `load` a kept game, `check` old saves."""
import itertools
import json

from helpers import MemoryStorage
from spielkiste.record import Record
from spielkiste.registry import get_game
from spielkiste_page import mygames
from spielkiste_web import links, saves
from spielkiste_web.session import Session


def game_list(store):
    clock = itertools.count(1000, 10)
    uids = (f"u{i}" for i in itertools.count())
    return mygames.GameList(store, lambda: next(clock), lambda: next(uids))


def record(*moves, gid="snorkels"):
    rec = Record.new(get_game(gid))
    for m in moves:
        rec.play_text(m)
    return rec


def keep(games, uid, rec, seats=("human", "computer"), level=2, rotation=0, over=False, known=None):
    """games.put as the page calls it with a snapshot's fields: the save text, game, moves, over."""
    return games.put(uid, saves.dump(rec, list(seats), level, rotation), rec.game.id, len(rec.moves), over, known)


def opened(text, field="save"):
    """A Session that loaded a kept game's save (or entry) text, as the worker does on `load`."""
    s = Session()
    answer = s.handle({"op": "load", field: text})
    assert "error" not in answer, answer
    return s


def test_a_kept_game_reads_back_with_its_seats_level_and_rotation_and_is_its_games_current():
    games = game_list(MemoryStorage())
    uid, kept = keep(games, None, record("C3", "F2"), level=3, rotation=180)
    assert kept.ok and not kept.conflict
    for s in (opened(games.save_of(uid)), opened(games.raw(uid), "entry")):
        assert s.record.moves == ["C3", "F2"] and s.seats == ["human", "computer"]
        assert (s.level, s.rotation) == (3, 180)
    assert games.current("snorkels") == uid
    [meta] = games.games()
    assert (meta.game, meta.moves, meta.over) == ("snorkels", 2, False)


def test_a_link_finds_the_kept_game_it_shows_or_continues_and_no_other():
    games = game_list(MemoryStorage())
    uid, _ = keep(games, None, record("C3", "F2", "E5", "F7"))
    assert games.find("snorkels?m=C3,F2,E5,F7") == uid            # the same game (a reload)
    assert games.find("snorkels?m=C3,F2,E5,F7,D4") == uid         # its continuation
    assert games.find("snorkels?m=C3,F2,E5,F7&at=2") == uid       # viewing one of its moves
    assert games.find("snorkels?m=A1,A2,A3") is None               # another game: never on top of this one
    assert games.find("snorkels?m=C3,F2") is None                  # an earlier point is a game of its own
    assert games.find("snorkels?stones=2&m=C3,F2,E5,F7") is None   # other options
    assert games.find("drei?m=C3") is None


def test_an_empty_kept_game_is_continued_by_no_link():
    games = game_list(MemoryStorage())
    keep(games, None, record())
    assert games.find("snorkels?m=A1,A2") is None
    assert games.find("snorkels") is not None


def test_a_second_tab_with_an_old_copy_never_overwrites_the_first_tabs_moves():
    store = MemoryStorage()
    tab1, tab2 = game_list(store), game_list(store)
    uid, first = keep(tab1, None, record("C3"))
    known2 = store.get(mygames.ENTRY + uid)                   # tab 2 opened the same game
    _, moved = keep(tab1, uid, record("C3", "F2", "E5"), known=first.text)
    assert moved.ok
    _, stale = keep(tab2, uid, record("C3", "D4"), seats=("human", "human"), known=known2)
    assert stale.conflict and not stale.ok and stale.text == moved.text
    s = opened(tab2.save_of(uid))                             # tab 2 adopts what tab 1 kept
    assert s.record.moves == ["C3", "F2", "E5"] and s.seats == ["human", "computer"]


def test_past_the_cap_the_oldest_finished_games_go_first_and_unfinished_ones_are_named():
    store = MemoryStorage()
    games = game_list(store)
    old_finished, _ = keep(games, None, record("C3"), seats=("human", "human"), over=True)
    for _ in range(mygames.MAX_GAMES - 1):
        keep(games, None, record("C3", "F2"))
    assert len(games.games()) == mygames.MAX_GAMES
    _, kept = keep(games, None, record("D4"))
    assert kept.ok and kept.dropped == [] and games.raw(old_finished) is None
    oldest_open = min(games.games(), key=lambda m: m.changed)
    _, kept = keep(games, None, record("E4"))
    assert [m.uid for m in kept.dropped] == [oldest_open.uid]
    assert len(games.games()) == mygames.MAX_GAMES


def test_a_full_storage_makes_room_from_finished_games_or_says_the_game_was_not_kept():
    probe = MemoryStorage()
    keep(game_list(probe), None, record("C3", "F2"))
    one = sum(len(k) + len(v) for k, v in probe.data.items())
    store = MemoryStorage(quota=2 * one + 10)
    games = game_list(store)
    finished, _ = keep(games, None, record("C3", "F2"), seats=("human", "human"), over=True)
    keep(games, None, record("C3", "F2"))
    uid, kept = keep(games, None, record("C3", "F2"))
    assert kept.ok and games.raw(finished) is None and games.raw(uid) is not None
    tiny = game_list(MemoryStorage(quota=50))
    _, kept = keep(tiny, None, record("C3"))
    assert not kept.ok and tiny.games() == []


class RefusingStorage(MemoryStorage):
    """A storage that is full for keys starting with `refused` (a set-aside copy that cannot be written)."""

    def __init__(self, refused):
        super().__init__()
        self.refused = refused

    def set(self, key, value) -> bool:
        return not key.startswith(self.refused) and super().set(key, value)


def test_old_saves_move_into_the_list_and_a_broken_one_is_set_aside_not_dropped():
    store = RefusingStorage(refused=mygames.BROKEN + "tor.")     # no room for tor's copy
    store.set("spielkiste.save.snorkels", saves.dump(record("C3", "F2"), ["human", "computer"], 2, 0))
    store.set("spielkiste.save.drei", '{"v": 1, "link": "drei?m=ZZ9"')
    store.set("spielkiste.save.tor", "garbage")
    games = game_list(store)
    old = games.old_saves(["snorkels", "drei", "tor", "weltreich"])
    assert sorted(old) == ["drei", "snorkels", "tor"]
    readable = Session().handle({"op": "check", "entries": old})["ok"]      # what the page asks the worker
    assert readable == {"snorkels": "snorkels?m=C3,F2", "drei": None, "tor": None}
    assert [gid for gid, text in old.items() if not games.migrated(gid, text, readable[gid])] == ["tor"]
    uid = games.current("snorkels")
    assert opened(games.save_of(uid)).record.moves == ["C3", "F2"]
    assert store.get("spielkiste.save.snorkels") is None
    aside = json.loads(store.get(mygames.BROKEN + "drei.1"))
    assert aside["text"] == '{"v": 1, "link": "drei?m=ZZ9"' and store.get("spielkiste.save.drei") is None
    assert store.get("spielkiste.save.tor") == "garbage"        # could not be set aside: left where it was


def test_unreadable_entries_are_skipped_by_the_list_and_refused_by_load():
    store = MemoryStorage()
    games = game_list(store)
    store.set(mygames.ENTRY + "bad", "[" * 100000)
    store.set(mygames.ENTRY + "odd", json.dumps({"v": 1, "game": "snorkels", "save": 3}))
    assert games.games() == [] and games.save_of("bad") is None and games.save_of("odd") is None
    s = Session()
    for uid in ("bad", "odd"):
        assert "error" in s.handle({"op": "load", "entry": games.raw(uid)})
    assert s.record is None


def test_split_link_separates_the_moves_and_cursor_from_the_game():
    assert mygames.split_link("snorkels?stones=2&seed=7&m=D4,swap&at=1") == ("snorkels?stones=2&seed=7", ["D4", "swap"])
    assert mygames.split_link("snorkels") == ("snorkels", [])
    rec = record("C3", "F2")
    assert mygames.split_link(links.to_fragment(rec)) == ("snorkels", ["C3", "F2"])


def copies(store, gid):
    """The texts set aside for `gid`, the oldest first."""
    found = [mygames.aside_copy(store.get(f"{mygames.BROKEN}{gid}.{n}")) for n in range(1, mygames.MAX_COPIES + 1)]
    return [text for _, text in sorted(c for c in found if c is not None)]


def test_every_broken_game_is_set_aside_up_to_the_bound_the_oldest_dropped_first():
    store = MemoryStorage()
    for i in range(mygames.MAX_COPIES):
        assert mygames.set_aside(store, "snorkels", f"broken {i}", 1000 + i)
    assert copies(store, "snorkels") == [f"broken {i}" for i in range(mygames.MAX_COPIES)]
    assert mygames.set_aside(store, "snorkels", "broken 2", 2000)       # already kept: no second copy
    assert mygames.set_aside(store, "snorkels", "newest", 3000)
    assert copies(store, "snorkels") == [f"broken {i}" for i in range(1, mygames.MAX_COPIES)] + ["newest"]
    assert copies(store, "blockade") == []
    store.set(f"{mygames.BROKEN}blockade.1", "not a copy of ours")
    assert mygames.set_aside(store, "blockade", "x", 1) and copies(store, "blockade") == ["x"]


def test_a_copy_too_long_or_refused_is_reported_and_drops_nothing():
    store = MemoryStorage()
    assert not mygames.set_aside(store, "snorkels", "x" * (mygames.MAX_ASIDE + 1), 1)
    assert not mygames.set_aside(store, "snorkels", None, 1)
    full = MemoryStorage(quota=10)
    assert not mygames.set_aside(full, "snorkels", "broken", 1) and full.data == {}
    assert mygames.MAX_ASIDE == saves.MAX_ASIDE        # the page's bound is the worker's (saves.py)


def test_a_deleted_game_is_restored_as_it_was_and_is_its_games_current_again():
    """My games' Undo after ×: the entry written back byte for byte, the game's current one again."""
    games = game_list(MemoryStorage())
    uid, kept = keep(games, None, record("C3", "F2"))
    raw = games.raw(uid)
    games.delete(uid)
    assert games.raw(uid) is None and games.current("snorkels") is None and games.games() == []
    games.restore(uid, raw)
    assert games.raw(uid) == raw == kept.text and games.current("snorkels") == uid
    assert [m.uid for m in games.games()] == [uid]
