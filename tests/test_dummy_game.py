"""docs/ARCHITECTURE.md's checklist for a new game, proven on a tiny one defined here:
tic-tac-toe on 3x3 registers, is drawn by the one renderer, round-trips its position code and
its links, and the one search plays it through, with nothing changed outside this file. The
fixture unregisters it (and drops its texts) afterwards, so the ten real games stay as they were."""
import pytest

from spielkiste.ai import Search
from spielkiste.codec import grid_decode, grid_encode, parse_int, split_fields
from spielkiste.coords import names
from spielkiste.editor import Editor, Item, Setup
from spielkiste.engine import Outcome, State
from spielkiste.errors import BadMove, BadPosition, IllegalMove, SpielkisteError
from spielkiste.record import Record
from spielkiste.registry import GAMES, chooser, get_game, register, unregister
from spielkiste.texts import TABLE, add, t
from spielkiste.view import Piece, grid
from spielkiste_web import links, svg

CELLS = names(3, 3)
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARKS = "XO"
TEXTS = {
    "game.tictactoe": ("Tic-tac-toe", "Tic-Tac-Toe"),
    "blurb.tictactoe": ("Three in a row on 3x3.", "Drei in einer Reihe auf 3x3."),
    "why.tictactoe.line": ("Three in a row: {winner} wins.", "Drei in einer Reihe: {winner} gewinnt."),
}


class TicTacToe(State):
    """Seat 0 (White) plays X and starts; moves are square indices 0-8 in reading order."""
    id = "tictactoe"
    move_pattern = r"(?i)[A-C][1-3]"

    board: list

    def _setup(self, options):
        self.board = ["."] * 9

    def legal_moves(self):
        return [] if self.result is not None else [i for i in range(9) if self.board[i] == "."]

    def _apply(self, move):
        seat = self.to_move
        self.board[move] = MARKS[seat]
        self.to_move = 1 - seat
        self.result = self._judge(seat)

    def _judge(self, seat: int) -> Outcome | None:
        """The outcome after `seat` moved: its three in a row, a full board, or None."""
        for line in LINES:
            if all(self.board[j] == MARKS[seat] for j in line):
                return Outcome.win(self, seat, "why.tictactoe.line", line=[CELLS[j] for j in line],
                                   winner=self.seat_ref(seat))
        return Outcome.draw(self) if "." not in self.board else None

    def move_text(self, move):
        return CELLS[move]

    def move_input(self, move):
        return (CELLS[move],), None

    def _encode_body(self):
        return f"{grid_encode(self.board, 3)};{self.to_move}"

    def edit_items(self):
        return tuple(Item(mark, "disc", self.seat_colour(seat)) for seat, mark in enumerate(MARKS))

    def to_setup(self):
        return Setup({}, {CELLS[i]: (ch,) for i, ch in enumerate(self.board) if ch != "."}, self.to_move)

    @classmethod
    def setup_body(cls, setup):
        return f"{grid_encode([setup.board.get(c, ('.',))[-1] for c in CELLS], 3)};{setup.to_move}"

    def _decode_body(self, body, options):
        board, seat = split_fields(body, 2)
        self.board = grid_decode(board, 3, 3, MARKS)
        self.to_move = parse_int(seat, 0, 1, "pos.what.to_move")
        xs, os_ = self.board.count("X"), self.board.count("O")
        if xs - os_ not in (0, 1) or self.to_move != xs - os_:
            raise BadPosition("err.position", why=("X starts and the players alternate", {}))
        self.ply = xs + os_
        if self.ply:
            self.result = self._judge(1 - self.to_move)

    def view(self, aids=frozenset(), selected=None):
        v = grid(3, 3)
        v.pieces = [Piece(CELLS[i], "disc", self.seat_colour(MARKS.index(ch)))
                    for i, ch in enumerate(self.board) if ch != "."]
        if self.result is not None and self.result.line:
            v.lines.append(("win", list(self.result.line)))
        return v


