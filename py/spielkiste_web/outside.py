"""The one reader of JSON text from outside the worker: the page's requests, and within them
what a link, the browser's storage, a file or a host page carried (a save, a kept review, puzzle
progress, studies). Such text can be anything: an old version, a hand edit, a megabyte meant to
freeze the page, brackets nested thousands deep. json.loads recurses once per bracket, and deep
nesting exhausts the stack: a RecursionError in CPython, a stack overflow that kills Pyodide, and
with it the engine, for good. So every reader here first bounds the text's length, then its
nesting (in time linear in the text), and only then parses it, refusing a key given twice and
the non-JSON constants NaN and Infinity. What the value means (its types, ranges and legality)
is its reader's to check (saves.load, review_session.read_text, puzzle_session.read_progress);
a request's time (`seconds`, `budget`) has one reader for every op, seconds_of."""
import functools
import json
import math
import re

from spielkiste.errors import SpielkisteError

MAX_DEPTH = 16                 # nesting of stored or linked text: more than any of ours holds, far from a stack's end
REQUEST_DEPTH = 32             # nesting of a request of the page (a stored text inside it is a string)
QUOTE_OR_BRACKET = bytes.maketrans(b"{}", b"[]")
NOT_QUOTE_OR_BRACKET = bytes(b for b in range(256) if b not in b'"[]{}')


@functools.lru_cache
def nesting(depth: int) -> re.Pattern[bytes]:
    """JSON's strings and brackets, reduced to '"', '[', ']' and 'x' (a run of empty pairs), nested
    at most `depth` deep; every repeat possessive, so the match never backtracks: linear time."""
    pattern = rb'(?:"[^"]*+")*+'
    for _ in range(depth):
        pattern = rb'(?:"[^"]*+"|x++|\[' + pattern + rb"\])*+"
    return re.compile(pattern)


def too_deep(text: str, depth: int) -> bool:
    """Whether JSON text's brackets outside strings nest deeper than `depth`, or do not pair up
    (or a string is not closed), as in no JSON text that deep or shallower. Linear in the text (a
    megabyte in milliseconds): the text is cut down to its quotes and brackets by byte
    operations, then matched once."""
    data = text.encode("utf-8", "surrogatepass")     # no byte of a multi-byte character is a quote or bracket
    if b"\\" in data:              # escapes (inside strings; outside one the JSON fails there anyway)
        data = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    # empty pairs become one 'x' each, then two quotes in a row go: either an empty string or one
    # string's end and the next one's start, so every remaining bracket keeps its side of the quotes
    left = data.translate(QUOTE_OR_BRACKET, NOT_QUOTE_OR_BRACKET).replace(b"[]", b"x").replace(b'""', b"")
    return nesting(depth).fullmatch(left) is None


def read_json(text: object, limit: int, depth: int = MAX_DEPTH, key: str = "err.saved"):
    """The JSON value of `text`: a str no longer than `limit`, nested at most `depth` deep, with
    no key twice and no NaN or infinite number; SpielkisteError(key) for anything else."""
    if not isinstance(text, str) or len(text) > limit or too_deep(text, depth):
        raise SpielkisteError(key)
    try:
        return json.loads(text, object_pairs_hook=unique_keys, parse_constant=no_constant, parse_float=finite)
    except ValueError:        # also JSONDecodeError, numbers past int()'s digit limit, repeated keys
        raise SpielkisteError(key) from None


def unique_keys(pairs: list) -> dict:
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ValueError("a key appears twice")
    return dict(pairs)


def no_constant(name: str) -> float:
    """NaN, Infinity and -Infinity, which Python's json reads and no JSON text holds, are refused:
    a NaN slips through range checks written as `not lo <= x <= hi`'s opposite, or min/max."""
    raise ValueError(f"{name} is not JSON")


def finite(text: str) -> float:
    """A JSON number with a fraction or exponent; one past float's range (1e999) is refused, not
    read as infinity."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:20]} is out of range")
    return value


def seconds_of(m: dict, default: float, most: float, least: float = 0.001, key: str = "seconds") -> float:
    """A request's time in seconds (`key`: "seconds", or an analysis' "budget"), the same for every op:
    `default` when absent, an error for anything but a finite number, else cut to [least, most]: one
    request asking for 1e308 seconds of search would freeze the engine for good (a budget of 0: no
    search, "Move now" before its first slice)."""
    value = m.get(key)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"{key}: not a number")
    return min(most, max(least, float(value)))
