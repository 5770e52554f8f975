"""Take-back and "Play against the computer from here" (issue 54), the worker's side under CPython
with real games: a take-back cuts the moves (the save is the shorter game, not a view of the
longer one), both plies against the computer, one between humans; a shared link's game (every
seat human) gets the computer back in one request."""
import random

from spielkiste.ai.levels import LEVELS
from spielkiste.engine import after
from spielkiste.errors import SpielkisteError
from spielkiste.record import Record
from spielkiste.registry import GAMES
from spielkiste_web import links, saves, threats
from spielkiste_web.session import Session
from test_session import opened


def first_move(s):
    state = s.record.current
    return state.move_text(state.legal_moves()[0])


def play(s, n):
    snap = None
    for _ in range(n):
        snap = s.handle({"op": "play", "move": first_move(s), "ply": s.record.cursor})
        assert "error" not in snap, snap
    return snap


def test_take_back_against_the_computer_cuts_both_plies_to_the_players_turn():
    s, snap = opened("snorkels")                  # a bare link: human against the computer
    assert not snap["can"]["takeback"]            # nothing to take back yet
    assert "error" in s.handle({"op": "takeback"})
    snap = play(s, 4)                             # the player, the computer, the player, the computer
    kept = list(s.record.moves)
    assert snap["human"] and snap["can"]["takeback"]
    snap = s.handle({"op": "takeback"})
    assert snap["ply"] == snap["moves_n"] == 2 and snap["at_end"] and snap["human"] and not snap["computer"]
    assert s.record.moves == kept[:2]
    assert [m[1] for row in snap["moves"] for m in row] == kept[:2]
    rec = saves.load(snap["save"], LEVELS)[0]             # the kept game is the shorter one, not a view
    assert rec.moves == kept[:2] and rec.at_end
    assert "m=" in snap["link"] and kept[2] not in snap["link"].split("m=")[1].split(",")[2:]
    assert "Viewing" not in snap["status_extra"]
    snap = s.handle({"op": "takeback"})           # once more: back to the start
    assert snap["moves_n"] == 0 and snap["human"] and not snap["can"]["takeback"]


def test_take_back_while_the_computer_is_to_move_takes_the_players_move_only():
    s, _ = opened("snorkels")
    snap = play(s, 1)
    assert snap["computer"]
    snap = s.handle({"op": "takeback"})
    assert snap["moves_n"] == 0 and snap["human"] and not snap["computer"]


def test_take_back_when_the_computer_opened_never_leaves_it_to_move_again():
    s, _ = opened("snorkels", seats=["computer", "human"])
    snap = play(s, 1)                             # the computer's first move only
    assert snap["human"] and not snap["can"]["takeback"]
    assert "error" in s.handle({"op": "takeback"}) and len(s.record.moves) == 1
    play(s, 2)
    snap = s.handle({"op": "takeback"})
    assert snap["moves_n"] == 1 and snap["human"]


def test_take_back_between_humans_is_one_ply_and_from_a_viewed_move_acts_on_the_end():
    s, _ = opened("snorkels?m=D4,E4,C3")
    assert [r["kind"] for r in s.handle({"op": "snapshot"})["seats"]] == ["human", "human"]
    s.handle({"op": "goto", "ply": 1})
    snap = s.handle({"op": "takeback"})
    assert snap["moves_n"] == 2 and snap["at_end"] and s.record.moves == ["D4", "E4"]


def test_take_back_in_a_game_of_four_goes_back_over_every_computer_seat():
    s, _ = opened("weltreich?v=1&players=4&teams=1", seats=["human", "computer", "computer", "computer"])
    play(s, 6)
    snap = s.handle({"op": "takeback"})
    assert snap["moves_n"] == 4 and snap["human"] and s.record.current.to_move == 0


def test_take_back_in_every_game_against_the_computer():
    for gid in GAMES:
        s, snap = opened(gid)
        if snap["solo"]:
            snap = play(s, 2)
            back = s.handle({"op": "takeback"})       # a game of one: one move at a time
            assert back["moves_n"] == 1, gid
            continue
        play(s, 2)
        human_turns = [p for p in range(len(s.record.moves) + 1)
                       if s.record.states[p].result is None and s.seats[s.record.states[p].to_move] == "human"]
        back = s.handle({"op": "takeback"})
        assert "error" not in back, (gid, back)
        assert back["moves_n"] == max(p for p in human_turns if p < 2), gid
        assert back["human"] and not back["computer"], gid


