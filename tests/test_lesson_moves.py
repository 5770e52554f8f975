"""Every lesson step judges every legal move (issue 52, "Lessons"): each step's task is written here a
second time, as a test of the engine's facts about a move or a square (its result and the result's
reason, who moves next, the squares on its path, the pieces on the board, the gate the engine opens),
and every legal move of every step (every square of a 'tap' step) is judged by the lesson's checker:
exactly the moves that do what the task asks are accepted, and the text shown for each, in English and
German, is true of it: a "wins" text only after a win, a "gate opens" text only at the gate the engine
opens, one `done` text only for moves that end alike and name the same squares."""
import re
from collections.abc import Callable

import pytest

from spielkiste import lessons
from spielkiste.engine import State
from spielkiste.registry import GAMES
from spielkiste.texts import t

Move = tuple[State, str, State]            # (the position of the task, the move's text, the position after)


def path(m: Move) -> tuple[str, ...]:
    before, text, _ = m
    return before.move_input(before.parse_move(text))[0]


def pieces(state: State) -> int:
    return len(state.view().pieces)


def won_by(m: Move, reason: str = "") -> bool:
    before, _, after = m
    r = after.result
    return r is not None and before.to_move in r.winners and reason in ("", r.reason)


def drawn(m: Move) -> bool:
    r = m[2].result
    return r is not None and not r.winners and all(x == 0.5 for x in r.rewards)


def again(m: Move) -> bool:
    return m[2].result is None and m[2].to_move == m[0].to_move


def exits(state: State) -> bool:
    """Has Blockade's side to move a king's path out (a move "<king>-out")?"""
    return any(state.move_text(x).endswith("-out") for x in state.legal_moves())


def gate(state: State) -> str | None:
    """The gate Das Tor's engine says is open for the mover's choice, or None."""
    status = state.status()
    return str(status[1]["square"]) if status is not None and status[0] == "tor.choose" else None


MOVES: dict[tuple[str, str], Callable[[Move], bool]] = {     # per step: what its task asks of a move
    ("aufstellen", "cylinder"): lambda m: path(m)[0] == "E5",
    ("aufstellen", "line"): lambda m: won_by(m, "why.aufstellen.line"),
    ("aufstellen", "stuck"): lambda m: won_by(m, "why.aufstellen.stuck"),
    ("blockade", "exit"): won_by,
    ("blockade", "turns"): won_by,
    ("blockade", "block"): lambda m: m[2].result is None and not exits(m[2]),
    ("drei", "drei"): lambda m: won_by(m, "why.drei.three"),
    ("drei", "troika"): lambda m: won_by(m, "why.drei.three"),
    ("drei", "draw"): drawn,
    ("snorkels", "pie"): lambda m: pieces(m[2]) == pieces(m[0]),          # no snorkel placed: the swap
    ("snorkels", "capture"): won_by,
    ("snorkels", "stones"): won_by,
    ("snorkels", "mutual"): won_by,
    ("solitaire", "jump"): lambda m: path(m)[0] == "F5" and pieces(m[0]) - pieces(m[2]) == 4,
    ("solitaire", "own-colour"): lambda m: path(m)[0] == "F5" and path(m)[1][0] > "F" and path(m)[1][1:] == "5",
    ("solitaire", "plan"): lambda m: path(m)[0] == "F9",
    ("solitaire", "end"): lambda m: pieces(m[2]) == 1,
    ("sprung", "jump"): lambda m: path(m)[0] == "A4",
    ("sprung", "bonus"): again,
    ("sprung", "bonus-piece"): lambda m: again(m) and path(m)[0] == "E7",
    ("sprung", "goal"): won_by,
    ("surikata", "move"): lambda m: m[1][0] == "C" or m[1][1:] == "3",   # in the meerkat's lines, yet legal
    ("surikata", "line"): lambda m: m[2].result is None,
    ("surikata", "trapped"): won_by,
    ("surikata", "draw"): drawn,
    ("tor", "gate"): lambda m: path(m)[0] == "G3" and gate(m[2]) is not None,
    ("tor", "new-piece"): lambda m: pieces(m[2]) == pieces(m[0]) + 1,
    ("tor", "win"): won_by,
    ("weltreich", "capture"): lambda m: pieces(m[2]) < pieces(m[0]),
    ("weltreich", "thrones"): lambda m: won_by(m, "why.weltreich.thrones"),
    ("weltreich", "crowning"): lambda m: won_by(m, "why.weltreich.crown"),
    ("weltreich", "commander"): lambda m: won_by(m, "why.weltreich.commander"),
    ("weltreich", "quiet"): lambda m: m[2].result is None,
    ("weltreich", "out"): lambda m: path(m)[-1] == "K2" and pieces(m[2]) < pieces(m[0]),
    ("ziggurats", "connection"): lambda m: path(m) == ("B2", "A2"),
    ("ziggurats", "ziggurat"): lambda m: won_by(m, "why.ziggurats.built"),
    ("ziggurats", "everyone-loses"): lambda m: m[2].result is None,
}


