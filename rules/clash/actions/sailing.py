"""Where a ship can sail in one move (rulebook pages 9 and 18): connected water never through a
foreign ship, stopping to fight next to a foreign fleet, exploring unrevealed regions, and Navigation's
way around the edge of the board (which pirates block only at the sole entrance of a sea group).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..registry import SERVICES
from .spaces import foreign, region_of, unrevealed

if TYPE_CHECKING:
    from ..state.runtime import Clash


def sea_reach(rt: Clash, p: int, origin: str) -> set[str]:
    """Sea spaces a ship reaches in one move: connected water, never through a foreign ship."""
    board = rt.board
    seen = {origin}
    stack = [origin]
    while stack:
        s = stack.pop()
        for n in board.neighbors(s):
            if n in seen or unrevealed(rt, n) or not rt.is_water(n):
                continue
            seen.add(n)
            if not foreign(rt, p, n):
                stack.append(n)
    return {s for s in seen if not foreign(rt, p, s)}


def _enemy_fleets(rt: Clash, p: int, reach: set[str]) -> set[str]:
    """Sea spaces with foreign ships next to where a ship can sail: it may stop there and fight."""
    out = set()
    for s in reach:
        for n in rt.board.neighbors(s):
            if not unrevealed(rt, n) and rt.is_water(n) and foreign(rt, p, n):
                out.add(n)
    return out


def _water_group(rt: Clash, space: str) -> set[str]:
    """The revealed sea spaces connected to `space` by water, whatever stands on them."""
    board = rt.board
    seen = {space}
    stack = [space]
    while stack:
        for n in board.neighbors(stack.pop()):
            if n not in seen and not unrevealed(rt, n) and rt.is_water(n):
                seen.add(n)
                stack.append(n)
    return seen


def _navigation_arrival(rt: Clash, p: int, hit: str, reach: set[str], pirates: set[str], how: dict[str, dict]) -> None:
    """Sailing around the edge to the sea group of `hit` while pirates are in play: the ship may enter
    the group by any of its edge spaces; a pirate there only blocks that entrance (the ship may stop
    there and fight). Spaces next to where it arrives that hold pirates may be attacked too."""
    board = rt.board
    arrived: set[str] = set()
    for e in sorted(s for s in _water_group(rt, hit) if board.on_edge(s)):
        if e in pirates:
            how.setdefault(e, {"battle": True, "navigation": True})
        elif not foreign(rt, p, e):
            arrived |= sea_reach(rt, p, e)
    for sea in arrived - reach:
        how.setdefault(sea, {"navigation": True})
    for sea in arrived:
        for n in board.neighbors(sea):
            if n in pirates:
                how.setdefault(n, {"battle": True, "navigation": True})


def ship_destinations(rt: Clash, p: int, origin: str, group: list[str]) -> tuple[list[str], dict[str, dict]]:
    board = rt.board
    how: dict[str, dict] = {}
    reach = sea_reach(rt, p, origin)
    for s in reach - {origin}:
        how[s] = {}
    for s in _enemy_fleets(rt, p, reach):
        how[s] = {"battle": True}
    explore_from: dict[int, set[str]] = {}
    for s in reach:
        for n in board.neighbors(s):
            if unrevealed(rt, n):
                explore_from.setdefault(region_of(rt, n), set()).add(n)
    if rt.granted("navigation", p):
        pirate_spaces = SERVICES["pirate_spaces"]  # written above this layer (combat.pirates)
        pirates = pirate_spaces(rt)
        # pirates block only the sole exit of the ship's sea group: it leaves by any other edge space
        passed = reach | (pirates & _water_group(rt, origin))
        edge = [s for s in reach if board.on_edge(s)]
        for s in edge:
            for direction in (1, -1):
                hit = board.ring_step(
                    s, direction,
                    lambda sp: (not sp.revealed) or (sp.terrain == "sea" and sp.id not in passed),
                    lambda sp: False)
                if hit is None:
                    continue
                if unrevealed(rt, hit):
                    explore_from.setdefault(region_of(rt, hit), set()).add(hit)
                elif pirates:
                    _navigation_arrival(rt, p, hit, reach, pirates, how)
                elif not foreign(rt, p, hit):
                    # the first sea space *or group of sea spaces* in the sailed direction (page 9)
                    for sea in sea_reach(rt, p, hit):
                        how.setdefault(sea, {"navigation": True})
    for slot_index, entry in explore_from.items():
        key = f"explore:{slot_index}"
        how[key] = {"explore_slot": slot_index, "reach": reach, "entry": entry}
    return sorted(how), how
