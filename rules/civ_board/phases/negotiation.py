"""Negotiating and trading between players, the end of the trade phase (seed 002, "Negotiating and
trading"): once trade is collected, players may exchange points of trade, unspent culture tokens,
resource tokens (from the market or hut/village markers) and culture event cards; promises are not
binding, so they are not kept by the rules ("nothing" stands for a promise at most).

The table talk is made a bounded sequence of decisions. The rulebook lets players trade "simultaneously
if desired"; here they take turns, which is the same game and is deterministic: in rounds, in player
order from the first player (who changes every turn), each player may make one offer a round, at most
`trade_offers` (game.yaml) a trade phase; a player who says "no more offers" is done for the phase. An
offer is built in steps (partner; each item given and how many, until `done`; each item asked and how
many, until `done`: the rulebook lets a trade include "any or all" of the items), then the partner accepts
or refuses. An accepted trade moves every item at once; a player holding more culture cards than their
hand size afterwards discards down at once.

Hidden information: the cards a player offers are named to its partner only (the partner's prompt) and kept
in `players.<p>.offered` (a list), seen by its owner only (game.yaml `hidden:`); everyone else, and the log,
read "a culture event card". A card cannot be asked for by name, since the asker cannot see the other hand:
the asker names a level, or any level, and the partner, having accepted, picks which card to give for each
(`trade_card`). The offer on the table (`offer`: who, to whom, the items of each side without card ids,
`ready` once it is whole) is public.

Where trading happens: the rulebook puts it in the trade phase ("then all players may negotiate and/or
trade"; the turn summary lists deals under "2. Trade"), and no base card allows a trade elsewhere, so
trading stays in the trade phase (docs/civ_board.md).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ....engine.decision import ask
from ..cards.culture import discard_down
from ..cards.payment import holdings, marker_resource
from ..state.victory import over

if TYPE_CHECKING:
    from ..state.runtime import Civ

COUNTED = ("trade", "culture")   # besides resources: items given by number


def limit(rt: Civ, p: int) -> int:
    """Offers p may make in a trade phase: params trade_offers (a scenario's position sets its own, default
    none), then the quantity trade_offers."""
    return rt.quantity("trade_offers", p, int(rt.state.get("trade_offers", rt.params["trade_offers"])))


def held(rt: Civ, p: int, what: str) -> int:
    """How many of a counted item p holds (resources: tokens and markers showing it)."""
    if what in COUNTED:
        return int(rt.player(p)[what])
    return holdings(rt, p).get(what, 0)


def marker_kinds(rt: Civ) -> list[str]:
    """The resources a hut or village marker can show."""
    found = {marker_resource(rt, e.id) for k in ("civ_hut", "civ_village") for e in rt.d.content.of_kind(k)}
    return [r for r in rt.d.resources if r in found]


def seen_most(rt: Civ, p: int, what: str) -> int:
    """The most of an item others can see p might hold: dials and tokens are public, markers only counted."""
    pl = rt.player(p)
    if what in COUNTED:
        return int(pl[what])
    markers = len(pl["huts"]) if what in marker_kinds(rt) else 0
    return int(pl["resources"].get(what, 0)) + markers


def card_level(rt: Civ, card: str) -> int:
    return int(rt.d.content.entries[card].data["level"])


def words(rt: Civ, item: dict | None, card: str | None = None) -> str:
    """An item in words; a card given is named only when `card` (known to the reader) is passed."""
    if not item:
        return "?"
    what, n = item["what"], int(item.get("n", 1))
    if what == "nothing":
        return "nothing"
    if what == "card":
        if card:
            return f"{rt.entry_name(card)} (a level {card_level(rt, card)} culture event card)"
        level = int(item.get("level", 0) or 0)
        if "level" not in item:
            return "a culture event card"
        return f"a level {level} culture event card of their choice" if level else "a culture event card of their choice"
    unit = {"trade": "trade", "culture": "culture token" + ("s" if n != 1 else "")}.get(what, what)
    return f"{n} {unit}"


def join(parts: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1] if parts else "?"


def items_words(rt: Civ, items: list[dict], cards: list[str] | None = None) -> str:
    """A side of an offer in words; its cards are named only when `cards` (known to the reader, in the order
    of the card items) is passed."""
    named = iter(cards or [])
    return join([words(rt, i, next(named, None) if i["what"] == "card" and cards else None) for i in items])


def unnamed(items: list[dict]) -> list[dict]:
    """The items as a third player reads them once the trade is done: a card is just a card."""
    return [{"what": "card"} if i["what"] == "card" else i for i in items]


def public_offer(rt: Civ, view: dict | None = None) -> str:
    """The offer on the table as everyone may read it, from the state or a player's view ('' when there is
    none, or while it is still being built)."""
    off = (view if view is not None else rt.state).get("offer")
    if not off or not off.get("ready"):
        return ""
    return f"{rt.name(off['from'])} offers {rt.name(off['to'])} {items_words(rt, off['give'])} for " \
           f"{items_words(rt, off['ask'])}"


def negotiate(rt: Civ, resumed: bool = False) -> Generator:
    """Rounds of offers in player order until everyone is done or has made `limit` offers. The progress
    (`negotiation`: round, players done, whose turn) is state, so a flow restarted at a player's turn to
    offer (a checkpoint, a fork) goes on from there."""
    st = rt.state
    if not resumed:
        st["offers"] = []
        st["negotiation"] = {"round": 0, "done": [], "next": 0}
    prog, order = st["negotiation"], rt.order()
    while prog["round"] < max((limit(rt, p) for p in order), default=0):
        while prog["next"] < len(order):
            p = order[prog["next"]]
            if not over(rt) and p not in prog["done"] and prog["round"] < limit(rt, p) \
                    and not (yield from make_offer(rt, p, limit(rt, p) - prog["round"])):
                prog["done"].append(p)
            prog["next"] += 1
        prog["next"] = 0
        prog["round"] += 1
    st.pop("offers", None)
    st.pop("negotiation", None)


def make_offer(rt: Civ, p: int, left: int) -> Generator:
    """p's turn to offer: False when p makes no more offers this phase."""
    partners = [q for q in rt.order() if q != p]
    civ = {q: rt.entry_name(rt.player(q)["civ"]) for q in partners}
    choice = yield from ask(p, "trade_offer", f"{rt.name(p)}: make a trade offer? ({left} left this turn)",
                            ["none", *(f"to:{q}" for q in partners)],
                            ["no more offers this turn", *(f"offer a trade to {rt.name(q)} ({civ[q]})" for q in partners)],
                            {f"to:{p}": "a player does not trade with themself"})
    if choice == "none":
        return False
    q = int(choice.partition(":")[2])
    rt.state["offer"] = {"from": p, "to": q, "give": [], "ask": []}
    if (yield from _give(rt, p, q)) and (yield from _ask(rt, p, q)):
        rt.state["offer"]["ready"] = True
        yield from answer(rt, p, q)
    else:
        rt.log(f"{rt.name(p)} withdraws an offer to {rt.name(q)}")
    rt.state.pop("offer", None)
    rt.player(p).pop("offered", None)
    return True


