"""What may be done in the middle of a battle (rules/civ_board/state/battle_effects.py): wounds dealt to enemy units in
play (a unit dies when they reach its strength), one's own wounds healed (the most wounded first), one more unit
drawn into the battle hand; none of them does anything outside a battle."""

from __future__ import annotations

from civ_helpers import drive, new
from rulewright.rules.civ_board.board.pieces import strength
from rulewright.rules.civ_board.state.battle_effects import draw_battle_unit, heal_units, wound_enemy_units


def in_battle(fronts):
    g = new()
    rt = g.rt
    rt.state["battle"] = {"owners": {"attacker": 0, "defender": 1}, "fronts": fronts,
                          "killed": {"attacker": [], "defender": []},
                          "names": {"attacker": rt.name(0), "defender": rt.name(1)}}
    return rt


def unit(card, wounds=0):
    return {"card": card, "wounds": wounds}


def test_wounds_kill_an_enemy_unit_when_they_reach_its_strength():
    rt = in_battle([{"attacker": None, "defender": unit("u_infantry_2")}])
    s = strength(rt, 1, "u_infantry_2", "defender")
    drive(wound_enemy_units(rt, 0, s - 1))
    assert rt.state["battle"]["fronts"][0]["defender"]["wounds"] == s - 1
    drive(wound_enemy_units(rt, 0, 5))
    assert rt.state["battle"]["fronts"][0]["defender"] is None
    assert rt.state["battle"]["killed"]["defender"] == ["u_infantry_2"]


def test_healing_takes_the_most_wounded_first_and_no_more_than_asked():
    rt = in_battle([{"attacker": unit("u_infantry_1", 1), "defender": None},
                    {"attacker": unit("u_infantry_2", 3), "defender": unit("u_artillery_1", 2)}])
    drive(heal_units(rt, 0, 3))
    fronts = rt.state["battle"]["fronts"]
    assert [fronts[0]["attacker"]["wounds"], fronts[1]["attacker"]["wounds"]] == [1, 0]
    assert fronts[1]["defender"]["wounds"] == 2  # the enemy's wounds stay


def test_one_more_unit_into_the_battle_hand_from_the_forces():
    rt = in_battle([])
    rt.player(0)["forces"], rt.player(0)["battle_hand"] = ["u_infantry_1", "u_artillery_1"], []
    drive(draw_battle_unit(rt, 0))
    assert len(rt.player(0)["battle_hand"]) == 1 and len(rt.player(0)["forces"]) == 1


def test_nothing_happens_outside_a_battle():
    rt = in_battle([])
    rt.state["battle"] = None
    rt.player(0)["forces"], rt.player(0)["battle_hand"] = ["u_infantry_1"], []
    for gen in (wound_enemy_units(rt, 0, 3), heal_units(rt, 0, 3), draw_battle_unit(rt, 0)):
        assert drive(gen) == (None, [])
    assert rt.player(0)["forces"] == ["u_infantry_1"]
