"""The browser side's pure modules under CPython: links, saved games, the SVG renderer and the
click-to-move matcher."""
import json
import time

import pytest
from hypothesis import given, strategies as st

from helpers import play
from spielkiste.errors import BadLink, IllegalMove, SpielkisteError
from spielkiste.inputs import Clicks
from spielkiste.record import Record
from spielkiste.registry import get_game
from spielkiste.texts import msg
from spielkiste.view import Cell, Piece, View
from spielkiste_web import links, outside, saves, svg

Snorkels = get_game("snorkels")


def test_link_round_trip_with_options_moves_and_cursor():
    rec = Record.new(Snorkels, {"stones": "2", "seed": "18"})
    for m in ["D4", "swap", "C3", "E5"]:
        rec.play_text(m)
    rec.goto(2)
    frag = links.to_fragment(rec)
    assert frag == "snorkels?stones=2&seed=18&m=D4,swap,C3,E5&at=2"
    again = links.from_fragment("#" + frag)
    assert again.moves == rec.moves and again.cursor == 2
    assert again.current.encode() == rec.current.encode()
    assert links.to_fragment(Record.new(Snorkels)) == "snorkels"


def test_position_links_start_from_the_code():
    s = play("snorkels", "D4 E4")
    rec = links.from_fragment(links.position_link(s) + "&m=C3")
    assert rec.custom_start and rec.moves == ["C3"]
    assert links.to_fragment(rec) == links.position_link(s) + "&m=C3"


@pytest.mark.parametrize("frag,why", [
    ("nosuch", "names no game"),
    ("snorkels?m=D4,D4", "move 2"),
    ("snorkels?m=D4&m=E4", "twice"),
    ("snorkels?v=9", "version"),
    ("snorkels?stones=7", "stones"),
    ("snorkels?colour=red", "no option"),
    ("snorkels?p=1::7/7/7/7/7/7/7;0;0;0;&pie=0", "inside the position"),
    ("snorkels?p=<script>", "characters"),
    ("snorkels?p=1::garbage", "position"),
    ("snorkels?m=D4&at=5", "at"),
    pytest.param("snorkels?" + "m=" + ",".join(["D4"] * 8000), "too long", id="too-long"),
    ("snorkels?m=%3Cimg%20src=x%3E", "not allowed"),
    # digits of other scripts pass str.isdigit(): int() refused '²' and read '٣'
    ("snorkels?m=D4&at=²", "'at'"), ("snorkels?m=D4&at=١", "'at'"), ("snorkels?m=D4&at=１", "'at'"),
    ("snorkels?seed=²", "seed"), ("snorkels?stones=٣", "stones"), ("sprung?players=³", "players"),
    ("snorkels?p=1::7/7/7/7/7/7/7;²;0;0;", "characters"),
    # numbers past int()'s 4300-digit limit, and index-sized or huge runs of empty squares
    ("snorkels?m=D4&at=" + "9" * 5000, "'at'"), ("snorkels?seed=" + "9" * 5000, "seed"),
    ("sprung?players=" + "9" * 5000, "players"),
    ("snorkels?p=1::7/7/7/7/7/7/" + "9" * 5000 + ";0;0;0;", "longer than any"),
    ("snorkels?p=1::7/7/7/7/7/7/" + "9" * 1000 + ";0;0;0;", "empty squares"),
    ("snorkels?p=1::7/7/7/7/7/7/9223372036854775808;0;0;0;", "empty squares"),
    ("snorkels?p=1::7/7/7/7/7/7/4294967296;0;0;0;", "empty squares"),
    ("snorkels?p=1:stones.1,stones.2:7/7/7/7/7/7/7;0;0;0;", "twice"),
], ids=lambda v: v[:40] if len(v) > 40 else None)
def test_bad_links_raise_readable_errors(frag, why):
    with pytest.raises((BadLink, IllegalMove)) as e:
        links.from_fragment(frag)
    assert why in str(e.value) or why in e.value.message("en")
    assert e.value.message("de") != e.value.message("en")
    assert len(e.value.message("en")) < 300, "a message quotes hostile input at length"


