"""The end of a game and the hint's words, the worker's side (issue 54) under CPython, on real games:
the result said to the player ("You won", "Your team lost") when the humans play one side, else who
won; the evaluation bar's result in a decided position; My games keeping each finished game's result;
a hint that says what its move does when that is a rule event (a win, a capture, a gate, a block)."""
import random
import re

import pytest

from helpers import MemoryStorage
from spielkiste import puzzles
from spielkiste_page import mygames
from spielkiste_web import links, move_words
from spielkiste_web.session import Session

# Snorkels: after B1 A1 G7 F7 Purple (seat 0) wins at once on A2, capturing Green's A1
WIN_IN_ONE = "snorkels?m=B1,A1,G7,F7"


def won_by(seats, link=WIN_IN_ONE, move="A2", lang="en"):
    s = Session(lang)
    snap = s.handle({"op": "open", "link": link, "seats": seats})
    assert "error" not in snap, snap
    return s, s.handle({"op": "play", "move": move, "ply": snap["ply"]})


def team_game_to_its_last_move():
    """Four-player Weltreich in teams (Blue and Green against Red and Yellow), played by the engine
    (its winning move where it has one, else a seeded random one) to one move before its end:
    (link, the last move, its mover's team)."""
    rec = links.from_fragment("weltreich?v=1&players=4&teams=1")
    rng = random.Random(0)
    while rec.current.result is None:
        state = rec.current
        wins = state.winning_moves()
        rec.play(wins[0] if wins else rng.choice(state.legal_moves()))
    last, before = rec.moves[-1], rec.states[-2]
    rec.goto(len(rec.moves) - 1)
    rec.moves = rec.moves[:-1]
    rec.states = rec.states[:-1]
    return links.to_fragment(rec), last, before.teams[before.to_move]


@pytest.mark.parametrize("seats, you, title, lang", [
    (["human", "computer"], "won", "You won", "en"),
    (["computer", "human"], "lost", "You lost", "en"),
    (["human", "computer"], "won", "Du hast gewonnen", "de"),
    (["computer", "human"], "lost", "Du hast verloren", "de"),
    (["human", "human"], None, "Game over", "en"),          # two humans at the board: who won, as today
])
def test_the_end_says_you_won_or_lost_when_the_humans_play_one_side(seats, you, title, lang):
    _, snap = won_by(seats, lang=lang)
    assert snap["result"] and snap["status_over"]
    assert snap["outcome"] == {"you": you, "title": title, "winners": ["purple"]}


def test_a_team_game_says_your_team_won_or_lost():
    link, last, team = team_game_to_its_last_move()
    assert team == 0                                     # Blue's or Green's move ends it
    for seats, you, title in (
            (["human", "computer", "computer", "computer"], "won", "Your team won"),
            (["human", "human", "computer", "computer"], "won", "Your team won"),      # both partners human
            (["computer", "computer", "human", "computer"], "lost", "Your team lost"),
            (["human", "computer", "human", "computer"], None, "Game over")):           # humans on both sides
        _, snap = won_by(seats, link, last)
        assert snap["outcome"]["you"] == you and snap["outcome"]["title"] == title, seats
        assert snap["outcome"]["winners"] == ["blue", "green"]


def test_the_outcome_stays_while_earlier_moves_are_viewed_and_goes_with_the_end():
    s, snap = won_by(["human", "computer"])
    back = s.handle({"op": "goto", "ply": 2})
    assert back["result"] is None and back["outcome"] == snap["outcome"]      # My games keeps it whatever is shown
    s.handle({"op": "goto", "ply": 5})
    assert s.handle({"op": "goto", "ply": 4})["outcome"] == snap["outcome"]
    again = s.handle({"op": "again", "switch": True})
    assert again["outcome"] is None and [r["kind"] for r in again["seats"]] == ["computer", "human"]


