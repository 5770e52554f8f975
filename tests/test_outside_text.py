"""Every text from outside the worker read by one reader (issue 51, section 2) under CPython: the
worker's requests and what a link or storage carried inside them (a review, puzzle progress, a
link's `puzzle=`, `learn=` and `review=` values) through spielkiste_web/outside.py and links.unquote,
from the page's entry (engine_worker.handle, JSON text in, JSON text out). Deep nesting never reaches
json.loads (in Pyodide its recursion is a stack overflow that kills the engine for good); a review
is read as data and checked move by move against the game; every %-escape and number of a link is
read or refused with a message in English and German; every request op fed junk answers an error,
in time, and the session goes on."""
import importlib
import inspect
import json
import time
import urllib.parse

import pytest
from hypothesis import given, settings, strategies as st

from spielkiste import puzzles
from spielkiste_web import engine_worker, links, outside
from spielkiste_web.session import OPS, ROOMS, Session

# Snorkels from the start: Purple misses the win in one on A2 with D4 (ply 5), Green wins on G6
PLANTED = "snorkels?m=B1,A1,G7,F7,D4,G6"
DEEP = "[" * 5000                       # the issue's link: 5 kB of '[' after review=


@pytest.fixture
def ask(monkeypatch):
    """The worker's entry with a fresh session: a request (dict, or raw text) -> its answer (dict)."""
    monkeypatch.setattr(engine_worker, "session", Session("en"))

    def call(msg):
        return json.loads(engine_worker.handle(msg if isinstance(msg, str) else json.dumps(msg)))
    return call


def reviewed(ask) -> dict:
    """The planted game opened and reviewed at 200 iterations a position: the last answer."""
    assert "error" not in ask({"op": "open", "link": PLANTED})
    got = ask({"op": "review_start", "iterations": 200})
    while got["state"] != "done":
        got = ask({"op": "review_step"})
    return got


def escaped(text: str) -> str:
    """As the page puts a review into a link (encodeURIComponent)."""
    return urllib.parse.quote(text, safe="-_.!~*'()")


def plays_on(ask) -> None:
    """The engine still answers: the game shown takes a move, or a new game opens and takes one."""
    snap = ask({"op": "open", "link": "snorkels?m=D4"})
    assert snap["kind"] == "snapshot", snap
    after = ask({"op": "play", "move": "C3", "ply": 1})
    assert after["kind"] == "snapshot" and after["moves_n"] == 2, after


# ---------------------------------------------------------------------- the one reader
def test_the_reader_refuses_deep_long_repeated_and_non_json_numbers_before_json_loads_recurses():
    for text in (DEEP, "[" * 10_000 + "]" * 10_000, '{"a":' * 10_000 + "1" + "}" * 10_000,
                 '{"a": 1, "a": 2}', '{"a": NaN}', '[Infinity]', '[-Infinity]', '[1e999]', "x" * 101, 7, None, b"[]"):
        with pytest.raises(outside.SpielkisteError) as e:
            outside.read_json(text, 100_000 if isinstance(text, str) and len(text) > 101 else 100, key="err.saved")
        assert e.value.key == "err.saved"
    assert outside.read_json("[" * 16 + "]" * 16, 100) == eval("[" * 16 + "]" * 16)
    with pytest.raises(outside.SpielkisteError):
        outside.read_json("[" * 17 + "]" * 17, 100)
    assert outside.read_json('{"a": [1.5, "[[[", {"b": null}]}', 100) == {"a": [1.5, "[[[", {"b": None}]}


def test_a_request_nested_too_deep_or_not_json_is_refused_and_the_engine_goes_on(ask):
    for raw in (DEEP, "[" * 100_000, '{"op": "open", "link": ' + "[" * 10_000 + "]" * 10_000 + "}",
                '{"op": "play", "move": NaN}', "not json", "[]", '"open"'):
        got = ask(raw)
        assert got["error"].startswith("The game engine was sent a request it cannot read"), got
    assert ask({"op": "open", "link": "snorkels", "lang": "de"})["lang"] == "de"
    assert ask(DEEP)["error"].startswith("Die Spiel-Engine bekam eine Anfrage, die sie nicht lesen kann")
    plays_on(ask)


