"""Simulation: reports, CSV and plots; the same report for any worker count, backend or interruption."""

from __future__ import annotations

import json

from rulewright.api import play_game
from rulewright.tools.simulate import simulate_run
from rulewright.tools.stats import wilson

SETTINGS = {"games": 8, "players": 3, "seed": 5, "bots": ["greedy"], "packs": ["base"], "variants": []}


def _strip(report: dict) -> dict:
    return {k: v for k, v in report.items() if k != "complete"}


def test_simulate_command_writes_report_csv_and_plots(tmp_path, cli):
    one, two = tmp_path / "one", tmp_path / "two"
    r1 = cli(["simulate", "--games", "8", "--players", "3", "--seed", "5", "--workers", "1",
                             "--out", str(one), "-q", "--no-viewers"])
    assert r1.exit_code == 0, r1.output
    assert "seat 0" in r1.output and "win rate" in r1.output
    report = json.loads((one / "report.json").read_text())
    assert report["games"] == 8
    assert (one / "games.csv").read_text().count("\n") == 1 + 8 * 3
    assert len(list(one.glob("*.png"))) >= 2
    r2 = cli(["simulate", "--games", "8", "--players", "3", "--seed", "5", "--workers", "2",
                             "--out", str(two), "-q", "--no-viewers"])
    assert r2.exit_code == 0, r2.output
    assert json.loads((two / "report.json").read_text()) == report


def test_resume_gives_the_same_report(tmp_path):
    full = simulate_run(SETTINGS, tmp_path / "full", progress=False)
    part = tmp_path / "part"
    simulate_run(dict(SETTINGS, games=3), part, progress=False)  # as if interrupted after 3 games
    resumed = simulate_run(SETTINGS, part, resume=True, progress=False)
    assert _strip(resumed) == _strip(full)
    assert resumed["complete"]


def test_wilson_interval():
    rate, lo, hi = wilson(80, 100)
    assert rate == 0.8 and 0.71 < lo < 0.72 and 0.86 < hi < 0.87


def test_greedy_beats_random():
    """Over 200 seeded 2-player games, seats alternating, greedy wins at least 80% (ties count half)."""
    wins = 0.0
    for seed in range(200):
        bots = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        game = play_game(2, 10_000 + seed, bots)
        seat = bots.index("greedy")
        winners = game.state["winner"]
        if seat in winners:
            wins += 1 / len(winners)
    assert wins / 200 >= 0.8, wins


def test_ray_backend_matches_local(tmp_path):
    settings = dict(SETTINGS, games=4, players=2)
    local = simulate_run(settings, tmp_path / "local", progress=False)
    remote = simulate_run(settings, tmp_path / "ray", workers=2, backend="ray", progress=False)
    assert remote == local


def test_records_carry_the_games_own_measures(tmp_path):
    """simulate keeps each game's measures (engine/measures.py); 7 Wonders gets no made-up battle counts."""
    settings = {"games": 2, "players": 3, "seed": 2, "bots": ["greedy"], "packs": ["base"], "variants": [],
                "game": "wonders7"}
    rep = simulate_run(settings, tmp_path, progress=False, plots=False)
    records = [json.loads(x) for x in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert all(len(r["measures"]["vp"]) == 3 and r["measures"]["decisions"] == r["actions"] for r in records)
    assert "battles_per_game" not in rep and "battles" not in records[0]
    assert rep["measures"]["stages"]["n"] == 2 and "vp[2]" in rep["measures"]
