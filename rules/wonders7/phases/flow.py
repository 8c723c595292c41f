"""The game's flow (rules/wonders7/game.yaml `flow:`) and its steps: set-up and the turns of an age
with hands passed between them; dealing is deal.py's, the conflicts conflicts.py's, the end endgame.py's.

The flow is data: `do: step` runs a registered step, `repeat: {times: param, var: key}` runs its body
that many times counting in state[key] from 1. Hands pass by age in the direction `pass_direction`
names; the last card of an age is discarded, unless a `play_last_card` grant lets its owner play it.
The last turn's leftovers are discarded as that turn's picks are placed, before what they trigger runs
(actions/resolve.py), so a build from the discard pile on that turn may take them.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..actions.options import ask_pick
from ..actions.resolve import resolve_picks
from ..names import ROMAN
from ..registry import STEPS, service, step
from .deal import pass_hands

if TYPE_CHECKING:
    from ..state.runtime import Wonders


@service("run_flow")
def run_flow(rt: Wonders, nodes: list[dict]) -> Generator:
    """Walk the flow's nodes; a resumed state skips nothing (7 Wonders games restart by replay)."""
    for node in nodes:
        if "do" in node:
            yield from STEPS[node["do"]](rt)
        elif "repeat" in node:
            spec = node["repeat"]
            times = spec["times"]
            count = int(rt.d.params[times]) if isinstance(times, str) else int(times)
            first = int(rt.state.pop(f"start_{spec['var']}", 1))  # a scenario may start later (age 3)
            for i in range(first, count + 1):
                rt.state[spec["var"]] = i
                yield from run_flow(rt, node["body"])


@step("setup")
def setup(rt: Wonders) -> Generator:
    if rt.state.get("resume"):
        return
    rt.log(f"--- 7 Wonders, {rt.n} players ---")
    for p in range(rt.n):
        pl = rt.player(p)
        rt.log(f"{pl['name']} builds {rt.source_name(pl['board'])} and starts with {pl['coins']} coins")
    yield from ()


@step("play_age")
def play_age(rt: Wonders) -> Generator:
    turns = rt.state["turns"]
    resumed = rt.state.pop("resume", False)
    first = rt.state["turn"] if resumed else int(rt.state.pop("start_turn", 1))  # a position may start at turn 6
    for turn in range(first, turns + 1):
        again = resumed and turn == first  # resumed in this turn: some players have picked already
        rt.state["turn"] = turn
        if not again:
            rt.log(f"Age {ROMAN.get(rt.state['age'], rt.state['age'])}, turn {turn}")
        for p in range(rt.n):
            if not (again and rt.player(p)["pick"] is not None):
                yield from ask_pick(rt, p)
        yield from ask_withdrawn(rt, range(rt.n))
        yield from resolve_picks(rt, last_turn=turn == turns)
        if turn < turns:
            pass_hands(rt)
    # the last card: played by a play_last_card grant's owner, else discarded
    last = [p for p in range(rt.n) if rt.player(p)["hand"] and rt.granted("play_last_card", p)]
    if last:
        rt.state["turn"] = turns + 1
        for p in last:
            yield from ask_pick(rt, p)
        yield from ask_withdrawn(rt, last)
        yield from resolve_picks(rt)
    for p in range(rt.n):
        rt.state["discard"].extend(rt.player(p)["hand"])
        rt.player(p)["hand"] = []


def ask_withdrawn(rt: Wonders, players) -> Generator:
    """Ask again any player whose pick was withdrawn after it was made: never in a game played by the
    rules, but a search's sampled world drops the picks its player cannot see (bots/search_support.py)."""
    for p in players:
        if rt.player(p)["pick"] is None and rt.player(p)["hand"]:
            yield from ask_pick(rt, p)
