"""Mutation testing of the Civilization base pack: removing any entry's effect, or any one ability of an
entry with several, makes one of the scenarios covering it fail (content/civ_board/base/tests/)."""

from __future__ import annotations

import pytest
from rulewright.tools.modding.mutation import mutation_report
from where import ROOT

SCENARIOS = ROOT / "content" / "civ_board" / "base" / "tests"


@pytest.mark.slow  # about 120 mutants, each re-running its scenarios
def test_every_effect_and_ability_is_covered_and_every_mutant_killed():
    report = mutation_report([SCENARIOS], game="civ_board")
    assert report["survived"] == []
    assert report["uncovered"] == []
    killed = set(report["killed"])
    # whole entries of every kind and single abilities (a tech's unlock and its resource ability apart)
    assert {"barracks", "great_general", "russia", "fundamentalism", "colossus", "we_love_the_despot_day",
            "code_of_laws#0", "code_of_laws#1", "code_of_laws#2",
            *(f"pyramids#{k}" for k in range(7))} <= killed
    assert len(killed) >= 122
