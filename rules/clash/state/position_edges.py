"""What a scenario position may say at the rules' edges (issue 33), and the limits it must keep.

- units.N.aboard: true          the units go aboard their owner's ships in that (sea) space, filling the
                                ships in the order the position lists them (a leader figure takes no room);
                                `aboard: 2` puts them on the owner's second ship listed there
- players.N.discarded_leaders   leader cards out of the game (dead or retired)

A position is a state the rules could have made, so it keeps their limits: resources and tokens within the
player's limits (food 2 until an ability raises resource_limit, mood and culture up to the levels), army
units per space within the stacking limit, units, city pieces and cities within the number that exist,
land units at sea aboard a ship with room. Each break is a problem naming where in the position it is,
raised together as one PositionError (the scenario runner adds the file's line). The limits are asked of
a runtime over the new state, as the rules would ask them.
"""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import TYPE_CHECKING

from ....engine.diagnostics import PositionError, accepted
from .limits import city_limit, stack_limit
from .runtime import Clash
from .setup import RESOURCES, TOKENS

if TYPE_CHECKING:
    from .definition import ClashDefinition

Problems = list[tuple[tuple, str]]


def apply_edges(defn: ClashDefinition, state: dict, pos: dict, placed: list[list[str]]) -> None:
    """Set what the position says of discarded leaders and units aboard, then check its limits.
    `placed`: the unit ids made for each item of `units`, in order."""
    problems: Problems = []
    for i, spec in enumerate(pos.get("players") or []):
        if "discarded_leaders" in spec and i < len(state["players"]):
            state["players"][i]["discarded_leaders"] = list(spec["discarded_leaders"])
            for j, card in enumerate(spec["discarded_leaders"]):
                if card not in defn.leaders:
                    problems.append((("players", i, "discarded_leaders", j), f"{card!r} is not a leader of the loaded "
                                     f"packs; {accepted(list(defn.leaders))}"))
    rt = Clash(defn, SimpleNamespace(state=state, log=[], config={}))  # the rules' own answers on this state
    _board_ships(rt, pos, placed, problems)
    problems += _limits(rt, pos, placed)
    if problems:
        raise PositionError(problems)


def _room(rt: Clash, ship: str) -> int:
    d = rt.state["units"][ship]
    cap = int(rt.defn.units[d["type"]].data.get("capacity", 0))
    if cap and d["owner"] >= 0:
        cap = rt.quantity("ship_capacity", d["owner"], cap)
    return cap - sum(_space_taken(rt, u["type"]) for u in rt.state["units"].values() if u["ship"] == ship)


def _space_taken(rt: Clash, utype: str) -> int:
    return int(rt.defn.units[utype].data.get("ship_space", 1))


def _board_ships(rt: Clash, pos: dict, placed: list[list[str]], problems: Problems) -> None:
    units = rt.state["units"]
    for i, (spec, uids) in enumerate(zip(pos.get("units") or [], placed, strict=False)):
        if not uids:
            continue
        d0 = units[uids[0]]
        at, utype, owner = d0["space"], d0["type"], d0["owner"]
        ship_type = rt.is_ship(utype)
        if spec.get("aboard"):
            if ship_type:
                problems.append((("units", i, "aboard"), f"a {utype} is a ship: only land units go aboard"))
                continue
            ships = [s for s in rt.units_at(at, owner) if rt.is_ship(units[s]["type"])]
            which = spec["aboard"]
            if which is not True:  # the owner's N-th ship listed at that space
                ships = ships[int(which) - 1:int(which)]
            for u in uids:
                need = _space_taken(rt, utype)
                ship = next((s for s in ships if _room(rt, s) >= need), None)
                if ship is None:
                    problems.append((("units", i, "aboard"),
                                     f"no ship of player {owner} at {spec['at']} has room for this {utype} "
                                     "(list the ships first; each carries as many as its capacity)"
                                     + ("" if which is True else f"; the position lists {len([x for x in rt.units_at(at, owner) if rt.is_ship(units[x]['type'])])} ship(s) there")))
                    break
                units[u]["ship"] = ship
        elif not ship_type and _water(rt, at):
            problems.append((("units", i, "at"), f"a {utype} at sea must be aboard a ship: add `aboard: true`"))


