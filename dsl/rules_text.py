"""Texts of the rules data filled from the rules in force: a basic action's `text:` may name a parameter in
braces (`Add a city piece for {grow_cost}`), so that under a variant that changes the cost the seat reads the
new one. A mapping of numbers reads as a list of amounts ("1 food, 1 ore and 1 wood", "nothing"), a list as
its items, anything else as itself; a name the parameters do not have is left as written."""

from __future__ import annotations

import re
from typing import Any

_FIELD = re.compile(r"\{([a-z_][a-z0-9_.]*)\}")


def words(value: Any) -> str:
    """A rules value as a person reads it."""
    if isinstance(value, dict):
        parts = [f"{n:g} {k}" if isinstance(n, int | float) else f"{k} {words(n)}" for k, n in value.items()
                 if not (isinstance(n, int | float) and n == 0)]
        return and_list(parts) or "nothing"
    if isinstance(value, list):
        return and_list([words(x) for x in value]) or "none"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def and_list(parts: list[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1] if parts else ""


def fill(text: str, params: dict) -> str:
    """`text` with each `{name}` (or `{a.b}`) of `params` written in words."""
    def one(m: re.Match) -> str:
        node: Any = params
        for key in m.group(1).split("."):
            if not isinstance(node, dict) or key not in node:
                return m.group(0)
            node = node[key]
        return words(node)

    return _FIELD.sub(one, text)