# ---------------------------------------------------------------------- a review from a link or storage
def test_the_issues_deep_review_link_and_bad_escape_are_said_and_the_game_goes_on(ask):
    assert "error" not in ask({"op": "open", "link": "snorkels?m=D4"})
    for text in (DEEP, "%E0%A4%A", "%", "%zz", "%FF" * 3000, escaped(DEEP)):
        got = ask({"op": "review_load", "from": "link", "text": text})
        assert got["state"] == "none" and got["why"] == ("The review in this link was set aside: it is not a review "
                                                         "this app can read. The game goes on without it."), got
        assert "review" not in engine_worker.session.rooms
    got = ask({"op": "review_load", "text": DEEP, "lang": "de"})          # the same text kept in storage
    assert got["why"] == ("Die gespeicherte Auswertung dieser Partie wurde beiseitegelegt: sie ist keine "
                          "Auswertung, die diese App lesen kann. „Partie auswerten“ erstellt eine neue.")
    assert ask({"op": "play", "move": "C3", "ply": 1})["moves_n"] == 2


def test_a_review_is_read_as_data_and_checked_move_by_move_against_the_game(ask):
    done = reviewed(ask)
    text = done["text"]
    data = json.loads(text)
    assert data["p"][4][2] == "A2", "the planted blunder's better move, at move 5"

    def with_ply(i, entry):
        p = [list(e) for e in data["p"]]
        p[i] = entry
        return json.dumps({**data, "p": p})

    fine = ask({"op": "review_load", "from": "link", "text": escaped(text)})
    for key in ("state", "points", "marks", "summary", "text"):
        assert fine[key] == done[key], key
    evil = with_ply(4, [data["p"][4][0], 0, "Visit evil.example to win", ["Visit evil.example to win"]])
    move5 = "the better move it gives at move 5 is not allowed there"
    bad = {
        evil: move5,
        with_ply(4, [data["p"][4][0], 0, "B1", ["B1"]]): move5,            # legal at move 1, taken at move 5
        with_ply(4, [data["p"][4][0], 0, "A2", ["A2", "A2"]]): move5,      # A2 wins: the line goes on past the end
        with_ply(4, [data["p"][4][0], 0, "A2", ["C3"]]): move5,            # a line that is not the move's
        with_ply(4, [data["p"][4][0], 0, "", []]): move5,                  # no move where the game goes on
        with_ply(6, [data["p"][6][0], 1, "C3", ["C3"]]): "the better move it gives at move 7 is not allowed there",
        with_ply(4, [[101, 0], 0, "A2", ["A2"]]): "its entry for move 5 is not valid",
        with_ply(4, [[100, 0], True, "A2", ["A2"]]): "its entry for move 5 is not valid",
        with_ply(4, [[100, 0], 0, "A2", "A2"]): "its entry for move 5 is not valid",
        with_ply(2, [[50.5, 49.5], 0, "A2", ["A2"]]): "its entry for move 3 is not valid",
        with_ply(0, "x"): "its entry for move 1 is not valid",
        json.dumps({**data, "key": "snorkels?m=B1,A1"}): "it is the review of another game",
        json.dumps({**data, "x": 1}): "it is not a review this app can read",
        json.dumps({**data, "s": float("nan")}): "it is not a review this app can read",
        text.replace('"v":1', '"v":1,"v":1'): "it is not a review this app can read",
    }
    for tampered, why in bad.items():
        got = ask({"op": "review_load", "from": "link", "text": escaped(tampered)})
        assert got == {"kind": "review", "state": "none", "id": None,
                       "why": f"The review in this link was set aside: {why}. The game goes on without it."}, tampered
        assert "evil" not in json.dumps(got)
    # kept in storage: a review of another game is no fault (the game went on since), a bad one is said
    assert ask({"op": "review_load", "text": json.dumps({**data, "key": "snorkels?m=B1,A1"})}) == \
        {"kind": "review", "state": "none", "id": None}
    assert "move 5" in ask({"op": "review_load", "text": evil})["why"]
    # a legal better move the engine did not find is data, and is shown in the engine's notation
    other = with_ply(4, [data["p"][4][0], 0, "C3", ["C3"]])
    shown = ask({"op": "review_load", "text": other})
    assert shown["state"] == "done" and [m.get("best") for m in shown["marks"] if m["ply"] == 5] in ([], ["C3"])
    plays_on(ask)


# ---------------------------------------------------------------------- a link's values
@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from("%+aZ0Fe9&=²é\u202e") | st.characters(), max_size=40))
def test_every_link_value_reads_as_pythons_own_unquote_reads_it_and_never_raises(text):
    """links.unquote against a second reader, urllib's unquote_plus (which the worker does not
    import: it slows Pyodide's start), on any text: %-escapes whole, cut short, invalid UTF-8."""
    assert links.unquote(text) == urllib.parse.unquote_plus(text)


