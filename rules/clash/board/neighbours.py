"""The board as cards speak of it: the terrain around a space, regions, and where units came from this turn.

Functions of the card language (vocabulary.yaml), for the player whose ability asks (me) unless a player
is named:

- adjacent_to(S, T)           a space next to S has terrain T ("adjacent to a forest")
- neighbours(S[, T])          the revealed spaces next to S (of terrain T only, if given)
- region_of(S)                the region (board slot) of S: the number `region_revealed` carries
- regions_with_units([U, P])  regions holding one of your (or P's) units (of type U, if given; units aboard
                              a ship stand where it is)
- came_from(S)                where your units now at S started moving this turn (none when none of them
                              moved): units that moved several times keep their first origin

The terrain of a space itself is terrain_at(S) (board/proximity.py). Faced-down spaces have no terrain.
Where a unit came from is kept on the unit (`came_from`) only when some loaded effect asks came_from()
(ClashDefinition.tracks_origins), so a game whose cards never ask it keeps the state it always had.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ..registry import functions

if TYPE_CHECKING:
    from ....engine.abilities import Ctx
    from ..state.runtime import Clash


def _around(rt: Clash, space: Any) -> list[str]:
    """The spaces next to `space` (none for none or a space off the board)."""
    if space is None or space not in rt.board:
        return []
    return rt.board.neighbors(space)


def _adjacent_to(rt: Clash, ctx: Ctx, space: Any, terrain: Any) -> bool:
    return any(rt.terrain(s) == terrain for s in _around(rt, space))


def _neighbours(rt: Clash, ctx: Ctx, space: Any, terrain: Any = None) -> int:
    return sum(1 for s in _around(rt, space)
               if rt.terrain(s) is not None and (terrain is None or rt.terrain(s) == terrain))


def _region_of(rt: Clash, ctx: Ctx, space: Any) -> int | None:
    return rt.board.space(space).region if space is not None and space in rt.board else None


def _regions_with_units(rt: Clash, ctx: Ctx, unit: Any = None, player: Any = None) -> int:
    owner = ctx.me if player is None else player
    if owner is None or owner < 0:
        return 0
    units = rt.state["units"]
    board = rt.board
    return len({board.space(units[u]["space"]).region for u in rt.units_of(owner)
                if unit is None or units[u]["type"] == unit or (unit == rt.role("army") and rt.is_army(units[u]["type"]))})


def _came_from(rt: Clash, ctx: Ctx, space: Any) -> str | None:
    if space is None or ctx.me < 0:
        return None
    units = rt.state["units"]
    return next((units[u]["came_from"] for u in sorted(rt.units_at(space, ctx.me), key=lambda x: (len(x), x))
                 if units[u].get("came_from")), None)


def note_origin(rt: Clash, units: Iterable[str], origin: str) -> None:
    """Units (and what they carry) leave `origin`: each keeps the first space it left this turn, when some
    effect asks came_from() (the rules of moving call this; a turn's start forgets it)."""
    if not rt.defn.tracks_origins:
        return
    table = rt.state["units"]
    moving = set(units)
    for uid, u in table.items():
        if uid in moving or u["ship"] in moving:
            u.setdefault("came_from", origin)


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "adjacent_to": _adjacent_to,
    "neighbours": _neighbours,
    "region_of": _region_of,
    "regions_with_units": _regions_with_units,
    "came_from": _came_from,
}

functions(FUNCTIONS)
