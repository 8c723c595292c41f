"""Prices that leave the payer a choice before the payment proper (state/resources.py pays them):

- `costs A or B` (the card language's CostChoice): a cost holding ONE_OF items is paid one way of each, the
  payer picking among the ways he can pay (ways_to_pay lists them, in the order written);
- an open discount: the quantity open_discount(purpose) is a number of units of a price for that purpose the
  player need not pay, of the resources he chooses (a discount spread over any resources: "a wonder costs
  you 3 resources less"; tokens are not waived); open_discount(any) counts for every purpose. It applies to
  what the rules charge for that purpose (advance, build, grow, wonder, civic, any: a card's or an ability's
  cost) and is used in full.
"""

from __future__ import annotations

from itertools import combinations_with_replacement, product
from typing import TYPE_CHECKING, Any

from ....engine.abilities import ONE_OF
from .setup import RESOURCES

if TYPE_CHECKING:
    from .runtime import Clash

DISCOUNT = "open_discount"
WAIVABLE = frozenset(RESOURCES) | {"any_resource"}  # what a discount may leave unpaid: resources, not tokens


def ways_to_pay(cost: list[tuple[str, Any]]) -> list[list[tuple[str, int]]]:
    """A cost with `A or B` items (ONE_OF, its ways) as the plain costs it may be paid as: the plain items
    with one way of each choice, in the order written."""
    plain = [(w, int(n or 0)) for w, n in cost if w != ONE_OF]
    choices = [n for w, n in cost if w == ONE_OF]
    return [plain + [(w, int(n or 0)) for way in pick for w, n in way] for pick in product(*choices)]


def summed(cost: list[tuple[str, int]]) -> dict[str, int]:
    """A plain cost as one amount per kind."""
    out: dict[str, int] = {}
    for w, n in cost:
        out[w] = out.get(w, 0) + int(n or 0)
    return out


def open_discount(rt: Clash, p: int, purpose: str, commit: bool = False) -> int:
    """Units of a price for `purpose` that p need not pay (0 when no open_discount modifier is in force)."""
    if p < 0 or DISCOUNT not in rt.index.modifiers or not rt.modified(DISCOUNT, p):
        return 0
    n = rt.quantity(DISCOUNT, p, 0, arg=purpose, commit=commit)
    if purpose != "any":
        n += rt.quantity(DISCOUNT, p, 0, arg="any", commit=commit)
    return max(0, n)


def reductions(cost: list[tuple[str, int]], d: int) -> list[list[tuple[str, int]]]:
    """Every cost left when min(d, its resources) of its resources are waived, of any kinds."""
    have = summed(cost)
    kinds = [k for k, n in have.items() if n > 0 and k in WAIVABLE]
    m = min(d, sum(have[k] for k in kinds))
    out = []
    for waived in combinations_with_replacement(kinds, m):
        left = dict(have)
        for k in waived:
            left[k] -= 1
        if all(v >= 0 for v in left.values()):
            out.append([(k, v) for k, v in left.items() if v > 0])
    return out


def waivable(rt: Clash, p: int, cost: list[tuple[str, int]], purpose: str, d: int) -> list[str]:
    """The kinds of `cost` whose next unit p may leave unpaid with d units of discount left, so that the rest
    (with d - 1 more waived) can still be paid."""
    ctx = rt.ctx(p, "rules")
    have = summed(cost)
    out = []
    for k in sorted(w for w, n in have.items() if n > 0 and w in WAIVABLE):
        rest = [(w, n - (1 if w == k else 0)) for w, n in have.items()]
        if any(rt.can_pay_plain(ctx, r, purpose) for r in reductions(rest, d - 1)):
            out.append(k)
    return out
