"""The hand-written scenarios of the 7 Wonders pack (content/wonders7/base/tests/) cover every card and every
wonder stage on their own: removing any entry's effect, or any stage's, makes one of them fail."""

from __future__ import annotations

from rulewright.tools.modding.mutation import mutation_report
from where import ROOT

SCENARIOS = ROOT / "content" / "wonders7" / "base" / "tests"


def test_pack_scenarios_kill_every_mutant():
    report = mutation_report([SCENARIOS], game="wonders7")
    assert report["uncovered"] == []
    assert report["survived"] == []
    assert len(report["killed"]) == 78 + 42  # 78 distinct cards (10 guilds included) and 42 stages on 14 boards
