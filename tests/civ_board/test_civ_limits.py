"""Civilization's limits a card could change are quantities (issue 44): the city limit and the travel speed
after their highest grants, the trade dial's top and the trade offers of a phase, each changed here by a
test tech's `modify`."""

from __future__ import annotations

from rulewright.api import new_game
from rulewright.rules.civ_board.board.pieces import cities_left
from rulewright.rules.civ_board.phases.movement import travel_speed
from rulewright.rules.civ_board.phases.negotiation import limit

TECHS = """kind: civ_tech
entries:
  - id: provinces
    name: Provinces
    level: 1
    text: You may have one more city.
    source: authored
    effect: |
      modify city_limit: += 1
  - id: post_roads
    name: Post Roads
    level: 1
    text: Your figures move one square further.
    source: authored
    effect: |
      modify travel_speed: += 1
  - id: ledgers
    name: Ledgers
    level: 1
    text: Your trade dial goes 3 higher.
    source: authored
    effect: |
      modify trade_dial: += 3
  - id: envoys
    name: Envoys
    level: 1
    text: You may make one more trade offer each trade phase.
    source: authored
    effect: |
      modify trade_offers: += 1
"""


def _games(write_pack, tmp_path):
    pack = write_pack({"techs.yaml": TECHS}, pack_id="civlimits", game="civ_board", root=tmp_path / "civlimits")
    techs = ["provinces", "post_roads", "ledgers", "envoys"]
    out = []
    for mine in ([], techs):
        pos = {"civs": ["germany", "rome"], "first": 0, "trade_offers": 1, "players": [{"techs": mine}, {}]}
        out.append(new_game(players=2, seed=1, game_id="civ_board", packs=["base", str(pack)], position=pos).rt)
    return out


def test_each_limit_is_changed_by_a_modifier(write_pack, tmp_path):
    plain, modified = _games(write_pack, tmp_path)
    assert cities_left(modified, 0) == cities_left(plain, 0) + 1
    assert travel_speed(modified, 0) == travel_speed(plain, 0) + 1 == 3
    assert modified.trade_cap(0) == plain.trade_cap(0) + 3 == 30
    assert limit(modified, 0) == limit(plain, 0) + 1 == 2
    assert limit(modified, 1) == 1  # the other player keeps the printed limit
