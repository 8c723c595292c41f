"""rulewright analyze: win chances after every action of a saved game, a plot and the biggest swings."""

from __future__ import annotations

import json
import re

from rulewright.api import play_game
from rulewright.tools.analyze import analyze_game


def _short_save(tmp_path, n: int = 40):
    save = play_game(2, 5, ["greedy"]).save()
    save["actions"] = save["actions"][:n]  # a game saved mid-way is a valid save
    path = tmp_path / "g.json"
    path.write_text(json.dumps(save))
    return save, path


def test_analyze_writes_chances_after_every_action_and_a_plot(tmp_path, cli):
    save, path = _short_save(tmp_path)
    out = tmp_path / "a"
    r = cli(["analyze", str(path), "--out", str(out), "--samples", "1", "--horizon", "3", "-q"])
    assert r.exit_code == 0, r.output
    assert "biggest swings" in r.output
    data = json.loads((out / "analysis.json").read_text())
    assert len(data["points"]) == len(save["actions"]) + 1
    assert all(abs(sum(p["chances"]) - 1) < 0.01 and len(p["chances"]) == 2 for p in data["points"])
    sizes = [s["size"] for s in data["biggest_swings"]]
    assert len(sizes) == 3 and sizes == sorted(sizes, reverse=True)
    assert (out / "analysis.png").stat().st_size > 1000
    # each answer keeps the question it answered, and a swing says both; spaces read as board labels
    assert all(p["question"] for p in data["points"][1:])
    swing_lines = [line for line in r.output.splitlines() if line.startswith("  action ")]
    assert len(swing_lines) == 3 and all(" -> " in line for line in swing_lines)
    choices = [p["choice"] for p in data["points"][1:]]
    assert not any(re.fullmatch(r"-?\d+,-?\d+", c) for c in choices)  # no raw space ids ("1,1")
    assert any(re.fullmatch(r"[A-Z]\d+", c) for c in choices)  # board labels ("B2") instead


def test_analyze_is_deterministic_and_refuses_a_bad_save(tmp_path, cli):
    save, path = _short_save(tmp_path, 15)
    one = analyze_game(save, samples=1, horizon=2, progress=False)
    two = analyze_game(save, samples=1, horizon=2, progress=False)
    assert one == two
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1}')
    r = cli(["analyze", str(bad), "--out", str(tmp_path / "b")])
    assert r.exit_code == 2 and "error" in r.output
