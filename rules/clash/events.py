"""Event cards (rulebook page 13): drawn when a culture or happiness level reaches 3, 5 or 7.

The icon is resolved first, always and only on drawing; then the card's own effect runs as the
triggers of its `effect` on the `event_drawn` hook. The cards themselves are content.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from .setup import draw_card

if TYPE_CHECKING:
    from .runtime import Clash


def draw_event(rt: Clash, p: int, ctx=None) -> Generator:
    card = draw_card(rt.state, "event_card")
    if card is None:
        rt.log(f"  {rt.name(p)} would draw an event, but the event deck is empty")
        return
    entry = rt.defn.content.entries[card]
    rt.log(f"  {rt.name(p)} draws the event {entry.name}")
    rt.state["discard"]["event_card"].append(card)
    yield from rt.emit("event_drawn", p, card=card)
