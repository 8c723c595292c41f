"""A city's military strength: the shields of every `shields` grant in force (red cards, wonder
stages), which the conflicts at each age's end compare with the neighbours'."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..state.runtime import Wonders


def shields(rt: Wonders, p: int) -> int:
    """p's shields now."""
    return sum(int(args[0]) for args in rt.grants(p, "shields"))
