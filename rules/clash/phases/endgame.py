"""Variable end game (rulebook page 23): rolling to end, or a wonder that ends the game.

Both checks read parameters that the base game leaves off; the variants switch them on.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..actions.influence import roll
from ..registry import step
from .flow import GameEnd

if TYPE_CHECKING:
    from ..state.runtime import Clash


def turn_index(rt: Clash) -> tuple[int, int]:
    """(this turn's number from 1, the number of turns in the game)."""
    per = rt.params["turns_per_round"]
    return (rt.state["round"] - 1) * per + rt.state["turn"], rt.params["rounds"] * per


@step("end_roll_check")
def end_roll_check(rt: Clash) -> Generator:
    """Before each of the last N turns the first player rolls; within that turn's range the game ends."""

    spec = rt.params.get("end_roll")
    if not spec:
        return
    now, total = turn_index(rt)
    k = now - (total - int(spec["turns"])) - 1
    if k < 0:
        return
    lo, hi = spec["ranges"][min(k, len(spec["ranges"]) - 1)]
    die = roll(rt)
    rt.log(f"{rt.name(rt.state['first'])} rolls {die} to end the game (ends on {lo}-{hi})")
    if lo <= die <= hi:
        rt.log("The game ends at once.")
        raise GameEnd(f"early, in round {rt.state['round']}: the end-of-game roll came up {die}")
    yield from ()


@step("wonder_end_check")
def wonder_end_check(rt: Clash) -> Generator:
    """A wonder built during one of the last N turns ends the game after that turn."""

    n = int(rt.params.get("wonder_ends_game_in_last_turns") or 0)
    if not n:
        return
    now, total = turn_index(rt)
    if now > total - n and rt.state.get("wonder_built_in") == [rt.state["round"], rt.state["turn"]]:
        rt.log("A wonder was built in one of the last turns: the game ends after this turn.")
        raise GameEnd(f"early, in round {rt.state['round']}: a wonder was built in one of the last turns")
    yield from ()
