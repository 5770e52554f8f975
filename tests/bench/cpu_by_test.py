"""The CPU each test costs the whole machine (issue 31): a pytest plugin for a run of one test at a time.

  PYTHONPATH=tests/bench SPIELKISTE_SKIP_BUILD=1 .venv/bin/python -m pytest -p no:xdist -p cpu_by_test \\
      -q tests/e2e -m "not solo" [--cpu-json FILE]

Reads the machine's busy CPU time (/proc/stat: every process, so the browsers, their workers and node
too) before and after each test's setup, call and teardown, and prints at the end the CPU seconds and
wall seconds by file and the 30 costliest tests; --cpu-json keeps every test's figures. With one test at
a time (no xdist) the figures are that test's own on an otherwise idle machine: what the two cores of a
full run have to share out."""
import collections
import json
import time

import pytest

from timeline import busy_seconds as busy


def pytest_addoption(parser):
    parser.addoption("--cpu-json", default=None, help="write each test's (CPU s, wall s) to this JSON file")


class Record:
    def __init__(self):
        self.tests: dict[str, tuple[float, float]] = {}

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        cpu, wall = busy(), time.perf_counter()
        yield
        self.tests[item.nodeid] = (busy() - cpu, time.perf_counter() - wall)


def pytest_configure(config):
    config.pluginmanager.register(Record(), "cpu_by_test_record")


def pytest_terminal_summary(terminalreporter, config):
    tests = config.pluginmanager.get_plugin("cpu_by_test_record").tests
    if not tests:
        return
    if config.getoption("--cpu-json"):
        with open(config.getoption("--cpu-json"), "w") as f:
            json.dump(tests, f, indent=1)
    write = terminalreporter.write_line
    files: dict[str, list[float]] = collections.defaultdict(lambda: [0.0, 0.0, 0])
    for nodeid, (cpu, wall) in tests.items():
        row = files[nodeid.split("::")[0]]
        row[0], row[1], row[2] = row[0] + cpu, row[1] + wall, row[2] + 1
    write(f"CPU by test: {sum(c for c, _ in tests.values()):.0f} s of CPU in "
          f"{sum(w for _, w in tests.values()):.0f} s of wall, {len(tests)} tests")
    write("  CPU s   wall s  tests  file")
    for name, (cpu, wall, n) in sorted(files.items(), key=lambda kv: -kv[1][0]):
        write(f"{cpu:7.1f} {wall:8.1f} {n:6d}  {name}")
    write("  CPU s   wall s  the 30 costliest tests")
    for nodeid, (cpu, wall) in sorted(tests.items(), key=lambda kv: -kv[1][0])[:30]:
        write(f"{cpu:7.1f} {wall:8.1f}  {nodeid}")
