"""The analysis board's game tree (spielkiste.gametree): variations made, promoted and deleted as
on lichess, and its text form read back exactly, hostile texts refused with a message.

The games are Snorkels from its start (pie rule on): D4 (Purple), swap (Green takes Purple's
stone; seat 0 now plays Green and moves), then any empty square."""
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import examples
from spielkiste import gametree
from spielkiste.errors import BadLink, IllegalMove, SpielkisteError
from spielkiste.gametree import GameTree
from spielkiste.record import Record
from spielkiste.registry import get_game

SNORKELS = get_game("snorkels")
MAIN = ["D4", "swap", "C3", "E5"]


def three_deep() -> GameTree:
    """The main line, a variation replacing its third move (B2 F6), one inside it replacing F6
    (A7 G1) and one inside that replacing G1 (G2)."""
    tree = GameTree.from_record(Record.replay(SNORKELS.new(), MAIN))
    assert tree.play("D4,swap", "B2") == "D4,swap,B2"
    tree.play("D4,swap,B2", "F6")
    tree.play("D4,swap,B2", "A7")
    tree.play("D4,swap,B2,A7", "G1")
    assert tree.play("D4,swap,B2,A7", "G2") == "D4,swap,B2,A7,G2"
    return tree


def same(a: GameTree, b: GameTree) -> None:
    assert a.rows() == b.rows()
    assert a.mainline() == b.mainline() and a.variations() == b.variations()
    for row in a.rows():
        assert a.state(row["path"]).encode() == b.state(row["path"]).encode()


def test_a_tree_three_levels_deep_in_text_and_back():
    tree = three_deep()
    # move 3 (C3) is replaced by B2 F6; F6 by A7 G1; G1 by G2: each '(' right after the move it replaces
    assert tree.variations() == "3(B2,F6(A7,G1(G2)))"
    assert tree.mainline() == MAIN
    assert [(r["move"], r["level"], r["branch"]) for r in tree.rows()] == [
        ("D4", 0, False), ("swap", 0, False), ("C3", 0, False), ("B2", 1, True), ("F6", 1, False),
        ("A7", 2, True), ("G1", 2, False), ("G2", 3, True), ("E5", 0, False)]
    again = GameTree.read(SNORKELS.new(), tree.mainline(), tree.variations())
    same(tree, again)
    # the position at the deepest move is the one its moves reach from the start
    s = SNORKELS.new()
    for text in "D4 swap B2 A7 G2".split():
        s.push_text(text)
    assert again.state("D4,swap,B2,A7,G2").encode() == s.encode()
    assert again.moves_to("D4,swap,B2,A7,G2") == ["D4", "swap", "B2", "A7", "G2"]
    rec = again.record("D4,swap,B2,A7,G2")
    assert rec.moves == ["D4", "swap", "B2", "A7", "G2"] and rec.current.encode() == s.encode() and rec.at_end


def test_a_move_already_there_reuses_its_node_and_moves_are_written_as_the_game_writes_them():
    tree = three_deep()
    size = tree.size
    assert tree.play("D4,swap", "b2") == "D4,swap,B2"        # read as the game reads it, any case
    assert tree.play("D4", "SWAP") == "D4,swap" and tree.size == size
    assert tree.children("D4,swap") == ["C3", "B2"]
    assert tree.play("D4,swap,C3,E5", "A1") == "D4,swap,C3,E5,A1"   # a leaf: the line goes on
    assert tree.mainline() == MAIN + ["A1"]


def test_promote_as_lichess_one_branch_point_at_a_time_or_to_the_main_line():
    tree = three_deep()
    path = "D4,swap,B2,A7,G2"
    tree.promote(path)                       # G2 now continues A7's line instead of G1
    assert tree.children("D4,swap,B2,A7") == ["G2", "G1"]
    assert tree.mainline() == MAIN and tree.variations() == "3(B2,F6(A7,G2(G1)))"
    tree.promote(path)                       # the next branch point up: A7 before F6
    assert tree.children("D4,swap,B2") == ["A7", "F6"]
    assert tree.variations() == "3(B2,A7(F6),G2(G1))"
    tree.promote(path)                       # and the last: B2 before C3, the main line now
    assert tree.mainline() == ["D4", "swap", "B2", "A7", "G2"]
    assert tree.variations() == "3(C3,E5)4(F6)5(G1)"
    other = three_deep()
    other.promote(path, to_main=True)        # all three at once
    same(tree, other)
    before = tree.variations()
    tree.promote("D4,swap,B2")               # on the main line already: nothing changes
    assert tree.variations() == before