def test_play_against_the_computer_from_a_shared_link():
    s, snap = opened("snorkels?m=D4,E4,C3")
    assert snap["can"]["computer_here"]
    s.handle({"op": "set", "level": 3})
    to_move = s.record.current.to_move
    snap = s.handle({"op": "computer_here"})
    kinds = [r["kind"] for r in sorted(snap["seats"], key=lambda r: r["seat"])]
    assert kinds[to_move] == "human" and kinds[1 - to_move] == "computer"
    assert snap["human"] and snap["level"] == 3 and not snap["can"]["computer_here"]
    assert saves.load(snap["save"], LEVELS)[1] == kinds               # the save keeps the seats
    snap = s.handle({"op": "play", "move": first_move(s), "ply": 3})
    assert snap["computer"]                                   # the computer answers now
    assert "error" in s.handle({"op": "computer_here"})      # a computer plays already


def test_computer_from_here_keeps_teams_together_and_is_refused_where_it_cannot_be():
    s, _ = opened("weltreich?v=1&players=4&teams=1")
    state = s.record.current
    snap = s.handle({"op": "computer_here"})
    kinds = [r["kind"] for r in sorted(snap["seats"], key=lambda r: r["seat"])]
    assert kinds == ["human" if state.teams[k] == state.teams[state.to_move] else "computer" for k in range(4)]
    viewed, _ = opened("snorkels?m=D4,E4,C3&at=1")            # a viewed move, not the game's end
    assert "error" in viewed.handle({"op": "computer_here"})
    assert [r["kind"] for r in viewed.handle({"op": "snapshot"})["seats"]] == ["human", "human"]
    solo = [g for g in GAMES if GAMES[g].player_counts == (1,)]
    for gid in solo:
        one, snap = opened(gid + "?m=")
        assert not snap["can"]["computer_here"] and "error" in one.handle({"op": "computer_here"})


# ---------------------------------------------------------------------- threats
def brute_after(state):
    """The second route where a move shapes the reply (Die Drei, Surikata, Aufstellen): every move
    of the player and every reply played by the rules (no first_win, no winning_moves hook), from a
    position built anew from the code; the moves after which the other side can win at once."""
    fresh = type(state).decode(state.encode())
    moves, allowing = fresh.legal_moves(), 0
    for move in moves:
        nxt = fresh.copy()
        nxt.play(move)
        if nxt.result is None:
            for reply in nxt.legal_moves():
                end = nxt.copy()
                end.play(reply)
                if end.result is not None and end.result.rewards[nxt.to_move] == 1.0:
                    allowing += 1
                    break
    return ("after" if allowing and 2 * allowing >= len(moves) else None), allowing, len(moves)


def brute_threat(state):
    """A second route to the threat: every move of the passed position played, its winners and
    the other seats' pieces counted on the board drawn (no first_win, no winning_moves hook). The
    passed position is built anew from the position's code, with the turn given as threats.passed
    gives it: nothing a game keeps of the position (Blockade's king path for the side to move) is
    carried over from the state the page has asked things of."""
    given = threats.passed(state)
    if given is None:
        return False, 0
    try:
        other = type(state).decode(given.encode())
    except SpielkisteError:                        # a turn the reader refuses (Blockade counts the guards)
        other = None
    if other is None or other.to_move != given.to_move:     # (Aufstellen's code leaves the turn to its count)
        other = type(state).decode(state.encode())
        other.to_move, other.last = given.to_move, given.last
    seat = other.to_move
    wins, took = [], 0
    before = sum(1 for p in other.view().pieces if p.colour != other.seat_colour(seat))
    for move in other.legal_moves():
        after = other.copy()
        after.play(move)
        if after.result is not None and seat in after.result.winners and after.result.rewards[seat] == 1.0:
            wins.append(move)
        took = max(took, before - sum(1 for p in after.view().pieces if p.colour != other.seat_colour(seat)))
    return ("wins" if wins else "captures" if took > 0 else None), took


def random_positions(gid, players, plies, seed):
    options = {"players": players} if len(GAMES[gid].player_counts) > 1 else {}
    rec = Record.new(GAMES[gid], options)
    rng = random.Random(seed)
    out = []
    for _ in range(plies):
        state = rec.current
        if state.result is not None:
            break
        out.append(state)
        rec.play(rng.choice(state.legal_moves()))
    return out


