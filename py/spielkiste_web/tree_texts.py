"""Text keys of the tree room (English, German), added to the one table in spielkiste.texts; the
`ui.tree.*` keys also reach the page (page_data.py)."""
from spielkiste.texts import add

add({
})