def _amount(rt: Civ, p: int, kind: str, what: str, most: int, prompt: str, whose: str) -> Generator:
    """How many (1..most, at most `trade_max` an offer: the menu stays bounded); a larger number is refused
    with what is held."""
    unit = words(rt, {"what": what, "n": 2}).partition(" ")[2]
    top = rt.trade_cap(p)
    most = min(most, top)
    refused = {str(n): f"{whose} {most} {unit}" for n in range(most + 1, top + 1)}
    n = yield from ask(p, kind, prompt, [str(n) for n in range(1, most + 1)],
                       [words(rt, {"what": what, "n": n}) for n in range(1, most + 1)], refused)
    return int(n)


def _give(rt: Civ, p: int, q: int) -> Generator:
    """What p gives, item after item until `done` (False: withdrawn). `nothing` (a promise at most) is a
    whole side; each kind is given once (with its amount), each card of the hand once."""
    pl, off = rt.player(p), rt.state["offer"]
    given = off["give"]
    while True:
        offered = pl.get("offered", [])
        taken = {i["what"] for i in given}
        kinds = [w for w in (*COUNTED, *rt.d.resources) if w not in taken and held(rt, p, w) > 0]
        cards = [c for c in dict.fromkeys(pl["hand"]) if pl["hand"].count(c) > offered.count(c)]
        so_far = items_words(rt, given, offered)
        options = ["cancel", *(["done"] if given else []), *kinds, *(f"card:{c}" for c in cards),
                   *([] if given else ["nothing"])]
        labels = ["withdraw the offer", *([f"that is all: you give {so_far}"] if given else []),
                  *(f"{w} (you hold {held(rt, p, w)})" for w in kinds), *(words(rt, {"what": "card"}, c) for c in cards),
                  *([] if given else ["nothing (a promise at most)"])]
        prompt = f"{rt.name(p)}: you give {so_far}; what more do you give {rt.name(q)}?" if given else \
            f"{rt.name(p)}: what do you give {rt.name(q)}?"
        choice = yield from ask(p, "trade_give", prompt, options, labels)
        if choice in ("cancel", "done"):
            return choice == "done"
        what, _, card = choice.partition(":")
        item = {"what": what}
        given.append(item)
        if what == "nothing":
            return True
        if what == "card":
            pl["offered"] = [*offered, card]
        else:
            item["n"] = yield from _amount(rt, p, "trade_amount", what, held(rt, p, what),
                                           f"{rt.name(p)}: how much {what} do you give {rt.name(q)}?", "you hold only")


