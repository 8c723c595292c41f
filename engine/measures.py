"""End-of-game measures: the numbers a game says describe one finished game (VP and win per seat, length,
battles ...), so that simulate, compare and sweep report them without knowing the game or reading its log.

A game declares its measures (`Measure`: a key, a label, per seat or for the whole game) and a function
that reads them off a finished game; it hands both over as one `GameMeasures`, the `measures` field of its descriptor
(engine/games.py `GameModule`). The values are plain JSON: a number per
game-wide measure, a list with one number per seat for a per-seat measure.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Measure:
    """One end-of-game number: `key` (as stored), `label` (what a person reads), whether it has one value
    per seat, and whether it is a share in [0, 1] (shown as a percentage)."""

    key: str
    label: str
    per_seat: bool = False
    share: bool = False


@dataclass(frozen=True)
class GameMeasures:
    """What a game supplies: its measures, in report order, and the function reading them off a game."""

    measures: tuple[Measure, ...]
    read: Callable[[Any], dict[str, float | list[float]]]

    def of(self, game: Any) -> dict[str, float | list[float]]:
        """The declared measures of a finished game, checked against the declaration."""
        values = self.read(game)
        n = len(game.state["players"])
        for m in self.measures:
            v = values.get(m.key)
            if m.per_seat and not (isinstance(v, list) and len(v) == n):
                raise ValueError(f"measure '{m.key}' must give one value per seat, got {v!r}")
            if not m.per_seat and not isinstance(v, int | float):
                raise ValueError(f"measure '{m.key}' must be a number, got {v!r}")
        return {m.key: values[m.key] for m in self.measures}


def win_shares(winners: list[int], players: int) -> list[float]:
    """Each seat's share of the win: 1/k for each of k joint winners, else 0 (the shares add up to 1)."""
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(players)]


@dataclass(frozen=True)
class Standings:
    """What every game's table opens with: a score per seat (`key`), each seat's share of the win and, when
    `mean_label` is given, the seats' mean score (`<key>_mean`); then its own measures follow."""

    key: str = "vp"
    label: str = "VP"
    mean_label: str | None = "mean VP of the seats"

    @property
    def measures(self) -> tuple[Measure, ...]:
        mean = (Measure(f"{self.key}_mean", self.mean_label),) if self.mean_label else ()
        return (Measure(self.key, self.label, per_seat=True), Measure("win", "win rate", per_seat=True, share=True),
                *mean)

    def values(self, scores: list, winners: list[int]) -> dict[str, float | list[float]]:
        """The values of `measures` from the seats' scores and the winners."""
        out: dict[str, float | list[float]] = {self.key: [float(v) for v in scores],
                                               "win": win_shares(winners, len(scores))}
        if self.mean_label:
            out[f"{self.key}_mean"] = sum(scores) / len(scores)
        return out


DECISIONS = Measure("decisions", "decisions in the game")


def decisions(game: Any) -> float:
    """The value of DECISIONS: how many decisions the game took."""
    return float(len(game.actions))


def flatten(measures: tuple[Measure, ...], values: dict[str, Any]) -> dict[str, float]:
    """One number per column: a per-seat measure `vp` becomes `vp[0]`, `vp[1]` ...; others keep their key."""
    out: dict[str, float] = {}
    for m in measures:
        v = values.get(m.key)
        if v is None:
            continue
        if m.per_seat:
            out.update({f"{m.key}[{i}]": float(x) for i, x in enumerate(v)})
        else:
            out[m.key] = float(v)
    return out


def column_label(measures: tuple[Measure, ...], column: str) -> str:
    """What a person reads for a flattened column: `vp[2]` -> 'VP, seat 2'."""
    key, _, seat = column.partition("[")
    for m in measures:
        if m.key == key:
            return f"{m.label}, seat {seat.rstrip(']')}" if seat else m.label
    return column


def is_share(measures: tuple[Measure, ...], column: str) -> bool:
    key = column.partition("[")[0]
    return any(m.key == key and m.share for m in measures)
