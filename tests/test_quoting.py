"""Text from a link quoted in a message (codec.clip): bounded, and with no character that could
reorder or hide the app's own words around it (issue 37, finding 8)."""
import pytest

from spielkiste.codec import clip
from spielkiste.errors import BadLink
from spielkiste_web import links

RLO, PDF, RLI, PDI, LRM, ZWSP = "\u202e", "\u202c", "\u2067", "\u2069", "\u200e", "\u200b"


@pytest.mark.parametrize("hostile", [f"{RLO}kcah{PDF}", f"{RLI}x{PDI}", f"a{LRM}b{ZWSP}c", "a\nb\tc\x1b[31m"])
def test_direction_and_control_characters_are_dropped_from_quotes(hostile):
    quoted = clip(hostile)
    assert not any(ch in quoted for ch in (RLO, PDF, RLI, PDI, LRM, ZWSP, "\n", "\t", "\x1b"))
    assert quoted.strip() and all(ch.isprintable() for ch in quoted)


def test_a_dropped_character_is_shown_so_the_quote_is_not_another_value():
    """A puzzle link's "43" with a NUL or a right-to-left mark after it is not puzzle 43 (which exists):
    the message must not say "has no puzzle 43" (a probe found it did)."""
    from spielkiste_web.session import Session
    assert clip("43\x00") == "43\ufffd" and clip("\u202e43") == "\ufffd43"
    for link in ("snorkels?puzzle=43%00", "snorkels?puzzle=%E2%80%AE43"):
        s = Session("en")
        s.handle({"op": "open", "link": "snorkels"})
        got = s.handle({"op": "puzzle_open", "game": "snorkels", "puzzle": link.split("=")[1]})
        assert "error" in got and "puzzle 43." not in got["error"] and "\ufffd" in got["error"], got


def test_a_quote_is_at_most_forty_characters_and_says_it_was_cut():
    assert clip("x" * 40) == "x" * 40
    assert clip("x" * 41) == "x" * 40 + "…"


def test_a_link_with_a_right_to_left_override_cannot_turn_the_message_around():
    with pytest.raises(BadLink) as e:
        links.from_fragment(f"snorkels?v={RLO}{'ti ta ecneics roF'}")
    text = e.value.message("en")
    assert RLO not in text and "ti ta ecneics roF" in text
