"""A fitted evaluation for any game: a logistic model of "this player wins" over the game's features.

A game declares a feature vector of a position for each player (`rows(game) -> list[list[float]]`, one
row a player, the same names in the same order every time) made of quantities and counts: VP and its parts, pieces,
resources... The evaluation compares the player with the best opponent feature by feature (the player's
value minus the highest other player's), weighs each with a mix of an early and a late weight by the game's
progress (0 at the start, 1 at the end: a lead late counts differently from one early), and maps the sum
through the logistic function. Every weight has the sign the game declares (more of what a player holds is
never worse, unless the game says so), so a search cannot gain by avoiding something good. Without an intercept, and with differences only, a 2-player position scores p and
1 - p for the two seats.

The weights are fitted on self-play games (tools/playtest/fit.py) and stored as a JSON file next to
the game's rules, with the command, seeds and held-out figures that produced them. A finished game scores
as `engine.search.standing` does: 1 won, 1/k shared, 0 lost.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class ValueFeatures:
    """What a game declares for a fitted evaluation: its feature names (from a game: they may depend on the
    content), every player's rows, the progress (0..1), the winners of a finished game, and the file of
    weights (next to the game's rules)."""

    names: Callable[[Any], list[str]]
    rows: Callable[[Any], list[list[float]]]
    progress: Callable[[Any], float]
    winners: Callable[[Any], list[int]]
    path: Path
    worse: frozenset[str] = frozenset()  # features of which more is worse (their weights are kept <= 0)
    free: frozenset[str] = frozenset()  # features whose weights may take either sign


def relative(rows: Sequence[Sequence[float]], player: int, progress: float) -> list[float]:
    """The model's inputs for `player` from every player's raw features: the differences to the best opponent
    (per feature) times (1 - progress), then the same times the progress. A feature's weight at a progress
    is so the mix of an early and a late weight, and both having a sign keeps it through the game."""
    mine = rows[player]
    others = [r for q, r in enumerate(rows) if q != player]
    diff = [m - max(r[i] for r in others) for i, m in enumerate(mine)] if others else [0.0] * len(mine)
    return [d * (1.0 - progress) for d in diff] + [d * progress for d in diff]


def input_names(names: Sequence[str]) -> list[str]:
    """The names of `relative`'s inputs."""
    return [f"{n} - best other, early" for n in names] + [f"{n} - best other, late" for n in names]


def signs(names: Sequence[str], worse: Collection[str] = (), free: Collection[str] = ()) -> list[int]:
    """The sign each input's weight must have: +1 (more is better: the default for a quantity a player
    holds), -1 for the names in `worse`, 0 (either) for those in `free`; the early and late inputs alike.
    Why: a fit on one policy's games learns correlations (players who buy advances early were behind), and a
    search would exploit a negative weight on something good by avoiding it."""
    one = [-1 if n in worse else 0 if n in free else 1 for n in names]
    return one + one


def logistic(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


@dataclass(frozen=True)
class FittedValue:
    """Weights over `relative`'s inputs, as written by the fitter (`names` checks they match the game's)."""

    names: tuple[str, ...]  # the raw feature names, in order
    weights: tuple[float, ...]  # one per input: len(names) early weights, then len(names) late ones

    @classmethod
    def load(cls, path: Path) -> FittedValue:
        data = json.loads(Path(path).read_text())
        names, weights = tuple(data["features"]), tuple(float(w) for w in data["weights"])
        if len(weights) != 2 * len(names):
            raise ValueError(f"{path}: {len(weights)} weights for {len(names)} features (expected twice as many)")
        return cls(names, weights)

    def check(self, names: Sequence[str]) -> None:
        """Raise if the game's features are not the ones the weights were fitted on."""
        if tuple(names) != self.names:
            missing = sorted(set(self.names) ^ set(names))
            raise ValueError(f"the fitted evaluation's features differ from the game's ({missing}): fit it again "
                             "(rulewright fit)")

    def value(self, rows: Sequence[Sequence[float]], player: int, progress: float) -> float:
        x = relative(rows, player, progress)
        return logistic(sum(w * v for w, v in zip(self.weights, x, strict=True)))


def fitted_evaluation(fit: FittedValue, rows: Callable[[Any], list[list[float]]],
                      progress: Callable[[Any], float],
                      outcome: Callable[[Any], list[int]]) -> Callable[[Any, int], float]:
    """`evaluate(game, player) -> [0, 1]` from a fit and the game's functions: every player's features, the
    progress (0..1) and the winners of a finished game."""

    def evaluate(game: Any, player: int) -> float:
        if game.over:
            winners = outcome(game)
            return 1.0 / len(winners) if player in winners else 0.0
        return fit.value(rows(game), player, progress(game))

    return evaluate


EVALUATIONS = ("fitted", "handwritten")


class LazyFitted:
    """The fitted evaluation of a game, its weights read (and checked against the game's features) at first use,
    so a game without a fit yet can still be fitted (the fitter plays with the hand-written one)."""

    def __init__(self, features: ValueFeatures):
        self.features = features
        self._evaluate: Callable[[Any, int], float] | None = None

    def __call__(self, game: Any, player: int) -> float:
        if self._evaluate is None:
            fit = FittedValue.load(self.features.path)
            fit.check(self.features.names(game))
            self._evaluate = fitted_evaluation(fit, self.features.rows, self.features.progress, self.features.winners)
        return self._evaluate(game, player)


def pick_evaluation(kind: str | None, features: ValueFeatures,
                    handwritten: Callable[[Any, int], float]) -> tuple[str, Callable[[Any, int], float]]:
    """The evaluation a game's search uses: `kind`, else the environment's RULEWRIGHT_EVALUATION, else the
    hand-written one (the fitted one has not yet been shown as strong in games: docs/bots.md)."""
    chosen = kind or os.environ.get("RULEWRIGHT_EVALUATION") or "handwritten"
    if chosen == "handwritten":
        return chosen, handwritten
    if chosen == "fitted":
        return chosen, LazyFitted(features)
    raise ValueError(f"unknown evaluation {chosen!r}: fitted or handwritten")
