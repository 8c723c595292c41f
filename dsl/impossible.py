"""Lint of numbers an effect writes that can never mean what they say (warnings, every game).

- W0330: a quantity set (`= N`) or capped (`max N`) below zero: every quantity counts something (a limit,
  a price, dice, actions), so no rule can use a negative one; or a `min` above the `max` of the same
  modifier, which leaves no value possible;
- W0331: `gain`, `pay`, `lose`, `draw` or `repeat` of a constant amount of zero or less: it does nothing.

Only amounts known when loading (numbers and arithmetic on them) are judged; `-= 3` on a limit printed
as 2 is left to the run, where quantities stop at the bounds the rules give them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from ..engine.diagnostics import Diagnostic
from . import ast as A

_ARITH = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
          "//": lambda a, b: a // b if b else None}
_AMOUNTS = (A.Gain, A.Pay, A.Lose, A.Draw)


def constant(e: Any) -> int | None:
    """The value of an expression made of numbers and arithmetic only, else None."""
    if isinstance(e, A.Num):
        return e.value
    if isinstance(e, A.BinOp) and e.op in _ARITH:
        left, right = constant(e.left), constant(e.right)
        return None if left is None or right is None else _ARITH[e.op](left, right)
    return None


def nodes(node: Any, depth: int = 0) -> Iterator[Any]:
    """Every syntax node under `node`, itself included (any node kind, known or added later)."""
    if depth > 200:
        return
    if isinstance(node, list | tuple):
        for x in node:
            yield from nodes(x, depth + 1)
        return
    if not dataclasses.is_dataclass(node) or isinstance(node, type) or isinstance(node, A.Pos):
        return
    yield node
    for f in dataclasses.fields(node):
        yield from nodes(getattr(node, f.name), depth + 1)


def effect_start(lines: list[str], entry_line: int, key: str = "effect") -> tuple[int, int]:
    """(file line (1-based), column offset) of the first character of an entry's effect text."""
    for j in range(entry_line - 1, min(len(lines), entry_line + 400)):
        if j > entry_line - 1 and lines[j].lstrip().startswith("- id:"):
            break
        stripped = lines[j].strip()
        if stripped.startswith(f"{key}:"):
            rest = stripped[len(key) + 1:].strip()
            if rest[:1] in ("|", ">") and j + 1 < len(lines):
                return j + 2, len(lines[j + 1]) - len(lines[j + 1].lstrip())
            return j + 1, lines[j].index(rest) if rest else 0
    return entry_line, 0


def at(content: Any, entry: Any, pos: A.Pos, combat: bool = False) -> tuple[int, int]:
    """File line and column of a position inside an entry's effect (its combat half's with `combat`)."""
    lines = content.sources.get(entry.file) or []
    start = entry.line
    if combat:
        start = next((j + 1 for j in range(entry.line - 1, min(len(lines), entry.line + 400))
                      if lines[j].strip().startswith("combat:")), entry.line)
    line, indent = effect_start(lines, start)
    return line + pos.line - 1, pos.column + indent


def effects(entry: Any) -> Iterator[tuple[A.Effect, bool]]:
    """(effect, is the combat half) of an entry."""
    if entry.effect is not None:
        yield entry.effect, False
    if getattr(entry, "combat_effect", None) is not None:
        yield entry.combat_effect, True


def _modifier(m: A.Modify) -> list[tuple[A.Pos, str, str]]:
    name = m.quantity.name
    out = []
    value, low, high = constant(m.value), constant(m.minimum), constant(m.maximum)
    if m.op == "=" and value is not None and value < 0:
        out.append((m.value.pos, f"{name} is set to {value}: a quantity counts something, it cannot be negative",
                    "write 0 for none"))
    if high is not None and high < 0:
        out.append((m.maximum.pos, f"{name} is capped at {high}: a quantity counts something, it cannot be "
                    "negative", "a cap of 0 allows none"))
    if low is not None and high is not None and low > high:
        out.append((m.minimum.pos, f"{name}: the minimum {low} is above the maximum {high}, no value is possible",
                    "swap them"))
    return out


def _amount(s: Any) -> list[tuple[A.Pos, str, str]]:
    if isinstance(s, _AMOUNTS):
        n = constant(s.amount)
        if n is not None and n <= 0:
            verb = type(s).__name__.lower()
            return [(s.pos, f"{verb} {n} {s.what.replace('_', ' ')} does nothing", "an amount of 1 or more")]
    if isinstance(s, A.Repeat):
        n = constant(s.count)
        if n is not None and n <= 0:
            return [(s.pos, f"repeat {n} times never runs its block", "a count of 1 or more")]
    return []


def impossible_numbers(content: Any) -> list[Diagnostic]:
    """W0330 and W0331 over every entry of the content."""
    out = []
    for entry in content.entries.values():
        for effect, combat in effects(entry):
            for node in nodes(effect.abilities):
                if isinstance(node, A.Modify):
                    found, code = _modifier(node), "W0330"
                else:
                    found, code = _amount(node), "W0331"
                for pos, message, hint in found:
                    line, col = at(content, entry, pos if pos.line else node.pos, combat)
                    out.append(Diagnostic(entry.file, line, col, code, f"{entry.id}: {message}", hint,
                                          severity="warning"))
    return out
