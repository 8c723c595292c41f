"""Marks: a running count that a card keeps for its owner (tokens laid on the card or on a city).

A card says `costs 1 culture` then `do add_marks(1)`, and reads `marks()` wherever the count matters
(e.g. a price the opponents pay). The count belongs to the card (the ability's source) and the player;
it lasts as long as the game, and does nothing once the card's abilities are no longer in force.

- do add_marks(N)   add N to the count of the effect's card for you
- marks()           the count of the effect's card for you
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ..registry import functions, procedures

if TYPE_CHECKING:
    from ....engine.abilities import Ctx
    from .runtime import Clash


def add_marks(rt: Clash, p: int, n: Any = 1, ctx: Ctx | None = None) -> Generator:
    if p >= 0 and ctx is not None:
        counts = rt.player(p).setdefault("marks", {})
        counts[ctx.source] = max(0, counts.get(ctx.source, 0) + int(n or 0))
        rt.log(f"  {rt.source_name(ctx.source)}: {counts[ctx.source]} mark(s) for {rt.name(p)}")
    yield from ()


FUNCTIONS = {
    "marks": lambda rt, ctx: rt.player(ctx.me).get("marks", {}).get(ctx.source, 0) if ctx.me >= 0 else 0,
}

PROCEDURES = {
    "add_marks": add_marks,
}

functions(FUNCTIONS)
procedures(PROCEDURES)
