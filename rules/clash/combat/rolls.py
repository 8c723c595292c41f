"""One exchange of dice in a combat round (rulebook page 12, step 3): dice, combat values, hits, cancels.

Both kinds of battle run it (a battle between two sides that move, combat.py; a barbarian attack on a city,
barbarians.py), so what content changes in a round changes it in both. What content changes comes through
quantities, each computed for one side in its combat context (context: combat_round, side, naval, in_city,
battle_city, opponent, units, opponent_units):

- a side's own quantities: combat_dice (extra dice), combat_value, combat_hits, combat_cancel_hits,
  low_roll_shields, combat_rerolls, written on that side's cards ("your combat value +1");
- the opponent's: opponent_combat_dice, opponent_combat_value, opponent_combat_hits, written on one side's
  cards and applied to the other side's quantity after that side's own modifiers ("your opponent's combat
  value -2"). Their context is the writer's side (`side` is yours, `opponent` the side they change), so a
  card reads the same whichever side it lowers; optional ones are offered to the writer, who pays for them;
- enemy_bonus_cap: the most the opponent's own combat value modifiers may add.
A side without a player (barbarians, pirates) fights with its units' own powers (unit_powers).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..actions.influence import roll
from .battle_effects import reroll

if TYPE_CHECKING:
    from ..state.runtime import Clash
    from .combat import Battle

NO_CAP = 99  # enemy_bonus_cap's base: the opponent's combat value modifiers are not limited
FOE_OF = {"attacker": "defender", "defender": "attacker"}


def ctx_vars(rt: Clash, b: Battle, side: str) -> dict:
    """The combat context of one side of the battle this round (the quantities' and hooks' names)."""
    city = b.space if b.space in rt.state["cities"] else None
    return {"combat_round": b.round, "side": side, "naval": b.naval, "from_ships": b.from_ships and side == "attacker",
            "in_city": city is not None, "battle_city": city,
            "opponent": b.defender if side == "attacker" else b.attacker,
            "units": len(b.units.get(side, [])),
            "opponent_units": len(b.units.get(FOE_OF[side], []))}


def side_quantity(rt: Clash, name: str, b: Battle, who: int, side: str, base: int) -> int:
    """A side's combat quantity after its mandatory modifiers (a side without a player: its units')."""
    if who < 0:
        return unit_powers(rt, name, who, base, **ctx_vars(rt, b, side))
    return rt.quantity(name, who, base, **ctx_vars(rt, b, side))


def unit_powers(rt: Clash, name: str, who: int, base: int, **vars) -> int:
    """A quantity for a side without a player (barbarians, pirates): only what its unit types declare
    applies (the barbarians' cavalry and elephants have the players' powers); no advances, no cards."""
    value = base
    for m in rt.index.modifiers.get(name, ()):
        if m.optional or m.arg is not None or m.source not in rt.defn.units:
            continue
        ctx = rt.ctx(who, m.source, **vars)
        if m.when is None or m.when(ctx):
            value = m.apply(ctx, value)
    return value


def side_choice(rt: Clash, name: str, b: Battle, who: int, side: str, base: int, offer: bool = True) -> Generator:
    """A side's combat quantity: its mandatory modifiers, then each optional one that would change the
    value, offered to that side's player (paid if it has a cost)."""
    value = side_quantity(rt, name, b, who, side, base)
    if who < 0 or not offer:
        return value
    v = ctx_vars(rt, b, side)
    for m in rt.optional_modifiers(name, who, **v):
        ctx = rt.ctx(who, m.source, **v)
        new = m.apply(ctx, value)
        if new == value:
            continue
        use = yield from rt.confirm(ctx, f"{rt.source_name(m.source)}: {m.label}")
        if use:
            yield from rt.use_optional(m, who, **v)
            value = new
    return value


def own_and_foes(rt: Clash, name: str, b: Battle, who: int, side: str, base: int, floor: bool = False) -> Generator:
    """A side's quantity `name` with its own modifiers (not below 0 with `floor`), then the modifiers its
    opponent wrote on `opponent_<name>` (e.g. "your opponent's combat value -2"), from the opponent's side."""
    value = yield from side_choice(rt, name, b, who, side, base)
    if floor:
        value = max(0, value)
    foe_side = FOE_OF[side]
    foe = b.defender if side == "attacker" else b.attacker
    foe_name = f"opponent_{name}"
    if foe_name not in rt.index.modifiers:
        return value
    return (yield from side_choice(rt, foe_name, b, foe, foe_side, value))


def roll_dice(rt: Clash, n: int) -> list[int]:
    return [roll(rt) for _ in range(max(0, n))]


