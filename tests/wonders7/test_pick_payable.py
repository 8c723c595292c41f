"""The pick menu's payability question (commerce.payable, which stops at the first way found) answers as
listing every payment does, for every card of every hand and the next wonder stage, in random games."""

from __future__ import annotations

from rulewright.api import new_game
from rulewright.engine.bots import RandomBot
from rulewright.rules.wonders7.actions.options import card_cost, next_stage_cost
from rulewright.rules.wonders7.commerce.payment import payable, payment_options


def test_payable_is_whether_some_payment_is_listed():
    asked = paid = 0
    for seed in (3, 4):
        game = new_game(players=4, seed=seed, game_id="wonders7")
        bot = RandomBot(seed)
        while game.pending is not None and len(game.actions) < 160:
            d = game.pending
            if d.kind == "pick":
                rt, p = game.rt, d.player
                costs = [card_cost(rt, p, c) for c in rt.player(p)["hand"]] + [next_stage_cost(rt, p) or {}]
                for cost in costs:
                    with rt.steady.stretch(rt.state):
                        got = payable(rt, p, cost)
                    assert got == bool(payment_options(rt, p, cost))
                    asked += 1
                    paid += got
            game.apply({"player": d.player, "choice": bot.choose(game, d)})
    assert asked > 100 and 0 < paid < asked  # both answers seen
