"""The greedy bot's plans read the content: governments, wonder requirements, limits a wonder needs."""

from __future__ import annotations

from rulewright.api import new_game
from rulewright.rules.clash.bots.bot_plans import (
    _raises_limit,
    advance_plan_value,
    missing_for,
    wonder_targets,
)


def _game():
    game = new_game(players=2, seed=1)
    return game, game.rt


def test_a_held_government_is_deepened_rather_than_switched():
    game, rt = _game()
    govs = sorted(rt.defn.government_categories)
    mine, other = govs[0], govs[1]
    cats = rt.defn.categories
    rt.player(0)["advances"].append(cats[mine].data["advances"][0])
    deeper = cats[mine].data["advances"][1]
    switch = cats[other].data["advances"][0]
    assert advance_plan_value(rt, 0, deeper) > advance_plan_value(rt, 0, switch)


def test_the_last_advance_a_wonder_needs_is_worth_more():
    game, rt = _game()
    wonder = wonder_targets(rt, 0)[0]
    needs = missing_for(rt, 0, wonder)
    assert len(needs) == 2
    rt.player(0)["advances"].append(needs[0])
    plain = next(a for a in rt.defn.advances if a not in needs and rt.defn.category_of[a]
                 not in rt.defn.government_categories and not any(
                     a in rt.defn.wonders[w].data.get("requires", []) for w in rt.defn.wonders))
    assert advance_plan_value(rt, 0, needs[1]) > advance_plan_value(rt, 0, plain)


def test_limits_raised_by_an_advance_are_found_by_trying_it():
    game, rt = _game()
    raisers = [a for a in rt.defn.advances if _raises_limit(rt, 0, a, "food")]
    assert raisers and all(a not in rt.player(0)["advances"] for a in raisers)
    culture = [a for a, e in rt.defn.advances.items() if e.data.get("border") == "culture"]
    assert culture and all(_raises_limit(rt, 0, a, "culture") for a in culture)
    assert not _raises_limit(rt, 0, next(a for a in rt.defn.advances if a not in raisers
                                         and rt.defn.advances[a].data.get("border") != "culture"), "food")
