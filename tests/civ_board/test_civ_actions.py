"""Civilization's city actions, start-of-turn choices and movement limits on positions set by hand from the
tiny made-up pack: a wonder built from the market (refilled), a harvest limited by the market, the arts,
a city built by a scout only on a legal site, a government taken at once only the turn after it is
unlocked (else through Anarchy), water, city centres and the stacking limit, and a hut explored."""

from __future__ import annotations

from civ_helpers import bot_game, drive, new
from rulewright.rules.civ_board.board import board
from rulewright.rules.civ_board.board.pieces import place_figure
from rulewright.rules.civ_board.phases import manage, movement, start
from rulewright.rules.civ_board.state.economy import arts_culture, city_resources, city_total


def started(seed: int = 1):
    g = bot_game(seed, until=lambda g: g.state["turn"] >= 1)
    return g, g.rt


def test_a_wonder_is_built_from_the_market_which_draws_the_next():
    g, rt = started()
    p = 0
    city = rt.cities(p)[0]
    rt.player(p)["trade"] = 27
    market, deck = list(g.state["wonder_market"]), list(g.state["wonder_deck"])
    opt = next(o for o, _, _ in manage.city_options(rt, city) if o.startswith(f"wonder:{market[0]}@"))
    drive(manage.city_action(rt, city), lambda d: opt)
    at = opt.partition("@")[2]
    assert g.state["items"][at] == {"kind": "wonder", "id": market[0], "owner": p}
    assert market[0] not in g.state["wonder_market"] and g.state["wonder_market"][-1] == deck[0]
    assert rt.player(p)["trade"] < 27          # the wonder cost more than the city's production


def test_harvest_takes_a_token_while_the_market_has_one_and_the_arts_give_1_plus_culture_icons():
    g, rt = started()
    p = 0
    city = rt.cities(p)[0]
    res = city_resources(rt, city)
    assert res, "the home tile's outskirts show a resource"
    g.state["resource_market"][res[0]] = 1
    assert f"harvest:{res[0]}" in [o for o, _, _ in manage.city_options(rt, city)]
    drive(manage.city_action(rt, city), lambda d: f"harvest:{res[0]}")
    assert rt.player(p)["resources"][res[0]] == 1 and g.state["resource_market"][res[0]] == 0
    assert f"harvest:{res[0]}" not in [o for o, _, _ in manage.city_options(rt, city)]
    before = rt.player(p)["culture"]
    drive(manage.city_action(rt, city), lambda d: "arts")
    assert rt.player(p)["culture"] - before == arts_culture(rt, city) == 1 + city_total(rt, city, "culture")


def test_a_city_needs_a_scout_on_a_legal_site_three_squares_from_other_cities():
    g = new(1, position={"reveal": True, "start": "city_management"})
    rt = g.rt
    p = 0
    capital = rt.cities(p)[0]
    g.state["figures"] = []
    near = (capital["x"] + 2, capital["y"])
    place_figure(rt, p, "scout", *near)
    assert not start.city_site(rt, p, *near)
    far = next((x, y) for y in range(1, 7) for x in range(1, 15) if start.city_site(rt, p, x, y))
    assert board.distance(far, (capital["x"], capital["y"])) >= 3
    place_figure(rt, p, "scout", *far)
    drive(start.build_cities(rt, p), lambda d: next(o for o in d.options if o != "none"))
    assert rt.city_at(*far) is not None and len(rt.cities(p)) == 2
    assert not any(f["kind"] == "scout" and (f["x"], f["y"]) == far for f in g.state["figures"])


def test_a_government_is_taken_at_once_only_the_turn_after_it_was_unlocked():
    g, rt = started()
    p = next(i for i in range(2) if g.state["players"][i]["civ"] == "civ_a")
    pl = rt.player(p)
    pl["techs"].append("t1_d")            # unlocks gov_b
    pl["gov_new"] = ["gov_b"]
    _, asked = drive(start.change_government(rt, p), lambda d: "gov:gov_b")
    assert pl["government"] == "gov_b"
    pl["government"], pl["gov_new"] = "despotism", []
    _, asked = drive(start.change_government(rt, p), lambda d: d.options[-1])
    assert "gov:gov_b" not in asked[0].options and pl["government"] == "anarchy"
    g.state["turn"] += 1
    drive(start.change_government(rt, p), lambda d: "gov:gov_b")
    assert pl["government"] == "gov_b"


def test_figures_keep_off_water_and_their_own_city_centre_and_within_the_stacking_limit():
    g, rt = started()
    p = 0
    capital = rt.cities(p)[0]
    g.state["figures"] = []
    water = next((x, y) for y in range(8) for x in range(16) if (rt.square(x, y) or {}).get("terrain") == "water")
    a = place_figure(rt, p, "army", 0, 0)
    assert not movement.enterable(rt, p, [a], *water)
    rt.player(p)["techs"].append("t4_a")   # cross_water
    assert movement.enterable(rt, p, [a], *water) and not movement.can_stop(rt, p, [a], *water)
    assert not movement.can_stop(rt, p, [a], capital["x"], capital["y"])
    x, y = capital["x"] + 1, capital["y"] + 1
    place_figure(rt, p, "army", x, y)
    place_figure(rt, p, "army", x, y)
    assert not movement.enterable(rt, p, [a], x, y)      # the stacking limit is 2
    rt.player(p)["techs"].append("t2_a")   # stack_limit(3)
    assert movement.enterable(rt, p, [a], x, y)


def test_an_army_entering_a_hut_keeps_its_marker_and_stops():
    g, rt = started()
    p = 0
    g.state["figures"] = []
    x, y = next((x, y) for y in range(8) for x in range(16) if (rt.square(x, y) or {}).get("terrain") == "grassland"
                and not rt.city_at(x, y) and rt.square(x + 1, y) and rt.square(x + 1, y)["terrain"] != "water"
                and not rt.city_at(x + 1, y))
    g.state["markers"][board.key(x + 1, y)] = "hut"
    army = place_figure(rt, p, "army", x, y)
    huts = len(g.state["hut_pool"])
    _, asked = drive(movement.move_group(rt, p, [army]), lambda d: "e" if "e" in d.options else "stop")
    assert (army["x"], army["y"]) == (x + 1, y) and len(asked) == 1
    assert len(rt.player(p)["huts"]) == 1 and len(g.state["hut_pool"]) == huts - 1
    assert board.key(x + 1, y) not in g.state["markers"]
