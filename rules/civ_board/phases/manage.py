"""City management: in player order, each city takes one action (produce a figure, unit, building or
wonder; devote to the arts; harvest a resource). Culture may be spent on the track at any time of the
player's phase ("Any time during your City Management Phase"): before any city action (its option
`culture`), and after the last.

A city produces what its production pays for, topped up by 1 production per 3 trade spent. A
building stands on a square of the city's outskirts of a terrain it allows (a new army may be put on a blockaded square: a battle follows) (replacing the owner's
own building or wonder there), at most one limited building and one wonder per city; knowing an
upgraded form replaces the basic form for building and flips those built. City walls (`walls: true`)
stand in the city centre: the city is walled.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ....engine.steady import stretched
from ..board import board
from ..board.pieces import (
    BASIC_UNITS,
    buildings_built,
    draw_unit,
    figures_left,
    place_figure,
    placeable,
    put_item,
    rank,
    unit_type,
)
from ..cards.abilities import offer_actions
from ..cards.culture import advance, can_advance, offer_cards, track_cost
from ..cards.reactions import action_window
from ..combat.conquest import attack_square
from ..state.economy import arts_culture, blockaded, boost_rate, city_resources, production
from ..state.victory import over

if TYPE_CHECKING:
    from ..state.runtime import Civ



def outskirts(rt: Civ, city: dict) -> list[tuple[int, int]]:
    return [(x, y) for x, y in board.around(city["x"], city["y"]) if rt.square(x, y) is not None]


def unit_cost(rt: Civ, p: int, utype: str) -> int:
    costs = rt.params["unit_cost"]
    base = int(rt.params["aircraft_cost"]) if utype not in BASIC_UNITS else \
        int(costs[min(rank(rt, p, utype), len(costs)) - 1])
    return rt.quantity("unit_cost", p, base, unit=utype)


def buildable(rt: Civ, p: int) -> list[str]:
    """Building forms p may produce: unlocked, not superseded by a known upgrade, supply left."""
    known = rt.unlocked(p, "unlock_building")
    out = []
    for b in sorted(known):
        if b not in rt.d.buildings or any(u in known for u in rt.d.upgrades_of.get(b, ())):
            continue
        base = rt.d.buildings[b].data.get("upgrade_of") or b
        supply = rt.d.buildings[base].data.get("supply")
        if supply is None or buildings_built(rt, b) < int(supply):
            out.append(b)
    return out


def item_squares(rt: Civ, city: dict, allowed, limited: bool, wonder: bool) -> list[tuple[int, int]]:
    p = city["owner"]
    squares = outskirts(rt, city)
    items = {sq: rt.item_at(*sq) for sq in squares}
    out = []
    for sq in squares:
        here = items[sq]
        if here is not None and here["owner"] != p:
            continue
        if rt.square(*sq)["terrain"] not in allowed or blockaded(rt, *sq, p) or rt.city_at(*sq):
            continue
        others = [it for s, it in items.items() if it is not None and s != sq]
        if wonder and any(it["kind"] == "wonder" for it in others):
            continue
        if limited and any(it["kind"] == "building" and rt.d.buildings[it["id"]].data.get("limited") for it in others):
            continue
        out.append(sq)
    return out


def blockade_target(rt: Civ, p: int, x: int, y: int) -> bool:
    """An outskirts square an enemy blockades where p may put a new army (a battle follows, the
    blockading player defending)."""
    sq = rt.square(x, y)
    if sq is None or not rt.enemies_at(x, y, p) or rt.city_at(x, y) or board.key(x, y) in rt.state["markers"]:
        return False
    return sq["terrain"] != "water" or rt.granted("end_in_water", p)


def _a(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


def same_building(rt: Civ, b: str, x: int, y: int) -> bool:
    """Does the square hold building b already, in its basic or an upgraded form?"""
    item = rt.item_at(x, y)
    if item is None or item["kind"] != "building" or item["id"] not in rt.d.buildings:
        return False
    base = rt.d.buildings[b].data.get("upgrade_of") or b
    return (rt.d.buildings[item["id"]].data.get("upgrade_of") or item["id"]) == base


def wonder_cost(rt: Civ, p: int, wonder: str) -> int:
    data = rt.d.wonders[wonder].data
    disc = data.get("discount")
    if disc and disc["tech"] in rt.player(p)["techs"]:
        return int(disc["cost"])
    return int(data["cost"])


@stretched
def city_options(rt: Civ, city: dict) -> list[tuple[str, str, int]]:
    """(option, label, production cost) of every action the city can take now."""
    p = city["owner"]
    budget = production(rt, city) + rt.player(p)["trade"] // int(rt.params["boost_trade"]) * boost_rate(rt, p)
    free = [sq for sq in outskirts(rt, city) if placeable(rt, p, *sq) and not blockaded(rt, *sq, p)]
    held = [sq for sq in outskirts(rt, city) if blockade_target(rt, p, *sq)]
    out: list[tuple[str, str, int]] = [("arts", f"devote to the arts (+{arts_culture(rt, city)} culture)", 0)]
    for kind in ("army", "scout"):
        cost = int(rt.params[f"{kind}_cost"])
        if cost <= budget and figures_left(rt, p, kind) > 0 and (free or (kind == "army" and held)):
            out.append((kind, f"produce {_a(kind)} {kind} figure ({cost} production)", cost))
    for utype in (*BASIC_UNITS, *sorted(rt.unlocked(p, "unlock_unit"))):
        cost = unit_cost(rt, p, utype)
        if cost <= budget and (rt.state["unit_decks"].get(utype) or rt.state["unit_returned"].get(utype)):
            out.append((f"unit:{utype}", f"produce {_a(utype)} {utype} unit ({cost} production)", cost))
    for b in buildable(rt, p):
        data = rt.d.buildings[b].data
        free = rt.granted("free_building", p) and "free_building" not in rt.player(p).get("used", [])
        if data.get("walls"):
            if not city.get("walled") and int(data["cost"]) <= budget:
                out.append((f"walls:{b}", f"build {rt.entry_name(b)} ({data['cost']} production)", int(data["cost"])))
            if not city.get("walled") and free:
                out.append((f"free_walls:{b}", f"build {rt.entry_name(b)} for free", 0))
            continue
        if int(data["cost"]) <= budget or free:
            for x, y in item_squares(rt, city, data["terrain"], bool(data.get("limited")), False):
                if same_building(rt, b, x, y):
                    continue   # the square holds this building already (in its basic or upgraded form)
                if int(data["cost"]) <= budget:
                    out.append((f"building:{b}@{x},{y}", f"build {rt.entry_name(b)} at {board.label(x, y)} "
                                f"({data['cost']} production)", int(data["cost"])))
                if free:
                    out.append((f"free_building:{b}@{x},{y}", f"build {rt.entry_name(b)} at {board.label(x, y)} "
                                "for free", 0))
    land = [t for t in rt.d.content.vocab.enums.get("terrain", []) if t != "water"]
    for w in rt.state["wonder_market"]:
        cost = wonder_cost(rt, p, w)
        if cost <= budget:
            for x, y in item_squares(rt, city, land, False, True):
                out.append((f"wonder:{w}@{x},{y}", f"build the wonder {rt.entry_name(w)} at {board.label(x, y)} "
                            f"({cost} production)", cost))
    for res in city_resources(rt, city):
        if rt.state["resource_market"].get(res, 0) > 0:
            out.append((f"harvest:{res}", f"harvest {res} (a token from the market)", 0))
    return out


def pay_production(rt: Civ, city: dict, cost: int) -> None:
    short = max(0, cost - production(rt, city))
    if short:
        rate = boost_rate(rt, city["owner"])
        spent = -(-short // rate) * int(rt.params["boost_trade"])
        rt.player(city["owner"])["trade"] -= spent
        rt.log(f"{rt.name(city['owner'])} spends {spent} trade to boost production by {short}")


def action_kind(option: str) -> str:
    """What kind of action an option is (a free building is a building), for 'not the same action twice'."""
    what = option.partition(":")[0]
    return what[len("free_"):] if what.startswith("free_") else what


def city_action(rt: Civ, city: dict, done: list[str] | None = None) -> Generator:
    """One action of the city; `done` holds the kinds of action it took already this turn (a city with
    more than one action never takes the same kind twice)."""
    p = city["owner"]
    rt.state["acting_city"] = city["id"]
    while True:   # culture may be spent at any time of the phase: before this action too (option `culture`)
        options = [o for o in city_options(rt, city) if action_kind(o[0]) not in (done or [])]
        if not options:
            return
        if can_advance(rt, p) and not over(rt):
            options.append(("culture", f"first advance on the culture track ({track_cost(rt, p)}); then this city "
                            "acts", 0))
        choice = yield from rt.ask(p, "city_action", f"Turn {rt.state['turn']}: {rt.name(p)}, action of the city at "
                                   f"{board.label(city['x'], city['y'])} (production {production(rt, city)}, trade "
                                   f"{rt.player(p)['trade']})", [o for o, _, _ in options], [lb for _, lb, _ in options])
        if choice != "culture":
            break
        yield from advance(rt, p)
        if over(rt) or city not in rt.state["cities_built"]:
            return
    cost = next(c for o, _, c in options if o == choice)
    if (yield from action_window(rt, p, choice, next(lb for o, lb, _ in options if o == choice))):
        return      # cancelled (Writing's spy): the city's action is lost, nothing is paid
    what, _, rest = choice.partition(":")
    pl = rt.player(p)
    if done is not None:
        done.append(action_kind(choice))
    if what.startswith("free_"):   # a free building (or walls): once per turn
        pl.setdefault("used", []).append("free_building")
        what = action_kind(choice)
    if what == "arts":
        n = arts_culture(rt, city)
        pl["culture"] += n
        rt.log(f"{rt.name(p)} devotes the city at {board.label(city['x'], city['y'])} to the arts: {n} culture")
        yield from rt.emit("devoted", p)
        return
    if what == "harvest":
        rt.state["resource_market"][rest] -= 1
        pl["resources"][rest] = pl["resources"].get(rest, 0) + 1
        rt.log(f"{rt.name(p)} harvests {rest}")
        yield from harvest_again(rt, city)
        return
    pay_production(rt, city, cost)
    if what in ("army", "scout"):
        free = [board.key(*sq) for sq in outskirts(rt, city) if placeable(rt, p, *sq) and not blockaded(rt, *sq, p)]
        held = [board.key(*sq) for sq in outskirts(rt, city) if what == "army" and blockade_target(rt, p, *sq)]
        where = yield from rt.ask(p, "place_figure", f"{rt.name(p)}: where does the new {what} go?", free + held,
                                  [f"at {board.label(*board.unkey(k))}" for k in free]
                                  + [f"at {board.label(*board.unkey(k))}, attacking the blockade" for k in held])
        fig = place_figure(rt, p, what, *board.unkey(where))
        rt.log(f"{rt.name(p)} produces {'an' if what == 'army' else 'a'} {what} at {board.label(*board.unkey(where))}")
        if where in held:
            yield from attack_square(rt, p, [fig], *board.unkey(where))
    elif what == "walls":
        city["walled"] = True
        rt.log(f"{rt.name(p)} builds {rt.entry_name(rest)} around the city at {board.label(city['x'], city['y'])}")
    elif what == "unit":
        card = draw_unit(rt, rest)
        pl["forces"].append(card)
        utype = unit_type(rt, card)
        rt.log(f"{rt.name(p)} produces {'an' if utype[0] in 'aeiou' else 'a'} {utype} unit")
    else:
        eid, _, at = rest.partition("@")
        put_item(rt, p, what, eid, *board.unkey(at))
        rt.log(f"{rt.name(p)} builds {rt.entry_name(eid)} at {board.label(*board.unkey(at))}")
        if what == "wonder":
            rt.state["wonder_market"].remove(eid)
            if rt.state["wonder_deck"]:
                rt.state["wonder_market"].append(rt.state["wonder_deck"].pop(0))
            yield from rt.emit("wonder_built", p, wonder=eid)


def harvest_again(rt: Civ, city: dict) -> Generator:
    """Once per turn, a player granted `harvest_twice` may harvest a second time with the same action (the
    same resource again, if the market has it)."""
    p = city["owner"]
    used = rt.player(p).setdefault("used", [])
    if not rt.granted("harvest_twice", p) or "harvest_twice" in used:
        return
    options = [r for r in city_resources(rt, city) if rt.state["resource_market"].get(r, 0) > 0]
    if not options:
        return
    choice = yield from rt.ask(p, "harvest_again", f"{rt.name(p)}: harvest a second time?", ["none", *options],
                               ["none", *(f"harvest {r}" for r in options)])
    if choice != "none":
        used.append("harvest_twice")
        rt.state["resource_market"][choice] -= 1
        rt.player(p)["resources"][choice] = rt.player(p)["resources"].get(choice, 0) + 1
        rt.log(f"{rt.name(p)} harvests {choice} a second time")


def actions_of(rt: Civ, city: dict) -> int:
    """City actions the city takes this turn: 1; the capital's after `capital_actions` (Anarchy 0)."""
    return max(0, rt.quantity("capital_actions", city["owner"], 1)) if city["capital"] else 1


def spend_culture(rt: Civ, p: int) -> Generator:
    """After the city actions, p may still advance on the culture track, a space at a time."""
    while can_advance(rt, p) and not over(rt):
        choice = yield from rt.ask(p, "culture", f"{rt.name(p)}: advance on the culture track "
                                   f"({rt.player(p)['culture']} culture, {rt.player(p)['trade']} trade)?",
                                   ["advance", "stop"], [f"advance one space ({track_cost(rt, p)})", "stop"])
        if choice == "stop":
            return
        yield from advance(rt, p)


def city_management(rt: Civ) -> Generator:
    if "resume_from" not in rt.state:   # (a fork restarted at a player's turn has done these)
        rt.log("3. City management")
        yield from offer_cards(rt)
        yield from offer_actions(rt)
    for p in rt.player_turns():
        for city in list(rt.cities(p)):
            done: list[str] = []
            if not actions_of(rt, city):
                rt.log(f"{rt.name(p)}'s city at {board.label(city['x'], city['y'])} takes no action this turn")
            for _ in range(actions_of(rt, city)):
                if over(rt):
                    return
                if city not in rt.state["cities_built"]:
                    break
                yield from city_action(rt, city, done)
        yield from spend_culture(rt, p)
