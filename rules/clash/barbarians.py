"""Barbarians (rulebook page 13): small independent cities with units, owned by no player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .setup import add_city

if TYPE_CHECKING:
    from .runtime import Clash

BARBARIAN = -1


def place_barbarian_city(rt: Clash, space: str, units: int = 1) -> None:
    add_city(rt.state, rt.defn, BARBARIAN, space)
    for _ in range(units):
        rt.new_unit(BARBARIAN, rt.role("army"), space)
    rt.log(f"  a barbarian settlement appears at {space}")