def piece_of(state: State, cell: str, colour: str, mark: str = "") -> bool:
    return any(p.cell == cell and p.colour == colour and mark in ("", p.mark) for p in state.view().pieces)


def refused(state: State, cell: str) -> bool:
    return all(state.move_text(x).upper() != cell for x in state.legal_moves())


def tubes(state: State, group: set[str]) -> set[str]:
    """The empty squares orthogonally next to a group (Snorkels' breathing tubes), from the view."""
    taken = {p.cell for p in state.view().pieces}
    cells = {c.id for c in state.view().cells}
    out = set()
    for cell in group:
        col, row = cell[0], int(cell[1:])
        for near in (f"{chr(ord(col) + 1)}{row}", f"{chr(ord(col) - 1)}{row}", f"{col}{row + 1}", f"{col}{row - 1}"):
            if near in cells and near not in taken:
                out.add(near)
    return out


def centre(cell: str) -> bool:
    """Blockade's circled centres: the middle square of each 3 x 3 field."""
    return cell[0] in "BEHK" and int(cell[1:]) % 3 == 2


def loses_there(state: State, cell: str) -> bool:
    """Placed on `cell`, does the mover lose at once?"""
    if refused(state, cell):
        return False
    r = played(state, cell).result
    return r is not None and state.to_move not in r.winners


def surikata_empty(state: State, cell: str) -> bool:
    return all(p.cell != cell for p in state.view().pieces)


TAPS: dict[tuple[str, str], Callable[[State, str], bool]] = {    # per 'tap' step: the squares its task asks for
    ("blockade", "placing"): lambda s, c: centre(c) and refused(s, c),
    ("drei", "forbidden"): lambda s, c: c in ("A6", "A8", "B7", "B8") and refused(s, c),    # the king's squares
    ("drei", "ahead"): lambda s, c: c in ("H1", "H2", "H4", "H5", "H6") and refused(s, c),  # the rook's squares
    ("snorkels", "groups"): lambda s, c: {c} == tubes(s, {"B3", "C3", "C4"}),
    ("snorkels", "self-capture"): lambda s, c: loses_there(s, c),
    ("surikata", "meerkat"): lambda s, c: surikata_empty(s, c) and refused(s, c),
    ("sprung", "partners"): lambda s, c: piece_of(s, c, "blue"),
    ("sprung", "turn-order"): lambda s, c: piece_of(s, c, "red"),
    ("tor", "partners"): lambda s, c: piece_of(s, c, "blue"),
    ("tor", "turn-order"): lambda s, c: piece_of(s, c, "green"),
    ("weltreich", "partners"): lambda s, c: piece_of(s, c, "green", "commander"),
    ("weltreich", "turn-order"): lambda s, c: piece_of(s, c, "yellow", "commander"),
}


def played(state: State, text: str) -> State:
    after = state.copy()
    after.push_text(text)
    return after


STEPS = [(game, step) for game in sorted(GAMES) for step in lessons.load(game).steps]
IDS = [f"{game}-{step.topic}" for game, step in STEPS]


def test_every_task_is_written_twice() -> None:
    """Every 'move' and 'tap' step has its task here; every 'any' step accepts every legal move."""
    asked = {(g, s.topic) for g, s in STEPS if s.kind == "move"}
    tapped = {(g, s.topic) for g, s in STEPS if s.kind == "tap"}
    assert asked == set(MOVES) and tapped == set(TAPS)


# ---------------------------------------------------------------------- what a text claims
COLOURS = r"([A-ZÄÖÜ]\w+)"     # a seat's colour, named


def colour_of(state: State, seat: int, lang: str) -> str:
    return t("colour." + state.seat_colour(seat), lang)


def claims(text: str, lang: str, m: Move) -> list[str]:
    """The claims of a text that the engine's facts about move `m` contradict (empty: all true)."""
    before, _, after = m
    r = after.result
    wrong = []

    def claim(pattern: str, fact: bool) -> None:
        if re.search(pattern, text) and not fact:
            wrong.append(pattern)

    en = lang == "en"
    negated_win = r"(does not|doesn't) win" if en else r"gewinnt nicht"
    claim(negated_win, not won_by(m))
    if not re.search(negated_win, text):
        claim(r"\bwins\b" if en else r"\bgewinnt\b", won_by(m))
    claim(r"\bdraw(n)?\b" if en else r"\bunentschieden\b", drawn(m))
    claim(r"everyone would lose" if en else r"alle würden verlieren",
          r is not None and not r.winners and all(x < 0.5 for x in r.rewards))
    claim(r"captures nothing" if en else r"schlägt nichts", pieces(after) >= pieces(before))
    claim(r"removes fewer than four" if en else r"entfernt weniger als vier", pieces(before) - pieces(after) < 4)
    claim(r"[Nn]o extra move" if en else r"keinen Extrazug", not again(m))
    claim(r"may go on|[Aa]nother extra move" if en else r"darf weiter|[Nn]och ein Extrazug", again(m))
    claim(r"No gate there" if en else r"Dort öffnet sich kein Tor", gate(after) is None)
    mover = re.search(r"opens no gate with the \w+ from (\w+)" if en else r"öffnet das \w+ von (\w+) kein Tor", text)
    if mover and path(m)[0] == mover.group(1) and gate(after) is not None:
        wrong.append(mover.group(0))
    opened = re.search(r"gate (\w+) opens" if en else r"Tor (\w+) öffnet sich", text)
    if opened and gate(after) != opened.group(1):
        wrong.append(opened.group(0))
    nxt = re.search(COLOURS + (r" (moves|places) next" if en else r" (ist|setzt) als Nächstes"), text)
    if nxt and r is None and nxt.group(1) != colour_of(after, after.to_move, lang):
        wrong.append(nxt.group(0))
    return wrong


