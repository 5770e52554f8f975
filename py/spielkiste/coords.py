"""Square names: column letters from the left (A...), row numbers from the top (1...).

RULES.md uses this convention for every board (E11 = column E, row 11)."""
from .errors import BadMove

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def name(col: int, row: int) -> str:
    """0-based (col, row) to a square name: (4, 10) -> 'E11'."""
    return f"{LETTERS[col]}{row + 1}"


def parse(text: str, width: int, height: int) -> tuple[int, int]:
    """A square name to 0-based (col, row); raises BadMove when it is not on the board."""
    s = text.strip().upper()
    if len(s) < 2 or s[0] not in LETTERS or not s[1:].isdigit():
        raise BadMove("err.move_syntax", text=text, game="")
    col, row = LETTERS.index(s[0]), int(s[1:]) - 1
    if not (0 <= col < width and 0 <= row < height) or s[1] == "0":
        raise BadMove("err.move_syntax", text=text, game="")
    return col, row


def names(width: int, height: int) -> list[str]:
    """Every square name of a width x height board, row by row from the top; index = row*width+col."""
    return [name(c, r) for r in range(height) for c in range(width)]
