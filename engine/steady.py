"""Steady stretches: questions asked while the state does not change, each answered once.

Working out a decision's menu (which actions, which targets, which costs are payable) asks the same
questions many times over: the abilities in force for a player, a grant, a quantity, a neighbour's
production. Between two changes of the state their answers cannot differ, so a rules runtime opens a
stretch around a computation that only reads the state (`with steady.stretch(state): ...`) and asks
`steady.answer(key, compute)` for each such question: the first asking computes, the others read the
memo. The memo lives only for the stretch, so it never outlives a change, is never copied into a fork
or a save, and needs no rebuilding after a load.

Shadow mode (`SHADOW = True`, or the environment variable RULEWRIGHT_SHADOW=1) checks the exactness of
every memoised answer against a fresh computation and that the state is the same at a stretch's end as at
its start; a difference raises StaleAnswer naming the question. Tests play whole games in it.
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable, Hashable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

SHADOW = os.environ.get("RULEWRIGHT_SHADOW", "") not in ("", "0")
# OFF: no memo at all, every question computed (a test plays the same game both ways and compares)
OFF = False


class StaleAnswer(AssertionError):
    """Shadow mode found a memoised answer that differs from a fresh one, or a stretch that changed the
    state: the memo would have made the game differ from one played without it."""


class Steady:
    """The memo of one runtime's current stretch (None outside a stretch: every question is computed).
    A game keeps its own per-stretch tables (say, pieces by space) in it too, under keys of its own, so
    that a what-if (`suspended`) sets them aside with the answers."""

    __slots__ = ("memo",)

    def __init__(self) -> None:
        self.memo: dict[Hashable, Any] | None = None

    def stretch(self, state: dict | None = None) -> _Stretch | AbstractContextManager[None]:
        """A stretch of questions that change nothing; nested stretches share the outer one's memo.
        `state` is only read in shadow mode (checked unchanged at the end). A plain object, not a
        generator: a menu opens hundreds of stretches a game, and this is cheaper to enter."""
        if SHADOW and self.memo is None and not OFF:
            return self._shadowed(state)
        return _Stretch(self)

    @contextmanager
    def _shadowed(self, state: dict | None) -> Iterator[None]:
        self.memo = {}
        try:
            with unchanged(state):
                yield
        finally:
            self.memo = None

    @contextmanager
    def suspended(self) -> Iterator[None]:
        """A what-if inside a stretch (a bot tries a change, then puts it back): no memo meanwhile."""
        kept, self.memo = self.memo, None
        try:
            yield
        finally:
            self.memo = kept

    def answer(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """compute(), memoised for the stretch under `key` (which must name everything the answer depends
        on besides the state). Callers never change the value they get."""
        memo = self.memo
        return compute() if memo is None else recall(memo, key, compute)


class _Stretch:
    """The context of Steady.stretch outside shadow mode: opens the memo unless one is open (or OFF)."""

    __slots__ = ("steady", "opened")

    def __init__(self, steady: Steady) -> None:
        self.steady = steady
        self.opened = False

    def __enter__(self) -> None:
        if self.steady.memo is None and not OFF:
            self.steady.memo = {}
            self.opened = True

    def __exit__(self, *exc: object) -> None:
        if self.opened:
            self.steady.memo = None


@contextmanager
def unchanged(state: dict | None) -> Iterator[None]:
    """In shadow mode, raise StaleAnswer if `state` is not the same at the end as at the start (a stretch
    that changed the state would have answered from a stale memo); otherwise nothing."""
    before = pickle.dumps(state, pickle.HIGHEST_PROTOCOL) if SHADOW and state is not None else None
    yield
    if before is not None and pickle.dumps(state, pickle.HIGHEST_PROTOCOL) != before:
        raise StaleAnswer("the state changed inside a steady stretch: its memo would be stale")


def recall(memo: dict, key: Hashable, compute: Callable[[], Any]) -> Any:
    """compute(), memoised in `memo` under `key`; in shadow mode a memoised answer is checked against a
    fresh one (a runtime keeping its own stretch memo asks through this too)."""
    if key in memo:
        got = memo[key]
        if SHADOW:
            fresh = compute()
            if fresh != got:
                raise StaleAnswer(f"memoised answer to {key!r} is {got!r}, a fresh one {fresh!r}")
        return got
    got = memo[key] = compute()
    return got


def stretched(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Run `fn(rt, ...)`, a question that only reads the state, in one steady stretch of `rt.steady`."""

    def run(rt: Any, *args: Any, **kwargs: Any) -> Any:
        with rt.steady.stretch(rt.state):
            return fn(rt, *args, **kwargs)

    run.__name__, run.__qualname__, run.__doc__ = fn.__name__, fn.__qualname__, fn.__doc__
    run.__wrapped__ = fn  # type: ignore[attr-defined]
    return run