def test_delete_as_lichess_the_first_variation_takes_a_deleted_main_moves_place():
    tree = three_deep()
    assert tree.delete("D4,swap,C3") == "D4,swap"
    assert tree.mainline() == ["D4", "swap", "B2", "F6"]
    assert tree.variations() == "4(A7,G1(G2))"
    assert tree.delete("D4,swap,B2,A7") == "D4,swap,B2"
    assert tree.variations() == "" and tree.size == 4
    with pytest.raises(SpielkisteError) as e:
        tree.delete("")
    assert e.value.key == "err.tree_start"
    with pytest.raises(SpielkisteError) as e:
        tree.state("D4,swap,C3")
    assert e.value.key == "err.tree_path" and "D4,swap,C3" in str(e.value)


@pytest.mark.parametrize("text, error, why", [
    ("3(B2", BadLink, "tree.syntax"),                # not closed
    ("3()", BadLink, "tree.syntax"),                 # empty
    ("3(B2)2(A1)", BadLink, "tree.syntax"),          # move numbers out of order
    ("(B2)", BadLink, "tree.syntax"),                # no move number
    ("03(B2)", BadLink, "tree.syntax"),              # not the one way of writing 3
    ("3(B2,,F6)", BadLink, "tree.syntax"),
    ("3(B2),4(F6)", BadLink, "tree.syntax"),         # no comma between groups
    ("3", BadLink, "tree.syntax"),
    ("5(B2)", BadLink, "tree.anchor"),               # the main line has four moves
    ("3(C3)", BadLink, "tree.twice"),                # C3 is the main line's third move
    ("3(B2)(b2)", BadLink, "tree.twice"),
    ("2(B2)", None, None),                           # swap replaced by a Green move: legal
    ("3(Z9)", IllegalMove, "err.move_syntax"),       # no square of a 7x7 board
    ("3(D4)", IllegalMove, "err.move_illegal_why"),  # D4 is taken (the game says so)
    ("3(B2,swap)", IllegalMove, "err.move_illegal_why"),   # the pie rule's swap, but not now
])
def test_malformed_and_illegal_variations_are_refused_with_a_message(text, error, why):
    if error is None:
        assert GameTree.read(SNORKELS.new(), MAIN, text).variations() == text
        return
    with pytest.raises(error) as e:
        GameTree.read(SNORKELS.new(), MAIN, text)
    inner = e.value.params["why"]
    assert inner[0] == why
    assert e.value.message("de") != str(e.value)     # both languages say it
    assert isinstance(e.value, ValueError)


# squares of one colour of a chessboard: stones on them never touch, so none is ever captured
APART = [f"{col}{row}" for row in range(1, 8) for col in "ABCDEFG" if ("ABCDEFG".index(col) + row) % 2 == 1]


def nested(anchor: int, levels: int, squares: list[str]) -> str:
    """Variations `levels` deep from main-line move `anchor`: each line of two moves, the next
    level replacing its second move (the deepest has one)."""
    it = iter(squares)
    text = str(anchor)
    for k in range(levels):
        text += "(" + next(it) + ("," + next(it) if k < levels - 1 else "")
    return text + ")" * levels


