"""Lint of what a 7 Wonders pack changes in the rules: its `rules:` overlay and its `variants/` files, with
the checks every game shares (dsl/variant_check.py); the flow may name the steps of rules/wonders7/phases/.
Called by the loader through dsl/packcheck.py (`check`), so `rulewright lint` reports it."""

from __future__ import annotations

from typing import Any

from ...dsl.variant_check import check_overlays
from ...engine.diagnostics import Diagnostic
from .names import RULES_DIR
from .registry import STEPS


def procedures() -> set[str]:
    """What a `do:` of the rules data may name."""
    return set(STEPS)


def check(content: Any) -> list[Diagnostic]:
    return check_overlays(content, RULES_DIR, procedures())
