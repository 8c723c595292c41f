"""How the greedy 7 Wonders bot reckons coins, resources and shields (rules/wonders7/bots/worth.py, issue 46):
each rule checked on a position of the base game, with the weights of game.yaml `bot:`."""

from __future__ import annotations

import pytest
from rulewright.api import new_game
from rulewright.engine.machine import Game
from rulewright.rules.wonders7.bots.worth import (
    coin_change,
    military_value,
    resource_value,
    resources_wanted,
)
from rulewright.rules.wonders7.city.production import production


def _game(age: int, players: list[dict]) -> Game:
    return new_game(players=3, seed=1, game_id="wonders7", position={"age": age, "players": players})


def _weights(game: Game) -> dict:
    return dict(game.rt.d.rules["bot"])


def test_a_coin_beyond_the_first_few_is_worth_only_its_end_value():
    poor = _game(2, [{"board": "gizah_a", "coins": 0}])
    rich = _game(2, [{"board": "gizah_a", "coins": 12}])
    w = _weights(poor)
    per_point = int(poor.rt.d.params["treasury_coins_per_point"])
    assert int(w["coins_ready"]) < 12
    # three coins to a rich player: what they score at the end, nothing more
    assert coin_change(rich.rt, 0, 3, w) == pytest.approx(3 / per_point)
    # to a player with none: also what buys a neighbour's resources
    assert coin_change(poor.rt, 0, 3, w) == pytest.approx(3 / per_point + float(w["coin_ready"]) * 3)
    # paying is the same sum the other way, and never below an empty purse
    assert coin_change(rich.rt, 0, -3, w) == pytest.approx(-3 / per_point)
    assert coin_change(poor.rt, 0, -3, w) == 0.0


def test_a_resource_beyond_the_dearest_cost_ahead_is_a_surplus():
    lacking = _game(3, [{"board": "gizah_a", "built": []}])
    rt = lacking.rt
    w = _weights(lacking)
    wanted = resources_wanted(rt, 0, 3)["glass"]
    assert wanted >= 1
    glass = [c for c in ("glassworks", "glassworks_2") if c in rt.d.content.entries]
    held = _game(3, [{"board": "alexandria_a", "built": glass}])  # the board and the cards: enough glass
    fixed, _ = production(held.rt, 0)
    assert fixed["glass"] >= resources_wanted(held.rt, 0, 3)["glass"]
    weight = float(w["resource"][2])
    assert resource_value(rt, 0, "glassworks", w, 3) == pytest.approx(weight)
    assert resource_value(held.rt, 0, "glassworks", w, 3) == pytest.approx(weight * float(w["resource_surplus"]))


def test_a_shield_lead_is_worth_keeping_against_neighbours_who_may_still_arm():
    game = _game(3, [{"board": "gizah_a", "built": ["arsenal", "walls"]},          # 5 shields
                     {"board": "rhodes_a", "built": ["fortifications", "barracks"]},  # 4
                     {"board": "olympia_a", "built": ["fortifications", "barracks"]}])
    rt = game.rt
    w = _weights(game)
    # ahead of both today: more shields change nothing if nobody arms again ...
    assert military_value(rt, 0, 3, {**w, "rival_arms": 0.0}) == 0.0
    # ... but a neighbour may still add a military card in the picks left, so the lead is worth widening
    assert military_value(rt, 0, 3, w) > 0.0
    # and the player behind values catching up more than the one ahead values widening the lead
    assert military_value(rt, 1, 3, w) > military_value(rt, 0, 3, w)
