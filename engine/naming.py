"""Rule code found by name: a game keeps tables of callables (procedures, functions, flow steps ...)
that its data names, and each module registers what it writes where it writes it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Table = dict[str, Callable[..., Any]]


def named(into: Table) -> Callable[[str], Callable[[Callable[..., Any]], Callable[..., Any]]]:
    """A decorator factory: `@register("name")` puts the function into the table under that name."""
    def decorator_for(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        def register(fn: Callable[..., Any]) -> Callable[..., Any]:
            into[name] = fn
            return fn
        return register
    return decorator_for


def table(into: Table) -> Callable[[Table], Table]:
    """Register a whole table at once: `procedures({"name": fn, ...})`."""
    def add(entries: Table) -> Table:
        into.update(entries)
        return entries
    return add
