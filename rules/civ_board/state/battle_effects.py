"""Effects that last for a while, and what may be done in the middle of a battle.

A card may grant something `until end of <period>` (the vocabulary's enum `period`: turn, battle, play):
the grant is kept in the state's `lasting` list with its owner and period and counts as in force until
the rules end that period (a turn at the start of the next, a battle when its totals are taken, a play
when one unit card has been played). In a battle each side's owner is offered, before each unit card
they play, the abilities and culture event cards usable in the `battle` phase; the procedures here wound
enemy units or heal one's own units in play, or draw one more unit into the battle hand (a free unit before the battle: abilities.py).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ..board.pieces import strength
from ..registry import function, procedure

if TYPE_CHECKING:
    from .runtime import Civ

SIDES = ("attacker", "defender")


def add_lasting(rt: Civ, p: int, period: str, name: str, args: list, source: str) -> None:
    rt.state.setdefault("lasting", []).append({"player": p, "period": period, "name": name, "args": list(args),
                                               "source": source})
    rt.log(f"{rt.name(p)} has {name.replace('_', ' ')}({', '.join(map(str, args))}) until the end of the {period}"
           f" ({rt.entry_name(source)})")


def lasting(rt: Civ, p: int, name: str) -> list[list]:
    """The arguments of p's lasting grants of that name."""
    return [g["args"] for g in rt.state.get("lasting") or () if g["player"] == p and g["name"] == name]


def end_period(rt: Civ, period: str) -> None:
    """The period is over: its lasting grants end, and a play's use limits (`once per play`) start afresh."""
    if period == "play" and rt.state.get("battle"):
        rt.state["battle"].pop("used_this_play", None)
    if rt.state.get("lasting"):
        rt.state["lasting"] = [g for g in rt.state["lasting"] if g["period"] != period]


def my_side(rt: Civ, p: int) -> str | None:
    fight = rt.state.get("battle")
    if not fight:
        return None
    return next((s for s in SIDES if fight["owners"][s] == p), None)


@function("my_wounds")
def my_wounds(rt: Civ, ctx: Any) -> int:
    """The wounds of your units in play (0 outside a battle)."""
    side = my_side(rt, ctx.me)
    if side is None:
        return 0
    return sum(fr[side]["wounds"] for fr in rt.state["battle"]["fronts"] if fr[side] is not None)


@procedure("wound_enemy_units")
def wound_enemy_units(rt: Civ, p: int, n: int, ctx: Any = None) -> Generator:
    """Up to n wounds, one at a time, on enemy units in play (p chooses each); a unit whose wounds reach its
    strength is killed."""
    side = my_side(rt, p)
    if side is None:
        return
    fight = rt.state["battle"]
    other = SIDES[1 - SIDES.index(side)]
    for _ in range(int(n)):
        fronts = [j for j, fr in enumerate(fight["fronts"]) if fr[other] is not None]
        if not fronts:
            return
        left = {j: strength(rt, fight["owners"][other], fight["fronts"][j][other]["card"], other)
                - fight["fronts"][j][other]["wounds"] for j in fronts}
        fronts.sort(key=lambda j: (left[j], j))  # the unit nearest death first
        labels = [f"{rt.entry_name(fight['fronts'][j][other]['card'])} (front {j + 1}, {left[j]} left)" for j in fronts]
        choice = yield from rt.ask(p, "wound", f"{rt.name(p)}: wound which enemy unit?", [str(j) for j in fronts],
                                   labels)
        front = fight["fronts"][int(choice)]
        front[other]["wounds"] += 1
        if left[int(choice)] <= 1:
            fight["killed"][other].append(front[other]["card"])
            rt.log(f"  {fight['names'][other]}'s {rt.entry_name(front[other]['card'])} dies of its wounds")
            front[other] = None


@procedure("heal_units")
def heal_units(rt: Civ, p: int, n: int, ctx: Any = None) -> Generator:
    """Heal up to n wounds of p's units in play, the most wounded first."""
    side = my_side(rt, p)
    if side is None:
        return
    units = sorted((fr[side] for fr in rt.state["battle"]["fronts"] if fr[side] is not None and fr[side]["wounds"]),
                   key=lambda u: -u["wounds"])
    left = int(n)
    for u in units:
        healed = min(left, u["wounds"])
        u["wounds"] -= healed
        left -= healed
    if int(n) > left:
        rt.log(f"  {rt.name(p)} heals {int(n) - left} wound{'s' * (int(n) - left > 1)}")
    yield from ()


@procedure("draw_battle_unit")
def draw_battle_unit(rt: Civ, p: int, ctx: Any = None) -> Generator:
    """One more unit card from p's standing forces, at random, into p's battle hand."""
    forces = rt.player(p)["forces"]
    if my_side(rt, p) is None or not forces:
        return
    i = rt.rng().below(len(forces))
    rt.player(p)["battle_hand"].append(forces.pop(i))
    rt.log(f"  {rt.name(p)} draws one more unit into the battle hand")
    yield from ()

