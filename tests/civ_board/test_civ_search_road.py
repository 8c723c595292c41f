"""The search bot keeps one road to victory in Civilization (engine/search.py `persona`): its own greedy
policy, seeded once, takes the decisions it does not search and plays its seat in every play-out, and
the prior and the evaluation are told that policy; the evaluation weighs progress on the bot's road
(search_worth.py); a greedy military road marches on the enemy capitals (bot_war.py)."""

from __future__ import annotations

import copy

import pytest
from civ_helpers import bot_game
from rulewright.engine.ismcts import IsmctsBot
from rulewright.engine.search import SearchBot
from rulewright.rules.civ_board.bots import search_worth
from rulewright.rules.civ_board.bots.bot_war import enemy_capitals, nerve
from rulewright.rules.civ_board.bots.bots import GreedyBot
from rulewright.rules.civ_board.bots.search_support import SEARCHED

SEED = 77


def _recording(monkeypatch, g):
    """The game's search support, its policy seeds and the personas its evaluation and prior are told."""
    support = g.definition.search_support()
    seeds, told = [], []
    policy, evaluate, prior = support._policy, support._evaluate, support._prior

    def spy_policy(seed):
        seeds.append(seed)
        return policy(seed)

    def spy_evaluate(game, player, persona=None):
        told.append(("evaluate", getattr(persona, "road", None)))
        return evaluate(game, player, persona)

    def spy_prior(game, decision, persona=None):
        told.append(("prior", getattr(persona, "road", None)))
        return prior(game, decision, persona)

    monkeypatch.setattr(support, "_policy", spy_policy)
    monkeypatch.setattr(support, "_evaluate", spy_evaluate)
    monkeypatch.setattr(support, "_prior", spy_prior)
    return seeds, told


@pytest.mark.parametrize("bot_class", [SearchBot, IsmctsBot])
def test_unsearched_decisions_are_taken_by_the_bots_own_policy(monkeypatch, bot_class):
    g = bot_game(3, until=lambda g: g.state["turn"] >= 2 and g.pending.kind not in SEARCHED
                 and len(g.pending.options) > 1)
    assert not g.over
    seeds, _ = _recording(monkeypatch, g)
    bot = bot_class(SEED, "2")
    for _ in range(3):
        assert bot.choose(g, g.pending) == GreedyBot(SEED).choose(g, g.pending)
    assert seeds == [SEED] * 3     # the same policy every time (no fresh seed, no fresh road)


def test_play_outs_give_the_bots_seat_its_own_policy_and_tell_the_evaluation_its_road(monkeypatch):
    g = bot_game(3, until=lambda g: g.state["turn"] >= 3 and g.pending.kind == "research"
                 and len(g.pending.options) > 2)
    seeds, told = _recording(monkeypatch, g)
    g.forkable = True
    SearchBot(SEED, "2").choose(g, g.pending)
    road = GreedyBot(SEED).road
    assert ("prior", road) in told and told.count(("evaluate", road)) >= 2
    assert {r for _, r in told} == {road}
    assert seeds.count(SEED) >= 2 and any(s != SEED for s in seeds)   # its seat, then the rival's guessed one


def test_ismcts_keeps_the_bots_road_in_its_own_nodes_and_play_outs(monkeypatch):
    g = bot_game(3, until=lambda g: g.state["turn"] >= 3 and g.pending.kind == "research"
                 and len(g.pending.options) > 2)
    seeds, told = _recording(monkeypatch, g)
    g.forkable = True
    bot = IsmctsBot(SEED, "4")
    bot.choose(g, g.pending)
    road = GreedyBot(SEED).road
    assert ("prior", road) in told and ("evaluate", road) in told
    # its own road is the one policy seeded with its seed; the other seats' policies come from the worlds
    assert seeds.count(SEED) == 1 and all(s != SEED for s in seeds[1:])
    assert bot._persona is not None and bot._persona.road == road


def test_the_evaluation_weighs_progress_on_the_bots_road():
    g = bot_game(5, until=lambda g: g.state["turn"] >= 4)
    rt = g.rt
    before = {road: search_worth.worth(rt, 0, road) for road in ("culture", "technology")}
    real = copy.deepcopy(g.state)
    rt.player(0)["track"] += 3
    after = {road: search_worth.worth(rt, 0, road) for road in ("culture", "technology")}
    g.state.clear()
    g.state.update(real)
    assert after["culture"] - before["culture"] > after["technology"] - before["technology"] > 0


def _armed(n: int):
    """A game at turn 4 whose player 0 holds n unit cards (taken from the decks) and an army."""
    g = bot_game(5, until=lambda g: g.state["turn"] >= 4)
    rt = g.rt
    cards = [c for deck in rt.state["unit_decks"].values() for c in deck]
    rt.player(0)["forces"][:] = cards[:n]
    army = next(f for f in rt.state["figures"] if f["owner"] == 0 and f["kind"] == "army")
    return rt, army


def test_an_army_nearer_an_enemy_capital_is_military_progress():
    rt, army = _armed(6)
    (cx, cy), = enemy_capitals(rt, 0)
    far = search_worth.road_progress(rt, 0)["military"]
    army["x"], army["y"] = cx + 1, cy
    assert search_worth.road_progress(rt, 0)["military"] > far


def test_a_strong_military_road_marches_on_the_enemy_capitals_only():
    bot = GreedyBot(1)
    rt, army = _armed(9)   # more than `_strong` asks of a military road (6)
    bot.road = "military"
    war = bot._distances(rt, 0, [army], False)
    bot.road = "technology"
    explore = bot._distances(rt, 0, [army], False)
    assert {sq for sq, d in war.items() if d == 0} == set(enemy_capitals(rt, 0))
    assert {sq for sq, d in explore.items() if d == 0} != set(enemy_capitals(rt, 0))
    rt.player(0)["forces"][:] = rt.player(0)["forces"][:2]   # too few cards: it explores as the others do
    bot.road = "military"
    assert bot._distances(rt, 0, [army], False) == explore
    assert nerve("military") < nerve("technology")
