"""Values given to the rules are checked (issue 49): finite numbers, whole where the rules' are, the range the
game allows (its `ranges:`, else 0..99), the kind of the rules' own value, list sizes; one clear error, never a
traceback. `value_problem`/`check_value` is the one check sweep's settings, lint and a later tuner share;
scenario values (player indices, list sizes) are checked before a scenario is set up.

Before the fix: `sweep params.rounds=1e308,inf,nan` and object values crashed (exit 3), `params.rounds=-1,0`
was played, `setup: {first: 99}` in a 2-player game and a 100,000-card deck list were accepted silently."""

from __future__ import annotations

from pathlib import Path

import pytest
from rulewright.dsl.overlay_values import check_value, range_of, value_problem
from rulewright.engine import games


@pytest.fixture(scope="module")
def clash_rules() -> dict:
    return games.find("clash").definition(["base"], []).rules


@pytest.mark.parametrize("value,needle", [
    (float("inf"), "inf is not a finite number"), (float("nan"), "nan is not a finite number"),
    (1e308, "whole number"), (2.5, "whole number"), (-1, "rounds is -1: the rules allow 1 to 99"),
    (0, "rounds is 0: the rules allow 1 to 99"), (100, "allow 1 to 99"), ({"a": 1}, "a number in the rules"),
    ([3], "a number in the rules"), (True, "a number in the rules"), ("six", "a number in the rules"),
])
def test_a_bad_number_is_named_with_what_is_allowed(clash_rules: dict, value, needle: str) -> None:
    problem = value_problem(clash_rules, "params.rounds", value)
    assert problem and needle in problem and problem.startswith("params.rounds")
    with pytest.raises(ValueError, match="params.rounds"):
        check_value(clash_rules, "params.rounds", value)


@pytest.mark.parametrize("path,value", [("params.rounds", 1), ("params.rounds", 99), ("params.grow_cost", {"food": 0}),
                                        ("params.event_levels", [2, 4]), ("params.end_roll", {"turns": 2}),
                                        ("params.starting_city_mood", "happy"), ("scoring.advance", 1)])
def test_a_good_value_passes(clash_rules: dict, path: str, value) -> None:
    assert value_problem(clash_rules, path, value) is None


def test_lists_mappings_and_sizes(clash_rules: dict) -> None:
    assert "at most 500" in value_problem(clash_rules, "params.starting_advances", ["farming"] * 100_000)
    assert "nan is not a finite number" in value_problem(clash_rules, "params.end_roll", {"ranges": [[1, float("nan")]]})
    assert "params.grow_cost.food is 100" in value_problem(clash_rules, "params.grow_cost", {"food": 100})
    assert "a list in the rules" in value_problem(clash_rules, "params.event_levels", 3)
    assert "a mapping in the rules" in value_problem(clash_rules, "params.grow_cost", [1])


def test_declared_ranges_and_the_widened_default() -> None:
    wonders = games.find("wonders7").definition(["base"], []).rules
    assert range_of(wonders, "params.military_defeat") == (-99, 0)  # a negative base value, declared
    assert value_problem(wonders, "params.military_defeat", -2) is None
    assert value_problem(wonders, "params.ages", 4)  # the content has three ages
    civ = games.find("civ_board").definition(["base"], []).rules
    assert value_problem(civ, "params.max_turns", 150) is None and value_problem(civ, "params.max_turns", 0)
    assert range_of({"params": {"x": 150}}, "params.x", 150) == (0, 150)  # no range declared: 0..99, widened


@pytest.mark.parametrize("spec,needle", [
    ("params.rounds=1e308,inf,nan", "whole number"), ("params.rounds=.inf,.nan", "not a finite number"),
    ("params.rounds=-1,0", "rounds is -1: the rules allow 1 to 99"), ("params.rounds={a: 1},2", "a number in the rules"),
    ("params.grow_cost={food: .nan},{food: 1}", "nan is not a finite number"),
])
def test_sweep_refuses_bad_values_with_one_line(tmp_path: Path, cli, spec: str, needle: str) -> None:
    res = cli("sweep", spec, "--games", "2", "--players", "2", "-q", "--out", tmp_path)
    assert res.exit_code in (1, 2) and needle in res.output, res.output
    assert "internal error" not in res.output and not list(tmp_path.glob("*/games.jsonl"))


def test_a_variant_file_out_of_range_is_a_lint_error_and_refused(tmp_path: Path, cli) -> None:
    path = tmp_path / "zero.yaml"
    path.write_text("name: Zero\nparams: {rounds: 0}\n")
    res = cli("lint", path)
    assert res.exit_code == 1 and "zero.yaml:2:18: error[E0042]: params.rounds is 0: the rules allow 1 to 99" in res.output
    with pytest.raises(ValueError, match="rounds is 0"):
        games.find("clash").definition(["base"], [str(path)])


def _scenario(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text("name: values\nplayers: 2\n" + body + "actions: []\nexpect: []\n")
    return path


@pytest.mark.parametrize("body,needle", [
    ("setup: {first: 99}\n", "setup.first is 99: a player index, from 0 to 1 in a 2-player game"),
    ("setup: {first: 2}\n", "setup.first is 2"),
    ("position: {first: 0, current: 5}\n", "position.current is 5"),
    ("position: {players: [{}, {}, {}]}\n", "position.players lists 3 players"),
    ("setup: {decks: {action_card: [" + ", ".join(["x"] * 100_000) + "]}}\n",
     "setup.decks.action_card: a list of 100000 items (at most 500)"),
])
def test_scenario_values_are_checked(tmp_path: Path, cli, body: str, needle: str) -> None:
    res = cli("test", _scenario(tmp_path, body))
    assert res.exit_code == 1 and needle in res.output and "values are out of range" in res.output, res.output


def test_a_scenario_within_range_still_runs(tmp_path: Path, cli) -> None:
    res = cli("test", _scenario(tmp_path, "setup: {first: 1}\n"))
    assert res.exit_code == 0, res.output
