"""The game's flow (rules/wonders7/game.yaml `flow:`) and its steps: set-up, each age (deal, turns with
hands passed between them, military conflicts) and the end.

The flow is data: `do: step` runs a registered step, `repeat: {times: param, var: key}` runs its body
that many times counting in state[key] from 1. Hands pass by age in the direction `pass_direction`
names; the last card of an age is discarded, unless a `play_last_card` grant lets its owner play it.
The last turn's leftovers are discarded as that turn's picks are placed, before what they trigger runs
(turn.resolve_picks), so a build from the discard pile on that turn may take them.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ...engine.rng import Rng
from .registry import STEPS, step
from .scoring import final_scores
from .turn import ROMAN, ask_pick, resolve_picks

if TYPE_CHECKING:
    from .runtime import Wonders


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


def deck_for(rt: Wonders, age: int) -> list[str]:
    """The age's deck for this many players: one copy per listed player count reached, plus the guilds."""
    rng = Rng(rt.state)
    guild = rt.d.params.get("guild_colour", "purple")
    deck = [e.id for e in rt.d.cards if e.data["age"] == age and e.data.get("colour") != guild
            for count in e.data.get("players") or [] if count <= rt.n]
    guilds = [e.id for e in rt.d.cards if e.data["age"] == age and e.data.get("colour") == guild]
    if guilds:
        rng.shuffle(guilds)
        take = rt.n + int(rt.d.params.get("guilds_extra", 2))
        deck += guilds[:take]
        rt.state["guild_pool"] = guilds[take:]
    rng.shuffle(deck)
    return deck


@step("deal_age")
def deal_age(rt: Wonders) -> Generator:
    age = rt.state["age"]
    if rt.state.get("resume"):  # resumed mid-age: the hands are in the state
        return
    if rt.state.pop("hands_given", False):  # a scenario's position gave the hands: play them as they are
        rt.state["turns"] = max(len(rt.player(p)["hand"]) for p in range(rt.n)) - 1
        rt.log(f"=== Age {ROMAN.get(age, age)}: hands as given, hands pass {direction(rt)} ===")
        return
    deck = deck_for(rt, age)
    size = min(int(rt.d.params["hand_size"]), len(deck) // rt.n)
    if size < 2:
        raise ValueError(f"age {age} has {len(deck)} cards for {rt.n} players: too few to play")
    for p in range(rt.n):
        rt.player(p)["hand"] = deck[p * size:(p + 1) * size]
    rt.state["decks"][str(age)] = deck[rt.n * size:]
    rt.state["turns"] = size - 1
    rt.log(f"=== Age {ROMAN.get(age, age)}: {size} cards each, hands pass {direction(rt)} ===")
    yield from ()


def direction(rt: Wonders) -> str:
    dirs = rt.d.params.get("pass_direction") or ["left"]
    return dirs[(rt.state["age"] - 1) % len(dirs)]


def pass_hands(rt: Wonders) -> None:
    hands = [rt.player(p)["hand"] for p in range(rt.n)]
    to = rt.left if direction(rt) == "left" else rt.right
    for p in range(rt.n):
        rt.player(to(p))["hand"] = hands[p]


@step("play_age")
def play_age(rt: Wonders) -> Generator:
    turns = rt.state["turns"]
    resumed = rt.state.pop("resume", False)
    first = rt.state["turn"] if resumed else 1
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
    rules, but a search's sampled world drops the picks its player cannot see (search_support.py)."""
    for p in players:
        if rt.player(p)["pick"] is None and rt.player(p)["hand"]:
            yield from ask_pick(rt, p)


def shields(rt: Wonders, p: int) -> int:
    return sum(int(args[0]) for args in rt.grants(p, "shields"))


@step("military_conflicts")
def military_conflicts(rt: Wonders) -> Generator:
    """Each city compares its shields with each neighbour's: more wins the age's token, fewer a defeat."""
    age = rt.state["age"]
    wins = rt.d.params.get("military_victory") or [1, 3, 5]
    win, loss = int(wins[min(age, len(wins)) - 1]), int(rt.d.params.get("military_defeat", -1))
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


@step("end_game")
def end_game(rt: Wonders) -> Generator:
    rt.state["phase"] = "over"
    s = final_scores(rt)
    rt.state["scores"] = {"vp": s["vp"], "breakdown": s["breakdown"], "winners": s["winners"]}
    rt.log("Game over")
    for p in range(rt.n):
        parts = ", ".join(f"{k} {v}" for k, v in s["breakdown"][p].items())
        rt.log(f"{rt.name(p)}: {s['vp'][p]} VP ({parts}; {rt.player(p)['coins']} coins)")
    win, best = s["winners"], s["vp"][s["winners"][0]]
    tied = [p for p in range(rt.n) if s["vp"][p] == best and p not in win]
    text = f"The game ended after all three ages. Winner: {' and '.join(rt.name(p) for p in win)} with {best} VP"
    if tied and s.get("decided_by"):
        text += f"; tied on points with {' and '.join(rt.name(p) for p in tied)}, decided by {s['decided_by']}"
    elif len(win) > 1:
        text += ", tied on points and coins: the win is shared"
    rt.state["ending"] = text
    rt.log(text)
    yield from ()
