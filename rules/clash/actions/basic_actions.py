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


BASIC: dict[str, BasicAction] = {
    "buy_advance": BasicAction(advances.can_buy_any, advances.buy_advance),
    "found_city": BasicAction(lambda rt, p: bool(cities.founding_spaces(rt, p)), cities.found_city),
    "collect": BasicAction(lambda rt, p: bool(cities.collectable_cities(rt, p)), cities.collect),
    "build_units": BasicAction(lambda rt, p: bool(cities.buildable_cities(rt, p)), cities.build_units),
    "increase_size": BasicAction(lambda rt, p: bool(cities.growable(rt, p)), cities.increase_size),
    "move": BasicAction(lambda rt, p: bool(movement.movable_origins(rt, p, set())), movement.move_action),
    "civic_improvement": BasicAction(lambda rt, p: bool(civic.civic_targets(rt, p)),
                                     lambda rt, p: civic.civic_improvement(rt, p)),
    "cultural_influence": BasicAction(lambda rt, p: bool(influence.attempts(rt, p, first_only=True)),
                                      lambda rt, p: influence.cultural_influence(rt, p)),
}
