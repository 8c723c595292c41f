"""How the greedy bot trades (negotiation.py): it values every tradable item along its own road to
victory, proposes the one-for-one exchange it gains most by (an offer may hold several items; the bot's
hold one each) while a neutral valuation (its guess of the
partner's) sees the partner no worse off, and accepts an offer only when it gains by its own valuation,
and not when the offer comes from the leader and helps the leader more than itself.

Each step of an offer (partner, item given, amount, item asked, amount) is scored by the best whole plan
that agrees with the steps already taken (the public `offer` on the table), so the bot needs no memory
between decisions and a restarted bot goes on with the same offer.
"""

from __future__ import annotations

from typing import Any

from ....engine.abilities import SpecialAction
from ..cards.culture import hand_size
from ..phases.negotiation import COUNTED, card_level, held
from ..state.victory import victory_score

# what one unit of an item is worth along each road (a card: a level-1 card; +50% a level above)
ROAD_VALUES = {
    "technology": {"trade": 1.0, "culture": 0.3, "resource": 1.2, "card": 0.8},
    "culture": {"trade": 0.6, "culture": 1.3, "resource": 1.0, "card": 1.4},
    "economic": {"trade": 0.8, "culture": 0.5, "resource": 1.4, "card": 1.0},
    "military": {"trade": 0.7, "culture": 0.5, "resource": 1.2, "card": 1.2},
}
NEUTRAL = {"trade": 0.8, "culture": 0.8, "resource": 1.2, "card": 1.0}
SWEETENER = 1.15     # the proposer gives this much more than it asks, by the neutral valuation
WORTH_IT = 0.5       # the least a bot must gain to propose (below: "no more offers")
ACCEPT_OVER = 0.2    # the least a bot must gain to accept
ASK_MOST = 4         # the bot asks at most this many of a counted item


def wanted(rt: Any, p: int) -> set[str]:
    """Resources p's abilities in force can spend (`any_resource`: all of them)."""
    out: set[str] = set()
    for source in dict.fromkeys(rt.sources(p)):
        ce = rt.d.compiled.get(source)
        for ab in ce.abilities if ce else ():
            if isinstance(ab, SpecialAction):
                out |= {c.what for c in ab.cost}
    return set(rt.d.resources) if "any_resource" in out else out


def value(rt: Any, p: int, table: dict, item: dict, card: str | None = None, receive: bool = True) -> float:
    """What an item is worth to p by a valuation table (receiving it, or giving it away)."""
    what = item["what"]
    if what == "nothing":
        return 0.0
    if what == "card":
        level = card_level(rt, card) if card else int(item.get("level") or 1)
        worth = table["card"] * (1 + 0.5 * (level - 1))
        if receive and len(rt.player(p)["hand"]) >= hand_size(rt, p):
            worth -= table["card"]          # a card must be discarded at once
        return worth
    n = int(item.get("n", 1))
    if what == "trade":
        useful = min(n, rt.trade_cap(p) - int(rt.player(p)["trade"])) if receive else n
        return table["trade"] * useful
    if what == "culture":
        return table["culture"] * n
    extra = 1.0 if table is not NEUTRAL and what in wanted(rt, p) else 0.0
    return (table["resource"] + extra) * n


def worth(rt: Any, p: int, table: dict, items: list[dict], cards: list[str], receive: bool = True) -> float:
    """What a side of an offer is worth to p (its cards named in the order of its card items, where known;
    a card asked by level is valued by its level)."""
    named = iter(cards)
    return sum(value(rt, p, table, i, next(named, None) if i["what"] == "card" else None, receive) for i in items)


def shown(rt: Any, q: int, what: str) -> int:
    """How many of an item q surely holds, as everyone sees (a hidden marker is not counted on)."""
    pl = rt.player(q)
    return int(pl[what]) if what in COUNTED else int(pl["resources"].get(what, 0))


def leader(rt: Any) -> int | None:
    """The one player strictly ahead by the victory score (techs, culture spaces, coins), if any."""
    score = [sum(victory_score(rt, q).values()) for q in range(rt.n)]
    best = max(score)
    return score.index(best) if score.count(best) == 1 else None


