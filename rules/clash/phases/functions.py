"""The functions effects may call in expressions (declared with their types in vocabulary.yaml)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ....engine.abilities import Ctx
from ..actions.cities import piece_counts
from ..actions.civic import civic_step_cost
from ..actions.influence import attempts
from ..actions.trade import trade_route_count
from ..actions.wonders import wonder_builds
from ..names import PIRATES
from ..registry import functions

if TYPE_CHECKING:
    from ..state.runtime import Clash


def _has(rt: Clash, ctx: Ctx, entry: str) -> bool:
    if ctx.me < 0:
        return False
    if entry in rt.player(ctx.me)["advances"]:
        return True
    if entry in rt.defn.special_advances:
        return entry in rt.special_advances(ctx.me)
    return any(entry in rt.state["cities"][c]["wonders"] for c in rt.cities_of(ctx.me))


def _government_count(rt: Clash, ctx: Ctx) -> int:
    gov = rt.defn.government_categories
    return sum(1 for a in rt.player(ctx.me)["advances"] if rt.defn.category_of.get(a) in gov)


def _regions_with_ships(rt: Clash, ctx: Ctx) -> int:
    ship = rt.role("ship")
    return len({rt.board.space(rt.state["units"][u]["space"]).region for u in rt.units_of(ctx.me, ship)})




def _city_owner(rt: Clash, ctx: Ctx, space: Any) -> int | None:
    c = rt.state["cities"].get(space)
    return c["owner"] if c else None


def _armies_at(rt: Clash, ctx: Ctx, space: Any) -> int:
    """Army units of every kind standing on land there (anyone's)."""
    return sum(1 for u in rt.units_at(space) if rt.is_army(rt.state["units"][u]["type"])
               and not rt.state["units"][u]["ship"])


def _left_of(rt: Clash, ctx: Ctx, p: int) -> int:
    return (p + 1) % rt.n


def _paid_with(rt: Clash, ctx: Ctx, resource: str) -> int:
    return int((ctx.vars.get("payment") or {}).get(resource, 0))


def _opponent_has(rt: Clash, ctx: Ctx, advance: str) -> bool:
    opp = ctx.vars.get("opponent")
    return opp is not None and opp >= 0 and advance in rt.player(opp)["advances"]


def _wonder_space(rt: Clash, ctx: Ctx, wonder: str) -> str | None:
    return rt.state["wonders"]["built"].get(wonder)


def _distance(rt: Clash, ctx: Ctx, a: Any, b: Any) -> int:
    if a is None or b is None:
        return 99
    d = rt.distance(a, b)
    return 99 if d is None else d


def _can_influence(rt: Clash, ctx: Ctx, spent: int = 0) -> bool:
    """A cultural influence attempt is possible after spending `spent` culture tokens first."""
    return bool(attempts(rt, ctx.me, spent=int(spent or 0), first_only=True))


def _can_improve(rt: Clash, ctx: Ctx, spent: int = 0, city: Any = "") -> bool:
    """A civic improvement step is affordable after paying `spent` mood tokens first (in `city`, if given:
    a city given as none, e.g. no leader's city, has no step)."""

    p = ctx.me
    if p < 0 or city is None:
        return False
    res = rt.player(p)["res"]
    with rt.supposing():  # the tokens spent first are taken off while asking, then put back
        res["mood"] -= int(spent)
        try:
            return any(rt.can_pay(ctx, [("mood", civic_step_cost(rt, p, c))], "civic") for c in rt.cities_of(p)
                       if rt.state["cities"][c]["mood"] != "happy" and city in ("", c))
        finally:
            res["mood"] += int(spent)


def _room_for(rt: Clash, ctx: Ctx, what: str) -> bool:
    """Is there room for one more of a resource, token, unit or city piece (scale and component limits)?"""
    p = ctx.me
    if what in rt.defn.units:
        return len(rt.units_of(p, what)) < rt.defn.limit(what)
    if what in rt.defn.pieces:  # a city piece left in your supply
        return piece_counts(rt, p).get(what, 0) < rt.defn.limit(what)
    return rt.player(p)["res"].get(what, 0) < rt.limit(p, what)


def _can_build_wonder(rt: Clash, ctx: Ctx, *where: Any) -> bool:
    """A wonder can be built now (in the city given, if one is; none given as the city: nowhere)."""
    return bool(wonder_builds(rt, ctx.me, False, *where, first_only=True))


def _can_build_reserved(rt: Clash, ctx: Ctx) -> bool:
    return bool(wonder_builds(rt, ctx.me, reserved_only=True, first_only=True))


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "has": _has,
    "has_advance": lambda rt, ctx, p, adv: p is not None and p >= 0 and adv in rt.player(p)["advances"],
    "opponent_has": _opponent_has,
    "granted": lambda rt, ctx, name: rt.granted(name, ctx.me),
    "city_count": lambda rt, ctx, p: len(rt.cities_of(p)),
    "category_of": lambda rt, ctx, adv: rt.defn.category_of.get(adv),
    "is_government": lambda rt, ctx, adv: rt.defn.category_of.get(adv) in rt.defn.government_categories,
    "government_count": _government_count,
    "regions_with_ships": _regions_with_ships,
    "trade_routes": lambda rt, ctx: trade_route_count(rt, ctx.me),
    "left_of": _left_of,
    "is_current": lambda rt, ctx, p: rt.state["current"] == p and rt.state["phase"] == "turn",
    "city_owner": _city_owner,
    "armies_at": _armies_at,
    "distance": _distance,
    "wonder_space": _wonder_space,
    "port_space": lambda rt, ctx, city: rt.state["cities"][city]["port"] if city in rt.state["cities"] else None,
    "gained_this_turn": lambda rt, ctx, e: rt.player(ctx.me)["gained"].get(e) == rt.state["turn_no"],
    "collects_this_turn": lambda rt, ctx: rt.player(ctx.me)["turn"].get("collects", 0),
    # collects made this turn before the entry was gained (0 when it was not gained this turn)
    "collects_when_gained": lambda rt, ctx, e: rt.player(ctx.me)["turn"].get("collects_at_gain", {}).get(e, 0),
    "paid_with": _paid_with,
    "can_build_wonder": _can_build_wonder,
    "can_influence": _can_influence,
    "can_improve": _can_improve,
    "room_for": _room_for,
    "amount": lambda rt, ctx, what: rt.player(ctx.me)["res"].get(what, 0),
    "unhappy_cities": lambda rt, ctx: sum(1 for c in rt.cities_of(ctx.me) if rt.state["cities"][c]["mood"] != "happy"),
    "can_build_reserved_wonder": _can_build_reserved,
    "round": lambda rt, ctx: rt.state["round"],
    "turn": lambda rt, ctx: rt.state["turn"],
}


def _fighting(rt: Clash, ctx: Ctx, utype: str) -> int:
    """Units of a type among your side's fighting units in the current combat round."""
    b = getattr(rt, "battle", None)
    side = ctx.vars.get("side")
    if b is None or side not in b.units:
        return 0
    return sum(1 for u in b.units[side] if u in rt.state["units"] and rt.state["units"][u]["type"] == utype)


def _recruits(rt: Clash, ctx: Ctx, utype: str) -> bool:
    """A recruit(unit) permission in force for you in the city at hand lets it build that unit."""
    return any(args and args[0] == utype for args in rt.grants("recruit", ctx.me, city=ctx.vars.get("city")))


def _count_with(rt: Clash, ctx: Ctx, cities: Any, piece: Any) -> int:
    """How many of the listed cities hold the piece (e.g. the cities a trader's routes used)."""
    return sum(1 for c in (cities or []) if c in rt.state["cities"] and piece in rt.state["cities"][c]["pieces"])


FUNCTIONS.update({
    "count_with": _count_with,
    "fighting": _fighting,
    "recruits": _recruits,
    "is_pirate": lambda rt, ctx, p: p == PIRATES,
})

functions(FUNCTIONS)
