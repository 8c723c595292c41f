"""Bots are plain players behind the same door as everyone: they see a decision and pick an option."""

from __future__ import annotations

from typing import Protocol

from .decision import Decision
from .rng import Rng, seed_state


class Bot(Protocol):
    name: str

    def choose(self, game, decision: Decision) -> str: ...


class RandomBot:
    """Uniform over the legal options, with its own seeded stream so games stay reproducible."""

    name = "random"

    def __init__(self, seed: int = 0):
        self._state = {"rng": seed_state(seed)}

    def choose(self, game, decision: Decision) -> str:
        return decision.options[Rng(self._state).below(len(decision.options))]


BOTS: dict[str, type] = {"random": RandomBot}


def register(name: str, cls: type) -> None:
    """Games add their own bots (e.g. a greedy heuristic that knows the game)."""
    BOTS[name] = cls


def make_bot(kind: str, seed: int):
    if kind not in BOTS:
        raise ValueError(f"unknown bot '{kind}' (known: {', '.join(sorted(BOTS))})")
    return BOTS[kind](seed)