def test_quoted_input_is_shown_as_typed():
    """An argument starting with '@' names a text key; input that happens to start with '@' is
    quoted as it is (it once rendered as the empty key)."""
    for frag, shown in [("snorkels?v=@", "version @ is"), ("snorkels?m=D4&v=@nosuch", "version @nosuch is")]:
        with pytest.raises(BadLink) as e:
            links.from_fragment(frag)
        assert shown in e.value.message("en") and "@" in e.value.message("de")


@pytest.mark.parametrize("frag", [
    "snorkels?m=" + "D4," * 350_000, "#" * (1 << 20), "snorkels?p=" + "9" * (1 << 20),
    "snorkels?at=" + "9" * (1 << 20), "snorkels?" + "&" * (1 << 20), "snorkels?" + "a=1&" * 262_144,
], ids=["moves", "hashes", "code", "at", "ampersands", "keys"])
def test_a_megabyte_link_is_refused_at_once(frag):
    """A hostile link must not freeze the page: reading 1 MB takes under 50 ms."""
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        with pytest.raises(BadLink):
            links.from_fragment(frag)
        best = min(best, time.perf_counter() - t0)
    assert best < 0.05, f"{best * 1000:.0f} ms"


LEVELS = {1: 0.3, 2: 1.0, 3: 3.0, 4: 8.0}
GOOD_SAVE = {"v": 1, "link": "snorkels?m=D4,E5", "seats": ["human", "computer"], "level": 3, "rotation": 180}
JSON_VALUES = [None, True, False, 0, 1, 2, -1, 1.5, 10**30, "", "x", "human", [], [1], ["human"], {}, {"a": 1}]
FIELD_OK = {"v": lambda x: x == 1 and x is not True,
            "link": lambda x: x in ("snorkels", "snorkels?m=D4,E5"),
            "seats": lambda x: x in (["human", "computer"], ["computer", "human"], ["human", "human"]),
            "level": lambda x: x in (1, 2, 3, 4) and type(x) is int,
            "rotation": lambda x: x in (0, 90, 180, 270) and type(x) is int}


def unrestorable(text) -> SpielkisteError:
    with pytest.raises(SpielkisteError, match="could not be restored") as e:
        saves.load(text, LEVELS)
    assert "wiederhergestellt" in e.value.message("de")
    return e.value


def test_saves_round_trip():
    rec = links.from_fragment("snorkels?m=D4,E5")
    text = saves.dump(rec, ["human", "computer"], 3, 180)
    back, seats, level, rot = saves.load(text, LEVELS)
    assert back.moves == ["D4", "E5"] and seats == ["human", "computer"] and level == 3 and rot == 180
    assert json.loads(text) == GOOD_SAVE


@pytest.mark.parametrize("field", sorted(GOOD_SAVE))
def test_saves_refuse_every_wrong_value_of_every_field(field):
    """A level that is a list once raised TypeError (unhashable) and bricked the page; now every
    field is checked by type and range, and the error names it."""
    wrong = [v for v in JSON_VALUES + [GOOD_SAVE[field], [GOOD_SAVE[field]], {field: GOOD_SAVE[field]}]
             if not FIELD_OK[field](v)]
    wrong += {"v": [2, 1.0], "link": ["nosuch", "snorkels?m=Q9", "snorkels?at=²", "snorkels?m=D4&m=E4"],
              "seats": [["human"], ["alien", "x"], ["human", "computer", "human"], [["human"], "human"]],
              "level": [99, 0, 1.0, "1"], "rotation": [45, 360, -90, 90.0, "90"]}[field]
    for value in wrong:
        e = unrestorable(json.dumps({**GOOD_SAVE, field: value}))
        assert e.key == "err.saved_field" and e.params == {"field": field}, value


