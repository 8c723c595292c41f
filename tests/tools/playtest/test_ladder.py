"""rulewright ladder: paired games between every two bots, Bradley-Terry ratings with intervals (issue 46).

The ratings are checked against results whose answer is known; the command runs small (a few games a pair)
and writes its row into a bots.json-like file; a log lets a rerun skip the games already played.
"""

from __future__ import annotations

import json

from rulewright.tools.playtest.ladder_run import comparisons, schedule
from rulewright.tools.playtest.ratings import expected, fit


def test_ratings_recover_a_known_win_rate_and_stay_finite_for_a_bot_that_never_wins():
    results = [("a", "b", 1.0)] * 76 + [("a", "b", 0.0)] * 24 + [("c", "b", 0.0)] * 40
    r = fit(["a", "b", "c"], results, reference="b")
    assert r["b"]["elo"] == 0.0 and r["b"]["low"] == r["b"]["high"] == 0.0
    assert 0.72 < expected(r["a"]["elo"], 0.0) < 0.78  # 76 of 100 ahead, barely moved by the prior
    assert r["a"]["low"] < r["a"]["elo"] < r["a"]["high"]
    assert -2000 < r["c"]["elo"] < -300  # never ahead: low, yet finite (the prior's virtual draws)
    assert r["c"]["high"] - r["c"]["low"] > r["a"]["high"] - r["a"]["low"]  # less known, wider


def test_draws_count_half_and_a_three_player_game_compares_every_pair_of_bots():
    record = {"kinds": ["x", "y", "y"], "vp": [10.0, 12.0, 10.0], "winners": [1]}
    assert comparisons(record) == [("x", "y", 0.0), ("x", "y", 0.5)]  # the two y seats are not compared
    level = fit(["x", "y"], [("x", "y", 0.5)] * 50, reference="y")
    assert abs(level["x"]["elo"]) < 1e-6


def test_every_bot_is_alone_in_every_seat_on_the_same_seeds():
    tasks = schedule(["a", "b", "c"], 3, games=6, search_games=6, seed=1, game_id="wonders7", packs=[])
    ab = [t for t in tasks if t["pair"] == ["a", "b"]]
    assert len(ab) == 6 and len({t["seed"] for t in ab}) == 1
    assert sorted((t["kinds"][t["lone"]], t["lone"]) for t in ab) == [(x, s) for x in "ab" for s in range(3)]
    two = schedule(["a", "b"], 2, games=4, search_games=2, seed=1, game_id="clash", packs=[])
    assert [t["kinds"] for t in two] == [["a", "b"], ["b", "a"]] * 2


def test_ladder_runs_small_writes_its_row_and_resumes_from_its_log(cli, tmp_path):
    out, log = tmp_path / "bots.json", tmp_path / "ladder.jsonl"
    out.write_text(json.dumps([{"bots": "search vs greedy", "first": "search:8"}]))
    args = ["ladder", "--game", "clash", "--bots", "random,first,greedy", "--games", "2", "--seed", "3",
            "--quiet", "--out", str(out), "--log", str(log)]
    r = cli(args)
    assert r.exit_code == 0, r.output
    assert "greedy" in r.output and "first place when alone" in r.output
    table = [line for line in r.output.splitlines() if not line.startswith("wrote ")]  # a path is as long as it is
    assert max(len(line) for line in table) <= 80  # the table reads at 80 columns
    rows = json.loads(out.read_text())
    assert rows[0]["first"] == "search:8"  # other rows are kept
    row = rows[-1]
    assert row["study"] == "ladder" and row["games"] == 6 and row["reference"] == "greedy"
    assert row["ratings"]["greedy"]["elo"] == 0.0
    assert {p["a"] + "|" + p["b"] for p in row["pairs"]} == {"random|first", "random|greedy", "first|greedy"}
    assert len(log.read_text().splitlines()) == 6
    r = cli(args)  # every game is in the log: nothing is played again, the same row is written
    assert r.exit_code == 0 and len(log.read_text().splitlines()) == 6
    assert json.loads(out.read_text())[-1] == row and len(json.loads(out.read_text())) == 2


def test_ladder_log_only_rates_the_logged_games_and_plays_none(cli, tmp_path):
    out, log = tmp_path / "bots.json", tmp_path / "ladder.jsonl"
    base = ["ladder", "--game", "clash", "--bots", "random,first", "--reference", "first", "--seed", "3",
            "--quiet", "--log", str(log)]
    assert cli([*base, "--games", "2"]).exit_code == 0
    r = cli([*base, "--games", "8", "--log-only", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert len(log.read_text().splitlines()) == 2  # nothing more was played
    row = json.loads(out.read_text())[-1]
    assert row["games"] == 2 and row["log_only"] is True and row["pairs"][0]["games"] == 2


def test_ladder_log_only_needs_a_log(cli, tmp_path):
    r = cli(["ladder", "--bots", "random,first", "--reference", "first", "--quiet", "--log-only",
             "--log", str(tmp_path / "none.jsonl")])
    assert r.exit_code != 0 and "--log-only" in r.output


def test_ladder_refuses_a_reference_it_does_not_rate(cli):
    r = cli(["ladder", "--bots", "random,first", "--games", "2", "--quiet"])
    assert r.exit_code != 0 and "reference" in r.output
