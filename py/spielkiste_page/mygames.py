"""My games: every game the player started or took up is kept in the browser's storage, as
lichess keeps every game, so opening a link, an example or another tab never overwrites one.

One storage entry per game, `spielkiste.game.<uid>`: a small JSON object with what the list
shows (game id, when started and last changed, moves, finished) and the save itself (the
snapshot's `save` text, which only the engine worker reads: it validates it field by field on
`load`). `spielkiste.current.<game id>` names the game each game id opens with. No index: the
list is the entries found in storage, so two tabs writing at once cannot lose a row. The list
is capped: past MAX_GAMES the oldest finished (or empty) games go first, and an unfinished one
only with a word to the player (`Kept.dropped`). A full storage makes room from finished and
empty games only: an unfinished game is never deleted to keep another (the page says the new
one is not kept; its address still holds it).

Two tabs: `put` writes only over the text this tab last read or wrote for the game (`known`);
if another tab changed it since, nothing is written and the caller adopts the stored game.

Pure Python for MicroPython (the page) and CPython (the tests): no dataclasses, no engine."""
import json

ENTRY = "spielkiste.game."
CURRENT = "spielkiste.current."
OLD_SAVE = "spielkiste.save."      # before the list: one save per game id
BROKEN = "spielkiste.broken."      # + game id + ".1" to ".5": copies of what could not be read
VERSION = 1
MAX_GAMES = 120
MAX_SAVE = 20000 + 1000            # a link (links.MAX_LEN) and a few short fields
MAX_ENTRY = MAX_SAVE + 400
MAX_COPIES = 5
MAX_ASIDE = 200 * (12 * 60 + 2 * 4096 + 10) + 2    # saves.MAX_ASIDE: the longest list of studies


class Meta:
    """What the list shows of a kept game."""

    def __init__(self, uid: str, game: str, started: int, changed: int, moves: int, over: bool, result=None):
        self.uid, self.game, self.started, self.changed = uid, game, started, changed
        self.moves, self.over = moves, over
        self.result = result      # a finished game's result (read_result), or None

    def __eq__(self, other):
        return isinstance(other, Meta) and self.__dict__ == other.__dict__

    def __repr__(self):
        return f"Meta({self.uid!r}, {self.game!r}, moves={self.moves}, over={self.over})"


class Kept:
    """What `put` did: written (or not), the text now stored, a conflict with another tab,
    and the unfinished games it had to drop to make room (the page names them)."""

    def __init__(self, ok: bool, text=None, conflict: bool = False, dropped=None):
        self.ok, self.text, self.conflict = ok, text, conflict
        self.dropped = dropped if dropped is not None else []


def is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_json(text, limit: int):
    """The JSON value of stored text no longer than `limit`, or None for anything else."""
    if not isinstance(text, str) or len(text) > limit:
        return None
    try:
        return json.loads(text)
    except Exception:          # storage is outside our control: unreadable text is no value
        return None


def split_link(fragment: str) -> tuple:
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


def read_entry(text):
    """(the entry's fields, its save text), or None for anything that is not an entry."""
    data = read_json(text, MAX_ENTRY)
    if not isinstance(data, dict):
        return None
    ok = (data.get("v") == VERSION and isinstance(data.get("save"), str) and isinstance(data.get("game"), str)
          and all(is_int(data.get(k)) for k in ("started", "changed", "moves"))
          and isinstance(data.get("over"), bool))
    return (data, data["save"]) if ok else None


def read_result(value):
    """A finished game's result as an entry keeps it: {"you": "won"/"lost"/"draw" or None (no one
    side was the player's), "winners": the winners' colour keys}, or None for anything else (an
    entry written before results were kept, or a stored value that is not one)."""
    if not isinstance(value, dict) or value.get("you") not in ("won", "lost", "draw", None):
        return None
    winners = value.get("winners")
    if not (isinstance(winners, list) and len(winners) <= 8
            and all(isinstance(w, str) and 0 < len(w) <= 20 and w.isalpha() for w in winners)):
        return None
    return {"you": value.get("you"), "winners": list(winners)}


def link_of(save_text):
    """The link (fragment) of a save's text, without replaying it; None if it has none."""
    data = read_json(save_text, MAX_SAVE)
    link = data.get("link") if isinstance(data, dict) else None
    return link if isinstance(link, str) else None


def save_fields(save_text):
    """(link, seats, level, rotation) as a save's text holds them, unchecked (the worker checks
    on `load`), or None when the text is no save at all."""
    data = read_json(save_text, MAX_SAVE)
    if not isinstance(data, dict) or not isinstance(data.get("link"), str):
        return None
    return data["link"], data.get("seats"), data.get("level"), data.get("rotation")


def entry_text(save: str, game: str, moves: int, over: bool, started: int, changed: int, result=None) -> str:
    data = {"v": VERSION, "game": game, "started": started, "changed": changed, "moves": moves, "over": over,
            "save": save}
    if over and read_result(result) is not None:       # the snapshot's `outcome`: My games says who won
        data["result"] = read_result(result)
    return json.dumps(data)