def test_the_evaluation_bar_shows_the_result_of_a_decided_position():
    for seats, side, percent, text in ((["human", "computer"], 0, 100, "won"),
                                       (["computer", "human"], 1, 0, "lost")):
        s, snap = won_by(seats)
        assert snap["eval"]["side"] == side and snap["eval"]["result"] == {"percent": percent, "text": text}
        assert s.handle({"op": "goto", "ply": 4})["eval"]["result"] is None        # before the end: searched
    _, snap = won_by(["human", "computer"], lang="de")
    assert snap["eval"]["result"]["text"] == "gewonnen"


def test_my_games_keeps_each_finished_games_result():
    store = MemoryStorage()
    games = mygames.GameList(store, lambda: 1000, iter(["u1", "u2", "u3", "u4"]).__next__)
    for seats in (["human", "computer"], ["computer", "human"], ["human", "human"]):
        _, snap = won_by(seats)
        games.put(None, snap["save"], snap["game"], snap["moves_n"], snap["over"], None, snap["outcome"])
    kept = {m.uid: m.result for m in games.games()}
    assert kept == {"u1": {"you": "won", "winners": ["purple"]}, "u2": {"you": "lost", "winners": ["purple"]},
                    "u3": {"you": None, "winners": ["purple"]}}
    # an unfinished game keeps none; a stored result that is not one is read as none
    s = Session()
    snap = s.handle({"op": "open", "link": "snorkels?m=D4"})
    uid, _ = games.put(None, snap["save"], "snorkels", 1, False, None, {"you": "won", "winners": ["purple"]})
    assert [m.result for m in games.games() if m.uid == uid] == [None]
    for bad in ({"you": "<b>", "winners": []}, {"you": "won", "winners": ["a" * 5000]}, {"you": "won"},
                {"you": "won", "winners": [1]}, ["won"], "won", None, {"you": "won", "winners": ["x"] * 10000}):
        assert mygames.read_result(bad) is None, bad


def hint(link, seats=("human", "human"), lang="en"):
    s = Session(lang)
    s.handle({"op": "open", "link": link, "seats": list(seats)})
    while True:
        got = s.handle({"op": "hint", "seconds": 0.1, "budget": 0.5})
        if got["done"]:
            return got


def test_a_hint_says_when_its_move_wins():
    got = hint(WIN_IN_ONE)
    assert got["move"] == "A2"
    assert got["result"] == "Hint: A2. This move wins (Green captured: Purple wins)."
    assert hint(WIN_IN_ONE, lang="de")["result"].startswith("Tipp: A2. Dieser Zug gewinnt (")


def test_a_hint_says_when_its_move_stops_the_opponents_win():
    # Green to move: Purple threatens A2 (capturing A1); every move but A2 itself lets it win
    got = hint("snorkels?m=B1,A1,G7")
    assert got["move"] == "A2"
    assert got["result"] == "Hint: A2. This move stops Purple from winning next move."


def test_what_a_move_does_from_its_own_events():
    rec = links.from_fragment("tor?m=A10-A1")             # Das Tor: L1-C1 opens the gate at B2
    state = rec.current
    assert move_words.describe(state, state.parse_move("L1-C1"), "en") == ["Gate! B2 opens for Green"]
    assert move_words.describe(state, state.parse_move("L1-C1"), "de") == ["Tor! B2 öffnet sich für Grün"]
    rec = links.from_fragment("weltreich?m=A1-K1,J10-J5,C1-C8,J11-A11,K1-K7")   # Red takes the Blue piece on K7
    state = rec.current
    said = move_words.describe(state, state.parse_move("K10xK7"), "en")
    assert said[0] == "This move captures"
    # a quiet move says nothing more than its notation
    rec = links.from_fragment("snorkels")
    state = rec.current
    move = state.parse_move("D4")
    assert move_words.describe(state, move, "en") == [] and move_words.hint_text(state, move, "en") == "Hint: D4"


def test_every_games_moves_are_described_without_fault():
    """Every legal move of a few positions of every game, in both languages: a list of texts, never a fault."""
    from spielkiste.registry import GAMES
    rng = random.Random(5)
    for gid in GAMES:
        rec = links.from_fragment(gid)
        for _ in range(6):
            state = rec.current
            if state.result is not None:
                break
            for move in state.legal_moves()[:40]:
                for lang in ("en", "de"):
                    words = move_words.describe(state, move, lang)
                    assert isinstance(words, list) and all(isinstance(w, str) and w for w in words)
            rec.play(rng.choice(state.legal_moves()))


