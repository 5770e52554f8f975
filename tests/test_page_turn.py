"""The page's turn (spielkiste_page/turn.py, pure Python) driven through its states under CPython:
idle -> playing -> idle, idle -> thinking -> stopping -> idle (the move goes out), thinking ->
failed (set aside) and out of it by every way the page offers; a search's token going stale."""
from spielkiste_page.turn import Turn


def test_a_human_move_then_the_computers_search_and_move_now():
    turn = Turn()
    assert turn.state == "idle" and not turn.busy
    assert turn.play() and turn.state == "playing" and turn.busy
    assert not turn.play()                       # one move on its way at a time
    assert turn.begin("g?m=C3") is None          # and no search meanwhile
    turn.played()
    token = turn.begin("g?m=C3")
    assert token is not None and turn.state == "thinking" and turn.thinking and turn.busy
    assert turn.begin("g?m=C3") is None and not turn.play()
    turn.progress(token, "D4")
    turn.progress(token, "")                     # a slice without a move keeps the last one
    assert turn.best == "D4"
    assert turn.stop() and turn.state == "stopping" and turn.stopping
    assert not turn.stop()                       # pressed twice: still one stop
    assert turn.searched(token) and turn.state == "idle"
    assert not turn.searched(token)              # heard once


def test_a_search_set_aside_fails_the_turn_until_the_page_moves_on():
    turn = Turn()
    token = turn.begin("g?m=C3")
    assert turn.fail(token) and turn.state == "failed" and not turn.busy
    assert not turn.current(token)               # its last answers are not heard
    assert turn.begin("g?m=C3") is None          # the same position: not searched again by itself
    assert turn.cancel() is False and turn.state == "idle"     # a way out (seat made human, a new game)
    again = turn.begin("g?m=C3")
    assert again is not None and again != token and turn.best is None
    # another position after a failure starts its search at once
    assert turn.fail(again)
    assert turn.begin("g?m=C3,D4") is not None


def test_a_cancel_makes_every_answer_of_the_search_unheard():
    turn = Turn()
    token = turn.begin("g")
    turn.progress(token, "A1")
    assert turn.cancel() is True and turn.state == "idle"
    assert not turn.current(token) and not turn.searched(token) and not turn.fail(token)
    turn.progress(token, "B2")
    assert turn.best == "A1"
    assert not turn.stop()                       # "Move now" with no search: nothing
    # a human's move on its way stays on its way through a cancel
    assert turn.play()
    turn.cancel()
    assert turn.state == "playing"
    turn.played()
    # a hint's or the evaluation's search: a token of its own, the turn untouched
    hint = turn.other_search()
    assert turn.current(hint) and turn.state == "idle"
    assert not turn.current(turn.other_search() - 1)
