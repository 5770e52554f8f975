"""The analysis board's game tree: a game's main line with variations, as on lichess.

A node is addressed by its path: the move texts from the start joined by ',' ('' is the start,
'D4,C3' the position after D4 and C3). Move texts are unique among a node's children (playing a
move already there goes to its node), so a path names one node, and it stays valid when a
variation is promoted or another deleted. The first child of a node continues its line; the
others are variations, in the order they were made.

Text form (docs/ANALYSIS.md): the main line is a list of moves (a link's `m=`, as before); the
variations are one string (a link's `var=`), e.g. `2(C3,E5(F2))(B2)5(A1)`: before each group,
the number of the main-line move (1-based) that the parenthesised lines replace; inside, moves
joined by ',', and a parenthesis right after a move holds a line that replaces that move (PGN's
rule; a variation's first move is replaced by the group after it, so there is one way to write a
tree). Every move is read with the game's own parse_move, so a hostile text cannot build an
illegal tree; the text is read in one pass with limits on its length, the nesting and the number
of moves, and every fault is a SpielkisteError (BadLink, IllegalMove) with a message."""
from __future__ import annotations

import re
from typing import TypedDict

from .codec import clip
from .engine import State
from .errors import BadLink, IllegalMove, SpielkisteError
from .record import Record
from .texts import add, msg

SEP = ","
MAX_TEXT = 12000     # characters of a variations text (a link holds 20,000)
MAX_NODES = 3000     # moves in the whole tree, main line included
MAX_NEST = 12        # variations inside variations
TOKEN = re.compile(r"[(),]|[^(),]+")
ANCHOR = re.compile(r"[1-9][0-9]{0,5}")

add({
    "err.tree_path": ("There is no move {path} in this analysis.", "In dieser Analyse gibt es keinen Zug {path}."),
    "err.tree_start": ("The start position cannot be deleted.", "Die Ausgangsstellung kann nicht gelöscht werden."),
    "err.variation_move": ("A variation cannot be read: {why}", "Eine Variante ist nicht lesbar: {why}"),
    "tree.syntax": ("its variations are garbled at character {at}",
                    "seine Varianten sind bei Zeichen {at} verstümmelt"),
    "tree.nest": ("variations are nested more than {max} deep", "Varianten sind mehr als {max}-fach verschachtelt"),
    "tree.big": ("it holds more than {max} moves", "er enthält mehr als {max} Züge"),
    "tree.anchor": ("its main line has no move {number} for variations to replace",
                    "seine Hauptvariante hat keinen Zug {number}, den Varianten ersetzen könnten"),
    "tree.twice": ("{text} is written twice at one point", "{text} steht an einer Stelle zweimal"),
})


class Row(TypedDict):
    """One move of the tree as the move list shows it (GameTree.rows)."""
    path: str
    move: str
    ply: int          # moves from the start: 1 for the first
    mover: int        # the seat that played it
    level: int        # variations it lies in: 0 on the main line
    branch: bool      # it starts a variation (the page opens an indented line)


class Node:
    __slots__ = ("text", "state", "parent", "children")

    def __init__(self, text: str, state: State, parent: Node | None) -> None:
        self.text = text                      # the move into this node ('' at the start)
        self.state = state                    # the position after it (never handed out: copies)
        self.parent = parent
        self.children: list[Node] = []

    def path(self) -> str:
        texts: list[str] = []
        node: Node | None = self
        while node is not None and node.parent is not None:
            texts.append(node.text)
            node = node.parent
        return SEP.join(reversed(texts))

    def nest(self) -> int:
        """How many variations this node lies in: the steps to the start that leave a first child."""
        n, node = 0, self
        while node.parent is not None:
            n += node.parent.children[0] is not node
            node = node.parent
        return n


