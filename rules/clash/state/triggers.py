"""One player's triggers on one hook, in the order he chooses when several would fire at once.

The triggers are looked at in content order, each when its turn comes (so one may set up the condition of
a later one, and one whose condition fails when reached is passed over). When the next trigger that would
fire is not alone (abilities of other entries of the same player would fire at this moment too), the player
chooses which goes first (decision `trigger_order`, one option per entry: its first ability ready); the
others wait and are looked at again, their conditions, limits and costs checked anew, after it has run.
One entry's own abilities run in the order printed on it, and a player with one entry to run is asked
nothing: the order is the content's, as it always was.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ....engine.abilities import Ctx, Trigger

if TYPE_CHECKING:
    from .runtime import Clash


def _ready(rt: Clash, owner: int, t: Trigger, srcs: frozenset[str], played: set[str],
           payload: dict[str, Any]) -> Ctx | None:
    """The context in which `t` would fire for `owner` now, or None (not in force, a copy of a card already
    played on this hook, its condition false, no use left, its cost unaffordable)."""
    if t.source not in srcs:
        return None
    if t.source in played and rt.in_hand(owner, t.source):
        return None
    ctx = Ctx(rt, owner, t.source, dict(payload), t)
    if t.when is not None and not t.when(ctx):
        return None
    if t.once_per_turn and rt._spent(owner, t):
        return None
    if t.cost and not rt.can_pay(ctx, [(c.what, c.amount(ctx)) for c in t.cost]):
        return None
    return ctx


def run_triggers(rt: Clash, owner: int, p: int, triggers: list[Trigger], payload: dict[str, Any]) -> Generator:
    """Fire `owner`'s triggers among `triggers` (all of them for the player the hook happened to, `p`; only
    `on any` ones for the others), the owner ordering those that would fire at once."""
    pending = [t for t in triggers if owner == p or t.any_player]
    played: set[str] = set()  # no two identical cards on the same trigger
    while pending:
        srcs = rt.active_set(owner)  # taken again after each trigger: it may have changed what is in force
        first = next(((i, ctx) for i, t in enumerate(pending)
                      if (ctx := _ready(rt, owner, t, srcs, played, payload)) is not None), None)
        if first is None:
            return
        i, ctx = first
        pending = pending[i:]  # those passed over were looked at when their turn came
        ready = [(0, ctx)]
        entries = {pending[0].source}  # one option per entry: its abilities go in their printed order
        for k in range(1, len(pending)):
            if pending[k].source not in entries and (c := _ready(rt, owner, pending[k], srcs, played, payload)) is not None:
                ready.append((k, c))
                entries.add(pending[k].source)
        k, ctx = ready[0]
        if len(ready) > 1:
            options = [pending[j].key for j, _ in ready]
            labels = [f"{rt.source_name(pending[j].source)}: {pending[j].label}" for j, _ in ready]
            pick = yield from rt.ask(owner, "trigger_order", "Several of your abilities fire now: which first?",
                                     options, labels)
            k, ctx = ready[options.index(pick)]
        t = pending.pop(k)
        yield from _fire(rt, owner, t, ctx, played, payload)


def _fire(rt: Clash, owner: int, t: Trigger, ctx: Ctx, played: set[str], payload: dict[str, Any]) -> Generator:
    """Run one trigger: asked first when optional or a card in the hand (played then), limited use spent,
    cost paid, then its effect; a `cancel` in it cancels what the hook announced."""
    card = rt.in_hand(owner, t.source)
    if t.optional or card:
        what = t.label or f"use {rt.source_name(t.source)}"
        ok = yield from rt.confirm(ctx, f"{rt.source_name(t.source)}: {what}")
        if not ok:
            return
    if card:
        played.add(t.source)
        yield from rt.play_card(owner, t.source)
    if t.once_per_turn:
        rt._spend(owner, t)
    mark = rt.gain_mark()
    cost = [(c.what, c.amount(ctx)) for c in t.cost]
    if cost:
        yield from rt.pay(ctx, cost)
    rt._trigger_chain.append(t.source)
    yield from t.body(ctx)
    rt._trigger_chain.pop()  # finished: no part of a loop found deeper down
    rt.note_bought_nothing(ctx, cost, mark)
    if ctx.cancelled:
        payload["cancelled"] = True
