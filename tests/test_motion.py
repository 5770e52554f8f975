"""A move drawn as it happens (issue 34), in CPython: the worker's answer to a move carries the
move's motion in the board's SVG (motion.py reads it off the positions before and after, svg.py
draws it, board.css plays it). Captures and removals fade out where they stood, a jump hops through
every square of its line, Ziggurats' block lands on its stack, Das Tor's piece enters through its
gate; a move replayed from the move list animates the same way; reduced motion keeps all still; and
boot.js still accepts every such board from its cache. The browser side: tests/e2e/test_feel.py."""
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from test_storage_checks import board_lists

from spielkiste_web.session import Session

ROOT = Path(__file__).resolve().parent.parent
NS = "{http://www.w3.org/2000/svg}"
WELTREICH = "weltreich?m=A1-K1,J10-J5,C1-C8,J11-A11,K1-K7,L12-L1"      # Blue's K7 takes Red's commander on K11
ZIGGURATS = ("ziggurats?m=fA5,fE5,fB3,fA1,C3,C4,E6,D5,E4,D6,B5,D5-D6,E3,B6,E2,F3,C2,A2,E2-E3,A4,C2-C3")
TOR = ("tor?m=C12-E12,L1-L6,E12-D12,L6-K6,A10-A7,J1-D1,A12-C12,L3-L12,C12-C8,L12-B12,D12-C12,B12-I12,A7-J7,"
       "K6-I6,C8-C7,I6-C6,C12-K12,C6-C8,J7-H7,D1-D10,C7-K7,C8-C10,K12-L12,C10-C3,L12-L6,D10-D12,H7-B7,C3-I3,"
       "L6-C6,I3-I8,K7-J7,I8-I3,J7-A7,I12-F12,B7-B6,D12-L12,C6-E6,I3-G3,E6-E10,L12-J12,A7-A4,F12-F7,B6-H6,"
       "J12-C12,H6-H12,F7-E7,A4-A5,C12-A12")                              # A12 opened the gate of B11
SNORKELS = ("snorkels?m=D4,G7,G4,C1,D3,B6,A6,B5,A4,D6,F4,F7,A3,B7,C2,C4,D2,A2,D5,G6,F2,C5,F6,E7,G5,F1,C3,E1,D1,"
            "B4,E6,D7,B2,E5,E3,B3,F5,A7,E2,C6")                          # A5 captures a group


def played(link, move):
    """The answer to `move` played in the game of `link`, and the session."""
    s = Session("en")
    a = s.handle({"op": "open", "link": link})
    assert "error" not in a, a
    b = s.handle({"op": "play", "move": move, "ply": a["ply"]})
    assert "error" not in b, b
    return b, s


