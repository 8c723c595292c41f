"""What cities collect: outskirts and scouts' squares, blockades, coins, trade, production and culture.

A city collects from the 8 squares around its centre, except those holding an enemy figure (a
blockade), and from the squares of its owner's scouts sent to it this turn (a scout gathers from the
turn after it was placed). A building, wonder or great person on a square yields its own icons
instead of the square's. Coins are counted, never stored: the economy dial is the coins of the squares
a player collects from now, plus those of techs (`grant coins(N)`) and the coin tokens on cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....engine.steady import stretched
from ..board import board
from ..board.board import ICONS
from ..registry import function

if TYPE_CHECKING:
    from .runtime import Civ


def yields(rt: Civ, x: int, y: int) -> dict:
    """The icons and resource a square gives whoever collects it."""
    sq = rt.square(x, y)
    if sq is None:
        return {}
    item = rt.item_at(x, y)
    if item is None:
        return {k: v for k, v in sq.items() if k in ICONS or k == "resource"}
    eid = rt.building_form(item["owner"], item["id"]) if item["kind"] == "building" else item["id"]
    return dict(rt.d.content.entries[eid].data.get("icons") or {})


def blockaded(rt: Civ, x: int, y: int, p: int) -> bool:
    return bool(rt.enemies_at(x, y, p))


def city_squares(rt: Civ, city: dict) -> list[tuple[int, int]]:
    """The squares the city collects from this turn: its outskirts not blockaded, and scouts sent to it."""
    p = city["owner"]
    out = [(x, y) for x, y in board.around(city["x"], city["y"])
           if rt.square(x, y) is not None and not blockaded(rt, x, y, p)]
    for f in rt.state["figures"]:
        if f["owner"] == p and f["kind"] == "scout" and f.get("sends") == city["id"] and (f["x"], f["y"]) not in out:
            out.append((f["x"], f["y"]))
    return out


def city_total(rt: Civ, city: dict, icon: str) -> int:
    return sum(int(yields(rt, x, y).get(icon, 0)) for x, y in city_squares(rt, city))


def city_resources(rt: Civ, city: dict) -> list[str]:
    found = {yields(rt, x, y).get("resource") for x, y in city_squares(rt, city)}
    return sorted(r for r in found if r)


def coins(rt: Civ, p: int) -> int:
    """p's economy dial."""
    squares = {sq for c in rt.cities(p) for sq in city_squares(rt, c)}
    on_map = sum(int(yields(rt, x, y).get("coin", 0)) for x, y in squares)
    return on_map + sum(int(a[0]) for a in rt.grants(p, "coins")) + sum(rt.player(p)["coin_tokens"].values())


def production(rt: Civ, city: dict) -> int:
    """A city's production: its squares' (under `best_outskirts_production`, those of the owner's best
    city), its boost this turn, then the owner's modifiers."""
    own = city_total(rt, city, "production")
    if rt.granted("best_outskirts_production", city["owner"]):
        own = max([own, *(city_total(rt, c, "production") for c in rt.cities(city["owner"]))])
    base = own + int(city.get("boost", 0))
    return rt.quantity("city_production", city["owner"], base)


def boost_rate(rt: Civ, p: int) -> int:
    """Production one lot of `boost_trade` trade buys (1 unless an ability says more)."""
    return max(1, rt.quantity("boost_production", p, 1))


def arts_culture(rt: Civ, city: dict) -> int:
    return rt.quantity("devote_culture", city["owner"], 1 + city_total(rt, city, "culture"))


def collect_trade(rt: Civ, p: int) -> int:
    """The trade phase: the trade of every city's squares goes onto the dial (up to its highest value)."""
    got = rt.quantity("city_trade", p, sum(city_total(rt, c, "trade") for c in rt.cities(p)))
    pl = rt.player(p)
    before = pl["trade"]
    pl["trade"] = min(rt.trade_cap(p), before + got)
    return pl["trade"] - before


def research_cost(rt: Civ, level: int, p: int | None = None) -> int:
    """The least trade a tech of the level needs (6, and 5 more a level), after p's modifiers."""
    base = int(rt.params["research_first"]) + int(rt.params["research_step"]) * (level - 1)
    return base if p is None else rt.quantity("research_cost", p, base, level=level)


def pyramid_row(rt: Civ, p: int, level: int) -> bool:
    """May p place a tech of `level` in its pyramid? Level I always; above, on two of the row below."""
    rows = rt.player(p)["pyramid"]
    if level == 1:
        return True
    return len(rows.get(str(level), [])) + 1 <= len(rows.get(str(level - 1), [])) - 1


@stretched
def research_options(rt: Civ, p: int) -> list[str]:
    """Techs p may research now: unknown, affordable with its trade, with a legal place."""
    pl = rt.player(p)
    return [t for t in rt.d.tech_ids if t not in pl["techs"]
            and research_cost(rt, rt.d.level(t), p) <= pl["trade"] and pyramid_row(rt, p, rt.d.level(t))]


def trade_after_research(rt: Civ, p: int) -> int:
    """Researching spends all trade but 1 per coin (never more than the trade there was)."""
    kept = rt.quantity("research_trade_kept", p, coins(rt, p))
    return min(rt.player(p)["trade"], max(0, kept))


@function("coins_of")
def coins_of(rt: Civ, ctx) -> int:
    return coins(rt, ctx.me)
