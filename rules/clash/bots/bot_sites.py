"""Where the greedy bot's founders go: sites for cities, and how far each space is from the nearest one.

Sites, the first kind some founder can reach over land (a step is an action, so a better kind is taken
only when it is at most one step further than the nearest place to found):
1. land where a city may stand (cities.can_found_at) with no city within one step, next to a terrain that
   gives what the bot's cities collect least of (among what advances and city pieces cost);
2. the same, whatever the terrain;
3. any land where a city may stand that gives what is lacked; 4. any land where a city may stand (a city
   next to another still scores and collects, where a settler kept walking scores nothing);
5. none known: the land next to unexplored regions, from where a step reveals more (exploring).
Founders move down the land distance to the nearest site; since that distance falls with every step, a
founder never walks back and forth (a bot that chose by the neighbourhood of each step walked
D7 -> C7 -> D7 for whole games).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions.cities import can_found_at
from ..actions.movement import destinations, movable
from .bot_economy import collect_sources

if TYPE_CHECKING:
    from ..state.runtime import Clash


def _foundable(rt: Clash, p: int, space: str) -> bool:
    return rt.is_land(space) and can_found_at(rt, p, space)


def _wanted_terrains(rt: Clash, p: int, memo: dict) -> set[str]:
    """Terrains giving the kinds p's cities collect least of, among those advances and city pieces cost
    (food, wood, ore in the base game): a new city should bring what the others lack."""
    kinds = set(rt.params["advance_cost"]) | set(rt.params["grow_cost"])
    city = next(iter(rt.cities_of(p)), None)
    if city is None or not kinds:
        return set()
    sources = collect_sources(rt, p, memo)
    least = min(sources.get(k, 0) for k in kinds)
    scarce = {k for k in kinds if sources.get(k, 0) == least}
    return {args[0] for args in rt.grants("collect", p, city=city) if args[1] in scarce}


def _gives(rt: Clash, space: str, terrains: set[str]) -> bool:
    board = rt.board
    return any(board.space(s).terrain in terrains for s in [space, *board.neighbors(space)])


def _distances(rt: Clash, sites: set[str]) -> dict[str, int]:
    """Steps over revealed land from each space to the nearest of `sites`."""
    return rt.board.distances_to(sites, rt.is_land)


def _plan(rt: Clash, p: int, memo: dict) -> None:
    """The sites p's founders head for and the distances to them (once a decision): the first of these
    kinds some founder of p's can reach over land: spaces with ground of their own that give what p's
    cities lack most, spaces with ground of their own, spaces a city may take that give what is lacked,
    any space a city may take, and last the land next to unexplored regions."""
    board, cities = rt.board, rt.state["cities"]
    land = [sp.id for sp in board.spaces if sp.revealed and sp.terrain != "sea" and sp.id not in cities]
    near_city = {n for c in cities for n in board.neighbors(c)}
    foundable = {s for s in land if _foundable(rt, p, s)}
    spaced = {s for s in foundable if s not in near_city}
    wanted = _wanted_terrains(rt, p, memo)
    fed = {s for s in foundable if _gives(rt, s, wanted)}
    walk = [sp.id for sp in board.spaces if sp.revealed and sp.terrain != "sea"]  # own cities included
    edge = {s for s in walk if any(not board.space(n).revealed for n in board.neighbors(s))}
    units = rt.state["units"]
    starts = {units[u]["space"] for u in rt.units_of(p, rt.role("founder")) if not units[u]["ship"]}
    memo["sites"], memo["site_distance"], memo["exploring"] = set(), {}, False
    tiers = [(sites, _distances(rt, sites)) for sites in (fed & spaced, spaced, fed, foundable) if sites]
    # a step is an action: a better site is worth at most one step more than the nearest place to found
    near = min((min(dist.get(s, 99) for s in starts) for _, dist in tiers), default=99) if starts else 0
    for sites, dist in tiers:
        if not starts or min(dist.get(s, 99) for s in starts) <= near + 1 < 99:
            memo["sites"], memo["site_distance"] = sites, dist
            return
    if edge:
        memo["sites"], memo["site_distance"], memo["exploring"] = edge, _distances(rt, edge), True


def founding_sites(rt: Clash, p: int, memo: dict) -> set[str]:
    """The spaces p's founders head for (worked out once a decision)."""
    if "sites" not in memo:
        _plan(rt, p, memo)
    return memo["sites"]


def site_distance(rt: Clash, p: int, memo: dict) -> dict[str, int]:
    """Steps over revealed land from each space to the nearest site (spaces that reach none are absent)."""
    if "site_distance" not in memo:
        _plan(rt, p, memo)
    return memo["site_distance"]


def founders_astray(rt: Clash, p: int, memo: dict) -> list[str]:
    """Spaces of p's founders (on land) from which a legal move takes them nearer a site (or, exploring,
    into the unknown): a founder that can do neither stays, rather than walk off and back."""
    if "astray" in memo:
        return memo["astray"]
    founder = rt.role("founder")
    units = rt.state["units"]
    out: list[str] = []
    if rt.units_of(p, founder):
        dist = site_distance(rt, p, memo)
        exploring = founding_sites(rt, p, memo) and memo["exploring"]
        spaces = {units[u]["space"] for u in rt.units_of(p, founder) if not units[u]["ship"]}
        for here in sorted(s for s in spaces if s in dist and (dist[s] > 0 or exploring)):
            group = [u for u in rt.units_at(here, p, founder) if not units[u]["ship"] and not units[u]["moved"]
                     and movable(rt, p, u, set())]
            dests = destinations(rt, p, here, group)[0] if group else []
            if any(dist.get(d, 99) < dist[here] or (exploring and not rt.board.space(d).revealed) for d in dests):
                out.append(here)
    memo["astray"] = out
    return out


def founder_on_site(rt: Clash, p: int, memo: dict) -> bool:
    """Does one of p's founders stand on a site where a city may be founded (so Found City takes it)?"""
    founder = rt.role("founder")
    sites = {s for s in founding_sites(rt, p, memo) if _foundable(rt, p, s)}
    units = rt.state["units"]
    return any(units[u]["space"] in sites and not units[u]["ship"] for u in rt.units_of(p, founder))


def founder_stuck(rt: Clash, p: int, memo: dict) -> bool:
    """Does a founder stand where a city may be founded although no site is in reach over land? Then it
    founds where it stands."""
    founder = rt.role("founder")
    dist = site_distance(rt, p, memo)
    units = rt.state["units"]
    return any(not units[u]["ship"] and units[u]["space"] not in dist
               and _foundable(rt, p, units[u]["space"]) for u in rt.units_of(p, founder))
