"""Where Civilization's rule code is found by name: `do` procedures, expression functions and flow steps.

Each module registers what it writes (`@procedure("name")`, `@function("name")`, `@step("name")`), so
the runtime and the flow look rules up by the names rules/civ_board/*.yaml use.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.naming import named

PROCEDURES: dict[str, Callable[..., Any]] = {}  # (rt, player, *args, ctx=None) -> generator
FUNCTIONS: dict[str, Callable[..., Any]] = {}   # (rt, ctx, *args) -> value
STEPS: dict[str, Callable[..., Any]] = {}       # (rt) -> generator
SERVICES: dict[str, Callable[..., Any]] = {}    # rules a lower module runs (movement starts a battle)

procedure = named(PROCEDURES)
function = named(FUNCTIONS)
step = named(STEPS)
service = named(SERVICES)
