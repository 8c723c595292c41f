"""Clash's fitted evaluation: features of every position, the shipped weights, the evaluation's range, and
a deterministic search decision with it."""

from __future__ import annotations

import math

import pytest
import rulewright.rules.clash  # noqa: F401 - registers the game's bots
from clash_secrets import search_decision
from rulewright.api import new_game
from rulewright.engine.bots import make_bot
from rulewright.engine.playout import play_out
from rulewright.engine.search import SearchBot
from rulewright.engine.service import from_json
from rulewright.engine.value import FittedValue
from rulewright.rules.clash.bots import eval_features
from rulewright.rules.clash.bots.search_support import FEATURES, ClashSearch


@pytest.mark.parametrize("players", [2, 3])
def test_features_and_evaluations_at_every_position_of_a_game(players):
    game = new_game(players=players, seed=17)
    names = eval_features.names(game.rt)
    fitted, handwritten = ClashSearch(game.definition, "fitted"), ClashSearch(game.definition, "handwritten")
    seen = []

    def look(g, step):
        if step.index % 7:
            return
        rows = eval_features.rows(g)
        assert len(rows) == players and all(len(r) == len(names) for r in rows)
        assert all(math.isfinite(v) for r in rows for v in r)
        progress = eval_features.progress(g)
        assert 0.0 <= progress <= 1.0
        values = [fitted.evaluate(g, q) for q in range(players)]
        assert all(0.0 <= v <= 1.0 for v in values)
        assert all(0.0 <= handwritten.evaluate(g, q) <= 1.0 for q in range(players))
        if players == 2:
            assert sum(values) == pytest.approx(1.0)
        seen.append(progress)

    play_out(game, [make_bot("greedy", 5 + q, "clash") for q in range(players)], on_step=look)
    assert game.over and seen[0] < 0.1 and seen[-1] > 0.8
    won = eval_features.winners(game)
    assert [fitted.evaluate(game, q) for q in range(players)] == [1.0 / len(won) if q in won else 0.0
                                                                   for q in range(players)]


def test_the_shipped_weights_match_the_features_and_say_how_they_were_made():
    import json

    data = json.loads(FEATURES.path.read_text())
    fit = FittedValue.load(FEATURES.path)
    fit.check(eval_features.names(new_game(players=2, seed=1).rt))
    assert data["command"].startswith("rulewright fit") and "seed" in data
    assert data["report"]["held_out"]["log_loss"] < data["report"]["held_out_base_rate"]["log_loss"]
    vp = fit.names.index("vp")
    assert fit.weights[len(fit.names) + vp] > 0  # more VP than the best opponent, late, is good
    # every weight has its declared sign (more of what a player holds is never worse, angry cities are)
    assert all(w * s >= 0 for w, s in zip(fit.weights, data["signs"] * 2, strict=True))
    assert data["signs"][fit.names.index("angry_cities")] == -1


def test_an_unknown_evaluation_is_refused():
    with pytest.raises(ValueError, match="fitted or handwritten"):
        ClashSearch(new_game(players=2, seed=1).definition, "psychic")


def test_the_hand_written_evaluation_stays_the_default(monkeypatch):
    monkeypatch.delenv("RULEWRIGHT_EVALUATION", raising=False)
    assert ClashSearch(new_game(players=2, seed=1).definition).evaluation == "handwritten"
    monkeypatch.setenv("RULEWRIGHT_EVALUATION", "fitted")
    assert ClashSearch(new_game(players=2, seed=1).definition).evaluation == "fitted"


def test_a_search_decision_with_the_fitted_evaluation_is_deterministic(monkeypatch):
    text = search_decision(6)
    choices = []
    for _ in range(2):
        g = from_json(text)
        # this game's definition searches with the fitted evaluation (put back after the test)
        monkeypatch.setitem(g.definition.__dict__, "_search", ClashSearch(g.definition, "fitted"))
        assert g.definition.search_support().evaluation == "fitted"
        choices.append(SearchBot(3, "4", horizon=2).choose(g, g.pending))
    assert choices[0] == choices[1] and choices[0] in from_json(text).pending.options
