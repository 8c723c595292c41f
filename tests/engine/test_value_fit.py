"""The fitted evaluation's machinery (engine/value.py, tools/playtest/fit.py), on synthetic data."""

from __future__ import annotations

import json

import numpy as np
import pytest
from rulewright.engine.value import FittedValue, input_names, logistic, relative, signs
from rulewright.tools.playtest.fit import fit, fit_logistic


def test_the_fitter_recovers_a_known_linear_rule():
    rng = np.random.default_rng(4)
    x = rng.normal(size=(20000, 3)) * np.array([1.0, 5.0, 0.2])
    truth = np.array([1.5, -0.4, 6.0])
    y = (rng.random(20000) < 1 / (1 + np.exp(-(x @ truth)))).astype(float)
    w = fit_logistic(x, y, l2=1.0)
    assert np.allclose(w, truth, rtol=0.1)


def test_the_fit_reports_held_out_games_and_beats_the_base_rate():
    rng = np.random.default_rng(5)
    records = []
    for g in range(200):
        lead = rng.normal()
        won = float(rng.random() < logistic(2.0 * lead))
        for sign, y in ((1, won), (-1, 1 - won)):
            records.append({"game": g, "x": [sign * lead, 0.0], "y": y})
    w, report = fit(records)
    assert report["positions"]["held_out"] == 80 and report["positions"]["train"] == 320
    assert w[0] > 1.0 and report["held_out"]["log_loss"] < report["held_out_base_rate"]["log_loss"]


def test_relative_inputs_are_differences_to_the_best_opponent():
    rows = [[3.0, 1.0], [5.0, 0.0], [4.0, 2.0]]
    assert relative(rows, 0, 0.5) == [-1.0, -0.5, -1.0, -0.5]  # early and late halves of (-2, -1)
    assert relative(rows, 1, 0.0) == [1.0, -2.0, 0.0, 0.0]
    assert relative(rows, 1, 1.0) == [0.0, 0.0, 1.0, -2.0]
    assert len(input_names(["a", "b"])) == 4


def test_weights_keep_the_declared_signs():
    assert signs(["a", "b", "c"], worse={"b"}, free={"c"}) == [1, -1, 0, 1, -1, 0]
    rng = np.random.default_rng(6)
    x = rng.normal(size=(5000, 3))
    truth = np.array([-1.0, 1.0, -1.0])  # the first is declared good but hurts here
    y = (rng.random(5000) < 1 / (1 + np.exp(-(x @ truth)))).astype(float)
    w = fit_logistic(x, y, sign=[1, -1, 0])
    assert w[0] == 0.0 and w[1] == 0.0 and w[2] < -0.5


def test_two_seats_score_p_and_one_minus_p(tmp_path):
    path = tmp_path / "fit.json"
    path.write_text(json.dumps({"features": ["a", "b"], "weights": [0.5, -1.0, 0.3, 0.2]}))
    fitted = FittedValue.load(path)
    rows = [[3.0, 1.0], [1.0, 2.0]]
    a, b = fitted.value(rows, 0, 0.4), fitted.value(rows, 1, 0.4)
    assert 0 < a < 1 and a + b == pytest.approx(1.0) and a > 0.5
    with pytest.raises(ValueError, match="differ"):
        fitted.check(["a", "c"])


def test_a_file_with_the_wrong_number_of_weights_is_refused(tmp_path):
    path = tmp_path / "fit.json"
    path.write_text(json.dumps({"features": ["a"], "weights": [1.0]}))
    with pytest.raises(ValueError, match="weights"):
        FittedValue.load(path)


def test_logistic_is_stable_at_extremes():
    assert logistic(1000.0) == 1.0 and logistic(-1000.0) == 0.0 and logistic(0.0) == 0.5
