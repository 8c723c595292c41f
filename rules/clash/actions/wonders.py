"""Wonders (rulebook page 14): revealed by advances, built in a non-angry city for resources and culture."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..registry import procedure, service
from .cities import can_activate, effective_mood, end_activation

if TYPE_CHECKING:
    from ..state.runtime import Clash


@service("reveal_wonder")
@procedure("reveal_wonder")
def reveal_wonder(rt: Clash, p: int, ctx=None) -> Generator:
    w = rt.state["wonders"]
    if w["deck"]:
        top = w["deck"].pop()
        w["revealed"].append(top)
        rt.log(f"  the wonder {rt.defn.wonders[top].name} is revealed")
        yield from rt.card_drawn(p, top, "wonder_card", rt.cause_of(ctx.source) if ctx else "rules")


@procedure("reserve_wonder")
def reserve_wonder(rt: Clash, p: int, ctx=None) -> Generator:
    """Pick a revealed wonder that only you may build (and at no action cost)."""
    w = rt.state["wonders"]
    reserved = {rt.player(q)["reserved_wonder"] for q in range(rt.n)}
    options = [x for x in w["revealed"] if x not in reserved]
    if not options or rt.player(p)["reserved_wonder"]:
        return
    pick = yield from rt.ask(p, "wonder", "Reserve which wonder?", options,
                             [rt.defn.wonders[x].name for x in options])
    rt.player(p)["reserved_wonder"] = pick
    rt.log(f"  {rt.name(p)} reserves the {rt.defn.wonders[pick].name}")


def wonder_cost(rt: Clash, wonder: str, p: int | None = None, city: str | None = None) -> list[tuple[str, int]]:
    """The printed cost, after p's modifiers of the quantity wonder_cost (context: wonder, city)."""
    cost = rt.defn.wonders[wonder].data.get("cost", {})
    if p is None or p < 0:
        return sorted((k, int(v)) for k, v in cost.items())
    return sorted((k, max(0, rt.quantity("wonder_cost", p, int(v), arg=k, wonder=wonder, city=city)))
                  for k, v in cost.items())


def _requirements_met(rt: Clash, p: int, wonder: str, city: str) -> bool:
    return all(r.cond(rt.ctx(p, wonder, city=city)) for r in rt.index.requirements.get(wonder, ()))


def wonder_builds(rt: Clash, p: int, reserved_only: bool = False, *where: str | None,
                  first_only: bool = False) -> list[tuple[str, str]]:
    """(city, wonder) pairs p can build now; only in the city given as `where` when one is (none: nowhere);
    `first_only` stops at the first pair (the question "can a wonder be built?")."""

    w = rt.state["wonders"]
    reserved_by = {rt.player(q)["reserved_wonder"]: q for q in range(rt.n) if rt.player(q)["reserved_wonder"]}
    mine = rt.player(p)["reserved_wonder"]
    candidates = [mine] if reserved_only else [x for x in w["revealed"] if reserved_by.get(x, p) == p]
    held = rt.player(p)["advances"]
    candidates = [x for x in candidates if x and x in w["revealed"] and x not in w["built"]
                  and all(a in held for a in rt.defn.wonders[x].data.get("requires", []))]
    if not candidates:
        return []
    ctx = rt.ctx(p, "rules")
    if not rt.modified("wonder_cost", p):
        # no cost modifier of p's in force: the printed cost is the cost in every city, so a wonder
        # p cannot pay is dropped before any city is tried (the usual answer of the menu's question)
        candidates = [x for x in candidates if rt.can_pay(ctx, wonder_cost(rt, x), "wonder")]
        if not candidates:
            return []
    out = []
    for city in rt.cities_of(p):
        if where and city != where[0]:
            continue
        c = rt.state["cities"][city]
        if c["wonders"] or effective_mood(rt, city) == "angry" or not can_activate(rt, p, city):
            continue
        for x in candidates:
            if _requirements_met(rt, p, x, city) and rt.can_pay(ctx, wonder_cost(rt, x, p, city), "wonder"):
                out.append((city, x))
                if first_only:
                    return out
    return out


@procedure("build_wonder")
def build_wonder(rt: Clash, p: int, *where: str | None, ctx=None, reserved_only: bool = False) -> Generator:
    """Build a wonder (in the city given, if one is: `do build_wonder(C)`)."""
    pairs = wonder_builds(rt, p, reserved_only, *where)
    if not pairs:
        return
    ids = [f"{c}:{x}" for c, x in pairs]
    labels = [f"{rt.defn.wonders[x].name} in the city at {c}" for c, x in pairs]
    pick = yield from rt.ask(p, "wonder", "Build which wonder where?", ids, labels)
    city, wonder = pick.split(":")
    yield from rt.pay_for(p, wonder_cost(rt, wonder, p, city), "wonder", rt.defn.wonders[wonder].name)
    w = rt.state["wonders"]
    w["revealed"].remove(wonder)
    w["built"][wonder] = city
    rt.state["cities"][city]["wonders"].append(wonder)
    rt.state["wonder_built_in"] = [rt.state["round"], rt.state["turn"]]
    if rt.player(p)["reserved_wonder"] == wonder:
        rt.player(p)["reserved_wonder"] = None
    rt.log(f"  {rt.name(p)} builds the {rt.defn.wonders[wonder].name} at {city}")
    rt.note_used("wonder_built", p, wonder)
    yield from rt.emit("wonder_built", p, city=city, wonder=wonder)
    yield from rt.emit("city_activated", p, city=city)
    yield from end_activation(rt, city)


@procedure("build_reserved_wonder")
def build_reserved_wonder(rt: Clash, p: int, ctx=None) -> Generator:
    yield from build_wonder(rt, p, ctx=ctx, reserved_only=True)
