"""Barbarians (rulebook page 13): small independent cities with units, owned by no player.

Barbarian units are infantry (the `army` role) and, with a pack that has them, other army unit types
with a `barbarian_limit`: such a unit may join a settlement that
already holds barbarian infantry, as the spawn icon's extra unit. They fight with their type's powers
(combat.unit_powers). Hits the barbarians take are assigned by their opponent; hits on a player's city
take its land units (army units, settlers, leader figures) in the order of casualties, then its pieces.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..names import BARBARIAN, hits
from ..registry import SERVICES, functions, procedure, procedures, service
from ..state.setup import add_city
from .combat import (
    Battle,
    battle_ended,
    chooser_of,
    combat_cards,
    fighters,
    next_casualty,
    remove_unit,
    round_end,
    round_start,
    take_casualties,
)
from .rolls import battle_quantity, exchange

if TYPE_CHECKING:
    from ..state.runtime import Clash



@service("place_barbarian_city")
def place_barbarian_city(rt: Clash, space: str, units: int = 1) -> Generator:
    add_city(rt.state, rt.defn, BARBARIAN, space)
    rt.cities_changed()
    yield from rt.size_changed(space, 0, "barbarians")
    for _ in range(units):
        yield from rt.place_unit(BARBARIAN, rt.role("army"), space, "barbarians")
    rt.log(f"  a barbarian settlement appears at {space}")


def barbarian_units(rt: Clash, space: str) -> list[str]:
    return rt.units_at(space, BARBARIAN)


def _barbarian_room(rt: Clash) -> tuple[int, int]:
    """(settlements, armies) still in the barbarians' supply (the component limits, like a player's)."""
    cities = sum(1 for c in rt.state["cities"].values() if c["owner"] == BARBARIAN)
    armies = len(rt.units_of(BARBARIAN, rt.role("army")))
    piece_limit = rt.defn.limit(rt.defn.foundation)
    army_limit = rt.defn.limit(rt.role("army"))
    return piece_limit - cities, army_limit - armies


def _empty_land_near(rt: Clash, p: int, reach: int, adjacent_only: bool = False) -> list[str]:
    out = set()
    for c in rt.cities_of(p):
        area = rt.board.neighbors(c) if adjacent_only else rt.board.within(c, reach)
        for s in area:
            if not rt.board.space(s).revealed or not rt.is_land(s) or rt.terrain(s) == "barren":
                continue
            if s in rt.state["cities"] or rt.units_at(s):
                continue
            out.add(s)
    return sorted(out)


def _special_barbarians(rt: Clash) -> list[str]:
    """Army unit types besides infantry that the barbarians have and still have in supply."""
    out = []
    for utype, e in sorted(rt.defn.units.items()):
        limit = int(e.data.get("barbarian_limit", 0) or 0)
        if utype != rt.role("army") and rt.is_army(utype) and len(rt.units_of(BARBARIAN, utype)) < limit:
            out.append(utype)
    return out


@procedure("barbarians_spawn")
def barbarians_spawn(rt: Clash, p: int, ctx=None) -> Generator:
    """Event icon: (1) a barbarian settlement and unit within 2 spaces of your city, (2) one more unit,
    which may be another barbarian army type (cavalry, elephant) where barbarian infantry stands."""
    settlements, armies = _barbarian_room(rt)
    spots = [s for s in _empty_land_near(rt, p, rt.params["barbarian_reach"]) if s not in rt.state["board"]["exhausted"]]
    if spots and settlements > 0 and armies > 0:
        where = yield from rt.ask(p, "space", "Barbarians spawn: place the settlement where?", spots)
        yield from place_barbarian_city(rt, where)
    settlements, armies = _barbarian_room(rt)
    camps = sorted(s for s, c in rt.state["cities"].items() if c["owner"] == BARBARIAN)
    special = _special_barbarians(rt)
    if camps and (armies > 0 or special):
        where = yield from rt.ask(p, "space", "Barbarians spawn: add a barbarian unit to which settlement?", camps)
        infantry = rt.role("army")
        kinds = [infantry] if armies > 0 else []
        if rt.units_at(where, BARBARIAN, infantry):
            kinds += special
        if not kinds:
            return
        kind = yield from rt.ask(p, "barbarian_unit", "Which barbarian unit joins the settlement?", kinds,
                                 [rt.defn.units[k].name for k in kinds])
        yield from rt.place_unit(BARBARIAN, kind, where, "barbarians")
        what = "unit" if kind == infantry else rt.defn.units[kind].name
        rt.log(f"  a barbarian {what} joins the settlement at {where}")


@procedure("exhaust_land")
def exhaust_land(rt: Clash, p: int, ctx=None) -> Generator:
    """Event icon: an exhausted token on an empty non-barren land space next to one of your cities."""
    spots = [s for s in _empty_land_near(rt, p, 1, adjacent_only=True) if s not in rt.state["board"]["exhausted"]]
    if not spots:
        return
    where = yield from rt.ask(p, "space", "Exhausted land: where does the token go?", spots)
    rt.state["board"]["exhausted"].append(where)
    rt.log(f"  the land at {where} is exhausted")


def attack_candidates(rt: Clash, p: int) -> list[tuple[str, str]]:
    """(barbarian settlement, your city) pairs the barbarian attack rule allows, ties kept for the player."""
    camps = [s for s, c in rt.state["cities"].items() if c["owner"] == BARBARIAN and barbarian_units(rt, s)]
    mine = [c for c in rt.cities_of(p) if not rt.forbidden("barbarian_attack", target=c, actor=BARBARIAN)]
    near: list[tuple[str, str, int]] = []
    for camp in camps:
        for c in mine:
            d = rt.distance(camp, c)
            if d is not None and d <= rt.params["barbarian_reach"]:
                near.append((camp, c, d))
    if not near:
        return []
    most = max(len(barbarian_units(rt, camp)) for camp, _, _ in near)
    strongest = [(camp, c, d) for camp, c, d in near if len(barbarian_units(rt, camp)) == most]
    closest = min(d for _, _, d in strongest)
    return sorted({(camp, c) for camp, c, d in strongest if d == closest})


@procedure("barbarian_attack")
def barbarian_attack(rt: Clash, p: int, ctx=None) -> Generator:
    """Event icon: the strongest settlement within 2 spaces attacks your closest city, for one round."""
    pairs = attack_candidates(rt, p)
    if not pairs:
        rt.log("  no barbarians are close enough to attack")
        return
    camp, city = yield from choose_raid(rt, p, pairs)
    # abilities may call the attack off (and may send the barbarians elsewhere: do send_barbarians)
    result = yield from rt.emit("barbarian_attack_declared", p, camp=camp, city=city)
    if result.get("cancelled"):
        rt.log(f"  the barbarians at {camp} do not attack the city at {city}")
        return
    yield from barbarian_battle(rt, p, camp, city)


def barbarian_targets(rt: Clash, p: int, camp: str | None) -> list[str]:
    """Other players' cities within 2 spaces of a barbarian settlement with units (send_barbarians)."""
    if camp is None or camp not in rt.state["cities"] or not barbarian_units(rt, camp):
        return []
    out = []
    for target, c in rt.state["cities"].items():
        d = rt.distance(camp, target)
        if c["owner"] in (p, BARBARIAN) or d is None or d > rt.params["barbarian_reach"]:
            continue
        if not rt.forbidden("barbarian_attack", target=target, actor=BARBARIAN):
            out.append(target)
    return sorted(out)


