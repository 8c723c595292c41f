"""Changes of state with their hooks: every gain, payment, loss, mood, size, unit, card and level change.

A mixin of the `Clash` runtime (state/runtime.py). Each kind of change goes through one method here,
which changes the state and then emits the change's hook with its cause (vocabulary `enums: cause`),
so a card can react to any moment a modder can name ("whenever you gain an idea", "when a city becomes
angry", "when one of your units dies"). Emitting costs next to nothing when nobody listens: the hook is
skipped, payload and all, unless some ability triggers on it, an objective waits for it or an effect
counts it with times_this_turn (`ClashDefinition.listened_hooks`), or a study watches it (engine/watch.py).
"""

from __future__ import annotations

from collections.abc import Generator

from .setup import add_unit

MOODS = ("angry", "neutral", "happy")
# payments of these causes are losses, not prices: what an event makes a player pay (Famine's "pay 1 food
# or ...") is taken from him, so it fires resource_lost, the hook of "whenever you lose food" (issue 28)
TAKEN = frozenset({"event"})
# which cause a payment for a purpose is (resources.py pay_for's `purpose`)
PURPOSE_CAUSE = {"advance": "advancing", "civic": "improving", "build": "building", "grow": "growing",
                 "wonder": "building_wonder"}


# hooks emitted only where `hears` says something listens (here and in combat/combat.py): a study's watch
# makes them heard, and the runtime's emit then only shows them to the watch, so the game goes on exactly as
# it would unwatched (no tally for times_this_turn, no count of firings)
GATED_HOOKS = frozenset({"resource_gained", "resource_paid", "resource_lost", "city_mood_changed",
                         "city_size_changed", "unit_placed", "unit_removed", "card_drawn", "card_played",
                         "card_discarded", "level_raised", "combat_card_revealed", "combat_round_end",
                         "battle_tied", "advance_lost"})  # tests/clash/test_watch_gated.py keeps it whole


