"""How far a player is along each of the four roads to victory, for the search bot's evaluation.

The general worth (techs, culture spaces, coins, cities, forces) rates a position by what every road
uses; a search bot that follows one road (its greedy policy's, kept for the whole game) also needs to see
a step along that road as progress, or it never values the culture track or a march on a capital as much
as one more tech. Each road's progress is a fraction of the way to its victory, in [0, 1]:
culture spaces of the track; the pyramid's levels (a tech of the top level wins); coins of those that win;
and for the military road the unit cards and armies an attack wants and how near the nearest army stands
to an enemy capital. A rival's road is unknown: its furthest one counts.
"""

from __future__ import annotations

from typing import Any

from ..board import board
from ..state.economy import coins
from ..state.victory import KINDS

ROAD_WEIGHT = 8.0       # a whole road's progress, in the general worth's units (rough turns' worth)
FORCES_WANTED = 8       # unit cards a military bot wants before it marches (bots.py `_strong` asks 6)
ARMIES_WANTED = 3
MAP_REACH = 16          # squares beyond which an army counts as no nearer to a capital than at home


def pyramid_full(rt: Any) -> int:
    """The sum of levels of the smallest pyramid holding a top-level tech (1*top + 2*(top-1) + ...)."""
    top = int(rt.params["tech_victory_level"])
    return sum(level * (top + 1 - level) for level in range(1, top + 1))


def march(rt: Any, p: int) -> float:
    """How near p's nearest army stands to an enemy capital: 1 on its neighbour, 0 at MAP_REACH or further."""
    capitals = [(c["x"], c["y"]) for c in rt.state["cities_built"] if c["owner"] != p and c.get("capital")]
    armies = [(f["x"], f["y"]) for f in rt.state["figures"] if f["owner"] == p and f["kind"] == "army"]
    if not capitals or not armies:
        return 0.0
    near = min(board.distance(a, c) for a in armies for c in capitals)
    return max(0.0, 1.0 - (near - 1) / MAP_REACH)


def road_progress(rt: Any, p: int) -> dict[str, float]:
    """Each road's fraction of the way to its victory (see the module docstring)."""
    pl = rt.player(p)
    track = len(rt.d.track) or 1
    levels = sum(rt.d.level(t) for t in pl["techs"])
    armies = sum(1 for f in rt.state["figures"] if f["owner"] == p and f["kind"] == "army")
    forces = min(1.0, len(pl["forces"]) / FORCES_WANTED)
    military = 0.35 * forces + 0.25 * min(1.0, armies / ARMIES_WANTED) + 0.4 * march(rt, p) * forces
    return {"culture": min(1.0, (pl["track"] + 0.05 * pl["culture"]) / track),
            "technology": min(1.0, levels / pyramid_full(rt)),
            "economic": min(1.0, coins(rt, p) / int(rt.params["coins_to_win"])),
            "military": military}


def general_worth(rt: Any, p: int) -> float:
    """How far p is along the four roads together, in rough turns' worth."""
    pl = rt.player(p)
    track = len(rt.d.track) or 1
    return (len(pl["techs"]) * 0.6 + pl["track"] * 21 / track * 0.7 + coins(rt, p) * 0.8
            + pl["trade"] * 0.05 + len(rt.cities(p)) * 1.5 + len(pl["forces"]) * 0.2)


def worth(rt: Any, p: int, road: str | None = None) -> float:
    """The general worth plus the progress on `road` (None: p's furthest road)."""
    progress = road_progress(rt, p)
    along = progress[road] if road in KINDS else max(progress.values())
    return general_worth(rt, p) + ROAD_WEIGHT * along
