"""What an ability may do across a whole battle rather than within one combat round.

A bonus paid for once "before the battle" must last every round (even when the leader who gave it
falls), an action card played for its combat effect may come back to its player afterwards, and a side
may roll some of its dice again. The battle at hand is the one being fought, else the last one ended (so that
battle_ended triggers can read it), as for measures.battle_space.

- do battle_mark()         the effect's card marks the battle at hand for you; battle_marked() then
                           holds for you until the battle is over (e.g. `modify combat_value when
                           battle_marked(): += 2`)
- do retake_combat_card()  take back into your hand one action card you played for its combat effect
                           in the battle at hand, if it still lies on the discard pile (your pick)
- combat_cards_played()    how many such cards there are
- leader_fought()          your leader figure lives and stands with your side of the battle at hand (in
                           its space: an army that left its leader behind fought without it): after the
                           battle, "the leader survived it"
- quantity combat_rerolls  after a side rolls, its N lowest dice are rolled again, one at a time (the
                           rules' reroll step; optional modifiers are offered with the dice shown)
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..actions.influence import roll
from ..civilizations.civilizations import leader_with_side
from ..registry import functions, procedures
from ..state.definition import HAND_KIND

if TYPE_CHECKING:
    from ....engine.abilities import Ctx
    from ..state.runtime import Clash
    from .combat import Battle


def battle_at_hand(rt: Clash) -> Battle | None:
    return getattr(rt, "battle", None) or getattr(rt, "last_battle", None)


def battle_mark(rt: Clash, p: int, ctx: Ctx | None = None) -> Generator:
    b = battle_at_hand(rt)
    if b is not None and p >= 0 and ctx is not None:
        b.marks.setdefault(p, []).append(ctx.source)
        rt.log(f"  {rt.source_name(ctx.source)} holds for {rt.name(p)} for the rest of this battle")
    yield from ()


def _battle_marked(rt: Clash, ctx: Ctx) -> bool:
    b = getattr(rt, "battle", None)  # only while the battle is fought
    return b is not None and ctx.source in b.marks.get(ctx.me, [])


def _played_cards(rt: Clash, p: int) -> list[str]:
    """p's combat cards of the battle at hand that still lie on the discard pile."""
    b = battle_at_hand(rt)
    if b is None or p < 0:
        return []
    pile = rt.state["discard"].get(HAND_KIND, [])
    return sorted({c for c in b.cards.get(p, []) if c in pile})


def retake_combat_card(rt: Clash, p: int, ctx: Ctx | None = None) -> Generator:
    cards = _played_cards(rt, p)
    if not cards:
        return
    card = yield from rt.ask(p, "card", "Take back which card?", cards, [rt.source_name(c) for c in cards])
    pile = rt.state["discard"][HAND_KIND]
    pile.reverse()
    pile.remove(card)  # the copy discarded last
    pile.reverse()
    rt.player(p)["hand"].setdefault(HAND_KIND, []).append(card)
    rt.log(f"  {rt.name(p)} takes {rt.source_name(card)} back into the hand")


def reroll(rt: Clash, b: Battle, who: int, side: str, rolls: list[int], ctx_vars: dict) -> Generator:
    """The reroll step after a side's roll: its mandatory combat_rerolls, then each optional one the
    player accepts with the dice in view (paid if it has a cost); then the N lowest dice are rolled again."""
    if who < 0 or not rolls:
        return rolls
    rolls = list(rolls)
    n = max(0, rt.quantity("combat_rerolls", who, 0, **ctx_vars))
    for m in rt.optional_modifiers("combat_rerolls", who, **ctx_vars):
        ctx = rt.ctx(who, m.source, **ctx_vars)
        extra = m.apply(ctx, n) - n
        if extra <= 0:
            continue
        shown = ", ".join(str(r) for r in sorted(rolls))
        use = yield from rt.confirm(ctx, f"{rt.source_name(m.source)}: you rolled {shown}; {m.label}")
        if use:
            yield from rt.use_optional(m, who, **ctx_vars)
            n += extra
    rolls.sort()
    for i in range(min(n, len(rolls))):  # the lowest dice, each once
        low, rolls[i] = rolls[i], roll(rt)
        rt.log(f"  {rt.says(who, 'roll')} a {low} again: {rolls[i]}")
    return rolls


def _leader_fought(rt: Clash, ctx: Ctx) -> bool:
    return leader_with_side(rt, battle_at_hand(rt), ctx.me)


FUNCTIONS = {
    "battle_marked": _battle_marked,
    "leader_fought": _leader_fought,
    "combat_cards_played": lambda rt, ctx: len(_played_cards(rt, ctx.me)),
}

PROCEDURES = {
    "battle_mark": battle_mark,
    "retake_combat_card": retake_combat_card,
}

functions(FUNCTIONS)
procedures(PROCEDURES)
