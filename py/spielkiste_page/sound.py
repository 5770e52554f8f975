"""Sounds (issue 34): a move, a capture, an illegal attempt, the computer's move and the game's
end, as short tones made with the Web Audio API (nothing to download), and a short vibration for
the computer's move on phones that have one. On by default in the app, off in an embed unless its
host asks (`?embed&sound=1`); the header's switch is kept locally (never in an embed, which keeps
nothing). Browsers refuse audio before the player's first interaction, and so do we: no sound is
started before a pointer or key press, so nothing plays on a page nobody has touched.

Which sound a move makes is the worker's to say (it compares both positions' pieces): it comes in
the snapshot's `events`; the page only plays it. The "illegal" sound is the page's own (a square
the picked-up piece cannot reach needs no round trip)."""
from pyscript import document

from spielkiste_page import texts
from spielkiste_page.dom import window

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
    def __init__(self, storage, embed, asked):
        self.storage = storage
        self.on = asked if embed else storage.get(KEY) != "off"
        self.touched = False          # the player has interacted with the page
        self.ctx = None               # the AudioContext, made on the first sound
        self.started = 0              # sounds started, shown on <body data-sounds> for the tests

    @property
    def audible(self):
        """Whether a sound would be started now (on, and the page touched)."""
        return self.on and self.touched

    def touch(self, event=None):
        self.touched = True

    def toggle(self):
        self.on = not self.on
        self.storage.set(KEY, "on" if self.on else "off")      # a no-op in an embed
        self.draw_switch()

    def draw_switch(self):
        btn = document.getElementById("btn-sound")
        if btn:                       # its look (♪, struck through when off) comes from aria-pressed
            btn.setAttribute("aria-pressed", "true" if self.on else "false")
            key = "ui.sound_on" if self.on else "ui.sound_off"      # its title says which state is on
            btn.dataset.tt = key
            if texts.TABLE:
                words = texts.t(key, str(document.documentElement.lang or "en"))
                btn.title = words
                btn.setAttribute("aria-label", words)

    def play(self, kind, vibrate=False):
        """Start one sound (if on, and the player has touched the page); never raises: a page
        without audio plays silently."""
        if not self.audible or kind not in TONES:
            return
        try:
            if self.ctx is None:
                make = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
                if not make:
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
        if vibrate:
            try:
                window.navigator.vibrate(35)
            except Exception:     # no vibration on this device
                pass
