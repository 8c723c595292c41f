"""Positions at the rules' edges (issue 33): units aboard ships, discarded leaders, and the limits of the
rules a position must keep, each break reported with the scenario file's line."""

from __future__ import annotations

from pathlib import Path

from rulewright.api import new_game
from rulewright.tools.scenarios import run_scenario

CIV = ["base", "civilizations"]


def _run(tmp_path: Path, text: str):
    f = tmp_path / "s.yaml"
    f.write_text(text, encoding="utf-8")
    from rulewright.tools.scenarios import load_scenario

    return f, run_scenario(load_scenario(f), path=str(f))


HEAD = "name: limits\nplayers: 2\nposition:\n"


def test_food_above_the_limit_without_storage_names_the_line(tmp_path: Path):
    f, res = _run(tmp_path, HEAD + "  players:\n    - {advances: [farming, mining],\n"
                              "       resources: {food: 5}}\n  cities:\n    - {owner: 0, at: D2}\n")
    assert not res.passed
    text = "\n".join(res.messages)
    assert f"{f}:6:20: position.players.0.resources.food: food 5 is above the limit 2" in text


def test_food_above_two_is_fine_with_the_ability_that_lifts_the_limit():
    g = new_game(players=2, seed=1, packs=["base"], position={
        "players": [{"advances": ["farming", "mining", "storage"], "resources": {"food": 5}}],
        "cities": [{"owner": 0, "at": "D2"}]})
    assert g.state["players"][0]["res"]["food"] == 5


def test_tokens_above_the_levels_and_below_zero(tmp_path: Path):
    _, res = _run(tmp_path, HEAD + "  players:\n    - {resources: {mood: 2, culture: -1}, happiness_level: 1}\n")
    text = "\n".join(res.messages)
    assert "resources.mood: mood 2 is above the limit 1: the player's happiness level" in text
    assert "resources.culture: culture -1 is below 0" in text


def test_more_army_units_than_a_space_holds(tmp_path: Path):
    f, res = _run(tmp_path, HEAD + "  units:\n    - {owner: 0, type: army, at: C2, count: 3}\n"
                              "    - {owner: 0, type: army, at: C2, count: 2}\n")
    assert f"{f}:6:7: position.units.1: player 0 has 5 army units at C2; a space holds at most 4" in "\n".join(res.messages)


def test_more_units_than_exist(tmp_path: Path):
    f, res = _run(tmp_path, HEAD + "  units:\n" + "".join(f"    - {{owner: 0, type: settler, at: {s}}}\n"
                                                      for s in ("C2", "E2", "D1", "D3", "D6")))
    assert f"{f}:9:7: position.units.4: player 0 has 5 settler units; only 4 exist" in "\n".join(res.messages)


def test_more_settlements_than_the_expansion_leaves(tmp_path: Path):
    cities = "".join(f"    - {{owner: 0, at: {s}}}\n" for s in ("D2", "D6", "D7", "C5", "C7", "F4"))
    f, res = _run(tmp_path, "name: x\nplayers: 2\npacks: [civilizations]\nposition:\n  cities:\n" + cities)
    assert f"{f}:11:7: position.cities.5: player 0 has 6 settlement pieces; only 5 exist" in "\n".join(res.messages)


def test_a_land_unit_at_sea_must_be_aboard(tmp_path: Path):
    _, res = _run(tmp_path, HEAD + "  reveal: all\n  units:\n    - {owner: 0, type: settler, at: D5}\n")
    assert "position.units.0.at: a settler at sea must be aboard a ship" in "\n".join(res.messages)


def test_units_aboard_ships_fill_them_in_order_and_no_further(tmp_path: Path):
    g = new_game(players=2, seed=1, packs=["base"], position={
        "reveal": "all", "players": [{"advances": ["farming", "mining", "fishing"]}],
        "units": [{"owner": 0, "type": "ship", "at": "C3", "count": 2},
                  {"owner": 0, "type": "army", "at": "C3", "count": 3, "aboard": True},
                  {"owner": 0, "type": "settler", "at": "C3", "aboard": 2}]})
    units = g.state["units"]
    ships = sorted(u for u, d in units.items() if d["type"] == "ship")
    carried = {s: sorted(units[u]["type"] for u, d in units.items() if d["ship"] == s) for s in ships}
    assert carried == {ships[0]: ["army", "army"], ships[1]: ["army", "settler"]}
    f, res = _run(tmp_path, HEAD + "  reveal: all\n  units:\n    - {owner: 0, type: ship, at: C3}\n"
                              "    - {owner: 0, type: army, at: C3, count: 3, aboard: true}\n")
    assert f"{f}:7:48: position.units.1.aboard: no ship of player 0 at C3 has room for this army" in "\n".join(res.messages)


def test_units_aboard_can_attack_from_the_ship_at_once():
    g = new_game(players=2, seed=1, packs=["base"], position={
        "reveal": "all", "players": [{"advances": ["farming", "mining", "fishing", "tactics"]}],
        "cities": [{"owner": 1, "at": "D8"}],
        "units": [{"owner": 0, "type": "ship", "at": "C3"}, {"owner": 0, "type": "army", "at": "C3", "aboard": True},
                  {"owner": 1, "type": "army", "at": "C4"}], "dice": [5, 1]})
    g.apply({"player": 0, "choice": "move"})
    assert g.pending.options == ["aboard:1:0", "ships:1"]  # the army aboard may move on its own
    g.apply({"player": 0, "choice": "aboard:1:0"})
    g.apply({"player": 0, "choice": "2,2"})  # C4: it lands on the enemy from the ship
    assert any("battle at 2,2" in line for line in g.log) and any("wins the battle" in line for line in g.log)
    assert not [d for d in g.state["units"].values() if d["owner"] == 0 and d["ship"]]


def test_discarded_leaders_are_set_and_named_leaders_checked():
    g = new_game(players=2, seed=1, packs=CIV, position={
        "players": [{"civilization": "rome", "leader": "sulla", "leaders_left": ["augustus"],
                     "discarded_leaders": ["julius_caesar"]}],
        "cities": [{"owner": 0, "at": "D2"}]})
    assert g.state["players"][0]["discarded_leaders"] == ["julius_caesar"]


def test_an_unknown_discarded_leader_names_its_line(tmp_path: Path):
    f, res = _run(tmp_path, "name: x\nplayers: 2\npacks: [civilizations]\nposition:\n  players:\n"
                            "    - {discarded_leaders: [augustus, nobody]}\n")
    assert f"{f}:6:38: position.players.0.discarded_leaders.1: 'nobody' is not a leader" in "\n".join(res.messages)
