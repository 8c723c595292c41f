"""Resource abilities of the tiny made-up pack's techs: offered in their phase, once per turn, paid with a
resource token or a hut marker showing it (any_resource: any), and what they call: a city's production
boosted for the turn, a wonder made obsolete."""

from __future__ import annotations

from civ_helpers import bot_game, drive
from rulewright.rules.civ_board import abilities, economy


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