def _water(rt: Clash, space: str) -> bool:
    try:
        return rt.is_water(space)
    except (KeyError, AttributeError):  # a space of a region not placed: position_check names it
        return False


def _limits(rt: Clash, pos: dict, placed: list[list[str]]) -> Problems:  # noqa: C901 - one check per limit
    out: Problems = []
    st, defn = rt.state, rt.defn
    top = int(rt.params["scale_max"])
    for i, spec in enumerate(pos.get("players") or []):
        if i >= len(st["players"]):
            continue
        for k, v in (spec.get("resources") or {}).items():
            if k not in RESOURCES + TOKENS:
                continue
            limit = rt.limit(i, k)
            if int(v) < 0:
                out.append((("players", i, "resources", k), f"{k} {v} is below 0"))
            elif int(v) > limit:
                why = (f"the player's {'happiness' if k == 'mood' else 'culture'} level" if k in TOKENS
                       else f"what the player's abilities allow (resource_limit; at most {top})")
                out.append((("players", i, "resources", k), f"{k} {v} is above the limit {limit}: {why}"))
    units = st["units"]
    owner_item: dict[tuple, int] = {}  # (owner, type) -> the last item placing such units
    stack_item: dict[tuple, int] = {}  # (owner, space) -> the last item placing an army unit there
    for i, uids in enumerate(placed):
        for u in uids:
            d = units[u]
            owner_item[(d["owner"], d["type"])] = i
            if rt.is_army(d["type"]) and not d["ship"]:
                stack_item[(d["owner"], d["space"])] = i
    counts = Counter((d["owner"], d["type"]) for d in units.values())
    for (owner, utype), n in sorted(counts.items()):
        limit = defn.limit(utype) if owner >= 0 else int(defn.units[utype].data.get("barbarian_limit", defn.limit(utype)))
        if n > limit and (owner, utype) in owner_item:
            out.append((("units", owner_item[(owner, utype)]),
                        f"player {owner} has {n} {utype} units; only {limit} exist"))
    stacks = Counter((d["owner"], d["space"]) for d in units.values() if rt.is_army(d["type"]) and not d["ship"])
    for (owner, space), n in sorted(stacks.items()):
        if owner >= 0 and n > (cap := stack_limit(rt, owner, space)) and (owner, space) in stack_item:
            i = stack_item[(owner, space)]
            out.append((("units", i), f"player {owner} has {n} army units at {pos['units'][i]['at']}; "
                                      f"a space holds at most {cap}"))
    cities = pos.get("cities") or []
    piece_item: dict[tuple, tuple] = {}
    city_count: Counter = Counter()
    city_item: dict[int, int] = {}
    for i, c in enumerate(cities):
        owner = int(c.get("owner", 0))
        city_count[owner] += 1
        city_item[owner] = i
        for piece, piece_owner in (c.get("pieces") or {}).items():
            piece_item[(owner if piece_owner is None else int(piece_owner), piece)] = ("cities", i, "pieces", piece)
    pieces = Counter((o, p) for c in st["cities"].values() for p, o in c["pieces"].items())
    for (owner, piece), n in sorted(pieces.items()):
        limit = defn.limit(piece)
        where = piece_item.get((owner, piece)) or (("cities", city_item[owner]) if owner in city_item else None)
        if owner >= 0 and n > limit and where is not None:
            out.append((where, f"player {owner} has {n} {piece} pieces; only {limit} exist"))
    for owner, n in sorted(city_count.items()):
        if owner >= 0 and n > (most := city_limit(rt, owner)):
            out.append((("cities", city_item[owner]), f"player {owner} has {n} cities; at most {most}"))
    return out
