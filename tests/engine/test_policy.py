"""The learned policy (engine/policy.py, tools/playtest/policy_fit.py, issue 46 item 3).

The model ranks options by their key and the position; a key it never saw falls back to the prior; the fit
recovers a rule planted in synthetic labels (the search prefers "b" options while a position feature is
high, "a" options otherwise, whatever the prior says); the learned bot plays legal, reproducible games and
reads the game's fitted weights."""

from __future__ import annotations

import random

import pytest
from rulewright.api import new_game
from rulewright.engine.bots import make_bot
from rulewright.engine.playout import play_out
from rulewright.engine.policy import PolicyModel, model_of, option_key, prior_features
from rulewright.tools.playtest.policy_fit import fit_policy


def test_option_keys_name_the_kind_and_the_first_word_never_a_space_or_number():
    assert option_key("action", "grow") == "action:grow"
    assert option_key("pick", "build:press") == "pick:build"
    assert option_key("move_to", "4,1") == "move_to:#"
    assert option_key("city", "4,1:academy") == "city:academy"
    gap, z, best = zip(*prior_features([1.0, 3.0, 2.0]), strict=True)
    assert gap == (-2.0, 0.0, -1.0) and best == (0.0, 1.0, 0.0) and z[1] > z[2] > z[0]


def test_an_unseen_key_scores_by_the_prior_alone():
    model = PolicyModel({"position_mean": [0.0], "position_scale": [1.0], "keys": {"k:a": [5.0, 0.0]},
                         "kinds": {}})
    scores = model.scores("k", ["a", "b", "c"], [0.0, 2.0, 1.0], [3.0])
    assert scores[0] > scores[1] > scores[2]  # "a" is known and worth 5; b and c keep the prior's order


def _synthetic(n: int) -> list[dict]:
    rng = random.Random(3)
    out = []
    for i in range(n):
        hot = rng.random()
        prior = [rng.random(), rng.random()]
        options = ["a", "b"]
        better = "b" if hot > 0.5 else "a"
        out.append({"game": i % 20, "round": 1, "kind": "k", "options": options, "prior": prior, "x": [hot],
                    "totals": {better: 1.0, ("a" if better == "b" else "b"): 0.0}})
    return out


def test_the_fit_recovers_a_rule_the_prior_does_not_know():
    weights, report = fit_policy(_synthetic(600), l2=0.1)
    assert report["held_out"]["model_agrees"] > 0.9 > 0.65 > report["held_out"]["prior_agrees"]
    model = PolicyModel(weights)
    assert model.scores("k", ["a", "b"], [1.0, 0.0], [0.9])[1] > model.scores("k", ["a", "b"], [1.0, 0.0], [0.9])[0]
    assert model.scores("k", ["a", "b"], [0.0, 1.0], [0.1])[0] > model.scores("k", ["a", "b"], [0.0, 1.0], [0.1])[1]


@pytest.mark.parametrize(("game_id", "players"), [("clash", 2), ("wonders7", 3), ("civ_board", 2)])
def test_the_learned_bot_plays_legal_reproducible_games_with_the_shipped_weights(game_id, players):
    def play() -> tuple[list, bool]:
        game = new_game(players=players, seed=11, game_id=game_id)
        play_out(game, [make_bot("learned", 5 + q, game_id) for q in range(players)], limit=150)
        return game.actions, game.over

    first, over = play()
    assert (len(first) == 150 or over) and play() == (first, over)  # every action legal (apply refuses others)
    support = new_game(players=players, seed=1, game_id=game_id).definition.search_support()
    assert support.policy_file.exists(), f"{game_id} ships a fitted policy (rulewright fit --policy)"
    model = model_of(support)
    assert model is not None and model.keys, "the shipped weights name option keys"
