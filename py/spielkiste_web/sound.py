"""Sounds (issue 34): a move, a capture, an illegal attempt, the computer's move and the game's
end, as short tones made with the Web Audio API (nothing to download), and a short vibration for
the computer's move on phones that have one. On by default in the app, off in an embed unless its
host asks (`?embed&sound=1`); the header's switch is kept locally (never in an embed, which keeps
nothing). Browsers refuse audio before the player's first interaction, and so do we: no sound is
started before a pointer or key press, so nothing plays on a page nobody has touched."""
from typing import Any

import js
from pyscript import document, window


# (frequency in Hz, start in s, length in s) of each tone of a sound
TONES = {
    "move": [(523, 0.0, 0.07)],
    "computer": [(659, 0.0, 0.06), (880, 0.07, 0.08)],
    "capture": [(392, 0.0, 0.07), (262, 0.06, 0.12)],
    "illegal": [(147, 0.0, 0.14)],
    "win": [(523, 0.0, 0.12), (659, 0.12, 0.12), (784, 0.24, 0.22)],
    "loss": [(392, 0.0, 0.16), (330, 0.16, 0.16), (262, 0.32, 0.26)],
    "draw": [(440, 0.0, 0.14), (440, 0.2, 0.14)],
}
VOLUME = 0.18
KEY = "spielkiste.sound"


class Sound:
    def __init__(self, storage, embed: bool, asked: bool):
        self.storage = storage
        self.on = asked if embed else storage.get(KEY) != "off"
        self.touched = False          # the player has interacted with the page
        self.ctx: Any = None          # the AudioContext, made on the first sound
        self.started = 0              # sounds started, shown on <body data-sounds> for the tests

    @property
    def audible(self) -> bool:
        """Whether a sound would be started now (on, and the page touched)."""
        return self.on and self.touched

    def touch(self, event=None) -> None:
        self.touched = True

    def toggle(self) -> None:
        self.on = not self.on
        self.storage.set(KEY, "on" if self.on else "off")      # a no-op in an embed
        self.draw_switch()

    def draw_switch(self) -> None:
        btn = document.getElementById("btn-sound")
        if btn is not None:           # its look (♪, struck through when off) comes from aria-pressed
            btn.setAttribute("aria-pressed", "true" if self.on else "false")

    def play(self, kind: str, vibrate: bool = False) -> None:
        """Start one sound (if on, and the player has touched the page); never raises: a page
        without audio plays silently."""
        if not self.audible:
            return
        try:
            if self.ctx is None:
                make = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
                if make is None:
                    return
                self.ctx = make.new()
            ctx = self.ctx
            t0 = float(ctx.currentTime) + 0.01
            for freq, start, length in TONES[kind]:
                osc, gain = ctx.createOscillator(), ctx.createGain()
                osc.type = "triangle"
                osc.frequency.value = freq
                g = gain.gain
                g.setValueAtTime(0.0001, t0 + start)
                g.exponentialRampToValueAtTime(VOLUME, t0 + start + 0.012)
                g.exponentialRampToValueAtTime(0.0001, t0 + start + length)
                osc.connect(gain)
                gain.connect(ctx.destination)
                osc.start(t0 + start)
                osc.stop(t0 + start + length + 0.02)
        except Exception:         # audio blocked or missing: play on without it
            return
        self.started += 1
        document.body.dataset.sounds = str(self.started)
        if vibrate and getattr(js.navigator, "vibrate", None) is not None:
            js.navigator.vibrate(35)


def kind_of(before, after, mover: int, seats: list[str]) -> str:
    """Which sound a move makes: the game's end as the humans at the board see it (a win if a
    human seat won, a loss if humans played and none won, a draw if nobody won), else a capture
    (another seat's piece left the board), else the computer's move or a move."""
    res = after.outcome()
    if res is not None:
        humans = {s for s, kind in enumerate(seats) if kind == "human"}
        if not res.winners:
            return "draw"
        if humans and not humans & set(res.winners):
            return "loss"
        return "win"
    mine = after.seat_colour(mover)
    was, now = before.view().pieces, after.view().pieces
    if len(now) < len(was) or count_others(now, mine) < count_others(was, mine):
        return "capture"
    return "computer" if seats[mover] == "computer" else "move"


def count_others(pieces, colour: str) -> int:
    """Pieces of any colour but the mover's (neutral blocks and mounds included)."""
    return sum(1 for p in pieces if p.colour != colour)

