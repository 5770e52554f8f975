"""My games: every game the player started or took up is kept in the browser's storage, as
lichess keeps every game, so opening a link, an example or another tab never overwrites one.

One storage entry per game, `spielkiste.game.<uid>`: a small JSON object with what the list
shows (game id, when started and last changed, moves, finished) and the save itself (saves.dump,
the format saves.load checks field by field). `spielkiste.current.<game id>` names the game each
game id opens with. No index: the list is the entries found in storage, so two tabs writing
at once cannot lose a row. The list is capped: past MAX_GAMES the oldest finished (or empty)
games go first, and an unfinished one only with a word to the player (`Kept.dropped`).

Two tabs: `put` writes only over the text this tab last read or wrote for the game (`known`);
if another tab changed it since, nothing is written and the caller adopts the stored game."""
import json
from dataclasses import dataclass, field

from spielkiste.errors import SpielkisteError
from spielkiste_web import saves

ENTRY = "spielkiste.game."
CURRENT = "spielkiste.current."
OLD_SAVE = "spielkiste.save."      # before the list: one save per game id
VERSION = 1
MAX_GAMES = 120
MAX_ENTRY = saves.MAX_SAVE + 400


@dataclass
class Meta:
    uid: str
    game: str
    started: int       # ms since the epoch
    changed: int
    moves: int
    over: bool


@dataclass
class Kept:
    """What `put` did: written (or not), the text now stored, a conflict with another tab,
    and the unfinished games it had to drop to make room (the page names them)."""
    ok: bool
    text: str | None = None
    conflict: bool = False
    dropped: list[Meta] = field(default_factory=list)


def split_link(fragment: str) -> tuple[str, list[str]]:
    """(the link without its moves and cursor, its moves): two links are the same game when the
    first parts are equal, and one continues the other when its moves extend the other's."""
    gid, _, query = fragment.partition("?")
    base, moves = [], []
    for part in query.split("&") if query else []:
        if part.startswith("m="):
            moves = [m for m in part[2:].split(",") if m]
        elif not part.startswith("at="):
            base.append(part)
    return gid + ("?" + "&".join(base) if base else ""), moves


def read_entry(text: str | None) -> tuple[dict, str] | None:
    """(the entry's fields, its save text), or None for anything that is not an entry."""
    if not isinstance(text, str) or len(text) > MAX_ENTRY:
        return None
    try:
        data = saves.parse(text, MAX_ENTRY)
    except Exception:          # storage is outside our control: an unreadable entry is skipped
        return None
    ok = (data.get("v") == VERSION and isinstance(data.get("save"), str) and isinstance(data.get("game"), str)
          and all(type(data.get(k)) is int for k in ("started", "changed", "moves"))
          and type(data.get("over")) is bool)
    return (data, data["save"]) if ok else None


def link_of(save_text: str) -> str | None:
    """The link (fragment) of a save's text, without replaying it; None if it has none."""
    try:
        link = saves.parse(save_text).get("link")
    except Exception:          # a save that is not JSON: no link
        return None
    return link if isinstance(link, str) else None