class GameTree:
    def __init__(self, start: State, custom_start: bool = False) -> None:
        self.root = Node("", start.copy(), None)
        self.custom_start = custom_start      # as Record's: the start is not its options' standard one
        self.size = 0                         # moves in the tree

    @classmethod
    def from_record(cls, rec: Record) -> GameTree:
        """The record's moves (all of them, whatever its cursor) as the main line."""
        tree = cls(rec.start, rec.custom_start)
        node = tree.root
        for text, state in zip(rec.moves, rec.states[1:], strict=True):
            node = tree._add(node, text, state.copy())
        return tree

    @classmethod
    def read(cls, start: State, moves: list[str], variations: str = "", custom_start: bool = False) -> GameTree:
        """The tree of a main line (move texts, IllegalMove naming the first bad one as a link's
        do) and a variations text (module docstring); BadLink or IllegalMove if either is bad."""
        tree = cls.from_record(Record.replay(start, moves, custom_start))
        if variations:
            _Reader(tree, variations).run()
        return tree

    # ------------------------------------------------------------------ reading
    def _node(self, path: str) -> Node:
        node = self.root
        for text in path.split(SEP) if path else ():
            child = next((ch for ch in node.children if ch.text == text), None)
            if child is None:
                raise SpielkisteError("err.tree_path", path=clip(path))
            node = child
        return node

    def state(self, path: str) -> State:
        """The position at `path` (a copy: the tree's own stay untouched)."""
        return self._node(path).state.copy()

    def children(self, path: str) -> list[str]:
        """The moves played from `path`: the line's continuation first, then its variations."""
        return [ch.text for ch in self._node(path).children]

    def moves_to(self, path: str) -> list[str]:
        """The move texts from the start to `path` (checked: the path must exist)."""
        self._node(path)
        return path.split(SEP) if path else []

    def mainline(self) -> list[str]:
        """The main line's moves: the first child from the start on."""
        out, node = [], self.root
        while node.children:
            node = node.children[0]
            out.append(node.text)
        return out

    def record(self, path: str) -> Record:
        """A Record of the line to `path`, for everything that takes one (links, the review)."""
        rec = Record(self.root.state.copy(), self.custom_start)
        node = self._node(path)
        line: list[Node] = []
        while node.parent is not None:
            line.append(node)
            node = node.parent
        for n in reversed(line):
            rec.states.append(n.state.copy())
            rec.moves.append(n.text)
        rec.cursor = len(rec.moves)
        return rec

    def rows(self) -> list[Row]:
        """Every move in the order the move list shows them (the order of the text form: each
        move, then the variations that replace it, each in full)."""
        out: list[Row] = []
        _rows(self.root, "", 0, 0, out)
        return out

    # ------------------------------------------------------------------ changing
    def _add(self, parent: Node, text: str, state: State) -> Node:
        if self.size >= MAX_NODES:
            raise BadLink("err.link", why=msg("tree.big", max=MAX_NODES))
        child = Node(text, state, parent)
        parent.children.append(child)
        self.size += 1
        return child

    def play(self, path: str, text: str) -> str:
        """Play a move (text, read by the game) at `path`; returns the new node's path. A move
        already played there goes to its node; a new one continues the line if the node has no
        move yet, else starts a variation. BadMove/IllegalMove for a move that is not legal."""
        node = self._node(path)
        move = node.state.parse_move(text)
        canon = node.state.move_text(move)
        child = next((ch for ch in node.children if ch.text == canon), None)
        if child is None:
            if node.children and node.nest() >= MAX_NEST:
                raise BadLink("err.link", why=msg("tree.nest", max=MAX_NEST))
            state = node.state.copy()
            state.play(move)
            child = self._add(node, canon, state)
        return child.path()

    def graft(self, other: GameTree) -> None:
        """Every line of `other` (a tree from the same start) played into this one, in its order:
        moves this tree has are followed, the others become variations, so nothing of either tree
        is lost (the analysis kept with a game that has moved on since). BadLink when a line does
        not fit (too many moves, nested too deep): what was added before it stays."""
        todo = [(other.root, "")]
        while todo:
            node, path = todo.pop()
            here = [(child, self.play(path, child.text)) for child in node.children]
            todo.extend(reversed(here))

    def delete(self, path: str) -> str:
        """Delete the move at `path` with everything after it; returns its parent's path. A
        deleted main-line move leaves its first variation as the main line (lichess)."""
        node = self._node(path)
        if node.parent is None:
            raise SpielkisteError("err.tree_start")
        node.parent.children.remove(node)
        self.size -= _count(node)
        return node.parent.path()

    def promote(self, path: str, to_main: bool = False) -> None:
        """lichess's 'promote variation': the nearest branch point above `path` where its line is
        a variation makes it the continuation there; with to_main, every one up to the start
        ('make main line'). Refused (tree unchanged) if the lines it demotes would nest deeper
        than the text form allows."""
        order = []
        node = self._node(path)
        while node.parent is not None:
            parent = node.parent
            if parent.children[0] is not node:
                order.append((parent, parent.children[:]))
                parent.children.remove(node)
                parent.children.insert(0, node)
                if not to_main:
                    break
            node = parent
        if _deepest(self.root) > MAX_NEST:
            for parent, children in order:
                parent.children[:] = children
            raise BadLink("err.link", why=msg("tree.nest", max=MAX_NEST))

    # ------------------------------------------------------------------ text form
    def variations(self) -> str:
        """The variations as text (module docstring): '' when there are none."""
        out: list[str] = []
        node, number = self.root, 0
        while node.children:
            first, *alts = node.children
            number += 1
            if alts:
                out.append(str(number))
                for alt in alts:
                    _write(alt, out)
            node = first
        return "".join(out)


