"""The panel's polish (issue 54): Das Tor's gate piece written as part of the move that opened the
gate, in the move list and the review's numbers."""
from __future__ import annotations

import random
import re

from spielkiste.record import Record
from spielkiste.registry import get_game
from spielkiste_web.session import Session, joined_text, lead_ply, move_numbers, move_rows

# A12 opened the gate of B11 (the same game as tests/test_motion.py's TOR)
TOR = ("tor?m=C12-E12,L1-L6,E12-D12,L6-K6,A10-A7,J1-D1,A12-C12,L3-L12,C12-C8,L12-B12,D12-C12,B12-I12,A7-J7,"
       "K6-I6,C8-C7,I6-C6,C12-K12,C6-C8,J7-H7,D1-D10,C7-K7,C8-C10,K12-L12,C10-C3,L12-L6,D10-D12,H7-B7,C3-I3,"
       "L6-C6,I3-I8,K7-J7,I8-I3,J7-A7,I12-F12,B7-B6,D12-L12,C6-E6,I3-G3,E6-E10,L12-J12,A7-A4,F12-F7,B6-H6,"
       "J12-C12,H6-H12,F7-E7,A4-A5,C12-A12")


def items(snap: dict) -> list[list]:
    return [item for row in snap["moves"] for item in row if item is not None]


def test_a_gates_new_piece_is_part_of_the_move_that_opened_it():
    s = Session("en")
    opened = s.handle({"op": "open", "link": TOR})
    assert items(opened)[-1] == [48, "C12-A12"]              # the movement alone while the choice waits
    for letter, words in (("T", "C12-A12 +T B11"), ("S", "C12-A12 +S B11"), ("N", "C12-A12 +N B11")):
        snap = s.handle({"op": "play", "move": "B11" + letter, "ply": 48})
        assert "error" not in snap, snap
        listed = items(snap)
        assert listed[-1] == [49, words] and all("B11" + letter != item[1] for item in listed)
        assert len(listed) == 48 and snap["moves"][-1] == [[47, "A4-A5"], [49, words]]   # no row of its own
        rec = s.rec
        assert move_numbers(rec)[47] == move_numbers(rec)[48] == "24…"     # the review numbers both plies alike
        assert joined_text(rec, 48) == "C12-A12" and joined_text(rec, 49) == words
        s.handle({"op": "goto", "ply": 48})


def test_every_ply_of_a_long_game_is_listed_once_in_its_move():
    """Second route: the list's texts, split back into plies, give the record's moves in order."""
    s = Session("en")
    s.handle({"op": "open", "link": TOR})
    s.handle({"op": "play", "move": "B11S", "ply": 48})
    rec = s.rec
    again = []
    for row in move_rows(rec):
        for ply in row:
            if ply is None:
                continue
            first = lead_ply(rec, ply)
            words = joined_text(rec, ply).split(" ")
            again.append(words[0])
            for k in range(1, ply - first + 1):           # "+S B11" back to "B11S"
                again.append(words[2 * k] + words[2 * k - 1].lstrip("+"))
    assert again == rec.moves


def test_the_viewed_position_is_named_as_the_move_list_names_its_move():
    """The status line of a position viewed names its move with the list's number (issue 54: one
    numbering), a gate's piece with its move, and says so of the start."""
    s = Session("en")
    s.handle({"op": "open", "link": TOR})
    s.handle({"op": "play", "move": "B11S", "ply": 48})
    for ply in range(0, 49):                       # 49 is the end: nothing viewed
        snap = s.handle({"op": "goto", "ply": ply})
        extra = snap["status_extra"]
        if ply == 0:
            assert extra.startswith("Viewing the start;")
            continue
        listed = [f"{n}{'.' if place == 0 else '…'} {it[1]}" for n, r in enumerate(snap["moves"], 1)
                  for place, it in enumerate(r) if it and it[0] >= ply]
        if ply == 48:              # the gate open, its piece not chosen: the movement alone, as on the board
            listed = [listed[0].split(" +")[0]]
        assert listed and extra.startswith(f"Viewing the position after {listed[0]};"), (ply, extra)
    s3 = Session("de")
    snap = s3.handle({"op": "open", "link": "tor?v=1&players=3&m=A10-A9,A1-A2,J1-J2&at=2"})
    assert snap["status_extra"].startswith("Ansicht nach 2. A1-A2;"), snap["status_extra"]


def ziggurats_games(n: int = 6, seed: int = 5):
    """Positions of random two-seat Ziggurats games, set-up and playing phase alike."""
    import random

    from spielkiste.games.ziggurats import Ziggurats
    rng = random.Random(seed)
    for _ in range(n):
        s = Ziggurats.new({})
        while s.result is None:
            yield s
            s = s.copy()
            s.play(rng.choice(s.legal_moves()))


def test_ziggurats_closed_set_up_squares_carry_the_engines_reason():
    """Every hatched square has a reason, and it is the reason the engine gives for a foundation
    there (second route: the move itself is refused, and every other empty square is legal)."""
    from spielkiste.errors import IllegalMove
    seen = 0
    for s in ziggurats_games():
        closed = s.closed_squares()
        if not s.in_setup():
            assert closed == {}
            continue
        assert set(closed) == set(s.view().layers.get("forbidden", []))
        legal = {s.move_text(m)[1:] for m in s.legal_moves()}
        for cell, (key, _) in closed.items():
            seen += 1
            assert key in ("ziggurats.illegal.touch", "ziggurats.illegal.no_room") and cell not in legal
            try:
                s.parse_move("f" + cell)
                raise AssertionError(cell)
            except IllegalMove:
                pass
        empty = {s.geo.cells[i] for i, st in enumerate(s.board) if not st}
        assert empty - set(closed) == legal
    assert seen > 20


