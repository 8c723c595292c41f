"""A new game's state: the players' cities dealt at random on the side the rules say (or the boards the
set-up names), the starting coins, and the empty decks, discard pile and guild pool the flow fills."""

from __future__ import annotations

from typing import Any

from ....engine.rng import Rng, seed_state


def new_state(defn: Any, config: dict) -> dict:
    """The state before the flow's first step, for `config` (players, seed, names, boards)."""
    lo, hi = defn.rules["players"]["min"], defn.rules["players"]["max"]
    n = int(config.get("players", lo))
    if not lo <= n <= hi:
        raise ValueError(f"7 Wonders is for {lo} to {hi} players, not {n}")
    state: dict = {"rng": seed_state(int(config.get("seed", 0)), config.get("stream")), "age": 0, "turn": 0, "turns": 0,
                   "phase": "play", "decks": {}, "guild_pool": [], "discard": []}
    names = list(config.get("names") or [])
    boards = deal_boards(defn, state, n, config.get("boards"))
    start = int(defn.params["starting_coins"])
    state["players"] = [{"name": names[p] if p < len(names) else f"Player {p + 1}", "board": boards[p],
                         "coins": start, "built": [], "stages": 0, "stage_cards": [], "hand": [],
                         "pick": None, "military": [], "free_used": None} for p in range(n)]
    return state


def deal_boards(defn: Any, state: dict, n: int, chosen: list[str] | None = None) -> list[str]:
    """One city per player at random (or the boards the set-up names), on the side the rules say."""
    if chosen:
        unknown = [b for b in chosen if b not in defn.boards]
        if unknown or len(chosen) != n:
            raise ValueError(f"the set-up's boards must be {n} known wonder boards (unknown: {unknown})")
        return list(chosen)
    cities: dict[str, dict[str, str]] = {}
    for bid, e in defn.boards.items():
        cities.setdefault(e.name, {})[str(e.data.get("side", "a"))] = bid
    names = sorted(cities)
    if len(names) < n:
        raise ValueError(f"{n} players need {n} wonder boards; the packs hold {len(names)}")
    rng = Rng(state)
    rng.shuffle(names)
    side = str(defn.params.get("board_side", "a"))
    out = []
    for name in names[:n]:
        sides = cities[name]
        want = ("a", "b")[rng.below(2)] if side == "random" else side
        out.append(sides.get(want) or next(iter(sorted(sides.values()))))
    return out
