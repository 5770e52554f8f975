"""Puzzle themes (issue 52): every shipped puzzle's themes (spielkiste.puzzles.themes, read off the
engine's events: the game's end reason, notes, captures) checked by a second route that reads only the
board before and after each move of the line (the view's pieces and squares, the moves' notation) and
the rules as the rules pages state them: a gate is a new piece of the solver on a circled centre, a
capture race a group with one free tube, a blocked king one with a path out found by a path search
written here. Every theme a game offers is in at least one of its puzzles, and each has its name in
English and German. The room's side (named once the attempt is over, the next puzzle of a theme) is in
test_puzzle_session's style, at the end."""
import random
from collections import Counter

import pytest

from spielkiste import puzzles
from spielkiste.puzzles import themes as T
from spielkiste.texts import TABLE
from spielkiste_web import puzzle_session
from spielkiste_web.session import Session


def xy(cell):
    return ord(cell[0]) - 65, int(cell[1:]) - 1


def stacks(s):
    """square -> [(level, shape, colour, mark)] bottom to top, from the view's pieces alone."""
    out = {c.id: [] for c in s.view().cells}
    for piece in s.view().pieces:
        out[piece.cell].append((piece.level, piece.shape, piece.colour, piece.mark))
    return {cell: sorted(stack) for cell, stack in out.items()}


def colours(s):
    """square -> colour of the top piece, or None when empty."""
    return {cell: stack[-1][2] if stack else None for cell, stack in stacks(s).items()}


def states(p):
    """(mover, move text, before, after) for each move of the line, played by notation."""
    s, out = p.state(), []
    for text in p.line:
        before = s.copy()
        s.push_text(text)
        out.append((before.to_move, text, before, s.copy()))
    return out


STEPS = ((1, 0), (0, 1), (1, 1), (1, -1))


def runs(board, colour, length):
    """Whether `colour` has `length` pieces in a row on neighbouring squares (any direction)."""
    mine = {xy(c) for c, v in board.items() if v == colour}
    return any(all((x + k * dx, y + k * dy) in mine for k in range(length)) for x, y in mine for dx, dy in STEPS)


def tubes_of_groups(board, colour):
    """Snorkels: each `colour` group's number of free tubes (empty orthogonal neighbours; a flood fill)."""
    cells = {xy(c): v for c, v in board.items()}
    seen, out = set(), []
    for start, v in cells.items():
        if v != colour or start in seen:
            continue
        stack, tubes = [start], set()
        seen.add(start)
        while stack:
            x, y = stack.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in cells and cells[n] is None:
                    tubes.add(n)
                elif cells.get(n) == colour and n not in seen:
                    seen.add(n)
                    stack.append(n)
        out.append(len(tubes))
    return out


def groups_without_tube(board, colour):
    return tubes_of_groups(board, colour).count(0)


def least_tubes(board, colour):
    return min(tubes_of_groups(board, colour), default=99)


