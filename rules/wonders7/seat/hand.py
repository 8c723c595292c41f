"""A card of a 7 Wonders seat's hand in words, for the browser's hand list (the descriptor's `seat_card`): its
colour and age, what it costs that seat (free when a card it built chains to it) and what it does, with the
colour the drawing paints it. The generic list would call every card an "age card" and print its text only.

Read from the seat's own city (its built cards), which the seat sees; a neighbour's price is not said here
(the options say it, before the choice, as the `pay` decision will offer it)."""

from __future__ import annotations

from typing import Any

from ..actions.options import card_cost, cost_words
from ..names import ROMAN
from .drawing import FILL


def chain_words(defn: Any, card: str) -> str:
    """' Chains to Pantheon (built free later).' ('' when no later card chains from it)."""
    later = sorted({x.name for x in defn.cards if card in (x.data.get("chain_from") or [])})
    return f" Chains to {' and '.join(later)} (built free later)." if later else ""


def cost_for(game: Any, p: int, card: str) -> str:
    """What building `card` costs p, as printed, or why it is free: 'costs 1 wood, 1 clay', 'free',
    'free for you (chained from your Altar; printed 1 wood, 1 clay)'."""
    rt, entries = game.rt, game.definition.content.entries
    printed = entries[card].data.get("cost") or {}
    if not printed:
        return "free"
    if card_cost(rt, p, card):
        return f"costs {cost_words(printed)}"
    chained = [entries[c].name for c in entries[card].data.get("chain_from") or [] if c in rt.player(p)["built"]]
    return f"free for you (chained from your {chained[0]}; printed {cost_words(printed)})"


def seat_card(game: Any, p: int, card: str) -> dict[str, str]:
    """{"kind": 'blue card, age II · costs 1 wood, 1 clay', "text": what it does, "colour": its paint}."""
    defn = game.definition
    e = defn.content.entries[card]
    colour = str(e.data.get("colour") or "")
    if "age" not in e.data:
        return {"kind": e.kind.replace("_", " "), "text": e.text}
    age = ROMAN.get(e.data["age"], e.data["age"])
    return {"kind": f"{colour} card, age {age} · {cost_for(game, p, card)}",
            "text": f"{e.text}{chain_words(defn, card)}", "colour": FILL.get(colour, "")}
