"""The command line as a terminal user runs it: `python -m spielkiste ...` in a subprocess."""
import os
import subprocess
import sys
from pathlib import Path

from spielkiste.games.snorkels import Snorkels

ROOT = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, PYTHONPATH=str(ROOT / "py"))


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "spielkiste", *args], capture_output=True, text=True,
                          env=ENV, timeout=60)


def test_play_accepts_a_position_before_the_moves():
    start = Snorkels.new()
    start.push_text("D4")
    r = cli("play", "snorkels", "--pos", start.encode(), "E5", "A1")
    assert r.returncode == 0, r.stderr
    want = Snorkels.decode(start.encode())
    want.push_text("E5")
    want.push_text("A1")
    assert r.stdout.splitlines() == [want.encode(), "Green to move."]


def test_play_accepts_options_anywhere_among_the_moves():
    r = cli("play", "snorkels", "D4", "--opt", "pie=0", "E5")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0] == "1:pie.0:7/7/7/3P3/4G2/7/7;0;0;0;E5"
    before = cli("play", "snorkels", "--opt", "pie=0", "D4", "E5")
    assert before.stdout == r.stdout


def test_an_illegal_move_says_why_and_exits_2():
    r = cli("play", "snorkels", "D4", "D4")
    assert r.returncode == 2
    assert r.stderr.strip() == "error: D4 is not allowed here: that square is not empty"


def test_pos_and_opt_together_are_refused():
    r = cli("legal", "snorkels", "--pos", Snorkels.new().encode(), "--opt", "pie=0")
    assert r.returncode == 2 and "--pos" in r.stderr and "Traceback" not in r.stderr


def test_a_closed_pipe_ends_the_output_quietly():
    """`legal snorkels | head -3`: the reader goes away; no BrokenPipeError traceback."""
    p = subprocess.Popen([sys.executable, "-m", "spielkiste", "legal", "snorkels"], env=ENV,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.close()                       # gone before the first line is written
    err = p.stderr.read().decode()
    p.stderr.close()
    assert p.wait(timeout=60) == 1
    assert err == ""


def test_head_reads_the_first_lines():
    r = subprocess.run(f"'{sys.executable}' -m spielkiste legal snorkels | head -3", shell=True,
                       capture_output=True, text=True, env=ENV, timeout=60)
    assert r.stdout.splitlines() == ["A1", "B1", "C1"] and r.stderr == ""


def test_a_negative_perft_depth_is_refused():
    """`perft surikata -1` used to count for ever: refused at once, in words, exit 2."""
    r = cli("perft", "surikata", "-1")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip() == "error: The depth is a number of moves, 0 or more, not -1."
    assert cli("perft", "surikata", "0").stdout == "1\n"


def test_every_command_reads_options_alike():
    """One option parser: a bare `--opt KEY` means KEY=1 for legal, play, perft and match alike, and a
    value the game does not take is the same clear error everywhere (match used to crash on it)."""
    bare = cli("match", "snorkels", "random", "random", "--opt", "pie", "--games", "1")
    assert bare.returncode == 0, bare.stderr
    assert cli("legal", "snorkels", "--opt", "pie").stdout == cli("legal", "snorkels", "--opt", "pie=1").stdout
    errors = {cmd: cli(*cmd.split(), "--opt", "mounds") for cmd in
              ("legal surikata", "play surikata", "perft surikata 1", "match surikata random random")}
    for cmd, r in errors.items():
        assert r.returncode == 2 and "Traceback" not in r.stderr, cmd
        assert r.stderr.strip() == "error: '1' is not a valid value for option 'mounds'.", cmd


def test_a_match_of_no_games_is_refused():
    r = cli("match", "snorkels", "random", "random", "--games", "0")
    assert r.returncode == 2 and r.stderr.strip() == "error: A match has 1 game or more, not 0."
