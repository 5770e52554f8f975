"""Saved games (one per game, versioned JSON), studies and set-aside copies in the browser's
storage, read defensively.

A save holds the game's link (start + moves + cursor), who plays each seat, the computer's
level, the board rotation and, when any is on, the aids switched on (a reload kept none: the threat
warning a beginner had was gone after it). Storage can hold anything (an old version, another tab's
half-written text, a hand edit, a megabyte meant to freeze the page), so every reader here
reads it with outside.read_json (length, then nesting, then json.loads); load() checks every
field by type and range and raises SpielkisteError for anything it cannot trust; the page then
sets the save aside (set_aside) and starts."""
import json
import re
import time

from spielkiste.codec import HIDDEN, MAX_CODE
from spielkiste.errors import SpielkisteError
from spielkiste.registry import GAMES
from spielkiste_web.links import MAX_LEN, from_fragment, to_fragment
from spielkiste_web.outside import read_json

VERSION = 1
SEAT_KINDS = ("human", "computer")
ROTATIONS = (0, 90, 180, 270)
FIELDS = ("v", "link", "seats", "level", "rotation")
OPTIONAL = ("aids",)           # written only when it holds something
MAX_AIDS = 8                   # aids a game offers, and the length of an aid's name: far above ours (a few, short)
MAX_SAVE = MAX_LEN + 1000      # the link and a few short fields
MAX_STUDIES = 200              # positions kept per game
MAX_NAME = 60                  # characters of a study's name
# the longest list of studies json.dumps writes (each name character escaped, 12 for a surrogate
# pair; each code character at most doubled; 10 for '["', '", "', '"]' and ', '): the reader
# refuses longer text unread
MAX_STUDIES_TEXT = MAX_STUDIES * (12 * MAX_NAME + 2 * MAX_CODE + 10) + 2
BROKEN = "spielkiste.broken."  # + game id + ".1" to ".5": copies of what could not be read
MAX_COPIES = 5
MAX_ASIDE = MAX_STUDIES_TEXT   # the longest text set aside: a list of studies; no save comes near it
HEADER_V1 = "# Spielkiste studies 1"   # then 'name<TAB>link' a line; tabs and line breaks in names were spaces
HEADER = "# Spielkiste studies 2"      # the same, every name escaped (escape_name): all study_name keeps survives
# an exported file: a line for each study of each game, each name escaped at most 10 characters a character
MAX_IMPORT_LINES = 2 * MAX_STUDIES * len(GAMES) + 2
MAX_IMPORT = MAX_STUDIES * len(GAMES) * (10 * MAX_NAME + MAX_CODE + 64)
# the largest file the page imports: it reads the file into MicroPython's heap (PyScript sets no heapsize),
# which held 1.0 MB in a fresh page and failed at 1.15 MB (MemoryError); half of that leaves room for a page in
# use. Far above a real export of a few hundred positions; a larger file is refused unread, its size said
PAGE_IMPORT_KB = 512
NAME_HIDDEN = re.compile("(?![\u200c\u200d])" + HIDDEN.pattern)     # codec.HIDDEN but the joiners
NAME_ESCAPES = {"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"}
NAME_ESCAPED = re.compile(r"\\(?:u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|(.))", re.S)


def dump(record, seats: list[str], level: int, rotation: int, aids=()) -> str:
    data = {"v": VERSION, "link": to_fragment(record), "seats": list(seats), "level": level, "rotation": rotation}
    if aids:
        data["aids"] = sorted(aids)
    return json.dumps(data)


def load(text, levels) -> tuple:
    """(record, seats, level, rotation) from a save; SpielkisteError if any part is not valid."""
    return read(text, levels)[:4]


def read(text, levels) -> tuple:
    """(record, seats, level, rotation, aids) from a save, read once; SpielkisteError if any part is
    not valid."""
    data = parse(text)
    if not set(FIELDS) <= set(data) <= set(FIELDS + OPTIONAL):
        raise SpielkisteError("err.saved")
    aids = aids_in(data)
    check("v", is_int(data["v"]) and data["v"] == VERSION)
    check("link", isinstance(data["link"], str))
    try:
        record = from_fragment(data["link"])
    except SpielkisteError:
        raise SpielkisteError("err.saved_field", field="link") from None
    seats = data["seats"]
    check("seats", isinstance(seats, list) and len(seats) == record.current.num_players
          and all(isinstance(s, str) and s in SEAT_KINDS for s in seats))
    check("level", is_int(data["level"]) and data["level"] in levels)
    check("rotation", is_int(data["rotation"]) and data["rotation"] in ROTATIONS)
    return record, seats, data["level"], data["rotation"], aids


