"""A scenario's starting position (docs/scenarios.md): what it may fix of a 7 Wonders game, checked
against rules/wonders7/scenario.schema.json, with every unknown board or card reported at once."""

from __future__ import annotations

import copy
from typing import Any

from ....dsl.schemas import check_position
from ....engine.diagnostics import PositionError, accepted, did_you_mean
from ..names import RULES_DIR


def place(defn: Any, state: dict, position: dict) -> None:
    """Put the position on a new state: the age to start in, the discard pile and, per player, any of
    board, coins, built, stages, hand, military, name and free_used (the board's free build already used
    this age). Hands given are played as dealt (no deal that age). Unknown boards or cards are one
    PositionError naming where each is and what is accepted."""
    check_position(position, RULES_DIR / "scenario.schema.json")
    known = defn.content.entries
    cards = [e.id for e in known.values() if e.id not in defn.boards]
    probs: list[tuple[tuple, str]] = []
    state["discard"] = list(position.get("discard") or [])
    for i, spec in enumerate(position.get("players") or []):
        if i >= len(state["players"]):
            probs.append((("players", i), f"the position names {i + 1} players; the game has "
                                          f"{len(state['players'])}"))
            continue
        pl = state["players"][i]
        for key in ("board", "coins", "built", "stages", "hand", "military", "name"):
            if key in spec:
                pl[key] = copy.deepcopy(spec[key])
        if spec.get("free_used"):
            pl["free_used"] = int(position.get("age", 1))
        if pl["board"] not in defn.boards:
            probs.append((("players", i, "board"), f"{pl['board']!r} is not a wonder board of the loaded "
                                                   f"packs; {accepted(list(defn.boards))}"))
        for key in ("built", "hand"):
            probs += [(("players", i, key, j), f"{c!r} is not a card of the loaded packs; "
                       f"{(did_you_mean(str(c), cards) + ' ') if did_you_mean(str(c), cards) else ''}"
                       f"{accepted(cards)}") for j, c in enumerate(pl[key]) if c not in known]
        pl["stage_cards"] = [None] * int(pl["stages"])
    probs += [(("discard", j), f"{c!r} is not a card of the loaded packs; {accepted(cards)}")
              for j, c in enumerate(state["discard"]) if c not in known]
    if probs:
        raise PositionError(probs)
    state["start_age"] = int(position.get("age", 1))
    state["hands_given"] = any(pl["hand"] for pl in state["players"])