@pytest.mark.parametrize("text", [
    "", "{", "[]", "null", "1", '"snorkels"', "{}",
    json.dumps({k: v for k, v in GOOD_SAVE.items() if k != "rotation"}),
    json.dumps({**GOOD_SAVE, "extra": 1}),
    json.dumps(GOOD_SAVE)[:-1] + ', "level": 2}',                    # a key twice
    json.dumps(GOOD_SAVE).replace("180", "1" + "0" * 5000),         # past int()'s digit limit
    json.dumps(GOOD_SAVE).replace("180", "NaN"),
    "[" * 100_000 + "]" * 100_000,                                  # RecursionError in json.loads
    '{"a":' * 50_000 + "1" + "}" * 50_000,
    json.dumps({**GOOD_SAVE, "link": "snorkels?m=" + ",".join(["D4"] * 20_000)}),
], ids=lambda t: t[:30])
def test_saves_refuse_garbled_text(text):
    unrestorable(text)


def test_saves_refuse_what_is_not_text():
    for value in (None, b"{}", 1, ["snorkels"]):
        unrestorable(value)


def test_studies_are_read_defensively():
    """Saved positions come back as written, brackets in a name included; anything else in
    their storage slot counts as none, deep nesting refused before json.loads (which it kills
    in the browser)."""
    good = [["[Study] {1}", "1:-:abc"], ["zwei", "1:-:def"]]
    assert saves.studies(json.dumps(good)) == good
    assert saves.studies(json.dumps([["a", "b"], ["c", 1]])) == [["a", "b"]]     # a code that is no text
    assert saves.studies(json.dumps([["[" * 5000, "x"]])) == [["[" * 5000, "x"]]
    for text in (None, "", "{", "{}", '"x"', "[1]", '[["a"]]', '[["a", "b", "c"]]',
                 "[" * 100_000 + "]" * 100_000, '[["a", ' + "[" * 50_000 + "]" * 50_000 + "]]"):
        assert saves.studies(text) == [], text[:30] if text else text


def test_nesting_is_measured_outside_strings():
    assert not outside.too_deep('{"a": ["[[[", "\\\\"], "b": "{{"}', 2)    # an escaped backslash ends its string
    assert outside.too_deep('{"a": [["x"]]}', 2) and not outside.too_deep('{"a": [["x"]]}', 3)
    assert outside.too_deep('"unclosed [[[', 2)      # not JSON: refused either way


def test_renderer_addresses_every_square_and_escapes_text():
    v = View(2, 1, cells=[Cell("A1", 0, 0, label=msg("cell.empty", cell='<img src=x onerror="alert(1)">')),
                          Cell("B1", 1, 0)],
             pieces=[Piece("A1", "disc", "purple"), Piece("B1", "block", "red", level=0),
                     Piece("B1", "block", "blue", level=1)])
    out = svg.render(v, "en", targets={"B1"}, title="Test & <board>")
    assert out.count("data-cell=") == 2 and out.count("data-piece=") == 3
    assert "<img" not in out and "&lt;img" in out and "Test &amp; &lt;board&gt;" in out
    assert 'aria-label="A1: Purple piece' in out
    assert "stack from bottom to top: Red block; Blue block" in out
    assert 'class="cell fill-plain target"' in out
    de = svg.render(v, "de")
    assert "Stapel von unten nach oben" in de


def test_renderer_reads_out_square_colour_and_symbol():
    v = View(1, 1, cells=[Cell("A1", 0, 0, fill="red", mark="rook")])
    assert 'aria-label="A1, empty (red square, attacks like a rook)"' in svg.render(v)
    assert "(rotes Feld, greift wie ein Turm an)" in svg.render(v, "de")


