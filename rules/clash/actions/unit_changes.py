"""Rule verbs that change units outside the basic actions: turning units into another type, extra moves.

Procedures of the card language (`do ...`, declared in vocabulary.yaml):

- convert_units(A, B)   turn any of your units of type A into type B and any of type B into type A, one
                        at a time, as you choose (component limits and the stacking limit of army units
                        on land apply; a unit changed once stays as it is)
- free_moves(U)         each of your units of type U standing in one of your cities (not aboard a ship)
                        may make one move of its own, as in a Move action but alone and never into a
                        battle; moving them is optional, one by one

Function: convertible_units(A, B), how many of your units convert_units(A, B) could change now.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ..names import with_article
from ..registry import functions, procedures
from ..state.limits import stack_limit
from .movement import _execute, destinations

if TYPE_CHECKING:
    from ....engine.abilities import Ctx
    from ..state.runtime import Clash


# ---- conversion ---------------------------------------------------------------------------------------
def _armies_on_land(rt: Clash, p: int, space: str) -> int:
    units = rt.state["units"]
    return sum(1 for u in rt.units_at(space, p) if rt.is_army(units[u]["type"]) and not units[u]["ship"])


def _can_become(rt: Clash, p: int, uid: str, target: str) -> bool:
    """Room for one more unit of `target` (component limit; stacking limit for an army on land)."""
    d = rt.state["units"][uid]
    if target not in rt.defn.units:
        return False
    if len(rt.units_of(p, target)) >= rt.defn.limit(target):
        return False
    if rt.is_army(target) and not rt.is_army(d["type"]) and not d["ship"]:
        return _armies_on_land(rt, p, d["space"]) < stack_limit(rt, p, d["space"])
    return True


def _conversions(rt: Clash, p: int, a: Any, b: Any, done: set[str]) -> dict[str, list[str]]:
    """Option "space:from>to" -> the units that could make that change now."""
    out: dict[str, list[str]] = {}
    for uid in sorted(rt.units_of(p)):
        d = rt.state["units"][uid]
        if uid in done or d["type"] not in (a, b):
            continue
        target = b if d["type"] == a else a
        if _can_become(rt, p, uid, target):
            out.setdefault(f"{d['space']}:{d['type']}>{target}", []).append(uid)
    return out


def convert_units(rt: Clash, p: int, a: Any, b: Any, ctx: Ctx | None = None) -> Generator:
    if p < 0 or a == b:
        return
    done: set[str] = set()
    while True:
        options = _conversions(rt, p, a, b, done)
        if not options:
            return
        ids = sorted(options) + (["done"] if done else [])
        labels = [_label(rt, o) for o in sorted(options)] + (["stop"] if done else [])
        pick = yield from rt.ask(p, "convert", "Change which unit?", ids, labels)
        if pick == "done":
            return
        uid = options[pick][0]
        d = rt.state["units"][uid]
        old, d["type"] = d["type"], pick.rsplit(">", 1)[1]
        done.add(uid)
        rt.log(f"  {rt.name(p)}'s {rt.defn.units[old].name} at {d['space']} becomes {with_article(rt.defn.units[d['type']].name)}")


def _label(rt: Clash, option: str) -> str:
    space, change = option.split(":", 1)
    old, new = change.split(">")
    return f"the {rt.defn.units[old].name} at {space} becomes a {rt.defn.units[new].name}"


def _convertible(rt: Clash, ctx: Ctx, a: Any, b: Any) -> int:
    if ctx.me < 0 or a == b:
        return 0
    return sum(len(v) for v in _conversions(rt, ctx.me, a, b, set()).values())


# ---- extra moves --------------------------------------------------------------------------------------
def _free_destinations(rt: Clash, p: int, uid: str) -> tuple[list[str], dict[str, dict]]:
    origin = rt.state["units"][uid]["space"]
    dests, how = destinations(rt, p, origin, [uid])
    dests = [s for s in dests if not how[s].get("battle")]
    return dests, how


def _movers(rt: Clash, p: int, unit: Any, done: set[str]) -> dict[str, list[str]]:
    """Origin city -> units of the type there that may still make their free move."""
    out: dict[str, list[str]] = {}
    mine = set(rt.cities_of(p))
    for uid in sorted(rt.units_of(p, unit)):
        d = rt.state["units"][uid]
        if uid in done or d["ship"] or d["space"] not in mine or d["stop"] or d["battled"]:
            continue
        if _free_destinations(rt, p, uid)[0]:
            out.setdefault(d["space"], []).append(uid)
    return out


def free_moves(rt: Clash, p: int, unit: Any, ctx: Ctx | None = None) -> Generator:
    if p < 0 or unit not in rt.defn.units:
        return
    name = rt.defn.units[unit].name
    done: set[str] = set()
    while True:
        movers = _movers(rt, p, unit, done)
        if not movers:
            return
        origins = sorted(movers)
        origin = yield from rt.ask(p, "move_from", f"Move a {name} from which city (a free move)?",
                                   origins + ["done"],
                                   [f"the {name} at {s}" for s in origins] + ["no more moves"])
        if origin == "done":
            return
        uid = movers[origin][0]
        dests, how = _free_destinations(rt, p, uid)
        dest = yield from rt.ask(p, "move_to", f"Move the {name} to?", dests)
        done.add(uid)
        yield from _execute(rt, p, origin, dest, [uid], how[dest])
        if uid in rt.state["units"]:
            rt.state["units"][uid]["moved"] = 1


FUNCTIONS = {
    "convertible_units": _convertible,
}

PROCEDURES = {
    "convert_units": convert_units,
    "free_moves": free_moves,
}

functions(FUNCTIONS)
procedures(PROCEDURES)
