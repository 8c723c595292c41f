"""A fleet's move outside the Move action (e.g. a leader's once-per-turn free move with his ships).

- do move_fleet(S)     your ships at sea space S that have not moved (nor fought) this turn sail together,
                       by the ship movement rules of the Move action, with whatever they carry; afterwards
                       they cannot move again this turn.
- can_move_fleet(S)    such a move is possible now.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ..registry import functions, procedures
from .movement import _execute, describe_units, destinations

if TYPE_CHECKING:
    from ....engine.abilities import Ctx
    from ..state.runtime import Clash


def fleet_at(rt: Clash, p: int, space: Any) -> list[str]:
    """p's ships at `space` still free to move this turn."""
    if p < 0 or space is None:
        return []
    ships = [u for u in rt.units_at(space, p) if rt.is_ship(rt.state["units"][u]["type"])]
    return sorted(u for u in ships if not any(rt.state["units"][u].get(k) for k in ("moved", "stop", "battled")))


def _destinations(rt: Clash, p: int, space: Any) -> tuple[list[str], list[str], dict]:
    fleet = fleet_at(rt, p, space)
    if not fleet:
        return fleet, [], {}
    dests, how = destinations(rt, p, space, fleet)
    return fleet, dests, how


def move_fleet(rt: Clash, p: int, space: Any, ctx: Ctx | None = None) -> Generator:
    fleet, dests, how = _destinations(rt, p, space)
    if not dests:
        return
    dest = yield from rt.ask(p, "move_to", f"Sail the {describe_units(rt, fleet)} to?", dests)
    yield from _execute(rt, p, space, dest, fleet, how[dest])
    for u in fleet:
        if u in rt.state["units"]:
            rt.state["units"][u]["moved"] = rt.state["units"][u]["stop"] = 1


FUNCTIONS = {
    "can_move_fleet": lambda rt, ctx, space: bool(_destinations(rt, ctx.me, space)[1]),
}

PROCEDURES = {
    "move_fleet": move_fleet,
}

functions(FUNCTIONS)
procedures(PROCEDURES)