def test_renderer_slides_the_moved_piece_in_the_turned_frame():
    v = View(3, 1, cells=[Cell(c, i, 0) for i, c in enumerate("ABC")], pieces=[Piece("C", "disc", "red")])
    assert "--dx:-2px;--dy:0px" in svg.render(v, slide=("A", "C"))
    assert "--dx:2px;--dy:0px" in svg.render(v, slide=("A", "C"), rotation=180)
    assert "--dx:0px;--dy:-2px" in svg.render(v, slide=("A", "C"), rotation=90)


def test_clicks_place_swap_and_select_then_move():
    s = play("snorkels", "D4")
    c = Clicks(s)
    assert [k for k, m in c.buttons()] == ["snorkels.swap"]
    assert "D4" not in c.targets() and "A1" in c.targets()
    assert c.click("D4") == ("none", ())
    kind, move = c.click("A1")
    assert kind == "move" and s.move_text(move) == "A1"


def test_clicks_two_step_moves_reselect_and_cancel():
    for gid in ("weltreich", "tor", "blockade", "ziggurats", "sprung", "solitaire", "aufstellen"):
        try:
            cls = get_game(gid)
        except SpielkisteError:
            continue
        s = cls.new()
        two = [m for m in s.legal_moves() if len(s.move_input(m)[0]) == 2]
        if not two:
            continue
        m = two[0]
        (a, b), _ = s.move_input(m)
        c = Clicks(s)
        assert c.click(a)[0] == "select" and b in c.targets()
        other = next((p[0] for p, _, _ in c.entries if len(p) == 2 and p[0] != a), None)
        if other:
            assert c.click(other) == ("select", (other,))       # clicking another piece reselects
            c.reset()
            c.click(a)
        kind, got = c.click(b)
        if kind == "choose":
            assert m in [mm for _, mm in got]
        else:
            assert kind == "move" and got == m
        return
    pytest.skip("no movement game registered")


# The page's start does without urllib.parse and html (their import costs Pyodide's start-up):
# links.query_pairs and svg.escape must read and write exactly as the library functions they replace.
QUERY_TEXT = st.text(st.sampled_from("ab=&+%2F3e9c\u00e4 \u20ac#?,:"), max_size=30)


@given(QUERY_TEXT)
def test_query_pairs_reads_a_fragment_as_parse_qsl_does(query):
    from urllib.parse import parse_qsl
    try:
        expected = parse_qsl(query, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        with pytest.raises(ValueError):
            links.query_pairs(query)
        return
    assert links.query_pairs(query) == expected


def test_query_pairs_decodes_escapes_as_utf8_and_keeps_broken_ones():
    assert links.query_pairs("n=%C3%A4+b&x=%zz&y=%E2%82") == [("n", "ä b"), ("x", "%zz"), ("y", "\ufffd")]
    with pytest.raises(ValueError):
        links.query_pairs("m=D4&&at=1")


@given(st.text(max_size=40))
def test_svg_escape_is_html_escape(text):
    import html
    assert svg.escape(text) == html.escape(text)


def test_a_save_keeps_the_aids_switched_on_and_refuses_bad_ones():
    """The aids on are kept in the save (a reload lost the threat warning a beginner had): written only
    when any is on, read back as a short list of short names, anything else refused like any field."""
    rec = links.from_fragment("snorkels?m=D4,E5")
    assert "aids" not in json.loads(saves.dump(rec, ["human", "computer"], 3, 0))
    text = saves.dump(rec, ["human", "computer"], 3, 0, {"threat"})
    rec, _, _, _, aids = saves.read(text, LEVELS)
    assert rec.moves == ["D4", "E5"] and aids == ["threat"] and saves.load(text, LEVELS)[0].moves == rec.moves
    for bad in (None, "threat", [1], [""], ["x" * 100], ["a"] * 50, {"threat": True}):
        e = unrestorable(json.dumps({**GOOD_SAVE, "aids": bad}))
        assert e.key == "err.saved_field" and e.params == {"field": "aids"}, bad
