"""Where 7 Wonders' rule code is found by name: `do` procedures, expression functions, flow steps and
the services a lower layer needs from a higher one.

Each module registers what it writes where it writes it (`@procedure("name")`, `@function("name")`,
`@step("name")`, `@service("name")`), so the runtime and the flow look rules up by the names that
rules/wonders7/*.yaml use, and the definition (state/) reaches the flow (phases/) and the search
support (bots/) without importing upwards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.naming import named

PROCEDURES: dict[str, Callable[..., Any]] = {}  # (rt, player, *args, ctx=None) -> generator
FUNCTIONS: dict[str, Callable[..., Any]] = {}   # (rt, ctx, *args) -> value
STEPS: dict[str, Callable[..., Any]] = {}       # (rt) -> generator
SERVICES: dict[str, Callable[..., Any]] = {}    # `run_flow` (phases/flow.py), `search_support` (bots/)


procedure = named(PROCEDURES)
function = named(FUNCTIONS)
step = named(STEPS)
service = named(SERVICES)
