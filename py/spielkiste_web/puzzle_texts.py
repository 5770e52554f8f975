"""Text keys of the puzzle room (English, German), added to the one table in spielkiste.texts; the
`ui.puzzle.*` keys also reach the page (page_data.py)."""
from spielkiste.texts import add

add({
})
