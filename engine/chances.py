"""Win chances of every player in a position, by Monte Carlo from forks (game-agnostic).

Each sample forks the game, replaces its random stream (the future dice and shuffles are unknown; the
hands stay as they are: this is a spectator's analysis of a finished game, who sees everything), plays
on with the game's fast policy for a number of decisions (or to the end), and scores the position for
every player with the game's evaluation (see engine/search.py, SearchSupport). The chances are the
mean scores, normalised to add up to 1.
"""

from __future__ import annotations

from typing import Any

from .playout import play_out
from .rng import Rng, seed_state


def win_chances(game: Any, samples: int, horizon: int, seed: int) -> list[float]:
    support = game.definition.search_support()
    n = len(game.state["players"])
    if game.pending is None:
        return _normalise([support.evaluate(game, p) for p in range(n)])
    totals = [0.0] * n
    rng = Rng({"rng": seed_state(seed)})
    for _ in range(samples):
        world = game.fork()
        world.state["rng"] = rng.below(1 << 62)
        world.seal()
        s = rng.below(1 << 30)
        play_out(world, lambda q, s=s: support.policy(s * 31 + q), limit=horizon)
        for p in range(n):
            totals[p] += support.evaluate(world, p)
    return _normalise(totals)


def _normalise(values: list[float]) -> list[float]:
    total = sum(values)
    if total <= 0:
        return [round(1.0 / len(values), 4)] * len(values)
    return [round(v / total, 4) for v in values]
