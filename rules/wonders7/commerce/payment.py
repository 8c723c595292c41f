"""Commerce: the legal ways to pay a cost.

A cost is met by the city's own production (fixed resources first, then the one-of-several cards),
and what is missing is bought from the two neighbours: 2 coins a unit paid to that neighbour, 1
with a `discount(direction, goods)` covering it. Neighbours sell what their board and their cards
produce (`produce`, `produce_one_of`), never what `produce_private` gives, and selling costs them
nothing. A payment option is {"left": coins, "right": coins, "bank": coins}; the options offered are
the cheapest combinations (none costs more to both neighbours than another) the player can afford.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..city.production import production, tradable
from .prices import price

if TYPE_CHECKING:
    from ..state.runtime import Wonders

MAX_OPTIONS = 12


def _key(c: Counter) -> tuple:
    return tuple(sorted((k, v) for k, v in c.items() if v > 0))


def payment_options(rt: Wonders, p: int, cost: dict, coins: int | None = None) -> list[dict]:
    """The cheapest ways p can pay `cost` now (own production, then neighbours), affordable ones only."""
    bank = int(cost.get("coin", 0))
    found = _ways(rt, p, cost, coins, False)
    best = [(lft, rgt) for lft, rgt in found
            if not any((a <= lft and b <= rgt) and (a, b) != (lft, rgt) for a, b in found)]
    best.sort(key=lambda x: (x[0] + x[1], x[0]))
    return [{"left": lft, "right": rgt, "bank": bank} for lft, rgt in best[:MAX_OPTIONS]]


def payable(rt: Wonders, p: int, cost: dict) -> bool:
    """Can p pay `cost` now: payment_options would offer something. The pick menu asks it of every card
    in hand, so it stops at the first way found, and a steady stretch answers each cost once."""
    return rt.steady.answer(("payable", p, tuple(sorted(cost.items()))), lambda: bool(_ways(rt, p, cost, None, True)))


def _ways(rt: Wonders, p: int, cost: dict, coins: int | None, first: bool) -> set[tuple[int, int]]:
    """(left coins, right coins) of the ways p can pay `cost` within its coins (`first`: one at most)."""
    coins = rt.player(p)["coins"] if coins is None else coins
    bank = int(cost.get("coin", 0))
    if bank > coins:
        return set()
    need = Counter({r: int(n) for r, n in cost.items() if r != "coin"})
    fixed, choices = production(rt, p)
    need = Counter({r: n - fixed[r] for r, n in need.items() if n - fixed[r] > 0})
    if not need:
        return {(0, 0)}
    remainders: set[tuple] = set()
    _cover(tuple(sorted(choices)), 0, _key(need), remainders, {})
    prices = rt.steady.answer(("prices", p), lambda: {side: {r: price(rt, p, side, r) for r in tradable(rt)}
                                                      for side in ("left", "right")})
    markets = {"left": production(rt, rt.left(p), True), "right": production(rt, rt.right(p), True)}
    found: set[tuple[int, int]] = set()
    budget = coins - bank
    for rest in remainders:
        found |= _buy(rest, markets, prices, budget, first)
        if first and found:
            break
    return found


def _cover(choices: tuple, i: int, need: tuple, out: set, seen: dict) -> None:
    """Every remainder left after p's own one-of cards cover what they can (each card: one unit)."""
    if (i, need) in seen:
        return
    seen[(i, need)] = True
    if not need or i == len(choices):
        out.add(need)
        return
    _cover(choices, i + 1, need, out, seen)
    have = dict(need)
    for r in set(choices[i]):
        if have.get(r, 0) > 0:
            left = Counter(have)
            left[r] -= 1
            _cover(choices, i + 1, _key(left), out, seen)


def _buy(need: tuple, markets: dict, prices: dict, budget: int, first: bool = False) -> set[tuple[int, int]]:
    """(left coins, right coins) of every way to buy `need` from the neighbours within `budget` (`first`:
    stop at the first way found)."""
    units = [r for r, n in need for _ in range(n)]
    sides = ("left", "right")
    fixed0 = tuple(tuple(sorted(markets[s][0].items())) for s in sides)
    options = [(si, frozenset(c)) for si, s in enumerate(sides) for c in markets[s][1]]
    out: set[tuple[int, int]] = set()
    tried: set[tuple] = set()  # each (unit, neighbours' goods left, one-of cards used, coins) once

    def go(i: int, fixed: tuple, used: int, spent: tuple[int, int]) -> None:
        if first and out:
            return
        key = (i, fixed, used, spent)
        if key in tried:
            return
        tried.add(key)
        if spent[0] + spent[1] > budget:
            return
        if i == len(units):
            out.add(spent)
            return
        r = units[i]
        for si in (0, 1):
            cost = prices[sides[si]][r]
            add = (spent[0] + cost, spent[1]) if si == 0 else (spent[0], spent[1] + cost)
            have = dict(fixed[si])
            if have.get(r, 0) > 0:
                have[r] -= 1
                nf = tuple(tuple(sorted(have.items())) if k == si else fixed[k] for k in (0, 1))
                go(i + 1, nf, used, add)
            for j, (side, goods) in enumerate(options):
                if side == si and not used >> j & 1 and r in goods:
                    go(i + 1, fixed, used | 1 << j, add)

    go(0, fixed0, 0, (0, 0))
    return out
