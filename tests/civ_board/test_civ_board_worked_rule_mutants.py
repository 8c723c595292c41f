"""The rulebook's worked rules of Civilization each have a scenario (content/civ_board/base/tests/rule_*.yaml),
and each scenario fails when the rule it shows is broken.

`rulewright test --mutate` breaks card effects; these rules are Python (rules/civ_board/), so each mutant
here replaces one rule function (everywhere it was imported by name) with a broken form: the pyramid
unchecked or one row too lenient, research priced 4 a level, all or no trade spent, no blockade, scouts
that gather nothing, obsolete wonders still working, and each victory never declared (or at 14 coins).
Each target is killed when its scenarios, which pass on the real rules, fail under the mutant.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest
from rulewright.rules.civ_board.board import board
from rulewright.rules.civ_board.cards import culture, research
from rulewright.rules.civ_board.combat import conquest
from rulewright.rules.civ_board.state import economy
from rulewright.rules.civ_board.state.runtime import Civ
from rulewright.tools.modding.scenarios import load_scenario, run_scenario
from where import ROOT

TESTS = ROOT / "content" / "civ_board" / "base" / "tests"
ORIGINAL_SOURCES = Civ.sources


def patch_everywhere(mp: pytest.MonkeyPatch, module, name: str, new) -> None:
    """Replace `module.name` and every civ_board module's own binding of the same function."""
    old = getattr(module, name)
    for mod in list(sys.modules.values()):
        if getattr(mod, "__name__", "").startswith("rulewright.rules.civ_board") and getattr(mod, name, None) is old:
            mp.setattr(mod, name, new)


def no_pyramid(mp):
    patch_everywhere(mp, economy, "pyramid_row", lambda rt, p, level: True)


def lenient_pyramid(mp):
    def row(rt, p, level):  # a level-N tech on ONE tech of the row below (off by one)
        rows = rt.player(p)["pyramid"]
        return level == 1 or len(rows.get(str(level), [])) + 1 <= len(rows.get(str(level - 1), []))
    patch_everywhere(mp, economy, "pyramid_row", row)


def cheap_research(mp):
    def cost(rt, level, p=None):
        base = int(rt.params["research_first"]) + 4 * (level - 1)
        return base if p is None else rt.quantity("research_cost", p, base, level=level)
    patch_everywhere(mp, economy, "research_cost", cost)


def research_spends_all(mp):
    patch_everywhere(mp, economy, "trade_after_research", lambda rt, p: 0)


def research_spends_nothing(mp):
    patch_everywhere(mp, economy, "trade_after_research", lambda rt, p: rt.player(p)["trade"])


def no_blockade(mp):
    patch_everywhere(mp, economy, "blockaded", lambda rt, x, y, p: False)


def scouts_gather_nothing(mp):
    def squares(rt, city):
        p = city["owner"]
        return [(x, y) for x, y in board.around(city["x"], city["y"])
                if rt.square(x, y) is not None and not economy.blockaded(rt, x, y, p)]
    patch_everywhere(mp, economy, "city_squares", squares)


def obsolete_still_works(mp):
    def sources(self, p):
        saved, self.state["obsolete"] = self.state["obsolete"], []
        try:
            return ORIGINAL_SOURCES(self, p)
        finally:
            self.state["obsolete"] = saved
    mp.setattr(Civ, "sources", sources)


def never(kind: str, module) -> Callable:
    def mutant(mp):
        real = module.win
        mp.setattr(module, "win", lambda rt, players, k: None if k == kind else real(rt, players, k))
    mutant.__name__ = f"never_{kind}"
    return mutant


def economic_at(coins: int) -> Callable:
    def mutant(mp):
        def check(rt):
            rich = [p for p in rt.order() if economy.coins(rt, p) >= coins]
            if rich and not rt.state["winner"]:
                victory.win(rt, rich, "economic")
        from rulewright.rules.civ_board.state import victory
        patch_everywhere(mp, victory, "check_economic", check)
    mutant.__name__ = f"economic_at_{coins}"
    return mutant


def economic_never(mp):
    from rulewright.rules.civ_board.state import victory
    patch_everywhere(mp, victory, "check_economic", lambda rt: None)


# worked rule -> its scenarios -> the mutants they must kill
RULES: dict[str, tuple[list[str], list[Callable]]] = {
    "tech pyramid placement": (["rule_tech_pyramid_level_2_on_two_level_1", "rule_tech_pyramid_needs_a_wider_row_below"],
                               [no_pyramid, lenient_pyramid]),
    "research cost": (["rule_research_costs_6_and_5_a_level"], [cheap_research]),
    "trade after research": (["rule_research_keeps_one_trade_per_coin"], [research_spends_all, research_spends_nothing]),
    "blockade": (["rule_blockade_denies_an_outskirt_square"], [no_blockade]),
    "scout gathering": (["rule_scout_gathers_a_square_for_a_city"], [scouts_gather_nothing]),
    "obsoleting a wonder": (["rule_an_obsolete_wonder_loses_its_ability"], [obsolete_still_works]),
    "culture victory": (["rule_culture_victory"], [never("culture", culture)]),
    "technology victory": (["rule_technology_victory"], [never("technology", research)]),
    "military victory": (["rule_military_victory"], [never("military", conquest)]),
    "economic victory": (["rule_economic_victory", "rule_economic_victory_needs_15_coins"],
                         [economic_never, economic_at(14), economic_at(16)]),
}


def _passes(name: str) -> tuple[bool, list[str]]:
    result = run_scenario(load_scenario(TESTS / f"{name}.yaml"), path=str(TESTS / f"{name}.yaml"))
    return result.passed, result.messages


@pytest.mark.parametrize("rule", sorted(RULES))
def test_the_worked_rule_has_scenarios_that_pass_and_kill_every_mutant(rule: str):
    names, mutants = RULES[rule]
    for name in names:
        ok, messages = _passes(name)
        assert ok, (name, messages)
    for mutant in mutants:
        with pytest.MonkeyPatch.context() as mp:
            mutant(mp)
            survived = all(_passes(name)[0] for name in names)
        assert not survived, f"{rule}: mutant {mutant.__name__} survives {names}"
