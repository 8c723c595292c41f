"""Reactions (rules/civ_board/cards/reactions.py, payment.py) with the base pack: the greedy bot cancels a culture
card aimed at it and lets others pass, pays with a card only when it holds no such resource, and a player
who holds a cancel card is asked in secret (the decision goes to that seat, the card stays hidden)."""

from __future__ import annotations

from rulewright.engine.decision import Decision
from rulewright.engine.games import find
from rulewright.engine.machine import Game
from rulewright.engine.search import SearchBot
from rulewright.rules.civ_board.bots.bots import GreedyBot
from rulewright.rules.civ_board.cards.payment import can_pay_cost

BASE = find("civ_board").definition(["base"], [])


def game(players: list[dict], n: int = 3, start: str | None = None) -> Game:
    position = {"civs": ["rome", "germany", "china"][:n], "first": 0, "players": players}
    if start:
        position["start"] = start
    return Game(BASE, {"players": n, "seed": 1, "position": position})


def play(g: Game, *choices: str) -> None:
    for c in choices:
        g.apply({"player": g.pending.player, "choice": c})


def test_greedy_cancels_a_card_aimed_at_it_and_keeps_its_card_otherwise():
    g = game([{"culture_hand": ["citizens_revolting_1"]}, {"culture_hand": ["jousting_tourney"]},
              {"culture_hand": ["jousting_tourney"]}])
    play(g, "citizens_revolting_1", "2")                     # aimed at the third player
    d = g.pending
    assert (d.kind, d.player) == ("cancel", 1)
    assert GreedyBot(3).choose(g, d) == "none"               # not aimed at it: it keeps its card
    assert g.view(2)["players"][1]["hand"] == {"count": 1}   # the answering card stays hidden from the others
    play(g, "none")
    d = g.pending
    assert (d.kind, d.player) == ("cancel", 2)
    assert GreedyBot(3).choose(g, d) == "jousting_tourney"


def test_greedy_cancels_a_cancel_of_its_own_card():
    g = game([{"culture_hand": ["we_love_the_despot_day", "jousting_tourney"]},
              {"culture_hand": ["jousting_tourney"]}], n=2, start="city_management")
    play(g, "we_love_the_despot_day", "jousting_tourney")
    d = g.pending
    assert (d.kind, d.player) == ("cancel", 0)
    assert GreedyBot(1).choose(g, d) == "jousting_tourney"
    play(g, "jousting_tourney")
    assert any("more production this turn" in line for line in g.log)


def test_greedy_pays_with_a_resource_it_holds_before_a_gift_card():
    g = game([{"techs": ["pottery"], "resources": {"iron": 1, "silk": 1}, "culture_hand": ["a_generous_gift"]},
              {}], n=2, start="city_management")
    play(g, "pottery#2")
    d = g.pending
    assert d.kind == "pay" and set(d.options) == {"token", "a_generous_gift"}
    assert GreedyBot(1).choose(g, d) == "token"


def test_a_gift_card_counts_only_for_the_resources_it_names():
    g = game([{"culture_hand": ["a_generous_gift"]}, {}], n=2)
    rt = g.rt
    assert can_pay_cost(rt, 0, [("wheat", 1)]) and can_pay_cost(rt, 0, [("any_resource", 1)])
    assert not can_pay_cost(rt, 0, [("incense", 1)]) and not can_pay_cost(rt, 0, [("wheat", 2)])
    rt.player(0)["hand"].append("a_generous_gift")
    assert can_pay_cost(rt, 0, [("wheat", 1), ("spy", 1)])   # two copies pay two resources


def test_the_search_bot_searches_an_answer_and_takes_a_legal_one():
    g = game([{"culture_hand": ["citizens_revolting_1"]}, {}, {"culture_hand": ["jousting_tourney"]}])
    g.forkable = True
    play(g, "citizens_revolting_1", "2")
    d = g.pending
    assert d.kind == "cancel" and BASE.search_support().searchable(d)
    assert SearchBot(3, budget="8").choose(g, d) in d.options


def test_greedy_aims_a_harmful_card_at_the_leader_and_a_gift_at_the_one_behind():
    g = game([{"culture_hand": ["citizens_revolting_1"]}, {}, {"techs": ["pottery", "currency"]}])
    play(g, "citizens_revolting_1")
    d = g.pending
    assert d.kind == "rival" and GreedyBot(1).choose(g, d) == "2"
    g = game([{"techs": ["pottery"], "resources": {"iron": 1}, "culture_hand": ["a_gift_from_afar"]},
              {"techs": ["currency"]}, {}], start="city_management")
    play(g, "pottery#2", "a_gift_from_afar")
    d = g.pending
    assert d.kind == "gift_to" and GreedyBot(1).choose(g, d) == "2"


def test_greedy_cancels_a_rivals_wonder_but_not_its_other_city_actions():
    g = game([{}, {"techs": ["writing"], "resources": {"spy": 1}}], n=2)
    d = Decision(1, "cancel", "answer it?", ["none", "writing#1"])
    for action, wanted in (("wonder", "writing#1"), ("arts", "none")):
        g.state["reacting"] = [{"hook": "city_action_taken", "player": 0, "action": action}]
        assert GreedyBot(1).choose(g, d) == wanted
