"""Map set-up and exploration placement for Clash of Cultures, driven by the map data (a plain dict).

Region shape and rotation
-------------------------
A region is a diamond of 4 hexes at offsets top (0,0), left (-1,+1), right (+1,0), bottom (0,+1) from its
anchor. The map data gives each outline slot an anchor label and a rotation index 0-5. The reading used here:

* index k turns the diamond k sixth-turns *counter-clockwise* (as drawn with row 1 at the top, i.e.
  clockwise in a y-up drawing) about the anchor hex;
* for k >= 3 the turned diamond is then moved one hex (by the k-3 turn of (0,+1)) so that it covers
  exactly the hexes of index k-3: the half-turn of a slot keeps its place and swaps top<->bottom and
  left<->right. That is the rulebook's "two ways to rotate" an explored region.

Why counter-clockwise: the 2- and 4-player outlines only use 0 and 3, which tile under either direction,
but the 3-player outline (rotations 1, 4 and 5) tiles with no overlap and no hex off the labelled grid only
when indices count counter-clockwise; clockwise, I7 (4) collides with its neighbour and A5/A10/... fall
left of column A. So no outline needed changing. `ascii_outline` draws any outline for a visual check.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any, NamedTuple

from rulewright.engine.board import Board, Space
from rulewright.engine.hexgrid import Hex, add, label_to_axial, neighbors, offset_row, rotate, space_id

REGION_OFFSETS: tuple[Hex, ...] = ((0, 0), (-1, 1), (1, 0), (0, 1))
"""Diamond positions in data order: top, left, right, bottom."""

POSITIONS: tuple[str, ...] = ("top", "left", "right", "bottom")

WATER = "sea"


# ----- geometry ---------------------------------------------------------------------------------------
def slot_hexes(anchor: Hex, rot: int) -> list[Hex]:
    """Hexes of the top, left, right and bottom terrains of a region placed at (anchor, rot)."""
    return list(_slot_hexes(tuple(anchor), rot))


@cache
def _slot_hexes(anchor: Hex, rot: int) -> tuple[Hex, ...]:
    """slot_hexes, worked out once per place and rotation (the menu asks it of every region)."""
    k = rot % 6
    shift = rotate((0, 1), -(k - 3)) if k >= 3 else (0, 0)
    return tuple(add(add(anchor, rotate(off, -k)), shift) for off in REGION_OFFSETS)


def place_region(anchor: Hex, rot: int, terrains: Sequence[str]) -> dict[Hex, str]:
    """Terrain per hex for a region whose terrains are given top, left, right, bottom."""
    if len(terrains) != 4:
        raise ValueError(f"a region has 4 terrains, got {len(terrains)}")
    return dict(zip(slot_hexes(anchor, rot), terrains, strict=True))


def region_terrains(entry: Mapping[str, Any]) -> list[str]:
    """The top/left/right/bottom terrain list of a region entry of the map data."""
    t = entry["terrains"]
    return [t[p] for p in POSITIONS]


# ----- layout -----------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Slot:
    """A place for one region in an outline; `home` is the seat whose start tile sits there."""

    anchor: Hex
    rot: int
    home: int | None = None
    start: str | None = None

    @property
    def hexes(self) -> list[Hex]:
        return slot_hexes(self.anchor, self.rot)

    @property
    def rotations(self) -> tuple[int, int]:
        """The two orientations that keep the slot's footprint."""
        return (self.rot % 6, (self.rot + 3) % 6)


@dataclass(frozen=True, slots=True)
class Layout:
    """The outline for one player count: home slots first (in seat order), then the regular slots."""

    players: int
    slots: tuple[Slot, ...]

    @property
    def homes(self) -> list[Slot]:
        return [s for s in self.slots if s.home is not None]

    @property
    def regular(self) -> list[int]:
        """Indices of the slots that receive a face-down regular region."""
        return [i for i, s in enumerate(self.slots) if s.home is None]

    @property
    def outline(self) -> frozenset[Hex]:
        return frozenset(h for s in self.slots for h in s.hexes)

    def city_hex(self, seat: int, map_data: Mapping[str, Any]) -> Hex:
        """Where a seat's first city stands: the start tile's city position after rotation."""
        slot = next(s for s in self.slots if s.home == seat)
        start = _start_entry(map_data, slot.start)
        return slot.hexes[POSITIONS.index(start.get("city", "top"))]


