"""Exploration (rulebook pages 16-19): turning a face-down region up when a land unit enters it or a ship
sails next to it, with the orientations the rules allow, and what the revealed region brings (barbarians,
pirates)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ....engine.hexgrid import parse_space_id, space_id
from ..board.map import land_orientations, place_region, ship_orientations, water_hexes
from ..board.neighbours import note_origin
from ..registry import SERVICES
from .spaces import foreign, region_of

if TYPE_CHECKING:
    from ..state.runtime import Clash


def explore_rotations(rt: Clash, space: str) -> list[int]:
    """Orientations a region may take when a land unit enters `space`; memoised on the (immutable) board."""
    slot_index = region_of(rt, space)
    tile = rt.state["board"]["tiles"][slot_index]
    board = rt.board
    memo = board.__dict__.setdefault("_explore_memo", {})
    key = (space, tile)
    if key not in memo:
        layout = rt.defn.layout(rt.n)
        memo[key] = land_orientations(layout.slots[slot_index], rt.region_terrains(tile), parse_space_id(space),
                                      water_hexes(board), layout.outline)
    return memo[key]


def explore_land(rt: Clash, p: int, entered: str) -> Generator:
    """A land unit enters an unrevealed region: place it by the three rules, then barbarians."""
    rot = yield from choose_rotation(rt, p, explore_rotations(rt, entered), region_of(rt, entered))
    yield from reveal_slot(rt, p, region_of(rt, entered), rot, avoid=entered)


def choose_rotation(rt: Clash, p: int, rotations: list[int], slot_index: int | None = None) -> Generator:
    """The explorer turns a region one of the allowed ways (asked only when there are two); each option
    says where each terrain of the region, which the explorer now looks at, would lie."""
    labels = [f"turn {k}" for k in rotations]
    if slot_index is not None:
        slot = rt.defn.layout(rt.n).slots[slot_index]
        terrains = rt.region_terrains(rt.state["board"]["tiles"][slot_index])
        labels = [f"turn {k}: " + ", ".join(f"{space_id(h)} {t}" for h, t in sorted(place_region(slot.anchor, k, terrains).items()))
                  for k in rotations]
    pick = yield from rt.ask(p, "orientation", "How is the region turned? (you see its face)",
                             [str(k) for k in rotations], labels)
    return int(pick)


def reveal_slot(rt: Clash, p: int, slot_index: int, rot: int, avoid: str | None = None) -> Generator:
    b = rt.state["board"]
    b["revealed"][slot_index] = True
    b["rots"][slot_index] = rot
    rt.board_changed()
    tile = b["tiles"][slot_index]
    rt.log(f"  {rt.name(p)} reveals a region ({tile})")
    region = next(r for r in rt.defn.map_data["regions"] if r["id"] == tile)
    if region.get("barbarians"):
        fertile = sorted(s for s in rt.board.region_spaces(slot_index)
                         if rt.terrain(s) == "fertile" and s != avoid and s not in rt.state["cities"]
                         and not rt.units_at(s))
        if fertile:
            where = yield from rt.ask(p, "space", "Place the barbarian settlement where?", fertile)
            place_barbarian_city = SERVICES["place_barbarian_city"]  # written above this layer (combat.barbarians)
            yield from place_barbarian_city(rt, where)
    seas = sum(1 for s in rt.board.region_spaces(slot_index) if rt.is_water(s))
    yield from rt.emit("region_revealed", p, region=slot_index, seas=seas)


def ship_explore(rt: Clash, p: int, origin: str, group: list[str], how: dict) -> Generator:
    slot_index = how["explore_slot"]
    layout = rt.defn.layout(rt.n)
    slot = layout.slots[slot_index]
    terrains = rt.region_terrains(rt.state["board"]["tiles"][slot_index])
    reach_hexes = [parse_space_id(s) for s in how["reach"]]
    entry = [parse_space_id(s) for s in how["entry"]]
    placement = ship_orientations(slot, terrains, reach_hexes, water_hexes(rt.board), layout.outline, entry=entry)
    rot = yield from choose_rotation(rt, p, placement.rotations, slot_index)
    yield from reveal_slot(rt, p, slot_index, rot)
    if placement.must_return:
        rt.log("  the ship returns to where it started")
        return
    seas = sorted(s for s in rt.board.region_spaces(slot_index) if rt.is_water(s) and not foreign(rt, p, s))
    pirate_spaces = SERVICES["pirate_spaces"]  # written above this layer (combat.pirates)
    pirates = sorted(s for s in rt.board.region_spaces(slot_index) if s in pirate_spaces(rt))
    fights: list[str] = []
    if pirates:  # a pirate just placed there: sail past it only by water it does not hold
        seas, fights = entries_past_pirates(rt, slot_index, how, seas, pirates)
    options = seas + fights + (["back"] if fights and not seas else [])
    if not options:
        return
    labels = seas + [f"{s}: fight the pirates there" for s in fights] + (
        ["go back to where the ship started"] if fights and not seas else [])
    dest = yield from rt.ask(p, "move_to", "Place the ship on which sea space?", options, labels)
    if dest == "back":
        rt.log("  the ship returns to where it started")
        return
    note_origin(rt, group, origin)
    sail(rt, group, dest)
    if dest in fights:
        land_or_naval_battle = SERVICES["land_or_naval_battle"]  # written above this layer (combat.combat)
        rt.log(f"  the ship sails into the new region at {dest} to fight the pirates")
        yield from land_or_naval_battle(rt, p, dest, list(group), origin)
        return
    rt.log(f"  the ship sails into the new region at {dest}")


def sail(rt: Clash, ships: list[str], dest: str) -> None:
    """Ships move to `dest` with everything aboard them."""
    rt.units_changed()
    for u in ships:
        rt.state["units"][u]["space"] = dest
    for d in rt.state["units"].values():
        if d["ship"] in ships:
            d["space"] = dest


def entries_past_pirates(rt: Clash, slot_index: int, how: dict, seas: list[str],
                          pirates: list[str]) -> tuple[list[str], list[str]]:
    """(sea spaces of a ship-explored region the ship can still enter, pirate spaces it can attack):
    it enters by a sea space next to where it sailed from (or reached around the edge), then on
    through free water of the region; a pirate it meets there may be fought."""
    board = rt.board
    near = set(how["reach"])
    region = set(board.region_spaces(slot_index))
    direct = {s for s in region if rt.is_water(s) and (s in how["entry"] or any(n in near for n in board.neighbors(s)))}
    free = set(seas)
    open_ = direct & free
    stack = list(open_)
    while stack:
        for n in board.neighbors(stack.pop()):
            if n in free and n not in open_:
                open_.add(n)
                stack.append(n)
    fights = sorted(s for s in pirates if s in direct or any(n in open_ for n in board.neighbors(s)))
    return sorted(open_), fights


def hex_space(h) -> str:
    return space_id(h)
