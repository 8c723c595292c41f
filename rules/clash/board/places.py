"""Questions about places that abilities ask: a city's mood and pieces, the spaces around a city, regions, battles.

Functions of the card language (declared in vocabulary.yaml):

- mood_of(C)                      the mood of the city at C (none when there is no city)
- pieces_of(C[, P])               pieces in your colour (or P's) in the city at C, wherever it stands
                                  (a city of another player holding your pieces is under your influence)
- occupied_spaces(S, U, T)        spaces of terrain T next to S holding one of your units of type U
- regions_with_cities([P])        regions holding at least one of your (or P's) cities
- battle_rounds()                 combat rounds fought in the battle at hand (being fought, else the last
                                  one ended, so battle_ended triggers can read it); 0 when no dice were rolled

They answer for the player whose ability asks (me) unless a player is named.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..registry import functions

if TYPE_CHECKING:
    from ....engine.abilities import Ctx
    from ..state.runtime import Clash


def _mood_of(rt: Clash, ctx: Ctx, city: Any) -> str | None:
    c = rt.state["cities"].get(city) if city is not None else None
    return c["mood"] if c else None


def _pieces_of(rt: Clash, ctx: Ctx, city: Any, player: Any = None) -> int:
    c = rt.state["cities"].get(city) if city is not None else None
    owner = ctx.me if player is None else player
    if c is None or owner is None:
        return 0
    return sum(1 for o in c["pieces"].values() if o == owner)


def _occupied_spaces(rt: Clash, ctx: Ctx, space: Any, unit: Any, terrain: Any) -> int:
    """Spaces of the terrain next to `space` where one of your units of that type stands (not aboard)."""
    if space is None or ctx.me < 0 or space not in rt.board:
        return 0
    units = rt.state["units"]
    count = 0
    for s in rt.board.neighbors(space):
        if rt.terrain(s) != terrain:
            continue
        if any(not units[u]["ship"] for u in rt.units_at(s, ctx.me, unit)):
            count += 1
    return count


def _regions_with_cities(rt: Clash, ctx: Ctx, player: Any = None) -> int:
    owner = ctx.me if player is None else player
    if owner is None or owner < 0:
        return 0
    board = rt.board
    return len({board.space(c).region for c in rt.cities_of(owner)})


def _battle_rounds(rt: Clash, ctx: Ctx) -> int:
    b = getattr(rt, "battle", None) or getattr(rt, "last_battle", None)
    return int(getattr(b, "round", 0) or 0) if b is not None else 0


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "mood_of": _mood_of,
    "pieces_of": _pieces_of,
    "occupied_spaces": _occupied_spaces,
    "regions_with_cities": _regions_with_cities,
    "battle_rounds": _battle_rounds,
}

functions(FUNCTIONS)
