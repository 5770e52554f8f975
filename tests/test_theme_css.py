"""The page's colours under CPython (issue 34): every colour of the style sheets is a custom property
of the theme blocks, and the dark set, written twice (for the system's choice and the forced one), is
the same in both places. tests/e2e/test_theme.py checks the result in the browser."""
import itertools
import re
from pathlib import Path

import pytest

ASSETS = Path(__file__).resolve().parent.parent / "assets"
# a hex colour, a colour function, or a named colour as a value (not in a selector like .c-white)
COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?)\(|"
                    r":[^;{}\"]*?(?<![-\w])(?:white|black|red|green|blue|yellow|orange|purple|gr[ae]y)\b[^;{}\"-]*[;}]")
FORCED = ':root[data-theme="dark"] {'
SYSTEM = '@media (prefers-color-scheme: dark) {\n  :root:not([data-theme="light"]) {'


def block(css: str, opening: str) -> str:
    """The declarations of the rule that starts with `opening`, one per line, stripped."""
    start = css.index(opening) + len(opening)
    body = css[start:css.index("}", start)]
    return "\n".join(line.strip() for line in body.strip().splitlines())


def rules(css: str) -> str:
    """`css` without its comments and its theme blocks (the only place colours may be written)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    for opening in (":root {", FORCED, SYSTEM):
        start = css.index(opening)
        end = css.index("}", start) + 1
        if opening == SYSTEM:
            end = css.index("}", end) + 1
        css = css[:start] + css[end:]
    return css


@pytest.mark.parametrize("name", ["app.css", "board.css"])
def test_the_dark_set_is_the_same_for_the_system_and_the_switch(name):
    css = (ASSETS / name).read_text()
    forced, system = block(css, FORCED), block(css, SYSTEM)
    assert forced and forced == system


@pytest.mark.parametrize("name", ["app.css", "board.css", "rules.css"])
def test_every_colour_is_a_custom_property(name):
    css = (ASSETS / name).read_text()
    body = rules(css) if ":root {" in css else re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    assert COLOUR.findall(body) == [], "a colour written outside the theme blocks"


def test_the_dark_set_names_only_properties_the_light_set_has():
    """A dark value for a property light does not define would leave light without it."""
    for name in ("app.css", "board.css"):
        css = (ASSETS / name).read_text()
        props = {n: set(re.findall(r"(--[\w-]+):", block(css, o))) for n, o in (("light", ":root {"), ("dark", FORCED))}
        assert props["dark"] <= props["light"], name


# Machado, Oliveira & Fernandes (2009), deuteranopia at full severity, on linear sRGB: the simulation
# Chromium's Emulation.setEmulatedVisionDeficiency applies
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))


def linear(hex_colour: str) -> list[float]:
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    return [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]


def lab(rgb: list[float]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of linear sRGB."""
    x = (0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2]) / 0.95047
    y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    z = (0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2]) / 1.08883
    fx, fy, fz = (t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def distance(a: list[float], b: list[float]) -> float:
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b), strict=True)) ** .5


def test_any_two_seat_colours_stay_apart_for_a_deuteranope():
    """Ziggurats puts six seat colours and the grey foundation on one board, with no mark on the
    blocks: each pair must differ clearly (a colour difference of 30 or more) after the simulation,
    as they do for everyone else. Before issue 34 purple and blue were 4.7 apart (the same colour),
    and red, green and orange under 25 (three olives in the browser's emulation)."""
    css = (ASSETS / "board.css").read_text()
    seats = dict(re.findall(r"--seat-(\w+): (#[0-9a-f]{6});", block(css, ":root {")))
    assert len(seats) == 9
    for (a, ca), (b, cb) in itertools.combinations(seats.items(), 2):
        seen = [[sum(m * c for m, c in zip(row, colour, strict=True)) for row in DEUTERANOPIA]
                for colour in (linear(ca), linear(cb))]
        seen = [[min(1.0, max(0.0, c)) for c in colour] for colour in seen]
        assert distance(*seen) >= 30, (a, b)
