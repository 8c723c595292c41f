"""Objective cards (rulebook page 13): two objectives a card, only one completable, 2 VP each.

An objective card's content lists `objectives`, each with a `name`, a `timing` (status or
immediate) and a `condition` in the card language; the loader compiles the conditions and this
module checks them at the right moment.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .runtime import Clash


def check_objectives(rt: Clash, p: int, timing: str, trigger: str | None = None) -> Generator:
    pl = rt.player(p)
    used_names: set[str] = set()
    for card in list(pl["hand"]["objective_card"]):
        for obj in rt.defn.objectives.get(card, []):
            if obj["timing"] != timing or obj["name"] in used_names:
                continue
            if obj["condition"](rt.ctx(p, card)):
                pl["hand"]["objective_card"].remove(card)
                pl["completed"].append(card)
                used_names.add(obj["name"])
                rt.log(f"  {rt.name(p)} completes the objective {obj['name']}")
                break
    yield from ()
