"""Land units lost in a battle or an event, and the rules that bring them back.

Some rules bring lost units back afterwards (an effect of the expansion's content). A battle keeps its own book
of losses (combat.Battle.lost); an event opens one for the time it resolves. When the battle or the
event is over, every player who lost land units hears of it through the hook land_units_lost
{player, lost: the unit types}; `do revive_units(piece, resource, n)` is the answer the content gives.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..registry import procedure
from ..state.limits import stack_limit
from .cities import armies_in

if TYPE_CHECKING:
    from ..state.runtime import Clash


def lost_record(rt: Clash, u: dict) -> dict | None:
    """What a removed unit leaves in a book of losses: land units of a player (armies, settlers), never
    ships, pirates or barbarians, nor a leader figure (leaders are not units)."""
    if u["owner"] < 0 or rt.is_ship(u["type"]) or rt.defn.units[u["type"]].data.get("role") == "leader":
        return None
    return {"type": u["type"], "moved": u.get("moved", 0), "stop": u.get("stop", 0), "battled": u.get("battled", 0)}


def record_loss(rt: Clash, u: dict, book: dict[int, list[dict]] | None = None) -> None:
    """Write a removed unit into `book` (a battle's) or, without one, into the event being resolved."""
    if book is None:
        books = getattr(rt, "loss_books", None)
        if not books:
            return  # removed outside any battle or event: nothing to bring back
        book = books[-1]
    rec = lost_record(rt, u)
    if rec is not None:
        book.setdefault(u["owner"], []).append(rec)


def open_losses(rt: Clash) -> None:
    """An event starts resolving: units removed from now on (outside battles) go into its book."""
    rt.loss_books = [*getattr(rt, "loss_books", []), {}]


def close_losses(rt: Clash) -> Generator:
    books = getattr(rt, "loss_books", None)
    if books:
        yield from report_losses(rt, books.pop())


def report_losses(rt: Clash, book: dict[int, list[dict]]) -> Generator:
    """The hook land_units_lost for each player with losses in the book, in turn order."""
    for p in rt.turn_order():
        records = book.pop(p, None)
        if records:
            yield from rt.emit("land_units_lost", p, lost=[r["type"] for r in records], lost_units=records)


def _revive_room(rt: Clash, p: int, utype: str, city: str) -> bool:
    if len(rt.units_of(p, utype)) >= rt.defn.limit(utype):
        return False
    return not rt.is_army(utype) or armies_in(rt, p, city) < stack_limit(rt, p, city)


@procedure("revive_units")
def revive_units(rt: Clash, p: int, piece: str, resource: str = "food", amount: int = 1, ctx=None) -> Generator:
    """After a loss (hook land_units_lost): each of your cities with `piece` may take back one of the
    units just lost, for `amount` of `resource` each (substitutions apply, e.g. gold). The unit keeps
    what it had done this turn (moved, fought)."""
    # the payload's list itself: a unit brought back cannot be claimed again by another ability
    records: list[dict] = (ctx.vars.get("lost_units") if ctx is not None else None) or []
    if not records or piece not in rt.defn.pieces:
        return
    name = rt.defn.pieces[piece].name
    cost = [(resource, int(amount or 0))]
    for city in sorted(c for c in rt.cities_of(p) if piece in rt.state["cities"][c]["pieces"]):
        types = sorted({r["type"] for r in records if _revive_room(rt, p, r["type"], city)})
        if not types or not rt.can_pay(rt.ctx(p, piece), cost):
            continue
        labels = [f"bring back a {rt.defn.units[t].name} ({amount} {resource})" for t in types] + ["no"]
        pick = yield from rt.ask(p, "revive", f"{name} at {city}: bring back a lost unit?", types + ["none"], labels)
        if pick == "none":
            continue
        yield from rt.pay_for(p, cost, "any", name)
        rec = next(r for r in records if r["type"] == pick)
        records.remove(rec)
        uid = yield from rt.place_unit(p, pick, city, "reviving")
        for flag in ("moved", "stop", "battled"):
            rt.state["units"][uid][flag] = rec[flag]
        rt.log(f"  {rt.name(p)} brings a lost {rt.defn.units[pick].name} back at {city} ({name})")
