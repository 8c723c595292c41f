"""Indexes kept current by the state-change hooks: units by space and by owner, cities by owner.

The action menu and the bots ask "which units stand here?" and "which cities are p's?" thousands of
times a game, and each asking scanned every unit or city. A mixin of the `Clash` runtime keeps the two
indexes instead: every write that moves, adds or removes a unit goes through `units_changed` (changes.py
take_unit and place_unit, the moves in actions/ and combat/), every write that founds, razes, moves or
captures a city through `cities_changed`, and either drops the index, which the next question rebuilds
in one scan, in the state's own order (so every answer is the scan's answer, order included).

An index also belongs to the state it was built from: a game whose state or units were replaced (a
fork, a load, a rebuild) or whose count of units or cities differs from the index's gets a fresh one.
tests/clash/test_kept_indexes.py plays games and compares the indexes with a fresh scan after every action.
"""

from __future__ import annotations


class Kept:
    """Units by space and cities by owner, kept for the runtime; needs `game` (its `state`)."""

    _by_space: dict[str, list[str]] | None = None
    _by_space_of: tuple = ()
    _units_by_owner: dict[int, list[str]] | None = None
    _by_owner: dict[int, list[str]] | None = None
    _by_owner_of: tuple = ()

    def units_changed(self) -> None:
        """A unit was moved, added or removed: the unit indexes are rebuilt when next asked."""
        self._by_space = None

    def cities_changed(self) -> None:
        """A city was founded, razed, moved or captured: the cities-by-owner index is rebuilt when next asked."""
        self._by_owner = None

    def units_by_space(self) -> dict[str, list[str]]:
        """Unit ids by space, each list in the order of the state's units (callers never change it)."""
        units = self.game.state["units"]
        got = self._by_space
        if got is None or self._by_space_of[0] is not units or self._by_space_of[1] != len(units):
            got, owned = {}, {}
            for u, d in units.items():
                got.setdefault(d["space"], []).append(u)
                owned.setdefault(d["owner"], []).append(u)
            self._by_space, self._by_space_of, self._units_by_owner = got, (units, len(units)), owned
        return got

    def units_by_owner(self) -> dict[int, list[str]]:
        """Unit ids by owner, in the order of the state's units (built with units_by_space, dropped with it)."""
        self.units_by_space()
        return self._units_by_owner  # type: ignore[return-value]

    def cities_by_owner(self) -> dict[int, list[str]]:
        """City spaces by owner, each list in the order of the state's cities (callers never change it)."""
        cities = self.game.state["cities"]
        got = self._by_owner
        if got is None or self._by_owner_of[0] is not cities or self._by_owner_of[1] != len(cities):
            got = {}
            for s, c in cities.items():
                got.setdefault(c["owner"], []).append(s)
            self._by_owner, self._by_owner_of = got, (cities, len(cities))
        return got
