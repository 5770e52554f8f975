"""Square names: column letters from the left (A...), row numbers from the top (1...).

The rules pages use this convention for every board (E11 = column E, row 11)."""
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def name(col: int, row: int) -> str:
    """0-based (col, row) to a square name: (4, 10) -> 'E11'."""
    return f"{LETTERS[col]}{row + 1}"


def names(width: int, height: int) -> list[str]:
    """Every square name of a width x height board, row by row from the top; index = row*width+col."""
    return [name(c, r) for r in range(height) for c in range(width)]
