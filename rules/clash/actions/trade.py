"""Trades between players (rulebook page 14): immediate exchanges during the active player's turn.

The active player offers some of one thing (a resource, mood or culture tokens, an action or an
objective card) for some of another thing the other player holds; the other player accepts or
declines. Only immediate transactions exist in the game: promises are not enforced, so there is
nothing to model for them. Cards received are chosen by their giver (hands are hidden).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING

from ..names import BARBARIAN
from ..registry import SERVICES, procedure
from ..state.limits import trade_offer_amount, trade_offers, trade_route_limit, trade_route_range
from ..state.setup import RESOURCES, TOKENS
from . import collect_all as whole

if TYPE_CHECKING:
    from ..state.runtime import Clash

CARD_DECKS = ("action_card", "objective_card")


def _goods(rt: Clash, p: int) -> dict[str, int]:
    """What p could hand over: how many of each tradeable kind."""
    pl = rt.player(p)
    out = {k: pl["res"][k] for k in RESOURCES + TOKENS if pl["res"][k] > 0}
    for deck in CARD_DECKS:
        if pl["hand"].get(deck):
            out[deck] = len(pl["hand"][deck])
    return out


def can_trade(rt: Clash, p: int) -> bool:
    if rt.player(p)["turn"].get("offers", 0) >= trade_offers(rt, p):
        return False
    return bool(_goods(rt, p)) and any(_goods(rt, q) for q in range(rt.n) if q != p)


def _label(rt: Clash, kind: str) -> str:
    return kind.replace("_", " ")


def _what_and_how_many(rt: Clash, p: int, side: str, verb: str, goods: dict[str, int]) -> Generator:
    """(kind, amount) of one side of an offer: the kind, then how many. A person's seat (config
    `seat_shortcuts`) also gets each kind with its amount as one option ("all:<kind>:<n>")."""
    kinds = sorted(goods)
    most = trade_offer_amount(rt, p)
    options, labels = list(kinds), [_label(rt, k) for k in kinds]
    if whole.wanted(rt):
        both = [(k, n) for k in kinds for n in range(1, min(most, goods[k]) + 1)]
        options = [f"{whole.ALL}{k}:{n}" for k, n in both] + options
        labels = [f"{n} {_label(rt, k)}" for k, n in both] + labels
    kind = yield from rt.ask(p, f"trade_{side}", f"{verb} what?", options, labels)
    if kind.startswith(whole.ALL):
        kind, _, n = kind.removeprefix(whole.ALL).rpartition(":")
        return kind, int(n)
    n = yield from rt.ask(p, f"trade_{side}_amount", f"{verb} how many {_label(rt, kind)}?",
                          [str(n) for n in range(1, min(most, goods[kind]) + 1)])
    return kind, int(n)


def trade(rt: Clash, p: int) -> Generator:
    pl = rt.player(p)
    pl["turn"]["offers"] = pl["turn"].get("offers", 0) + 1
    partners = [str(q) for q in range(rt.n) if q != p and _goods(rt, q)]
    partner = int((yield from rt.ask(p, "trade_partner", "Offer a trade to whom?", partners,
                                     [rt.name(int(q)) for q in partners])))
    give, give_n = yield from _what_and_how_many(rt, p, "give", "Give", _goods(rt, p))
    take, take_n = yield from _what_and_how_many(rt, p, "take", "Ask for", _goods(rt, partner))
    offer = f"{give_n} {_label(rt, give)} for {take_n} {_label(rt, take)}"
    # the offer on the table, for everyone to read while the partner answers (a bot weighs it)
    rt.state["trade_offer"] = {"from": p, "to": partner, "give": [give, give_n], "take": [take, take_n]}
    answer = yield from rt.ask(partner, "trade_answer", f"{rt.name(p)} offers {offer}: accept?",
                               ["accept", "decline"], ["accept the trade", "decline"])
    rt.state.pop("trade_offer", None)
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
    yield from rt.spend(giver, kind, n, "trading")
    yield from rt.gain_resource(receiver, kind, n, "trading")  # above the receiver's limit the rest is lost


# ---- trade routes in use (granted by content) -----------------------------------------------------
@procedure("use_trade_routes")
def use_trade_routes(rt: Clash, p: int, ctx=None) -> Generator:
    """p uses his trade routes now (`do use_trade_routes()`); the effect reads how many as `routes`.

    Cities holding a trade-optional piece (data `trade_optional`) may be left out: for each partner
    owning such cities, the trader is asked only when taking them in would give him more routes. Then
    the hook trade_routes_used {player: p, partner, cities} fires once per partner whose cities the
    routes reach (so a piece may pay its owner once per use, however many of his cities are used)."""

    optional = {c for c, d in rt.state["cities"].items() if d["owner"] not in (p, BARBARIAN) and trade_optional(rt, c)}
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


def trade_optional(rt: Clash, city: str) -> bool:
    """A trader may leave this city out of his trade routes (a piece in it has `trade_optional`)."""
    c = rt.state["cities"].get(city)
    return c is not None and any(rt.defn.pieces[x].data.get("trade_optional") for x in c["pieces"])


def route_reach(rt: Clash, p: int, exclude: frozenset[str] | set[str] = frozenset()) -> dict[str, list[str]]:
    """Per carrier of yours (settler or ship), the non-angry foreign player cities a trade route from it
    could reach (within 2, not through pirated sea); cities in `exclude` left out."""
    units = rt.state["units"]
    carriers = [u for u in rt.units_of(p) if units[u]["type"] in (rt.role("founder"), rt.role("ship"))
                and not rt.forbidden("trade_route", actor=p, space=units[u]["space"], carrier=units[u]["type"])]
    cities = [s for s, c in rt.state["cities"].items() if c["owner"] >= 0 and c["owner"] != p
              and c["mood"] != "angry" and s not in exclude]
    blocked_seas = SERVICES["blocked_seas"]  # written above this layer (combat.pirates)
    pirated = blocked_seas(rt)  # no route starts from or passes through sea at or next to a pirate ship
    reach: dict[str, list[str]] = {}
    for u in carriers:
        sp = rt.state["units"][u]["space"]
        far = trade_route_range(rt, p, sp)
        if pirated:
            reach[u] = [] if sp in pirated else [
                c for c in cities
                if (d := rt.board.distance(sp, c, lambda s: not s.revealed or s.id in pirated)) is not None
                and d <= far]
            continue
        reach[u] = [c for c in cities if (d := rt.distance(sp, c)) is not None and d <= far]
    return reach


def trade_route_matching(rt: Clash, p: int, exclude: frozenset[str] | set[str] = frozenset()) -> dict[str, str]:
    """Trade routes (page 22): pairs of your settlers/ships with distinct non-angry foreign player cities
    within 2, at most 4, as {city: carrier}; cities in `exclude` left out. Of the largest sets of pairs,
    one using as few trade-optional cities as possible."""
    reach = route_reach(rt, p, exclude)
    carriers = list(reach)
    optional = {c for cs in reach.values() for c in cs if trade_optional(rt, c)}
    match: dict[str, str] = {}

    def augment(u: str, seen: set[str], allowed: Callable[[str], bool]) -> bool:
        for c in reach[u]:
            if c in seen or not allowed(c):
                continue
            seen.add(c)
            if c not in match or augment(match[c], seen, allowed):
                match[c] = u
                return True
        return False

    # the plain cities first: a city once matched stays matched, so the optional ones fill in only
    # where nothing else can
    for allowed in ((lambda c: c not in optional), (lambda c: True)):
        for u in carriers:
            if u not in match.values():
                augment(u, set(), allowed)
    most = trade_route_limit(rt, p)
    if len(match) > most:
        keep = sorted(match, key=lambda c: c in optional)[:most]
        match = {c: match[c] for c in keep}
    return match


def trade_route_count(rt: Clash, p: int, exclude: frozenset[str] | set[str] = frozenset()) -> int:
    """How many trade routes you have (at most trade_route_limit); see trade_route_matching."""
    return len(trade_route_matching(rt, p, exclude))


def trade_partner_count(rt: Clash, p: int) -> int:
    """How many different players your trade routes can reach at once: each route a distinct carrier, each
    partner counted once, at most the trade route limit (a matching of carriers to players)."""
    owners = {u: sorted({rt.state["cities"][c]["owner"] for c in cs}) for u, cs in route_reach(rt, p).items()}
    match: dict[int, str] = {}

    def augment(u: str, seen: set[int]) -> bool:
        for q in owners[u]:
            if q not in seen:
                seen.add(q)
                if q not in match or augment(match[q], seen):
                    match[q] = u
                    return True
        return False

    for u in owners:
        augment(u, set())
    return min(len(match), trade_route_limit(rt, p))
