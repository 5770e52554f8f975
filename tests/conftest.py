"""The order of the whole run (also loaded by the in-Pyodide run, so pytest only).

`python build.py test` runs the suite on two cores (pytest-xdist, `--dist loadgroup`), then the tests
marked `solo` alone: those measure the page's speed (frames per second, the computer's first move
within seconds), which a busy second core would make flaky.

Work units: a test file of the CPython tests is one unit (its module fixtures are made once), and so
is a browser test file whose tests share a booted page or browser profile (SHARED); every other
browser test is a unit of its own, so the two cores share the browser tests test by test instead of
one core finishing a long file alone. Units go longest first (SECONDS: per test, from the timed runs
of issue 31 on the 2-core machine), so the longest, the Pyodide run, starts at once and the short
CPython files fill the end."""
import pytest

SHARED = ("test_games.py", "test_board_editor.py", "test_snapshot.py")
SECONDS = {"test_in_pyodide.py": 150, "test_other_browsers.py": 60, "test_languages.py": 45, "test_a11y.py": 37,
           "test_security.py": 25, "test_snapshot.py": 20, "test_instant_start.py": 18, "test_install.py": 17,
           "test_game_review.py": 30,
           "test_visual.py": 15,    # 80 boards screenshot in one static page (issue 34)
           # CPython files with a long module fixture or long tests
           "test_texts.py": 2.5, "test_wheel.py": 10, "test_imports.py": 3, "test_openspiel.py": 0.6, "test_fuzz.py": 2}
BROWSER_TEST = 7          # seconds: a browser test not named above, which boots a page of its own
APP_TEST = 2              # seconds: one on the worker's booted page (the `app` fixture of tests/e2e/conftest.py)
CPYTHON_TEST = 0.1


def seconds(item):
    name = item.fspath.basename
    if name in SECONDS:
        return SECONDS[name]
    if "/e2e/" not in str(item.fspath):
        return CPYTHON_TEST
    return APP_TEST if "app" in getattr(item, "fixturenames", ()) else BROWSER_TEST


def unit(item):
    """The work unit's name: the file, unless it is a browser test file of independent tests."""
    name = item.fspath.basename
    return None if "/e2e/" in str(item.fspath) and name not in SHARED else name


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    units, cost = {}, {}
    for item in items:
        key = unit(item) or item.nodeid
        units.setdefault(key, []).append(item)
        cost[key] = cost.get(key, 0) + seconds(item)
        if unit(item) and config.pluginmanager.hasplugin("xdist"):      # not in Pyodide
            item.add_marker(pytest.mark.xdist_group(unit(item)))
    items[:] = [it for key in sorted(units, key=lambda k: -cost[k]) for it in units[key]]
