"""Civic improvement (rulebook page 10): paying to raise a city's mood, one step per payment."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..registry import procedure
from .cities import raise_mood_steps

if TYPE_CHECKING:
    from ..state.runtime import Clash


def civic_step_cost(rt: Clash, p: int, city: str) -> int:
    return max(1, rt.quantity("civic_size", p, rt.city_size(city), city=city))


def civic_targets(rt: Clash, p: int) -> list[str]:
    ctx = rt.ctx(p, "rules")
    return [c for c in rt.cities_of(p) if rt.state["cities"][c]["mood"] != "happy"
            and rt.can_pay(ctx, [("mood", civic_step_cost(rt, p, c))], "civic")]


@procedure("civic_improvement")
def civic_improvement(rt: Clash, p: int, city: str | None = "", ctx=None) -> Generator:
    """Raise moods: one step per city size in mood tokens; many cities and steps in one action (only in
    `city` when an ability names one; a city named as none, e.g. no leader's city, has no step)."""
    steps = 0
    while True:
        targets = [c for c in civic_targets(rt, p) if city in ("", c)]
        if not targets:
            break
        options = targets + (["done"] if steps else [])
        labels = [f"raise the city at {c} ({rt.state['cities'][c]['mood']}) for {civic_step_cost(rt, p, c)}"
                  for c in targets] + (["stop"] if steps else [])
        pick = yield from rt.ask(p, "city", "Raise the mood of which city?", options, labels)
        if pick == "done":
            break
        yield from rt.pay_for(p, [("mood", civic_step_cost(rt, p, pick))], "civic", "civic improvement")
        yield from raise_mood_steps(rt, pick, 1, "improving")
        steps += 1
        rt.log(f"  the city at {pick} becomes {rt.state['cities'][pick]['mood']}")
    yield from rt.emit("civic_improved", p)
