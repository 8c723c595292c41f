"""Things a card gives for nothing on the map: a figure on the square of the card's own marker (a wonder
that raises a figure each turn), a resource harvested in any city's outskirts without a city action (a
government's start of turn).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ..board import board
from ..board.pieces import figures_left, place_figure, placeable
from ..registry import procedure
from ..state.economy import city_resources

if TYPE_CHECKING:
    from ..state.runtime import Civ


def marker_square(rt: Civ, p: int, eid: str) -> tuple[int, int] | None:
    """Where p's marker of the entry stands on the map (None when it is not on the map)."""
    return next((board.unkey(k) for k, it in sorted(rt.state["items"].items())
                 if it["id"] == eid and it["owner"] == p), None)


@procedure("free_figure_here")
def free_figure_here(rt: Civ, p: int, ctx: Any = None) -> Generator:
    """p may put an army or a scout of its sheet, for nothing, on the square of this card's marker (if
    the stacking limit and the square allow it)."""
    at = marker_square(rt, p, ctx.source) if ctx else None
    if at is None or not placeable(rt, p, *at):
        return
    kinds = [k for k in ("army", "scout") if figures_left(rt, p, k) > 0]
    if not kinds:
        return
    choice = yield from rt.ask(p, "free_figure", f"{rt.name(p)}: a free figure at {board.label(*at)} "
                               f"({rt.entry_name(ctx.source)})?", ["none", *kinds],
                               ["none", *(f"an {k}" if k == "army" else f"a {k}" for k in kinds)])
    if choice != "none":
        place_figure(rt, p, choice, *at)
        rt.log(f"{rt.name(p)} gets a free {choice} at {board.label(*at)} ({rt.entry_name(ctx.source)})")


@procedure("harvest_any_city")
def harvest_any_city(rt: Civ, p: int, ctx: Any = None) -> Generator:
    """p takes from the market one resource shown in the outskirts of any of its cities (no city action)."""
    market = rt.state["resource_market"]
    options = sorted({r for c in rt.cities(p) for r in city_resources(rt, c) if market.get(r, 0) > 0})
    if not options:
        return
    choice = yield from rt.ask(p, "free_harvest", f"{rt.name(p)}: harvest a resource for free?", ["none", *options],
                               ["none", *(f"harvest {r}" for r in options)])
    if choice != "none":
        market[choice] -= 1
        rt.player(p)["resources"][choice] = rt.player(p)["resources"].get(choice, 0) + 1
        rt.log(f"{rt.name(p)} harvests {choice} ({rt.entry_name(ctx.source) if ctx else 'for free'})")
