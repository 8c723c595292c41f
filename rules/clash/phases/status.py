"""The status phase's steps (rulebook page 11), each a procedure named in game.yaml."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..actions.advances import free_advance
from ..cards.objectives import check_objectives
from ..registry import procedure, service, step
from .flow import GameEnd

if TYPE_CHECKING:
    from ..state.runtime import Clash


@procedure("complete_objectives")
def complete_objectives(rt: Clash, p: int, ctx=None) -> Generator:
    """Step 1: objective cards whose status-phase objective is met are completed (2 VP each)."""

    yield from check_objectives(rt, p, timing="status")


@step("check_game_end")
def check_game_end(rt: Clash) -> Generator:
    out = [p for p in range(rt.n) if not rt.cities_of(p)]
    if out:
        raise GameEnd(f"in round {rt.state['round']} by elimination: {' and '.join(rt.name(p) for p in out)} "
                      f"{'has' if len(out) == 1 else 'have'} no city left")
    if rt.state["round"] >= rt.params["rounds"]:
        raise GameEnd(f"after all {rt.params['rounds']} rounds")
    yield from ()


def status_free_advance(rt: Clash, p: int, ctx=None) -> Generator:
    yield from free_advance(rt, p)


@procedure("draw_status_cards")
def draw_status_cards(rt: Clash, p: int, ctx=None) -> Generator:
    for deck, n in rt.params["status_draw"].items():
        yield from rt.draw_cards(p, deck, n, "status_phase")


@procedure("offer_raze")
def offer_raze(rt: Clash, p: int, ctx=None) -> Generator:
    """Step 4: a player may raze one of his size-1 cities (params raze_size) for 1 gold (raze_gold)."""
    small = sorted(c for c in rt.cities_of(p) if rt.city_size(c) <= rt.params["raze_size"])
    if not small:
        return
    pick = yield from rt.ask(p, "raze", "Raze a size-1 city for 1 gold?", ["keep"] + small,
                             ["raze nothing"] + [f"raze the city at {c}" for c in small])
    if pick == "keep":
        return
    yield from raze_city(rt, pick, "status_phase")
    yield from rt.gain_resource(p, "gold", rt.params["raze_gold"], "status_phase")
    rt.log(f"  {rt.name(p)} razes the city at {pick}")


@service("raze_city")
def raze_city(rt: Clash, space: str, cause: str = "rules") -> Generator:
    """The city leaves the board with its wonders; its size becomes 0 (city_size_changed)."""
    city = rt.state["cities"].pop(space)
    rt.cities_changed()
    for w in city["wonders"]:
        rt.state["wonders"]["built"].pop(w, None)
    yield from rt.size_changed(space, len(city["pieces"]), cause, city["owner"])


@step("determine_first_player")
def determine_first_player(rt: Clash) -> Generator:
    """Step 5: the highest culture + happiness (ties: first to the left of the first player) chooses."""
    first = rt.state["first"]

    def total(p: int) -> int:
        pl = rt.player(p)
        return pl["culture_level"] + pl["happiness_level"]

    best = max(total(p) for p in range(rt.n))
    if best <= total(first):
        return
    order = [(first + k) % rt.n for k in range(1, rt.n + 1)]
    chooser = next(p for p in order if total(p) == best)
    options = [str(p) for p in range(rt.n)]
    pick = yield from rt.ask(chooser, "first_player", "Who starts the next round?", options,
                             [rt.name(p) for p in range(rt.n)])
    rt.state["first"] = int(pick)
    rt.log(f"  {rt.name(chooser)} chooses {rt.name(int(pick))} to start the next round")
