"""A tiny deterministic RNG whose whole state is one integer, so it fits in the game state JSON.

SplitMix64: fast, well distributed, and trivially serialisable; the same seed and the same
actions give the same game on every machine and Python version.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


def next_state(state: int) -> tuple[int, int]:
    """Advance the state; return (new_state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


class Rng:
    """Draws numbers and writes the advanced state back into a dict (the game state)."""

    def __init__(self, holder: dict, key: str = "rng"):
        self.holder = holder
        self.key = key

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 1:
            return 0
        state, out = next_state(self.holder[self.key])
        self.holder[self.key] = state
        return out % n

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list):
        return items[self.below(len(items))]


def seed_state(seed: int) -> int:
    return next_state(seed & _MASK)[1]
