"""Resource abilities of the tiny made-up pack's techs: offered in their phase, once per turn, paid with a
resource token or a hut marker showing it (any_resource: any), and what they call: a city's production
boosted for the turn, a wonder made obsolete."""

from __future__ import annotations

from civ_helpers import bot_game, drive
from rulewright.rules.civ_board.board import board
from rulewright.rules.civ_board.board.pieces import strength
from rulewright.rules.civ_board.cards import abilities
from rulewright.rules.civ_board.phases import manage, start
from rulewright.rules.civ_board.state import economy


def started(seed: int = 1):
    g = bot_game(seed, until=lambda g: g.state["turn"] >= 1)
    return g, g.rt


def use(key_part: str):
    return lambda d: next((o for o in d.options if key_part in o), d.options[0]) if d.kind == "ability" else d.options[0]


def test_a_resource_ability_is_offered_in_its_phase_once_per_turn_and_paid_with_the_resource():
    g, rt = started()
    p = 0
    pl = rt.player(p)
    pl["techs"].append("t1_b")
    pl["resources"] = {"iron": 2}
    pl["trade"] = 4
    g.state["phase"] = "movement"
    assert not abilities.usable(rt, p)                         # not its phase
    g.state["phase"] = "trade"
    assert [k for k, _ in abilities.usable(rt, p)] == ["t1_b#0"]
    g.state["resource_market"]["iron"] = 0
    drive(abilities.offer_actions(rt), lambda d: "t1_b#0" if d.player == p and "t1_b#0" in d.options else "none")
    assert pl["trade"] == 7 and pl["resources"]["iron"] == 1 and g.state["resource_market"]["iron"] == 1
    assert not abilities.usable(rt, p)                         # once per turn


def test_a_hut_marker_pays_for_its_resource_and_any_resource_takes_whatever_is_held():
    g, rt = started()
    p = 0
    pl = rt.player(p)
    pl["techs"].append("t1_b")
    pl["resources"], pl["huts"] = {}, ["hut_iron"]
    g.state["phase"] = "trade"
    assert abilities.usable(rt, p)
    drive(abilities.offer_actions(rt), lambda d: "t1_b#0" if "t1_b#0" in d.options else "none")
    assert pl["huts"] == []
    g.state["phase"] = "city_management"
    pl["huts"], pl["resources"] = ["hut_silk"], {"wheat": 1}
    city = rt.cities(p)[0]
    before = economy.production(rt, city)
    drive(abilities.offer_actions(rt), lambda d: "t1_b#1" if d.kind == "ability" and "t1_b#1" in d.options
          else "none" if d.kind == "ability" else d.options[0])
    assert pl["huts"] == [] and pl["resources"]["wheat"] == 0
    assert economy.production(rt, rt.cities(p)[0]) == before + 2


def test_obsoleting_a_wonder_in_the_market_replaces_it():
    g, rt = started()
    p = 0
    pl = rt.player(p)
    pl["techs"].append("t2_d")
    pl["resources"] = {"silk": 1}
    g.state["phase"] = "research"
    market = list(g.state["wonder_market"])
    ancient = next(w for w in market if g.definition.wonders[w].data["era"] == "ancient")
    drive(abilities.offer_actions(rt), lambda d: "t2_d#0" if d.kind == "ability" and "t2_d#0" in d.options
          else "none" if d.kind == "ability" else ancient)
    assert ancient in g.state["obsolete"] and ancient not in g.state["wonder_market"]
    assert len(g.state["wonder_market"]) == len(market)


def test_the_general_words_research_cost_unit_strength_unit_cost_no_anarchy_and_free_unit():
    g, rt = started()
    p = 0
    pl = rt.player(p)
    assert economy.research_cost(rt, 2, p) == 11
    pl["techs"].append("t3_d")                               # modify research_cost when level = 2: -= 3
    assert economy.research_cost(rt, 2, p) == 8 and economy.research_cost(rt, 3, p) == 16
    city = rt.cities(p)[0]
    x, y = next(sq for sq in board.around(city["x"], city["y"]) if rt.square(*sq)
                and rt.square(*sq)["terrain"] != "water" and not rt.item_at(*sq))
    g.state["items"][f"{x},{y}"] = {"kind": "wonder", "id": "w_ancient_1", "owner": p}
    assert strength(rt, p, "u_infantry_1") == 2 and strength(rt, p, "u_mounted_1") == 1
    pl["techs"].append("t2_a")                               # infantry rank 2: 7 production, at most 5 with the wonder
    assert manage.unit_cost(rt, p, "infantry") == 7
    g.state["items"][f"{x},{y}"]["id"] = "w_ancient_2"
    assert manage.unit_cost(rt, p, "infantry") == 5
    forces = len(pl["forces"])
    drive(rt.emit("wonder_built", p, wonder="w_ancient_2"))
    assert len(pl["forces"]) == forces + 1 and g.definition.units[pl["forces"][-1]].data["type"] == "mounted"
    pl["techs"].append("t1_d")                               # knows gov_b, not just unlocked
    pl["gov_new"], pl["government"] = [], "despotism"
    _, asked = drive(start.change_government(rt, p), lambda d: "keep")
    assert "gov:gov_b" not in asked[0].options
    pl["techs"].append("t3_c")                               # grant no_anarchy
    _, asked = drive(start.change_government(rt, p), lambda d: "gov:gov_b")
    assert pl["government"] == "gov_b"


def test_once_per_play_is_counted_per_unit_card_and_once_per_battle_per_battle():
    """A use limit lasts as long as its period: `once per play` starts afresh when a unit card is played,
    `once per battle` does not, and outside a battle both fall back to the turn."""
    from rulewright.engine.abilities import SpecialAction
    from rulewright.rules.civ_board.state.battle_effects import end_period

    g, rt = started()
    per_play = SpecialAction(source="t1_b", index=0, title="", cost=[], when=None, body=None, per="play")
    per_battle = SpecialAction(source="t1_b", index=1, title="", cost=[], when=None, body=None, per="battle")
    g.state["battle"] = {"fronts": [], "bonus": {}, "names": {}}
    abilities.spent(rt, 0, per_play).append("t1_b#0")
    abilities.spent(rt, 0, per_battle).append("t1_b#1")
    assert "t1_b#0" in abilities.spent(rt, 0, per_play) and "t1_b#1" in abilities.spent(rt, 0, per_battle)
    end_period(rt, "play")                                     # a unit card was played
    assert abilities.spent(rt, 0, per_play) == [] and "t1_b#1" in abilities.spent(rt, 0, per_battle)
    g.state["battle"] = None
    assert abilities.spent(rt, 0, per_play) is rt.player(0)["used"]