class GameList:
    """The player's games in `storage` (get/set/remove/keys, as dom.Storage); `now()` in ms and
    `new_uid()` come from the page (Date.now, Math.random), so tests can give their own."""

    def __init__(self, storage, now, new_uid):
        self.storage = storage
        self.now = now
        self.new_uid = new_uid

    # ------------------------------------------------------------------ reading
    def entries(self) -> list[tuple[Meta, str]]:
        """Every readable entry with its save text, the most recently changed first (each read once)."""
        out = []
        for key in self.storage.keys():
            if key.startswith(ENTRY):
                got = read_entry(self.storage.get(key))
                if got is not None:
                    d = got[0]
                    meta = Meta(key[len(ENTRY):], d["game"], d["started"], d["changed"], d["moves"], d["over"])
                    out.append((meta, got[1]))
        return sorted(out, key=lambda e: -e[0].changed)

    def games(self) -> list[Meta]:
        """Every readable entry, the most recently changed first."""
        return [meta for meta, _ in self.entries()]

    def raw(self, uid: str) -> str | None:
        return self.storage.get(ENTRY + uid)

    def load(self, uid: str, levels) -> tuple:
        """(record, seats, level, rotation) of a kept game; SpielkisteError if it cannot be read."""
        got = read_entry(self.raw(uid))
        if got is None:
            raise SpielkisteError("err.saved")
        return saves.load(got[1], levels)

    def current(self, gid: str) -> str | None:
        """The game `gid` opens with, if it is still kept."""
        uid = self.storage.get(CURRENT + gid)
        return uid if uid and self.raw(uid) is not None else None

    def set_current(self, gid: str, uid: str) -> None:
        self.storage.set(CURRENT + gid, uid)

    def find(self, fragment: str) -> str | None:
        """The kept game that a link shows or continues (same start, its moves a prefix of the
        link's), the most recently changed; None when the link is a game of its own."""
        base, moves = split_link(fragment)
        for meta, save in self.entries():
            link = link_of(save)
            if link is not None:
                b, m = split_link(link)
                if b == base and (m == moves or (m and m == moves[:len(m)])):    # an empty game continues nothing
                    return meta.uid
        return None

    # ------------------------------------------------------------------ writing
    def put(self, uid: str | None, record, seats, level, rotation, known: str | None) -> tuple[str, Kept]:
        """Keep a game (a new entry when `uid` is None); returns its uid and what happened."""
        stored = self.raw(uid) if uid is not None else None
        if uid is not None:
            if stored is not None and stored != known:
                return uid, Kept(False, stored, conflict=True)
            got = read_entry(stored)
            started = got[0]["started"] if got else self.now()
        else:
            uid, started = self.new_uid(), self.now()
        text = json.dumps({"v": VERSION, "game": record.game.id, "started": started, "changed": self.now(),
                           "moves": len(record.moves), "over": record.states[-1].result is not None,
                           "save": saves.dump(record, seats, level, rotation)})
        # only a new entry makes the list longer: rewriting a kept game reads no other entry
        dropped = self.make_room(keep=uid) if stored is None else []
        if not self.storage.set(ENTRY + uid, text):
            dropped += self.make_room(keep=uid, target=len(self.games()) - 1)     # storage full: one more
            if not self.storage.set(ENTRY + uid, text):
                return uid, Kept(False, self.raw(uid), dropped=dropped)
        self.set_current(record.game.id, uid)
        return uid, Kept(True, text, dropped=dropped)

    def make_room(self, keep: str, target: int = MAX_GAMES - 1) -> list[Meta]:
        """Drop games until at most `target` others remain: empty and finished ones first (the
        oldest first), then unfinished ones, which are returned so the page can name them."""
        others = [m for m in self.games() if m.uid != keep]
        excess = len(others) - target
        if excess <= 0:
            return []
        order = sorted(others, key=lambda m: (m.moves > 0 and not m.over, m.changed))
        dropped = order[:excess]
        for m in dropped:
            self.delete(m.uid)
        return [m for m in dropped if m.moves > 0 and not m.over]

    def delete(self, uid: str) -> None:
        self.storage.remove(ENTRY + uid)

    def drop_if_empty(self, uid: str | None) -> None:
        """A game with no move is not worth a row: replaced when another game takes its place."""
        got = read_entry(self.raw(uid)) if uid else None
        if uid and got is not None and got[0]["moves"] == 0:
            self.delete(uid)

    def migrate(self, gids, levels, set_aside) -> list[str]:
        """The saves of before the list (one per game id) become entries; an unreadable one is
        set aside (`set_aside(gid, text)`), never dropped. Returns the games set aside."""
        aside = []
        for gid in gids:
            text = self.storage.get(OLD_SAVE + gid)
            if not text:
                continue
            try:
                rec, seats, level, rotation = saves.load(text, levels)
            except Exception:      # any failure to read: keep the text aside
                if not set_aside(gid, text):
                    continue       # not even set aside: leave it where it is
                aside.append(gid)
            else:
                if not self.put(None, rec, seats, level, rotation, None)[1].ok:
                    continue
            self.storage.remove(OLD_SAVE + gid)
        return aside


def export_text(entries: list[tuple[Meta, str]]) -> str:
    """The games as a text file: one line per game, its game id and the link that replays it."""
    return "".join(f"{meta.game}\t{link}\n" for meta, link in entries)

