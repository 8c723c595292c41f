"""Founding a city with some unit outside the Found City action (abilities of civilisations and leaders).

The card language says which unit founds and how far the city may lie from it; the founding rules are
the basic action's (cities.can_found_at: terrain, no city, no exhausted land, no foreign units, the
city limit).

- do found_city_with(U, N[, S])   remove one of your units of type U (standing at S, if given; never one
                                  carried aboard a ship) and found a city on an eligible land space within
                                  N spaces of it (0: its own space). Units the removed unit carried go
                                  ashore in the new city and cannot move again this turn.
- can_found_with(U, N[, S])       such a founding is possible now.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ..names import with_article
from ..registry import functions, procedures
from ..state.limits import city_limit
from ..state.setup import add_city
from .cities import can_found_at

if TYPE_CHECKING:
    from ....engine.abilities import Ctx
    from ..state.runtime import Clash


def _room_for_city(rt: Clash, p: int) -> bool:
    """The city limit of founding_spaces: a pack may take settlement pieces out of the game."""
    return len(rt.cities_of(p)) < city_limit(rt, p)


_ANYWHERE = object()  # no space given (a space given as none, e.g. no leader on the board, finds nothing)


def founding_options(rt: Clash, p: int, utype: Any, reach: Any, at: Any = _ANYWHERE) -> dict[str, list[str]]:
    """Unit id -> the land spaces where removing it founds a city."""
    if p < 0 or at is None or utype not in rt.defn.units or not _room_for_city(rt, p):
        return {}
    n = max(0, int(reach or 0))
    out: dict[str, list[str]] = {}
    for u in sorted(rt.units_of(p, utype)):
        d = rt.state["units"][u]
        if d["ship"] or (at is not _ANYWHERE and d["space"] != at):
            continue
        near = rt.board.within(d["space"], n) if n else {d["space"]}
        spots = sorted(s for s in near if rt.is_land(s) and can_found_at(rt, p, s))
        if spots:
            out[u] = spots
    return out


def found_city_with(rt: Clash, p: int, utype: Any, reach: Any = 0, at: Any = _ANYWHERE,
                    ctx: Ctx | None = None) -> Generator:
    options = founding_options(rt, p, utype, reach, at)
    if not options:
        return
    units = sorted(options)
    uid = yield from rt.ask(p, "unit", f"Which {rt.defn.units[utype].name} founds the city?", units,
                            [f"{rt.defn.units[utype].name} at {rt.state['units'][u]['space']}" for u in units])
    space = yield from rt.ask(p, "space", "Found the city where?", options[uid])
    yield from rt.take_unit(uid, "founding")
    add_city(rt.state, rt.defn, p, space)
    rt.cities_changed()
    yield from rt.size_changed(space, 0, "founding")
    rt.log(f"  {rt.name(p)} founds a city at {space} with {with_article(rt.defn.units[utype].name)}")
    for d in rt.state["units"].values():
        if d["ship"] == uid:  # its passengers land in the new city
            d["ship"], d["space"], d["stop"] = None, space, 1
            rt.units_changed()
    yield from rt.emit("city_founded", p, city=space)


FUNCTIONS = {
    "can_found_with": lambda rt, ctx, utype, reach=0, at=_ANYWHERE: bool(founding_options(rt, ctx.me, utype, reach, at)),
}

PROCEDURES = {
    "found_city_with": found_city_with,
}

functions(FUNCTIONS)
procedures(PROCEDURES)
