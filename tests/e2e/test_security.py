"""The app runs whole under its Content-Security-Policy (index.html's meta tag): no inline script,
no request to another origin; a listener records every violation and the test fails on any."""
from conftest import click_some_targets, open_app, wait_moves

LISTEN = """window.__violations = [];
document.addEventListener('securitypolicyviolation',
  e => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber));"""


def test_the_whole_app_runs_under_its_content_security_policy(browser, server):
    ctx = browser.new_context()
    ctx.add_init_script(LISTEN)
    page = ctx.new_page()
    from conftest import Watch
    page.watch = Watch(page)
    open_app(page, server.url + "#snorkels")
    policy = page.get_attribute("meta[http-equiv='Content-Security-Policy']", "content")
    script_src = next(d for d in policy.split(";") if d.strip().startswith("script-src"))
    assert "'unsafe-inline'" not in script_src and "default-src 'self'" in policy
    page.wait_for_selector("body[data-ai='ready']", timeout=90000)     # the worker under the policy too
    click_some_targets(page, 1)
    wait_moves(page, 2, timeout=60000)
    page.click("#btn-hint")
    page.wait_for_function("document.querySelector('#tool-result').textContent.includes(':')", timeout=60000)
    page.click("#btn-rules")
    page.wait_for_selector("#rules-text h1, #rules-text h2", timeout=10000)
    page.click("#rules-close")
    page.click("#btn-new")
    page.click("#newgame-cancel")
    page.select_option("#lang", "de")
    page.evaluate("location.hash = 'ziggurats?v=1'")
    page.wait_for_function("window.spielkiste().startsWith('ziggurats')")
    assert page.evaluate("window.__violations") == []
    assert page.watch.errors == [] and page.watch.foreign() == []
    ctx.close()
