"""Civilization's worked rules, each on a position set up by hand from the tiny made-up pack: the
research pyramid and its cost, trade kept by coins, outskirts and blockades, scout gathering, the
culture track, trumps in battle, exploration, buildings upgraded in place, and the four victories."""

from __future__ import annotations

from civ_helpers import MINI, bot_game, drive
from rulewright.engine.games import find
from rulewright.engine.machine import Game
from rulewright.rules.civ_board.board import board
from rulewright.rules.civ_board.board.pieces import cities_left, place_figure, strength
from rulewright.rules.civ_board.cards import culture, research
from rulewright.rules.civ_board.combat import combat, conquest
from rulewright.rules.civ_board.phases import manage, movement
from rulewright.rules.civ_board.phases.start import place_reserve
from rulewright.rules.civ_board.state import economy
from rulewright.rules.civ_board.state.victory import check_economic, settle_turn, victory_score, win


def started(seed: int = 1):
    g = bot_game(seed, until=lambda g: g.state["turn"] >= 1)
    return g, g.rt


def test_a_level_n_tech_needs_two_of_level_n_minus_1_below_it():
    g, rt = started()
    p = 0
    pl = rt.player(p)
    pl["pyramid"] = {"1": [pl["techs"][0]]}
    assert economy.pyramid_row(rt, p, 1) and not economy.pyramid_row(rt, p, 2)
    pl["pyramid"]["1"].append("t1_e")
    assert economy.pyramid_row(rt, p, 2)
    pl["pyramid"]["2"] = ["t2_e"]
    assert not economy.pyramid_row(rt, p, 2)    # a second level II needs a third level I
    assert not economy.pyramid_row(rt, p, 3)    # a level III needs two level II


def test_research_costs_6_then_5_more_per_level_and_keeps_1_trade_per_coin():
    g, rt = started()
    assert [economy.research_cost(rt, n) for n in (1, 2, 3, 4, 5)] == [6, 11, 16, 21, 26]
    p = 0
    pl = rt.player(p)
    pl["trade"] = 10
    opts = economy.research_options(rt, p)
    assert opts and all(g.definition.level(t) == 1 for t in opts)
    pl["coin_tokens"] = {"x": 3}
    pl["pick"] = None
    coins = economy.coins(rt, p)
    drive(research.research_phase(rt), lambda d: opts[0] if d.player == p and opts[0] in d.options else "none")
    assert opts[0] in pl["techs"] and pl["trade"] == min(10, coins)


def test_trade_comes_from_the_outskirts_and_an_enemy_figure_blockades_its_square():
    g, rt = started()
    p, q = 0, 1
    city = rt.cities(p)[0]
    squares = economy.city_squares(rt, city)
    full = economy.city_total(rt, city, "trade")
    assert full == sum(int(economy.yields(rt, x, y).get("trade", 0)) for x, y in squares)
    rich = next(sq for sq in squares if economy.yields(rt, *sq).get("trade"))
    place_figure(rt, q, "scout", *rich)
    assert rich not in economy.city_squares(rt, city)
    assert economy.city_total(rt, city, "trade") == full - economy.yields(rt, *rich)["trade"]


def test_a_scout_sent_to_a_city_adds_its_square_from_the_next_turn():
    g, rt = started()
    p = 0
    city = rt.cities(p)[0]
    spot = next((x, y) for y in range(16) for x in range(16) if rt.square(x, y)
                and rt.square(x, y).get("production") and board.distance((x, y), (city["x"], city["y"])) > 1
                and not rt.figures_at(x, y))
    scout = place_figure(rt, p, "scout", *spot)
    scout["sends"] = city["id"]
    assert spot in economy.city_squares(rt, city)
    before = economy.city_total(rt, city, "production")
    scout["sends"] = None
    assert economy.city_total(rt, city, "production") == before - rt.square(*spot)["production"]


def test_the_culture_track_costs_culture_then_trade_and_its_last_space_wins():
    g, rt = started()
    p = 0
    pl = rt.player(p)
    pl["culture"], pl["trade"] = 2, 0
    assert not culture.can_advance(rt, p)
    pl["culture"] = 3
    drive(culture.advance(rt, p))
    assert pl["track"] == 1 and pl["culture"] == 0 and len(pl["hand"]) == 1
    pl["track"] = len(g.definition.track) - 1
    pl["culture"], pl["trade"] = 100, 1
    assert not culture.can_advance(rt, p)       # the last space also costs 2 trade
    pl["trade"] = 2
    drive(culture.advance(rt, p))
    assert g.state["winner"] == [p] and g.state["victory"] == "culture"


def test_the_culture_hand_is_kept_to_its_size():
    g, rt = started()
    p = 0
    for _ in range(4):
        drive(culture.draw_culture(rt, p, 1))
    assert len(rt.player(p)["hand"]) == culture.hand_size(rt, p) == 2