def test_a_puzzle_link_names_a_puzzle_by_its_ascii_number_or_says_why(ask):
    assert "error" not in ask({"op": "open", "link": "snorkels"})
    first = puzzles.load("snorkels")[0].id
    assert ask({"op": "puzzle_open", "game": "snorkels", "puzzle": str(first)})["puzzle"] == first
    escaped_id = "".join("%3" + d for d in str(first))          # each digit %-escaped, as a link may hold it
    assert ask({"op": "puzzle_open", "game": "snorkels", "puzzle": escaped_id})["puzzle"] == first
    said = {"1e5": "1e5", "%C2%B2": "²", "²": "²", "１２": "１２", "-1": "-1", "12abc": "12abc", "%E0%A4%A": "\ufffd%A",
            "1" * 5000: "1" * 20 + "…", "%E2%80%AE12": "\ufffd12"}     # the mark shown: not puzzle 12
    for raw, name in said.items():
        got = ask({"op": "puzzle_open", "game": "snorkels", "puzzle": raw})
        assert got == {"error": f"Snorkels has no puzzle {name}.", "id": None}, raw
    assert ask({"op": "puzzle_open", "game": "snorkels", "puzzle": "1e5", "lang": "de"})["error"] == \
        "Snorkels hat keine Aufgabe 1e5."
    assert ask({"op": "puzzle_open", "game": "snorkels", "puzzle": "next"})["kind"] == "puzzle"


def test_a_lesson_link_names_a_step_from_one_or_says_why(ask):
    assert "error" not in ask({"op": "open", "link": "snorkels"})
    assert ask({"op": "learn_open", "game": "snorkels", "link_step": "2"})["index"] == 1
    assert ask({"op": "learn_open", "game": "snorkels", "link_step": "%33"})["index"] == 2
    count = ask({"op": "learn_open", "game": "snorkels", "link_step": "1"})["count"]
    for raw, name in {"abc": "abc", "-1": "-1", "0": "0", str(count + 1): str(count + 1), "²": "²", "%C2%B2": "²",
                      "２": "２", "1e1": "1e1", "%E0%A4%A": "\ufffd%A", "": ""}.items():
        got = ask({"op": "learn_open", "game": "snorkels", "link_step": raw})
        assert got["error"] == (f"This link's step “{name}” is not a step of this course: "
                                f"its steps are 1 to {count}."), raw
    got = ask({"op": "learn_open", "game": "snorkels", "link_step": "abc", "lang": "de"})
    assert got["error"] == ("Der Schritt „abc“ dieses Links ist kein Schritt dieses Kurses: "
                            f"seine Schritte sind 1 bis {count}.")


def test_stored_puzzle_progress_nested_deep_reads_as_a_fresh_start(ask):
    assert "error" not in ask({"op": "open", "link": "snorkels"})
    for text in (DEEP, '{"solved": ' + DEEP + "}", '{"rating": NaN}', '{"rating": 1e999}', "{" * 10_000):
        got = ask({"op": "puzzle_open", "game": "snorkels", "puzzle": "next", "progress": text, "seed": 1})
        assert got["kind"] == "puzzle" and got["rating"] == 1000 and got["streak"] == 0, text


# ---------------------------------------------------------------------- every request op fed junk
FIELDS = ("aids budget cell choice css date deeper deleted done dst entries entry from game index item iterations kept "
          "key lang level line link link_step main move name options path ply progress puzzle rev rotation save seat "
          "seats seconds seed src step stop storage switch text theme value").split()
NESTED: object = []
for _ in range(30):
    NESTED = [NESTED]
JUNK = [None, True, -1, 2 ** 70, 1e308, 0.5, "x" * 300_000, "%E0%A4%A\u202e\x00", "[" * 5000, [1, [2, "x"]],
        {"a": {"b": None}}, NESTED]
ROOM_OPEN = {"edit_": {"op": "edit_open"}, "learn_": {"op": "learn_open", "game": "snorkels"},
             "puzzle_": {"op": "puzzle_open", "game": "snorkels", "puzzle": "next"},
             "review_": {"op": "review_start", "iterations": 5}, "tree_": {"op": "tree_open", "from": "game"}}


