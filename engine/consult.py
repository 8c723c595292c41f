"""What the rules looked at that some player may not see, noted while a decision is applied (for undo).

A decision may be taken back only while it taught its player nothing hidden (engine/undo.py). A change of
hidden data is seen by comparing the state before and after; a look is not: a status phase that checks an
opponent's objective cards and finds none completed changes nothing, yet the player learns that none
completes in this position (and, with undo, could try another). So the rules say when they look: a rule
that reads a player's hidden value calls `consult(owner)` (None: something hidden from everyone, such as a
deck's order or the random stream, which every draw of engine/rng.py notes by itself). Nothing is noted
unless a caller collects with `consulting()`, so ordinary play pays one context-variable read per look.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_SEEN: ContextVar[set | None] = ContextVar("rulewright_consulted", default=None)
EVERYONE = None  # the owner of what nobody sees: deck orders, the random stream


def consult(owner: int | None = EVERYONE) -> None:
    """The rules looked at a hidden value of `owner` (a player index; None: hidden from everyone)."""
    seen = _SEEN.get()
    if seen is not None:
        seen.add(owner)


@contextmanager
def consulting() -> Iterator[set]:
    """Collect the owners of whatever hidden the rules look at inside the block (a set of indices and None)."""
    seen: set = set()
    token = _SEEN.set(seen)
    try:
        yield seen
    finally:
        _SEEN.reset(token)
