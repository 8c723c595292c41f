"""The modding cookbook (examples/modding/, docs/cookbook.md): every recipe lints, reads back in English,
is proven by its scenarios, and the scenarios notice when any recipe's effect is removed (mutation)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rulewright.dsl.explain import explain_effect
from rulewright.dsl.loader import load_content
from rulewright.tools.modding.mutation import coverage, mutation_report
from rulewright.tools.modding.scenarios import find_scenarios
from where import ROOT

PACK = ROOT / "examples" / "modding"
CIV = PACK / "civilization"  # the cookbook's civilisation: its own pack, for it needs the expansion
SCENARIOS = PACK / "tests"  # `rulewright test examples/modding`; tests/tools/modding/test_scenarios.py runs them too
MINE = ("modding", "modding_civ")
FILES = find_scenarios([SCENARIOS])
# the hooks the state primitives emit (rules/clash/state/changes.py): each needs a recipe with a scenario
STATE_HOOKS = ["resource_gained", "resource_paid", "resource_lost", "city_mood_changed", "city_size_changed",
               "unit_placed", "unit_removed", "card_drawn", "card_played", "card_discarded", "level_raised"]
TIMING = ["once per turn", "once per round", "once per game", "times per turn", "until end of round"]


def _content():
    content = load_content(["base", "civilizations", str(PACK), str(CIV)])
    return content, [e for e in content.entries.values() if e.pack in MINE and e.kind not in ("category", "civilization")]


def test_the_cookbook_has_its_scenarios():
    assert len(FILES) >= 25  # each one is run by tests/tools/modding/test_scenarios.py with every bundled scenario


def test_the_pack_lints_and_every_recipe_reads_back_in_english():
    content, mine = _content()
    assert [d for d in content.errors if d.severity == "error"] == []
    assert len(mine) >= 20
    kinds = {e.kind for e in mine}
    assert {"advance", "action_card", "wonder", "objective_card", "event_card", "city_piece", "leader",
            "special_advance"} <= kinds
    assert not [d for d in content.diagnostics if Path(d.file).is_relative_to(PACK)]  # no warning either
    for e in mine:
        english = " ".join(explain_effect(e.effect, content.vocab.phrases))
        assert english and "?" not in english, (e.id, english)
        if e.kind == "action_card":
            assert e.combat_effect is not None and e.combat_effect.abilities, e.id  # both halves


def test_every_state_hook_and_timing_word_has_a_recipe_with_a_scenario():
    _, mine = _content()
    covered = set(coverage([SCENARIOS]))
    texts = {e.id: str(e.data.get("effect") or "") for e in mine}
    for hook in STATE_HOOKS:
        users = [i for i, t in texts.items() if re.search(rf"\b(on|objective \"[^\"]+\" on) {hook}\b", t)]
        assert any(i in covered for i in users), f"no recipe with a scenario reacts to {hook}"
    for word in TIMING:
        users = [i for i, t in texts.items() if word in t]
        assert any(i in covered for i in users), f"no recipe with a scenario says '{word}'"


@pytest.mark.parametrize("packs,pack", [(("base", str(PACK)), "modding"),
                                        (("base", "civilizations", str(CIV)), "modding_civ")])
def test_removing_any_recipe_fails_a_scenario(packs, pack):
    report = mutation_report([SCENARIOS], packs=packs, of_pack=pack)
    assert report["uncovered"] == [], f"recipes without a scenario: {report['uncovered']}"
    assert report["survived"] == [], f"recipes removable without a failing scenario: {report['survived']}"
    assert len(report["killed"]) >= (20 if pack == "modding" else 7)
