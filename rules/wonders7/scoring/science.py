"""Science points (rulebook, "Scientific structures"): each symbol type scores its count squared, and
each set of the three symbols 7 more; wild symbols are placed where they score most."""

from __future__ import annotations

from collections import Counter
from itertools import product

SYMBOLS = ("compass", "gear", "tablet")


def science_points(counts: dict[str, int], wilds: int, set_points: int) -> int:
    """The science score of symbol counts (each symbol's count squared, and `set_points`, params
    science_set_points, per set of the three), with `wilds` symbols placed where they score most."""
    best = 0
    for extra in product(SYMBOLS, repeat=wilds):
        c = Counter({s: counts.get(s, 0) for s in SYMBOLS})
        c.update(extra)
        best = max(best, sum(v * v for v in c.values()) + set_points * min(c[s] for s in SYMBOLS))
    return best
