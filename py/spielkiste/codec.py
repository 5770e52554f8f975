"""Helpers for position codes: URL-safe text that round-trips a whole position.

A code is '<version>:<body>'. Bodies are built from fields joined by ';' and boards written
row by row like FEN: a character per piece, a number for a run of empty squares, '/' between
rows. Every character of a code is in SAFE, so it can stand in a link unescaped."""
import re
from collections.abc import Sequence

from .errors import BadPosition
from .texts import msg

SAFE = re.compile(r"^[A-Za-z0-9._~,:;/!*-]*$")
NUMBER = re.compile(r"[0-9]{1,18}")
MAX_CODE = 4096          # far above any real position; longer input is refused before it is read


def as_int(text: str) -> int | None:
    """A plain decimal number (ASCII digits, at most 18), else None. str.isdigit() also accepts
    '²' and other scripts' digits, which int() refuses or reads; int() refuses 4300 digits and
    more, and a run of a billion empty squares would exhaust memory."""
    return int(text) if NUMBER.fullmatch(text) else None


# control characters and marks that change the direction or visibility of text around them
HIDDEN = re.compile("[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")


def clip(text: str, size: int = 40) -> str:
    """Input quoted in a message: at most `size` characters, each control character or direction
    mark shown as U+FFFD, so quoted text from a link can neither hide nor reorder the app's own words,
    nor read as something it is not ("43\x00" quoted as "43" made "no puzzle 43" false)."""
    text = HIDDEN.sub("\ufffd", text)
    return text if len(text) <= size else text[:size] + "…"


def grid_encode(cells: Sequence[str], width: int) -> str:
    """A flat list of one-character cells ('.' empty) to 'rows/with/runs'."""
    rows = []
    for r in range(len(cells) // width):
        out, run = [], 0
        for ch in cells[r * width:(r + 1) * width]:
            if ch == ".":
                run += 1
                continue
            if run:
                out.append(str(run))
                run = 0
            out.append(ch)
        if run:
            out.append(str(run))
        rows.append("".join(out))
    return "/".join(rows)


def grid_decode(text: str, width: int, height: int, alphabet: str) -> list[str]:
    """Inverse of grid_encode; raises BadPosition on any mismatch."""
    rows = text.split("/")
    if len(rows) != height:
        raise BadPosition("err.position", why=msg("pos.rows", expected=height, found=len(rows)))
    cells: list[str] = []
    for row in rows:
        out: list[str] = []
        for m in re.finditer(r"[0-9]+|.", row):
            tok = m.group()
            if "0" <= tok[0] <= "9":
                run = as_int(tok)
                if not run or run > width - len(out):
                    raise BadPosition("err.position", why=msg("pos.run", run=clip(tok), expected=width))
                out.extend("." * run)
            elif tok in alphabet:
                out.append(tok)
            else:
                raise BadPosition("err.position", why=msg("pos.piece", piece=tok))
        if len(out) != width:
            raise BadPosition("err.position", why=msg("pos.row", found=len(out), expected=width))
        cells.extend(out)
    return cells


def split_fields(body: str, count: int) -> list[str]:
    fields = body.split(";")
    if len(fields) != count:
        raise BadPosition("err.position", why=msg("pos.fields", expected=count, found=len(fields)))
    return fields


def parse_int(text: str, lo: int, hi: int, what: str) -> int:
    """A field that must be a number from lo to hi; `what` is the text key naming the field."""
    value = as_int(text)
    if value is None or not lo <= value <= hi:
        raise BadPosition("err.position", why=msg("pos.number", what="@" + what, lo=lo, hi=hi))
    return value
