"""Pirates (Civilizations rules): neutral ships owned by no player (owner PIRATES = -2).

The unit type with the role `pirate` is the pirate ship; without such a type in the loaded content
everything here is idle. The pirate unit's own effect (content) says when pirates act, through the
primitives below: `place_pirate(region)` on `region_revealed` (a region with 2 sea spaces), and
`pirate_raid()` then `pirate_spawn()` on the `event_icon` hook. The other rules ask this module:

- `blocked_seas(rt)`: sea spaces with a pirate ship or next to one. Nobody collects there
  (cities.collect_blocked) and trade routes neither start from nor pass through them
  (functions.trade_route_count).
- `pirate_spaces(rt)`: where pirate ships stand; ships may not sail through them (they are foreign
  units for every player, sailing.sea_reach) and stop there to fight (a naval battle with the
  defender PIRATES; combat skips cards, hooks and modifiers for owners below 0). With the `navigation`
  grant a pirate blocks only the sole edge entrance or exit of a sea group (sailing.ship_destinations).

Control: a player for whom `grant ally_pirates` is in force controls the pirate ships sharing a space
with his units. Controlled pirate ships are no pirates: they do not raid, move or block. (What else
the controller may do with them is his ability's business.)
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..actions.cities import lower_mood
from ..names import PIRATES
from ..registry import procedures, service
from ..state.setup import RESOURCES

if TYPE_CHECKING:
    from ..state.runtime import Clash


# ---- who and where --------------------------------------------------------------------------------
def pirate_type(rt: Clash) -> str | None:
    """The unit type of pirate ships (None: the content has no pirates)."""
    return rt.defn.roles.get("pirate")


@service("side_name")
def side_name(rt: Clash) -> str:
    """How logs name the pirates: the pirate unit's `owner_name` (content), else its own name."""
    t = pirate_type(rt)
    if t is None:
        return f"seat {PIRATES}"
    e = rt.defn.units[t]
    return str(e.data.get("owner_name") or e.name)


def controller(rt: Clash, space: str) -> int | None:
    """The player controlling the pirate ships at `space` (his units there and ally_pirates), if any."""
    for u in rt.units_at(space):
        owner = rt.state["units"][u]["owner"]
        if owner >= 0 and rt.granted("ally_pirates", owner):
            return owner
    return None


def all_pirates(rt: Clash) -> list[str]:
    """Every pirate ship in play, controlled or not (for the component limit)."""
    t = pirate_type(rt)
    if t is None:
        return []
    return sorted((u for u, d in rt.state["units"].items() if d["owner"] == PIRATES and d["type"] == t), key=int)


def pirate_units(rt: Clash) -> list[str]:
    """The pirate ships that act as pirates: those no player controls."""
    return [u for u in all_pirates(rt) if controller(rt, rt.state["units"][u]["space"]) is None]


@service("pirate_spaces")
def pirate_spaces(rt: Clash) -> set[str]:
    return {rt.state["units"][u]["space"] for u in pirate_units(rt)}


@service("blocked_seas")
def blocked_seas(rt: Clash) -> set[str]:
    """Sea spaces with a pirate ship or next to one: no collecting, no trade route from or through."""
    spaces = pirate_spaces(rt)
    out = set(spaces)
    board = rt.board
    for s in spaces:
        out.update(n for n in board.neighbors(s) if board.space(n).revealed and rt.is_water(n))
    return out


def _player_ship_at(rt: Clash, space: str) -> bool:
    units = rt.state["units"]
    return any(units[u]["owner"] >= 0 and rt.is_ship(units[u]["type"]) for u in rt.units_at(space))


def _room(rt: Clash) -> bool:
    t = pirate_type(rt)
    return t is not None and len(all_pirates(rt)) < rt.defn.limit(t)


def _new_pirate(rt: Clash, space: str) -> Generator:
    yield from rt.place_unit(PIRATES, pirate_type(rt), space, "piracy")
    rt.log(f"  a {rt.defn.units[pirate_type(rt)].name.lower()} appears at {space}")


# ---- primitives -----------------------------------------------------------------------------------
def place_pirate(rt: Clash, p: int, region: int, ctx=None) -> Generator:
    """A pirate ship on one of the region's sea spaces (the revealing player's choice), if one is left."""
    if pirate_type(rt) is None or region is None:
        return
    if not _room(rt):
        rt.log("  every pirate ship is already in play")
        return
    seas = sorted(s for s in rt.board.region_spaces(int(region)) if rt.is_water(s) and not _player_ship_at(rt, s))
    if not seas:
        return
    where = yield from rt.ask(p, "space", "Place the pirate ship on which sea space?", seas)
    yield from _new_pirate(rt, where)


