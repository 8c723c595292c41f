"""The search bots' `persona` hook (engine/search.py, shared by flat search and ISMCTS): a support that
declares one gets every unsearched decision taken by one policy seeded with the bot's own seed; one that does
not gets a fresh seed each time (Clash and 7 Wonders, as before)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from rulewright.engine.decision import Decision
from rulewright.engine.ismcts import IsmctsBot
from rulewright.engine.search import GameSearch, SearchBot

BOTS = pytest.mark.parametrize("bot_class", [SearchBot, IsmctsBot])


class _Policy:
    def __init__(self, seed: int):
        self.seed = seed

    def choose(self, game, decision):
        return decision.options[self.seed % len(decision.options)]


def _game(persona: bool):
    seeds: list[int] = []

    def policy(seed):
        seeds.append(seed)
        return _Policy(seed)

    support = GameSearch(None, lambda *a: None, lambda *a: 0.5, policy, searched=(), prior=lambda *a: [],
                         persona=persona)
    game = SimpleNamespace(definition=SimpleNamespace(search_support=lambda: support))
    return game, seeds


@BOTS
def test_a_persona_takes_every_unsearched_decision_with_the_bots_own_seed(bot_class):
    game, seeds = _game(persona=True)
    bot = bot_class(1234, "2")
    d = Decision(0, "pay", "pay how?", ["a", "b", "c"])
    choices = {bot.choose(game, d) for _ in range(5)}
    assert seeds == [1234] * 5 and choices == {d.options[1234 % 3]}


@BOTS
def test_without_a_persona_each_unsearched_decision_gets_a_fresh_seed(bot_class):
    game, seeds = _game(persona=False)
    bot = bot_class(1234, "2")
    d = Decision(0, "pay", "pay how?", ["a", "b", "c"])
    for _ in range(5):
        bot.choose(game, d)
    assert len(set(seeds)) == 5 and 1234 not in seeds