def test_a_trumping_unit_strikes_first_and_a_unit_it_kills_strikes_nothing_back():
    g, rt = started()
    fight = {"owners": {"attacker": 0, "defender": 1}, "names": {"attacker": "A", "defender": "B"},
             "killed": {"attacker": [], "defender": []}}
    front = {"attacker": None, "defender": {"card": "u_infantry_1", "wounds": 0}}   # infantry trumps mounted ...
    combat.clash(rt, fight, "attacker", "u_artillery_1", front)                    # ... artillery trumps infantry
    assert fight["killed"] == {"attacker": [], "defender": ["u_infantry_1"]}
    assert front["attacker"] == {"card": "u_artillery_1", "wounds": 0}
    front = {"attacker": None, "defender": {"card": "u_mounted_2", "wounds": 0}}
    combat.clash(rt, fight, "attacker", "u_infantry_1", front)     # infantry (1) trumps mounted (2): 1 wound, then 2 back
    assert "u_infantry_1" in fight["killed"]["attacker"] and front["defender"]["wounds"] == 1


def test_unit_ranks_follow_the_best_tech_upgrade():
    g, rt = started()
    p = 0
    assert strength(rt, p, "u_infantry_2") == 2
    rt.player(p)["techs"].append("t2_a")     # grant unit_rank(infantry, 2)
    assert strength(rt, p, "u_infantry_2") == 3 and manage.unit_cost(rt, p, "infantry") == 7
    assert strength(rt, None, "u_infantry_2") == 2    # barbarians stay at rank 1


def test_exploring_turns_a_tile_up_with_its_arrow_away_from_the_explorer():
    g, rt = started()
    p = 0
    tr, tc = 0, 1
    assert board.facedown(g.state, tc * 4, tr * 4)
    f = place_figure(rt, p, "army", tc * 4 - 1, 1)
    f["x"], f["y"] = tc * 4 - 1, 1
    _, asked = drive(movement.move_group(rt, p, [f]), lambda d: "explore:e" if "explore:e" in d.options else "stop")
    cell = g.state["map"]["tiles"][tr][tc]
    assert cell["rot"] == board.DIRS["east"] and cell["id"].startswith("tile_")
    assert len(g.state["tile_pool"]) == 5


def test_an_upgraded_building_flips_those_built_and_replaces_the_basic_form():
    g, rt = started()
    p = 0
    city = rt.cities(p)[0]
    rt.player(p)["techs"].append("t1_c")     # unlock mill
    assert "mill" in manage.buildable(rt, p)
    x, y = next(sq for sq in board.around(city["x"], city["y"])
                if rt.square(*sq) and rt.square(*sq)["terrain"] in ("grassland", "forest"))
    g.state["items"][board.key(x, y)] = {"kind": "building", "id": "mill", "owner": p}
    assert economy.yields(rt, x, y) == {"production": 2}
    rt.player(p)["techs"].append("t2_c")     # unlock big_mill (the upgrade)
    assert economy.yields(rt, x, y) == {"production": 3}
    assert "mill" not in manage.buildable(rt, p) and "big_mill" in manage.buildable(rt, p)


def test_fifteen_coins_win_an_economic_victory():
    g, rt = started()
    p = 1
    rt.player(p)["coin_tokens"] = {"x": 15 - economy.coins(rt, p) - 1}
    check_economic(rt)
    assert not g.state["winner"]
    rt.player(p)["coin_tokens"]["x"] += 1
    check_economic(rt)
    assert g.state["winner"] == [p] and g.state["victory"] == "economic"


def test_learning_a_level_5_tech_wins_a_technology_victory():
    g, rt = started()
    p = 0
    pl = rt.player(p)
    pl["pyramid"] = {"1": ["a"] * 5, "2": ["b"] * 4, "3": ["c"] * 3, "4": ["d"] * 2}
    pl["trade"] = 26
    assert "t5_a" in economy.research_options(rt, p)
    drive(research.research_phase(rt), lambda d: "t5_a" if "t5_a" in d.options else "none")
    assert g.state["winner"] == [p] and g.state["victory"] == "technology"


def test_conquering_a_capital_wins_a_military_victory():
    g, rt = started()
    p, q = 0, 1
    capital = next(c for c in rt.cities(q) if c["capital"])
    armies = [place_figure(rt, p, "army", capital["x"], capital["y"] + 1) for _ in range(5)]
    rt.player(p)["forces"] = ["u_artillery_2"] * 12   # 5 armies: a hand of 3 + 2 x 4 = 11 units of 2
    rt.player(q)["forces"] = ["u_infantry_1"]          # against the capital's +12 (+4 walled)
    won, _ = drive(conquest.attack_city(rt, p, armies, capital))
    assert won and g.state["winner"] == [p] and g.state["victory"] == "military"


