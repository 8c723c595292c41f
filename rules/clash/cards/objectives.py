"""Objective cards (rulebook page 13): two objectives a card, only one completable, 2 VP each.

An objective card's effect declares its objectives: `objective "Name" when COND` is checked in
status step 1; `objective "Name" on HOOK when COND` completes at once when the hook fires for the
card's holder. Objectives with the same name never complete on the same trigger.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ....engine.consult import consult
from ..registry import service

if TYPE_CHECKING:
    from ..state.runtime import Clash


@service("check_objectives")
def check_objectives(rt: Clash, p: int, timing: str, hook: str | None = None,
                     payload: dict[str, Any] | None = None) -> Generator:
    if p < 0:
        return
    pl = rt.player(p)
    if pl["hand"]["objective_card"]:
        consult(p)  # p's hidden objectives are looked at, met or not: a decision that led here stands (undo)
    completed_names: set[str] = set()
    for card in list(pl["hand"]["objective_card"]):
        for ob in rt.index.objectives.get(card, ()):
            if timing == "status" and ob.hook is not None:
                continue
            if timing == "immediate" and ob.hook != hook:
                continue
            if ob.name in completed_names:
                continue
            ctx = rt.ctx(p, card, **(payload or {}))
            if ob.cond is not None and not ob.cond(ctx):
                continue
            pl["hand"]["objective_card"].remove(card)
            pl["completed"].append(card)
            completed_names.add(ob.name)
            rt.log(f"  {rt.name(p)} completes the objective {ob.name} ({rt.source_name(card)})")
            yield from rt.emit("objective_completed", p, card=card)
            break
