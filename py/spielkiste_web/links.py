"""Links: a whole game (options + moves) or any position, in the URL fragment.

  #snorkels                                   a new game with default options
  #snorkels?stones=2&seed=17&m=D4,swap,C3     options, then the moves played (replayable)
  #snorkels?p=1::...&m=C3                     a custom start position (code), then moves
  &at=2                                       the move being viewed, when not the last

Parsing never trusts the text: every value goes through the engine's own checks, and all
errors become BadLink/IllegalMove with a readable message. A link longer than MAX_LEN is
refused before it is read, so a hostile megabyte cannot freeze the page."""
import re

from spielkiste.codec import SAFE, as_int, clip
from spielkiste.errors import BadLink, SpielkisteError
from spielkiste.record import Record
from spielkiste.registry import GAMES, get_game
from spielkiste.texts import msg

VERSION = "1"
DEFAULT_GAME = "snorkels"      # opened when the address names no game and nothing is kept
RESERVED = {"v", "m", "p", "at"}
MAX_LEN = 20000


PERCENT = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def query_pairs(query: str) -> list[tuple[str, str]]:
    """parse_qsl(query, keep_blank_values=True, strict_parsing=True): '&'-separated name=value
    fields, '+' a space, %XX escapes as UTF-8; ValueError for a field without '='. Written out:
    importing urllib.parse (which imports ipaddress) and html (svg.escape) took 0.05-0.1 s of the
    page's start in Pyodide ("Pyodide booted -> clickable" in tests/bench/page_load.py)."""
    if not query:
        return []
    pairs = []
    for field in query.split("&"):
        name, eq, value = field.partition("=")
        if not eq:
            raise ValueError(f"bad query field: {field!r}")
        pairs.append((unquote(name), unquote(value)))
    return pairs


def unquote(text: str) -> str:
    """A link's value as it reads: '+' a space, each run of %XX escapes as UTF-8, where a bad byte
    is U+FFFD and a '%' not followed by two hex digits stays as it is. Never raises (the page's
    decodeURIComponent throws on '%E0%A4%A', and MicroPython's `try` does not catch that): every
    value of a link the page or the worker reads goes through here."""
    return PERCENT.sub(lambda m: bytes.fromhex(m.group().replace("%", "")).decode("utf-8", "replace"),
                       text.replace("+", " "))


def to_fragment(rec: Record) -> str:
    """The fragment (without '#') that reproduces the record exactly."""
    start = rec.start
    parts = [] if VERSION == "1" else [f"v={VERSION}"]
    if rec.custom_start:
        parts.append("p=" + start.encode())
    else:
        parts += [f"{o.key}={o.format(start.options[o.key])}" for o in start.all_options()
                  if start.options[o.key] != o.default]
    if rec.moves:
        parts.append("m=" + ",".join(rec.moves))
    if not rec.at_end:
        parts.append(f"at={rec.cursor}")
    return start.id + ("?" + "&".join(parts) if parts else "")


def continues(rec: Record, kept: Record) -> bool:
    """Whether `rec` is `kept` or goes on from it: the same start (game, options or position)
    and `kept`'s moves first. Another line from the same start (moves taken back and others
    played) is not: showing it in the kept game's place would drop the kept moves."""
    return (rec.moves[:len(kept.moves)] == kept.moves
            and to_fragment(Record(rec.start, rec.custom_start)) == to_fragment(Record(kept.start, kept.custom_start)))


def game_of(fragment: str) -> str:
    """The game id a fragment names (lower case), or ''."""
    return fragment.lstrip("#").split("?", 1)[0].strip().lower()


def from_fragment(fragment: str) -> Record:
    """The record a fragment describes; BadLink (or IllegalMove for a bad move) otherwise."""
    frag = fragment.lstrip("#")
    if len(frag) > MAX_LEN:
        raise BadLink("err.link", why=msg("link.long"))
    gid, _, query = frag.partition("?")
    gid = gid.strip().lower()
    if gid not in GAMES:
        raise BadLink("err.link", why=msg("link.no_game"))
    game = get_game(gid)
    try:
        pairs = query_pairs(query)
    except ValueError:
        raise BadLink("err.link", why=msg("link.garbled")) from None
    params: dict[str, str] = {}
    for k, v in pairs:
        if k in params:
            raise BadLink("err.link", why=msg("link.twice", name=clip(k)))
        params[k] = v
    if params.get("v", VERSION) != VERSION:
        raise BadLink("err.link", why=msg("link.version", found=clip(params["v"])))
    options = {k: v for k, v in params.items() if k not in RESERVED}
    try:
        if "p" in params:
            if options:
                raise BadLink("err.link", why=msg("link.options_inside"))
            if not SAFE.match(params["p"]):
                raise BadLink("err.link", why=msg("link.code_chars"))
            start, custom = game.decode(params["p"]), True
        else:
            start, custom = game.new(options), False
    except BadLink:
        raise
    except SpielkisteError as e:
        raise BadLink("err.link", why=msg(e.key, **e.params)) from None
    moves = [m for m in params.get("m", "").split(",") if m] if params.get("m") else []
    rec = Record.replay(start, moves, custom)
    if "at" in params:
        at = as_int(params["at"])
        if at is None or at > len(moves):
            raise BadLink("err.link", why=msg("link.at"))
        rec.goto(at)
    return rec


def position_link(state) -> str:
    """A fragment for one position, with no history (rules-page examples, 'share position')."""
    return f"{state.id}?p={state.encode()}"
