"""Board geometry: hex math, the set-up outlines, blocked distances, the edge ring and region placement."""

from __future__ import annotations

import pytest
from rulewright.engine.board import Board, Space
from rulewright.engine.hexgrid import (
    DIRECTIONS,
    add,
    axial_to_label,
    distance,
    label_to_axial,
    neighbors,
    parse_space_id,
    rotate,
    space_id,
)
from rulewright.rules.clash.board.map import (
    REGION_OFFSETS,
    ascii_outline,
    build_layout,
    initial_board,
    land_orientations,
    load_map_data,
    place_region,
    region_terrains,
    reveal,
    ship_orientations,
    slot_hexes,
    validate_map_data,
    water_hexes,
)

SEA = "sea"
# Region terrains (top, left, right, bottom) used by the exploration examples; each is one of the data's.
SEA_TOP_A = ["sea", "fertile", "forest", "mountain"]
SEA_TOP_B = ["sea", "barren", "forest", "fertile"]
SEA_LEFT = ["mountain", "sea", "fertile", "mountain"]
SEA_LEFT_B = ["forest", "sea", "fertile", "forest"]
SEA_TOP_LEFT = ["sea", "sea", "forest", "forest"]
LAND_ONLY = ["forest", "mountain", "fertile", "mountain"]


@pytest.fixture(scope="module")
def data() -> dict:
    return load_map_data()


def H(label: str) -> tuple[int, int]:
    return label_to_axial(label)


def sid(label: str) -> str:
    return space_id(H(label))