class Changes:
    """State changes of the runtime; needs `state`, `defn`, `watch`, `player`, `emit`, `add_resource`, `log`, and
    `units_changed` (state/kept.py), told of every unit added or removed here."""
    def hears(self, hook: str) -> bool:
        """Does anything listen to `hook`? (checked before a payload is built)"""
        return hook in self.defn.listened_hooks or (self.watch is not None and hook in self.watch.by_hook)

    def cause_of(self, source: str) -> str:
        """The cause of a change made by an entry's effect: an event card's is `event`, the rules' `rule`,
        any other card's (advance, wonder, action card, leader ...) `card`."""
        e = self.defn.content.entries.get(source)
        if e is None:
            return "rules"
        return "event" if e.kind == "event_card" else "card"

    # ---- resources and tokens ------------------------------------------------------------------------
    def gain_resource(self, p: int, what: str, n: int, cause: str) -> Generator:
        """Gain up to the limit and emit resource_gained; returns what was actually gained."""
        got = self.add_resource(p, what, n)
        if got and self.hears("resource_gained"):
            yield from self.emit("resource_gained", p, what=what, amount=got, cause=cause)
        return got

    def paid(self, p: int, paid: dict[str, int], cause: str) -> Generator:
        """Emit resource_paid for a payment already taken (one firing per resource or token paid); a payment
        an event demands is a loss (TAKEN): resource_lost."""
        hook = "resource_lost" if cause in TAKEN else "resource_paid"
        if self.hears(hook) and p >= 0:
            for what, n in sorted(paid.items()):
                if n > 0:
                    yield from self.emit(hook, p, what=what, amount=n, cause=cause)

    def spend(self, p: int, what: str, n: int, cause: str) -> Generator:
        """Take n of a resource or token as a payment the rules fixed (no choice), with its hook."""
        n = int(n or 0)
        if n <= 0:
            return
        self.player(p)["res"][what] -= n
        yield from self.paid(p, {what: n}, cause)

    def lose_resource(self, p: int, what: str, n: int, cause: str) -> Generator:
        """Lose up to n (never below 0) and emit resource_lost; returns what was lost."""
        res = self.player(p)["res"]
        gone = min(res[what], max(0, int(n or 0)))
        res[what] -= gone
        if gone and self.hears("resource_lost"):
            yield from self.emit("resource_lost", p, what=what, amount=gone, cause=cause)
        return gone

    # ---- cities ------------------------------------------------------------------------------------
    def set_mood(self, space: str, mood: str, cause: str) -> Generator:
        """A city's mood becomes `mood`; emits city_mood_changed (to its owner) when it changed."""
        c = self.state["cities"][space]
        before = c["mood"]
        c["mood"] = mood
        if before != mood and self.hears("city_mood_changed"):
            yield from self.emit("city_mood_changed", c["owner"], city=space, cause=cause, **{"from": before, "to": mood})

    def shift_mood(self, space: str, steps: int, cause: str) -> Generator:
        """Move a city's mood up (steps > 0) or down (steps < 0) the track angry - neutral - happy. A city
        razed or captured while the effect was on its way (a trigger holds its space) keeps no mood: nothing."""
        c = self.state["cities"].get(space)
        if c is None:
            return
        i = max(0, min(len(MOODS) - 1, MOODS.index(c["mood"]) + steps))
        yield from self.set_mood(space, MOODS[i], cause)

    def size_changed(self, space: str, before: int, cause: str, owner: int | None = None) -> Generator:
        """Emit city_size_changed after a city gained or lost pieces (to size 0 when it was removed)."""
        c = self.state["cities"].get(space)
        after = len(c["pieces"]) if c else 0
        p = c["owner"] if c else owner
        if after != before and p is not None and self.hears("city_size_changed"):
            yield from self.emit("city_size_changed", p, city=space, cause=cause, **{"from": before, "to": after})

    # ---- units -------------------------------------------------------------------------------------
    def place_unit(self, p: int, utype: str, space: str, cause: str, ship: str | None = None) -> Generator:
        """Put a new unit on the board and emit unit_placed; returns its id."""
        uid = add_unit(self.state, p, utype, space, ship)
        self.units_changed()
        if self.hears("unit_placed"):
            yield from self.emit("unit_placed", p, unit=utype, space=space, cause=cause)
        return uid

    def unit_removed(self, unit: dict, cause: str) -> Generator:
        """Emit unit_removed for a unit (its record) just taken off the board."""
        if self.hears("unit_removed"):
            yield from self.emit("unit_removed", unit["owner"], unit=unit["type"], space=unit["space"], cause=cause)

    def take_unit(self, uid: str, cause: str) -> Generator:
        """Remove a unit from the board and emit unit_removed; returns its record (None if gone)."""
        u = self.state["units"].pop(uid, None)
        if u is not None:
            self.units_changed()
            yield from self.unit_removed(u, cause)
        return u

    # ---- cards -------------------------------------------------------------------------------------
    def card_drawn(self, p: int, card: str, deck: str, cause: str) -> Generator:
        """p drew `card` from `deck` (`cause`: why): the card_drawn hook runs when anything listens."""
        if self.hears("card_drawn"):
            yield from self.emit("card_drawn", p, card=card, deck=deck, cause=cause)

    def card_played(self, p: int, card: str) -> Generator:
        """p played `card` for its effect: the card_played hook runs when anything listens."""
        if self.hears("card_played"):
            yield from self.emit("card_played", p, card=card)

    def card_discarded(self, p: int, card: str, cause: str) -> Generator:
        """p discarded `card` (`cause`: why): the card_discarded hook runs when anything listens."""
        if self.hears("card_discarded"):
            yield from self.emit("card_discarded", p, card=card, cause=cause)

    # ---- levels ------------------------------------------------------------------------------------
    def level_raised(self, p: int, track: str, level: int, cause: str) -> Generator:
        """Emit level_raised after the culture (track culture) or happiness (track mood) level went up."""
        if self.hears("level_raised"):
            yield from self.emit("level_raised", p, track=track, level=level, cause=cause)
