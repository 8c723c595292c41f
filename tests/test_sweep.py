"""sweep: a rules path set to each value on the same seeds, for both games; bad paths name the nearest keys."""

from __future__ import annotations

import csv
import json

import pytest
from rulewright.dsl.rules_paths import setting_overlay
from rulewright.engine import games
from rulewright.tools.sweep import split_values


def _sweep(cli, tmp_path, *args: str):
    r = cli(["sweep", *args, "-q", "--width", "80", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    return r, json.loads((tmp_path / "sweep.json").read_text())


def _mean(result: dict, measure: str, value: str) -> float:
    return next(r["mean"] for r in result["means"] if r["measure"] == measure and r["value"] == value)


def test_sweep_clash_rounds(tmp_path, cli):
    r, result = _sweep(cli, tmp_path, "params.rounds=1,2", "--games", "2", "--players", "2")
    assert _mean(result, "rounds", "1") == 1.0 and _mean(result, "rounds", "2") == 2.0
    seeds = [[json.loads(x)["seed"] for x in p.read_text().splitlines()] for p in sorted(tmp_path.glob("*/games.jsonl"))]
    assert len(seeds) == 2 and seeds[0] == seeds[1]  # every value on the same seeds
    row = next(x for x in result["means"] if x["measure"] == "rounds" and x["value"] == "2")
    assert row["diff"] == 1.0 and row["decided"]
    with (tmp_path / "sweep.csv").open() as fh:
        assert len(list(csv.DictReader(fh))) == len(result["means"])
    assert (tmp_path / "sweep.png").stat().st_size > 1000
    assert max(len(line) for line in r.output.splitlines() if not line.startswith("wrote")) <= 80
    assert "bots: seat 0 greedy, seat 1 greedy" in r.output.replace("\n", " ")


def test_sweep_wonders7_starting_coins(tmp_path, cli):
    _, result = _sweep(cli, tmp_path, "params.starting_coins=0,9", "--game", "wonders7", "--games", "2", "--players", "3")
    assert result["game"] == "wonders7"
    assert {"vp[2]", "stages", "cards_green", "military"} <= {x["measure"] for x in result["means"]}
    assert _mean(result, "coins", "9") > _mean(result, "coins", "0")


def test_unknown_path_names_the_nearest_keys(tmp_path, cli):
    r = cli(["sweep", "grow_cost.food=0,1", "--games", "2", "-q", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "did you mean params.grow_cost.food" in r.output
    r = cli(["sweep", "params.rounds=4", "--games", "2", "-q", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "at least two values" in r.output


def test_a_setting_is_the_overlay_a_variant_file_would_be():
    rules = games.find("clash").definition(["base"], []).rules
    assert setting_overlay(rules, "params.grow_cost.food=0") == {"params": {"grow_cost": {"food": 0}}}
    changed = games.find("clash").definition(["base"], ["params.grow_cost.food=0"]).rules["params"]["grow_cost"]
    assert changed == {**rules["params"]["grow_cost"], "food": 0}  # merged key by key: ore and wood stay
    with pytest.raises(ValueError, match="params.grow_cost"):
        setting_overlay(rules, "params.grow_cots.food=1")
    with pytest.raises(ValueError, match="set 'params.rounds' as a whole"):
        setting_overlay(rules, "params.rounds.x=1")


def test_values_split_outside_brackets():
    assert split_values("0,1,2") == ["0", "1", "2"]
    assert split_values("[1,3,5],[2,4,6]") == ["[1,3,5]", "[2,4,6]"]


def test_a_setting_puts_a_mapping_in_place_whole():
    from rulewright.dsl.overlay import apply
    from rulewright.dsl.rules_paths import setting_overlay

    rules = {"params": {"grow_cost": {"food": 1, "ore": 1, "wood": 1}, "rounds": 6}}
    assert apply(rules, setting_overlay(rules, "params.grow_cost={food: 2}"))["params"] == {
        "grow_cost": {"food": 2}, "rounds": 6}
    assert apply(rules, setting_overlay(rules, "params.grow_cost.food=0"))["params"]["grow_cost"] == {
        "food": 0, "ore": 1, "wood": 1}
