#!/usr/bin/env python3
"""Fetch the pinned pure-Python wheels for the in-Pyodide test run (idempotent).

  python tests/pyodide/fetch_wheels.py [--dest DIR]

Reads tests/pyodide/requirements.txt (name==version lines), downloads whatever is not yet in
DEST (default: .cache/pyodide-wheels, git-ignored) with
`pip download --only-binary=:all: --python-version 3.14 --no-deps`, and checks that every wheel is
pure Python (python tag py3, abi none, platform any), since Pyodide cannot use anything else
without its own build. Prints the wheel paths, one a line. Exit 0 when all are present."""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
REQUIREMENTS = os.path.join(HERE, "requirements.txt")
DEFAULT_DEST = os.path.join(ROOT, ".cache", "pyodide-wheels")
PYTHON_VERSION = "3.14"   # that of the pinned npm pyodide (314.0.7)


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def pins(path: str = REQUIREMENTS) -> list[tuple[str, str]]:
    out = []
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            m = re.fullmatch(r"([A-Za-z0-9_.\-]+)==([A-Za-z0-9_.+\-!]+)", line)
            if not m:
                raise SystemExit(f"{path}: pin every wheel as name==version, not {line!r}")
            out.append((m.group(1), m.group(2)))
    return out


def wheel_tags(filename: str) -> tuple[str, str, str, str, str]:
    """(name, version, python tag, abi tag, platform tag) of a wheel file name."""
    parts = filename[:-len(".whl")].split("-")
    if len(parts) not in (5, 6):
        raise ValueError(f"not a wheel file name: {filename}")
    return parts[0], parts[1], parts[-3], parts[-2], parts[-1]


def is_pure(filename: str) -> bool:
    _, _, py, abi, plat = wheel_tags(filename)
    return "py3" in py.split(".") and abi == "none" and plat == "any"


def find(dest: str, name: str, version: str) -> str | None:
    if not os.path.isdir(dest):
        return None
    for fn in sorted(os.listdir(dest)):
        if fn.endswith(".whl"):
            n, v, *_ = wheel_tags(fn)
            if norm(n) == norm(name) and v == version:
                return os.path.join(dest, fn)
    return None


def fetch(dest: str = DEFAULT_DEST, quiet: bool = False) -> list[str]:
    wanted = pins()
    missing = [f"{n}=={v}" for n, v in wanted if find(dest, n, v) is None]
    if missing:
        os.makedirs(dest, exist_ok=True)
        if not quiet:
            print("downloading:", " ".join(missing), file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
                        "--only-binary=:all:", "--python-version", PYTHON_VERSION, "--no-deps",
                        "-d", dest, *missing], check=True)
    paths = []
    for n, v in wanted:
        p = find(dest, n, v)
        if p is None:
            raise SystemExit(f"pip did not leave a wheel of {n}=={v} in {dest}")
        if not is_pure(os.path.basename(p)):
            raise SystemExit(f"{os.path.basename(p)} is not a pure-Python (py3-none-any) wheel")
        paths.append(p)
    return paths


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dest", default=DEFAULT_DEST)
    args = ap.parse_args()
    for p in fetch(args.dest):
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
