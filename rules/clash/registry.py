"""Where rule code is found by name: procedures, functions, flow steps and the rule services.

Lower layers must run rules written in higher ones: the runtime (state/) runs a `do name(...)` of
the card language with a procedure of actions/ or combat/, movement (actions/) starts a battle
(combat/), an advance draws an event card (cards/). Instead of importing upwards, each module
registers what it writes here, where it writes it, and the caller looks the name up:

- `PROCEDURES`: `do` primitives and per-player flow steps, (rt, player, *args, ctx=None) -> generator;
- `FUNCTIONS`: functions of the card language's expressions, (rt, ctx, *args) -> value;
- `STEPS`: flow steps of game.yaml, (rt) -> generator;
- `SERVICES`: rule steps the lower layers need from the higher ones (e.g. `check_objectives`).

Register a whole table with `procedures({...})` / `functions({...})` / `steps({...})`, or one callable
with the decorators `@procedure("name")`, `@function("name")`, `@service("name")`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.naming import named, table

PROCEDURES: dict[str, Callable[..., Any]] = {}
FUNCTIONS: dict[str, Callable[..., Any]] = {}
STEPS: dict[str, Callable[..., Any]] = {}
SERVICES: dict[str, Callable[..., Any]] = {}
# why a `do` procedure could do nothing now, (rt, player, *args) -> reason or None: a card action that
# starts with it is then not offered (cards/card_play.py)
REFUSALS: dict[str, Callable[..., Any]] = {}


procedures = table(PROCEDURES)
functions = table(FUNCTIONS)
steps = table(STEPS)
refusals = table(REFUSALS)
procedure = named(PROCEDURES)
function = named(FUNCTIONS)
step = named(STEPS)
service = named(SERVICES)