def aids_in(data: dict) -> list[str]:
    """The aids a save's data has on (none when it names none); SpielkisteError unless a short list
    of short names (which of them the game offers is the session's to keep)."""
    aids = data.get("aids", [])
    check("aids", isinstance(aids, list) and len(aids) <= MAX_AIDS
          and all(isinstance(a, str) and 0 < len(a) <= 3 * MAX_AIDS for a in aids))
    return list(aids)


def parse(text, limit: int = MAX_SAVE) -> dict:
    """The JSON object of a save (or of other stored text no longer than `limit`)."""
    data = read_json(text, limit)
    if not isinstance(data, dict):
        raise SpielkisteError("err.saved")
    return data


def is_int(value) -> bool:
    """A JSON integer (bool is an int in Python, and True == 1 would pass for level 1)."""
    return type(value) is int


def check(field: str, ok: bool) -> None:
    if not ok:
        raise SpielkisteError("err.saved_field", field=field)


# ---------------------------------------------------------------------- set-aside copies
def set_aside(storage, gid: str, text, now: float | None = None) -> bool:
    """Keep a copy of stored text that could not be read (a save, a list of studies) before
    anything is written over it: in the first free of MAX_COPIES slots of `gid`
    (spielkiste.broken.<gid>.<n>, JSON {"at": ms, "text": ...}), else over the oldest copy.
    True only when the copy is in storage, read back (or was already there); False when the
    text is longer than MAX_ASIDE or the browser refused the write (storage full): then nothing
    was dropped either. `storage` has get(key) and set(key, value) -> bool, as the page's storage."""
    if not isinstance(text, str) or len(text) > MAX_ASIDE:
        return False
    oldest, oldest_at = None, None
    for n in range(1, MAX_COPIES + 1):
        key = f"{BROKEN}{gid}.{n}"
        got = storage.get(key)
        if got is None:
            oldest = key
            break
        copy = aside_copy(got)
        if copy is not None and copy[1] == text:
            return True
        at = copy[0] if copy is not None else -1.0     # not a copy of ours: the first to go
        if oldest_at is None or at < oldest_at:
            oldest, oldest_at = key, at
    value = json.dumps({"at": int(time.time() * 1000 if now is None else now), "text": text})
    return bool(storage.set(oldest, value)) and storage.get(oldest) == value


def aside_copy(stored) -> tuple[float, str] | None:
    """(when, text) of a set-aside copy, or None for anything else."""
    try:
        data = parse(stored, 12 * MAX_ASIDE + 100)      # the text JSON-escaped, and the time
    except SpielkisteError:
        return None
    if set(data) != {"at", "text"} or not is_int(data["at"]) or not isinstance(data["text"], str):
        return None
    return data["at"], data["text"]


def copies_set_aside(storage, gid: str) -> list[str]:
    """The texts set aside for `gid`, the oldest first."""
    found = [aside_copy(storage.get(f"{BROKEN}{gid}.{n}")) for n in range(1, MAX_COPIES + 1)]
    return [text for _, text in sorted(c for c in found if c is not None)]


# ---------------------------------------------------------------------- studies
def read_studies(text) -> list[list[str]] | None:
    """The saved positions of a game, [[name, code], ...], from storage: [] for none stored,
    None for text that is not a list of studies (another version, a hand edit, nesting meant
    to crash the reader), which is set aside before anything is written over it."""
    if text is None or text == "":
        return []
    try:
        data = read_json(text, MAX_STUDIES_TEXT)
    except SpielkisteError:
        return None
    if not (isinstance(data, list) and all(isinstance(x, list) and len(x) == 2 for x in data)):
        return None
    return [[n, c] for n, c in data if isinstance(n, str) and isinstance(c, str)]


def studies(text) -> list[list[str]]:
    """The saved positions of a game; anything unreadable counts as none."""
    return read_studies(text) or []


