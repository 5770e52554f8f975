"""A small deterministic random generator (splitmix64).

Random set-ups (stones, mounds, boards, deals) must come out the same from the same seed in
CPython 3.11 and in Pyodide's Python, today and after upgrades, so links reproduce them; this
generator's output depends on nothing but its own arithmetic."""
from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")
MASK = (1 << 64) - 1


class Rng:
    def __init__(self, seed: int):
        self.state = seed & MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list[T]) -> list[T]:
        """Fisher-Yates in place; returns the list."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def sample(self, items: Iterable[T], k: int) -> list[T]:
        return self.shuffle(list(items))[:k]
