"""Negotiating and trading between players, the end of the trade phase (seed 002, "Negotiating and
trading"): once trade is collected, players may exchange points of trade, unspent culture tokens,
resource tokens (from the market or hut/village markers) and culture event cards; promises are not
binding, so they are not kept by the rules ("nothing" stands for a promise at most).

The table talk is made a bounded sequence of decisions. The rulebook lets players trade "simultaneously
if desired"; here they take turns, which is the same game and is deterministic: in rounds, in player
order from the first player (who changes every turn), each player may make one offer a round, at most
`trade_offers` (game.yaml) a trade phase; a player who says "no more offers" is done for the phase. An
offer is built in steps (partner, what is given, how many, what is asked, how many: one item for one
item), then the partner accepts or refuses. An accepted trade moves both items at once; a player holding
more culture cards than their hand size afterwards discards down at once.

Hidden information: the card a player offers is named to its partner only (the partner's prompt) and kept
in `players.<p>.offered`, seen by its owner only (game.yaml `hidden:`); everyone else, and the log, read
"a culture event card". A card cannot be asked for by name, since the asker cannot see the other hand:
the asker names a level, or any level, and the partner picks which card of that level to give on
accepting. The offer on the table (`offer`: who, to whom, the two items without card ids) is public.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ....engine.decision import ask
from ..cards.culture import hand_size
from ..cards.payment import holdings, marker_resource
from ..cards.reactions import discard_card
from ..state.victory import over

if TYPE_CHECKING:
    from ..state.runtime import Civ

COUNTED = ("trade", "culture")   # besides resources: items given by number


def limit(rt: Civ) -> int:
    """Offers each player may make in a trade phase (a scenario's position sets its own, default none)."""
    return int(rt.state.get("trade_offers", rt.params.get("trade_offers", 0)))


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


def public_offer(rt: Civ, view: dict | None = None) -> str:
    """The offer on the table as everyone may read it, from the state or a player's view ('' when there is
    none, or while it is still being built)."""
    off = (view if view is not None else rt.state).get("offer")
    if not off or not off.get("ask"):
        return ""
    return f"{rt.name(off['from'])} offers {rt.name(off['to'])} {words(rt, off['give'])} for {words(rt, off['ask'])}"


def negotiate(rt: Civ, resumed: bool = False) -> Generator:
    """Rounds of offers in player order until everyone is done or has made `limit` offers. The progress
    (`negotiation`: round, players done, whose turn) is state, so a flow restarted at a player's turn to
    offer (a checkpoint, a fork) goes on from there."""
    st = rt.state
    if not resumed:
        st["offers"] = []
        st["negotiation"] = {"round": 0, "done": [], "next": 0}
    prog, order = st["negotiation"], rt.order()
    while prog["round"] < limit(rt):
        while prog["next"] < len(order):
            p = order[prog["next"]]
            if not over(rt) and p not in prog["done"] and not (yield from make_offer(rt, p, limit(rt) - prog["round"])):
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
    rt.state["offer"] = {"from": p, "to": q, "give": None, "ask": None}
    if (yield from _give(rt, p, q)) and (yield from _ask(rt, p, q)):
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
    top = int(rt.params["trade_max"])
    most = min(most, top)
    refused = {str(n): f"{whose} {most} {unit}" for n in range(most + 1, top + 1)}
    n = yield from ask(p, kind, prompt, [str(n) for n in range(1, most + 1)],
                       [words(rt, {"what": what, "n": n}) for n in range(1, most + 1)], refused)
    return int(n)


def _give(rt: Civ, p: int, q: int) -> Generator:
    """What p gives (False: withdrawn)."""
    pl, off = rt.player(p), rt.state["offer"]
    kinds = [w for w in (*COUNTED, *rt.d.resources) if held(rt, p, w) > 0]
    cards = list(dict.fromkeys(pl["hand"]))
    options = ["cancel", *kinds, *(f"card:{c}" for c in cards), "nothing"]
    labels = ["withdraw the offer", *(f"{w} (you hold {held(rt, p, w)})" for w in kinds),
              *(words(rt, {"what": "card"}, c) for c in cards), "nothing (a promise at most)"]
    choice = yield from ask(p, "trade_give", f"{rt.name(p)}: what do you give {rt.name(q)}?", options, labels)
    if choice == "cancel":
        return False
    what, _, card = choice.partition(":")
    off["give"] = {"what": what}
    if what == "card":
        pl["offered"] = card
    elif what != "nothing":
        off["give"]["n"] = yield from _amount(rt, p, "trade_amount", what, held(rt, p, what),
                                              f"{rt.name(p)}: how much {what} do you give {rt.name(q)}?", "you hold only")
    return True


def _ask(rt: Civ, p: int, q: int) -> Generator:
    """What p asks of q in return (False: withdrawn). Only what q may hold, as far as p can see."""
    off, other = rt.state["offer"], rt.player(q)
    given = off["give"]["what"]
    kinds = [w for w in (*COUNTED, *rt.d.resources) if w != given and seen_most(rt, q, w) > 0]
    levels = sorted(rt.state["culture_decks"], key=int) if other["hand"] else []
    options = ["cancel", *kinds, *(f"card:{lv}" for lv in levels), *(["card:any"] if levels else []),
               *(["nothing"] if given != "nothing" else [])]
    labels = ["withdraw the offer", *(f"{w} ({rt.name(q)} may hold up to {seen_most(rt, q, w)})" for w in kinds),
              *(words(rt, {"what": "card", "level": int(lv)}) for lv in levels),
              *([words(rt, {"what": "card", "level": 0})] if levels else []),
              *(["nothing (a gift, or for a promise)"] if given != "nothing" else [])]
    choice = yield from ask(p, "trade_ask", f"{rt.name(p)}: you give {words(rt, off['give'], rt.player(p).get('offered'))}; "
                            f"what do you ask of {rt.name(q)}?", options, labels)
    if choice == "cancel":
        return False
    what, _, level = choice.partition(":")
    off["ask"] = {"what": what}
    if what == "card":
        off["ask"]["level"] = 0 if level == "any" else int(level)
    elif what != "nothing":
        off["ask"]["n"] = yield from _amount(rt, p, "trade_amount", what, seen_most(rt, q, what),
                                             f"{rt.name(p)}: how much {what} do you ask of {rt.name(q)}?",
                                             f"{rt.name(q)} may hold at most")
    return True


def matching(rt: Civ, q: int, item: dict) -> list[str]:
    """The cards of q's hand that answer an ask for a card (of a level, or any)."""
    level = int(item.get("level", 0) or 0)
    return [c for c in dict.fromkeys(rt.player(q)["hand"]) if not level or card_level(rt, c) == level]


def shortfall(rt: Civ, p: int, item: dict, card: str | None) -> str:
    """Why p cannot hand the item over now ('' when p can)."""
    what = item["what"]
    if what == "nothing":
        return ""
    if what == "card":
        if card is None or card not in rt.player(p)["hand"]:
            return f"{rt.name(p)} no longer holds the culture event card"
        return ""
    have = held(rt, p, what)
    return "" if have >= int(item["n"]) else f"{rt.name(p)} holds only {have} {what}"


def answer(rt: Civ, p: int, q: int) -> Generator:
    """q accepts (choosing the card when a card is asked) or refuses p's offer."""
    off = rt.state["offer"]
    give, want, card = off["give"], off["ask"], rt.player(p).get("offered")
    rt.log(public_offer(rt))
    offered = words(rt, give, card)
    options, labels, refused = ["refuse"], ["refuse the offer"], {}
    if want["what"] == "card":
        cards = matching(rt, q, want)
        options += [f"accept:{c}" for c in cards]
        labels += [f"accept: give {rt.entry_name(c)}, get {offered}" for c in cards]
        if not cards:
            refused["accept"] = f"you hold no {words(rt, want).removesuffix(' of their choice')}"
    else:
        short = shortfall(rt, q, want, None)
        if short:
            refused["accept"] = short
        else:
            options.append("accept")
            labels.append(f"accept: give {words(rt, want)}, get {offered}")
    asked = words(rt, want).replace("of their choice", "of your choice")
    choice = yield from ask(q, "trade_answer", f"{rt.name(q)}: {rt.name(p)} offers you {offered} for {asked}. Accept?",
                            options, labels, refused)
    accepted = choice != "refuse"
    rt.state["offers"].append({**{k: off[k] for k in ("from", "to", "give", "ask")}, "accepted": accepted})
    counts = rt.state.setdefault("trade_counts", {"offers": 0, "trades": 0})   # for simulate's measures
    counts["offers"] += 1
    if not accepted:
        rt.log(f"{rt.name(q)} refuses the offer")
        return
    if (yield from exchange(rt, p, q, give, card, want, choice.partition(":")[2] or None)):
        counts["trades"] += 1


def exchange(rt: Civ, p: int, q: int, give: dict, card_p: str | None, want: dict, card_q: str | None) -> Generator:
    """Both items change hands at once, or neither does (an offer gone stale is void and changes nothing);
    then whoever holds more culture cards than the hand size discards down. True when it took place."""
    stale = shortfall(rt, p, give, card_p) or shortfall(rt, q, want, card_q)
    if stale:
        rt.log(f"The trade is void: {stale}; nothing changes")
        return False
    _move(rt, p, q, give, card_p)
    _move(rt, q, p, want, card_q)
    took = {"what": "card"} if want["what"] == "card" else want   # the card given is not named
    rt.log(f"{rt.name(q)} accepts: {rt.name(p)} gives {words(rt, give)}, {rt.name(q)} gives {words(rt, took)}")
    for r in (p, q):
        yield from discard_down(rt, r)
    return True


def _move(rt: Civ, a: int, b: int, item: dict, card: str | None) -> None:
    what, src, dst = item["what"], rt.player(a), rt.player(b)
    if what == "nothing":
        return
    if what == "card":
        src["hand"].remove(card)
        dst["hand"].append(card)
        return
    n = int(item["n"])
    if what == "trade":
        src["trade"] -= n
        room = int(rt.params["trade_max"]) - dst["trade"]
        dst["trade"] += min(n, room)
        if n > room:
            rt.log(f"{rt.name(b)}'s trade dial stops at {rt.params['trade_max']}: {n - room} trade is lost")
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


def discard_down(rt: Civ, p: int) -> Generator:
    hand = rt.player(p)["hand"]
    while len(hand) > hand_size(rt, p):
        card = yield from rt.ask(p, "culture_discard", f"{rt.name(p)}: discard down to {hand_size(rt, p)} cards",
                                 list(dict.fromkeys(hand)), [rt.entry_name(c) for c in dict.fromkeys(hand)])
        discard_card(rt, p, card)
        rt.log(f"{rt.name(p)} discards a culture event card (hand size {hand_size(rt, p)})")
