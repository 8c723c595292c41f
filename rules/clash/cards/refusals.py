"""Why an action the menu does not offer is not offered, said when someone tries to take it anyway.

The menu leaves out a special action (`action "..."` on a card, an advance, a wonder ...) whose limits do
not allow it now: not in force for the player, already used, its `when` false, its cost out of reach,
or nothing to act on. Asked only after an illegal choice (engine Game.apply through the definition's
`why_not`), never on the menu's hot path. A condition that fails is named by its first false part in
English, so `when cities_count() >= 3 and has(temple)` says which of the two failed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....dsl import ast as A
from ....dsl.compiler import Compiler
from ....dsl.explain import expr as words_of
from ....engine.abilities import Ctx, SpecialAction
from ..registry import service
from .card_play import refusal

if TYPE_CHECKING:
    from ..state.runtime import Clash

_PERIOD = {"turn": "this turn", "round": "this round", "game": "this game"}


def _parts(cond: A.Expr) -> list[A.Expr]:
    """The conjuncts of a condition (`a and b and c` -> a, b, c), each tested on its own."""
    if isinstance(cond, A.BinOp) and cond.op == "and":
        return _parts(cond.left) + _parts(cond.right)
    return [cond]


def failed_condition(rt: Clash, p: int, a: SpecialAction) -> str | None:
    """The first part of the action's `when` that is false for p now, in English (None: it holds)."""
    entry = rt.defn.content.entries.get(a.source)
    written = entry.effect.abilities[a.index] if entry is not None and entry.effect is not None else None
    cond = getattr(written, "when", None)
    if cond is None:
        return None
    compiler = Compiler(rt.defn.content.vocab)
    ctx = Ctx(rt, p, a.source, {})
    for part in _parts(cond):
        if not compiler.expr(part)(ctx):
            return words_of(part)
    return None


def _why(rt: Clash, p: int, a: SpecialAction) -> str | None:
    if a.source not in rt.active_set(p):
        return "it is not in force for you"
    if a.once_per_turn and rt._spent(p, a):
        return f"it was already used {_PERIOD.get(a.per, 'in its period')}"
    failed = failed_condition(rt, p, a)
    if failed is not None:
        return f"its condition is not met: {failed}"
    ctx = Ctx(rt, p, a.source, {})
    if a.when is not None and not a.when(ctx):
        return "its condition is not met"
    cost = [(c.what, int(c.amount(ctx))) for c in a.cost]
    cost += [(w, int(f(ctx))) for w, f in getattr(a.body, "pays", None) or ()]
    if cost and not rt.can_pay(ctx, cost):
        return "you cannot pay " + ", ".join(f"{n} {w.replace('_', ' ')}" for w, n in cost)
    nothing = refusal(rt, p, a, ctx)
    return f"it would do nothing: {nothing}" if nothing else None


@service("why_not")
def why_not(rt: Clash, decision: Any, choice: str) -> str | None:
    """Why `choice` is not an option of the pending decision, where the rules can say (a special action of
    the action menu); None leaves the plain refusal."""
    if decision.kind != "action" or not choice.startswith("special:"):
        return None
    source, _, index = choice.removeprefix("special:").partition("#")
    for a in rt.index.actions.get(source, ()):
        if a.key == f"{source}#{index}":
            why = _why(rt, decision.player, a)
            name = rt.source_name(source)
            return f"{a.title} ({name}) cannot be taken now: {why}" if why else None
    return None