def score_roll(rt: Clash, b: Battle, who: int, side: str, rolls: list[int]) -> Generator:
    """(combat value, shields) of one side's dice. Up to low_roll_shields rolled 1s and 2s add nothing
    and each cancels one hit against this side (even when there is none to cancel); the 1s are used
    first, so the side keeps the most value. Further low rolls count as usual. The opponent's
    opponent_combat_value modifiers come last, after the cap on this side's own bonuses."""
    rolls = yield from reroll(rt, b, who, side, rolls, ctx_vars(rt, b, side))
    low = sorted(r for r in rolls if r <= rt.params["low_roll"])
    shields = yield from side_choice(rt, "low_roll_shields", b, who, side, 0, offer=bool(low))
    used = min(max(0, shields), len(low))
    cv = sum(rolls) - sum(low[:used])
    if used:
        many = used > 1
        rt.log(f"  {rt.name(who)}: {used} roll{'s' if many else ''} of 1 or 2 cancel{'' if many else 's'} "
               f"{used} hit{'s' if many else ''} instead of adding to the combat value")
    rolled = cv
    cv = yield from side_choice(rt, "combat_value", b, who, side, cv)
    foe, foe_side = (b.defender, "defender") if side == "attacker" else (b.attacker, "attacker")
    cap = side_quantity(rt, "enemy_bonus_cap", b, foe, foe_side, NO_CAP)
    if cap < NO_CAP and cv - rolled > max(0, cap):  # the opponent limits what modifiers may add
        cv = rolled + max(0, cap)
        rt.log(f"  {rt.name(who)}'s combat value bonus is limited to +{max(0, cap)}")
    if "opponent_combat_value" in rt.index.modifiers:
        lowered = yield from side_choice(rt, "opponent_combat_value", b, foe, foe_side, cv)
        if lowered != cv:
            rt.log(f"  {rt.name(foe)} changes {rt.name(who)}'s combat value from {cv} to {max(0, lowered)}")
        cv = max(0, lowered)
    return cv, used


def battle_quantity(rt: Clash, name: str, b: Battle, base: int) -> Generator:
    """A quantity of the whole battle: the defender's modifiers, then the attacker's (who may pay)."""
    value = rt.quantity(name, b.defender, base, **ctx_vars(rt, b, "defender"))
    value = rt.quantity(name, b.attacker, value, **ctx_vars(rt, b, "attacker"))
    for m in rt.optional_modifiers(name, b.attacker, **ctx_vars(rt, b, "attacker")):
        if value <= 0:
            break
        ctx = rt.ctx(b.attacker, m.source, **ctx_vars(rt, b, "attacker"))
        use = yield from rt.confirm(ctx, f"{rt.source_name(m.source)}: {m.label}")
        if use:
            yield from rt.use_optional(m, b.attacker, **ctx_vars(rt, b, "attacker"))
            value = m.apply(ctx, value)
    return value


def exchange(rt: Clash, b: Battle, att: list[str], dfn: list[str]) -> Generator:
    """Both sides roll (the defender's fortress dice in the first round), score and cancel: returns
    (attacker's combat value, defender's, hits on the defender, hits on the attacker). Every question
    is asked in the attacker-then-defender order the rules have always asked it."""
    att_extra = yield from own_and_foes(rt, "combat_dice", b, b.attacker, "attacker", 0, floor=True)
    def_extra = yield from own_and_foes(rt, "combat_dice", b, b.defender, "defender", 0, floor=True)
    att_dice = max(0, len(att) + att_extra)
    def_dice = max(0, len(dfn) + (b.fortress_dice if b.round == 1 else 0) + def_extra)
    att_rolls = roll_dice(rt, att_dice)
    def_rolls = roll_dice(rt, def_dice)
    att_cv, att_shields = yield from score_roll(rt, b, b.attacker, "attacker", att_rolls)
    def_cv, def_shields = yield from score_roll(rt, b, b.defender, "defender", def_rolls)
    att_hits = yield from own_and_foes(rt, "combat_hits", b, b.attacker, "attacker", att_cv // rt.params["combat_value_per_hit"])
    def_hits = yield from own_and_foes(rt, "combat_hits", b, b.defender, "defender", def_cv // rt.params["combat_value_per_hit"])
    def_cancel = def_shields + (yield from side_choice(rt, "combat_cancel_hits", b, b.defender, "defender",
                                                       b.fortress_cancel if b.round == 1 else 0))
    att_cancel = att_shields + (yield from side_choice(rt, "combat_cancel_hits", b, b.attacker, "attacker", 0))
    return att_cv, def_cv, max(0, att_hits - def_cancel), max(0, def_hits - att_cancel)
