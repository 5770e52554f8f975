"""A board that feels finished, in the browser (issue 34). A move drawn as it happens: the solitaire's
jump over one piece hops through the middle square while the jumped piece fades out where it stood
(sampled through the animations' whole length); the move replayed from the move list does the same; with reduced motion
nothing moves or fades (the markup itself is tested in CPython: tests/test_motion.py). On a phone the
header's sound and theme switches are 44 px touch targets, the header still one row."""
from conftest import open_app

# the move's animations sampled at 41 evenly spaced moments: as soon as the moved piece is in the board
# (a MutationObserver, before any frame is painted) every animation is paused and then seeked through its
# whole length with the Web Animations API, so a loaded machine that drops frames drops no sample. Each
# sample: the piece's centre in board squares (D5's centre is (0, 0), one square a unit) and the ghost's
# opacity (null while there is none, -1 when it is not displayed)
SAMPLE = """() => { window.__frames = null;
  const unit = () => { const a = document.querySelector('#board rect[data-cell="D5"]').getBoundingClientRect(),
                             b = document.querySelector('#board rect[data-cell="D4"]').getBoundingClientRect();
                       return [a.x + a.width / 2, a.y + a.height / 2, a.y - b.y]; };
  const one = () => {
    const body = document.querySelector('#board [data-piece="D3.0"] .body');
    const ghost = document.querySelector('#board .ghost');
    const r = body.getBoundingClientRect(), [x0, y0, u] = unit();
    const cs = ghost ? getComputedStyle(ghost) : null;
    return [(r.x + r.width / 2 - x0) / u, (r.y + r.height / 2 - y0) / u,
            cs ? (cs.display === 'none' ? -1 : +cs.opacity) : null]; };
  const seen = new MutationObserver(() => {
    if (window.__frames || !document.querySelector('#board [data-piece="D3.0"] .body')) return;
    seen.disconnect();
    const anims = document.getAnimations();
    anims.forEach(a => a.pause());
    const end = Math.max(0, ...anims.map(a => a.effect.getComputedTiming().endTime));
    const out = [];
    for (let i = 0; i <= 40; i++) { anims.forEach(a => { a.currentTime = end * i / 40; }); out.push(one()); }
    anims.forEach(a => a.finish());
    window.__frames = out; });
  seen.observe(document.getElementById('board'), {childList: true, subtree: true, attributes: true}); }"""


def frames(page, act):
    page.evaluate(SAMPLE)
    act()
    page.wait_for_function("window.__frames", timeout=30000)
    return page.evaluate("window.__frames")


def test_a_jump_hops_through_its_middle_square_and_the_jumped_piece_fades(app, server):
    page = open_app(app, server.url + "#solitaire?m=H6-J6")

    def play():
        page.click('[data-cell="D5"]')
        page.click('[data-cell="D3"]')

    def replay():                             # the move list: the jump clicked from the move before it
        page.click("#movelist button >> nth=1")

    for act in (play, replay):
        if act is replay:
            page.click("#movelist button >> nth=0")
        seen = frames(page, act)
        ys = [round(y, 2) for x, y, _ in seen]
        assert all(abs(x) < .05 for x, _, _ in seen), seen           # straight up the D file
        assert ys[0] > -.3 and abs(ys[-1] + 2) < .1, ys               # from D5 (about) to D3
        assert any(-1.2 < y < -.8 for y in ys), ys                    # through D4, the middle square
        assert ys == sorted(ys, reverse=True), ys                     # one way, never back
        fades = [o for _, _, o in seen if o is not None]
        assert fades and max(fades) > .5 and fades[-1] == 0, fades    # the jumped piece fades out
        assert len({round(o, 2) for o in fades}) > 3, fades           # over several frames
    page.emulate_media(reduced_motion="reduce")
    try:
        page.click("#movelist button >> nth=0")
        seen = frames(page, replay)
        spots = {(round(x, 2), round(y, 2)) for x, y, _ in seen}
        assert len(spots) == 1 and abs(spots.pop()[1] + 2) < .1, seen              # on D3 all along
        assert {o for _, _, o in seen} <= {-1}, seen                  # the ghost is never shown
    finally:
        page.emulate_media(reduced_motion="no-preference")


def test_the_header_switches_are_touch_targets_on_a_phone_in_one_row(app, server):
    page = open_app(app, server.url + "#snorkels?v=1")
    page.set_viewport_size({"width": 390, "height": 844})
    for lang in ("de", "en"):               # German's longer labels first; back to English for the next test
        page.select_option("#lang", lang)
        for button in ("#btn-sound", "#btn-theme"):
            box = page.locator(button).bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44, (lang, button, box)
        tops = page.eval_on_selector_all("#toolbar > *", "es => es.map(e => Math.round(e.getBoundingClientRect().top))")
        assert len(set(tops)) == 1, (lang, tops)
