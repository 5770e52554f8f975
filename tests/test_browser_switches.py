"""The browser tests' Chromium switches (tests/e2e/conftest.py) keep every feature Playwright itself turns
off: a second --disable-features replaces Playwright's own (Chromium keeps a switch's last value), so
conftest repeats Playwright's list and adds its own. If a new Playwright adds a feature, this fails
until conftest's FEATURES_OFF names it too."""
import importlib.util
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def playwright_features_off() -> list[str]:
    playwright = pytest.importorskip("playwright")
    bundle = os.path.join(os.path.dirname(playwright.__file__), "driver", "package", "lib", "coreBundle.js")
    with open(bundle, encoding="utf-8") as f:
        text = f.read()
    block = re.search(r"disabledFeatures = \[(.*?)\]\.filter\(Boolean\);", text, re.S)
    assert block, "Playwright's disabledFeatures list not found in its driver"
    return re.findall(r'^\s*"(\w+)"', block.group(1), re.M)


def test_the_browser_tests_turn_off_what_playwright_turns_off():
    spec = importlib.util.spec_from_file_location("e2e_conftest", os.path.join(ROOT, "tests", "e2e", "conftest.py"))
    e2e = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(e2e)
    own = playwright_features_off()
    assert len(own) >= 10, own
    assert set(own) <= set(e2e.FEATURES_OFF), set(own) - set(e2e.FEATURES_OFF)
    switches = [a for a in e2e.ARGS if a.startswith("--disable-features=")]
    assert switches == ["--disable-features=" + ",".join(e2e.FEATURES_OFF)]
