"""The six basic actions (rulebook pages 7-10), each as an availability test and a procedure."""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import advances, cities, civic, influence, movement

if TYPE_CHECKING:
    from ..state.runtime import Clash


@dataclass(frozen=True)
class BasicAction:
    available: Callable[[Clash, int], bool]
    run: Callable[[Clash, int], Generator]


def can_collect(rt: Clash, p: int) -> bool:
    """Some city of p's may collect (the menu's question: stops at the first)."""
    return any(cities.can_activate(rt, p, c) and cities.collect_options(rt, p, c, cities.collect_spaces(rt, p, c, 1))
               for c in rt.cities_of(p))


def can_build_units(rt: Clash, p: int) -> bool:
    """Some city of p's may build a unit (stops at the first). What a unit costs does not depend on the
    city, so the affordable types are found once and only they are tried in each city (and only when
    some city may be activated at all: that is the cheaper question)."""
    active = [c for c in rt.cities_of(p) if cities.can_activate(rt, p, c)]
    if not active:
        return False
    payable = [t for t, e in rt.defn.units.items()
               if e.data.get("role") not in cities.NEVER_BUILT_ROLES and cities.affordable(rt, p, [t])]
    return bool(payable) and any(cities.buildable_types(rt, p, c, [], payable) for c in active)


def can_grow(rt: Clash, p: int) -> bool:
    """Some city of p's may add a piece (stops at the first)."""
    ctx = rt.ctx(p, "rules")
    if not rt.modified("grow_cost", p) and not rt.can_pay(ctx, sorted(rt.params["grow_cost"].items()), "grow"):
        return False  # the printed cost, the same in every city, is out of reach
    return any(rt.can_pay(ctx, cities.grow_cost(rt, p, c, piece), "grow")
               for c in rt.cities_of(p) if cities.can_activate(rt, p, c) for piece in cities.grow_pieces(rt, p, c))


def can_move(rt: Clash, p: int) -> bool:
    """Some unit of p's may move (stops at the first space)."""
    return bool(movement.movable_origins(rt, p, set(), first_only=True))


BASIC: dict[str, BasicAction] = {
    "buy_advance": BasicAction(advances.can_buy_any, advances.buy_advance),
    "found_city": BasicAction(lambda rt, p: bool(cities.founding_spaces(rt, p)), cities.found_city),
    "collect": BasicAction(can_collect, cities.collect),
    "build_units": BasicAction(can_build_units, cities.build_units),
    "increase_size": BasicAction(can_grow, cities.increase_size),
    "move": BasicAction(can_move, movement.move_action),
    "civic_improvement": BasicAction(lambda rt, p: bool(civic.civic_targets(rt, p)),
                                     lambda rt, p: civic.civic_improvement(rt, p)),
    "cultural_influence": BasicAction(lambda rt, p: bool(influence.attempts(rt, p, first_only=True)),
                                      lambda rt, p: influence.cultural_influence(rt, p)),
}