def _outline_entry(map_data: Mapping[str, Any], players: int) -> Mapping[str, Any]:
    outlines = map_data["outlines"]
    entry = outlines.get(str(players), outlines.get(players))
    if entry is None:
        raise ValueError(f"the map has no outline for {players} players (has {sorted(map(str, outlines))})")
    return entry


def _start_entry(map_data: Mapping[str, Any], start: str | None) -> Mapping[str, Any]:
    for entry in map_data["starting_regions"]:
        if entry["id"] == start:
            return entry
    raise ValueError(f"unknown starting region {start!r}")


def build_layout(map_data: Mapping[str, Any], players: int) -> Layout:
    """Read the outline for a player count; seats follow the order of `homes` in the data."""
    entry = _outline_entry(map_data, players)
    slots: list[Slot] = []
    for seat, home in enumerate(entry["homes"]):
        _start_entry(map_data, home["start"])  # fail early on a typo
        slots.append(Slot(label_to_axial(home["label"]), int(home["rot"]), seat, home["start"]))
    for s in entry["slots"]:
        slots.append(Slot(label_to_axial(s["label"]), int(s.get("rot", 0))))
    layout = Layout(players, tuple(slots))
    check_layout(layout)
    return layout


def check_layout(layout: Layout) -> None:
    """Refuse outlines whose regions overlap: a map that does not tile cannot be played."""
    used: dict[Hex, int] = {}
    for i, slot in enumerate(layout.slots):
        for h in slot.hexes:
            if h in used:
                raise ValueError(
                    f"slots {used[h]} and {i} of the {layout.players}-player outline overlap at {h}"
                )
            used[h] = i


def initial_board(map_data: Mapping[str, Any], layout: Layout) -> Board:
    """The set-up board: start tiles face up, every regular slot face down; region = slot index."""
    spaces: list[Space] = []
    for i, slot in enumerate(layout.slots):
        if slot.home is not None:
            placed = place_region(slot.anchor, slot.rot, region_terrains(_start_entry(map_data, slot.start)))
            spaces += [Space(space_id(h), h, t, i, True) for h, t in placed.items()]
        else:
            spaces += [Space(space_id(h), h, None, i, False) for h in slot.hexes]
    return Board(spaces)


def reveal(board: Board, layout: Layout, index: int, rot: int, terrains: Sequence[str]) -> Board:
    """Turn a slot's region face up with the chosen orientation (one of the slot's two)."""
    slot = layout.slots[index]
    if rot % 6 not in slot.rotations:
        raise ValueError(f"rotation {rot} does not fit slot {index} (allowed {slot.rotations})")
    placed = place_region(slot.anchor, rot, terrains)
    return board.with_spaces(Space(space_id(h), h, t, index, True) for h, t in placed.items())


def water_hexes(board: Board, water: str = WATER) -> set[Hex]:
    """Hexes of the revealed water spaces, the input the placement rules need."""
    return {s.hex for s in board.spaces if s.revealed and s.terrain == water}


# ----- exploration placement --------------------------------------------------------------------------
def _water_rules(
    slot: Slot,
    candidates: list[int],
    terrains: Sequence[str],
    revealed_water: Collection[Hex],
    outline: Collection[Hex],
    water: str,
) -> list[int]:
    """Rules 2 and 3 of region placement, applied to orientations that survived rule 1."""

    def waters(k: int) -> list[Hex]:
        return [h for h, t in place_region(slot.anchor, k, terrains).items() if t == water]

    if not any(waters(k) for k in candidates):
        return candidates
    touching = [k for k in candidates if any(n in revealed_water for h in waters(k) for n in neighbors(h))]
    if touching:
        return touching
    if any(n not in outline for h in slot.hexes for n in neighbors(h)):
        on_edge = [k for k in candidates if any(n not in outline for h in waters(k) for n in neighbors(h))]
        if on_edge:
            return on_edge
    return candidates


