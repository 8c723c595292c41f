"""The one play loop: while a decision is pending, ask the seat whose decision it is and apply its choice.

Everything that plays a game on by itself goes through `play_out`: a whole game by bots (play, simulate,
tournament, balance), a search's or an analysis' play-outs from a fork (engine/search.py, chances.py), the
bench's timed games, a person's terminal seat and the server's background bots. Writing the loop once keeps
its rules in one place: who is asked (the pending decision's player), what is applied (exactly that
player's choice), where it stops (the end, a step limit, or a caller's condition).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .decision import Decision

# a seat: any object with `choose(game, decision) -> option` (engine.bots.Bot); `None` from `choose`
# means the seat changed the game itself (a person's undo): the loop asks for the pending decision again
Seats = Sequence[Any] | Mapping[int, Any] | Callable[[int], Any]


class Unfinished(RuntimeError):
    """A game that did not finish within the step limit of a `play_out(..., strict=True)`."""


@dataclass(frozen=True)
class Asking:
    """A seat made of a function `ask(game, decision) -> option` (a bot chosen afresh for each decision, a
    person's prompt): what `play_out` asks is `choose`."""

    ask: Callable[[Any, Decision], str | None]

    def choose(self, game: Any, decision: Decision) -> str | None:
        """The option `ask` picks (None: it changed the game itself; the loop asks again)."""
        return self.ask(game, decision)


@dataclass(frozen=True)
class Step:
    """One decision taken, as the per-step callback sees it (before the choice is applied)."""

    index: int  # 0 for the first decision taken by this play-out
    decision: Decision
    choice: str
    seconds: float  # the time the seat took to choose (wall clock)


def play_out(game: Any, seats: Seats, limit: int | None = None, on_step: Callable[[Any, Step], Any] | None = None,
             stop: Callable[[Any], bool] | None = None, strict: bool = False) -> int:
    """Play `game` on until it ends, `limit` decisions are taken, or `stop(game)` says so (asked before each
    decision); returns the number of decisions taken.

    `seats` gives the seat of each player: a list or a mapping by player index, or a function of the index
    (called once per player, when that player first decides: its bot is made lazily and kept). `on_step`
    sees each choice before it is applied (the decision is still pending then: a caller may time the legal
    actions, fork the game or tally the choice); if it returns True the play-out stops after applying it.
    With `strict`, reaching `limit` before the end raises Unfinished. An illegal choice raises
    IllegalAction from `game.apply`, changing nothing."""
    table: dict[int, Any] = {}

    def seat(player: int) -> Any:
        if callable(seats):
            if player not in table:
                table[player] = seats(player)
            return table[player]
        return seats[player]

    steps = 0
    while game.pending is not None:
        if limit is not None and steps >= limit:
            if strict:
                raise Unfinished(f"game did not finish within {limit} decisions")
            break
        if stop is not None and stop(game):
            break
        d = game.pending
        start = time.perf_counter()
        choice = seat(d.player).choose(game, d)
        if choice is None:  # the seat changed the game itself (an undo): ask again
            continue
        halt = on_step(game, Step(steps, d, choice, time.perf_counter() - start)) if on_step is not None else None
        game.apply({"player": d.player, "choice": choice})
        steps += 1
        if halt is True:
            break
    return steps