def _ask(rt: Civ, p: int, q: int) -> Generator:
    """What p asks of q in return, item after item until `done` (False: withdrawn). Only what q may hold, as
    far as p can see, and no kind p gives; no more cards than q holds."""
    off, other = rt.state["offer"], rt.player(q)
    asked, gives = off["ask"], off["give"]
    mine = items_words(rt, gives, rt.player(p).get("offered"))
    while True:
        gone = {i["what"] for i in (*gives, *asked) if i["what"] != "card"}
        kinds = [w for w in (*COUNTED, *rt.d.resources) if w not in gone and seen_most(rt, q, w) > 0]
        cards_asked = sum(1 for i in asked if i["what"] == "card")
        levels = sorted(rt.state["culture_decks"], key=int) if len(other["hand"]) > cards_asked else []
        nothing = not asked and gives[0]["what"] != "nothing"
        options = ["cancel", *(["done"] if asked else []), *kinds, *(f"card:{lv}" for lv in levels),
                   *(["card:any"] if levels else []), *(["nothing"] if nothing else [])]
        labels = ["withdraw the offer", *([f"that is all: you ask {items_words(rt, asked)}"] if asked else []),
                  *(f"{w} ({rt.name(q)} may hold up to {seen_most(rt, q, w)})" for w in kinds),
                  *(words(rt, {"what": "card", "level": int(lv)}) for lv in levels),
                  *([words(rt, {"what": "card", "level": 0})] if levels else []),
                  *(["nothing (a gift, or for a promise)"] if nothing else [])]
        so_far = f"; you ask {items_words(rt, asked)}" if asked else ""
        choice = yield from ask(p, "trade_ask", f"{rt.name(p)}: you give {mine}{so_far}; what "
                                f"{'more ' if asked else ''}do you ask of {rt.name(q)}?", options, labels)
        if choice in ("cancel", "done"):
            return choice == "done"
        what, _, level = choice.partition(":")
        item = {"what": what}
        asked.append(item)
        if what == "nothing":
            return True
        if what == "card":
            item["level"] = 0 if level == "any" else int(level)
        else:
            item["n"] = yield from _amount(rt, p, "trade_amount", what, seen_most(rt, q, what),
                                           f"{rt.name(p)}: how much {what} do you ask of {rt.name(q)}?",
                                           f"{rt.name(q)} may hold at most")


def matching(rt: Civ, q: int, item: dict, taken: list[str] | None = None) -> list[str]:
    """The cards of q's hand that answer an ask for a card (of a level, or any), besides those `taken`."""
    level = int(item.get("level", 0) or 0)
    hand = list(rt.player(q)["hand"])
    for c in taken or []:
        hand.remove(c)
    return [c for c in dict.fromkeys(hand) if not level or card_level(rt, c) == level]


def shortfall(rt: Civ, p: int, items: list[dict], cards: list[str] | None) -> str:
    """Why p cannot hand the items over now ('' when p can). `cards` names the cards of the card items;
    None: p may still choose them (asked by level), so enough cards of each level asked must be held."""
    for item in items:
        if item["what"] not in ("nothing", "card") and held(rt, p, item["what"]) < int(item["n"]):
            return f"{rt.name(p)} holds only {held(rt, p, item['what'])} {item['what']}"
    asks = [i for i in items if i["what"] == "card"]
    hand = list(rt.player(p)["hand"])
    if cards is not None:
        for c in cards:
            if c not in hand:
                return f"{rt.name(p)} no longer holds the culture event card"
            hand.remove(c)
        return ""
    if len(hand) < len(asks):
        return f"{rt.name(p)} holds only {len(hand)} culture event card{'s' * (len(hand) != 1)}"
    for level in sorted({int(i.get("level") or 0) for i in asks} - {0}):
        need, have = sum(1 for i in asks if int(i.get("level") or 0) == level), \
            sum(1 for c in hand if card_level(rt, c) == level)
        if have < need:
            return f"{rt.name(p)} holds only {have} level {level} culture event card{'s' * (have != 1)}"
    return ""


