"""The values a scenario gives a game, checked before anything is set up (run by scenarios.py after the schema).

A schema says a scenario's `setup: {first: 0}` is a whole number, but not that it names one of the game's
players, nor how long a deck list may be. Unchecked, `first: 99` in a 2-player game was accepted silently
and a 100,000-card deck list took seconds to stack. So:
- a player index (`first`, `current` of `setup:` and `position:`) lies in 0..players-1;
- `setup:` and `position:` are plain data within the bounds of every value given to the rules
  (dsl/overlay_values.py: finite numbers, lists of at most MAX_ITEMS items, MAX_NODES values in all);
- the position lists no more players than the game has.
Each problem is one line naming the scenario's key path, what was given and what is allowed.
"""

from __future__ import annotations

from typing import Any

from ...dsl.overlay_values import bounded_problem

PLAYER_INDICES = ("first", "current")  # keys of `setup:` and `position:` that name a player


def value_problems(spec: dict, players: int) -> list[str]:
    """What is wrong with the values of a scenario for a game of `players` players (empty: nothing)."""
    out: list[str] = []
    for part in ("setup", "position"):
        block = spec.get(part)
        if not isinstance(block, dict):
            continue
        found = bounded_problem(block, part)
        if found:
            out.append(found)
            continue
        for key in PLAYER_INDICES:
            out += index_problems(block.get(key), f"{part}.{key}", players)
        listed = block.get("players")
        if part == "position" and isinstance(listed, list) and len(listed) > players:
            out.append(f"position.players lists {len(listed)} players, but the scenario plays with {players} "
                       f"(players: {players})")
    return out


def index_problems(value: Any, path: str, players: int) -> list[str]:
    """A player index at `path`: absent, or a whole number from 0 to players-1."""
    if value is None:
        return []
    if type(value) is not int or not 0 <= value < players:
        return [f"{path} is {value!r}: a player index, from 0 to {players - 1} in a {players}-player game"]
    return []
