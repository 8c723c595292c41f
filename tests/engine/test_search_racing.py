"""Flat search's race (successive halving): how a play-out budget is spent over the candidates, which ones
stay in the race, and that sweeping every candidate (a time budget's way) is still there."""

from __future__ import annotations

import rulewright.rules.clash  # noqa: F401 - registers the game and its bots
from rulewright.api import new_game
from rulewright.engine.bots import make_bot
from rulewright.engine.playout import play_out
from rulewright.engine.search import SearchBot
from rulewright.engine.service import from_json, to_json


def _decision_text(seed: int) -> str:
    """A 2-player game at player 0's choice of action among at least four options (service JSON)."""
    game = new_game(players=2, seed=seed, checkpoints=True)
    bots = [make_bot("greedy", seed + i) for i in range(2)]
    play_out(game, bots, stop=lambda g: len(g.actions) > 12 and g.pending.player == 0
             and g.pending.kind == "action" and len(g.pending.options) > 3)
    return to_json(game)


def _scripted(bot: SearchBot, worth: dict[str, float]) -> list[tuple[str, int]]:
    """Replace the bot's play-outs by a fixed score per option; returns the (option, world seed) played."""
    played: list[tuple[str, int]] = []

    def playout(world, p, option, support, seed):
        played.append((option, seed))
        return worth.get(option, 0.0)

    bot._playout = playout  # type: ignore[method-assign]
    return played


def test_a_race_halves_the_candidates_and_spends_the_budget_on_the_survivors():
    game = from_json(_decision_text(3))
    options = game.pending.options
    bot = SearchBot(5, "8", candidates=4, racing=True)
    worth = {o: 0.1 * i for i, o in enumerate(options)}  # later options are worth more
    played = _scripted(bot, worth)
    choice = bot.choose(game, game.pending)
    first, second = played[:4], played[4:]
    assert len(played) == 8 and len({o for o, _ in first}) == 4
    assert len({s for _, s in first}) == 1  # round one: every candidate in the same sampled world
    survivors = sorted({o for o, _ in first}, key=lambda o: -worth[o])[:2]
    assert sorted(o for o, _ in second) == sorted(survivors * 2)  # round two: the better half, two worlds each
    assert len({s for _, s in second}) == 2 and choice == survivors[0]


def test_sweeps_give_every_candidate_every_world_when_racing_is_off():
    game = from_json(_decision_text(3))
    bot = SearchBot(5, "8", candidates=4, racing=False)
    played = _scripted(bot, {})
    choice = bot.choose(game, game.pending)
    assert len(played) == 8 and sorted({o for o, _ in played[:4]}) == sorted({o for o, _ in played[4:]})
    assert choice == played[0][0]  # all level: the prior's best


def test_a_raced_search_is_deterministic_and_plays_a_legal_option():
    text = _decision_text(6)
    choices = [SearchBot(3, "6", horizon=6, racing=True).choose(g, g.pending) for g in (from_json(text), from_json(text))]
    assert choices[0] == choices[1] and choices[0] in from_json(text).pending.options


def test_a_budget_of_one_world_per_candidate_picks_the_best_of_that_world():
    game = from_json(_decision_text(3))
    options = game.pending.options
    bot = SearchBot(5, "4", candidates=4, racing=True)
    worth = {o: 0.1 * i for i, o in enumerate(options)}
    played = _scripted(bot, worth)
    choice = bot.choose(game, game.pending)
    assert len(played) == 4 and choice == max((o for o, _ in played), key=lambda o: worth[o])