@pytest.fixture
def tictactoe():
    before = list(chooser())
    add(TEXTS)
    register(TicTacToe, designer="traditional", sheet="-")
    try:
        yield TicTacToe
    finally:
        unregister(TicTacToe.id)
        for key in TEXTS:
            del TABLE[key]
    assert list(chooser()) == before and list(GAMES) == [e.id for e in before]
    with pytest.raises(SpielkisteError):
        get_game("tictactoe")


def test_it_registers_last_in_the_chooser_and_leaves_no_trace(tictactoe):
    entry = chooser()[-1]
    assert entry.cls is tictactoe and get_game("TicTacToe") is tictactoe and list(GAMES)[-1] == "tictactoe"
    assert t(entry.name_key, "de") == "Tic-Tac-Toe" and entry.player_counts == (2,) and entry.options == ()
    with pytest.raises(ValueError, match="registered twice"):
        register(TicTacToe, designer="someone else", sheet="-")


def test_renders_with_the_one_renderer(tictactoe):
    s = tictactoe.new()
    for text in ("B2", "A1", "C3"):
        s.push_text(text)
    out = svg.render(s.view(), "en", targets={CELLS[m] for m in s.legal_moves()}, title="Tic-tac-toe")
    assert out.startswith("<svg") and out.count("data-cell=") == 9 and out.count("data-piece=") == 3
    assert out.count('class="cell fill-') == 9 and out.count(" target") == 6


def test_position_codes_and_links_round_trip(tictactoe):
    rec = Record.new(tictactoe)
    for text in ("B2", "A1", "C3", "A3", "A2", "C2", "B3", "B1", "C1"):
        code = rec.current.encode()
        assert tictactoe.decode(code).encode() == code
        rec.play_text(text)
    done = rec.current
    assert done.result is not None and done.result.reason == "why.draw"
    assert tictactoe.decode(done.encode()).result.reason == "why.draw"
    again = links.from_fragment(links.to_fragment(rec))
    assert again.current.encode() == done.encode() and again.moves == rec.moves
    with pytest.raises(BadPosition, match="alternate"):
        tictactoe.decode("1::XX1/3/3;1")       # X moved twice
    with pytest.raises(BadMove):
        tictactoe.new().push_text("D4")
    with pytest.raises(IllegalMove):
        rec.states[1].copy().push_text("B2")


def test_a_finished_line_is_judged_and_drawn():
    s = TicTacToe.decode("1::XX1/OO1/3;0")
    s.push_text("C1")
    assert s.result.winners == (0,) and s.result.line == ("A1", "B1", "C1")
    assert s.legal_moves() == [] and s.view().lines == [("win", ["A1", "B1", "C1"])]


def test_the_search_plays_a_full_game_to_a_draw(tictactoe):
    """Tic-tac-toe is a draw with best play; the search, given a few hundred iterations a move,
    neither misses a win nor lets one through."""
    s = tictactoe.new()
    while s.result is None:
        search = Search(s, seed=s.ply)
        search.run(iterations=400)
        move = search.best_move()
        assert move in s.legal_moves()
        s.play(move)
    assert s.result.reason == "why.draw" and s.ply == 9


def test_the_board_editor_needs_three_small_hooks(tictactoe):
    """edit_items, to_setup and setup_body are all the editor needs: it builds a position, the
    game's own reader refuses an impossible one, and a legal one plays on."""
    ed = Editor.of(tictactoe.new())
    ed.place("B2", "X")
    ed.place("A1", "X")
    with pytest.raises(BadPosition, match="alternate"):
        ed.check()
    ed.place("A1", "O")               # replaces the X
    ed.set_to_move(0)
    s = ed.check()
    assert s.encode() == "1::O2/1X1/3;0" and len(s.legal_moves()) == 7
    assert [(p.cell, p.colour) for p in ed.view().pieces] == [("B2", "white"), ("A1", "black")]