def reviewed(link, seats=None):
    s = Session("en")
    s.handle({"op": "open", "link": link, **({"seats": seats} if seats else {})})
    got = s.handle({"op": "review_start", "iterations": 60})
    while got["state"] != "done":
        got = s.handle({"op": "review_step"})
    return s, got


SWAPPED = "snorkels?m=B2,swap,C6,B3,E1,B1,G3,A2,E2,F5,F6,E6,B6,G6,B7,F7"     # a newcomer's game: Green after the swap


def test_after_a_pie_swap_the_review_names_the_colour_each_player_had():
    """Snorkels with the pie rule: after B2 and the swap the first player plays Green. The review named
    every move, the summary and the graph's lines by the colours of the start, so the newcomer's own
    (green) blunder was "Purple: Blunder ... After it, Purple wins by force" and the graph ended with
    Purple at 0 % where Purple had won. Now a mark names the colour of the stone the move put on the
    board (the board's own view is the second route), a player is named by the colour it ended
    with, and each line of the graph is a colour, ending at 100 % for the winner's."""
    s, got = reviewed(SWAPPED)
    states = s.record.states
    assert got["marks"]
    for m in got["marks"]:
        ply = m["ply"]
        cell = states[ply - 1].move_input(states[ply - 1].parse_move(m["move"]))[0][-1]
        piece = next(p for p in states[ply].view().pieces if p.cell == cell)
        assert m["player"] == s.tr("colour." + piece.colour), m
    end = states[-1]
    winner = end.seat_colour(end.result.winners[0])
    line = next(k for k, side in enumerate(got["sides"]) if side["colour"] == winner)
    assert got["points"][-1][line] == 100 and got["points"][-1][1 - line] == 0
    assert {r["colour"] for r in got["summary"]} == {"purple", "green"}
    assert [r["colour"] for r in got["summary"]] == [end.seat_colour(0), end.seat_colour(1)] == ["green", "purple"]
    # the analysis board, after the blunder, counts the same forced win as the review's words (it had said
    # no count: the proof of the shortest win stopped after one slice, as the search had nothing left)
    blunder = next(m for m in got["marks"] if m["allows"])
    assert blunder["allows"] == "After it, Purple wins by force in 3 moves"
    moves = SWAPPED.split("m=")[1].split(",")[:blunder["ply"]]
    shown = lines("snorkels?m=" + ",".join(moves), budget=5)
    assert shown["done"] and shown["text"] == "Proven: Purple wins in 3 moves."


def test_the_review_numbers_moves_as_the_move_list_does():
    """One numbering: the review's marks and points by move ("3." the first seat's, "2…" the second's),
    as the move list's rows number them, not by ply."""
    s, got = reviewed("snorkels?m=B1,A1,G7,F7,D4,G6")
    listed = {}
    for n, row in enumerate(s.handle({"op": "snapshot"})["moves"], 1):
        for place, item in enumerate(row):
            if item is not None:
                listed[item[0]] = f"{n}…" if place else f"{n}."
    assert got["numbers"] == [listed[ply] for ply in range(1, 7)] == ["1.", "1…", "2.", "2…", "3.", "3…"]
    assert {m["ply"]: m["number"] for m in got["marks"]}[5] == "3."
    # a set-up where the second seat moves first: its row opens with "…" in the first place
    rec = links.from_fragment("snorkels?m=D4")
    code = rec.current.encode()
    s, got = reviewed("snorkels?p=" + code + "&m=C3,E5")
    assert got["numbers"] == ["1…", "2."]
    # four players: a move a row, as the list numbers them
    link, _, _ = team_game_to_its_last_move()
    rec = links.from_fragment(link)
    short = links.to_fragment(type(rec).new(rec.game, rec.start.options))
    s, got = reviewed(short.split("&m=")[0] + "&m=" + ",".join(rec.moves[:5]))
    assert got["numbers"] == ["1.", "2.", "3.", "4.", "5."]


