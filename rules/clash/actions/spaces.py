"""Small questions about spaces that moving units ask: is it foreign, which region, is it face down."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..state.runtime import Clash


def foreign(rt: Clash, p: int, space: str) -> bool:
    """Does a city or a unit of another owner (a player, barbarians, pirates) stand there?"""
    if space in rt.state["cities"] and rt.state["cities"][space]["owner"] != p:
        return True
    return any(rt.state["units"][u]["owner"] != p for u in rt.units_at(space))


def region_of(rt: Clash, space: str) -> int:
    """The board slot (region) a space belongs to."""
    return rt.board.space(space).region


def unrevealed(rt: Clash, space: str) -> bool:
    """Is the space's region still face down?"""
    return not rt.board.space(space).revealed
