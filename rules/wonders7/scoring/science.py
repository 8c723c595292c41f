"""Science points (rulebook, "Scientific structures"): each symbol type scores its count squared, and
each set of the three symbols 7 more; wild symbols are placed where they score most."""

from __future__ import annotations

from collections import Counter
from itertools import product

SYMBOLS = ("compass", "gear", "tablet")


def science_points(counts: dict[str, int], wilds: int = 0) -> int:
    """The science score of symbol counts, with `wilds` symbols placed where they score most."""
    best = 0
    for extra in product(SYMBOLS, repeat=wilds):
        c = Counter({s: counts.get(s, 0) for s in SYMBOLS})
        c.update(extra)
        best = max(best, sum(v * v for v in c.values()) + 7 * min(c[s] for s in SYMBOLS))
    return best
