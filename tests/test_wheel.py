"""`pip install .` gives a working package: the wheel is built offline from a copy of what it needs
(pyproject.toml, README.md, py/spielkiste), installed alone into a fresh venv, and its `spielkiste`
command lists the games, counts a perft and plays a short match, away from the repository."""
import os
import re
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


def test_the_wheel_describes_the_package_and_its_licence(installed):
    """The long description is the package's own README (install, the command, the API, OpenSpiel), not
    the web app's developer README, and the metadata names the licence and carries its text."""
    wheel, _ = installed
    zf = zipfile.ZipFile(wheel)
    (meta,) = [n for n in zf.namelist() if n.endswith(".dist-info/METADATA")]
    text = zf.read(meta).decode()
    head, _, description = text.partition("\n\n")
    assert "License-Expression: LicenseRef-All-Rights-Reserved" in head.splitlines()
    assert "License-File: py/spielkiste/LICENCE.txt" in head.splitlines()
    assert [n for n in zf.namelist() if n.endswith(".dist-info/licenses/py/spielkiste/LICENCE.txt")]
    with open(os.path.join(ROOT, "py", "spielkiste", "README.md"), encoding="utf-8") as f:
        assert description.strip() == f.read().strip()
    for part in ("## Install", "## The command", "## The API in ten lines", "## OpenSpiel", "## Licence"):
        assert part in description
    assert "build.py" not in description


def test_the_readmes_examples_run_from_the_installed_package(installed, tmp_path):
    """The package README's API example runs as written, and its commands (all but the slow think and
    match, which test_the_command_runs_from_the_installed_package covers) end without an error."""
    _, bin_dir = installed
    with open(os.path.join(ROOT, "py", "spielkiste", "README.md"), encoding="utf-8") as f:
        readme = f.read()
    api = readme.split("## The API in ten lines", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    assert len(api.strip().splitlines()) <= 12
    said = re.search(r"# the search's choice, e\.g\. (\S+)", api).group(1)      # what the README says it prints
    assert run(str(bin_dir / "python"), "-c", api, cwd=tmp_path).strip() == said
    commands = readme.split("## The command", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    for line in commands.splitlines():
        args = line.split("#")[0].split()
        if args[1] not in ("think", "match"):
            assert run(str(bin_dir / args[0]), *args[1:], cwd=tmp_path), line


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_a_build_leaves_nothing_git_would_add(tmp_path):
    """`pip install .` leaves build/ and py/spielkiste.egg-info/ in the checkout: the repository's
    .gitignore covers everything a build writes."""
    src = tmp_path / "src"
    shutil.copytree(os.path.join(ROOT, "py", "spielkiste"), src / "py" / "spielkiste",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md", ".gitignore"):
        shutil.copy(os.path.join(ROOT, name), src / name)
    before = {p.relative_to(src) for p in src.rglob("*")}
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index",
        "-w", str(tmp_path / "dist"), str(src), cwd=tmp_path)
    made = sorted({p.relative_to(src).parts[0] if p.relative_to(src).parts[0] != "py" else
                   "/".join(p.relative_to(src).parts[:2]) for p in src.rglob("*")} - {str(b) for b in before})
    assert "build" in made and "py/spielkiste.egg-info" in made          # what setuptools writes today
    run("git", "init", "-q", cwd=src)
    ignored = subprocess.run(["git", "check-ignore", "--", *made], cwd=src, capture_output=True, text=True)
    assert sorted(ignored.stdout.split()) == made
