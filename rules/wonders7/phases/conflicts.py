"""Military conflicts at the end of each age (rulebook, "End of an age"): each city compares its
shields with each neighbour's; more takes the age's victory token, fewer a defeat token."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..city.military import shields
from ..registry import step

if TYPE_CHECKING:
    from ..state.runtime import Wonders


@step("military_conflicts")
def military_conflicts(rt: Wonders) -> Generator:
    """Each city compares its shields with each neighbour's: more wins the age's token, fewer a defeat."""
    age = rt.state["age"]
    wins = rt.d.params["military_victory"]
    win, loss = int(wins[min(age, len(wins)) - 1]), int(rt.d.params["military_defeat"])
    strength = [shields(rt, p) for p in range(rt.n)]
    for p in range(rt.n):
        for q in dict.fromkeys(rt.neighbours(p)):
            if q == p or strength[p] == strength[q]:
                continue
            token = win if strength[p] > strength[q] else loss
            rt.player(p)["military"].append(token)
            rt.log(f"{rt.name(p)} ({strength[p]} shields) against {rt.name(q)} ({strength[q]}): "
                   f"{'victory' if token > 0 else 'defeat'} token {token:+d}")
    for p in range(rt.n):
        yield from rt.emit("age_end", p)
