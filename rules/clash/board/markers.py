"""Markers on the board's regions, city pieces set aside from the supply, and pieces won back.

- do mark_region(S)      you put a marker on the region of space S (a token of discovery); region_marked(S)
                         tells whether anyone has marked that region
- do set_aside_piece(X)  a city piece X leaves your supply for good and lies in front of you (a monument
                         raised from it); it counts against X's component limit from then on
                         (cities.piece_counts), and room_for(X) tells whether one is left
- do reclaim_piece(C)    in your city C, one piece in another player's colour (cultural influence) turns to
                         yours (your pick), if your supply has one left; pieces that keep their builder's
                         colour (`keeps_colour`) never do
- foreign_pieces(C)      how many pieces reclaim_piece(C) could pick from
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ..names import with_article
from ..registry import SERVICES, functions, procedures

if TYPE_CHECKING:
    from ....engine.abilities import Ctx
    from ..state.runtime import Clash


def _region(rt: Clash, space: Any) -> int | None:
    return rt.board.space(space).region if space is not None and space in rt.board else None


def region_marked(rt: Clash, space: Any) -> bool:
    region = _region(rt, space)
    return region is not None and any(region in pl.get("region_marks", []) for pl in rt.state["players"])


def mark_region(rt: Clash, p: int, space: Any, ctx: Ctx | None = None) -> Generator:
    region = _region(rt, space)
    if p < 0 or region is None or region_marked(rt, space):
        return
    rt.player(p).setdefault("region_marks", []).append(region)
    rt.log(f"  {rt.name(p)} marks the region at {space}")
    yield from ()


def set_aside_piece(rt: Clash, p: int, piece: Any, ctx: Ctx | None = None) -> Generator:
    piece_counts = SERVICES["piece_counts"]  # written above this layer (actions.cities)

    if p < 0 or piece not in rt.defn.pieces or piece_counts(rt, p).get(piece, 0) >= rt.defn.limit(piece):
        return
    rt.player(p).setdefault("set_aside", []).append(piece)
    rt.log(f"  {rt.name(p)} sets {with_article(rt.defn.pieces[piece].name)} aside from the supply")
    yield from ()


def _reclaimable(rt: Clash, p: int, city: Any) -> list[str]:
    piece_counts = SERVICES["piece_counts"]  # written above this layer (actions.cities)

    c = rt.state["cities"].get(city) if city else None
    if c is None or p < 0 or c["owner"] != p:
        return []
    counts = piece_counts(rt, p)
    return sorted(x for x, colour in c["pieces"].items()
                  if colour != p and not rt.defn.pieces[x].data.get("keeps_colour")
                  and counts.get(x, 0) < rt.defn.limit(x))


def reclaim_piece(rt: Clash, p: int, city: Any, ctx: Ctx | None = None) -> Generator:
    pieces = _reclaimable(rt, p, city)
    if not pieces:
        return
    piece = yield from rt.ask(p, "piece", f"Win back which piece of the city at {city}?", pieces,
                              [rt.defn.pieces[x].name for x in pieces])
    before = rt.state["cities"][city]["pieces"][piece]
    rt.state["cities"][city]["pieces"][piece] = p
    rt.log(f"  {rt.name(p)} wins back the {rt.defn.pieces[piece].name} at {city} from {rt.name(before)}")


FUNCTIONS = {
    "region_marked": lambda rt, ctx, space: region_marked(rt, space),
    "foreign_pieces": lambda rt, ctx, city: len(_reclaimable(rt, ctx.me, city)),
}

PROCEDURES = {
    "mark_region": mark_region,
    "set_aside_piece": set_aside_piece,
    "reclaim_piece": reclaim_piece,
}

functions(FUNCTIONS)
procedures(PROCEDURES)