def test_the_text_form_is_bounded(monkeypatch):
    assert len(APART) == 25 and "D4" in APART
    with pytest.raises(BadLink) as e:
        GameTree.read(SNORKELS.new(), MAIN, "3(" + "A1," * (gametree.MAX_TEXT // 3) + "A2)")
    assert e.value.params["why"][0] == "link.long"
    with pytest.raises(BadLink) as e:
        GameTree.read(SNORKELS.new(), MAIN, nested(1, gametree.MAX_NEST + 1, APART))
    assert e.value.params["why"][0] == "tree.nest"
    text = nested(1, gametree.MAX_NEST, APART)
    tree = GameTree.read(SNORKELS.new(), MAIN, text)
    assert tree.variations() == text
    deepest = max(tree.rows(), key=lambda r: r["level"])
    assert deepest["level"] == gametree.MAX_NEST
    tree.play(deepest["path"], "B1")          # its line goes on at its level
    with pytest.raises(BadLink) as e:          # but a variation inside it would nest deeper
        tree.play(deepest["path"], "B3")
    assert e.value.params["why"][0] == "tree.nest"
    monkeypatch.setattr(gametree, "MAX_NODES", 6)
    with pytest.raises(BadLink) as e:          # four main-line moves and three more
        GameTree.read(SNORKELS.new(), MAIN, "3(B2,F6,A7)")
    assert e.value.params["why"][0] == "tree.big"


def test_a_promotion_that_would_nest_too_deep_is_refused_and_changes_nothing():
    """Promoting a variation at move 1 demotes the main line one level, with every variation
    inside it: with some already at the limit there, the text form could not hold them."""
    deep = nested(2, gametree.MAX_NEST, [c for c in APART if c != "D4"])
    tree = GameTree.read(SNORKELS.new(), MAIN, "1(C3)" + deep)
    before = tree.rows()
    with pytest.raises(BadLink):
        tree.promote("C3")
    assert tree.rows() == before


OPS = st.lists(st.tuples(st.integers(0, 9), st.integers(0, 10**6), st.integers(0, 10**6)), max_size=30)


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(OPS, st.integers(0, 6))
def test_random_trees_read_back_exactly(ops, main_length):
    """Random play at random nodes, with promotions and deletions among it: the text form reads
    back into the same tree, and writing that again gives the same text."""
    rng = random.Random(main_length)
    rec = Record(SNORKELS.new())
    for _ in range(main_length):
        rec.play(rng.choice(rec.current.legal_moves()))
    tree = GameTree.from_record(rec)
    for op, a, b in ops:
        paths = [""] + [r["path"] for r in tree.rows()]
        path = paths[a % len(paths)]
        if op == 8 and path:
            tree.promote(path, to_main=b % 2 == 1)
        elif op == 9 and path:
            tree.delete(path)
        else:
            state = tree.state(path)
            moves = state.legal_moves()
            if moves:
                tree.play(path, state.move_text(moves[b % len(moves)]))
    text = tree.variations()
    again = GameTree.read(SNORKELS.new(), tree.mainline(), text)
    same(tree, again)
    assert again.variations() == text
    assert again.size == tree.size == len(tree.rows())


def test_a_kept_tree_grafted_onto_a_game_that_moved_on_loses_no_line():
    """The analysis kept with a game (spielkiste.tree.<uid>) read back after the game went on and
    after a takeback and another move: the game stays the main line, every line of the kept tree
    is there, the kept main line's move that the game took back becomes a variation."""
    kept = three_deep()                                   # main D4 swap C3 E5, variations at move 3
    game = GameTree.from_record(Record.replay(SNORKELS.new(), MAIN + ["A1", "B1"]))
    game.graft(kept)
    assert game.mainline() == MAIN + ["A1", "B1"]
    assert game.variations() == kept.variations()        # the same variations, at the same moves
    for row in kept.rows():
        assert game.state(row["path"]).encode() == kept.state(row["path"]).encode()
    # the game took E5 back and played G7 instead: E5 (kept main line) becomes a variation of G7
    other = GameTree.from_record(Record.replay(SNORKELS.new(), ["D4", "swap", "C3", "G7"]))
    other.graft(kept)
    assert other.mainline() == ["D4", "swap", "C3", "G7"]
    assert other.children("D4,swap,C3") == ["G7", "E5"]
    assert other.children("D4,swap") == ["C3", "B2"]
    assert {r["path"] for r in kept.rows()} <= {r["path"] for r in other.rows()}
    # a tree too big to take in stops with BadLink, keeping what fitted
    small = GameTree.from_record(Record.replay(SNORKELS.new(), MAIN))
    small.size = gametree.MAX_NODES - 2
    with pytest.raises(BadLink):
        small.graft(kept)
    assert small.children("D4,swap") == ["C3", "B2"]
