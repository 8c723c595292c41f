"""The greedy bot's plans read the content: governments, wonder requirements, limits a wonder needs."""

from __future__ import annotations

from rulewright.api import new_game
from rulewright.rules.clash.bots.bot_plans import (
    advance_plan_value,
    missing_for,
    raises_limit,
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
    raisers = [a for a in rt.defn.advances if raises_limit(rt, 0, a, "food")]
    assert raisers and all(a not in rt.player(0)["advances"] for a in raisers)
    culture = [a for a, e in rt.defn.advances.items() if e.data.get("border") == "culture"]
    assert culture and all(raises_limit(rt, 0, a, "culture") for a in culture)
    assert not raises_limit(rt, 0, next(a for a in rt.defn.advances if a not in raisers
                                         and rt.defn.advances[a].data.get("border") != "culture"), "food")


def test_a_wonder_whose_city_lacks_a_piece_values_that_piece():
    from rulewright.rules.clash.bots.bot_plans import city_fits, fits_with_piece, wonder_goal

    game, rt = _game()
    needy = [w for w in rt.defn.wonders if rt.index.requirements.get(w)]
    assert needy, "some wonder asks something of its city"
    wonder = needy[0]
    rt.state["wonders"]["revealed"] = [wonder]
    rt.player(0)["advances"].extend(missing_for(rt, 0, wonder))
    assert wonder_goal(rt, 0) == wonder and not city_fits(rt, 0, wonder)
    city = rt.cities_of(0)[0]
    before = dict(rt.state["cities"][city]["pieces"])
    helps = [piece for piece in rt.defn.pieces if fits_with_piece(rt, 0, city, piece)]
    assert helps and len(helps) < len(rt.defn.pieces)
    assert rt.state["cities"][city]["pieces"] == before  # trying a piece leaves the city as it was


def test_payment_keeps_what_the_wonder_goal_needs():
    from rulewright.engine.decision import Decision
    from rulewright.rules.clash.bots.bot_plans import goal_need, wonder_goal
    from rulewright.rules.clash.bots.bots import GreedyBot

    game, rt = _game()
    wonder = sorted(rt.defn.wonders)[0]
    rt.state["wonders"]["revealed"] = [wonder]
    rt.player(0)["advances"].extend(missing_for(rt, 0, wonder))
    assert wonder_goal(rt, 0) == wonder
    needed = next(k for k, v in rt.defn.wonders[wonder].data["cost"].items() if k in rt.player(0)["res"] and v)
    spare = next(k for k in ("idea", "gold", "food", "wood", "ore") if not goal_need(rt, 0, k) and k != needed)
    rt.player(0)["res"].update({needed: 2, spare: 2})
    bot = GreedyBot(1)
    labels = [f"2 {needed}", f"2 {spare}"]
    decision = Decision(player=0, kind="pay", prompt="how to pay?", options=labels, labels=labels)
    keep_needed, keep_spare = bot.scores(game, decision)
    assert keep_spare > keep_needed
    assert bot.choose(game, decision) == f"2 {spare}"


def test_seats_head_for_different_governments():
    from rulewright.rules.clash.bots.bot_plans import _government_path

    game = new_game(players=4, seed=1)
    paths = [frozenset(_government_path(game.rt, p)) for p in range(4)]
    assert all(paths) and len(set(paths)) == len(game.rt.defn.government_categories)
