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


def _search_bot(seed: int = 0, budget: str | None = None):
    from .search import SearchBot

    return SearchBot(seed, budget)


BOTS: dict[str, type] = {"random": RandomBot, "search": _search_bot}  # type: ignore[dict-item]


def register(name: str, cls: type) -> None:
    """Games add their own bots (e.g. a greedy heuristic that knows the game)."""
    BOTS[name] = cls


def bot_error(kind: str) -> str | None:
    """Why `kind` names no bot (None when it does): a known name, with an optional `:budget`."""
    name, _, arg = kind.partition(":")
    if name not in BOTS:
        return f"unknown bot '{name}' (known: {', '.join(sorted(BOTS))}; search takes a budget: search:200, search:1s)"
    if arg:
        try:
            BOTS[name](0, arg)
        except (TypeError, ValueError) as err:
            return f"bad setting for bot '{name}': {err}"
    return None


def make_bot(kind: str, seed: int):
    """A bot by name, e.g. `greedy`, `search` or `search:200` (a budget after the colon)."""
    err = bot_error(kind)
    if err:
        raise ValueError(err)
    name, _, arg = kind.partition(":")
    return BOTS[name](seed, arg) if arg else BOTS[name](seed)
