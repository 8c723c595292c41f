"""How the greedy bot aims culture event cards at the map (map_events.py): at the player furthest along
the roads to victory, and at what threatens its own cities most. The options never hold the bot's own
pieces (the words aim at others); a square of its own city scores far below any other.
"""

from __future__ import annotations

from ..board import board
from ..phases.map_events import square_owner
from ..phases.start import city_site
from ..state.economy import coins, yields

PIECE_VALUE = {"army": 2.0, "scout": 1.2}


def progress(rt, q: int) -> float:
    """How far q is along the roads to victory: techs, culture spaces and coins (the victory score)."""
    pl = rt.player(q)
    return float(len(pl["techs"]) + pl["track"] + coins(rt, q))


def leader_weight(rt, p: int, q: int) -> float:
    """1 for the rival furthest along, less for the others (never below 0.5)."""
    best = max(progress(rt, r) for r in range(rt.n) if r != p) or 1.0
    return 0.5 + 0.5 * progress(rt, q) / best


def threat(rt, p: int, x: int, y: int) -> float:
    """How close (x, y) is to p's cities: 4 on a neighbouring square, less further away."""
    near = min((board.distance((x, y), (c["x"], c["y"])) for c in rt.cities(p)), default=9)
    return 4.0 / (1 + near)


class AimScores:
    """Scorers of the decisions the map's culture cards ask (the greedy bot's `_<kind>` methods)."""

    def _kill_target(self, rt, d, o):
        p = d.player
        moving = set(rt.state.get("moving") or [])
        if o.startswith("fig:"):
            f = next(f for f in rt.state["figures"] if f"fig:{f['id']}" == o)
            return PIECE_VALUE.get(f["kind"], 1.0) + (1.0 if f["id"] in moving else 0.0)
        x, y = board.unkey(o)
        figs = rt.enemies_at(x, y, p)
        value = sum(PIECE_VALUE.get(f["kind"], 1.0) + (1.0 if f["id"] in moving else 0.0) for f in figs)
        item = rt.item_at(x, y)
        if item is not None and item["kind"] == "person" and item["owner"] != p:
            value = max(value, 3.0)
        owner = figs[0]["owner"] if figs else (item or {}).get("owner", p)
        return value * leader_weight(rt, p, owner) + threat(rt, p, x, y)

    def _destroy_target(self, rt, d, o):
        p = d.player
        x, y = board.unkey(o)
        item = rt.item_at(x, y)
        if item is None:
            owner, value = rt.city_at(x, y)["owner"], 2.5          # city walls
        else:
            owner = item["owner"]
            icons = rt.d.content.entries[rt.building_form(owner, item["id"])].data.get("icons") or {}
            value = sum(int(v) for k, v in icons.items() if k in ("trade", "production", "culture", "coin")) + 1.0
        return value * leader_weight(rt, p, owner) + 0.3 * threat(rt, p, x, y)

    def _move_target(self, rt, d, o):
        p = d.player
        x, y = board.unkey(o)
        figs = rt.figures_at(x, y)
        q = figs[0]["owner"]
        armies = sum(1 for f in figs if f["kind"] == "army")
        settler = 2.0 if any(f["kind"] == "scout" for f in figs) and city_site(rt, q, x, y) else 0.0
        return (armies + 0.5) * threat(rt, p, x, y) + settler + leader_weight(rt, p, q)

    def _move_destination(self, rt, d, o):
        p = d.player
        x, y = board.unkey(o)
        far = min((board.distance((x, y), (c["x"], c["y"])) for c in rt.cities(p)), default=9)
        site = any(city_site(rt, q, x, y) for q in range(rt.n) if q != p)   # no city founded there
        return far - (3.0 if site else 0.0)

    def _terrain_target(self, rt, d, o):
        p = d.player
        x, y = board.unkey(o)
        owner = square_owner(rt, x, y)
        if owner == p:
            return -10.0
        if owner is None:
            return 0.1 - 0.01 * threat(rt, p, x, y)
        icons = yields(rt, x, y)
        lost = sum(int(v) for k, v in icons.items() if k in ("trade", "production", "culture", "coin"))
        return (lost + (0.5 if icons.get("resource") else 0.0) + 0.2) * leader_weight(rt, p, owner)

    def _marker_target(self, rt, d, o):
        """A village the bot's own armies can take soon (a reward), else one near the leader's cities."""
        p = d.player
        x, y = board.unkey(o)
        mine = [board.distance((x, y), (f["x"], f["y"])) for f in rt.state["figures"]
                if f["owner"] == p and f["kind"] == "army"]
        return -min(mine, default=9) - 0.1 * threat(rt, p, x, y)
