"""Between players: what the card language's `holder`, `give`, `take` and `swap` need of Clash.

A mixin of the `Clash` runtime (state/runtime.py). The language moves resources and tokens itself (a
loss for one player, a gain for the other, with their hooks) and cards of a hand through `hand_of`;
units go through `transfer`: the giver removes one of his units of the type (his pick, as when he loses
one to an event) and the taker places a new one as a gain places it (in one of his cities). A card kept
in play (`do keep_in_play`) is held by the player in front of whom it lies: `holder`.
"""

from __future__ import annotations

from collections.abc import Generator

from ....engine.abilities import Ctx
from ....engine.consult import consult
from ..registry import PROCEDURES

NOT_MOVED = ("leader", "pirate")  # unit roles that belong to one side and never change hands


class Between:
    """`holder_of`, `hand_of` and `transfer` of the runtime; needs `state`, `n`, `player`, `defn`, `units_of`,
    `gain`, `log` and `name`."""

    def holder_of(self, source: str) -> int | None:
        """The player who holds `source` in play (a card kept in front of him), or None."""
        for p in range(self.n):
            if source in self.player(p).get("in_play", ()):
                return p
        return None

    def hand_of(self, p: int, deck: str) -> list:
        """p's cards of a deck held in hand (the list itself: the language moves cards in and out of it); the
        rules looking at p's hidden hand is noted for undo (engine/consult.py)."""
        consult(p)
        return self.player(p)["hand"].setdefault(deck, [])

    def transfer(self, ctx: Ctx, what: str, n: int, giver: int, taker: int) -> Generator:
        """Units of type `what`: the giver loses up to n of them (his pick), the taker places as many new
        ones; returns how many changed hands."""
        unit = self.defn.units.get(what)
        if unit is None or unit.data.get("role") in NOT_MOVED:
            return 0
        moved = 0
        for _ in range(n):
            before = len(self.units_of(giver, what))
            yield from PROCEDURES["lose_units"](self, giver, 1, what, None, ctx=Ctx(self, giver, ctx.source))
            if len(self.units_of(giver, what)) == before:
                break
            yield from self.gain(Ctx(self, taker, ctx.source, dict(ctx.vars)), what, 1)
            moved += 1
        if moved:
            self.log(f"  {self.name(taker)} takes over {moved} {unit.name} from {self.name(giver)}")
        return moved
