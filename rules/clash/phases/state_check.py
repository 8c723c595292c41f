"""Is a state handed in from outside (a service blob's checkpoint) one the rules could have made?

The stateless JSON path resumes whatever state it is given; a hand-edited one could hold nine
players, negative resources or cards out of nowhere. `check_state` lists what is wrong (empty when
all is well), using the same invariants bot games check after every action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..registry import service
from .invariants import check_invariants

if TYPE_CHECKING:
    from ....engine.machine import Game


@service("check_state")
def check_state(game: Game) -> list[str]:
    lo, hi = game.rt.defn.rules["players"]["min"], game.rt.defn.rules["players"]["max"]
    players = game.state["players"]
    if not isinstance(players, list) or not lo <= len(players) <= hi:
        return [f"Clash of Cultures is for {lo} to {hi} players, not {len(players)}"]
    if game.config.get("players") != len(players):
        return [f"the set-up says {game.config.get('players')} players, the state holds {len(players)}"]
    for i, pl in enumerate(players):
        for k, v in pl["res"].items():
            if type(v) is not int:
                return [f"player {i}: {k} is {v!r}, not a whole number"]
    return check_invariants(game)
