"""The basic actions' own rules as procedures a card can call: build units or pieces (free or at their
normal cost), move a given group some spaces, and count the players your trade routes reach.

A card that says "build 1 army" should build, not merely gain: these run the same checks and hooks as the
Build, Increase Size and Move actions (component limits, the stacking limit, recruit requirements, ports,
`units_built`, `piece_built`, `city_grown`, `units_moved`, battles on entering a foreign space), so every
card reacting to building or moving reacts to them too. They spend no action and activate no city.

- build_units(U, N[, C])  build up to N units of type U free in one of your cities (your pick; in city C
                      only, when it is given), one Build's rules
- buy_units(U, N[, C])   the same, paying the units' normal cost (substitutions such as gold apply)
- build_piece(P[, C])    add piece P free to one of your cities where Increase Size would allow it (C only)
- buy_piece(P[, C])      the same at the piece's normal cost
A city given that is not yours, or where the rules would not allow it now, means nothing is built.
- move_group(S, N)    your land units at S (not aboard) move together up to N more spaces, one space at a
                      time by the Move rules (even if they moved or fought this turn); you may stop early
Function: trade_partners()  different players your trade routes can reach at once.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ..registry import functions, procedures, refusals
from .cities import _total_cost, add_piece, build_placement, buildable_types, grow_cost, grow_pieces
from .movement import _execute, describe_units, destinations
from .trade import trade_partner_count

if TYPE_CHECKING:
    from ....engine.abilities import Ctx
    from ..state.runtime import Clash


def _among(rt: Clash, p: int, where: Any) -> list[str]:
    """Your cities, or only the one given (none when the place given is no city of yours)."""
    if where is None:
        return rt.cities_of(p)
    return [where] if where in rt.cities_of(p) else []


def _unit_cities(rt: Clash, p: int, utype: str, paid: bool, where: Any = None) -> list[str]:
    """Your cities where a unit of that type could be built now (and paid for, if `paid`)."""
    ctx = rt.ctx(p, "rules")
    return [c for c in _among(rt, p, where) if utype in buildable_types(rt, p, c, [])
            and (not paid or rt.can_pay(ctx, _total_cost(rt, [utype]), "build"))]


def _build(rt: Clash, p: int, utype: Any, n: Any, paid: bool, where: Any = None) -> Generator:
    """Build up to n units of a type in one city (the player's pick); returns how many were made."""
    utype, n = str(utype), int(n)
    if utype not in rt.defn.units or n <= 0:
        return 0
    cities = _unit_cities(rt, p, utype, paid, where)
    name = rt.defn.units[utype].name
    if not cities:
        rt.log(f"  {rt.name(p)} has no city that may build {name.lower()} units now")
        return 0
    city = yield from rt.ask(p, "city", f"Build {name} units in which city?", sorted(cities))
    planned: list[str] = []
    ctx = rt.ctx(p, "rules")
    while len(planned) < n and utype in buildable_types(rt, p, city, planned):
        if paid and not rt.can_pay(ctx, _total_cost(rt, planned + [utype]), "build"):
            break
        planned.append(utype)
    if paid:
        yield from rt.pay_for(p, _total_cost(rt, planned), "build", "units")
    for t in planned:
        yield from rt.place_unit(p, t, build_placement(rt, p, t, city), "building")
    how = "" if paid else " (free)"
    rt.log(f"  {rt.name(p)} builds {', '.join([name] * len(planned))} at {city}{how}")
    yield from rt.emit("units_built", p, city=city, built=list(planned))
    return len(planned)


def build_units(rt: Clash, p: int, utype: Any, n: Any = 1, where: Any = None, ctx: Ctx | None = None) -> Generator:
    return (yield from _build(rt, p, utype, n, paid=False, where=where))


def buy_units(rt: Clash, p: int, utype: Any, n: Any = 1, where: Any = None, ctx: Ctx | None = None) -> Generator:
    return (yield from _build(rt, p, utype, n, paid=True, where=where))


def _piece_cities(rt: Clash, p: int, piece: str, paid: bool, where: Any = None) -> list[str]:
    """Your cities where Increase Size could add that piece now (and pay for it, if `paid`)."""
    ctx = rt.ctx(p, "rules")
    return [c for c in _among(rt, p, where) if piece in grow_pieces(rt, p, c)
            and (not paid or rt.can_pay(ctx, grow_cost(rt, p, c, piece), "grow"))]


def _add(rt: Clash, p: int, piece: Any, paid: bool, where: Any = None) -> Generator:
    """Add a piece to one city (the player's pick); returns the city, or None."""
    piece = str(piece)
    if piece not in rt.defn.pieces:
        return None
    cities = _piece_cities(rt, p, piece, paid, where)
    name = rt.defn.pieces[piece].name
    if not cities:
        rt.log(f"  {rt.name(p)} has no city that may take a {name} now")
        return None
    city = yield from rt.ask(p, "city", f"Add the {name} to which city?", sorted(cities))
    if paid:
        yield from rt.pay_for(p, grow_cost(rt, p, city, piece, commit=True), "grow", name)
    yield from add_piece(rt, p, city, piece)
    yield from rt.emit("city_grown", p, city=city, piece=piece)
    return city


def build_piece(rt: Clash, p: int, piece: Any, where: Any = None, ctx: Ctx | None = None) -> Generator:
    return (yield from _add(rt, p, piece, paid=False, where=where))


def buy_piece(rt: Clash, p: int, piece: Any, where: Any = None, ctx: Ctx | None = None) -> Generator:
    return (yield from _add(rt, p, piece, paid=True, where=where))


def move_group(rt: Clash, p: int, space: Any, steps: Any = 1, ctx: Ctx | None = None) -> Generator:
    if space is None:
        return
    units = rt.state["units"]
    cur = str(space)
    group = [u for u in rt.units_at(cur, p) if not units[u]["ship"] and not rt.is_ship(units[u]["type"])]
    if any(rt.is_army(units[u]["type"]) for u in group) and not rt.granted("move_armies", p):
        return  # army units move only with the permission, here as in a Move action
    for _ in range(max(0, int(steps))):
        group = [u for u in group if u in units and units[u]["space"] == cur and not units[u]["stop"]]
        if not group:
            return
        dests, how = destinations(rt, p, cur, group)
        near = set(rt.board.neighbors(cur))
        dests = [d for d in dests if d in near and not how[d].get("embark")]  # one space on land per step
        if not dests:
            return
        dest = yield from rt.ask(p, "move_to", f"Move {describe_units(rt, group)} from {cur} one more space?",
                                 dests + ["stay"], dests + ["stay where they are"])
        if dest == "stay":
            return
        yield from _execute(rt, p, cur, dest, group, how[dest])
        for u in group:
            if u in units:
                units[u]["moved"] = 1
        if how[dest].get("battle"):
            return  # a battle ends the move, as in a Move action
        cur = dest


def trade_partners(rt: Clash, ctx: Ctx) -> int:
    return 0 if ctx.me < 0 else trade_partner_count(rt, ctx.me)


def _no_unit_city(paid: bool):
    def why(rt: Clash, p: int, utype: Any, n: Any = 1, where: Any = None) -> str | None:
        utype = str(utype)
        if utype in rt.defn.units and _unit_cities(rt, p, utype, paid, where):
            return None
        name = rt.defn.units[utype].name.lower() if utype in rt.defn.units else utype
        return f"no city of yours may build {name} units now" + (" and pay for them" if paid else "")
    return why


def _no_piece_city(paid: bool):
    def why(rt: Clash, p: int, piece: Any, where: Any = None) -> str | None:
        piece = str(piece)
        if piece in rt.defn.pieces and _piece_cities(rt, p, piece, paid, where):
            return None
        name = rt.defn.pieces[piece].name if piece in rt.defn.pieces else piece
        return f"no city of yours may take a {name} now" + (" and pay for it" if paid else "")
    return why


refusals({"build_units": _no_unit_city(False), "buy_units": _no_unit_city(True),
          "build_piece": _no_piece_city(False), "buy_piece": _no_piece_city(True)})
procedures({"build_units": build_units, "buy_units": buy_units, "build_piece": build_piece,
            "buy_piece": buy_piece, "move_group": move_group})
functions({"trade_partners": trade_partners})