def studies_text(items: list[list[str]]) -> str | None:
    """The stored form of a game's studies, or None when read_studies could not read it back
    (too many, or a name or code past its length)."""
    if len(items) > MAX_STUDIES or any(len(n) > MAX_NAME or len(c) > MAX_CODE for n, c in items):
        return None
    text = json.dumps(items)
    return text if len(text) <= MAX_STUDIES_TEXT else None


def clashes(items: list[list[str]], new: list[tuple[str, str]]) -> list[str]:
    """The names in `new` that are already taken by another position (in `items`, or earlier in
    `new`): each would replace a study, so the player is asked first."""
    have = {n: c for n, c in items}
    out = []
    for name, code in new:
        if have.get(name, code) != code and name not in out:
            out.append(name)
        have[name] = code
    return out


def merge(items: list[list[str]], new: list[tuple[str, str]], keep_both: bool) -> list[list[str]]:
    """`items` with the positions of `new` added: one already kept under its name is not added
    twice; a name taken by another position is replaced, or with `keep_both` the newcomer is
    renamed 'name (2)' (3, ...)."""
    out = [list(x) for x in items]
    for name, code in new:
        if [name, code] in out:
            continue
        taken = {n for n, _ in out}
        if name in taken:
            if keep_both:
                name = free_name(name, taken)
            else:
                out = [x for x in out if x[0] != name]
        out.append([name, code])
    return out


def free_name(name: str, taken: set[str]) -> str:
    n = 2
    while True:
        suffix = f" ({n})"
        candidate = name[:MAX_NAME - len(suffix)] + suffix
        if candidate not in taken:
            return candidate
        n += 1


def escape_name(name: str) -> str:
    """A name for the export file, on one line of printable text: a backslash, tab and line
    breaks as \\\\ \\t \\n \\r, any other character that is not printable (U+2028, controls,
    direction marks) as \\uXXXX or \\UXXXXXXXX."""
    return "".join(NAME_ESCAPES.get(c) or (c if c.isprintable() else
                                           f"\\u{ord(c):04x}" if ord(c) < 0x10000 else f"\\U{ord(c):08x}")
                   for c in name)


def unescape_name(text: str) -> str:
    """escape_name undone; a backslash before anything else stays as it is."""
    def one(m):
        code = m.group(1) or m.group(2)
        if code is not None:
            return chr(int(code, 16)) if int(code, 16) <= 0x10FFFF else m.group()
        return {"\\": "\\", "t": "\t", "n": "\n", "r": "\r"}.get(m.group(3), m.group())
    return NAME_ESCAPED.sub(one, text)


def export_text(entries: list[tuple[str, str, str]]) -> str:
    """The export file of (game id, name, code) entries: HEADER, then 'name<TAB>link' a line."""
    return "\n".join([HEADER] + [escape_name(name) + "\t" + f"{gid}?p={code}" for gid, name, code in entries]) + "\n"


def read_export(text: str) -> list[tuple[str, str]] | None:
    """(name, link) of every study line of an exported file, this version's or the first
    (HEADER_V1); None when the text is no studies file. Lines end at '\\n' only (a '\\r' before
    it dropped), never at U+2028 or other breaks inside a name. SpielkisteError for a file
    longer than any export, refused unread."""
    if len(text) > MAX_IMPORT or text.count("\n") > MAX_IMPORT_LINES:
        raise SpielkisteError("ui.edit.import_large")
    lines = text.split("\n")
    head = lines[0].removesuffix("\r").strip()
    if head not in (HEADER, HEADER_V1):
        return None
    out = []
    for line in lines[1:]:
        line = line.removesuffix("\r")
        if not line.strip():
            continue
        name, _, link = line.rpartition("\t")
        if head == HEADER:
            name = study_name(unescape_name(name[:10 * MAX_NAME]))
        else:
            name = study_name(name)
        out.append((name, link.strip()))
    return out


def study_name(text: str) -> str:
    """A study's name as typed or imported: without control characters or direction marks (as
    codec.clip quotes input in a message: a name must not reorder the app's words around it), its
    ends' spaces and anything past MAX_NAME; "" for none. The zero-width joiners stay (U+200C,
    U+200D): emoji sequences and several scripts are written with them, and they reorder nothing."""
    return NAME_HIDDEN.sub("", text).strip()[:MAX_NAME]


def default_seats(n: int) -> list[str]:
    """One human and the computer for the rest; a solitaire is played alone."""
    return ["human"] + ["computer"] * (n - 1)
