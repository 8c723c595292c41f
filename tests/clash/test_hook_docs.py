"""docs/hooks.md lists every hook of the Clash vocabulary with what fires it, and no hook that is not one."""

from __future__ import annotations

import re

from rulewright.dsl.loader import game_vocab
from where import ROOT

DOC = ROOT / "docs" / "hooks.md"


def test_every_hook_has_its_row_and_every_row_is_a_hook():
    hooks = game_vocab("clash").hooks
    table = DOC.read_text(encoding="utf-8").split("## The table", 1)[1]
    rows = re.findall(r"^\| `([a-z_]+)` \| ([^|]+) \|", table, re.M)
    assert {h for h, _ in rows} == set(hooks)
    assert all(len(what.strip()) > 10 for _, what in rows)
    for h in hooks:
        if "cause" in hooks[h]:
            row = next(line for line in table.splitlines() if line.startswith(f"| `{h}` |"))
            assert not row.rstrip(" |").endswith("| -"), f"{h} carries a cause: its causes are listed"


def test_the_resource_table_names_the_hooks_the_rules_emit():
    text = DOC.read_text(encoding="utf-8")
    assert "| what an event takes, whether it says `lose` or makes you pay (Famine's \"pay 1 food or ...\") | " \
           "`resource_lost` | event |" in text
