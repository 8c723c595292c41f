"""The flow of a game, read from game.yaml: rounds, turns, each player's actions, the status phase."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..registry import PROCEDURES, STEPS, service
from ..registry import step as flow_step
from .scoring import final_scores

if TYPE_CHECKING:
    from ..state.runtime import Clash


class GameEnd(Exception):
    """Raised by a status step that ends the game; the flow scores and stops. The message says why."""


@service("run_flow")
def run_flow(rt: Clash, nodes: list) -> Generator:
    how = f"after all {rt.params.get('rounds', rt.state.get('round'))} rounds"
    try:
        yield from _nodes(rt, nodes)
    except GameEnd as end:
        how = str(end) or f"in round {rt.state.get('round')}"
    rt.state["phase"] = "over"
    scores = final_scores(rt)
    rt.state["winner"] = scores["winners"]
    rt.state["ending"] = ending(rt, how, scores)
    rt.log(f"Game over {how}. " + ", ".join(f"{rt.name(p)} {scores['vp'][p]:g} VP" for p in range(rt.n)))
    rt.log(rt.state["ending"])


def ending(rt: Clash, how: str, scores: dict) -> str:
    """How the game ended in one line: when, who won on points, and the tie-break step that decided."""
    win = scores["winners"]
    best = scores["vp"][win[0]]
    tied = [p for p in range(rt.n) if scores["vp"][p] == best]
    text = f"The game ended {how}. Winner: " + " and ".join(rt.name(p) for p in win) + f" with {best:g} VP"
    if len(tied) > 1 and scores.get("decided_by"):
        text += f"; tied on points with {' and '.join(rt.name(p) for p in tied if p not in win)}, decided by {scores['decided_by']}"
    elif len(win) > 1:
        text += ", tied on points and on every tie-break: the win is shared"
    return text


def _nodes(rt: Clash, nodes: list) -> Generator:
    for node in nodes:
        yield from _node(rt, node)


def _holds(node: dict, step: str) -> bool:
    """Does the flow node run the step `step` somewhere inside it?"""
    if node.get("do") == step:
        return True
    return any(_holds(sub, step) for sub in node.get("repeat") and node.get("body", []) or [])


def _node(rt: Clash, node: dict) -> Generator:
    """Run one flow node. A scenario position sets `resume`: loops then start where it stands. A fork
    resumed inside a step (`resume_step`, see status_phase) runs only the nodes that lead to that step."""
    resuming = rt.state.get("resume")
    target = rt.state.get("resume_step") if resuming else None
    if "do" in node:
        if resuming and node["do"] != target:
            return  # steps before the resume point (set-up, an end roll) already happened
        yield from STEPS[node["do"]](rt)
    elif "repeat" in node:
        if target and not _holds(node, target):
            return
        spec = node["repeat"]
        times = rt.params[spec["times"]] if isinstance(spec["times"], str) else int(spec["times"])
        var = spec.get("var")
        start = int(rt.state.get(var) or 1) if (resuming and var) else 1
        for i in range(start, times + 1):
            if var:
                rt.state[var] = i
            yield from _nodes(rt, node.get("body", []))
    elif "each_player" in node:
        if target:
            return  # the players' turns of this round are over: the resume point is in a later step
        order = rt.turn_order()
        if resuming:
            order = order[order.index(rt.state["current"]):]
            rt.state.pop("resume", None)
        for p in order:
            rt.state["current"] = p
            for sub in node["each_player"]:
                yield from _player_node(rt, sub, p)
    else:
        raise ValueError(f"unknown flow node {node!r}")


def _player_node(rt: Clash, node: dict, p: int) -> Generator:
    yield from PROCEDURES[node["do"]](rt, p)


@flow_step("status_phase")
def status_phase(rt: Clash) -> Generator:
    """The five status steps in order, each for all players in turn order (rulebook page 11).

    Before each step (of each player) the flow tells the game it could restart there (Game.resume_point,
    with `resume_status`: step, repetition, place in the turn order), so a fork during the status phase
    replays only the actions of the step it is in."""
    at = rt.state.pop("resume_status", None)
    if at is None:
        rt.state["phase"] = "status"
        rt.log(f"--- Status phase of round {rt.state['round']} ---")
    else:  # a fork resumed at a step: the markers go, the state is the one the step started from
        for key in ("resume", "resume_turn", "resume_step"):
            rt.state.pop(key, None)
        at = tuple(at)
    for i, step in enumerate(rt.defn.rules["status_phase"]):
        times = step.get("repeat", 1)
        times = rt.params[times] if isinstance(times, str) else int(times)
        for k in range(times):
            for j, p in enumerate(rt.turn_order() if step.get("each_player") else [None]):
                if at is not None and (i, k, j) < at:
                    continue
                rt.game.resume_point({"resume": True, "resume_step": "status_phase", "resume_status": [i, k, j]})
                yield from PROCEDURES[step["do"]](rt, p) if p is not None else STEPS[step["do"]](rt)
    rt.state["phase"] = "turn"

