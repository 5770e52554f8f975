"""Inputs for the contract and fuzz tests: every option combination of a game, random records
played from them, and hostile mutations of their links, position codes and saves.

One set of mutations serves the CI tests (hypothesis draws the choices) and the long run
(tests/fuzz/run.py, a seeded random.Random draws them): a chooser does the picking."""
import itertools
import json
import random
import re
import string
import time

from spielkiste.codec import SAFE
from spielkiste.errors import BadOption, SpielkisteError
from spielkiste.record import Record
from spielkiste.texts import LANGS, TABLE, t
from spielkiste_web import links, outside, saves

LEVELS = {1: 0.3, 2: 1.0, 3: 3.0, 4: 8.0}     # the page's computer levels
MB = 1 << 20


# ------------------------------------------------------------------ choosers
class RandomChooser:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def pick(self, seq):
        return seq[self.rng.randrange(len(seq))]

    def num(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)


class DrawChooser:
    """Hypothesis draws the choices, so failures shrink."""
    def __init__(self, draw):
        from hypothesis import strategies as st
        self.draw, self.st = draw, st

    def pick(self, seq):
        return self.draw(self.st.sampled_from(seq))

    def num(self, lo: int, hi: int) -> int:
        return self.draw(self.st.integers(lo, hi))


# ------------------------------------------------------------------ options and records
def option_grid(cls) -> list[dict]:
    """Every valid combination of the options with a fixed set of values (player counts, teams,
    set-up modes, variants). Free values (seeds) and the choices shown only under another option's
    value (Die Drei's 32 tiles a corner) are filled in by complete(); a switch shown only under
    another option's value (teams, at four players) is part of the grid where it is shown."""
    fixed = [o for o in cls.all_options() if (o.shown_if is None and o.choices) or o.kind == "bool"]
    values = [(False, True) if o.kind == "bool" else o.choices for o in fixed]
    combos = []
    for vals in itertools.product(*values):
        opts = dict(zip((o.key for o in fixed), vals, strict=True))
        hidden = [o for o in fixed if o.shown_if and opts.get(o.shown_if[0]) != o.shown_if[1]]
        if any(opts[o.key] for o in hidden):         # a hidden switch: once, off
            continue
        for o in hidden:
            del opts[o.key]
        try:
            cls.normalize_options(opts)
        except BadOption:
            continue
        combos.append(opts)
    return combos


def complete(cls, opts: dict, rng: random.Random) -> dict:
    """`opts` with a sampled seed and sampled values for the options they make visible."""
    for _ in range(1000):
        full = dict(opts)
        for o in cls.all_options():
            if o.key in full:
                continue
            if o.kind == "int" and not o.choices:
                full[o.key] = rng.choice((0, 1, rng.randrange(10**9)))
            elif o.shown_if and full.get(o.shown_if[0]) == o.shown_if[1]:
                full[o.key] = rng.choice((False, True) if o.kind == "bool" else o.choices)
        try:
            cls.normalize_options(full)
            return full
        except BadOption:
            continue
    raise AssertionError(f"no valid completion of {opts} for {cls.id}")


def random_record(cls, opts: dict, rng: random.Random, max_plies: int = 400) -> Record:
    """A record of random legal moves from the start of `opts`, to the end or max_plies."""
    rec = Record.new(cls, opts)
    while rec.current.result is None and len(rec.moves) < max_plies:
        moves = rec.current.legal_moves()
        rec.play(moves[rng.randrange(len(moves))])
    return rec


def valid_inputs(cls, rng: random.Random) -> dict[str, str]:
    """A valid link, position code and save of one random game."""
    opts = complete(cls, rng.choice(option_grid(cls)), rng)
    rec = random_record(cls, opts, rng, rng.choice((0, 3, 20, 400)))
    rec.goto(rng.randint(0, len(rec.moves)))
    if rng.random() < 0.3:
        link = links.position_link(rec.current)
    else:
        link = links.to_fragment(rec)
    n = rec.current.num_players
    seats = [rng.choice(saves.SEAT_KINDS) for _ in range(n)]
    save = saves.dump(rec, seats, rng.choice(list(LEVELS)), rng.choice((0, 90, 180, 270)))
    return {"link": link, "code": rec.current.encode(), "save": save}


# ------------------------------------------------------------------ mutations
ODD_CHARS = ("²", "³", "١", "٣", "１", "߀", "〇", "Ⅻ", "ǅ", "ß", "İ", "\u200b", "\x00", "\ud800", "\n", " ",
             "%", "&", "=", "?", "#", ";", ":", ",", ".", "/", "-", "~", "!", "*", "<", ">", "\"", "'", "\\",
             "{", "}", "[", "]", "+", "_") + tuple(string.ascii_letters + string.digits)
NUMBERS = ("0", "-1", "+1", " 1", "1_0", "1e9", "0x10", "²", "٣٣", "１２", "9" * 19, "9" * 400, "9" * 5000,
           "4294967296", "9223372036854775808", "18446744073709551616", "00000000000000000001", "1.5")
