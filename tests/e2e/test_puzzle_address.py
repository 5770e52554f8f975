"""The address follows the puzzle shown at once (issue 52), and a solved or failed puzzle names its
themes (English and German). One page at a 4x CPU slowdown, used as a player would: the room opened
from the game, Next pressed right after solving, the daily puzzle, a puzzle link followed, the
browser's Back and Forward, a puzzle link that names no puzzle, the room from the game list, Back to
the game by the browser. A sampler in the page records, at every animation frame, what the board shows
(its stones) and the address, in one read; each frame where the board changed must show the address
of what it shows, and when each step has settled the two must agree (the address may lead only while
the page is routing a link the player followed)."""
import re
from datetime import date

from conftest import open_app, place_in_the_centre, shot, wait_moves
from test_puzzle_room import mover_moves
from spielkiste import puzzles
from spielkiste.puzzles import themes as T

SAMPLER = """() => { window.seen = [];
  const look = () => {
    const p = document.getElementById('puzzle');
    const stones = [...document.querySelectorAll('#board [data-piece]')].map(e => e.getAttribute('data-piece'))
      .map(s => s.split('.')[0]).sort().join(' ');
    const row = [document.body.dataset.room || '', p.dataset.id || '', location.hash, stones];
    const prev = window.seen[window.seen.length - 1];
    if (!prev || prev.join('|') !== row.join('|')) window.seen.push(row);
    requestAnimationFrame(look); };
  requestAnimationFrame(look); }"""


def boards(p):
    """The stones of each position of the puzzle's line (the start, after each move)."""
    s, out = p.state(), []
    out.append(" ".join(sorted(x.cell for x in s.view().pieces)))
    for text in p.line:
        s.push_text(text)
        out.append(" ".join(sorted(x.cell for x in s.view().pieces)))
    return out


def named(address, day):
    """The puzzle an address names (None: no puzzle, or none that exists)."""
    m = re.fullmatch(r"#snorkels\?puzzle=(\d+|daily)", address)
    if not m:
        return None
    if m.group(1) == "daily":
        return puzzles.daily(day, "snorkels")
    try:
        return puzzles.get("snorkels", int(m.group(1)))
    except KeyError:
        return None


def agrees(row, day, game):
    """Whether the board of a sampled row shows what its address names."""
    room, _, address, stones = row
    if room == "puzzle":
        p = named(address, day)
        return p is not None and stones in boards(p)
    return address == "#" + game[0] and stones == game[1]


def check(page, day, game, routing=()):
    """Every sampled frame since the last check: where the board changed, it agrees with the address
    (the address alone may change first when the player followed a link, `routing`); the last frame
    agrees. Returns the rows that did not."""
    rows = page.evaluate("window.seen.splice(0, window.seen.length)")
    bad = []
    for before, row in zip([None, *rows], rows, strict=False):
        board_changed = before is None or before[3] != row[3] or before[1] != row[1]
        if board_changed and not agrees(row, day, game) and row[2] not in routing:
            bad.append(row)
    if rows and not agrees(rows[-1], day, game):
        bad.append(["settled", *rows[-1]])
    page.evaluate("r => window.seen.push(r)", rows[-1]) if rows else None
    return bad


def solve(page, p):
    for text in mover_moves(p):
        page.click(f"#board [data-cell='{text}']")


def shown(page):
    return puzzles.get("snorkels", int(page.get_attribute("#puzzle", "data-id")))