def send_barbarians(rt: Clash, p: int, camp: str | None, ctx=None) -> Generator:
    """The barbarians of that settlement attack another player's city within 2 of it (p picks), for
    one round as in a barbarian attack."""
    targets = barbarian_targets(rt, p, camp)
    if not targets:
        return
    city = yield from rt.ask(p, "barbarians", f"Send the barbarians at {camp} against which city?", targets)
    target = rt.state["cities"][city]["owner"]
    rt.log(f"  {rt.name(p)} sends the barbarians at {camp} against {rt.name(target)}")
    yield from barbarian_battle(rt, target, camp, city)


def choose_raid(rt: Clash, p: int, pairs: list[tuple[str, str]]) -> Generator:
    """The player settles ties: which barbarian settlement attacks which city."""
    ids = [f"{camp}>{city}" for camp, city in pairs]
    pick = yield from rt.ask(p, "barbarians", "Which barbarians attack which city?", ids)
    camp, city = pick.split(">")
    return camp, city


def barbarian_battle(rt: Clash, p: int, camp: str, city: str) -> Generator:
    camp_units = barbarian_units(rt, camp)
    b = Battle(city, BARBARIAN, p, camp, naval=False, city=city)
    b.present = {p: rt.units_at(city, p)}
    b.round = 1
    rt.log(f"  barbarians from {camp} attack the city at {city}")
    city_units = fighters(rt, p, city, False)
    b.units = {"attacker": list(camp_units), "defender": city_units}
    b.fought = {BARBARIAN: len(camp_units), p: len(city_units)}
    rt.battle = b
    yield from combat_cards(rt, b, camp_units, city_units)  # normal combat rules: the defender may play a card
    b.fortress_dice = yield from battle_quantity(rt, "fortress_dice", b, 0)
    b.fortress_cancel = yield from battle_quantity(rt, "fortress_cancel_hits", b, 0)
    yield from round_start(rt, b)
    camp_units = [u for u in camp_units if u in rt.state["units"]]
    city_units = [u for u in city_units if u in rt.state["units"]]
    b.units = {"attacker": list(camp_units), "defender": city_units}
    on_city = on_raiders = 0
    if b.result is None:  # an effect may end the attack before the dice (do end_battle)
        att_cv, def_cv, on_city, on_raiders = yield from exchange(rt, b, camp_units, city_units)
        rt.log(f"  Barbarians roll {att_cv} ({hits(on_city)}), {rt.says(p, 'roll')} {def_cv} ({hits(on_raiders)})")
        camp_units = yield from take_casualties(rt, b, BARBARIAN, camp_units, on_raiders)
    lost_size = yield from _hits_on_city(rt, b, p, city, on_city)
    if city in rt.state["cities"] and lost_size:
        yield from rt.set_mood(city, "angry", "barbarians")
        rt.log(f"  the city at {city} loses {lost_size} piece{'s' if lost_size > 1 else ''} and becomes angry")
    if b.result is None:
        left = [u for u in fighters(rt, p, city, False) if u in city_units]
        yield from round_end(rt, b, camp_units, left, {"attacker": on_city, "defender": on_raiders})
    rt.round_sources = {}
    rt.battle = None
    # survivors go home: they never left their settlement in this model; the city holds when every raider
    # fell; otherwise nobody wins: the raid's one round is over (outcome ended)
    beaten = not any(u in rt.state["units"] for u in camp_units)
    if not beaten:
        b.result = "ended"
    yield from battle_ended(rt, b, p if beaten else None)
    yield from rt.emit("barbarians_attacked", p, city=city)


