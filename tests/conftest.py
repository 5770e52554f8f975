"""The order of the whole run (also loaded by the in-Pyodide run, so pytest only).

`python build.py test` runs the suite on two cores (pytest-xdist, a test file at a time per core),
then the tests marked `solo` alone: those measure the page's speed (frames per second, the
computer's first move within seconds), which a busy second core would make flaky. The Pyodide run,
the longest test file, is collected first so it starts at once instead of last on one core."""
import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: item.fspath.basename != "test_in_pyodide.py")
