"""Resource abilities (and any other `action "..."` of a card in force): in each phase, in player order,
a player may use the actions whose `when` holds now (`phase() = trade` ...), each once per turn, paying
their cost (payment.py: tokens, markers, or what may stand in for them). Once a resource ability is paid,
the other players may cancel it (reactions.py; what was paid stays spent). The procedures such abilities call (boost a city, obsolete a wonder, a free culture space)
are here too.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ....engine.abilities import Ctx, SpecialAction
from ..board import board
from ..board.pieces import BASIC_UNITS, draw_unit
from ..registry import procedure
from ..state.victory import over
from .culture import advance_free
from .payment import can_pay_cost, pay_cost
from .reactions import ability_window

if TYPE_CHECKING:
    from ..state.runtime import Civ


def spent(rt: Civ, p: int, ab: SpecialAction) -> list[str]:
    """The keys of p's actions used in the ability's period: this battle for `once per battle` (forgotten with
    the battle), this unit card's play for `once per play` (forgotten when the card is played), else this
    turn."""
    fight = rt.state.get("battle")
    if ab.per in ("battle", "play") and fight:
        return fight.setdefault("used" if ab.per == "battle" else "used_this_play", {}).setdefault(str(p), [])
    return rt.player(p).setdefault("used", [])


def usable(rt: Civ, p: int) -> list[tuple[str, SpecialAction]]:
    """(key, action) of every action p may use now."""
    out = []
    for source in dict.fromkeys(rt.sources(p)):
        ce = rt.d.compiled.get(source)
        for ab in ce.abilities if ce else ():
            if not isinstance(ab, SpecialAction):
                continue
            key = f"{source}#{ab.index}"
            ctx = Ctx(rt, p, source)
            if key in spent(rt, p, ab) or (ab.when is not None and not ab.when(ctx)):
                continue
            if can_pay_cost(rt, p, [(c.what, int(c.amount(ctx) or 0)) for c in ab.cost]):
                out.append((key, ab))
    return out


def offer_actions(rt: Civ) -> Generator:
    for p in rt.order():
        yield from offer_actions_of(rt, p)


def offer_actions_of(rt: Civ, p: int) -> Generator:
    """p may use, one after another, the actions usable now (in a battle: before each unit card p plays)."""
    while not over(rt):
        acts = usable(rt, p)
        if not acts:
            break
        choice = yield from rt.ask(p, "ability", f"{rt.name(p)}: use an ability?", ["none", *(k for k, _ in acts)],
                                   ["none", *(f"{rt.entry_name(a.source)}: {a.title}" for _, a in acts)])
        if choice == "none":
            break
        ab = dict(acts)[choice]
        ctx = Ctx(rt, p, ab.source)
        cost = [(c.what, int(c.amount(ctx) or 0)) for c in ab.cost]
        spent(rt, p, ab).append(choice)
        rt.log(f"{rt.name(p)} uses {rt.entry_name(ab.source)}: {ab.title}")
        yield from pay_cost(rt, p, cost)
        if any(w not in ("culture", "trade") and n for w, n in cost) \
                and (yield from ability_window(rt, p, ab.source, ab.title)):
            continue
        yield from ab.body(ctx)


@procedure("boost_city_production")
def boost_production(rt: Civ, p: int, n: int, ctx=None) -> Generator:
    cities = rt.cities(p)
    if not cities:
        return
    opts = [str(c["id"]) for c in cities]
    choice = yield from rt.ask(p, "boost_city", f"{rt.name(p)}: which city gets {n} more production this turn?", opts,
                               [f"the city at {board.label(c['x'], c['y'])}" for c in cities])
    city = next(c for c in cities if str(c["id"]) == choice)
    city["boost"] = int(city.get("boost", 0)) + int(n)
    rt.log(f"{rt.name(p)}'s city at {board.label(city['x'], city['y'])} gets {n} more production this turn")


@procedure("obsolete_wonder")
def obsolete_wonder(rt: Civ, p: int, era: str, ctx=None) -> Generator:
    """Obsolete a wonder of the era: one built (its ability is lost; its marker still gives culture) or one in
    the market (discarded and replaced)."""
    built = [it["id"] for it in rt.state["items"].values() if it["kind"] == "wonder"]
    options = [w for w in [*built, *rt.state["wonder_market"]]
               if rt.d.wonders[w].data["era"] == era and w not in rt.state["obsolete"]]
    if not options:
        return
    w = yield from rt.ask(p, "obsolete", f"{rt.name(p)}: obsolete which wonder?", options,
                          [rt.entry_name(x) for x in options])
    rt.state["obsolete"].append(w)
    if w in rt.state["wonder_market"]:
        rt.state["wonder_market"].remove(w)
        if rt.state["wonder_deck"]:
            rt.state["wonder_market"].append(rt.state["wonder_deck"].pop(0))
    rt.log(f"{rt.name(p)} makes {rt.entry_name(w)} obsolete")


@procedure("free_unit")
def free_unit(rt: Civ, p: int, utype: str, ctx=None) -> Generator:
    """A unit card of the type from its deck into p's standing forces, for nothing."""
    card = draw_unit(rt, utype)
    if card is not None:
        rt.player(p)["forces"].append(card)
        rt.log(f"{rt.name(p)} gains a {utype} unit")
    yield from ()


@procedure("advance_culture")
def advance_culture(rt: Civ, p: int, ctx=None) -> Generator:
    yield from advance_free(rt, p)


@procedure("free_unlocked_unit")
def free_unlocked_unit(rt: Civ, p: int, ctx: Any = None) -> Generator:
    """A unit of a type p may produce (the basic ones, and those unlocked), chosen by p, into p's standing forces
    for nothing (a card played before the battle hands are drawn, so it may be drawn)."""
    types = [t for t in (*BASIC_UNITS, *sorted(rt.unlocked(p, "unlock_unit")))
             if rt.state["unit_decks"].get(t) or rt.state["unit_returned"].get(t)]
    if not types:
        return
    utype = yield from rt.ask(p, "free_unit", f"{rt.name(p)}: which unit do you build for free?", types,
                              [f"{'an' if t[0] in 'aeiou' else 'a'} {t} unit" for t in types])
    yield from free_unit(rt, p, utype)