def test_the_address_follows_the_puzzle_shown_and_the_themes_are_named_after_it(page, server):
    open_app(page, server.url + "#snorkels")
    place_in_the_centre(page)
    wait_moves(page, 2, timeout=90000)
    game = (page.evaluate("window.spielkiste()"), page.evaluate(
        "[...document.querySelectorAll('#board [data-piece]')].map(e => e.getAttribute('data-piece').split('.')[0])"
        ".sort().join(' ')"))
    day = date.fromisoformat(page.evaluate(
        "(() => { const d = new Date(); return d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0')"
        " + '-' + String(d.getDate()).padStart(2, '0'); })()"))
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.evaluate(SAMPLER)
    page.wait_for_function("window.seen.length > 0")

    page.click("#btn-puzzles")                          # the room from the game
    page.wait_for_selector("#puzzle:not([hidden])[data-id]")
    assert check(page, day, game) == []
    p = shown(page)
    assert page.is_hidden("#puzzle-themes")             # no theme named while the puzzle is played
    solve(page, p)
    assert page.get_attribute("#puzzle", "data-state") == "solved"
    en = {"capture": "Capture", "self_capture": "Forced self-capture", "mutual_blockade": "Mutual blockade",
          "capture_race": "Capture race", "win_in_1": "Win in 1", "win_in_2": "Win in 2", "win_in_3": "Win in 3",
          "defence": "Defence"}
    names = ", ".join(en[n] for n in T.themes(p))
    assert page.is_visible("#puzzle-themes") and page.text_content("#puzzle-themes") == "Themes: " + names
    for _ in range(2):                                  # Next pressed right after solving, twice
        page.click("#puzzle-next")
        q = shown(page)
        assert q.id != p.id and page.is_hidden("#puzzle-themes")
        assert check(page, day, game) == []
        solve(page, q)
        p = q
    page.click("#puzzle-next")
    assert check(page, day, game) == []

    page.click("#puzzle-daily")                         # the daily puzzle
    page.wait_for_selector(f"#puzzle[data-id='{puzzles.daily(day, 'snorkels').id}']")
    assert check(page, day, game) == []

    # a puzzle link followed (a new history entry), then the browser's Back and Forward
    link = next(x for x in puzzles.load("snorkels") if x.id != puzzles.daily(day, "snorkels").id)
    page.evaluate(f"location.hash = '#snorkels?puzzle={link.id}'")
    page.wait_for_selector(f"#puzzle[data-id='{link.id}']")
    page.go_back()
    page.wait_for_selector(f"#puzzle[data-id='{puzzles.daily(day, 'snorkels').id}']")
    page.go_forward()
    page.wait_for_selector(f"#puzzle[data-id='{link.id}']")
    assert check(page, day, game, routing=("#snorkels?puzzle=daily", f"#snorkels?puzzle={link.id}")) == []

    # a link to a puzzle that does not exist: said, the puzzle shown stays and so does its address
    page.evaluate("location.hash = '#snorkels?puzzle=99999'")
    page.wait_for_function("!document.getElementById('message').hidden")
    page.wait_for_timeout(300)
    assert page.get_attribute("#puzzle", "data-id") == str(link.id)
    assert check(page, day, game, routing=("#snorkels?puzzle=99999",)) == []
    assert page.evaluate("location.hash") == f"#snorkels?puzzle={link.id}"

    # the room from the game list, then back to the game by the browser's Back (the link was followed)
    page.click("#puzzle-leave")
    assert check(page, day, game) == []
    page.evaluate(f"location.hash = '#snorkels?puzzle={link.id}'")
    page.wait_for_selector(f"#puzzle:not([hidden])[data-id='{link.id}']")
    page.go_back()
    page.wait_for_function(f"location.hash === '#{game[0]}' && !document.body.dataset.room")
    page.wait_for_timeout(500)
    assert check(page, day, game, routing=("#" + game[0],)) == []

    # Next pressed and, before its puzzle came, the browser's Back: the game stays, its address too
    page.evaluate(f"location.hash = '#snorkels?puzzle={link.id}'")
    page.wait_for_selector(f"#puzzle:not([hidden])[data-id='{link.id}']")
    page.evaluate("document.getElementById('puzzle-next').click(); history.back()")
    page.wait_for_function(f"location.hash === '#{game[0]}' && !document.body.dataset.room")
    page.wait_for_function("document.body.dataset.pending !== '1'")
    page.wait_for_timeout(1500)
    assert page.get_attribute("body", "data-room") is None
    assert check(page, day, game, routing=("#" + game[0],)) == []

    # in German: the themes of a failed puzzle
    page.select_option("#lang", "de")
    page.evaluate("location.hash = '#snorkels?puzzle=43'")
    page.wait_for_selector("#puzzle:not([hidden])[data-id='43']")
    deep = puzzles.get("snorkels", 43)
    start = deep.state()
    wrong = next(c for c in (start.move_text(m) for m in start.legal_moves())
                 if re.fullmatch(r"[A-G][1-7]", c) and not puzzles.check(deep, [], c).ok)
    page.click(f"#board [data-cell='{wrong}']")
    assert page.get_attribute("#puzzle", "data-state") == "failed"
    assert page.text_content("#puzzle-themes") == "Themen: Schlagen, Gewinn in 3"
    shot(page, "puzzle-1280-de-themes")
    assert [o for o in page.eval_on_selector_all("#puzzle-theme option", "os => os.map(o => o.textContent)")][:2] \
        == ["Jedes Thema", "Schlagen"]
    page.select_option("#puzzle-theme", "mutual_blockade")          # the next puzzle of a chosen theme
    page.click("#puzzle-next")
    assert "mutual_blockade" in T.themes(shown(page))
    assert page.input_value("#puzzle-theme") == "mutual_blockade"
    assert page.watch.errors == []