def _hits_on_city(rt: Clash, b: Battle, p: int, city: str, on_city: int) -> Generator:
    """The barbarians' hits on a city: its land units first (its owner picks), then its pieces; the last
    piece razes it. Returns the pieces lost."""
    lost_size = 0
    for _ in range(on_city):
        units = [u for u in rt.units_at(city, p) if not rt.state["units"][u]["ship"]]
        if units:
            # every land unit in the city may fall (settlers and leaders too), in the order of casualties;
            # the player picks each one (left=1: asked even when all would fall, as in the base game)
            u = yield from next_casualty(rt, p, chooser_of(p, b), units, 1, "Which unit takes the hit?")
            yield from remove_unit(rt, u, b)
            continue
        if city not in rt.state["cities"]:
            break
        pieces = rt.state["cities"][city]["pieces"]
        others = sorted(x for x in pieces if x != rt.defn.foundation)
        if others:
            piece = yield from rt.ask(p, "piece", "Which city piece is lost?", others,
                                      [rt.defn.pieces[x].name for x in others])
            del pieces[piece]
            lost_size += 1
            yield from rt.size_changed(city, len(pieces) + 1, "barbarians")
        else:
            raze_city = SERVICES["raze_city"]  # written above this layer (phases.status)
            yield from raze_city(rt, city, "barbarians")
            rt.log(f"  the barbarians destroy the city at {city}")
            break
    return lost_size


# ---- what effects may call (vocabulary.yaml) ------------------------------------------------------------
FUNCTIONS = {
    "barbarian_targets": lambda rt, ctx, camp: len(barbarian_targets(rt, ctx.me, camp)),
}

PROCEDURES = {
    "send_barbarians": send_barbarians,
}

functions(FUNCTIONS)
procedures(PROCEDURES)
