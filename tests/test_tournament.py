"""rulewright tournament: seats alternate, the result has a win rate with its interval, and merges into a file."""

from __future__ import annotations

import json
import subprocess
import sys

from rulewright.tools.tournament import merge_result, run_tournament


def test_tournament_alternates_seats_and_reports_an_interval(tmp_path):
    result = run_tournament("greedy", "random", 4, seed=2, packs=["base"], progress=False)
    assert result["bots"] == "greedy vs random" and result["games"] == 4
    lo, hi = result["win_rate_ci95"]
    assert 0 <= lo <= result["win_rate"] <= hi <= 1
    assert result["decision_ms_p50"] > 0
    path = tmp_path / "bots.json"
    merge_result(path, result)
    merge_result(path, dict(result, win_rate=0.5))  # the same pair is replaced, not added
    rows = json.loads(path.read_text())
    assert len(rows) == 1 and rows[0]["win_rate"] == 0.5


def test_tournament_command_refuses_bad_bots(cli):
    r = cli(["tournament", "--bots", "greedy", "--games", "2"])
    assert r.exit_code == 2 and "two bots" in r.output
    r = cli(["tournament", "--bots", "search:never,greedy", "--games", "2"])
    assert r.exit_code == 2 and "budget" in r.output


def _fresh(*args: str):
    return subprocess.run([sys.executable, "-m", "rulewright.tools.cli", *args], capture_output=True, text=True,
                          timeout=300)


def test_commands_know_the_games_bots_in_a_fresh_process(tmp_path):
    """The game's own bots (greedy) register when its package is imported: naming them must work also
    when nothing has imported the game yet (tournament and compare check the names first)."""
    out = tmp_path / "bots.json"
    r = _fresh("tournament", "--bots", "greedy,random", "--games", "2", "--quiet", "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert "greedy vs random: 2 games" in r.stdout
    assert json.loads(out.read_text())[0]["games"] == 2
    r = _fresh("compare", "base", "pack:civilizations", "--games", "2", "--players", "2", "--quiet",
               "--out", str(tmp_path / "c"))
    assert r.returncode == 0, r.stderr