class GameList:
    """The player's games in `storage` (get/set/remove/keys, as dom.Storage); `now()` in ms and
    `new_uid()` come from the page (Date.now, Math.random), so tests can give their own."""

    def __init__(self, storage, now, new_uid):
        self.storage = storage
        self.now = now
        self.new_uid = new_uid

    # ------------------------------------------------------------------ reading
    def entries(self) -> list:
        """Every readable entry (Meta, save text), the most recently changed first (each read once)."""
        out = []
        for key in self.storage.keys():
            if key.startswith(ENTRY):
                got = read_entry(self.storage.get(key))
                if got is not None:
                    d = got[0]
                    meta = Meta(key[len(ENTRY):], d["game"], d["started"], d["changed"], d["moves"], d["over"],
                                read_result(d.get("result")) if d["over"] else None)
                    out.append((meta, got[1]))
        return sorted(out, key=lambda e: -e[0].changed)

    def games(self) -> list:
        """Every readable entry, the most recently changed first."""
        return [meta for meta, _ in self.entries()]

    def raw(self, uid):
        return self.storage.get(ENTRY + uid)

    def save_of(self, uid):
        """The save text of a kept game, or None if it is no readable entry."""
        got = read_entry(self.raw(uid))
        return got[1] if got is not None else None

    def current(self, gid: str):
        """The game `gid` opens with, if it is still kept."""
        uid = self.storage.get(CURRENT + gid)
        return uid if uid and self.raw(uid) is not None else None

    def set_current(self, gid: str, uid: str) -> None:
        self.storage.set(CURRENT + gid, uid)

    def find(self, fragment: str):
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
    def put(self, uid, save: str, game: str, moves: int, over: bool, known, result=None) -> tuple:
        """Keep a game (a new entry when `uid` is None) from its save text; returns its uid and
        what happened (a Kept)."""
        stored = self.raw(uid) if uid is not None else None
        if uid is not None:
            if stored is not None and stored != known:
                return uid, Kept(False, stored, conflict=True)
            got = read_entry(stored)
            started = got[0]["started"] if got else self.now()
        else:
            uid, started = self.new_uid(), self.now()
        text = entry_text(save, game, moves, over, started, self.now(), result)
        if not self.storage.set(ENTRY + uid, text) and not self.write_in_room_of_finished(uid, text):
            return uid, Kept(False, self.raw(uid))
        # only a new entry makes the list longer (rewriting a kept game reads no other entry); it
        # is trimmed once the new entry is in, so a refused write never cost another game
        dropped = self.make_room(keep=uid) if stored is None else []
        self.set_current(game, uid)
        return uid, Kept(True, text, dropped=dropped)

    def write_in_room_of_finished(self, uid: str, text: str) -> bool:
        """Storage is full: finished and empty games go, the oldest first, until the entry fits.
        An unfinished game never goes for another; when even without every finished game there is
        no room, the ones taken out are written back and nothing changed (False)."""
        spare = sorted((m for m in self.games() if m.uid != uid and (m.over or m.moves == 0)),
                       key=lambda m: m.changed)
        taken = []
        for m in spare:
            taken.append((m.uid, self.raw(m.uid)))
            self.delete(m.uid)
            if self.storage.set(ENTRY + uid, text):
                return True
        for old_uid, old_text in taken:
            self.restore(old_uid, old_text)
        return False

    def make_room(self, keep: str, target: int = MAX_GAMES - 1) -> list:
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

    def restore(self, uid: str, text: str) -> None:
        """An entry deleted a moment ago written back as it was (its text as raw() read it)."""
        self.storage.set(ENTRY + uid, text)

    def drop_if_empty(self, uid) -> None:
        """A game with no move is not worth a row: replaced when another game takes its place."""
        got = read_entry(self.raw(uid)) if uid else None
        if uid and got is not None and got[0]["moves"] == 0:
            self.delete(uid)

    # ------------------------------------------------------------------ saves of before the list
    def old_saves(self, gids) -> dict:
        """{game id: text} of the saves of before the list (one per game id), to be checked by
        the worker and then `migrated` or set aside."""
        out = {}
        for gid in gids:
            text = self.storage.get(OLD_SAVE + gid)
            if text:
                out[gid] = text
        return out

    def migrated(self, gid: str, text: str, link) -> bool:
        """An old save becomes an entry (`link`: what the worker read in it, None if it could
        not: then it is set aside, never dropped). False if it stays where it is (storage full)."""
        if link is None:
            if not set_aside(self.storage, gid, text, self.now()):
                return False
        else:
            moves = len(split_link(link)[1])
            if not self.put(None, text, gid, moves, False, None)[1].ok:
                return False
        self.storage.remove(OLD_SAVE + gid)
        return True


def aside_copy(stored):
    """(when, text) of a set-aside copy, or None for anything else."""
    data = read_json(stored, 12 * MAX_ASIDE + 100)      # the text JSON-escaped, and the time
    if not isinstance(data, dict) or set(data) != {"at", "text"} or not is_int(data["at"]) \
            or not isinstance(data["text"], str):
        return None
    return data["at"], data["text"]


def set_aside(storage, gid: str, text, now: int) -> bool:
    """Keep a copy of stored text that could not be read before anything is written over it: in
    the first free of MAX_COPIES slots of `gid` (spielkiste.broken.<gid>.<n>, JSON {"at": ms,
    "text": ...}), else over the oldest copy. True only when the copy is in storage, read back
    (or was already there); False when the text is too long or the browser refused the write."""
    if not isinstance(text, str) or len(text) > MAX_ASIDE:
        return False
    oldest, oldest_at = None, None
    for n in range(1, MAX_COPIES + 1):
        key = BROKEN + gid + "." + str(n)
        got = storage.get(key)
        if got is None:
            oldest = key
            break
        copy = aside_copy(got)
        if copy is not None and copy[1] == text:
            return True
        at = copy[0] if copy is not None else -1     # not a copy of ours: the first to go
        if oldest_at is None or at < oldest_at:
            oldest, oldest_at = key, at
    value = json.dumps({"at": int(now), "text": text})
    return bool(storage.set(oldest, value)) and storage.get(oldest) == value


def export_text(entries: list) -> str:
    """The games as a text file: one line per game, its game id and the link that replays it."""
    return "".join(meta.game + "\t" + link + "\n" for meta, link in entries)
