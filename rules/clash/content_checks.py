"""Lint of what a pack changes in the rules (its `rules:` overlay and its `variants/` files), and of triggers
that can never fire (dead_triggers.py).

The game reads these when a game starts, so a wrong one used to pass lint and crash `play`
(`flow: 5`, `starting_units: [dragon]`, a variant that is not YAML). The checks are the same for every
game (dsl/variant_check.py); Clash names the procedures a flow, status step or basic action may name.
Called by the loader through dsl/packcheck.py (`check`), so `rulewright lint` reports it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...dsl.variant_check import check_overlays
from ...engine.diagnostics import Diagnostic
from .actions.basic_actions import BASIC
from .dead_triggers import dead_triggers
from .reach_lint import reach_lint
from .registry import PROCEDURES, STEPS

RULES_DIR = Path(__file__).resolve().parent


def procedures() -> set[str]:
    """What a `do:` or `procedure:` of the rules data may name."""
    return set(PROCEDURES) | set(STEPS) | set(BASIC)


def check(content: Any) -> list[Diagnostic]:
    return check_overlays(content, RULES_DIR, procedures()) + dead_triggers(content) + reach_lint(content)
