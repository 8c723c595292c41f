"""Event cards (rulebook page 13): drawn when a culture or happiness level reaches 3, 5 or 7.

The icons are resolved first, top one first, always and only on drawing, and only for the drawer;
then the card's own effect runs as its triggers on the `event_drawn` hook. The cards are content.
A card's `tags` let a drawer who ignores one of them (grant ignore_event) skip the whole card;
a card that reaches every player checks each one with the function `ignores_event(tag)` instead.
The verbs the cards use on cities, units and cards that stay in play are in event_effects.py.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..actions.losses import close_losses, open_losses
from ..combat.barbarians import barbarian_attack, barbarians_spawn, exhaust_land
from ..registry import procedure, service
from ..state.setup import draw_card
from .event_effects import lower_city_mood

if TYPE_CHECKING:
    from ..state.runtime import Clash


def resolve_icon(rt: Clash, p: int, icon: str) -> Generator:
    if icon == "gold_mine":
        got = yield from rt.gain_resource(p, "gold", rt.params["gold_mine_gold"], "event")
        rt.log(f"  gold mine: {rt.name(p)} gets {got} gold")
    elif icon == "exhausted_land":
        yield from exhaust_land(rt, p)
    elif icon == "barbarians_spawn":
        yield from barbarians_spawn(rt, p)
    elif icon == "barbarian_attack":
        yield from barbarian_attack(rt, p)
    elif rt.triggers_on("event_icon"):
        yield from rt.emit("event_icon", p, icon=icon)  # content resolves the icons the rules leave open
    else:
        rt.log(f"  the {icon} icon has no effect in this game")


@service("draw_event")
@procedure("draw_event")
def draw_event(rt: Clash, p: int, ctx=None) -> Generator:
    """Draw and resolve an event. Land units removed while it resolves (outside its battles, which
    report their own) are reported after it, through the hook land_units_lost."""

    open_losses(rt)
    try:
        yield from _draw_event(rt, p)
    except BaseException:
        rt.loss_books.pop()
        raise
    yield from close_losses(rt)


def _draw_event(rt: Clash, p: int) -> Generator:
    mode = rt.params.get("event_effects", "always")
    effects = mode == "always"
    if mode == "optional":
        pick = yield from rt.ask(p, "event", "Draw the event for its effect, or for its icons only?",
                                 ["effect", "icons"], ["push your luck: the whole event", "icons only"])
        effects = pick == "effect"
    card = draw_card(rt.state, "event_card")
    if card is None:
        rt.log(f"  {rt.name(p)} would draw an event, but the event deck is empty")
        return
    entry = rt.defn.content.entries[card]
    rt.log(f"  {rt.name(p)} draws the event {entry.name}")
    rt.note("event_card_drawn", p)  # drawn, whether or not its effect then applies (end_measures.py)
    rt.note_used("event_card_drawn", p, card)
    rt.state["discard"]["event_card"].append(card)
    for icon in entry.data.get("icons") or []:
        yield from resolve_icon(rt, p, icon)
    if not effects:
        rt.log("  only the icons of the event take effect")
        return
    ignored = {args[0] for args in rt.grants("ignore_event", p)}
    if ignored & set(entry.data.get("tags") or []):
        rt.log(f"  {rt.name(p)} ignores the event")
        return
    yield from rt.emit("event_drawn", p, card=card)


@procedure("lower_mood")
def event_lower_mood(rt: Clash, p: int, steps: int = 1, ctx=None) -> Generator:
    """An event lowers the mood of one of your cities (your choice); Myths-like abilities may cancel."""

    options = sorted(c for c in rt.cities_of(p) if rt.state["cities"][c]["mood"] != "angry")
    if not options:
        return
    city = yield from rt.ask(p, "city", "Which city's mood drops?", options)
    yield from lower_city_mood(rt, p, city, steps)