SQUARE = re.compile(r"\b[A-L](?:1[0-2]|[1-9])\b")


# ---------------------------------------------------------------------- the tests
@pytest.mark.parametrize(("game", "step"), STEPS, ids=IDS)
def test_every_legal_move_is_judged_by_the_task(game: str, step: lessons.Step) -> None:
    if step.kind == "tap":
        return
    before = step.state()
    moves = [(before, before.move_text(x), played(before, before.move_text(x))) for x in before.legal_moves()]
    task = MOVES.get((game, step.topic), lambda m: True)
    right = [m for m in moves if task(m)]
    assert right, "a task no move does"
    assert {m[1] for m in right} >= set(step.answers), "Show me plays a move the task does not ask for"
    for m in moves:
        verdict = lessons.check(step, m[1])
        assert verdict.ok == task(m), (m[1], verdict.why["en"])
        assert verdict.move == m[1]
        other = step.piece and path(m)[0] != step.piece          # another piece than the task's: said so
        assert verdict.why == (step.done if verdict.ok else step.hint if not other else
                               {lang: t("learn.other_piece", lang, moved=path(m)[0], cell=step.piece)
                                for lang in lessons.LANGS}), m[1]
        for lang in lessons.LANGS:
            text = verdict.why[lang]
            assert not claims(text, lang, m), (m[1], lang, text, claims(text, lang, m))
    if step.kind == "move":
        # one `done` text for every move accepted: they end alike, and name the same squares
        ends = {(m[2].result.reason if m[2].result else "", again(m)) for m in right}
        assert len(ends) == 1, ends
        for lang in lessons.LANGS:
            named = set(SQUARE.findall(step.done[lang]))
            on_paths = [named & set(path(m)) for m in right]
            assert all(p == on_paths[0] for p in on_paths), (lang, step.done[lang])


@pytest.mark.parametrize(("game", "step"), [(g, s) for g, s in STEPS if s.kind == "tap"],
                         ids=[i for i, (g, s) in zip(IDS, STEPS, strict=True) if s.kind == "tap"])
def test_every_square_is_judged_by_the_task(game: str, step: lessons.Step) -> None:
    state = step.state()
    task = TAPS[(game, step.topic)]
    cells = [c.id for c in state.view().cells]
    right = {c for c in cells if task(state, c)}
    assert right == set(step.answers), "the answers (all shown by Show me) are every square the task asks for"
    for cell in cells:
        verdict = lessons.check(step, cell)
        assert verdict.ok == (cell in right), cell
        assert verdict.move is None
        if not verdict.ok:
            assert verdict.why == step.hint
            continue
        assert lessons.holds(step, state, cell)
        why = state.why_illegal(cell) if step.goal == "illegal" else None
        for lang in lessons.LANGS:
            assert verdict.why[lang].startswith(step.done[lang])
            if why is not None:       # the engine's own reason, said as a reason, not as praise
                reason = t("learn.refused", lang, cell=cell, why=t(why[0], lang, **why[1]))
                assert verdict.why[lang] == step.done[lang] + " " + reason and ".." not in reason


def test_no_text_says_right_twice() -> None:
    """The page puts "Right!" before a right answer's text: no text starts with it again."""
    for game, step in STEPS:
        for lang, word in (("en", "Right"), ("de", "Richtig")):
            assert not step.done[lang].startswith(word), (game, step.topic, step.done[lang])


def test_blockade_guards_may_cross_but_not_stop_in_a_kings_field() -> None:
    """The German rule of moving guards says what the English one and the rules page say: a guard never
    stops in a king's field (it may pass through one), and the engine agrees."""
    step = next(s for s in lessons.load("blockade").steps if s.topic == "guard-move")
    assert "never stopping in a king's field" in step.rule["en"]
    assert "nie in einem Königsfeld stehen" in step.rule["de"] and "nie in ein Königsfeld" not in step.rule["de"]
    s = step.state()
    texts = {s.move_text(x) for x in s.legal_moves()}
    assert "G1-C1" in texts and not any(x.startswith("G1-") and x[3] in "DEF" and int(x[4:]) <= 3 for x in texts)
