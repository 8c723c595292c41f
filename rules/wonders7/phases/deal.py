"""Dealing an age (rulebook, "Preparation" and "Game turn", step 3): the age's deck for this many
players (one copy per listed player count reached, plus players + 2 guilds in age III), shuffled and
dealt, and the hands passed in the direction game.yaml's `pass_direction` gives each age.

A scenario's position may fix an age's deck (state `decks`, by age, before that age is dealt): it is then
dealt as listed, seat 0 the first hand, without drawing on the random stream; the cards left over stay in
`decks` as every age's undealt cards do."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ....engine.rng import Rng
from ..names import ROMAN
from ..registry import step

if TYPE_CHECKING:
    from ..state.runtime import Wonders


def deck_for(rt: Wonders, age: int) -> list[str]:
    """The age's deck for this many players: one copy per listed player count reached, plus the guilds."""
    rng = Rng(rt.state)
    guild = rt.d.params.get("guild_colour", "purple")
    deck = [e.id for e in rt.d.cards if e.data["age"] == age and e.data.get("colour") != guild
            for count in e.data.get("players") or [] if count <= rt.n]
    guilds = [e.id for e in rt.d.cards if e.data["age"] == age and e.data.get("colour") == guild]
    if guilds:
        rng.shuffle(guilds)
        take = rt.n + int(rt.d.params["guilds_extra"])
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
        first = int(rt.state.get("start_turn", 1))
        rt.state["turns"] = first - 1 + max(len(rt.player(p)["hand"]) for p in range(rt.n)) - 1
        rt.log(f"=== Age {ROMAN.get(age, age)}: hands as given, hands pass {direction(rt)} ===")
        return
    fixed = rt.state["decks"].pop(str(age), None)  # a scenario's position fixed this age's deck and its order
    deck = deck_for(rt, age) if fixed is None else fixed
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
