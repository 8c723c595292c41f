"""What one unit of a resource costs from a neighbour: game.yaml's `trade_price` (2 coins), or its
`discount_price` (1) when a `discount(direction, goods)` grant in force covers that side and the
resource's class; then the quantity `trade_price` (the resource, its class, the side and the neighbour
in its context), which a card may change: `modify trade_price when resource = glass and side = left: = 1`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..city.production import goods_class

if TYPE_CHECKING:
    from ..state.runtime import Wonders


def price(rt: Wonders, p: int, side: str, resource: str) -> int:
    """What p pays the `side` (left/right) neighbour for one unit of the resource."""
    return rt.steady.answer(("price", p, side, resource), lambda: _price(rt, p, side, resource))


def _price(rt: Wonders, p: int, side: str, resource: str) -> int:
    params = rt.d.params
    base = params["trade_price"]
    kind = goods_class(rt, resource)
    for direction, goods in rt.grants(p, "discount"):
        if direction in (side, "both") and goods == kind:
            base = params["discount_price"]
            break
    neighbour = rt.left(p) if side == "left" else rt.right(p)
    return max(0, rt.quantity("trade_price", p, base, resource=resource, goods=kind, side=side, neighbour=neighbour))
