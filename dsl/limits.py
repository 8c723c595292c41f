"""Bounds of the card language: no number a card may write, and no count a rule may reach, is unbounded.

A board game counts in ones and tens: resources stop at 8, a deck holds a few dozen cards. A pack
that writes `repeat 1000000000 times` or `costs 1000000000 food` is a mistake (or an attack) that
would hang the game or exhaust memory. Two guards:
- `check_limits` (at load time, so `rulewright lint` reports it): every number written in an effect is
  at most MAX_NUMBER, and a constant product of them too;
- `cap` (at run time, for amounts computed from the state): a repeat, draw or gain above its cap stops
  with RunawayEffect naming the entry, like a trigger loop does.
"""

from __future__ import annotations

from typing import Any

from ..engine.diagnostics import Diagnostic
from . import ast as A
from .impossible import nodes

MAX_NUMBER = 99  # the largest number an effect may write (amounts, costs, counts, dice, modifiers)
MAX_RUNTIME = {  # the largest amount a rule may reach while running, by what is counted
    "repeat": 99,
    "draw": 60,
    "gain": 999,
    "pay": 999,
    "lose": 999,
    "actions": 30,
    "special": 60,  # uses of one special action in one turn
}


def _constant(expr: Any) -> int | None:
    """The value of an expression made only of numbers and arithmetic, else None."""
    if isinstance(expr, A.Num):
        return expr.value if isinstance(expr.value, int) else None
    if isinstance(expr, A.BinOp) and expr.op in ("+", "-", "*"):
        left, right = _constant(expr.left), _constant(expr.right)
        if left is None or right is None:
            return None
        if expr.op == "*" and abs(left) * abs(right) > 10 ** 12:
            return 10 ** 12 + 1
        return {"+": left + right, "-": left - right, "*": left * right}[expr.op]
    return None


def check_limits(effect: Any, file: str) -> list[Diagnostic]:
    """Errors for numbers beyond MAX_NUMBER in a parsed effect (positions inside the effect text)."""
    out: list[Diagnostic] = []
    for node in nodes(effect):
        value = _constant(node) if isinstance(node, A.Num | A.BinOp) else None
        if value is None or -MAX_NUMBER <= value <= MAX_NUMBER:
            continue
        pos = getattr(node, "pos", A.NOWHERE)
        shown = str(value) if abs(value) <= 10 ** 12 else "more than a trillion"
        out.append(Diagnostic(file, pos.line, pos.column, "E0250",
                              f"the number {shown} is too large: the card language counts up to {MAX_NUMBER}",
                              "a board game counts in ones and tens; write the amount the card means",
                              end_column=pos.end_column if pos.end_line == pos.line else 0))
        if isinstance(node, A.BinOp):
            break  # one report per runaway expression is enough
    return out


def cap(rt: Any, source: str, what: str, n: Any) -> int:
    """`n` as a count for `what`, or RunawayEffect naming the entry when it is beyond the cap."""
    from ..engine.decision import RunawayEffect

    limit = MAX_RUNTIME.get(what, MAX_RUNTIME["gain"])
    count = int(n or 0)
    if abs(count) > limit:
        name = rt.source_name(source) if hasattr(rt, "source_name") else source
        doing = {"repeat": f"repeats {count} times", "draw": f"draws {count} cards",
                 "actions": f"gives {count} actions in one turn",
                 "special": f"is used {count} times in one turn"}.get(what, f"makes a player {what} {count}")
        raise RunawayEffect(f"runaway effect stopped: {name} ({source}) {doing}, more than the limit of {limit}",
                            [source])
    return count