class Negotiator:
    """The greedy bot's scorers of the trade decisions (mixed into GreedyBot)."""

    road: str
    _memo: dict

    def _table(self) -> dict:
        return ROAD_VALUES.get(self.road, NEUTRAL)

    def _plans(self, rt, p) -> list[tuple[float, int, dict, str | None, dict]]:
        """(gain, partner, give, card given, ask) of every exchange p would propose now, best first."""
        if "plans" in self._memo:
            return self._memo["plans"]
        mine, first = self._table(), leader(rt)
        pl = rt.player(p)
        gives = [({"what": w}, None) for w in (*COUNTED, *rt.d.resources) if held(rt, p, w) > 0]
        gives += [({"what": "card"}, c) for c in dict.fromkeys(pl["hand"])]
        refused = {o["to"] for o in rt.state.get("offers") or [] if o["from"] == p and not o["accepted"]}
        plans = []
        for q in (q for q in rt.order() if q != p and q not in refused):   # no second offer after a refusal
            asks = [{"what": w} for w in (*COUNTED, *rt.d.resources) if shown(rt, q, w) > 0]
            asks += [{"what": "card", "level": 0}] if rt.player(q)["hand"] else []
            for give, card in gives:
                for want in asks:
                    if want["what"] == give["what"] and give["what"] != "card":
                        continue
                    plans.extend(self._sized(rt, p, q, give, card, want, mine, first))
        plans.sort(key=lambda t: -t[0])
        self._memo["plans"] = plans
        return plans

    def _sized(self, rt, p, q, give, card, want, mine, first):
        """The plans of one pair of item kinds, one per amount asked, the amount given set by the sweetener."""
        counted = want["what"] != "card"
        for b in range(1, min(ASK_MOST, shown(rt, q, want["what"])) + 1) if counted else [1]:
            ask = {**want, "n": b} if counted else want
            owed = value(rt, q, NEUTRAL, ask, receive=False) * SWEETENER
            if give["what"] == "card":
                got = dict(give)
                if value(rt, q, NEUTRAL, got, card) < owed:
                    continue
            else:
                unit = value(rt, q, NEUTRAL, {**give, "n": 1})
                a = max(1, -(-owed // unit)) if unit else 0
                if not a or a > held(rt, p, give["what"]):
                    continue
                got = {**give, "n": int(a)}
            gain = value(rt, p, mine, ask) - value(rt, p, mine, got, card, receive=False)
            theirs = value(rt, q, NEUTRAL, got, card) - value(rt, q, NEUTRAL, ask, receive=False)
            if gain > WORTH_IT and not (q == first and theirs > gain):
                yield (gain, q, got, card, ask)

    def _agree(self, rt, d, q=None, give=None, give_n=None, ask=None, ask_n=None) -> float:
        """The best plan's gain among those agreeing with the offer on the table and the step's option; 0
        when none does."""
        off = rt.state.get("offer") or {}
        q = off.get("to", q)
        if off.get("give"):
            first, offered = off["give"][0], rt.player(d.player).get("offered") or [None]
            give, give_n = (first["what"], offered[0] if first["what"] == "card" else None), first.get("n", give_n)
        if off.get("ask"):
            ask, ask_n = off["ask"][0]["what"], off["ask"][0].get("n", ask_n)
        best = 0.0
        for gain, pq, g, card, a in self._plans(rt, d.player):
            if (q is not None and pq != q) or (give is not None and (g["what"], card) != give) \
                    or (give_n is not None and g.get("n") != give_n) or (ask is not None and a["what"] != ask) \
                    or (ask_n is not None and a.get("n") != ask_n):
                continue
            best = max(best, gain)
        return best

    def _trade_offer(self, rt, d, o):
        if o == "none":
            return WORTH_IT
        return self._agree(rt, d, q=int(o.partition(":")[2]))

    def _trade_give(self, rt, d, o):
        if rt.state["offer"]["give"]:        # its plans are one item for one item: the side is whole
            return 1.0 if o == "done" else -2.0
        if o in ("cancel", "nothing"):
            return 0.01 if o == "cancel" else -1.0
        what, _, card = o.partition(":")
        return self._agree(rt, d, give=(what, card or None))

    def _trade_ask(self, rt, d, o):
        if rt.state["offer"]["ask"]:
            return 1.0 if o == "done" else -2.0
        if o in ("cancel", "nothing"):
            return 0.01 if o == "cancel" else -1.0
        what = o.partition(":")[0]
        if o.startswith("card:") and o != "card:any":
            return -0.5                      # a level the partner may not hold: ask for any
        return self._agree(rt, d, ask=what)

    def _trade_amount(self, rt, d, o):
        if rt.state["offer"].get("ask"):
            return self._agree(rt, d, ask_n=int(o))
        return self._agree(rt, d, give_n=int(o))

    def _trade_answer(self, rt, d, o):
        """The gain of accepting by the bot's own valuation (refusing: the least worth accepting)."""
        if o == "refuse":
            return ACCEPT_OVER
        off, q = rt.state["offer"], d.player
        p = off["from"]
        give, cards, want = off["give"], rt.player(p).get("offered") or [], off["ask"]
        gain = worth(rt, q, self._table(), give, cards) - worth(rt, q, self._table(), want, [], receive=False)
        theirs = worth(rt, p, NEUTRAL, want, []) - worth(rt, p, NEUTRAL, give, cards, receive=False)
        if p == leader(rt) and theirs > gain:
            return -1.0                      # it would help the leader more than this bot
        return gain

    def _trade_card(self, rt, d, o):
        """It gives the card of the lowest level asked of it."""
        return -card_level(rt, o)