# ----- hexgrid --------------------------------------------------------------------------------------
def test_labels_round_trip_and_match_map_formula():
    assert label_to_axial("A1") == (0, 0)
    assert label_to_axial("D7") == (3, 5)  # r = 6 - (3 - 1) // 2
    assert label_to_axial("A10") == (0, 9)
    for q in range(10):
        for row in range(1, 12):
            label = f"{'ABCDEFGHIJ'[q]}{row}"
            h = label_to_axial(label)
            assert h == (q, (row - 1) - (q - (q & 1)) // 2)
            assert axial_to_label(h) == label
    with pytest.raises(ValueError):
        axial_to_label((0, -1))
    assert parse_space_id(space_id((3, -2))) == (3, -2)


def test_directions_rotation_and_distance():
    assert len(set(DIRECTIONS)) == 6
    for i, d in enumerate(DIRECTIONS):
        assert rotate(d, 1) == DIRECTIONS[(i + 1) % 6]  # clockwise order
        assert add(DIRECTIONS[i - 1], DIRECTIONS[(i + 1) % 6]) == d
        assert distance((0, 0), d) == 1
    assert rotate((2, -1), 6) == (2, -1)
    assert rotate(rotate((2, -1), 2), -2) == (2, -1)
    assert rotate((1, 0), 3) == (-1, 0)
    assert distance((0, 0), (3, -1)) == 3
    # odd-q: D7's neighbours are C7, C8 (lower-left, odd column sits lower), D6, D8, E7, E8
    assert {axial_to_label(n) for n in neighbors(H("D7"))} == {"C7", "C8", "D6", "D8", "E7", "E8"}


# ----- regions and outlines ------------------------------------------------------------------------
def test_half_turn_keeps_footprint_and_swaps_terrains():
    terrains = ["t", "l", "r", "b"]
    for anchor in [(0, 0), (3, 5), (-2, 4)]:
        for k in range(3):
            a = place_region(anchor, k, terrains)
            b = place_region(anchor, k + 3, terrains)
            assert set(a) == set(b)
            swap = {"t": "b", "b": "t", "l": "r", "r": "l"}
            assert all(b[h] == swap[a[h]] for h in a)
    assert slot_hexes((0, 0), 0) == list(REGION_OFFSETS)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_outline_tiles_without_overlap(data, players):
    layout = build_layout(data, players)
    hexes = [h for s in layout.slots for h in s.hexes]
    assert len(hexes) == len(set(hexes)) == 4 * len(layout.slots)
    assert len(layout.homes) == players
    assert len(layout.regular) <= len(data["regions"])
    for h in hexes:  # inside the labelled grid: no column left of A, no row above 1
        axial_to_label(h)
    board = initial_board(data, layout)
    assert len(board.groups(lambda s: True)) == 1  # one connected map


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ascii_outline_has_every_hex_once(data, players):
    text = ascii_outline(players, data)
    marks = [c for c in text if c not in ". \n"]
    layout = build_layout(data, players)
    assert len(marks) == 4 * len(layout.slots)
    for mark in set(marks):
        assert marks.count(mark) == 4


def test_clockwise_reading_would_not_tile_three_players(data):
    used: list[tuple[int, int]] = []
    for entry in data["outlines"]["3"]["homes"] + data["outlines"]["3"]["slots"]:
        anchor, k = H(entry["label"]), entry["rot"]
        shift = rotate((0, 1), k - 3) if k >= 3 else (0, 0)
        used += [add(add(anchor, rotate(o, k)), shift) for o in REGION_OFFSETS]
    assert len(set(used)) < len(used)


@pytest.mark.parametrize(
    "players,expected",
    [
        (2, [("D1", 3, "D2"), ("D7", 0, "D7")]),
        (3, [("E3", 3, "E4"), ("A8", 5, "B7"), ("G8", 1, "G8")]),
        (4, [("C1", 3, "C2"), ("I1", 3, "I2"), ("C8", 0, "C8"), ("I8", 0, "I8")]),
    ],
)
def test_homes_where_map_says(data, players, expected):
    layout = build_layout(data, players)
    board = initial_board(data, layout)
    for seat, (label, rot, city) in enumerate(expected):
        slot = layout.homes[seat]
        assert (axial_to_label(slot.anchor), slot.rot, slot.home) == (label, rot, seat)
        assert slot.start == data["outlines"][str(players)]["homes"][seat]["start"]
        assert H(label) in slot.hexes
        assert axial_to_label(layout.city_hex(seat, data)) == city
        assert board.at(H(city)).terrain == "fertile"
        assert all(board.at(h).revealed for h in slot.hexes)
    assert all(not board.at(h).revealed for i in layout.regular for h in layout.slots[i].hexes)


def test_map_data_is_valid_and_consistent(data):
    assert validate_map_data(data) == []
    assert len(data["regions"]) == 16
    for region in data["regions"]:
        terrains = region_terrains(region)
        assert region["sea_count"] == terrains.count(SEA)
        assert region.get("barbarians", False) == (terrains.count("fertile") >= 2)
    for start in data["starting_regions"]:
        assert sorted(region_terrains(start)) == ["barren", "fertile", "forest", "mountain"]
    bad = {**data, "outlines": {"2": {"homes": [{"label": "D1", "rot": 9, "start": "x"}], "slots": []}}}
    assert validate_map_data(bad)


def test_overlapping_outline_is_refused(data):
    bad = {
        **data,
        "outlines": {"2": {"homes": [], "slots": [{"label": "B2", "rot": 0}, {"label": "B3", "rot": 0}]}},
    }
    with pytest.raises(ValueError, match="overlap"):
        build_layout(bad, 2)


# ----- board queries -------------------------------------------------------------------------------
@pytest.fixture()
def two(data):
    layout = build_layout(data, 2)
    return layout, initial_board(data, layout)


def _slot_index(layout, label: str) -> int:
    return next(i for i, s in enumerate(layout.slots) if s.anchor == H(label))


def test_distance_never_crosses_unrevealed(two):
    layout, board = two
    a, b = sid("D2"), sid("D7")  # the two first cities
    assert board.distance(a, b) is None
    assert board.distance(a, sid("D3")) is None  # unrevealed endpoint
    straight = reveal(board, layout, _slot_index(layout, "D3"), 0, LAND_ONLY)
    straight = reveal(straight, layout, _slot_index(layout, "D5"), 0, SEA_TOP_LEFT)
    assert straight.distance(a, b) == 5  # straight down column D, through a sea space
    assert straight.distance(a, b, blocked=lambda s: not s.revealed or s.terrain == SEA) is None
    detour = board
    for i in layout.regular:
        if layout.slots[i].anchor != H("D5"):
            detour = reveal(detour, layout, i, 0, LAND_ONLY)
    d = detour.distance(a, b)
    assert d is not None and d > 5
    assert sid("D7") not in detour.within(a, d - 1)
    assert sid("D7") in detour.within(a, d)
    assert board.distance(a, a) == 0
    assert board.within(a, 3) == set(board.region_spaces(0))  # only the start tile is revealed


def test_groups_find_water(two):
    layout, board = two
    board = reveal(board, layout, _slot_index(layout, "D3"), 3, SEA_TOP_A)  # sea on D4
    board = reveal(board, layout, _slot_index(layout, "F4"), 0, SEA_LEFT)  # sea on E5, next to D4
    board = reveal(board, layout, _slot_index(layout, "B2"), 0, SEA_LEFT_B)  # sea on A3, alone
    groups = board.groups(lambda s: s.terrain == SEA)
    assert groups == [frozenset({sid("A3")}), frozenset({sid("D4"), sid("E5")})]


def test_edge_ring_is_a_closed_clockwise_cycle(data):
    for players in (2, 3, 4):
        board = initial_board(data, build_layout(data, players))
        ring = board.edge_ring()
        edge = {s.id for s in board.spaces if board.on_edge(s.id)}
        assert len(ring) == len(set(ring)) == len(edge)
        assert set(ring) == edge
        for x, y in zip(ring, ring[1:] + ring[:1], strict=True):
            assert y in board.neighbors(x)
    board = initial_board(data, build_layout(data, 2))
    ring = board.edge_ring()
    start = ring.index(sid("A3"))
    assert ring[start + 1] == sid("B2")  # clockwise goes up the left side


def test_ring_step_stops_at_blocks(two):
    layout, board = two
    ring = board.edge_ring()
    target, block = ring[6], ring[3]

    def is_target(s):
        return s.id == target

    def is_block(s):
        return s.id == block

    assert board.ring_step(ring[0], 1, is_target, is_block) is None
    assert board.ring_step(ring[0], -1, is_target, is_block) == target
    assert board.ring_step(ring[0], 1, is_target, lambda s: False) == target
    assert board.ring_step(ring[0], 1, lambda s: s.id == block, is_block) == block  # may stop in it
    assert board.ring_step(ring[0], 1, lambda s: False, lambda s: False) is None
    with pytest.raises(ValueError):
        board.ring_step(sid("D3"), 1, is_target, is_block)


def test_ring_step_sails_around_the_edge(two):
    layout, board = two
    board = reveal(board, layout, _slot_index(layout, "B2"), 0, SEA_LEFT_B)  # sea on A3 (edge)
    board = reveal(board, layout, _slot_index(layout, "F2"), 3, SEA_LEFT_B)  # sea on G3 (edge)

    def water(s):
        return s.revealed and s.terrain == SEA

    def hidden(s):
        return not s.revealed

    assert board.ring_step(sid("A3"), 1, water, hidden) == sid("G3")  # over the top, past the home
    assert board.ring_step(sid("A3"), -1, water, hidden) is None  # an unrevealed region is in the way
    assert board.ring_step(sid("A3"), -1, lambda s: water(s) or hidden(s), hidden) == sid("B4")


def test_with_spaces_keeps_geometry(two):
    layout, board = two
    ring = board.edge_ring()
    changed = board.with_spaces([Space(sid("D3"), H("D3"), "forest", 4, True)])
    assert changed.edge_ring() == ring and changed.graph is board.graph
    assert changed.space(sid("D3")).revealed and not board.space(sid("D3")).revealed
    with pytest.raises(ValueError):
        board.with_spaces([Space(sid("D3"), H("D4"), "forest", 4, True)])
    with pytest.raises(ValueError):
        Board([Space("x", (0, 0), None, 0, False), Space("y", (0, 0), None, 0, False)])


# ----- exploration placement (rulebook pages 16-19, on the 2-player outline) -------------------------
def _ctx(layout, board, label):
    return layout.slots[_slot_index(layout, label)], water_hexes(board), layout.outline


def test_land_rule1_entered_space_is_not_water(two):
    layout, board = two
    slot, water, outline = _ctx(layout, board, "D3")
    # The settler steps from its city D2 down into D3: rot 0 would put the sea right there.
    assert land_orientations(slot, SEA_TOP_A, H("D3"), water, outline) == [3]
    placed = place_region(slot.anchor, 3, SEA_TOP_A)
    assert placed[H("D3")] == "mountain" and placed[H("D4")] == SEA


def test_land_rule2_connects_water(two):
    layout, board = two
    board = reveal(board, layout, _slot_index(layout, "D3"), 3, SEA_TOP_A)  # sea on D4
    slot, water, outline = _ctx(layout, board, "F4")
    # From the fertile E4 into F4: only rot 0 puts the sea (E5) next to the sea on D4,
    # although rot 3 would put it on the board edge (G5).
    assert land_orientations(slot, SEA_LEFT, H("F4"), water, outline) == [0]
    # Rule 1 still comes first: entering E5 itself forbids that rotation.
    assert land_orientations(slot, SEA_LEFT, H("E5"), water, outline) == [3]


def test_land_rule3_water_touches_edge(two):
    layout, board = two
    slot, water, outline = _ctx(layout, board, "B2")
    # No sea to connect to; rot 0 puts the sea on A3 (edge), rot 3 on C3 (inland).
    assert land_orientations(slot, SEA_LEFT_B, H("B2"), water, outline) == [0]


def test_land_two_ways_remain(two):
    layout, board = two
    board = reveal(board, layout, _slot_index(layout, "D3"), 3, SEA_TOP_A)
    slot, water, outline = _ctx(layout, board, "B2")
    # From the city D2 into C3: the sea lands on B2 or B3, both on the edge, neither next to D4.
    assert land_orientations(slot, SEA_TOP_B, H("C3"), water, outline) == [0, 3]
    assert land_orientations(slot, LAND_ONLY, H("C3"), water, outline) == [0, 3]
    with pytest.raises(ValueError):
        land_orientations(slot, LAND_ONLY, H("D3"), water, outline)


def test_ship_exploration(two):
    layout, board = two
    board = reveal(board, layout, _slot_index(layout, "D3"), 3, SEA_TOP_A)  # sea on D4
    board = reveal(board, layout, _slot_index(layout, "F4"), 0, SEA_LEFT)  # sea on E5
    group = {H("D4"), H("E5")}
    slot, water, outline = _ctx(layout, board, "D5")
    # Both orientations put a sea space next to the ship's group: the explorer chooses.
    assert ship_orientations(slot, SEA_TOP_LEFT, group, water, outline) == ([0, 3], False)
    # Only the top sea (D5) touches the group; the half-turn would put it on D6.
    assert ship_orientations(slot, SEA_TOP_B, group, water, outline) == ([0], False)
    # No sea at all: any orientation, and the ship goes back.
    placement = ship_orientations(slot, LAND_ONLY, group, water, outline)
    assert placement.rotations == [0, 3] and placement.must_return
    # Sailing around the edge into F2 entering at G3: the sea must be there.
    slot2, _, _ = _ctx(layout, board, "F2")
    assert ship_orientations(slot2, SEA_LEFT_B, {H("A3")}, water, outline, entry={H("G3")}) == ([3], False)


def test_example_regions_come_from_the_data(data):
    known = [region_terrains(r) for r in data["regions"]]
    for terrains in (SEA_TOP_A, SEA_TOP_B, SEA_LEFT, SEA_LEFT_B, SEA_TOP_LEFT, LAND_ONLY):
        assert terrains in known
