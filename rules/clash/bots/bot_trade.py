"""The greedy bot at the market (rulebook page 14: trades between players), read from its own plans.

- What a player lacks: what its wonder goal or the wonder it saves for still asks of it, and, when no
  advance is affordable, the printed advance cost beyond its holdings.
- An offer: something p lacks, asked of a player who holds it without lacking it and is not the leader,
  for something p holds beyond what it lacks and beyond one kept back. Whoever lacks pays a premium: two
  for one when the partner does not lack what it is given.
- An offer is made only if p would not then lack what it gives: plans change as holdings do (an advance
  becomes affordable, a wonder comes in reach), and without this check two players trade the same
  resource back and forth within one turn.
- An answer: accept when what comes in is worth more than what goes out (a thing lacked counts three
  times) and the offerer is not the leader.
- The leader (the one player with the most VP; nobody while the most are shared) is never helped: no
  one offers to it or accepts its offers, so it makes none.

Resources only: tokens are kept, and cards are never offered (their worth is hidden from the partner).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..actions.advances import can_buy_any
from ..phases.scoring import final_scores
from ..state.limits import trade_offer_amount
from ..state.setup import RESOURCES
from .bot_plans import goal_need, saving_need

if TYPE_CHECKING:
    from ..state.runtime import Clash

KINDS = RESOURCES  # tokens come from advances and buy mood and influence: never put on the market
LACKED = 3.0  # what a thing p lacks is worth against one it does not
KEEP = 1  # of anything not lacked, one is kept back


@dataclass(frozen=True)
class Offer:
    partner: int
    give: str
    give_n: int
    take: str
    take_n: int


def lacks(rt: Clash, p: int, memo: dict | None = None, affordable: bool | None = None) -> dict[str, int]:
    """How much of each kind p lacks for what it works towards (nothing listed: lacks none). `memo`: the
    bot's memo of p's decision (the wonder goal and the wonder in reach, worked out once); `affordable`:
    whether an advance is affordable, when the caller knows."""
    memo = {} if memo is None else memo
    out = {k: goal_need(rt, p, k, memo) + saving_need(rt, p, k, memo) for k in KINDS}
    if not (can_buy_any(rt, p) if affordable is None else affordable):
        res = rt.player(p)["res"]
        for k, n in rt.params["advance_cost"].items():
            out[k] = max(out.get(k, 0), int(n) - res.get(k, 0))
    return {k: n for k, n in out.items() if n > 0}


def worth(rt: Clash, p: int, kind: str, n: int, lacked: dict[str, int] | None = None) -> float:
    """What n of a kind are worth to p: those it lacks count LACKED times, the rest once."""
    lacked = lacks(rt, p) if lacked is None else lacked
    short = min(n, lacked.get(kind, 0))
    return LACKED * short + (n - short)


def leader(vp: list[float]) -> int | None:
    """The one player with the most VP, or None while the most are shared."""
    best = max(vp)
    top = [p for p, v in enumerate(vp) if v == best]
    return top[0] if len(top) == 1 else None


def accepts(rt: Clash, q: int, offer: dict, vp: list[float] | None = None) -> bool:
    """Would q accept the offer on the table (`from` gives `give` and takes `take`)? `vp`: the scores now,
    when the caller has them."""
    (give, give_n), (take, take_n) = offer["give"], offer["take"]
    vp = final_scores(rt)["vp"] if vp is None else vp
    if offer["from"] == leader(vp):
        return False  # the leader is not helped
    return _gains(rt, q, lacks(rt, q), give, give_n, take, take_n)


def _gains(rt: Clash, q: int, lacked: dict[str, int], get: str, get_n: int, pay: str, pay_n: int) -> bool:
    """Is getting get_n of `get` for pay_n of `pay` worth it to q, who lacks `lacked`?"""
    return worth(rt, q, get, get_n, lacked) > worth(rt, q, pay, pay_n, lacked)


def plan(rt: Clash, p: int, memo: dict | None = None, affordable: bool | None = None) -> Offer | None:
    """The offer p makes now, or None: the first partner (in turn order) and kinds that fit the rules
    above; the same position always gives the same offer, so each step of the trade finds it again.
    `memo`, `affordable`: as for lacks."""
    res = rt.player(p)["res"]
    if all(res[k] <= KEEP for k in KINDS):
        return None  # nothing to spare, whatever is lacked
    wanted = lacks(rt, p, memo, affordable)
    if not wanted:
        return None
    spare = {k: res[k] - KEEP for k in KINDS if k not in wanted and res[k] - KEEP > 0}
    if not spare:
        return None
    vp = final_scores(rt)["vp"]
    first = leader(vp)
    if first == p:
        return None  # nobody accepts the leader's offers
    for q in rt.turn_order():
        if q in (p, first):
            continue
        held = rt.player(q)["res"]
        takes = [t for t in sorted(wanted) if held[t] > 0]
        if not takes:
            continue  # q has none of what p lacks: what q lacks is not asked
        theirs = lacks(rt, q)
        for take in takes:
            if take in theirs:
                continue
            for give in sorted(spare, key=lambda k: (-(k in theirs), -spare[k], k)):
                give_n = 1 if give in theirs else 2
                if give_n <= min(spare[give], trade_offer_amount(rt, p)) and _gains(rt, q, theirs, give, give_n, take, 1) \
                        and give not in _lacks_after(rt, p, give, give_n, take):
                    return Offer(q, give, give_n, take, 1)  # one q accepts (see accepts)
    return None


def _lacks_after(rt: Clash, p: int, give: str, give_n: int, take: str) -> dict[str, int]:
    """What p would lack once it had given give_n of `give` for one `take` (its plans worked out anew)."""
    res = rt.player(p)["res"]
    with rt.supposing():
        res[give] -= give_n
        res[take] += 1
        try:
            return lacks(rt, p)
        finally:
            res[give] += give_n
            res[take] -= 1
