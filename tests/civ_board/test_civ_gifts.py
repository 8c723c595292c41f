"""The rules behind the free techs, the barbarians' substitute deck, an opened battle hand and the bots'
answers to these decisions (the cards themselves are tested by the base pack's scenarios)."""

from __future__ import annotations

import copy

from civ_helpers import bot_game, drive
from rulewright.engine.decision import Decision
from rulewright.engine.games import find
from rulewright.engine.machine import Game
from rulewright.engine.rng import Rng, seed_state
from rulewright.rules.civ_board.bots.bots import GreedyBot
from rulewright.rules.civ_board.cards import tech_gifts
from rulewright.rules.civ_board.combat import combat
from where import ROOT


def started(seed: int = 1):
    g = bot_game(seed, until=lambda g: g.state["turn"] >= 1)
    return g, g.rt


def test_a_depleted_barbarian_deck_is_made_up_from_the_deck_the_holder_chooses():
    g, rt = started()
    rt.state["unit_decks"]["artillery"], rt.state["unit_returned"]["artillery"] = [], []
    hand, asked = drive(combat.barbarian_hand(rt, 1), lambda d: "mounted")
    assert [d.kind for d in asked] == ["barbarian_deck"] and asked[0].player == 1
    assert sorted(asked[0].options) == ["infantry", "mounted"]
    assert [rt.d.units[c].data["type"] for c in hand] == ["mounted", "infantry", "mounted"]
    assert any("instead of the artillery deck" in line for line in g.log)


def test_the_bot_makes_up_the_barbarians_from_the_deck_that_trumps_the_attacker():
    g, rt = started()
    infantry = next(c for c, e in rt.d.units.items() if e.data["type"] == "infantry")
    rt.player(0)["forces"] = [infantry, infantry]       # player 1 (to the attacker's left) holds the barbarians
    d = Decision(1, "barbarian_deck", "which deck?", ["infantry", "mounted", "artillery"])
    trumper = next(t for t, beaten in rt.params["trumps"].items() if beaten == "infantry")
    assert GreedyBot(0).choose(g, d) == trumper


def test_an_opened_battle_hand_is_seen_by_the_opponent_and_kept_by_its_search_guess():
    g, rt = started()
    hand = list(rt.player(1)["forces"][:1]) or [next(iter(rt.d.units))]
    rt.player(1)["battle_hand"], rt.player(1)["battle_hand_shown_to"] = hand, [0]
    assert g.view(0)["players"][1]["battle_hand"] == hand
    assert g.view(None)["players"][1]["battle_hand"] == {"count": len(hand)}
    state = copy.deepcopy(g.state)
    g.definition.search_support().determinise(state, 0, Rng({"rng": seed_state(3)}))
    assert state["players"][1]["battle_hand"] == hand   # what player 0 sees is never guessed


def test_an_unopened_battle_hand_is_guessed_again_by_the_search():
    g, rt = started()
    pool = rt.state["unit_decks"]["infantry"]
    assert len(set(pool)) > 1
    rt.player(1)["battle_hand"], rt.player(1)["battle_hand_shown_to"], rt.player(1)["forces"] = [pool[0]], [], []
    hands = set()
    for seed in range(8):
        state = copy.deepcopy(g.state)
        g.definition.search_support().determinise(state, 0, Rng({"rng": seed_state(seed)}))
        hands.add(tuple(state["players"][1]["battle_hand"]))
    assert len(hands) > 1 and all(len(h) == 1 for h in hands)


def test_a_free_tech_needs_a_place_in_the_pyramid_and_the_bot_takes_the_highest():
    g, rt = started()
    p, q = 0, 1
    rt.player(p)["techs"], rt.player(p)["pyramid"] = ["t1_a"], {"1": ["t1_a"]}
    rt.player(q)["techs"] = ["t1_b", "t2_a", "t3_a"]
    assert tech_gifts.learnable(rt, p, q, 3) == ["t1_b"]     # one level I below: no level II yet
    rt.player(p)["techs"], rt.player(p)["pyramid"] = ["t1_a", "t1_c"], {"1": ["t1_a", "t1_c"]}
    assert tech_gifts.learnable(rt, p, q, 3) == ["t1_b", "t2_a"]   # a level II fits; the level III does not
    assert tech_gifts.learnable(rt, p, q, 1) == ["t1_b"]
    d = Decision(p, "free_tech", "learn?", ["none", "t1_b", "t2_a"])
    assert GreedyBot(0).choose(g, d) == "t2_a"


def test_the_bot_exchanges_with_the_rival_that_has_the_best_tech_within_the_card_level():
    g, rt = started()
    rt.player(0)["techs"], rt.player(0)["pyramid"] = ["t1_a", "t1_c"], {"1": ["t1_a", "t1_c"]}
    rt.player(1)["techs"] = ["t1_b", "t2_a"]
    bot = GreedyBot(0)
    level_one = Decision(0, "exchange_with", "with whom?", ["1"], ["Player 2 (techs of level 1 or lower)"])
    level_two = Decision(0, "exchange_with", "with whom?", ["1"], ["Player 2 (techs of level 2 or lower)"])
    assert bot._exchange_top(rt, level_one) == 1 and bot._exchange_top(rt, level_two) == 2
    assert bot._exchange_with(rt, level_two, "1") > bot._exchange_with(rt, level_one, "1")


def test_the_bot_changes_to_a_government_whose_words_are_worth_more_to_it():
    base = str(ROOT / "content" / "civ_board" / "base")
    g = Game(find("civ_board").definition([base], []),
             {"players": 2, "seed": 1, "position": {"civs": ["germany", "rome"], "first": 0, "start": "start_of_turn"}})
    rt, bot = g.rt, GreedyBot(0)
    d = Decision(0, "government", "change?", ["keep", "gov:monarchy_government", "gov:anarchy", "transition"])
    assert bot._gov_value(rt, 0, "monarchy_government") > bot._gov_value(rt, 0, "despotism")   # a second action
    assert bot._gov_value(rt, 0, "anarchy") < 0                                               # an idle capital
    assert bot.choose(g, d) == "gov:monarchy_government"
    rt.player(0)["government"] = "monarchy_government"
    assert bot.choose(g, Decision(0, "government", "change?", ["keep", "gov:despotism"])) == "keep"


def test_the_bot_founds_a_city_with_a_scout_before_an_army():
    g, rt = started()
    army = next(f for f in rt.state["figures"] if f["owner"] == 0 and f["kind"] == "army")
    scout = next(f for f in rt.state["figures"] if f["owner"] == 0 and f["kind"] == "scout")
    d = Decision(0, "build_city", "build?", ["none", f"city:{army['id']}", f"city:{scout['id']}"])
    assert GreedyBot(0).choose(g, d) == f"city:{scout['id']}"
    assert GreedyBot(0).choose(g, Decision(0, "build_city", "build?", ["none", f"city:{army['id']}"])) != "none"