def test_the_threat_is_what_a_scan_of_every_move_finds_in_every_game():
    seen = {"wins": 0, "captures": 0, "after": 0, None: 0}
    for gid, game in GAMES.items():
        for players in [n for n in game.player_counts if n > 1][:1]:
            for seed in range(3):
                for state in random_positions(gid, players, 24, seed)[::2]:
                    found = threats.find(state)
                    if state.move_shapes_reply:
                        kind, allowing, total = brute_after(state)
                        got = found.kind if isinstance(found, threats.Threat) else found
                        assert got == kind, (gid, state.encode())
                        seen[kind] += 1
                        if isinstance(found, threats.Threat):
                            assert (found.count, found.total) == (allowing, total)
                            end = found.passed.copy()            # the reply named wins after the move named
                            end.play(found.move)
                            assert end.result.rewards[found.seat] == 1.0 and found.mine in state.legal_moves()
                            text = threats.words(state, found, "en")
                            assert state.move_text(found.mine) in text and found.passed.move_text(found.move) in text
                        continue
                    kind, took = brute_threat(state)
                    got = found.kind if isinstance(found, threats.Threat) else found
                    assert got == kind, (gid, state.encode())
                    seen[kind] += 1
                    if isinstance(found, threats.Threat):
                        other = found.passed
                        assert other.to_move == found.seat and other.teams[found.seat] != state.teams[state.to_move]
                        assert found.move in other.legal_moves()
                        text = threats.words(state, found, "en")
                        assert found.squares[-1] in text and other.move_text(found.move) in text
                        assert threats.arrow(state, found).startswith(("<polyline class=\"threat-arrow\"",
                                                                      "<circle class=\"threat-ring\""))
                        if kind == "captures":
                            after = other.copy()
                            after.play(found.move)
                            mine = other.seat_colour(found.seat)
                            assert sum(p.colour != mine for p in other.view().pieces) - \
                                sum(p.colour != mine for p in after.view().pieces) == took
    assert seen["wins"] and seen["captures"] and seen["after"] and seen[None]     # each kind met in real positions


def test_where_a_move_shapes_the_reply_the_threat_is_what_follows_the_players_moves():
    """Found by a newcomer probe. Aufstellen: whatever Red plays, Blue walls in Red's cylinder (E8),
    and the warning had said nothing; Die Drei: it had said "Black can win on G1 next move", where
    Black places only where White's pawn attacks: after the probe's C2 G1 was not Black's to take,
    and fewer than half of White's moves let Black win at once."""
    walled = links.from_fragment("aufstellen?m=B8,K11,B11,E5,H5,E11").current
    found = threats.find(walled)
    assert found.kind == "after" and (found.count, found.total) == (len(walled.legal_moves()),) * 2
    assert brute_after(walled) == ("after", found.count, found.total)
    assert threats.words(walled, found, "en") == ("Whatever Red plays, Blue can win next move, as after B2: E8 "
                                                  "(Red must move the cylinder and cannot: Blue wins)")
    assert threats.words(walled, found, "de") == ("Was Rot auch zieht, Blau kann im nächsten Zug gewinnen, so "
                                                  "nach B2: E8 (Rot muss mit dem Zylinder ziehen und kann es "
                                                  "nicht: Blau gewinnt)")
    drei = links.from_fragment("drei?m=G4,G3,E4,G2").current
    c2 = after(drei, drei.parse_move("C2"))
    assert "G1" not in {c2.move_text(r) for r in c2.legal_moves()}
    kind, allowing, total = brute_after(drei)
    assert threats.find(drei) is None and kind is None and 0 < 2 * allowing < total
    assert threats.words(drei, None, "en") == "No threat: Black cannot win next move."     # Die Drei takes no piece


def test_no_threat_is_said_as_such_and_a_game_of_one_has_none():
    s, _ = opened("snorkels")
    state = s.record.current
    assert threats.find(state) is None
    assert threats.words(state, None, "de") == "Keine Drohung: Grün kann im nächsten Zug weder gewinnen noch schlagen."
    solo = next(g for g in GAMES if GAMES[g].player_counts == (1,))
    assert threats.find(Record.new(GAMES[solo]).current) is False


def capture_threat_position():
    """A real Weltreich position (seeded random play) where the side not to move could capture."""
    for state in random_positions("weltreich", 2, 30, 1):
        found = threats.find(state)
        if isinstance(found, threats.Threat) and found.kind == "captures":
            return state, found
    raise AssertionError("no capture threat met")


def test_the_threat_aid_warns_before_the_player_moves_and_is_on_only_at_the_lowest_levels():
    low, snap = opened("weltreich", level=-1)
    assert ["threat", "Warn me of threats", True] in snap["aids"]
    high, snap = opened("weltreich", level=3)
    assert ["threat", "Warn me of threats", False] in snap["aids"]
    state, found = capture_threat_position()
    rec = Record(state.copy(), custom_start=True)
    for s in (low, high):
        s.show(rec, ["human", "computer"] if state.to_move == 0 else ["computer", "human"])
    warned = low.handle({"op": "snapshot"})
    words = threats.words(state, found, "en")
    assert warned["human"] and warned["threat"] == words and words in warned["status_extra"]
    assert "can capture on " + found.squares[-1] in words
    quiet = high.handle({"op": "snapshot"})
    assert quiet["threat"] == "" and words not in quiet["status_extra"]
    on = high.handle({"op": "set", "aids": ["threat"]})
    assert on["threat"] == words
    de = high.handle({"op": "set", "lang": "de"})
    assert de["threat"] == threats.words(state, found, "de") and "kann im nächsten Zug auf" in de["threat"]
    off = high.handle({"op": "set", "aids": []})
    assert off["threat"] == ""


