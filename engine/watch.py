"""Counting the moments a study asks about, as they happen: how often a hook fired under a condition.

A designer's measure such as "battles won by the defender" is a hook (`battle_ended`) and a condition in
the card language (`side = defender and won`), compiled by the tools (tools/playtest/custom_measures.py)
into a `Watch`. A game plays with a watch when its definition carries one (`watching(definition, watch)`,
a shallow copy: the rules are the same object, only the watch is added). Each game's runtime hands the
watch every hook it emits (`fired`), before any trigger runs; the watch evaluates its conditions in the
hook's context, exactly as a trigger's `when` is evaluated, and counts the firings per seat in the
runtime (`counts(rt)`). Watching reads the game and never changes it: the same seed plays the same game.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .abilities import Ctx

COUNTS = "_watch_counts"  # the runtime's attribute holding one game's counts: name -> firings per seat


@dataclass(frozen=True)
class Watched:
    """One counted moment: its name, the hook, and the compiled condition (None: every firing)."""

    name: str
    hook: str
    when: Callable[[Ctx], Any] | None = None


@dataclass(frozen=True)
class Watch:
    """The moments a game is watched for, by hook."""

    watched: tuple[Watched, ...]
    by_hook: dict[str, tuple[Watched, ...]] = field(init=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        table: dict[str, list[Watched]] = {}
        for w in self.watched:
            table.setdefault(w.hook, []).append(w)
        object.__setattr__(self, "by_hook", {h: tuple(ws) for h, ws in table.items()})

    @property
    def hooks(self) -> frozenset[str]:
        return frozenset(self.by_hook)

    def fired(self, rt: Any, hook: str, p: int, payload: dict) -> None:
        """A hook fired for p with this payload: count each watched moment whose condition holds."""
        found = self.by_hook.get(hook)
        if not found or not 0 <= p < rt.n:
            return
        counts = rt.__dict__.setdefault(COUNTS, {})
        for w in found:
            if w.when is None or w.when(Ctx(rt, p, f"measure:{w.name}", dict(payload))):
                seats = counts.setdefault(w.name, [0] * rt.n)
                seats[p] += 1


def counts(rt: Any, watch: Watch) -> dict[str, list[int]]:
    """Each watched moment's firings per seat in the game run by `rt` (zeros for one that never fired)."""
    got = getattr(rt, COUNTS, {})
    return {w.name: list(got.get(w.name, [0] * rt.n)) for w in watch.watched}


def watching(definition: Any, watch: Watch) -> Any:
    """The definition with a watch: a shallow copy sharing its rules, content and caches."""
    watched = copy.copy(definition)
    watched.watch = watch
    return watched
