"""`rulewright labels`: every board label with its region, terrain and what stands there (issue 44: modders
read Python internals to learn which label was which)."""

from __future__ import annotations

import json
from pathlib import Path

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "limits" / "trade_route_limit.yaml"


def test_a_scenarios_position_shows_its_cities_and_units(cli):
    res = cli(["labels", str(SCENARIO), "--format", "json"])
    assert res.exit_code == 0, res.output
    rows = {r["label"]: r for r in json.loads(res.stdout)}
    assert len(rows) == 40
    assert rows["D5"]["here"] == "1 ship of player 0" and rows["D5"]["terrain"] == "sea"
    assert rows["D6"]["here"] == "city of player 1 (settlement; neutral)"
    assert rows["D2"]["region"].startswith("0 (start-b") and rows["D2"]["here"] == ""


def test_a_new_games_board_shows_face_down_regions(cli):
    res = cli(["labels", "--players", "3", "--seed", "4"], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    assert "face down" in res.output and "city of player 2 (settlement; neutral)" in res.output


def test_a_game_without_a_board_says_so(cli):
    res = cli(["labels", "--game", "wonders7", "--players", "3"])
    assert res.exit_code == 1
    assert "wonders7 has no board" in res.output


def test_civilization_squares_show_tiles_terrain_and_figures(cli):
    scenario = Path(__file__).resolve().parents[3] / "content" / "civ_board" / "base" / "tests" / \
        "russia_stacks_three_figures.yaml"
    res = cli(["labels", str(scenario), "--format", "json"])
    assert res.exit_code == 0, res.output
    rows = {r["id"]: r for r in json.loads(res.stdout)}
    assert rows["2,1"]["label"] == "C2" and rows["2,1"]["here"] == "2 army of player 0"
    assert rows["1,1"]["here"] == "capital of player 0"
    assert rows["1,1"]["region"].startswith("home_russia")