def king_gets_out(s, colour):
    """Blockade's king path as the rules page states it, searched here: straight on, a right angle
    left or right in front of a guard, out only over the far edge, never into the other king, a square
    passed again in the same direction is a circle."""
    st = stacks(s)
    guards = {xy(c) for c, stack in st.items() if stack and stack[-1][1] == "square"}
    kings = {stack[-1][2]: xy(c) for c, stack in st.items() if stack and stack[-1][1] == "cylinder"}
    start = kings[colour]
    other = next(k for c, k in kings.items() if c != colour)
    up = start[1] > 5                       # the king that starts in the bottom half leaves over the top
    todo = [(start, d) for d in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    seen = set(todo)
    while todo:
        (x, y), (dx, dy) = todo.pop()
        nx, ny = x + dx, y + dy
        if not (0 <= nx < 12 and 0 <= ny < 12):
            if (up and ny < 0) or (not up and ny > 11):
                return True
            continue
        if (nx, ny) == other:
            continue
        nxt = [((x, y), (dy, dx)), ((x, y), (-dy, -dx))] if (nx, ny) in guards else [((nx, ny), (dx, dy))]
        for state in nxt:
            if state not in seen:
                seen.add(state)
                todo.append(state)
    return False


CROWNING = {"blue": "H8", "red": "E5", "green": "E8", "yellow": "H5"}
THRONES = ("E5", "H5", "E8", "H8")
CENTRES = {c + r for c in "BEHK" for r in ("2", "5", "8", "11")}


def second_route(p):
    """The puzzle's themes read off the boards of its line (see the module's docstring)."""
    plies = states(p)
    first, last = plies[0][2], plies[-1][3]
    me = first.seat_colour(p.seat)
    them = first.seat_colour(1 - p.seat)
    final = colours(last)
    over = last.result is not None
    found = set()
    if p.game == "surikata" and over:
        found.add("forced_row" if runs(final, them, 3) else "no_square")
    if p.game == "snorkels":
        if over and groups_without_tube(final, them):
            found.add("capture" if plies[-1][0] == p.seat else "self_capture")
            if plies[-1][0] == p.seat and groups_without_tube(final, me):
                found.add("mutual_blockade")
        if least_tubes(colours(first), me) == 1:
            found.add("capture_race")
    if p.game == "blockade" and king_gets_out(first, them):
        found.add("block")
    if p.game == "weltreich":
        if any(sum(v not in (None, me) for v in colours(after).values())
               < sum(v not in (None, me) for v in colours(before).values())
               for mover, _, before, after in plies if mover == p.seat):
            found.add("capture")                    # a piece of another colour left the board
        st = stacks(last)
        if over and not any(s and s[-1][2] == them and s[-1][3] == "commander" for s in st.values()):
            found.add("commander")
        elif over and all(final[t] == me for t in THRONES):
            found.add("thrones")
        elif over and st[CROWNING[me]] and st[CROWNING[me]][-1][2:] == (me, "commander"):
            found.add("crowning")
    if p.game == "tor":
        gates = 0
        for mover, _, before, after in plies:
            b, a = colours(before), colours(after)
            new = [c for c in a if a[c] == me and b[c] != me]
            if mover == p.seat and sum(v == me for v in a.values()) > sum(v == me for v in b.values()):
                assert len(new) == 1 and new[0] in CENTRES, (p.id, new)
                gates += 1
        found |= {"gate"} if gates == 1 else {"gate", "two_gates"} if gates >= 2 else set()
    if p.game == "sprung":
        for (mover, text, _, after), (nxt, text2, _, _) in zip(plies, plies[1:], strict=False):
            if mover == nxt == p.seat and text != "stop" and text2 != "stop":
                column = text.split("-")[1][0]
                opposing = sum(v is not None and v != me for c, v in colours(after).items() if c[0] == column)
                assert opposing in (1, 3), (p.id, text, opposing)       # the rule that earns the bonus
                found.add("bonus")
    if p.game == "aufstellen" and over:
        centres = {c: v for c, v in final.items() if c in CENTRES}
        rows = ("2", "5", "8", "11")
        lines = ([[c + r for c in "BEHK"] for r in rows] + [[c + r for r in rows] for c in "BEHK"]
                 + [["B2", "E5", "H8", "K11"], ["K2", "H5", "E8", "B11"]])
        found.add("line" if any(all(centres[c] == me for c in line) for line in lines) else "stuck")
    if p.game == "ziggurats":
        for mover, _, before, after in plies:
            b, a = stacks(before), stacks(after)
            if mover == p.seat and any(len(a[c]) == len(b[c]) + 1 and b[c] and b[c][-1][2] not in (me, "neutral")
                                       and a[c][-1][2] == me for c in a):
                found.add("cover")
    if p.game == "drei" and over:
        pawns = {xy(c) for c, v in final.items() if v == me}
        lastc = next(xy(c) for c, s in stacks(last).items() if s and s[-1][3] == "last")
        gaps = {max(abs(dx), abs(dy)) for x, y in pawns for dx in range(-7, 8) for dy in range(-7, 8)
                if (dx or dy) and (dx == 0 or dy == 0 or abs(dx) == abs(dy))
                and (x + dx, y + dy) in pawns and (x + 2 * dx, y + 2 * dy) in pawns
                and lastc in ((x, y), (x + dx, y + dy), (x + 2 * dx, y + 2 * dy))}
        assert gaps, p.id
        if min(gaps) > 1:
            found.add("spaced")
    found.add("defence" if p.kind == "defend" else f"win_in_{p.depth}")
    return found


@pytest.mark.parametrize("game", puzzles.GAMES)
def test_every_puzzles_themes_agree_with_a_second_reading_of_its_boards(game):
    seen = Counter()
    for p in puzzles.load(game):
        got = T.themes(p)
        assert len(got) == len(set(got)) and got[-1] in ("win_in_1", "win_in_2", "win_in_3", "defence")
        assert set(got) == second_route(p), (game, p.id, got, second_route(p))
        seen.update(got)
    # every theme offered is in at least one puzzle; every one found is offered
    assert set(T.offered(game)) == set(seen) and all(seen[name] for name in T.offered(game))
    # a theme every puzzle has says nothing (lichess's depth themes aside): only Das Tor's gate, its only way to win
    universal = {name for name in seen if seen[name] == len(puzzles.load(game))} - {"win_in_2", "win_in_3"}
    assert universal <= {"gate"}, universal


def test_the_games_own_themes_are_found_where_the_rules_have_them():
    offered = {game: set(T.offered(game)) for game in puzzles.GAMES}
    assert {"gate"} <= offered["tor"] and {"capture", "capture_race", "mutual_blockade"} <= offered["snorkels"]
    assert {"crowning", "thrones", "commander", "capture"} <= offered["weltreich"]
    assert {"line", "stuck"} <= offered["aufstellen"] and {"forced_row", "no_square"} <= offered["surikata"]
    assert "block" in offered["blockade"] and "bonus" in offered["sprung"] and "cover" in offered["ziggurats"]
    assert "defence" in offered["drei"]


def test_every_theme_has_its_name_in_english_and_german():
    names = {name for game in puzzles.GAMES for name in T.offered(game)} | {n for table in T.BY_GAME.values()
                                                                            for n, _ in table}
    for name in names:
        en, de = TABLE["theme." + name]
        assert en and de and en != de, name


# ---------------------------------------------------------------------- the room
def room(lang="en"):
    s = Session(lang)
    assert "error" not in s.handle({"op": "open", "link": "snorkels?m=D4,C3"})
    return s


def test_themes_are_named_once_the_attempt_is_over_in_both_languages():
    p = puzzles.get("snorkels", 43)                  # purple wins in 3: C6 B7 B6 A1 A7
    assert T.themes(p) == ("capture", "win_in_3")
    for lang, text in (("en", "Themes: Capture, Win in 3"), ("de", "Themen: Schlagen, Gewinn in 3")):
        s = room(lang)
        a = s.handle({"op": "puzzle_open", "game": "snorkels", "puzzle": 43})
        assert a["themes"] == [] and a["themes_text"] == ""            # no hint while the puzzle is played
        assert [name for name, _ in a["theme_choices"]] == list(T.offered("snorkels"))
        for move in ("C6", "B6"):
            a = s.handle({"op": "puzzle_move", "move": move})
            assert a["themes_text"] == ""
        a = s.handle({"op": "puzzle_move", "move": "A7"})
        assert a["state"] == "solved" and a["themes"] == ["capture", "win_in_3"] and a["themes_text"] == text
        s.handle({"op": "puzzle_retry"})
        a = s.handle({"op": "puzzle_move", "move": next(m for m in ("A1", "G7", "D1") if m != "C6")})
        assert a["state"] == "failed" and a["themes_text"] == text       # failed: named too


def test_next_of_a_theme_serves_that_theme_and_never_the_puzzle_shown():
    s = room()
    rare = [p for p in puzzles.load("snorkels") if "mutual_blockade" in T.themes(p)]
    assert len(rare) >= 2
    shown = None
    for seed in range(12):
        a = s.handle({"op": "puzzle_open", "game": "snorkels", "puzzle": "next", "theme": "mutual_blockade",
                      "seed": seed})
        assert "mutual_blockade" in T.themes(puzzles.get("snorkels", a["puzzle"])) and a["puzzle"] != shown
        shown = a["puzzle"]
    only = [p for p in puzzles.load("tor") if "two_gates" in T.themes(p)]
    if len(only) == 1:                              # the theme's only puzzle shown: another of the game
        s.handle({"op": "puzzle_open", "game": "tor", "puzzle": only[0].id})
        a = s.handle({"op": "puzzle_open", "game": "tor", "puzzle": "next", "theme": "two_gates", "seed": 1})
        assert a["puzzle"] != only[0].id


@pytest.mark.parametrize("theme", ["gate", "nonsense", "", 7, ["capture"], {"a": 1}, "x" * 100_000,
                                   "capture\u202e", None],
                         ids=["other-game", "unknown", "empty", "int", "list", "dict", "huge", "bidi", "none"])
def test_a_theme_the_game_does_not_offer_is_refused_with_a_clear_message(theme):
    for lang, start in (("en", "Snorkels has no puzzles of the theme"), ("de", "Für Snorkels gibt es keine Aufgaben")):
        s = room(lang)
        a = s.handle({"op": "puzzle_open", "game": "snorkels", "puzzle": "next", "theme": theme})
        if theme is None:                           # no theme: any puzzle
            assert "error" not in a
            continue
        assert a["error"].startswith(start) and len(a["error"]) < 120 and "\u202e" not in a["error"], a
        assert s.handle({"op": "puzzle_snapshot"}).get("error")      # nothing was opened


def test_pick_next_of_a_theme_keeps_its_rules_for_the_rating_and_recent():
    progress = puzzle_session.read_progress(None)
    gates = [p.id for p in puzzles.load("tor") if "gate" in T.themes(p)]
    got = puzzle_session.pick_next("tor", progress, gates[0], random.Random(3), "gate")
    assert got.id in gates and got.id != gates[0]
