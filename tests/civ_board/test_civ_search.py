"""Civilization under the common search bot: a fork restarts the flow from a research pick's state and
plays on exactly as the game does; a sampled guess of hidden information leaves the deciding player's
view unchanged; a search decision is a legal option."""

from __future__ import annotations

import copy

from civ_helpers import bot_game
from rulewright.engine.rng import Rng, seed_state
from rulewright.engine.search import SearchBot
from rulewright.rules.civ_board.bots.bots import GreedyBot


def at_research(turn: int = 3):
    return bot_game(4, until=lambda g: g.state["turn"] >= turn and g.pending.kind == "research")


def test_a_fork_at_a_research_pick_plays_on_exactly_as_the_game():
    g = at_research()
    g.forkable = True
    fork = g.fork()
    assert fork.state == g.state and fork.pending.options == g.pending.options
    bots = [GreedyBot(9), GreedyBot(10)]
    twins = [GreedyBot(9), GreedyBot(10)]
    for _ in range(60):
        if g.over:
            break
        d = g.pending
        g.apply({"player": d.player, "choice": bots[d.player].choose(g, d)})
        f = fork.pending
        fork.apply({"player": f.player, "choice": twins[f.player].choose(fork, f)})
    assert fork.state == g.state and fork.log == g.log


def test_a_guess_of_hidden_information_keeps_what_the_player_sees():
    g = at_research()
    p = g.pending.player
    seen = g.view(p)
    state = copy.deepcopy(g.state)
    g.definition.search_support().determinise(state, p, Rng({"rng": seed_state(5)}))
    g.state, real = state, g.state
    try:
        assert g.view(p) == seen
    finally:
        g.state = real
    q = 1 - p
    assert sorted(state["players"][q]["forces"]) != sorted(real["players"][q]["forces"]) or \
        len(real["players"][q]["forces"]) == 0 or state["unit_decks"] != real["unit_decks"]


def test_the_search_bot_takes_a_legal_research_choice():
    g = at_research()
    d = g.pending
    choice = SearchBot(1, "2").choose(g, d)
    assert choice in d.options
