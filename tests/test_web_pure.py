"""The browser side's pure modules under CPython: links, saved games, the SVG renderer and the
click-to-move matcher."""
import json

import pytest

from helpers import play
from spielkiste.errors import BadLink, IllegalMove, SpielkisteError
from spielkiste.inputs import Clicks
from spielkiste.record import Record
from spielkiste.registry import get_game
from spielkiste.texts import msg
from spielkiste.view import Cell, Piece, View
from spielkiste_web import links, saves, svg

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
])
def test_bad_links_raise_readable_errors(frag, why):
    with pytest.raises((BadLink, IllegalMove)) as e:
        links.from_fragment(frag)
    assert why in str(e.value) or why in e.value.message("en")
    assert e.value.message("de")


def test_saves_round_trip_and_corruption():
    rec = links.from_fragment("snorkels?m=D4,E5")
    text = saves.dump(rec, ["human", "computer"], 3, 180)
    back, seats, level, rot = saves.load(text, {1: 0, 2: 0, 3: 0, 4: 0})
    assert back.moves == ["D4", "E5"] and seats == ["human", "computer"] and level == 3 and rot == 180
    for bad in ["", "{", "[]", json.dumps({"v": 2, "link": "snorkels"}), json.dumps({"v": 1, "link": "snorkels?m=Q9"})]:
        with pytest.raises(SpielkisteError, match="could not be restored"):
            saves.load(bad, {2: 0})
    odd = json.dumps({"v": 1, "link": "snorkels", "seats": ["alien", "x"], "level": 99, "rotation": 45})
    _, seats, level, rot = saves.load(odd, {1: 0, 2: 0})
    assert seats == ["human", "computer"] and level == 2 and rot == 0


def test_renderer_addresses_every_square_and_escapes_text():
    v = View(2, 1, cells=[Cell("A1", 0, 0, label=msg("cell.empty", cell='<img src=x onerror="alert(1)">')), Cell("B1", 1, 0)],
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
