"""Every browser, not just Chromium: a smoke test in Firefox ESR (Debian's firefox-esr, driven over WebDriver
BiDi by npm puppeteer-core: tests/browsers/firefox_smoke.mjs) and in WebKit (Debian's WebKitWebDriver with its
MiniBrowser on a virtual screen, driven by PyPI selenium). Each loads three games (WebKit: one start, then each
game by its link in the same tab), switches the theme in the first, makes a move and waits for the computer's
answer, then plays offline with the server stopped. `.ci/run` installs both browsers."""
import os
import shutil
import subprocess
import time

import pytest

from conftest import ROOT, Server

BROWSERS = os.path.join(ROOT, "tests", "browsers")
FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"


def need(*paths):
    missing = [p for p in paths if not shutil.which(p) and not os.path.exists(p)]
    if missing:
        if os.environ.get("SPIELKISTE_REQUIRE_BROWSER") == "1":
            pytest.fail(f"browser tests required but missing: {missing}")
        pytest.skip(f"missing: {missing}")


def test_firefox_plays_three_games_and_offline(dist):
    need(FIREFOX, "node", "npm")
    if not os.path.isdir(os.path.join(BROWSERS, "node_modules", "puppeteer-core")):
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=BROWSERS, check=True)
    srv = Server(dist)
    proc = subprocess.Popen(["node", "firefox_smoke.mjs", srv.url + "index.html"], cwd=BROWSERS, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = []
    try:
        for line in proc.stdout:
            out.append(line.rstrip())
            if line.startswith("offline?"):
                srv.stop()
                proc.stdin.write("go\n")
                proc.stdin.flush()
        assert proc.wait(timeout=60) == 0, "\n".join(out)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert out[-1] == "OK" and sum("computer's answer" in x for x in out) == 3, out


def wait_for(driver, script, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if driver.execute_script("return " + script):
            return
        time.sleep(0.5)
    raise AssertionError(f"timed out waiting for {script}")


@pytest.fixture
def display():
    """A virtual screen for the MiniBrowser (Xvfb picks a free display number)."""
    need("Xvfb")
    r, w = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1280x900x24", "-nolisten", "tcp"],
                            pass_fds=(w,), stderr=subprocess.DEVNULL)
    os.close(w)
    with os.fdopen(r) as f:
        number = f.readline().strip()
    yield ":" + number
    xvfb.terminate()
    xvfb.wait()


def test_webkit_plays_three_games_and_offline(dist, display):
    need(WEBKIT_DRIVER, MINIBROWSER)
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.service import Service
    opts = webdriver.WebKitGTKOptions()
    opts.binary_location = MINIBROWSER
    opts.add_argument("--automation")
    service = Service(executable_path=WEBKIT_DRIVER, env=dict(os.environ, DISPLAY=display))
    driver = webdriver.WebKitGTK(options=opts, service=service)
    srv = Server(dist)
    url = srv.url + "index.html"
    try:
        driver.get(url + "#snorkels")
        wait_for(driver, "document.body.dataset.ready === '1'", 120)
        driver.execute_script("window.__errors = []; addEventListener('error', e => __errors.push(String(e.message)));")
        for game in ("snorkels", "surikata", "blockade"):
            # the next game by its link in the same tab (a fragment change: one start of WebKit's Pyodide)
            driver.execute_script("location.hash = arguments[0]", game)
            wait_for(driver, f"window.spielkiste() === '{game}' || window.spielkiste().startsWith('{game}?')", 60)
            if game == "snorkels":        # the theme button: the page and the board change colour (issue 34)
                look = ("return [document.documentElement.dataset.theme || '', getComputedStyle(document."
                        "querySelector('#board .frame')).fill, getComputedStyle(document.body).color]")
                was = driver.execute_script(look)
                driver.execute_script("document.getElementById('btn-theme').click()")
                now = driver.execute_script(look)
                assert now[0] in ("dark", "light") and now[1] != was[1] and now[2] != was[2], (was, now)
            before = driver.execute_script("return document.querySelectorAll('#movelist button').length")
            driver.execute_script("document.querySelector('[data-cell].target')"
                                  ".dispatchEvent(new MouseEvent('click', {bubbles: true}))")
            wait_for(driver, f"document.querySelectorAll('#movelist button').length >= {before + 2}", 120)
            assert driver.execute_script("return window.__errors") == []
        # the language menu is readable: WebKit ignores a transparent background for native menus, so the
        # menu must carry a solid colour of its own behind its white text
        colour = driver.execute_script("return getComputedStyle(document.getElementById('lang')).backgroundColor")
        assert colour not in ("transparent", "rgba(0, 0, 0, 0)"), colour
        wait_for(driver, "document.documentElement.dataset.offline === 'ready'", 120)
        srv.stop()                        # the server is gone: the offline copy must serve
        srv = None
        driver.get(url + "#aufstellen?v=1")
        wait_for(driver, "document.body.dataset.ready === '1'", 120)
        assert driver.execute_script("return document.querySelectorAll('[data-cell]').length") >= 16
        driver.execute_script("document.querySelector('[data-cell].target')"
                              ".dispatchEvent(new MouseEvent('click', {bubbles: true}))")
        wait_for(driver, "document.querySelectorAll('#movelist button').length >= 1", 30)
    finally:
        driver.quit()
        if srv is not None:
            srv.stop()
