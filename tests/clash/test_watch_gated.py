"""A study's watch (engine/watch.py) makes a hook heard that nothing else listens to; the Clash runtime then
shows it to the watch only, so a watched game is the unwatched one. That holds for the hooks emitted only
where `hears` says something listens: GATED_HOOKS must name every one of them."""

from __future__ import annotations

import re

from rulewright.rules.clash.state.changes import GATED_HOOKS
from where import ROOT


def test_every_hook_emitted_behind_hears_is_gated():
    found: set[str] = set()
    for path in (ROOT / "rules" / "clash").rglob("*.py"):
        found |= set(re.findall(r"hears\(\"([a-z_]+)\"\)", path.read_text(encoding="utf-8")))
    # changes.py's `paid` asks hears(hook) for a hook it chose: resource_paid or resource_lost
    assert found | {"resource_paid"} == set(GATED_HOOKS), sorted((found | {"resource_paid"}) ^ set(GATED_HOOKS))
