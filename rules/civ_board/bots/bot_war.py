"""How the greedy bot's military road goes to war: once it holds the unit cards it wants, its armies
march on the enemy capitals (a conquered capital is the military victory; another city only loot) by
land, or by water where they may stop, and a group attacks a capital at even odds. Before that, or on
another road, armies explore as bots.py says.
"""

from __future__ import annotations

from collections import deque

from ..board import board

NERVE = {"military": 1.0}   # the odds (bots.py `_odds`) at which a road attacks; the others 1.2
CAUTION = 1.2


def nerve(road: str) -> float:
    return NERVE.get(road, CAUTION)


def enemy_capitals(rt, p: int) -> list[tuple[int, int]]:
    return [(c["x"], c["y"]) for c in rt.state["cities_built"] if c["owner"] != p and c.get("capital")]


def march_distances(rt, p: int) -> dict[tuple[int, int], int]:
    """Steps from each square to the nearest enemy capital, over land (and water when p may stop there,
    as an army must at the end of each move); empty when no enemy capital is known."""
    return steps_to(rt, enemy_capitals(rt, p), rt.granted("end_in_water", p))


def steps_to(rt, goals, water: bool) -> dict[tuple[int, int], int]:
    """Orthogonal steps from each square to the nearest of `goals` over revealed squares (water too when
    `water`): a breadth-first walk outwards from the goals."""
    dist = {g: 0 for g in goals}
    queue = deque(dist)
    while queue:
        cx, cy = queue.popleft()
        for _, nx, ny in board.orthogonal(cx, cy):
            sq = rt.square(nx, ny)
            if (nx, ny) not in dist and sq is not None and (water or sq["terrain"] != "water"):
                dist[(nx, ny)] = dist[(cx, cy)] + 1
                queue.append((nx, ny))
    return dist
