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