def _coastal(rt: Clash, city: str) -> bool:
    board = rt.board
    return any(board.space(n).revealed and rt.is_water(n) for n in board.neighbors(city))


def raid_pairs(rt: Clash, p: int) -> list[tuple[str, str]]:
    """A maximum pairing of pirate ships with distinct coastal cities of p within 2 spaces (params
    pirate_raid_range; like trade routes). Angry cities are tried first: a raid that cannot be paid costs them nothing."""
    order = ("angry", "neutral", "happy")
    cities = sorted((c for c in rt.cities_of(p) if _coastal(rt, c)),
                    key=lambda c: (order.index(rt.state["cities"][c]["mood"]), c))
    far = rt.params["pirate_raid_range"]
    reach: dict[str, list[str]] = {}
    for u in pirate_units(rt):
        sp = rt.state["units"][u]["space"]
        reach[u] = [c for c in cities if (d := rt.distance(sp, c)) is not None and d <= far]
    match: dict[str, str] = {}

    def augment(u: str, seen: set[str]) -> bool:
        for c in reach[u]:
            if c in seen:
                continue
            seen.add(c)
            if c not in match or augment(match[c], seen):
                match[c] = u
                return True
        return False

    for u in reach:
        augment(u, set())
    return sorted(((u, c) for c, u in match.items()), key=lambda x: int(x[0]))


def pirate_raid(rt: Clash, p: int, ctx=None) -> Generator:
    """Each paired pirate ship costs 1 resource or 1 mood token (p's choice); each one p cannot pay
    lowers the mood of a paired city. Not an event mood loss: abilities that keep a mood do not help."""

    pairs = raid_pairs(rt, p)
    if not pairs:
        rt.log("  pirate raid: no pirate ship is close enough to a coastal city")
        return
    rt.log(f"  pirate raid: {len(pairs)} pirate ship{'s' if len(pairs) != 1 else ''} raid {rt.name(p)}'s cities")
    res = rt.player(p)["res"]
    unpaid = 0
    for _, city in pairs:
        goods = [r for r in RESOURCES + ["mood"] if res.get(r, 0) > 0]
        if not goods:
            unpaid += 1
            continue
        what = yield from rt.ask(p, "pay", f"Pirate raid on the city at {city}: lose what?", goods,
                                 [f"1 {g}" for g in goods])
        yield from rt.lose_resource(p, what, 1, "piracy")
        rt.log(f"  {rt.name(p)} loses 1 {what} to the pirates")
    targets = [c for _, c in pairs]
    for _ in range(unpaid):
        options = sorted(c for c in targets if rt.state["cities"][c]["mood"] != "angry")
        if not options:
            break
        city = yield from rt.ask(p, "city", "Pirate raid: which raided city's mood drops?", options)
        targets.remove(city)
        yield from lower_mood(rt, city, 1, "piracy")
        rt.log(f"  the city at {city} becomes {rt.state['cities'][city]['mood']}")


def pirate_spawn(rt: Clash, p: int, ctx=None) -> Generator:
    """A pirate ship left in the supply goes on a sea space without a player ship (p's choice); with
    all of them in play, p may move one of them to such a space instead."""
    if pirate_type(rt) is None:
        return
    board = rt.board
    spots = sorted(s.id for s in board.spaces if s.revealed and s.terrain == "sea" and not _player_ship_at(rt, s.id))
    if not spots:
        return
    if _room(rt):
        where = yield from rt.ask(p, "space", "Pirates spawn: place a pirate ship where?", spots)
        yield from _new_pirate(rt, where)
        return
    movable = sorted({rt.state["units"][u]["space"] for u in pirate_units(rt)})
    if not movable:
        return
    pick = yield from rt.ask(p, "pirate", "All pirate ships are in play: move one of them?", ["leave"] + movable,
                             ["leave them where they are"] + [f"the pirate ship at {s}" for s in movable])
    if pick == "leave":
        return
    dests = [s for s in spots if s != pick]
    if not dests:
        return
    where = yield from rt.ask(p, "space", f"Move the pirate ship from {pick} to?", dests)
    uid = next(u for u in pirate_units(rt) if rt.state["units"][u]["space"] == pick)
    rt.state["units"][uid]["space"] = where
    rt.units_changed()
    rt.log(f"  the pirate ship at {pick} moves to {where}")


PROCEDURES = {
    "place_pirate": place_pirate,
    "pirate_raid": pirate_raid,
    "pirate_spawn": pirate_spawn,
}

procedures(PROCEDURES)
