"""Named rule procedures of the flow: flow steps, per-player steps, and the general `do` primitives.

game.yaml names flow steps and actions by these names; effects call the primitives with `do`. Most
procedures are registered where they are written (`@procedure`, `@step` or a module's table, see
rules/clash/registry.py); this module holds the set-up step and the small adapters and primitives
that belong to no other layer.
Every procedure is a generator (it may stop for decisions): STEPS take the runtime, PROCEDURES
take the runtime and a player (and the effect's context when called from the card language).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING

from .. import registry
from ..actions import advances, cities, influence
from ..actions.movement import _execute, describe_units, destinations
from ..names import with_article
from ..registry import procedures, service, steps
from ..state.limits import stack_limit

if TYPE_CHECKING:
    from ..state.runtime import Clash


def _setup(rt: Clash) -> Generator:
    """The set-up's choices, after the board and pieces are out: the steps a pack's rules add
    (`params.setup_steps`, e.g. picking civilisations and leaders)."""
    rt.log(f"Set-up: {rt.n} players, first player {rt.name(rt.state['first'])}")
    for step in rt.params.get("setup_steps", []):
        yield from registry.STEPS[step](rt)
    rt.state["phase"] = "turn"


@service("place_new_units")
def place_new_units(rt: Clash, p: int, utype: str, n: int, at: str | None, cause: str = "rules") -> Generator:
    """Put free units into play (component limits apply); `at` None lets the player pick a city."""
    limit = rt.defn.limit(utype)
    army = rt.is_army(utype)

    def room(space: str) -> bool:  # the stacking limit binds free armies too (army units of every kind)
        return not army or cities.armies_in(rt, p, space) < stack_limit(rt, p, space)

    for _ in range(n):
        if len(rt.units_of(p, utype)) >= limit:
            break
        where = at
        if where is not None and not room(where):
            where = None
        if where is None:
            options = [c for c in rt.cities_of(p) if room(c)]
            if not options:
                return
            where = yield from rt.ask(p, "city", f"Place the new {rt.defn.units[utype].name} in which city?",
                                      sorted(options))
        yield from rt.place_unit(p, utype, where, cause)
        rt.log(f"  {rt.name(p)} gets {with_article(rt.defn.units[utype].name)} at {where}")


def _raise_mood(rt: Clash, p: int, steps: int = 1, ctx=None) -> Generator:
    options = sorted(c for c in rt.cities_of(p) if rt.state["cities"][c]["mood"] != "happy")
    if not options:
        return
    city = yield from rt.ask(p, "city", "Raise the mood of which city?", options)
    yield from cities.raise_mood_steps(rt, city, int(steps), rt.cause_of(ctx.source) if ctx else "rules")
    rt.log(f"  the city at {city} becomes {rt.state['cities'][city]['mood']}")


def _influence_from(rt: Clash, p: int, city: str, ctx=None) -> Generator:
    yield from influence.cultural_influence(rt, p, source=city)


def _move_ship(rt: Clash, p: int, ctx=None) -> Generator:
    ship = rt.role("ship")
    options = []
    for u in sorted(rt.units_of(p, ship)):
        d = rt.state["units"][u]
        if not d["battled"] and destinations(rt, p, d["space"], [u])[0]:
            options.append(u)
    if not options:
        return
    uid = yield from rt.ask(p, "unit", "Move which ship?", options,
                            [f"ship at {rt.state['units'][u]['space']}" for u in options])
    origin = rt.state["units"][uid]["space"]
    dests, how = destinations(rt, p, origin, [uid])
    dest = yield from rt.ask(p, "move_to", f"Move the {describe_units(rt, [uid])} to?", dests)
    yield from _execute(rt, p, origin, dest, [uid], how[dest])


def _place_free_unit(rt: Clash, p: int, utype: str, ctx=None) -> Generator:
    yield from place_new_units(rt, p, utype, 1, None)


STEPS: dict[str, Callable[[Clash], Generator]] = {
    "setup": _setup,
}

PROCEDURES: dict[str, Callable[..., Generator]] = {
    "free_advance": lambda rt, p, category=None, ctx=None: advances.free_advance(rt, p, category),
    "cultural_influence": lambda rt, p, ctx=None: influence.cultural_influence(rt, p),
    "cultural_influence_from": _influence_from,
    "raise_mood": _raise_mood,
    "move_ship": _move_ship,
    "place_free_unit": _place_free_unit,
}

steps(STEPS)
procedures(PROCEDURES)