def all_ops() -> list[str]:
    ops = list(OPS)
    for module in ROOMS.values():
        ops += list(importlib.import_module(module).OPS)
    return ops


def fields_of(op: str) -> list[str]:
    """The fields the op's module names as a quoted key (session.py for the game's ops, the room's
    module for a room's): the ones its requests may read, each fed every junk value."""
    module = next((name for prefix, name in ROOMS.items() if op.startswith(prefix)), "spielkiste_web.session")
    source = inspect.getsource(importlib.import_module(module))
    return [f for f in FIELDS if f'"{f}"' in source] + ["lang"]


# ops whose every request searches or collects for a while: junk in the fields they read only
SLOW = {"memory": [], "think": ["budget", "seconds", "stop", "ply"], "hint": ["budget", "seconds", "stop", "ply"],
        "tree_lines": ["path", "seconds", "budget"], "review_step": ["seconds"]}


@pytest.mark.parametrize("op", all_ops())
def test_every_request_op_fed_junk_answers_in_time_and_the_session_goes_on(ask, op):
    """Each op gets every field (the ones it reads among them) set to each junk value in turn, all fields
    missing, and all fields junk at once (a third of the values a field, in turn): every answer is an
    answer (an error in a bounded text, or what a valid request gets), each within a few seconds (a
    slice asked for 1e308 seconds froze the engine), and afterwards the engine plays a move in a new
    game. The solitaire's tool (its solver) too."""
    assert "error" not in ask({"op": "open", "link": "solitaire" if op == "tool" else "snorkels?m=D4"})
    opener = next((msg for prefix, msg in ROOM_OPEN.items() if op.startswith(prefix)), None)
    # each field a third of the junk values, the thirds turning from field to field (every value reaches
    # some fields; all fields get the worst ones at once below): the sweep costs a third of the CPU
    messages: list[dict] = [{}] + [{field: junk} for i, field in enumerate(SLOW.get(op, fields_of(op)))
                                   for junk in (JUNK[i % 3::3] if field != "lang" else [None, 7, "xx"])]
    messages += [{f: junk for f in FIELDS if f != "lang"} for junk in (1e308, -1e308, "x" * 1000, NESTED)]
    messages += [{"budget": 1e308, "seconds": 1e308, "name": name} for name in ("hint", "solvable")]
    for junk in messages:
        if opener is not None and engine_worker.session.rooms.get(opener["op"].split("_")[0]) is None:
            ask(opener)
        t0 = time.perf_counter()
        got = ask({**junk, "op": op})
        took = time.perf_counter() - t0
        where = (op, str(junk)[:60])
        assert isinstance(got, dict) and "id" in got, where
        assert took < 5.0, (where, took)
        if "error" in got:
            assert isinstance(got["error"], str) and len(got["error"]) <= 401, where
            assert "RecursionError" not in got["error"], where
    plays_on(ask)


TIMED = {"think": ("snorkels?m=D4", None), "hint": ("snorkels?m=D4", None), "tool": ("solitaire", None),
         "review_start": ("snorkels?m=D4", None),
         "review_step": ("snorkels?m=D4", {"op": "review_start", "iterations": 5}),
         "tree_lines": ("snorkels?m=D4", {"op": "tree_open", "from": "game"})}


@pytest.mark.parametrize("op", sorted(TIMED))
def test_every_op_reads_a_requests_time_alike(ask, op):
    """One reader of a request's `seconds` (outside.seconds_of) for every op that takes one: a bool, a
    string, a list or a non-finite number is an error; any finite number is cut to the op's range and
    answered (a slice asked for 1e308 s or -5 s is not refused by one op and taken by another)."""
    link, opener = TIMED[op]
    extra = {"name": "hint"} if op == "tool" else {}
    for value, refused in ((True, True), ("0.1", True), ([0.1], True), (1e308, False), (-5, False), (0.01, False)):
        assert "error" not in ask({"op": "open", "link": link})
        if opener:
            assert "error" not in ask(opener)
        t0 = time.perf_counter()
        got = ask({"op": op, "seconds": value, **extra})
        assert ("error" in got) == refused and time.perf_counter() - t0 < 5.0, (op, value, got.get("error"))
    assert outside.seconds_of({"seconds": 1e308}, 0.1, 0.5) == 0.5 and outside.seconds_of({}, 0.1, 0.5) == 0.1
    assert outside.seconds_of({"budget": 0}, 1.0, 9.0, 0.0, key="budget") == 0.0     # "Move now": no search
