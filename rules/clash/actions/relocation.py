"""Cities and units that change place or form outside the Move action's usual steps.

A small city may pick itself up and move, a land unit may turn into a ship on the water (and back),
and a landing party may come ashore from a ship at any moment. None of these knows a card; each is a
verb content names:

- do move_city(N, M)     one of your cities of size N or less, in mood M or better, that may still be
                         activated moves to an adjacent revealed land space with no city and no foreign
                         unit, alone or with your land units standing in it; this activates the city.
                         The effect may then name the new space `chosen` (none if nothing moved).
- do collect_space(S)    gain one resource the space gives you under your collect permissions (your pick;
                         nothing from an exhausted space or one that gives you nothing).
- do cross_over(A, B)    one of your units of type A that has not fought this turn (not aboard a ship)
                         becomes a unit of type B on an adjacent space that suits B (sea for a water unit,
                         land otherwise) and holds no city or unit of another player; units carried by a
                         ship that becomes a land unit come ashore with it. The new unit counts as moved
                         and does not cross over again in the same effect.
- do disembark(S)        one group of your land units aboard ships at sea space S lands on an adjacent land
                         space, as in a Move (a battle if that space is foreign), without spending an action.
- movable_cities(N, M), can_cross_over(A, B), can_disembark(S): the procedure would do something now, so
  an ability offers it only then.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ..board.neighbours import note_origin
from ..registry import functions, procedures
from ..state.limits import stack_limit
from .cities import can_activate, collect_options
from .city_effects import activate_city
from .movement import _execute, describe_units, destinations, groups_at
from .spaces import foreign

if TYPE_CHECKING:
    from ....engine.abilities import Ctx
    from ..state.runtime import Clash

MOODS = ["angry", "neutral", "happy"]


# ---- moving a city ------------------------------------------------------------------------------------
def _land_units(rt: Clash, p: int, space: str) -> list[str]:
    return [u for u in rt.units_at(space, p) if not rt.state["units"][u]["ship"]
            and not rt.is_ship(rt.state["units"][u]["type"])]


def _city_destinations(rt: Clash, p: int, city: str, with_units: bool) -> list[str]:
    armies = sum(1 for u in _land_units(rt, p, city) if rt.is_army(rt.state["units"][u]["type"])) if with_units else 0
    out = []
    for n in rt.board.neighbors(city):
        if not rt.board.space(n).revealed or not rt.is_land(n) or n in rt.state["cities"] or foreign(rt, p, n):
            continue
        here = sum(1 for u in _land_units(rt, p, n) if rt.is_army(rt.state["units"][u]["type"]))
        if here + armies > stack_limit(rt, p, n):
            continue
        out.append(n)
    return sorted(out)


def _movable_cities(rt: Clash, p: int, size: Any, mood: Any) -> list[str]:
    if p < 0:
        return []
    least = MOODS.index(mood) if mood in MOODS else 0
    out = []
    for c in sorted(rt.cities_of(p)):
        city = rt.state["cities"][c]
        if rt.city_size(c) > int(size or 1) or MOODS.index(city["mood"]) < least or city.get("port"):
            continue  # a city facing a sea space with a piece cannot leave it
        if can_activate(rt, p, c) and _city_destinations(rt, p, c, False):
            out.append(c)
    return out


def move_city(rt: Clash, p: int, size: Any = 1, mood: Any = "angry", ctx: Ctx | None = None) -> Generator:
    if ctx is not None:
        ctx.vars["chosen"] = None
    cities = _movable_cities(rt, p, size, mood)
    if not cities:
        return
    city = yield from rt.ask(p, "city", "Which city moves?", cities,
                             [f"the city at {c} ({rt.state['cities'][c]['mood']})" for c in cities])
    units = _land_units(rt, p, city)
    take = "alone"
    if units and _city_destinations(rt, p, city, True):
        take = yield from rt.ask(p, "move_units", "Do the units in the city move with it?", ["with", "alone"],
                                 ["the city moves with its units", "the city moves alone"])
    dests = _city_destinations(rt, p, city, take == "with")
    dest = yield from rt.ask(p, "move_to", f"Move the city at {city} to?", dests)
    st = rt.state
    st["cities"][dest] = st["cities"].pop(city)
    rt.cities_changed()
    rt.units_changed()
    for w in st["cities"][dest]["wonders"]:
        st["wonders"]["built"][w] = dest
    if take == "with":
        note_origin(rt, units, city)
        for u in units:
            st["units"][u]["space"] = dest
            st["units"][u]["moved"] = 1
            for d in st["units"].values():
                if d["ship"] == u:
                    d["space"] = dest
    rt.log(f"  {rt.name(p)} moves the city at {city} to {dest}" + (" with its units" if take == "with" else ""))
    if ctx is not None:
        ctx.vars["chosen"] = dest
    yield from activate_city(rt, p, dest)


def collect_space(rt: Clash, p: int, space: Any, ctx: Ctx | None = None) -> Generator:
    if p < 0 or space is None:
        return
    city = space if space in rt.state["cities"] else None
    options = collect_options(rt, p, city or space, [space]).get(space, [])
    if not options:
        rt.log(f"  the space at {space} gives {rt.name(p)} nothing")
        return
    what = yield from rt.ask(p, "collect", f"Collect what from the space at {space}?", sorted(options))
    got = yield from rt.gain_resource(p, what, 1, rt.cause_of(ctx.source) if ctx else "rules")
    rt.log(f"  {rt.name(p)} gets {got} {what} from the space at {space}")


# ---- converting units ---------------------------------------------------------------------------------
def _carried(rt: Clash, uid: str) -> list[str]:
    return [u for u, d in rt.state["units"].items() if d["ship"] == uid]


def _convert_targets(rt: Clash, p: int, uid: str, new: str) -> list[str]:
    d = rt.state["units"][uid]
    water = bool(rt.defn.units[new].data.get("water"))
    armies = (1 if rt.is_army(new) else 0) + sum(1 for u in _carried(rt, uid)
                                                  if rt.is_army(rt.state["units"][u]["type"]))
    out = []
    for n in rt.board.neighbors(d["space"]):
        if not rt.board.space(n).revealed or foreign(rt, p, n) or (rt.is_water(n) != water):
            continue
        if not water and sum(1 for u in _land_units(rt, p, n) if rt.is_army(rt.state["units"][u]["type"])) \
                + armies > stack_limit(rt, p, n):
            continue
        out.append(n)
    return sorted(out)


def _convertible(rt: Clash, p: int, old: Any, new: Any, done: Any = ()) -> dict[str, list[str]]:
    """Per origin space, the units of type `old` that may turn into `new` (with somewhere to go); units
    made by an earlier cross_over of the same effect (`done`) stay put."""
    if p < 0 or old not in rt.defn.units or new not in rt.defn.units:
        return {}
    if len(rt.units_of(p, new)) >= rt.defn.limit(new):
        return {}
    out: dict[str, list[str]] = {}
    for u in sorted(rt.units_of(p, old), key=int):
        d = rt.state["units"][u]
        if d["ship"] or d["battled"] or d["stop"] or u in done:
            continue
        if _convert_targets(rt, p, u, new):
            out.setdefault(d["space"], []).append(u)
    return out


def cross_over(rt: Clash, p: int, old: Any, new: Any, ctx: Ctx | None = None) -> Generator:
    done = ctx.vars.setdefault("crossed", []) if ctx is not None else []
    by_space = _convertible(rt, p, old, new, done)
    if not by_space:
        return
    names = rt.defn.units
    origin = yield from rt.ask(p, "move_from", f"Which {names[old].name} becomes a {names[new].name}?",
                               sorted(by_space), [f"the {names[old].name} at {s}" for s in sorted(by_space)])
    uid = by_space[origin][0]
    dest = yield from rt.ask(p, "move_to", f"Where does the new {names[new].name} go?", _convert_targets(rt, p, uid, new))
    carried = _carried(rt, uid)
    yield from rt.take_unit(uid, "converting")
    nid = yield from rt.place_unit(p, new, dest, "converting")
    rt.state["units"][nid]["moved"] = 1
    done.append(nid)
    for u in carried:  # a ship turned into a land unit lands its passengers with it
        rt.state["units"][u].update(space=dest, ship=None, moved=1)
    rt.log(f"  {rt.name(p)}'s {names[old].name} at {origin} becomes one {names[new].name} at {dest}")


# ---- landing from ships ---------------------------------------------------------------------------------
def _landings(rt: Clash, p: int, space: Any) -> list[tuple[str, list[str]]]:
    if p < 0 or space is None or space not in rt.board or not rt.is_water(space):
        return []
    out = []
    for cid, group in groups_at(rt, p, space, set()):
        if not cid.startswith("aboard:"):
            continue
        dests, _ = destinations(rt, p, space, group)
        if any(rt.is_land(d) for d in dests if d in rt.board):
            out.append((cid, group))
    return out


def disembark(rt: Clash, p: int, space: Any, ctx: Ctx | None = None) -> Generator:
    comps = _landings(rt, p, space)
    if not comps:
        return
    ids = [c for c, _ in comps]
    cid = yield from rt.ask(p, "move_units", "Which units go ashore?", ids, [describe_units(rt, g) for _, g in comps])
    group = dict(comps)[cid]
    dests, how = destinations(rt, p, space, group)
    dests = [d for d in dests if d in rt.board and rt.is_land(d)]
    dest = yield from rt.ask(p, "move_to", f"Land {describe_units(rt, group)} where?", dests)
    yield from _execute(rt, p, space, dest, group, how[dest])
    for u in group:
        if u in rt.state["units"]:
            rt.state["units"][u]["moved"] = 1


FUNCTIONS = {
    "movable_cities": lambda rt, ctx, size=1, mood="angry": len(_movable_cities(rt, ctx.me, size, mood)),
    "can_cross_over": lambda rt, ctx, old, new: bool(_convertible(rt, ctx.me, old, new, ctx.vars.get("crossed", ()))),
    "can_disembark": lambda rt, ctx, space: bool(_landings(rt, ctx.me, space)),
}

PROCEDURES = {
    "move_city": move_city,
    "collect_space": collect_space,
    "cross_over": cross_over,
    "disembark": disembark,
}

functions(FUNCTIONS)
procedures(PROCEDURES)
