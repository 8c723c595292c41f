"""Civilization's board in words, for the meaning of an option: a square as everyone sees it (terrain, icons,
resource, a building, wonder or great person, a facedown marker, a city, figures), what a city on a square
would collect from its outskirts, and what a production cost asks of a city (the trade that boosts it).
Only public things are said: what a facedown marker holds never is."""

from __future__ import annotations

from typing import Any

from ..board import board
from ..state.economy import boost_rate, production, yields

ICON_WORDS = (("trade", "trade"), ("production", "production"), ("culture", "culture"), ("coin", "coin"))


def icons(found: dict) -> str:
    """'2 trade, 1 production, wheat' ('' when a square gives nothing)."""
    bits = [f"{found[k]} {w}" for k, w in ICON_WORDS if found.get(k)]
    if found.get("resource"):
        bits.append(str(found["resource"]))
    return ", ".join(bits)


def square_words(rt: Any, x: int, y: int) -> str:
    """A square as every player sees it: 'C4: grassland, 1 trade; Library (Player 1's); a hut marker'."""
    label = board.label(x, y)
    sq = rt.square(x, y)
    if sq is None:
        return f"{label}: a facedown tile (unexplored)" if board.facedown(rt.state, x, y) else f"{label}: off the map"
    bits = [sq["terrain"] + (f", {icons(yields(rt, x, y))}" if icons(yields(rt, x, y)) else "")]
    item = rt.item_at(x, y)
    if item is not None:
        bits.append(f"{rt.entry_name(item['id'])} ({rt.name(item['owner'])}'s {item['kind']})")
    marker = rt.state["markers"].get(board.key(x, y))
    if marker:
        bits.append(f"a facedown {marker} marker")
    city = rt.city_at(x, y)
    if city is not None:
        bits.append(f"{rt.name(city['owner'])}'s {'capital' if city['capital'] else 'city'}")
    figs = rt.figures_at(x, y)
    for owner in sorted({f["owner"] for f in figs}):
        kinds = [f["kind"] for f in figs if f["owner"] == owner]
        bits.append(f"{rt.name(owner)}'s " + ", ".join(f"{kinds.count(k)} {k}{'s' * (kinds.count(k) > 1)}".replace(
            "armys", "armies") for k in dict.fromkeys(kinds)))
    return f"{label}: " + "; ".join(bits)


def outskirts_words(rt: Any, x: int, y: int) -> str:
    """What a city at (x, y) would collect from its 8 outskirts squares."""
    total: dict = {}
    resources = []
    for sx, sy in board.around(x, y):
        got = yields(rt, sx, sy) if rt.square(sx, sy) is not None else {}
        for k, _ in ICON_WORDS:
            total[k] = total.get(k, 0) + int(got.get(k, 0))
        if got.get("resource"):
            resources.append(got["resource"])
    said = icons(total) or "nothing"
    return f"its outskirts give {said}" + (f" and show {', '.join(sorted(set(resources)))}" if resources else "")


def cost_words(rt: Any, city: dict, cost: int) -> str:
    """What a production cost asks of the city, the news first (an option's label says the cost): 'the city
    makes 5, so 2 more are bought with 6 trade (3 trade buy 1; you have 8); costs 7 production'."""
    if cost <= 0:
        return "costs no production"
    made = production(rt, city)
    if cost <= made:
        return f"the city makes {made}, enough: costs {cost} production"
    rate, per = boost_rate(rt, city["owner"]), int(rt.params["boost_trade"])
    short = cost - made
    trade = -(-short // rate) * per
    return (f"the city makes {made}, so {short} more {'is' if short == 1 else 'are'} bought with {trade} trade "
            f"({per} trade buy {rate}; you have {rt.player(city['owner'])['trade']}); costs {cost} production")
