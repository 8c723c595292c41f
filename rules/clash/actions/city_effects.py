"""Small rule verbs and questions about cities, regions and hands that abilities name directly.

- do raise_city_mood(C, N)   that city's mood rises N steps (e.g. a captured city that is not angry)
- do activate_city(C)        an ability activates your city C: it counts as an activation this turn (a
                             second one lowers the mood, page 6) and fires city_activated
- do discard_card(D)         you put one card of deck kind D from your hand on its discard pile (your pick)
- can_activate(C)            C is your city and may be activated now
- is_coastal(S)              the space touches a sea space
- cities_in_region(S[, P])   cities of yours (or of P) in the region of space S
- hand_cards(D)              how many cards of deck kind D you hold (e.g. one to discard)
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ..registry import functions, procedures
from .cities import can_activate, end_activation, raise_mood_steps

if TYPE_CHECKING:
    from ....engine.abilities import Ctx
    from ..state.runtime import Clash


def raise_city_mood(rt: Clash, p: int, city: Any, steps: Any = 1, ctx: Ctx | None = None) -> Generator:
    c = rt.state["cities"].get(city) if city else None
    if c is None or c["owner"] < 0 or c["mood"] == "happy":
        return
    yield from raise_mood_steps(rt, city, max(0, int(steps or 0)), rt.cause_of(ctx.source) if ctx else "rules")
    rt.log(f"  the city at {city} becomes {c['mood']}")


def _can_activate(rt: Clash, p: int, city: Any) -> bool:
    return p >= 0 and city in rt.state["cities"] and can_activate(rt, p, city)


def activate_city(rt: Clash, p: int, city: Any, ctx: Ctx | None = None) -> Generator:
    if not _can_activate(rt, p, city):
        return
    yield from rt.emit("city_activated", p, city=city)
    yield from end_activation(rt, city)


def discard_card(rt: Clash, p: int, deck: Any, ctx: Ctx | None = None) -> Generator:
    hand = rt.player(p)["hand"].get(deck) if p >= 0 else None
    if not hand:
        return
    options = sorted(set(hand))
    entries = rt.defn.content.entries
    card = yield from rt.ask(p, "discard", "Discard which card?", options,
                             [entries[c].name if c in entries else c for c in options])
    hand.remove(card)
    rt.state["discard"].setdefault(deck, []).append(card)
    rt.log(f"  {rt.name(p)} discards one {str(deck).replace('_', ' ')}")
    yield from rt.card_discarded(p, card, rt.cause_of(ctx.source) if ctx else "rules")


def _is_coastal(rt: Clash, ctx: Ctx, space: Any) -> bool:
    return space is not None and any(rt.is_water(s) for s in rt.board.neighbors(space))


def _cities_in_region(rt: Clash, ctx: Ctx, space: Any, player: Any = None) -> int:
    if space is None:
        return 0
    owner = ctx.me if player is None else player
    board = rt.board
    region = board.space(space).region
    return sum(1 for c in rt.cities_of(owner) if board.space(c).region == region)


def _hand_cards(rt: Clash, ctx: Ctx, deck: Any) -> int:
    return len(rt.player(ctx.me)["hand"].get(deck) or []) if ctx.me >= 0 else 0


FUNCTIONS = {
    "hand_cards": _hand_cards,
    "can_activate": lambda rt, ctx, city: _can_activate(rt, ctx.me, city),
    "is_coastal": _is_coastal,
    "cities_in_region": _cities_in_region,
}

PROCEDURES = {
    "raise_city_mood": raise_city_mood,
    "activate_city": activate_city,
    "discard_card": discard_card,
}

functions(FUNCTIONS)
procedures(PROCEDURES)
