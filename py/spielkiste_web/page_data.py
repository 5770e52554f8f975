"""What the page (MicroPython, spielkiste_page) needs before the engine worker answers, made at
build time: build.py writes `build()` to dist/page_data.json.

The page never imports the engine, so the text table's keys it shows itself (the toolbar, the
chooser, the new-game dialog, the side panel's fixed words), every game's options, seat colours,
aids and tools, the levels' figures and the longest link the worker reads (the page refuses a
longer one before it reads a word of it) travel here as plain data. Texts stay unformatted: the
page fills their str.format fields and `{n:one|other}` plurals itself (spielkiste_page/texts.py).
Option steps (Die Drei's tile buttons) are functions in the engine: here each is a table from
every value to the stepped one."""
from spielkiste.ai import levels
from spielkiste.ai.levels import LEVELS
from spielkiste.registry import ENTRIES
from spielkiste.texts import LANGS, TABLE
from spielkiste_web import saves, ui_texts  # noqa: F401  (ui_texts adds the page's keys to the table)
from spielkiste_web.links import DEFAULT_GAME, MAX_LEN

# the keys the page translates itself; every other text comes translated in the worker's snapshots
PREFIXES = ("ui.", "game.", "blurb.", "goal.", "colour.", "level.", "opt.", "aid.", "tool.", "err.saved",
            "err.link", "link.long")


def texts() -> dict[str, list[str]]:
    return {key: [entry.get(lang) or entry["en"] for lang in LANGS]
            for key, entry in sorted(TABLE.items()) if key.startswith(PREFIXES)}


def option(o) -> dict:
    out: dict = {"key": o.key, "kind": o.kind, "default": o.default, "label": o.label}
    if o.choices:
        out["choices"] = list(o.choices)
    if o.shown_if:
        out["shown_if"] = list(o.shown_if)
    if o.steps:
        out["steps"] = [[label, {str(c): str(step(c)) for c in o.choices}] for label, step in o.steps]
    return out


def game(entry) -> dict:
    cls = entry.cls
    return {"id": entry.id, "players": list(cls.player_counts), "teams": list(cls.team_counts),
            "colours": {str(n): list(entry.seat_colours(n)) for n in cls.player_counts},
            "options": [option(o) for o in cls.all_options()], "aids": list(cls.aids), "tools": list(cls.tools),
            "solo": cls.player_counts == (1,)}


def level_figures() -> dict:
    """About how long a move takes at each level in the page (`seconds`: its keys are the levels), and
    per game the levels offered, each level's measured result against the last level kept below it
    (points, games, clearly weaker?, that level or "novice") and its rating (rating, low, high: the
    95 % interval, the novice reference at `novice`), for the dialog and the game panel; the first
    game's level."""
    measured: dict = {}
    for gid in ENTRIES:
        for k in LEVELS:
            found = levels.measured(gid, k)
            if found is not None:
                measured.setdefault(gid, {})[str(k)] = [found[0], found[1], levels.weaker(gid, k),
                                                        levels.MEASURED[gid][k][2]]
    ratings = {gid: {str(k): list(r) for k, r in per.items()} for gid, per in levels.RATINGS.items()}
    offered = {gid: levels.offered(gid) for gid in ENTRIES}
    return {"seconds": {str(k): levels.seconds(k) for k in LEVELS}, "offered": offered,
            "measured": measured, "ratings": ratings,
            "default": levels.DEFAULT_LEVEL, "novice": levels.NOVICE_RATING}


def build() -> dict:
    return {"texts": texts(), "games": [game(e) for e in ENTRIES.values()], "levels": level_figures(),
            "default": DEFAULT_GAME, "seat_kinds": list(saves.SEAT_KINDS), "link_max": MAX_LEN}