MARKUP = ("<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "{why}", "{0}", "{", "%s", "&amp;",
          "javascript:alert(1)", "../../etc/passwd", "\u202e", "😀", "@", "@ui.title", "@err.link")
ESCAPES = ("%", "%z", "%zz", "%00", "%25", "%26", "%3D", "%3F", "%23", "%E2%82%AC", "%C3%28", "%ED%A0%80", "+")
JSON_VALUES = (None, True, False, 0, 1, -1, 2, 3, 90, 1.5, float("inf"), 10**30, "", "x", "human", [], [1], {},
               {"a": 1}, ["human"], ["human", "computer"], [["human"]], "snorkels")


def _at(c, text: str) -> int:
    return c.num(0, len(text))


def truncate(c, text):
    return text[:_at(c, text)]


def delete_span(c, text):
    i = _at(c, text)
    return text[:i] + text[i + c.num(1, 20):]


def flip(c, text):
    i = _at(c, text)
    return text[:i] + c.pick(ODD_CHARS) + text[i + 1:]


def insert(c, text):
    i = _at(c, text)
    return text[:i] + c.pick(ODD_CHARS + NUMBERS + MARKUP + ESCAPES) + text[i:]


def replace_number(c, text):
    runs = list(re.finditer(r"[0-9]+", text))
    if not runs:
        return insert(c, text)
    m = c.pick(runs)
    return text[:m.start()] + c.pick(NUMBERS) + text[m.end():]


def percent_escape(c, text):
    """Escape a span character by character (readers must see the same or refuse it)."""
    i = _at(c, text)
    j = min(len(text), i + c.num(1, 12))
    return text[:i] + "".join(f"%{b:02X}" for b in text[i:j].encode("utf-8", "surrogatepass")) + text[j:]


def repeat_part(c, text):
    """Repeat a key=value part of a link, or a field of a code, or any span."""
    parts = re.split(r"([&;:,?])", text)
    k = c.num(0, len(parts) - 1)
    return "".join(parts[:k + 1] + parts[k - 1:k + 1] * c.num(1, 3) + parts[k + 1:]) if k else text + text


def add_param(c, text):
    """A link parameter (or a code option) set to a hostile value, maybe once more."""
    key = c.pick(("at", "m", "p", "v", "seed", "players", "teams", "stones", "setup", "pie", "board", "tl"))
    value = c.pick(NUMBERS + ODD_CHARS + MARKUP + ESCAPES)
    return text + c.pick(("&", "?", ",", ":")) + key + c.pick(("=", ".")) + value


def blow_up(c, text):
    """About a megabyte: the input repeated, a huge run, a huge number or deep nesting."""
    kind = c.pick(("repeat", "digits", "letters", "nest", "commas"))
    if kind == "repeat":
        return (text or "x") * (MB // max(1, len(text)) + 1)
    if kind == "digits":
        return text[:_at(c, text)] + "9" * MB
    if kind == "letters":
        return text + "A" * MB
    if kind == "commas":
        return text + "&m=" + "," * MB
    n = c.pick((1000, 100_000, MB // 2))
    return "[" * n + text + "]" * n if c.num(0, 1) else "{\"a\":" * n + "1" + "}" * n


def json_field(c, text):
    """A save with one field replaced by a value of another type, dropped, or added."""
    if outside.too_deep(text, outside.MAX_DEPTH):       # nested by blow_up: json.loads would overflow
        return insert(c, text)                      # Pyodide's stack (saves.parse refuses it first)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):     # an earlier mutation broke or nested it
        return insert(c, text)
    if not isinstance(data, dict) or not data:
        return insert(c, text)
    key = c.pick(sorted(data) + ["extra"])
    action = c.pick(("replace", "drop", "nest"))
    if action == "drop":
        data.pop(key, None)
    elif action == "nest":
        data[key] = [data.get(key)] * 2
    else:
        data[key] = c.pick(JSON_VALUES)
    return json.dumps(data)


MUTATIONS = (truncate, delete_span, flip, insert, replace_number, percent_escape, repeat_part, add_param, blow_up)
SAVE_MUTATIONS = MUTATIONS + (json_field, json_field, json_field)


def mutate(c, kind: str, text: str) -> str:
    """One to three mutations; a megabyte input is never grown further."""
    pool = SAVE_MUTATIONS if kind == "save" else MUTATIONS
    for _ in range(c.num(1, 3)):
        if len(text) >= MB:
            pool = (truncate, flip, delete_span)
        text = c.pick(pool)(c, text)
    return text


# ------------------------------------------------------------------ the checks
def readable(e: SpielkisteError) -> None:
    """A typed error whose message, and every message inside it, renders in every language."""
    assert isinstance(e, SpielkisteError), type(e)
    renders(e.key, e.params)
    for lang in LANGS:
        assert e.message(lang) == t(e.key, lang, **e.params)


def renders(key: str, params: dict) -> None:
    """The key has text in every language, and its arguments fill every field."""
    assert key in TABLE, f"no text for {key}"
    for lang in LANGS:
        fields = {f for _, f, _, _ in string.Formatter().parse(TABLE[key][lang]) if f}
        assert fields <= set(params), f"{key} ({lang}) lacks arguments {fields - set(params)}"
    for value in params.values():
        if isinstance(value, tuple):        # a message inside the message: (key, args)
            renders(*value)


def read(kind: str, cls, text: str):
    """Read an input as the page would; returns the result or raises."""
    if kind == "link":
        return links.from_fragment(text)
    if kind == "code":
        return cls.decode(text)
    return saves.load(text, LEVELS)


def accepted(kind: str, cls, value) -> None:
    """What a reader accepted writes back to text that reads the same again."""
    if kind == "link":
        frag = links.to_fragment(value)
        assert links.to_fragment(links.from_fragment(frag)) == frag
        state = value.current
    elif kind == "code":
        code = value.encode()
        assert cls.decode(code).encode() == code
        state = value
    else:
        rec, seats, level, rot = value
        text = saves.dump(rec, seats, level, rot)
        assert saves.dump(*saves.load(text, LEVELS)) == text
        state = rec.current
    moves = state.legal_moves()
    if moves:
        state.copy().play(moves[0])


def check(kind: str, cls, text: str) -> tuple[str, float]:
    """('ok' if read and it round-trips, or 'typed' for a readable SpielkisteError; the seconds
    the reading took). Anything else raises."""
    t0 = time.perf_counter()
    try:
        value = read(kind, cls, text)
    except SpielkisteError as e:
        readable(e)
        return "typed", time.perf_counter() - t0
    took = time.perf_counter() - t0
    accepted(kind, cls, value)
    return "ok", took


# ------------------------------------------------------------------ the contract over random play
def contract_step(cls, before, move, after) -> None:
    """What the search, the links, the renderer and the page rely on, for one move."""
    texts = [before.move_text(m) for m in before.legal_moves()]
    assert len(texts) == len(set(x.upper() for x in texts)), "two legal moves share a notation"
    text = before.move_text(move)
    assert before.parse_move(text) == move, "notation does not round-trip"
    assert "," not in text and "&" not in text and "#" not in text
    path, choice = before.move_input(move)
    assert all(isinstance(c, str) for c in path)
    assert path or choice, "a move must be enterable: squares or a button"
    code = after.encode()
    assert SAFE.match(code), f"position code has unsafe characters: {code}"
    try:
        again = cls.decode(code)
    except SpielkisteError as e:
        raise AssertionError(f"{before.encode()} + {text} gives {code}, which decode() refuses: {e}") from None
    assert again.encode() == code, f"position code does not round-trip: {code} -> {again.encode()}"
    assert again.to_move == after.to_move
    if after.result is None:
        assert sorted(map(after.move_text, after.legal_moves())) == \
            sorted(map(again.move_text, again.legal_moves())), f"decoded position has other moves: {code}"
    else:
        assert again.result is not None and again.result.winners == after.result.winners
        assert after.legal_moves() == []
    assert 0 <= after.to_move < after.num_players


def links_round_trip(rec: Record, rng: random.Random) -> None:
    """A game link at any cursor, and a position link of any position with the moves after it,
    read back to the same moves, cursor and positions."""
    rec.goto(rng.randint(0, len(rec.moves)))
    frag = links.to_fragment(rec)
    again = links.from_fragment("#" + frag)
    assert again.moves == rec.moves and again.cursor == rec.cursor, frag
    assert again.current.encode() == rec.current.encode() and links.to_fragment(again) == frag
    ply = rng.randint(0, len(rec.moves))
    frag = links.position_link(rec.states[ply]) + ("&m=" + ",".join(rec.moves[ply:]) if ply < len(rec.moves) else "")
    again = links.from_fragment(frag)
    assert again.custom_start and again.moves == rec.moves[ply:], frag
    assert links.to_fragment(again) == frag
    end = rec.states[-1]
    # a code keeps no history: a repetition that began before the linked position goes unseen
    unseen = end.result is not None and end.result.reason == "why.repetition" and again.current.result is None
    assert again.current.encode() == end.encode() or unseen, frag


def checked_game(cls, opts: dict, seed: int, max_plies: int = 400) -> Record:
    """A random game from `opts`, checking the contract on every move and the links at the end."""
    rng = random.Random(seed)
    rec = Record.new(cls, opts)
    while rec.current.result is None and len(rec.moves) < max_plies:
        before = rec.current
        moves = before.legal_moves()
        assert moves, f"{cls.id}: no legal move but no result in {before.encode()}"
        move = moves[rng.randrange(len(moves))]
        rec.play(move)
        contract_step(cls, before, move, rec.current)
    end = rec.current
    if end.result is not None:
        r = end.result
        assert len(r.rewards) == end.num_players and all(0.0 <= x <= 1.0 for x in r.rewards)
        assert r.message("en") and r.message("de") and not r.message("en").startswith("why.")
    links_round_trip(rec, rng)
    return rec
