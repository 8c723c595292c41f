"""Trades between players (rulebook page 14): immediate exchanges during the active player's turn.

The active player offers some of one thing (a resource, mood or culture tokens, an action or an
objective card) for some of another thing the other player holds; the other player accepts or
declines. Only immediate transactions exist in the game: promises are not enforced, so there is
nothing to model for them. Cards received are chosen by their giver (hands are hidden).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..state.setup import RESOURCES, TOKENS

if TYPE_CHECKING:
    from ..state.runtime import Clash

CARD_DECKS = ("action_card", "objective_card")
MAX_AMOUNT = 3
OFFERS_PER_TURN = 3  # a bound for bot play; the rulebook sets none


def _goods(rt: Clash, p: int) -> dict[str, int]:
    """What p could hand over: how many of each tradeable kind."""
    pl = rt.player(p)
    out = {k: pl["res"][k] for k in RESOURCES + TOKENS if pl["res"][k] > 0}
    for deck in CARD_DECKS:
        if pl["hand"].get(deck):
            out[deck] = len(pl["hand"][deck])
    return out


def can_trade(rt: Clash, p: int) -> bool:
    if rt.player(p)["turn"].get("offers", 0) >= OFFERS_PER_TURN:
        return False
    return bool(_goods(rt, p)) and any(_goods(rt, q) for q in range(rt.n) if q != p)


def _label(rt: Clash, kind: str) -> str:
    return kind.replace("_", " ")


def trade(rt: Clash, p: int) -> Generator:
    pl = rt.player(p)
    pl["turn"]["offers"] = pl["turn"].get("offers", 0) + 1
    partners = [str(q) for q in range(rt.n) if q != p and _goods(rt, q)]
    partner = int((yield from rt.ask(p, "trade_partner", "Offer a trade to whom?", partners,
                                     [rt.name(int(q)) for q in partners])))
    mine = _goods(rt, p)
    give = yield from rt.ask(p, "trade_give", "Give what?", sorted(mine), [_label(rt, k) for k in sorted(mine)])
    give_n = int((yield from rt.ask(p, "trade_amount", f"Give how many {_label(rt, give)}?",
                                    [str(n) for n in range(1, min(MAX_AMOUNT, mine[give]) + 1)])))
    theirs = _goods(rt, partner)
    take = yield from rt.ask(p, "trade_take", "Ask for what?", sorted(theirs), [_label(rt, k) for k in sorted(theirs)])
    take_n = int((yield from rt.ask(p, "trade_amount", f"Ask for how many {_label(rt, take)}?",
                                    [str(n) for n in range(1, min(MAX_AMOUNT, theirs[take]) + 1)])))
    offer = f"{give_n} {_label(rt, give)} for {take_n} {_label(rt, take)}"
    answer = yield from rt.ask(partner, "trade_answer", f"{rt.name(p)} offers {offer}: accept?",
                               ["accept", "decline"], ["accept the trade", "decline"])
    if answer != "accept":
        rt.log(f"{rt.name(p)} offers {rt.name(partner)} {offer}: declined")
        return
    yield from _hand_over(rt, p, partner, give, give_n)
    yield from _hand_over(rt, partner, p, take, take_n)
    rt.log(f"{rt.name(p)} and {rt.name(partner)} trade {offer}")
    yield from rt.emit("trade_made", p, partner=partner)


def _hand_over(rt: Clash, giver: int, receiver: int, kind: str, n: int) -> Generator:
    g, r = rt.player(giver), rt.player(receiver)
    if kind in CARD_DECKS:
        for _ in range(n):
            cards = sorted(set(g["hand"][kind]))
            card = yield from rt.ask(giver, "trade_card", f"Which {_label(rt, kind)} to hand over?", cards,
                                     [rt.source_name(c) for c in cards])
            g["hand"][kind].remove(card)
            r["hand"][kind].append(card)
        return
    g["res"][kind] -= n
    rt.add_resource(receiver, kind, n)  # above the receiver's limit the rest is lost, as always


# ---- trade routes in use (the Trade Routes advance) -----------------------------------------------------
def use_trade_routes(rt: Clash, p: int, ctx=None) -> Generator:
    """p uses his trade routes now (`do use_trade_routes()`); the effect reads how many as `routes`.

    Cities holding a trade-optional piece (data `trade_optional`) may be left out: for each partner
    owning such cities, the trader is asked only when taking them in would give him more routes. Then
    the hook trade_routes_used {player: p, partner, cities} fires once per partner whose cities the
    routes reach (so a piece may pay its owner once per use, however many of his cities are used)."""
    from ..phases.functions import trade_optional, trade_route_count, trade_route_matching

    optional = {c for c, d in rt.state["cities"].items() if d["owner"] not in (p, -1) and trade_optional(rt, c)}
    exclude = set(optional)
    for q in rt.turn_order():
        theirs = {c for c in optional if rt.state["cities"][c]["owner"] == q}
        if not theirs:
            continue
        more = trade_route_count(rt, p, exclude - theirs) - trade_route_count(rt, p, exclude)
        if more <= 0:
            continue
        pick = yield from rt.ask(p, "trade_route", f"Trade with {rt.name(q)}'s cities that may be left out?",
                                 ["use", "skip"],
                                 [f"use them: {more} more trade route{'s' if more != 1 else ''}",
                                  "leave them out"])
        if pick == "use":
            exclude -= theirs
        else:
            rt.log(f"  {rt.name(p)} leaves {rt.name(q)}'s cities out of the trade routes")
    match = trade_route_matching(rt, p, exclude)
    if ctx is not None:
        ctx.vars["routes"] = len(match)
    by_partner: dict[int, list[str]] = {}
    for city in match:
        by_partner.setdefault(rt.state["cities"][city]["owner"], []).append(city)
    for q in rt.turn_order():
        if q in by_partner:
            yield from rt.emit("trade_routes_used", p, partner=q, cities=sorted(by_partner[q]))
