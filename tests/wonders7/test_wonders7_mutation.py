"""Mutation testing of the 7 Wonders pack: removing any card's effect, or any wonder stage's, makes one of
the scenarios covering it fail (tests/scenarios/wonders7/, written by tests/wonders7_scenario_gen.py)."""

from __future__ import annotations

from rulewright.tools.modding.mutation import mutation_report
from where import TESTS

SCENARIOS = TESTS / "scenarios" / "wonders7"


def test_every_card_and_stage_is_covered_and_every_mutant_killed():
    report = mutation_report([SCENARIOS], game="wonders7")
    assert report["uncovered"] == []
    assert report["survived"] == []
    assert len(report["killed"]) >= 148 - 70 + 40  # 78 card entries and every stage of the 14 boards