def _write(node: Node, out: list[str]) -> None:
    """A variation starting with `node`, in parentheses: its moves, each followed by the
    variations that replace it. Recursion depth: the nesting, at most MAX_NEST."""
    out.append("(" + node.text)
    while node.children:
        first, *alts = node.children
        out.append(SEP + first.text)
        for alt in alts:
            _write(alt, out)
        node = first
    out.append(")")


def _rows(node: Node, path: str, ply: int, level: int, out: list[Row]) -> None:
    """The line that continues from `node` (at `path`), each move followed by its variations."""
    while node.children:
        mover = node.state.to_move
        prefix = path + SEP if path else ""
        for i, child in enumerate(node.children):
            if i:
                out.append({"path": prefix + child.text, "move": child.text, "ply": ply + 1, "mover": mover,
                            "level": level + 1, "branch": True})
                _rows(child, prefix + child.text, ply + 1, level + 1, out)
            else:
                out.append({"path": prefix + child.text, "move": child.text, "ply": ply + 1, "mover": mover,
                            "level": level, "branch": False})
        node, path, ply = node.children[0], prefix + node.children[0].text, ply + 1


def _count(node: Node) -> int:
    n, todo = 0, [node]
    while todo:
        x = todo.pop()
        n += 1
        todo.extend(x.children)
    return n


def _deepest(root: Node) -> int:
    """The deepest nesting of any node (a walk over the tree, no recursion)."""
    best, todo = 0, [(root, 0)]
    while todo:
        node, nest = todo.pop()
        best = max(best, nest)
        todo.extend((ch, nest + (i > 0)) for i, ch in enumerate(node.children))
    return best


class _Reader:
    """Reads a variations text into a tree holding its main line: one pass over the tokens with
    an explicit stack of the open parentheses, no recursion."""

    def __init__(self, tree: GameTree, text: str) -> None:
        if len(text) > MAX_TEXT:
            raise BadLink("err.link", why=msg("link.long"))
        self.tree, self.text = tree, text
        self.main: list[Node] = [tree.root]
        node = tree.root
        while node.children:
            node = node.children[0]
            self.main.append(node)

    def fail(self, at: int) -> BadLink:
        return BadLink("err.link", why=msg("tree.syntax", at=at + 1))

    def run(self) -> None:
        # per open '(': [the node its first move is played from, its line's last move (None
        # before the first), the move the parenthesis replaces (what a ')' returns to)]
        stack: list[list[Node | None]] = []
        last: Node | None = None   # the move a '(' here would replace
        anchor, expect_move, need_group = 0, False, False
        for m in TOKEN.finditer(self.text):
            tok, at = m.group(), m.start()
            if tok == "(":
                if last is None or last.parent is None or (stack and last.parent is stack[-1][0]):
                    raise self.fail(at)     # also after a variation's first move: its own alternatives
                if len(stack) >= MAX_NEST:
                    raise BadLink("err.link", why=msg("tree.nest", max=MAX_NEST))
                stack.append([last.parent, None, last])
                last, expect_move, need_group = None, True, False
            elif tok == ")":
                if not stack or expect_move:
                    raise self.fail(at)
                last = stack.pop()[2]
            elif tok == SEP:
                if not stack or expect_move:
                    raise self.fail(at)
                last, expect_move = None, True
            elif not stack:                     # the number of the main-line move replaced next
                if not ANCHOR.fullmatch(tok) or need_group or int(tok) <= anchor:
                    raise self.fail(at)
                anchor = int(tok)
                if anchor >= len(self.main):
                    raise BadLink("err.link", why=msg("tree.anchor", number=anchor))
                last, need_group = self.main[anchor], True
            else:
                if not expect_move:
                    raise self.fail(at)
                frame = stack[-1]
                parent = frame[1] or frame[0]
                assert parent is not None
                last = frame[1] = self._move(parent, tok)
                expect_move = False
        if stack or need_group:
            raise self.fail(len(self.text) - 1)

    def _move(self, parent: Node, text: str) -> Node:
        state = parent.state
        try:
            move = state.parse_move(text)
        except SpielkisteError as e:
            raise IllegalMove("err.variation_move", why=msg(e.key, **e.params)) from None
        canon = state.move_text(move)
        if any(ch.text == canon for ch in parent.children):
            raise BadLink("err.link", why=msg("tree.twice", text=canon))
        after = state.copy()
        after.play(move)
        return self.tree._add(parent, canon, after)