def answer(rt: Civ, p: int, q: int) -> Generator:
    """q accepts (then chooses the cards asked of it) or refuses p's offer."""
    off = rt.state["offer"]
    give, want, cards = off["give"], off["ask"], rt.player(p).get("offered") or []
    rt.log(public_offer(rt))
    offered = items_words(rt, give, cards)
    options, labels, refused = ["refuse"], ["refuse the offer"], {}
    short = shortfall(rt, q, want, None)
    if short:
        refused["accept"] = short
    else:
        options.append("accept")
        labels.append(f"accept: give {items_words(rt, want)}, get {offered}".replace("of their choice", "of your choice"))
    asked = items_words(rt, want).replace("of their choice", "of your choice")
    choice = yield from ask(q, "trade_answer", f"{rt.name(q)}: {rt.name(p)} offers you {offered} for {asked}. Accept?",
                            options, labels, refused)
    accepted = choice != "refuse"
    rt.state["offers"].append({**{k: off[k] for k in ("from", "to", "give", "ask")}, "accepted": accepted})
    counts = rt.state.setdefault("trade_counts", {"offers": 0, "trades": 0})   # for simulate's measures
    counts["offers"] += 1
    if not accepted:
        rt.log(f"{rt.name(q)} refuses the offer")
        return
    chosen = yield from choose_cards(rt, q, want)
    if (yield from exchange(rt, p, q, give, cards, want, chosen)):
        counts["trades"] += 1


def choose_cards(rt: Civ, q: int, want: list[dict]) -> Generator:
    """The cards q gives for the card items asked, in their order: each chosen by q (`trade_card`), the
    asks of a level first, so that an ask of any level takes what is left."""
    asks = [i for i in want if i["what"] == "card"]
    chosen: dict[int, str] = {}
    for k in sorted(range(len(asks)), key=lambda k: not asks[k].get("level")):
        cards = matching(rt, q, asks[k], list(chosen.values()))
        ask_text = words(rt, asks[k]).replace("of their choice", "of your choice")
        chosen[k] = yield from ask(q, "trade_card", f"{rt.name(q)}: which card do you give for {ask_text}?", cards,
                                   [rt.entry_name(c) for c in cards])
    return [chosen[k] for k in range(len(asks))]


def exchange(rt: Civ, p: int, q: int, give: list[dict], cards_p: list[str], want: list[dict],
             cards_q: list[str]) -> Generator:
    """Every item changes hands at once, or none does (an offer gone stale is void and changes nothing);
    then whoever holds more culture cards than the hand size discards down. True when it took place."""
    stale = shortfall(rt, p, give, cards_p) or shortfall(rt, q, want, cards_q)
    if stale:
        rt.log(f"The trade is void: {stale}; nothing changes")
        return False
    _move(rt, p, q, give, cards_p)
    _move(rt, q, p, want, cards_q)
    rt.log(f"{rt.name(q)} accepts: {rt.name(p)} gives {items_words(rt, unnamed(give))}, {rt.name(q)} gives "
           f"{items_words(rt, unnamed(want))}")
    for r in (p, q):
        yield from discard_down(rt, r)
    return True


def _move(rt: Civ, a: int, b: int, items: list[dict], cards: list[str]) -> None:
    src, dst = rt.player(a), rt.player(b)
    named = iter(cards)
    for item in items:
        what = item["what"]
        if what == "nothing":
            continue
        if what == "card":
            card = next(named)
            src["hand"].remove(card)
            dst["hand"].append(card)
            continue
        n = int(item["n"])
        if what == "trade":
            src["trade"] -= n
            room = rt.trade_cap(b) - dst["trade"]
            dst["trade"] += min(n, room)
            if n > room:
                rt.log(f"{rt.name(b)}'s trade dial stops at {rt.trade_cap(b)}: {n - room} trade is lost")
        elif what == "culture":
            src["culture"] -= n
            dst["culture"] += n
        else:
            for _ in range(n):   # a token first (it stays a token), else a marker showing the resource
                if src["resources"].get(what, 0) > 0:
                    src["resources"][what] -= 1
                    dst["resources"][what] = dst["resources"].get(what, 0) + 1
                else:
                    marker = next(m for m in src["huts"] if marker_resource(rt, m) == what)
                    src["huts"].remove(marker)
                    dst["huts"].append(marker)