def test_a_battle_won_over_figures_kills_them_and_loots():
    g, rt = started()
    p, q = 0, 1
    x, y = next((x, y) for y in range(8) for x in range(16) if rt.square(x, y) and rt.square(x, y)["terrain"] != "water"
                and not rt.figures_at(x, y) and not rt.city_at(x, y))
    mine = place_figure(rt, p, "army", x, y)
    theirs = place_figure(rt, q, "army", x, y)
    rt.player(p)["forces"] = ["u_artillery_2"] * 6
    rt.player(q)["forces"] = ["u_infantry_1"] * 3
    rt.player(q)["trade"] = 5
    before = rt.player(p)["trade"]
    held, _ = drive(conquest.attack_square(rt, p, [mine], x, y), lambda d: "trade" if "trade" in d.options else d.options[0])
    assert held and theirs not in g.state["figures"] and rt.player(q)["trade"] == 2
    assert rt.player(p)["trade"] == min(27, before + 3)


def test_the_advanced_tie_breaker_plays_the_turn_out_and_the_best_victory_score_wins():
    g = Game(find("civ_board").definition([MINI], ["advanced_tiebreaker"]), {"players": 2, "seed": 1})
    rt = g.rt
    win(rt, [0], "culture")
    win(rt, [1], "economic")
    assert not g.state["winner"] and g.state["completed"] == {"0": "culture", "1": "economic"}
    rt.player(1)["track"] = 5      # player 1's victory score is higher
    assert sum(victory_score(rt, 1).values()) > sum(victory_score(rt, 0).values())
    settle_turn(rt)
    assert g.state["winner"] == [1] and g.state["victory"] == "economic"
    win(rt, [0], "military")       # the game is decided: nothing changes it
    assert g.state["winner"] == [1]


def test_a_new_army_put_on_a_blockaded_square_fights_the_blockade():
    g, rt = started()
    p, q = 0, 1
    city = rt.cities(p)[0]
    x, y = next(sq for sq in board.around(city["x"], city["y"])
                if rt.square(*sq) and rt.square(*sq)["terrain"] != "water" and not rt.figures_at(*sq))
    blocker = place_figure(rt, q, "army", x, y)
    assert manage.blockade_target(rt, p, x, y) and not manage.blockade_target(rt, q, x, y)
    rt.player(p)["forces"] = ["u_artillery_2"] * 5
    rt.player(q)["forces"] = ["u_infantry_1"]
    rt.player(p)["trade"] = 27
    opts = [o for o, _, _ in manage.city_options(rt, city)]
    assert "army" in opts
    drive(manage.city_action(rt, city), lambda d: "army" if d.kind == "city_action" else
          board.key(x, y) if d.kind == "place_figure" else d.options[0])
    assert blocker not in g.state["figures"]
    assert [f["owner"] for f in rt.figures_at(x, y)] == [p]


def test_scouts_escorted_by_an_army_may_enter_enemy_figures_but_not_a_hut():
    g, rt = started()
    p, q = 0, 1
    x, y = next((x, y) for y in range(4, 8) for x in range(16) if rt.square(x, y) and rt.square(x, y)["terrain"] != "water"
                and not rt.figures_at(x, y) and not rt.city_at(x, y) and board.key(x, y) not in g.state["markers"])
    army, scout = place_figure(rt, p, "army", 0, 0), place_figure(rt, p, "scout", 0, 0)
    place_figure(rt, q, "army", x, y)
    assert movement.enterable(rt, p, [army, scout], x, y) and not movement.enterable(rt, p, [scout], x, y)
    g.state["markers"][board.key(x, y)] = "hut"
    g.state["figures"] = [f for f in g.state["figures"] if f["owner"] == p or (f["x"], f["y"]) != (x, y)]
    assert movement.enterable(rt, p, [army], x, y) and not movement.enterable(rt, p, [army, scout], x, y)


def test_a_player_has_2_cities_at_most_the_capital_included_and_3_with_a_city_limit_grant():
    g, rt = started()
    p = 0
    assert len(rt.cities(p)) == 1 and cities_left(rt, p) == 1
    rt.player(p)["techs"].append("t3_a")     # grant city_limit(3)
    assert cities_left(rt, p) == 2


def test_each_great_person_in_reserve_is_offered_once_per_start_of_turn():
    g, rt = started()
    p = 0
    city = rt.cities(p)[0]
    x, y = next(sq for sq in board.around(city["x"], city["y"]) if rt.square(*sq) and rt.square(*sq)["terrain"] != "water")
    g.state["items"][board.key(x, y)] = {"kind": "person", "id": "gp_artist", "owner": p}
    rt.player(p)["reserve"] = ["gp_general", "gp_general"]
    _, asked = drive(place_reserve(rt, p), lambda d: board.key(x, y))   # always onto the square holding a person
    assert len(asked) == 2 and sorted(rt.player(p)["reserve"]) == ["gp_artist", "gp_general"]