def lines(link, lang="en", budget=0.5):
    s = Session(lang)
    s.handle({"op": "tree_open", "link": link + "&analysis"})
    for _ in range(200):
        got = s.handle({"op": "tree_lines", "seconds": 0.1, "budget": budget})
        if got["done"]:
            return got
    raise AssertionError("the lines never end")


def test_the_analysis_says_the_solvers_verdict_or_what_was_searched():
    won = lines(WIN_IN_ONE)                    # Purple to move wins on A2
    assert won["verdict"] and won["text"] == "Proven: Purple wins in 1 move."
    assert lines(WIN_IN_ONE, "de")["text"] == "Bewiesen: Lila gewinnt in 1 Zug."
    lost = lines(WIN_IN_ONE + ",D4")           # Purple missed it: Green wins on G6
    assert lost["text"] == "Proven: Green wins in 1 move." and lost["chances"][1]["percent"] == 100
    # Green to move against Purple's threat: D2 is forced (and then D1-D2 has three tubes, so no forced capture
    # decides it); no chance is claimed for a search that did not run
    forced = lines("snorkels?m=C1,D1,E1")
    assert forced["done"] and forced["verdict"] and forced["text"] == "D2 is the only move that does not lose at once."
    assert forced["chances"] == [] and [m["move"] for m in forced["moves"]] == ["D2"]
    assert forced["moves"][0]["chance"] is None
    # an open position: how much was searched, and that it is not proven
    open_ = lines("snorkels?m=D4", budget=0.3)
    assert not open_["verdict"] and re.fullmatch(r"Searched: [\d,]+ positions in 0\.\d s; not proven yet\.",
                                                 open_["text"]), open_["text"]


def test_the_analysis_counts_a_proven_win_it_reaches_by_proof_not_only_by_the_tree():
    """A Blockade win in 2 (puzzle 1: its proof is the second route): the tree proves it, but its line
    stopped where the tree did, so the analysis said "wins" without a count; now the line runs to
    the end, in the page's language."""
    p = puzzles.get("blockade", 1)
    link = "blockade?p=" + p.position
    got = lines(link)
    mover = p.state().seat_colour(p.seat)
    assert got["verdict"] and got["text"] == f"Proven: {Session('en').tr('colour.' + mover)} wins in 2 moves."
    assert lines(link, "de")["text"] == f"Bewiesen: {Session('de').tr('colour.' + mover)} gewinnt in 2 Zügen."
    assert got["moves"][0]["move"] == p.line[0] and got["moves"][0]["line"].split()[-1] == p.line[-1]


def test_the_review_marks_the_analysis_tree_and_show_opens_the_mistakes_position():
    """The review's marks (?!, ?, ??) on the game's moves in the analysis tree too; "Show" opens the
    position before the marked move with the better line as a variation beside it, not its end."""
    s, got = reviewed(WIN_IN_ONE + ",D4,G6")
    blunder = next(m for m in got["marks"] if m["ply"] == 5)
    tree = s.handle({"op": "tree_open", "from": "game", "ply": 4, "line": blunder["line"], "at": "start"})
    assert tree["path"] == "B1,A1,G7,F7"                     # the position where D4 was played
    rows = {r["path"]: r for r in tree["rows"]}
    assert rows["B1,A1,G7,F7,D4"]["mark"] == "blunder" and rows["B1,A1,G7,F7,D4"]["main"]
    assert rows["B1,A1,G7,F7,A2"]["mark"] == "" and not rows["B1,A1,G7,F7,A2"]["main"]   # the better line
    assert {r["path"]: r["mark"] for r in tree["rows"] if r["mark"]} == {
        ",".join(got["moves"][:m["ply"]]): m["mark"] for m in got["marks"]}
    # without `at` the line's end is shown, as before; a tree of another game carries no marks
    assert s.handle({"op": "tree_open", "from": "game", "ply": 4, "line": ["A2"]})["path"] == "B1,A1,G7,F7,A2"
    other = s.handle({"op": "tree_open", "link": "snorkels?m=B1,A1,G7,F7,D4,E4&analysis"})
    assert "error" in other or not any(r["mark"] for r in other["rows"])