def pieces(markup):
    """Every drawn piece group: (classes, where it stands (x, y), its hop groups [(dx, dy, i)] outermost first)."""
    out = []
    for g in ET.fromstring(markup).iter(NS + "g"):
        cls = g.get("class", "").split()
        if "piece" not in cls:
            continue
        x, y = map(float, re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", g.get("transform")).groups())
        hops = []
        for h in g.iter(NS + "g"):
            if "hop" in h.get("class", "").split() or "slide" in h.get("class", "").split():
                v = dict(kv.split(":") for kv in h.get("style").split(";"))
                hops.append((float(v["--dx"][:-2]), float(v["--dy"][:-2]), int(v.get("--i", 0))))
        out.append((cls, (x, y), hops))
    return out


def moving(markup):
    found = [p for p in pieces(markup) if p[2]]
    assert len(found) == 1, found
    return found[0]


def at(path_hops, t):
    """Where the moved piece stands, relative to its square, once `t` hops have run: the offsets of
    the hops still to come (each hop runs in its own turn, --i)."""
    return (sum(dx for dx, _, i in path_hops if i >= t), sum(dy for _, dy, i in path_hops if i >= t))


def centre(cell):
    """The centre of a square of the 12x12 box board (columns A-L, rows 1-12 from the top)."""
    return "ABCDEFGHIJKL".index(cell[0]) + .5, int(cell[1:]) - .5


def test_a_weltreich_capture_fades_the_captured_commander_where_it_stood():
    a, _ = played(WELTREICH, "K7xK11")
    ghosts = [p for p in pieces(a["svg"]) if "ghost" in p[0]]
    assert [(p[0], p[1]) for p in ghosts] == [(["piece", "ghost", "shape-cylinder", "c-red"], centre("K11"))]
    assert 'class="piece ghost shape-cylinder c-red" aria-hidden="true"' in a["svg"]
    cls, where, hops = moving(a["svg"])
    assert where == centre("K11") and "c-blue" in cls
    # the captor jumps the pieces between (K8-K10 hold some) square by square, and is drawn over the ghost
    assert [at(hops, t) for t in range(5)] == [(0, -4), (0, -3), (0, -2), (0, -1), (0, 0)]
    assert a["svg"].index("ghost") < a["svg"].index('data-piece="K11.0"')
    # the next answer (no move) draws no ghost, no motion
    assert "ghost" not in Session.handle(_, {"op": "snapshot"})["svg"]


def test_a_two_hop_jump_passes_its_middle_square_and_the_jumped_piece_fades_as_it_passes():
    a, _ = played("solitaire?v=1", "D5-D3")                # over D4
    cls, where, hops = moving(a["svg"])
    assert where == centre("D3") and len(hops) == 2
    # before its hops, after the first (over the middle square D4), after both
    assert [(where[0] + at(hops, t)[0], where[1] + at(hops, t)[1]) for t in range(3)] == [
        centre("D5"), centre("D4"), centre("D3")]
    assert '<g class="lift" style="--n:2;' in a["svg"]          # lifted once per hop
    s = Session("en")                                       # on a turned board the hops turn with it
    s.handle({"op": "open", "link": "solitaire?v=1"})
    s.handle({"op": "set", "rotation": 90})
    turned = s.handle({"op": "play", "move": "D5-D3", "ply": 0})["svg"]
    assert [(dx, dy) for dx, dy, _ in moving(turned)[2]] == [(-1, 0), (-1, 0)]
    ghost = re.search(r'<g class="piece ghost shape-triangle c-red" aria-hidden="true" style="--d:([\d.]+)s" '
                      r'transform="translate\(3.5 3.5\)', a["svg"])
    assert ghost and 0 < float(ghost.group(1)) < 0.16       # D4 fades while the first hop passes over it
    # a longer jump: every jumped piece fades in its own turn, the nearest to the start (E7) first
    c, _ = played("solitaire", "E8-E3")
    delays = {float(y): float(d) for d, y in re.findall(r'ghost[^"]*" aria-hidden="true" style="--d:([\d.]+)s" '
                                                        r'transform="translate\(4.5 ([\d.]+)\)', c["svg"])}
    assert sorted(delays) == [3.5, 4.5, 5.5, 6.5] and sorted(delays, key=delays.get) == [6.5, 5.5, 4.5, 3.5]


def test_a_plain_move_glides_a_placement_fades_in_and_sprung_hops_over_its_row():
    a, _ = played("weltreich", "D1-D2")
    assert "ghost" not in a["svg"] and '<g class="slide" style="--dx:0px;--dy:-1px">' in a["svg"]
    b, _ = played("snorkels", "D4")
    assert 'class="piece shape-disc c-purple fresh"' in b["svg"] and "hop" not in b["svg"]
    c, _ = played("sprung", "A6-D6")                        # over its own B6 and C6: nothing removed
    assert "ghost" not in c["svg"] and len(moving(c["svg"])[2]) == 3


def test_ziggurats_block_drops_onto_its_stack_and_tor_piece_enters_through_its_gate():
    a, _ = played(ZIGGURATS, "D6-E6")                   # the top block of D6 onto E6's block
    cls, (x, y), hops = moving(a["svg"])
    assert "raised" in cls and len(hops) == 2 and 'class="hop drop"' in a["svg"]
    # it leaves from D6's top (lifted as a block on one), rises above E6 and drops onto it
    assert at(hops, 0) == (-1, 0) and at(hops, 1) == (0, -.45)
    b, _ = played(TOR, "B11T")
    cls, where, hops = moving(b["svg"])
    assert where == centre("B11") and "fresh" in cls
    assert (where[0] + hops[0][0], where[1] + hops[0][1]) == centre("A12")   # from the square that opened the gate


def test_snorkels_captured_group_dims_only_in_the_capturing_answer():
    a, s = played(SNORKELS, "A5")
    assert a["over"] and re.search(r'class="piece shape-\w+ c-\w+ taking"', a["svg"])
    assert "taking" not in s.handle({"op": "snapshot"})["svg"]


def test_a_move_replayed_from_the_move_list_animates_as_played_and_a_jump_back_does_not():
    a, s = played("solitaire?v=1", "D5-D3")
    s.handle({"op": "goto", "ply": 0})
    assert s.handle({"op": "goto", "ply": 1})["svg"] == a["svg"]          # one step forward: the same motion
    s.handle({"op": "play", "move": "F4-D4", "ply": 1})
    s.handle({"op": "goto", "ply": 0})
    two = s.handle({"op": "goto", "ply": 2})["svg"]                         # two steps at once: no motion
    assert "ghost" not in two and "hop" not in two and "slide" not in two
    assert "ghost" not in s.handle({"op": "goto", "ply": 1})["svg"]        # a step back: none either


def test_reduced_motion_stills_every_animation_the_board_css_has():
    css = (ROOT / "assets" / "board.css").read_text()
    animated = set(re.findall(r"svg\.board (\.[\w.-]+) \{[^}]*animation:", css))
    still = css[css.index("@media (prefers-reduced-motion: reduce)"):]
    still = still[:still.index("\n}\n")]
    assert animated >= {".fresh", ".slide", ".hop", ".lift", ".ghost", ".taking"}
    for cls in animated:
        assert f"svg.board {cls}" in still, cls
    assert re.search(r"svg\.board \.ghost \{ display: none; \}", still)    # a ghost that never fades is hidden


def test_boot_js_accepts_the_boards_with_motion():
    """A board with a motion is cached by the page like any other (boot.js paints it at the next start)."""
    tags, attrs, values = board_lists()
    boards = [played(WELTREICH, "K7xK11")[0], played("solitaire", "E8-E3")[0], played(ZIGGURATS, "D6-E6")[0],
              played(TOR, "B11T")[0], played(SNORKELS, "A5")[0]]
    for markup in (b["svg"] for b in boards):
        for e in ET.fromstring(markup).iter():
            assert e.tag[len(NS):] in tags
            for name, value in e.attrib.items():
                assert name in attrs or (name in values and values[name].fullmatch(value)), (e.tag, name, value)
