"""Text keys of the review room (English, German), added to the one table in spielkiste.texts; the
`ui.review.*` keys also reach the page (page_data.py)."""
from spielkiste.texts import add

add({
})
