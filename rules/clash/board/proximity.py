"""Questions about who stands near whom, and small facts about a space or a city, for conditions.

Armies that keep enemy settlers from their work, gold owed for cities near a conquest, ships lying beside
the cities a trade reaches, answers to a neighbour's move: abilities ask these in `when` conditions.

- armies_near(S, N)        your army units on land within N spaces of S
- escorted(S, P)           player P has an army unit on land, his leader figure or a city at S
- foreign_cities_near(S, N)  cities not yours (barbarian ones too) within N spaces of S, S itself left out
- nearest(P)               the least distance between your cities or army units and P's cities or units
                           (99 when either has none)
- units_beside(L, U)       your units of type U next to one of the listed cities (e.g. the cities your
                           trade routes reached: trade_routes_used)
- terrain_at(S)            the terrain of a space (none for none)
- activations(C)           how often the city has been activated this turn
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..registry import functions

if TYPE_CHECKING:
    from ....engine.abilities import Ctx
    from ..state.runtime import Clash

FAR = 99


def _dist(rt: Clash, a: str, b: str) -> int:
    d = rt.distance(a, b)
    return FAR if d is None else d


def _land_armies(rt: Clash, p: int) -> list[str]:
    """Spaces of p's army units standing on land (not aboard ships), one entry per unit."""
    return [d["space"] for d in rt.state["units"].values()
            if d["owner"] == p and rt.is_army(d["type"]) and not d["ship"]]


def _armies_near(rt: Clash, ctx: Ctx, space: Any, n: Any) -> int:
    if space is None or ctx.me < 0:
        return 0
    return sum(1 for s in _land_armies(rt, ctx.me) if _dist(rt, s, space) <= int(n))


def _escorted(rt: Clash, ctx: Ctx, space: Any, player: Any) -> bool:
    if space is None or player is None or player < 0:
        return False
    city = rt.state["cities"].get(space)
    if city is not None and city["owner"] == player:
        return True
    leader = rt.defn.roles.get("leader")
    return any(not rt.state["units"][u]["ship"] and (rt.is_army(t) or t == leader)
               for u in rt.units_at(space, player) for t in [rt.state["units"][u]["type"]])


def _foreign_cities_near(rt: Clash, ctx: Ctx, space: Any, n: Any) -> int:
    if space is None:
        return 0
    return sum(1 for s, c in rt.state["cities"].items()
               if s != space and c["owner"] != ctx.me and _dist(rt, s, space) <= int(n))


def _nearest(rt: Clash, ctx: Ctx, player: Any) -> int:
    if player is None or ctx.me < 0 or player == ctx.me:
        return FAR
    mine = rt.cities_of(ctx.me) + _land_armies(rt, ctx.me)
    theirs = rt.cities_of(player) + [d["space"] for d in rt.state["units"].values() if d["owner"] == player]
    return min((_dist(rt, a, b) for a in set(mine) for b in set(theirs)), default=FAR)


def _units_beside(rt: Clash, ctx: Ctx, cities: Any, utype: Any) -> int:
    if not cities or ctx.me < 0:
        return 0
    return sum(1 for d in rt.state["units"].values()
               if d["owner"] == ctx.me and d["type"] == utype and any(_dist(rt, d["space"], c) == 1 for c in cities))


def _activations(rt: Clash, ctx: Ctx, city: Any) -> int:
    c = rt.state["cities"].get(city) if city else None
    return 0 if c is None else int(c["act"])


FUNCTIONS = {
    "armies_near": _armies_near,
    "escorted": _escorted,
    "foreign_cities_near": _foreign_cities_near,
    "nearest": _nearest,
    "units_beside": _units_beside,
    "terrain_at": lambda rt, ctx, space: rt.terrain(space) if space is not None and space in rt.board else None,
    "activations": _activations,
}

functions(FUNCTIONS)
