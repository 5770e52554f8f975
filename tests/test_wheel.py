"""`pip install .` gives a working package: the wheel is built offline from a copy of what it needs
(pyproject.toml, README.md, py/spielkiste), installed alone into a fresh venv, and its `spielkiste`
command lists the games, counts a perft and plays a short match, away from the repository."""
import os
import shutil
import subprocess
import sys
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="builds a wheel and starts processes")


def run(*cmd, cwd):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, f"{cmd}: {done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(the wheel's path, the venv's bin folder)."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    shutil.copytree(os.path.join(ROOT, "py", "spielkiste"), src / "py" / "spielkiste",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(os.path.join(ROOT, name), src / name)
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index",
        "-w", str(tmp / "dist"), str(src), cwd=tmp)
    (wheel,) = (tmp / "dist").glob("spielkiste-*.whl")
    venv = tmp / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", str(venv), cwd=tmp)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    run(sys.executable, "-m", "pip", "--python", str(bin_dir / "python"), "install", "-q", "--no-index",
        "--no-deps", str(wheel), cwd=tmp)
    return wheel, bin_dir


def test_the_wheel_holds_the_engines_only(installed):
    wheel, _ = installed
    names = zipfile.ZipFile(wheel).namelist()
    games = {n.rsplit("/", 1)[-1] for n in names if n.startswith("spielkiste/games/")}
    assert {"snorkels.py", "weltreich.py", "drei.py"} <= games
    assert "spielkiste/cli.py" in names and "spielkiste/openspiel/game.py" in names
    assert not [n for n in names if n.startswith("spielkiste_web") or n.startswith("tests")]
    data = {os.path.relpath(os.path.join(d, f), os.path.join(ROOT, "py")).replace(os.sep, "/")
            for d, _, files in os.walk(os.path.join(ROOT, "py", "spielkiste")) for f in files
            if f.endswith(".json") or f == "py.typed"}
    assert data <= set(names), sorted(data - set(names))        # lessons, puzzles, the typing marker
    entry = [n for n in names if n.endswith("entry_points.txt")]
    assert entry and "spielkiste = spielkiste.cli:main" in zipfile.ZipFile(wheel).read(entry[0]).decode()


def test_the_command_runs_from_the_installed_package(installed, tmp_path):
    _, bin_dir = installed
    where = run(str(bin_dir / "python"), "-c", "import spielkiste; print(spielkiste.__file__)", cwd=tmp_path)
    assert str(bin_dir.parent) in where and ROOT not in where
    cmd = str(bin_dir / "spielkiste")
    games = run(cmd, "games", cwd=tmp_path).splitlines()
    assert len(games) == 10 and games[1].startswith("snorkels\tSnorkels")
    assert run(cmd, "perft", "snorkels", "2", cwd=tmp_path).strip() == "2401"    # 49 * (48 + swap)
    match = run(cmd, "match", "surikata", "mcts:40", "random", "--games", "2", cwd=tmp_path)
    assert match.startswith("surikata: mcts:40 vs random: ") and "/2 wins" in match
