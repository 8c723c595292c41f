"""The card language's calls into a game's rules by name, for a runtime that answers them from two tables.

Card text calls a function (`f()`) or runs a procedure (`do p()`) that a game
writes in Python and registers by name; it asks an object's attribute, whether a list holds an item, and
may cancel the event a trigger answers. A runtime whose answers are just "look the name up" mixes this in
and names its tables; a runtime with more to say writes its own.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any, ClassVar

from .abilities import Ctx


class RuleCalls:
    """`call`, `do`, `attr`, `has` and `cancel` of the runtime protocol, answered from the game's tables."""

    rule_functions: ClassVar[dict[str, Callable[..., Any]]] = {}  # name -> f(runtime, ctx, *args)
    rule_procedures: ClassVar[dict[str, Callable[..., Generator]]] = {}  # name -> g(runtime, player, *args, ctx=)

    def call(self, ctx: Ctx, name: str, args: list) -> Any:
        """Evaluate a card-language function written in the rules (the game's function table) for the card's
        owner."""
        return self.rule_functions[name](self, ctx, *args)

    def do(self, ctx: Ctx, name: str, args: list) -> Generator:
        """Run a rule procedure named in card text (the game's procedure table) for the card's owner; returns
        its result (`do P(...) as NAME`)."""
        return (yield from self.rule_procedures[name](self, ctx.me, *args, ctx=ctx))

    def attr(self, ctx: Ctx, obj: Any, name: str) -> Any:
        """An object's attribute in card text: these games' texts read none, so always None."""
        return None

    def has(self, ctx: Ctx, container: Any, item: Any) -> bool:
        """Does `container` (a list) hold `item`? (The card language's `in`.)"""
        return isinstance(container, (list, tuple, set)) and item in container

    def cancel(self, ctx: Ctx) -> None:
        """Cancel the event a trigger answers (the rule that emitted it reads ctx.vars["cancelled"])."""
        ctx.vars["cancelled"] = True
