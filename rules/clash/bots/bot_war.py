"""The greedy bot at war: which foreign cities its armies march on, and how far each space is from one.

A city is worth taking: its pieces change colour, so the points move from its owner to the captor. A target
is a foreign city (another player's or the barbarians') that p's armies may attack (the rules' move_armies
permission, the tokens an attack asks held) and that fewer armies defend than p may stack on one space.
Armies gather and march down the land distance to the nearest target (so, like founders, they never walk
back and forth) and attack only with more armies than the defenders. While a target lies within reach of
p's cities, p raises the armies it needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions.movement import destinations, movable
from .bot_board import enemy_strength

if TYPE_CHECKING:
    from ..state.runtime import Clash

REACH = 6  # steps over land from one of p's cities within which a target is worth marching on
MARGIN = 1  # armies beyond the defenders an attack takes


def _plan(rt: Clash, p: int, memo: dict) -> None:
    """Targets, the land distance to the nearest, and the armies an attack needs (once a decision)."""
    memo["war_targets"], memo["war_distance"], memo["war_armies"] = {}, {}, 0
    if not rt.granted("move_armies", p):
        return
    cap = int(rt.params["max_armies_per_space"])
    targets = {}
    for c, city in rt.state["cities"].items():
        if city["owner"] == p or not rt.board.space(c).revealed:
            continue
        defenders = enemy_strength(rt, p, c) or 0
        if defenders + MARGIN < cap:
            targets[c] = defenders
    if not targets:
        return
    board, units = rt.board, rt.state["units"]

    def passable(s: str) -> bool:  # own or empty land: armies march through it
        if not rt.is_land(s):
            return False
        city = rt.state["cities"].get(s)
        return (city is None or city["owner"] == p) and all(units[u]["owner"] == p for u in rt.units_at(s))

    dist = board.distances_to(targets, passable)
    if not any(dist.get(c, REACH + 1) <= REACH for c in rt.cities_of(p)):
        return
    near = min(targets, key=lambda c: (min((rt.distance(c, own) or 99) for own in rt.cities_of(p)), c))
    memo["war_targets"], memo["war_distance"] = targets, dist
    memo["war_armies"] = targets[near] + MARGIN


def war_targets(rt: Clash, p: int, memo: dict) -> dict[str, int]:
    """Foreign cities worth marching on, with their defenders (empty: no war)."""
    if "war_targets" not in memo:
        _plan(rt, p, memo)
    return memo["war_targets"]


def war_distance(rt: Clash, p: int, memo: dict) -> dict[str, int]:
    """Steps over land p's armies may march from each space to the nearest target."""
    war_targets(rt, p, memo)
    return memo["war_distance"]


def armies_wanted(rt: Clash, p: int, memo: dict) -> int:
    """How many more armies p wants for its war (0: none, or enough)."""
    if not war_targets(rt, p, memo):
        return 0
    have = sum(1 for u in rt.units_of(p) if rt.is_army(rt.state["units"][u]["type"]))
    return max(0, memo["war_armies"] - have)


def armies_at(rt: Clash, p: int, space: str) -> int:
    units = rt.state["units"]
    return sum(1 for u in rt.units_at(space, p) if rt.is_army(units[u]["type"]) and not units[u]["ship"])


def marching(rt: Clash, p: int, memo: dict) -> list[str]:
    """Spaces of p's armies that should move on now: a legal move takes them nearer a target, or into one
    they outnumber (an army that can do neither stays: moving it elsewhere would only walk it back later)."""
    if "marching" in memo:
        return memo["marching"]
    dist = war_distance(rt, p, memo)
    targets = war_targets(rt, p, memo)
    units = rt.state["units"]
    spaces = {units[u]["space"] for u in rt.units_of(p) if rt.is_army(units[u]["type"]) and not units[u]["ship"]
              and units[u]["space"] in dist}
    out = []
    for here in sorted(spaces):
        group = [u for u in rt.units_at(here, p) if rt.is_army(units[u]["type"]) and not units[u]["ship"]
                 and not units[u]["moved"] and movable(rt, p, u, set())]
        if not group:
            continue
        dests = destinations(rt, p, here, group)[0]
        if any(dist.get(d, 99) < dist[here] and (d not in targets or len(group) > targets[d]) for d in dests):
            out.append(here)
    memo["marching"] = out
    return out
