"""Ways to split an amount between payers, bounded by what each payer holds.

Paying 5 food with food, ideas or gold (a substitution) has a handful of splits when each part is
at most what the player holds; enumerating every split of the amount first and filtering later
grows with its square (an advance cost of 1,000 took a minute). `bounded_splits` never produces a
part above its cap and stops at once when the caps cannot reach the amount.
"""

from __future__ import annotations

from collections.abc import Iterator


def bounded_splits(n: int, caps: list[int]) -> Iterator[tuple[int, ...]]:
    """Every ordered way to write n as len(caps) parts with 0 <= part j <= caps[j], largest first part first."""
    caps = [max(0, int(c)) for c in caps]
    if n < 0 or sum(caps) < n:
        return
    if len(caps) == 1:
        yield (n,)
        return
    rest_cap = sum(caps[1:])
    for first in range(min(n, caps[0]), max(0, n - rest_cap) - 1, -1):
        for rest in bounded_splits(n - first, caps[1:]):
            yield (first,) + rest


def payable(held: dict[str, int], need: dict[str, int], payers: dict[str, list[str]]) -> bool:
    """Can `need` be paid from `held` when each needed kind may be paid by itself or by its payers?

    A supply-and-demand question on a bipartite graph, so Gale's condition decides it without trying
    any split: it is payable exactly when every set of needed kinds together needs no more than the
    kinds able to pay for them hold. With the few kinds a cost names, that is a handful of sums.
    """
    kinds = [k for k, n in need.items() if n > 0]
    if not kinds:
        return True
    if len(kinds) == 1:  # the common case (one kind short): what it and its payers hold
        k = kinds[0]
        return need[k] <= sum(max(0, held.get(x, 0)) for x in {k, *payers.get(k, ())})
    able = [{k, *payers.get(k, ())} for k in kinds]
    for mask in range(1, 1 << len(kinds)):
        demand = 0
        supply_from: set[str] = set()
        for i, k in enumerate(kinds):
            if mask >> i & 1:
                demand += need[k]
                supply_from |= able[i]
        if demand > sum(max(0, held.get(x, 0)) for x in supply_from):
            return False
    return True
