"""Playing an action card's civil action without spending an action (the grant free_card_play).

- grant free_card_play      the civil action of an action card in your hand costs you no action. Given
                            `until end of turn` by an effect, it frees one card action only: the first
                            card action it frees uses it up (a standing grant frees them all).
- card_actions()            the civil actions of the action cards in your hand that you could take now,
                            not counting the action they cost, so an ability that frees one is offered
                            only when it would matter.

turn.action_menu and its runner ask frees_card_action / use_free_card_play; nothing here knows a card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....engine.abilities import Ctx
from ..registry import REFUSALS, functions

if TYPE_CHECKING:
    from ....engine.abilities import SpecialAction
    from ..state.runtime import Clash

GRANT = "free_card_play"


def special_usable(rt: Clash, p: int, a: SpecialAction) -> bool:
    """The special action's own limits allow it now: once per turn, its condition, its cost. The menu asks
    this of every special action at every decision: one context serves the condition, the cost and the
    refusal, and a cost-free action builds no cost list."""
    if a.once_per_turn and rt._spent(p, a):
        return False
    ctx = Ctx(rt, p, a.source, {})
    when = a.when
    if when is not None and not when(ctx):
        return False
    body = a.body
    pays = getattr(body, "pays", None)
    if a.cost or pays:
        cost = [(c.what, c.amount(ctx)) for c in a.cost]
        if pays:
            cost += [(w, f(ctx)) for w, f in pays]
        if not rt.can_pay(ctx, cost):
            return False
    return getattr(body, "leads", None) is None or refusal(rt, p, a, ctx) is None


def refusal(rt: Clash, p: int, a: SpecialAction, ctx: Ctx | None = None) -> str | None:
    """Why the special action could do nothing now: the procedure its body starts with (after payments)
    has nothing to act on, e.g. `do build_units(army, 1)` with every city full. None: it may be taken.
    `ctx`: the context p's special action is evaluated in, if the caller has one."""
    lead = getattr(a.body, "leads", None)
    why = REFUSALS.get(lead[0]) if lead else None
    if why is None:
        return None
    if ctx is None:
        ctx = Ctx(rt, p, a.source, {})
    return why(rt, p, *[f(ctx) for f in lead[1]])


def frees_card_action(rt: Clash, p: int, a: SpecialAction) -> bool:
    """An action card's action that would cost an action is free for p now (free_card_play)."""
    return not a.free and rt.in_hand(p, a.source) and rt.granted(GRANT, p)


def use_free_card_play(rt: Clash, p: int) -> None:
    """A temporary free_card_play is spent by the card action it freed."""
    temp = rt.player(p)["temp"]
    for i, t in enumerate(temp):
        if t[0] == GRANT:
            del temp[i]
            return


def _card_actions(rt: Clash, ctx: Ctx) -> int:
    p = ctx.me
    if p < 0:
        return 0
    return sum(1 for a in rt.special_actions(p) if not a.free and rt.in_hand(p, a.source) and special_usable(rt, p, a))


FUNCTIONS = {
    "card_actions": _card_actions,
}

functions(FUNCTIONS)
