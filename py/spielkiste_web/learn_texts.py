"""Text keys of the learn room (English, German), added to the one table in spielkiste.texts; the
`ui.learn.*` keys also reach the page (page_data.py)."""
from spielkiste.texts import add

add({
})
