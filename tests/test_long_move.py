"""A level's move that will take long says so while the computer thinks (issue 53: a level is a number of
iterations, so on a slow device it keeps its strength and takes longer; "say so if a move will take long").
The worker's thinking text gives the move's expected time (and the best move so far) once the search has
run long enough to know its rate; the estimate is checked against the time the move then really took."""
import re
import time

from spielkiste.ai.levels import iterations
from spielkiste.ai.mcts import Search
from spielkiste.registry import GAMES
from spielkiste_web import session as session_module
from spielkiste_web.session import SLICE, Session

ABOUT = {"en": re.compile(r"^About (\d+) s a move · best (\S+)$"),
         "de": re.compile(r"^Etwa (\d+) s pro Zug · bester Zug (\S+)$")}


def opened(lang: str, level: int) -> Session:
    s = Session(lang)
    answer = s.handle({"op": "open", "link": "snorkels", "seats": ["computer", "computer"], "level": level})
    assert "error" not in answer
    return s


def computer_move(s: Session, said: re.Pattern | None = None) -> list[tuple[float, dict]]:
    """The computer's move as the page asks for it: each slice's (seconds searched so far, info);
    with `said`, "Move now" once a slice's text matches it."""
    texts = []
    stop = False
    while True:
        answer = s.handle({"op": "think", "seconds": SLICE} | ({"stop": True} if stop else {}))
        assert "error" not in answer
        texts.append((s.spent, answer["info"]))
        if answer["done"]:
            assert answer["move"]
            return texts
        stop = said is not None and bool(said.match(answer["info"]["text"]))


def rate() -> float:
    """This machine's iterations per second in Snorkels' start, searched apart from the session."""
    search = Search(GAMES["snorkels"].new(), seed=1)
    t0 = time.perf_counter()
    search.run(seconds=0.4)
    return search.iterations / (time.perf_counter() - t0)


def test_a_long_move_says_about_how_long_it_takes_and_the_estimate_holds(monkeypatch):
    # a level of about 1.5 s a move on this machine, its rate trusted after 0.4 s and "long" from 0.8 s:
    # the same rule as a phone's 8 s top level against LONG_MOVE, in a test's time
    aim = int(1.5 * rate())
    monkeypatch.setattr(session_module, "target", lambda gid, level: (aim, None))
    monkeypatch.setattr(session_module, "SETTLED", 0.4)
    monkeypatch.setattr(session_module, "LONG_MOVE", 0.8)
    for lang in ("en", "de"):
        # the whole move in English; in German until it is said, then "Move now"
        texts = computer_move(opened(lang, 4), ABOUT[lang] if lang == "de" else None)
        total = texts[-1][0]
        said = [(spent, ABOUT[lang].match(info["text"])) for spent, info in texts]
        first = next(i for i, (_, found) in enumerate(said) if found)
        # said once the rate is known (a second of search), not before, and from then on while it thinks
        assert said[first][0] >= session_module.SETTLED
        assert all(found is None for _, found in said[:first])
        assert all(found for _, found in said[first:-1])
        estimate = int(said[first][1].group(1))
        if lang == "en":
            assert 0.5 * total <= estimate <= 2 * total + 1, (estimate, total)
        # in place of the positions searched (the line holds two lines of a narrow panel): the best move so far
        for (_, info), (_, found) in zip(texts[first:-1], said[first:-1], strict=True):
            assert found.group(2) == info["move"]


def test_a_quick_move_says_nothing_of_its_time():
    s = opened("en", 1)
    assert iterations("snorkels", 1) < 1000
    for _, info in computer_move(s):
        assert not ABOUT["en"].match(info["text"])
        assert "about" not in info["text"]


def test_the_time_is_said_in_seconds_then_minutes():
    assert session_module.duration(4.6) == "5 s"
    assert session_module.duration(119.4) == "119 s"
    assert session_module.duration(130) == "2 min"
    assert session_module.long_move(spent=0.5, searched=100, left=10_000) is None      # the rate not yet known
    assert session_module.long_move(spent=1.2, searched=1000, left=9000) == 12.0        # 1.2 s + 9000 at 833/s
    assert session_module.long_move(spent=1.2, searched=1000, left=2000) is None        # 3.6 s: not long
    assert round(session_module.long_move(1.2, 1000, 2000, told=True), 6) == 3.6          # once said: said on
