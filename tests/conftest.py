"""Test set-up: the engine package lives in py/; browser tests live in tests/e2e/."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "py"))


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: end-to-end test in headless Chromium")