def test_ziggurats_playing_phase_marks_where_a_move_starts_and_says_what_to_do():
    from spielkiste.inputs import Clicks
    from spielkiste.texts import t
    played = 0
    for s in ziggurats_games():
        if s.in_setup():
            continue
        played += 1
        assert set(s.view().layers["due"]) == Clicks(s).starts()         # second route: the click matcher's
        key, args = s.status()
        assert key == ("ziggurats.play" if s.supply[s.to_move] else "ziggurats.play_move")
        assert "lit" in t(key, "en", **args) and "markiert" in t(key, "de", **args)
    assert played > 50


def test_a_tap_on_a_closed_square_has_its_reason_in_the_snapshot_for_a_human_only():
    s = Session("de")
    snap = s.handle({"op": "open", "link": "ziggurats?v=1&m=fA1"})
    assert snap["closed"]["B2"] == "Fundamente dürfen sich nicht berühren, auch nicht diagonal"
    s.handle({"op": "set", "seats": ["computer", "computer"]})
    assert s.handle({"op": "snapshot"})["closed"] == {}


def test_one_name_for_the_players_game_on_every_way_back():
    """'Back to your game' wherever a button leads back to the player's game; closing the rules
    shows the board, which after a rules example is the example's: it says so."""
    from spielkiste.texts import t
    from spielkiste_web import learn_texts, puzzle_texts, tree_texts  # noqa: F401  (their texts)
    for key in ("ui.back_to_game", "ui.learn.back", "ui.puzzle.back", "ui.tree.back", "ui.edit.cancel"):
        assert (t(key, "en"), t(key, "de")) == ("Back to your game", "Zurück zu deiner Partie"), key
    assert (t("ui.back", "en"), t("ui.back", "de")) == ("Back to the board", "Zurück zum Brett")
    assert t("ui.edit.export", "de") == t("ui.mygames_export", "de") == "Alle exportieren …"
    assert (t("ui.sound_on", "de"), t("ui.sound_off", "de")) == ("Ton: an", "Ton: aus")


def test_the_engines_lines_join_a_gates_piece_to_its_move_as_the_list_does():
    """The analysis panel's best lines write Das Tor's gate piece with the movement that opened it, as
    the move list beside them does (a probe saw "B5S A10-A1 B2T" next to "21. I7-I6 +S H5")."""
    from spielkiste_web.session import joined_line
    s = Session("en")
    s.handle({"op": "open", "link": TOR})
    state = s.rec.current                          # the gate B11 open: Green's piece to choose
    assert state.follows_up()
    assert joined_line(state, ["B11S", "A5-A4"]) == ["+S B11", "A5-A4"]
    before = s.rec.states[47]                      # before C12-A12 opened it
    assert joined_line(before, ["C12-A12", "B11T", "A5-A4"]) == ["C12-A12 +T B11", "A5-A4"]
    # the analysis board's lines at the open gate, as the page gets them: no piece written alone
    s.handle({"op": "tree_open", "from": "game"})
    lines = s.handle({"op": "tree_lines", "seconds": 0.1, "budget": 0.1})
    for mv in lines["moves"]:
        words = mv["line"].split(" ")
        assert not any(re.fullmatch(r"[A-L]\d{1,2}[TSN]", w) for w in words), mv["line"]


def test_a_bonus_chain_is_one_move_of_the_turn_that_earned_it():
    """Found by a probe (Schaff den Sprung): a bonus move got a number of its own and stood beside
    the other side's next move ("7. D5-E5 A7-D7"), so a short game reached move 59. A chain is now
    one move of its turn ("2. D5-E5 stop  B7-D7"). Second route: the record's movers, ply by ply:
    every ply of a listed move is its first ply's mover's, the two places of a row are the two
    seats, and the list's words, split back, are the record's moves in order."""
    rng, rec = random.Random(3), Record.new(get_game("sprung"))
    for _ in range(40):
        rec.play(rng.choice(rec.current.legal_moves()))
    rows = move_rows(rec)
    assert [[joined_text(rec, ply) for ply in row] for row in rows[:3]] == [
        ["A5-D5", "C9-D9 D9-E9"], ["D5-E5 stop", "B7-D7"], ["A4-D4 stop", "B8-D8 D8-E8 E8-F8"]]
    again = []
    for n, row in enumerate(rows, 1):
        for place, ply in enumerate(row):
            first = lead_ply(rec, ply)
            movers = {rec.states[i - 1].to_move for i in range(first, ply + 1)}
            assert movers == {place}, (n, joined_text(rec, ply))
            assert {move_numbers(rec)[i - 1] for i in range(first, ply + 1)} == {f"{n}." if place == 0 else f"{n}…"}
            again += joined_text(rec, ply).split(" ")
    assert again == rec.moves[:len(again)] and len(again) == len(rec.moves)
