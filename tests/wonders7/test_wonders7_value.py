"""7 Wonders' fitted evaluation: features at every position, the shipped weights, the evaluation's range."""

from __future__ import annotations

import math

import pytest
from rulewright.api import new_game
from rulewright.engine.bots import make_bot
from rulewright.engine.playout import play_out
from rulewright.engine.value import FittedValue
from rulewright.rules.wonders7.bots import eval_features
from rulewright.rules.wonders7.bots.search_support import FEATURES, WondersSearch


def test_features_and_evaluations_at_every_position_of_a_game():
    game = new_game(players=3, seed=23, game_id="wonders7")
    names = eval_features.names(game)
    fitted, handwritten = WondersSearch(game.definition, "fitted"), WondersSearch(game.definition, "handwritten")
    seen = []

    def look(g, step):
        if step.index % 5:
            return
        rows = eval_features.rows(g)
        assert len(rows) == 3 and all(len(r) == len(names) for r in rows)
        assert all(math.isfinite(v) for r in rows for v in r)
        assert all(0.0 <= fitted.evaluate(g, q) <= 1.0 for q in range(3))
        assert all(0.0 <= handwritten.evaluate(g, q) <= 1.0 for q in range(3))
        seen.append(eval_features.progress(g))

    play_out(game, [make_bot("greedy", 3 + q, "wonders7") for q in range(3)], on_step=look)
    assert game.over and seen == sorted(seen) and seen[0] < 0.1 and seen[-1] > 0.8
    won = eval_features.winners(game)
    assert [fitted.evaluate(game, q) for q in range(3)] == [1.0 / len(won) if q in won else 0.0 for q in range(3)]


def test_the_shipped_weights_match_the_features():
    import json

    fit = FittedValue.load(FEATURES.path)
    fit.check(eval_features.names(new_game(players=3, seed=1, game_id="wonders7")))
    data = json.loads(FEATURES.path.read_text())
    assert data["game"] == "wonders7" and data["command"].startswith("rulewright fit")
    assert data["report"]["held_out"]["log_loss"] < data["report"]["held_out_base_rate"]["log_loss"]


def test_an_unknown_evaluation_is_refused():
    with pytest.raises(ValueError, match="fitted or handwritten"):
        WondersSearch(new_game(players=3, seed=1, game_id="wonders7").definition, "oracle")
