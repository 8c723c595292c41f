"""`rulewright fit`: a tiny fit end to end, written where asked, with its command and held-out figures."""

from __future__ import annotations

import json

from rulewright.engine.value import FittedValue
from rulewright.rules.clash.bots import eval_features
from rulewright.tools.cli import app
from typer.testing import CliRunner


def test_a_small_fit_is_written_with_its_command_and_report(tmp_path, monkeypatch):
    monkeypatch.setenv("RULEWRIGHT_EVALUATION", "handwritten")
    out, kept = tmp_path / "fit.json", tmp_path / "positions.json"
    args = ["fit", "--game", "clash", "--games", "3", "--players", "2", "--seed", "3", "--every", "9",
            "--out", str(out), "--records", str(kept)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["command"].startswith("rulewright fit --game clash --games 3") and data["seed"] == 3
    assert data["report"]["positions"]["held_out"] > 0 and data["report"]["positions"]["train"] > 0
    assert "held_out_handwritten" in data["report"]
    fit = FittedValue.load(out)
    from rulewright.api import new_game

    fit.check(eval_features.names(new_game(players=2, seed=3).rt))
    # the kept positions give the same fit again without playing
    again = tmp_path / "again.json"
    assert CliRunner().invoke(app, args[:-4] + ["--out", str(again), "--records", str(kept)]).exit_code == 0
    assert json.loads(again.read_text())["weights"] == data["weights"]


def test_a_small_policy_fit_is_written_where_asked_and_plays(tmp_path):
    from rulewright.api import new_game
    from rulewright.engine.policy import PolicyModel, position_features

    out = tmp_path / "policy.json"
    args = ["fit", "--policy", "--game", "wonders7", "--games", "2", "--seed", "3", "--every", "6",
            "--budget", "2", "--rounds", "1", "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["command"].startswith("rulewright fit --policy --game wonders7 --games 2 --players 3")
    assert data["rounds"][0]["round"] == 1 and data["rounds"][0]["positions"] > 0 and data["keys"]
    game = new_game(players=3, seed=3, game_id="wonders7")
    model, d = PolicyModel(data), game.pending
    support = game.definition.search_support()
    scores = model.scores(d.kind, d.options, [0.0] * len(d.options), position_features(game, d.player, support))
    assert len(scores) == len(d.options)
