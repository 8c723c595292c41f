"""Issue 45 item 1: no variant plays silently. Every command that plays refuses a variant that changes nothing
unless --allow-noop; what a variant removes from the base rules is printed at the top of the report and
recorded in its JSON and CSV; lint's warnings reach the commands that play."""

from __future__ import annotations

import csv
import json

import pytest

NOOP = "name: Same as ever\ntext: Six rounds.\nparams: {rounds: 6}\n"
# the designer's first try at "the defender rolls one more die": a plain rules_effect drops the base lines
DROPS = ("name: Stout defenders (first try)\ntext: The defender rolls one extra die.\n"
         "params: {rounds: 1}\nrules_effect: |\n  modify combat_dice when side = defender: += 1\n")


@pytest.fixture
def variants(tmp_path):
    (tmp_path / "noop.yaml").write_text(NOOP)
    (tmp_path / "drops.yaml").write_text(DROPS)
    return tmp_path


@pytest.mark.parametrize("command", [
    ["play", "--players", "2"],
    ["simulate", "--games", "1", "--players", "2", "-q", "--no-viewers", "--out", "OUT"],
    ["balance", "--games", "1", "--players", "2"],
    ["tournament", "--bots", "greedy,random", "--games", "2", "-q"],
])
def test_every_command_that_plays_refuses_a_variant_that_changes_nothing(cli, variants, command):
    noop = str(variants / "noop.yaml")
    r = cli([*(str(variants / "sim") if x == "OUT" else x for x in command), "--variant", noop])
    assert r.exit_code == 2, r.output
    assert "'Same as ever'" in r.output and "changes nothing" in r.output and "--allow-noop" in r.output


def test_compare_and_sweep_refuse_it_too_and_allow_noop_plays_it_saying_so(cli, variants, tmp_path):
    noop = str(variants / "noop.yaml")
    r = cli(["compare", "base", noop, "--games", "2", "-n", "2", "-q", "-o", str(tmp_path / "c")])
    assert r.exit_code == 2 and "changes nothing" in r.output, r.output
    r = cli(["compare", "base", "params.rounds=6", "--games", "2", "-n", "2", "-q", "-o", str(tmp_path / "c")])
    assert r.exit_code == 2 and "'params.rounds=6' changes nothing" in r.output, r.output  # a setting too
    r = cli(["sweep", "params.rounds=1,2", "--variant", noop, "--games", "2", "-n", "2", "-q", "-o", str(tmp_path / "s")])
    assert r.exit_code == 2 and "changes nothing" in r.output, r.output
    r = cli(["compare", "params.rounds=1", f"{noop}+params.rounds=1", "--allow-noop", "--games", "2", "-n", "2",
             "-q", "-o", str(tmp_path / "c"), "--width", "200"])
    assert r.exit_code == 0, r.output
    assert "variant 'Same as ever'" in r.output and "changes nothing (played anyway: --allow-noop)" in r.output


def test_a_sweep_value_equal_to_the_base_one_is_its_base_point_not_a_refusal(cli, tmp_path):
    r = cli(["sweep", "params.rounds=1,6", "--games", "2", "-n", "2", "-q", "-o", str(tmp_path)])
    assert r.exit_code == 0, r.output


def test_compare_prints_what_a_variant_removes_at_the_top_and_records_it(cli, variants, tmp_path):
    drops = str(variants / "drops.yaml")
    r = cli(["compare", "params.rounds=1", drops, "--games", "2", "-n", "2", "-q", "-o", str(tmp_path), "--width", "100"])
    assert r.exit_code == 0, r.output
    top = " ".join(r.output.split("measures:")[0].split())  # before the legend of measures and the table
    assert "variant 'Stout defenders (first try)'" in top
    assert "warning: it removes from the base rules: rules_effect: grant substitute(advance, idea, food)" in top
    assert "W0048" in top  # lint's warning reaches the command
    result = json.loads((tmp_path / "compare.json").read_text())
    report = result["setups"][1]["report"][0]
    assert report["name"] == "Stout defenders (first try)" and len(report["removes"]) == 5
    rows = list(csv.DictReader((tmp_path / "compare.csv").open()))
    assert rows and all("grant substitute(any, gold, wood)" in row["setup_removes"] for row in rows)


def test_simulate_balance_and_play_name_the_variant_and_record_it(cli, variants, tmp_path):
    drops = str(variants / "drops.yaml")
    r = cli(["simulate", "--games", "1", "--players", "2", "-q", "--no-viewers", "--variant", drops, "-o", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert r.output.startswith("variant 'Stout defenders (first try)'") and "removes from the base rules" in r.output
    assert json.loads((tmp_path / "report.json").read_text())["variants"][0]["removes"]
    r = cli(["balance", "--games", "1", "--players", "2", "--variant", drops])
    assert r.exit_code == 0 and r.output.startswith("variant 'Stout defenders (first try)'"), r.output
    r = cli(["play", "--players", "2", "--variant", drops, "--json"])
    assert r.exit_code == 0 and json.loads(r.output)["variants"][0]["name"] == "Stout defenders (first try)"
