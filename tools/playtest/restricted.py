"""Restricted play (Jaffe et al., AIIDE 2012): what a piece of content is worth, measured as the win rate a
bot loses when it may not take it.

`Forbidding` wraps any bot: at each of its decisions it drops the options that name the id (an option
is split on `: # > ,`, so `irrigation`, `4,1:great_library`, `special:festival#0`, `build:press` all
name theirs), and it tries the option chosen in a fork of the game: when the rules would then hand the
id over without asking (a single legal choice is taken automatically), that option is dropped too. What a
player has taken is read from the state: the values in the player's own part of it (its hand aside: a
card held is not a card taken) and in everything it owns (entries with `owner` = the player). A thing
the set-up deals with no decision (7 Wonders' boards) is dealt again to the forbidden seat (DEALT).

Nothing here names content: the id comes from the command line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from ...engine.decision import Decision
from .selfplay import DEALT, new_game

_PARTS = re.compile(r"[:#>,]")


def names(option: str, content_id: str) -> bool:
    """Does the option name the content id (as one of its parts)?"""
    return content_id in _PARTS.split(option)


def _values(node: Any, skip: str = "hand") -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for k, v in node.items():
            if k != skip:
                yield from _values(v, skip)
    elif isinstance(node, list | tuple):
        for v in node:
            yield from _values(v, skip)


def _owned(node: Any, p: int) -> Iterator[dict]:
    if isinstance(node, dict):
        if node.get("owner") == p:
            yield node
        else:
            for v in node.values():
                yield from _owned(v, p)
    elif isinstance(node, list):
        for v in node:
            yield from _owned(v, p)


def held(state: dict, p: int, content_id: str) -> int:
    """How many times the id is among what player p has taken (its hand aside) and what it owns."""
    count = sum(1 for v in _values(state["players"][p]) if v == content_id)
    rest = {k: v for k, v in state.items() if k != "players"}
    return count + sum(1 for node in _owned(rest, p) for v in _values(node) if v == content_id)


class Forbidding:
    """A bot that never takes one content id; otherwise the bot it wraps, unchanged."""

    def __init__(self, inner: Any, content_id: str):
        self.inner, self.content_id = inner, content_id
        self.name = f"{getattr(inner, 'name', 'bot')} without {content_id}"
        self.leaks = 0  # decisions where every option took the id (none left to choose)

    def choose(self, game, decision: Decision) -> str:
        keep = [i for i, o in enumerate(decision.options) if not names(o, self.content_id)]
        before = held(game.state, decision.player, self.content_id)
        while keep:
            sub = self._subset(decision, keep)
            choice = sub.options[0] if len(keep) == 1 else self.inner.choose(game, sub)
            if not self._takes(game, decision.player, choice, before):
                return choice
            keep = [i for i in keep if decision.options[i] != choice]
        self.leaks += 1
        return self.inner.choose(game, decision)

    @staticmethod
    def _subset(decision: Decision, keep: list[int]) -> Decision:
        labels = [decision.labels[i] for i in keep] if decision.labels else []
        return replace(decision, options=[decision.options[i] for i in keep], labels=labels)

    def _takes(self, game, p: int, choice: str, before: int) -> bool:
        fork = game.fork()
        fork.apply({"player": p, "choice": choice})
        return held(fork.state, p, self.content_id) > before


def redeal(task: dict, seat: int, content_id: str) -> dict:
    """The set-up for a game where `seat` may not have a dealt thing: when the usual deal gives it the id,
    it gets the first unused entry of the same kind (sorted by id) of another name and the same side."""
    game = new_game(task)
    players = game.state["players"]
    for field, key in DEALT.items():
        dealt = [pl.get(field) for pl in players]
        if dealt[seat] != content_id:
            continue
        entries = game.definition.content.entries
        kind = entries[content_id].kind
        taken = {entries[d].name for d in dealt if d in entries}
        side = entries[content_id].data.get("side")
        spare = sorted(e.id for e in game.definition.content.of_kind(kind)
                       if e.name not in taken and e.data.get("side") == side)
        if spare:
            dealt[seat] = spare[0]
            return {**task, "config": {**(task.get("config") or {}), key: dealt}}
    return task
