"""After every input a test makes, wait until the page has drawn the engine's answer to it.

The page's Python runs on the main thread and the engine in a worker (issue 30): a click that plays
a move, a button that starts a new game or changes a seat is one round trip, and the page shows the
result a few milliseconds after the input, not within it. A player sees that result; a test that
reads the page right after `click()` would read the position before it. The page marks the time in
between: `body[data-pending='1']` is set synchronously inside the input's own event handler and
cleared once the answer is drawn (or refused). This module makes every Playwright input method
(clicks, taps, keys, select, check, fill, file input, mouse up) wait for that mark to clear in every
frame of the page, so a test reads what the player would see. Thinking (the computer's search) is
not pending: a test can press "Move now" while the computer thinks."""
from playwright.sync_api import (ElementHandle, Error, Frame, Keyboard, Locator, Mouse, Page, Touchscreen,
                                 TimeoutError as PlaywrightTimeout)

SETTLED = "() => !document.body || document.body.dataset.pending !== '1'"
TIMEOUT_MS = 30000

ACTIONS = {
    Page: ("click", "dblclick", "tap", "check", "uncheck", "set_checked", "select_option", "press", "fill", "type",
           "dispatch_event", "drag_and_drop", "set_input_files"),
    Frame: ("click", "dblclick", "tap", "check", "uncheck", "set_checked", "select_option", "press", "fill", "type",
            "dispatch_event", "drag_and_drop", "set_input_files"),
    Locator: ("click", "dblclick", "tap", "check", "uncheck", "set_checked", "select_option", "press", "fill", "type",
              "press_sequentially", "dispatch_event", "drag_to", "set_input_files"),
    ElementHandle: ("click", "dblclick", "tap", "check", "uncheck", "set_checked", "select_option", "press", "fill",
                    "type", "dispatch_event", "set_input_files"),
    Keyboard: ("press", "type", "insert_text"),
    Mouse: ("click", "dblclick", "up"),
    Touchscreen: ("tap",),
}


def settle(page) -> None:
    """Wait until no frame of `page` has an input's answer pending. One read first: most inputs (an
    arrow key, a click on a button that asks the engine nothing) have nothing pending, and a read is a
    third of the CPU of a wait (which sets up a poller in the page), thousands of times a run."""
    for frame in list(page.frames):
        try:
            if frame.evaluate(SETTLED) is True:
                continue
            frame.wait_for_function(SETTLED, timeout=TIMEOUT_MS)
        except PlaywrightTimeout:
            raise
        except Error:            # the frame navigated or went away: nothing of it is pending
            pass


def _page_of(target):
    if isinstance(target, Page):
        return target
    if isinstance(target, (Frame, Locator)):
        return target.page
    if isinstance(target, ElementHandle):
        frame = target.owner_frame()
        return frame.page if frame is not None else None
    return getattr(target, "_settle_page", None)       # Keyboard, Mouse, Touchscreen: tagged below


def _wrap(cls, name):
    original = getattr(cls, name)

    def action(self, *args, **kwargs):
        page = _page_of(self)          # before the action: an element may be gone after it
        result = original(self, *args, **kwargs)
        if page is not None and not page.is_closed():
            settle(page)
        return result
    action.__name__, action.__doc__ = name, original.__doc__
    setattr(cls, name, action)


def _tagging(prop):
    """Page.keyboard / .mouse / .touchscreen, remembering their page (they do not know it)."""
    def get(self):
        device = prop.fget(self)
        device._settle_page = self
        return device
    return property(get)


def install() -> None:
    if getattr(Page, "_settle_installed", False):
        return
    for cls, names in ACTIONS.items():
        for name in names:
            if hasattr(cls, name):
                _wrap(cls, name)
    for name in ("keyboard", "mouse", "touchscreen"):
        setattr(Page, name, _tagging(getattr(Page, name)))
    Page._settle_installed = True