def test_the_move_that_lets_a_threat_stand_says_it_to_a_screen_reader():
    """The announcement of a move (the live region's words) ends with the warning the player now
    sees, so a screen-reader user hears it without looking for it (a probe found it only on screen):
    Snorkels after B1 A1 G7, Purple's A2 would take Green's A1 (test_threat_warning.py's position)."""
    s, _ = opened("snorkels", seats=["human", "human"])
    s.handle({"op": "set", "aids": ["threat"]})
    for text in ("B1", "A1"):
        snap = s.handle({"op": "play", "move": text, "ply": s.record.cursor})
    assert snap["threat"] == "" and snap["events"][0]["announce"].endswith(" to move.")
    snap = s.handle({"op": "play", "move": "G7", "ply": s.record.cursor})
    words = threats.words(s.record.current, threats.find(s.record.current), "en")
    assert snap["threat"] == words and "can win on A2" in words
    assert snap["events"][0]["announce"] == "Purple plays G7. Green to move. " + words, snap["events"]
    s.handle({"op": "set", "aids": []})
    snap = s.handle({"op": "play", "move": "A2", "ply": s.record.cursor})
    assert snap["threat"] == "" and snap["events"][0]["announce"].endswith(".")


def test_the_analysis_board_shows_the_threat_of_the_node_shown():
    state, found = capture_threat_position()
    s = Session()
    s.show(Record(state.copy(), custom_start=True), ["human", "human"])
    tree = s.handle({"op": "tree_open", "from": "game", "ply": 0, "line": []})
    assert tree["kind"] == "tree", tree
    got = s.handle({"op": "tree_threat", "path": tree["path"]})
    assert got["text"] == threats.words(state, found, "en") and got["arrow"] == threats.arrow(state, found)
    assert got["arrow"].startswith('<polyline class="threat-arrow"')
    assert s.handle({"op": "tree_threat", "path": "nowhere"})["stale"]
    de = s.handle({"op": "tree_threat", "path": tree["path"], "lang": "de"})
    assert de["text"] == threats.words(state, found, "de")
    quiet, _ = opened("snorkels")
    quiet.handle({"op": "tree_open", "from": "game", "ply": 0, "line": []})
    none = quiet.handle({"op": "tree_threat"})
    assert none["text"].startswith("No threat") and none["arrow"] == ""


def test_weltreich_draws_whose_crowning_throne_is_whose():
    from spielkiste_web import svg
    for players, owners in ((2, {"E5": ["red"], "H8": ["blue"]}), (4, None)):
        state = Record.new(GAMES["weltreich"], {"players": players}).current
        view = state.view()
        crowns = {c.id: list(c.owners) for c in view.cells if c.mark == "crown"}
        assert crowns and all(crowns.values())
        if owners is not None:
            assert crowns == owners
        drawn = svg.render(view)
        for colours in crowns.values():
            for colour in colours:
                assert f'<g class="owner c-{colour}">' in drawn
        assert drawn.count('class="owner ') == sum(len(c) for c in crowns.values())


def test_the_threat_warning_survives_a_reload_through_the_save():
    """A beginner's game warns of threats from its start; the page's reload opens the stored save in a new
    worker (op load): the warning is still on, and one switched off stays off (issue 54, found by a probe:
    aids were not in the save, and the default applied only to a game without moves)."""
    s = Session("en")
    s.handle({"op": "new", "game": "snorkels", "seats": ["human", "computer"], "level": -1})
    assert [a for a in s.snapshot()["aids"] if a[0] == "threat"][0][2]
    s.handle({"op": "play", "move": "D4", "ply": 0})
    s.handle({"op": "play", "move": "C3", "ply": 1})
    for on in (True, False):
        s.handle({"op": "set", "aids": ["threat"] if on else []})
        again = Session("en")
        snap = again.handle({"op": "load", "save": s.snapshot()["save"]})
        assert snap["moves_n"] == 2 and [a for a in snap["aids"] if a[0] == "threat"][0][2] is on


def test_blockade_warns_of_a_king_with_a_way_out():
    """Blockade after D9 G2 (Red's guard, Blue's guard that turns Blue's king): Blue's king on E2 has a
    way out, so Blue wins next move unless Red blocks it. The warning said nothing (found by a probe):
    the look with the turn passed read Red's king path, kept from the page's own questions. The
    second route: after a Red move that does not block (G4), Blue's king leaves the board."""
    s, _ = opened("blockade?m=D9,G2")
    snap = s.handle({"op": "set", "aids": ["threat"]})
    assert snap["threat"].startswith("Blue can win on E2 next move: E2-out"), snap["threat"]
    state = s.record.current.copy()
    state.push_text("G4")
    state.push_text("E2-out")
    assert state.result is not None and state.result.winners == (1,)
