"""What a city produces: the board's resource, every `produce` grant in force (fixed units) and every
`produce_one_of` card (one unit of one of several resources a turn); `produce_private` is produced
for the owner only, never sold to a neighbour. The goods classes (raw, manufactured) are game.yaml's
`goods`, which discounts name."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..state.runtime import Wonders


def goods_class(rt: Wonders, resource: str) -> str | None:
    """The class (game.yaml params `goods`: raw, manufactured) a resource belongs to."""
    return next((cls for cls, members in rt.d.params["goods"].items() if resource in members), None)


def tradable(rt: Wonders) -> list[str]:
    """Every resource of every class, in the order game.yaml lists them."""
    return [r for members in rt.d.params["goods"].values() for r in members]


def production(rt: Wonders, p: int, for_sale: bool = False) -> tuple[Counter, list[tuple[str, ...]]]:
    """(fixed resources, one-of choices) of p's city; `for_sale`: only what neighbours may buy. Asked for
    every card of a hand: answered once a steady stretch (callers never change it)."""
    return rt.steady.answer(("production", p, for_sale), lambda: _production(rt, p, for_sale))


def _production(rt: Wonders, p: int, for_sale: bool) -> tuple[Counter, list[tuple[str, ...]]]:
    fixed: Counter = Counter()
    board = rt.d.content.entries.get(rt.player(p).get("board") or "")
    if board is not None and board.data.get("resource"):
        fixed[board.data["resource"]] += 1
    for args in rt.grants(p, "produce"):
        fixed[args[0]] += int(args[1]) if len(args) > 1 else 1
    choices = [tuple(args[0]) for args in rt.grants(p, "produce_one_of")]
    if not for_sale:
        choices += [tuple(args[0]) for args in rt.grants(p, "produce_private")]
    return fixed, choices