def land_orientations(
    slot: Slot,
    terrains: Sequence[str],
    entered: Hex,
    revealed_water: Collection[Hex],
    outline: Collection[Hex],
    water: str = WATER,
) -> list[int]:
    """Allowed rotations when a land unit enters `entered` of an unrevealed slot.

    Rules in order: (1) the entered space is not water; (2) a water space touches revealed water if
    possible; (3) else, for a region on the board edge, a water space touches the edge if possible.
    Several results mean the explorer chooses; an empty list means no orientation lets the unit in.
    """
    if entered not in slot.hexes:
        raise ValueError(f"hex {entered} is not part of the slot at {slot.anchor}")
    allowed = [k for k in slot.rotations if place_region(slot.anchor, k, terrains)[entered] != water]
    if not allowed:
        return []
    return _water_rules(slot, allowed, terrains, revealed_water, outline, water)


class ShipPlacement(NamedTuple):
    """Orientations for a ship's exploration and whether the ship must go back where it came from."""

    rotations: list[int]
    must_return: bool


def ship_orientations(
    slot: Slot,
    terrains: Sequence[str],
    ship_group: Collection[Hex],
    revealed_water: Collection[Hex],
    outline: Collection[Hex],
    water: str = WATER,
    entry: Collection[Hex] = (),
) -> ShipPlacement:
    """Allowed rotations when a ship in water group `ship_group` explores the slot.

    Prefer orientations with a water space the ship reaches directly: adjacent to its group, or one of
    `entry` (region hexes reached by sailing around the board edge). If none, the land rules apply
    without rule 1 and the ship goes back to the space it started from.
    """
    reach = set(entry)
    reach.update(n for h in ship_group for n in neighbors(h))
    direct = [
        k
        for k in slot.rotations
        if any(t == water and h in reach for h, t in place_region(slot.anchor, k, terrains).items())
    ]
    if direct:
        return ShipPlacement(direct, False)
    return ShipPlacement(
        _water_rules(slot, list(slot.rotations), terrains, revealed_water, outline, water), True
    )


# ----- data -------------------------------------------------------------------------------------------
def _content_file(*parts: str) -> Path:
    return Path(str(files("rulewright.content").joinpath(*parts)))


@cache
def _default_map_text() -> str:
    return _content_file("clash", "base", "map.yaml").read_text(encoding="utf-8")


def load_map_data(path: str | Path | None = None) -> dict[str, Any]:
    """Parse a map file (default: the base pack's) into plain dicts and lists."""
    from ruamel.yaml import YAML

    text = _default_map_text() if path is None else Path(path).read_text(encoding="utf-8")
    return YAML(typ="safe").load(text)


def map_schema() -> dict[str, Any]:
    return json.loads(_content_file("schema", "map.schema.json").read_text(encoding="utf-8"))


def validate_map_data(map_data: Mapping[str, Any]) -> list[str]:
    """Schema errors as 'path: message' lines; empty when the data is valid."""
    from jsonschema import Draft202012Validator

    validator = Draft202012Validator(map_schema())
    return [
        f"{'/'.join(map(str, e.absolute_path)) or '<root>'}: {e.message}"
        for e in sorted(validator.iter_errors(map_data), key=lambda e: list(map(str, e.absolute_path)))
    ]


# ----- drawing ----------------------------------------------------------------------------------------
def ascii_outline(players: int, map_data: Mapping[str, Any] | None = None) -> str:
    """Draw an outline as text: homes are digits (seat + 1), regular slots letters, '.' no hex.

    Each offset row takes two lines: even columns on the first, odd columns (half a hex lower) on the
    second, three characters per column, so the drawing reads like the printed map.
    """
    layout = build_layout(map_data if map_data is not None else load_map_data(), players)
    marks: dict[Hex, str] = {}
    letter = 0
    for slot in layout.slots:
        if slot.home is not None:
            mark = str(slot.home + 1)
        else:
            mark = chr(ord("a") + letter)
            letter += 1
        for h in slot.hexes:
            marks[h] = mark
    qs = [h[0] for h in marks]
    rows = [offset_row(h) for h in marks]
    lines: list[str] = []
    for row in range(min(rows), max(rows) + 1):
        for parity in (0, 1):
            cells = []
            for q in range(min(qs), max(qs) + 1):
                if (q & 1) != parity:
                    cells.append("   ")
                    continue
                r = (row - 1) - (q - (q & 1)) // 2
                cells.append(f" {marks.get((q, r), '.')} ")
            lines.append("".join(cells).rstrip())
    return "\n".join(lines)
