"""tune: knobs searched for goals on the same seeds; known answers, a killed study resumed to the same end, a
front for two goals, the variant file it writes, and knobs refused before any game. Budgets are tiny:
2-player greedy Clash games of a few rounds (a round is what the known answer is about)."""

from __future__ import annotations

import json

import pytest
from rulewright.dsl.yamlsafe import safe_load
from rulewright.engine import games
from rulewright.tools.playtest import tune_runner
from rulewright.tools.playtest.goals import fair_gap
from rulewright.tools.playtest.knobs import overlay_of, parse_knob
from rulewright.tools.playtest.tune_answer import agree, dominates, pareto_front
from rulewright.tools.playtest.tune_report import report_lines

ROUNDS = ["params.rounds=1..4", "--target", "rounds=2", "--players", "2", "--games", "4", "--trials", "8", "-q",
          "--width", "90"]


def _tune(cli, out, *args):
    r = cli(["tune", *args, "--out", str(out)])
    assert r.exit_code == 0, r.output
    return r, json.loads((out / "tune.json").read_text())


@pytest.fixture(scope="module")
def rounds(tmp_path_factory, cli):
    """One small study (the output, tune.json, its folder), shared by the tests that read it."""
    out = tmp_path_factory.mktemp("rounds")
    r, result = _tune(cli, out, *ROUNDS)
    return r, result, out


def test_tuning_rounds_to_a_target_length_finds_it(rounds):
    r, result, tmp_path = rounds
    chosen = result["chosen"]
    assert chosen["params"] == {"params.rounds": 2} and chosen["settings"] == ["params.rounds=2"]
    assert chosen["estimates"][0]["raw"] == 2.0 and chosen["values"] == [0.0]
    assert result["base"][0]["raw"] == 6.0  # the base game on the same seeds, for reference
    conf = result["confirmation"]
    assert conf["holds"] and conf["games"] == 4 and conf["first_index"] == 4  # seeds the search never used
    assert conf["goals"][0]["fresh"]["raw"] == 2.0 and conf["goals"][0]["base"]["raw"] == 6.0
    assert conf["goals"][0]["versus_base"] == {"diff": -4.0, "low": -4.0, "high": -4.0,
                                               "verdict": "closer than the base game"}
    assert len(result["trials"]) == 8 and result["sampler"] == "TPE" and result["pruning"]
    assert result["importance"][0]["importance"] == {"params.rounds": pytest.approx(1.0)}
    assert "chosen: trial" in r.output and "params.rounds=2" in r.output and "holds" in r.output
    assert max(len(x) for x in r.output.splitlines() if not x.startswith("wrote")) <= 90
    assert (tmp_path / "tune.png").stat().st_size > 1000 and (tmp_path / "trials.csv").read_text().count("\n") == 9
    # every trial played the same seeds: the cache holds one game per (rules, seed), never two
    keys = [json.loads(x)["key"] for x in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert len(keys) == len(set(keys))


def test_the_variant_file_is_ready_for_compare_lint_and_diff(rounds, tmp_path, cli):
    path = rounds[2] / "tuned.yaml"
    data = safe_load(path.read_text())
    assert data["params"] == {"rounds": 2} and data["game"] == "clash" and "4 fresh seeds the search's figures held" in data["text"]
    assert "rounds=2 closer than the base game" in data["text"]
    r = cli("lint", str(path))
    assert r.exit_code == 0 and "0 errors" in r.output and "warning" not in r.output, r.output
    r = cli("variant", "diff", str(path))
    assert r.exit_code == 0 and "params.rounds" in r.output, r.output
    r = cli("compare", "base", str(path), "--games", "2", "--players", "2", "-q", "--out", str(tmp_path / "c"))
    assert r.exit_code == 0, r.output
    rows = json.loads((tmp_path / "c" / "compare.json").read_text())["rows"]
    assert next(x for x in rows if x["measure"] == "rounds")["diff"] == -4.0


def test_a_killed_study_resumes_to_the_same_end(rounds, tmp_path, cli, monkeypatch):
    whole = rounds[1]
    real, calls = tune_runner.Runner.play, []

    def dies_on_the_third_step(self, tasks, cache, on_game=None):
        calls.append(1)
        if len(calls) == 3:  # the first batch's second rung: four trials asked, none told
            raise KeyboardInterrupt
        return real(self, tasks, cache, on_game)

    monkeypatch.setattr(tune_runner.Runner, "play", dies_on_the_third_step)
    r = cli(["tune", *ROUNDS, "--out", str(tmp_path / "killed")])
    assert r.exit_code == 1 and "--resume" in r.output
    monkeypatch.setattr(tune_runner.Runner, "play", real)
    r = cli(["tune", *ROUNDS, "--out", str(tmp_path / "killed")])
    assert r.exit_code == 2 and "holds a study already" in r.output
    _, resumed = _tune(cli, tmp_path / "killed", *ROUNDS, "--resume")

    def story(result):
        return [(t["number"], t["state"], t["params"], t["values"], t["games"]) for t in result["trials"]]

    assert story(resumed) == story(whole)
    assert resumed["chosen"]["number"] == whole["chosen"]["number"]
    assert resumed["confirmation"] == whole["confirmation"]
    r = cli(["tune", *ROUNDS, "--games", "6", "--resume", "--out", str(tmp_path / "killed")])
    assert r.exit_code == 2 and "games" in r.output  # a resumed study keeps its settings


def test_two_goals_give_a_pareto_front(tmp_path, cli):
    _, result = _tune(cli, tmp_path, "params.rounds=1..4", "params.max_cities=2..6", "--target", "rounds=2",
                      "--target", "city_pieces=3", "--players", "2", "--games", "2", "--trials", "8", "--confirm", "0",
                      "-q")
    assert result["sampler"] == "NSGA-II" and not result["pruning"]
    front, complete = result["front"], [t for t in result["trials"] if t["state"] == "complete"]
    assert len(front) >= 2 and result["chosen"] in front
    for a in front:
        assert not any(dominates(b["values"], a["values"]) for b in complete)
    for t in complete:
        assert t in front or any(dominates(f["values"], t["values"]) or f["values"] == t["values"] for f in front)


def test_keep_bands_mark_trials_infeasible(tmp_path, cli):
    _, result = _tune(cli, tmp_path, "params.rounds=2..6", "--target", "rounds=3", "--keep", "rounds=0.5",
                      "--players", "2", "--games", "2", "--trials", "4", "--confirm", "0", "-q")
    for t in result["trials"]:
        assert t["feasible"] == (t["params"]["params.rounds"] == 6)  # only the base game's 6 rounds keep rounds
    assert result["chosen"]["params"] == {"params.rounds": 6} or "note" in result


@pytest.mark.slow  # starts Ray
def test_ray_and_worker_processes_play_the_same_study(tmp_path, cli):
    args = ["params.rounds=1..3", "--target", "rounds=2", "--players", "2", "--games", "2", "--trials", "2",
            "--confirm", "0", "-q"]
    _, local = _tune(cli, tmp_path / "local", *args)
    _, remote = _tune(cli, tmp_path / "ray", *args, "--backend", "ray", "--workers", "2")
    assert [t["values"] for t in remote["trials"]] == [t["values"] for t in local["trials"]]
    _, pool = _tune(cli, tmp_path / "pool", *args, "--workers", "2")  # local worker processes
    assert [t["values"] for t in pool["trials"]] == [t["values"] for t in local["trials"]]


@pytest.mark.parametrize(("knob", "words"), [
    ("params.rounds=0..3", "params.rounds is 0: the rules allow 1 to 99"),
    ("params.rounds=2.5..4.0", "whole number"),
    ("hidden.owner_only=a,b", "the game's own"),
    ("ranges.params.rounds=1..9", "the game's own"),
    ("grow_cost.food=0..2", "did you mean params.grow_cost.food"),
    ("params.rounds=5..5", "empty or one value"),
    ("params.rounds=4", "PATH=LOW..HIGH"),
])
def test_knobs_are_checked_before_any_game(tmp_path, cli, knob, words):
    r = cli(["tune", knob, "--target", "rounds=3", "--out", str(tmp_path), "-q"])
    assert r.exit_code == 2 and words in r.output, r.output
    assert not (tmp_path / "games.jsonl").exists()


def test_goals_are_checked(tmp_path, cli):
    r = cli(["tune", "params.rounds=1..3", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "needs a goal" in r.output
    r = cli(["tune", "params.rounds=1..3", "--target", "vp=3", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "vp[0]" in r.output
    r = cli(["tune", "params.rounds=1..3", "--worth", "no_such_card=0", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "no such id" in r.output


def test_knobs_parse_and_write_overlays():
    assert parse_knob("params.rounds=4..8").kind == "int"
    real = parse_knob("params.x=0.5..2")
    assert real.kind == "float" and (real.low, real.high) == (0.5, 2.0)
    assert parse_knob("params.military_victory=[1,3,5],[2,4,6]").choices == ("[1,3,5]", "[2,4,6]")
    rules = games.find("clash").definition(["base"], []).rules
    data = overlay_of(rules, ["params.grow_cost.food=0", "params.rounds=5"])
    assert data == {"params": {"grow_cost": {**rules["params"]["grow_cost"], "food": 0}, "rounds": 5}}


def test_the_fair_seat_gap_and_its_interval():
    rows = [{"measures": {"win[0]": float(i % 2 == 0), "win[1]": float(i % 2 == 1)}} for i in range(10)]
    even = fair_gap(rows, 2)
    assert even["value"] == 0.0 and even["low"] == 0.0 and even["high"] > 0.0
    lopsided = fair_gap([{"measures": {"win[0]": 1.0, "win[1]": 0.0}}] * 10, 2)
    assert lopsided["value"] == 0.5 and lopsided["low"] == lopsided["high"] == 0.5
    assert pareto_front([{"values": [1, 2]}, {"values": [2, 1]}, {"values": [2, 2]}]) == [{"values": [1, 2]},
                                                                                        {"values": [2, 1]}]


def test_a_worth_goal_plays_restricted_games(tmp_path, cli):
    _, result = _tune(cli, tmp_path, "params.starting_resources.food=0..2", "--worth", "bartering=0", "--variant",
                      "params.rounds=1", "--players", "2", "--games", "2", "--trials", "2", "--confirm", "2", "-q")
    assert result["goals"][0]["name"] == "worth bartering=0"
    for t in result["trials"]:
        e = t["estimates"][0]
        assert e["n"] == 2 and e["value"] == abs(e["raw"]) and e["low"] <= e["value"] <= e["high"]
    assert result["confirmation"]["goals"][0]["versus_base"]["verdict"]
    records = [json.loads(x)["record"] for x in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert {r["forbidden"] for r in records} == {None, 0, 1}  # a baseline game and one per forbidden seat


def test_a_confirmation_that_disagrees_is_said_plainly(rounds):
    result = json.loads(json.dumps(rounds[1]))
    goal = result["confirmation"]["goals"][0]
    goal["fresh"] = {**goal["fresh"], "raw": 3.5, "raw_low": 3.2, "raw_high": 3.8}
    goal.update(agree(goal["search"], goal["fresh"]))
    result["confirmation"]["holds"] = goal["agrees"]
    assert not goal["agrees"]
    text = "\n".join(report_lines(result, 100))
    assert "DOES NOT HOLD for rounds=2" in text and "NO" in text
    assert agree({"raw": 0.30, "raw_low": 0.20, "raw_high": 0.40}, {"raw": 0.33, "raw_low": 0.25, "raw_high": 0.41})[
        "agrees"]


def test_a_content_knob_and_its_variant_file(tmp_path, cli):
    _, result = _tune(cli, tmp_path, "content.units.settler.cost.food=0..1", "--target", "city_pieces=3", "--variant",
                      "params.rounds=2", "--players", "2", "--games", "2", "--trials", "3", "--confirm", "0", "-q")
    chosen = result["chosen"]["params"]["content.units.settler.cost.food"]
    data = safe_load((tmp_path / "tuned.yaml").read_text())
    assert data["content"] == {"units": {"settler": {"cost": {"food": chosen}}}} and "params" not in data
    r = cli("lint", str(tmp_path / "tuned.yaml"))
    assert r.exit_code == 0 and "warning" not in r.output, r.output


def test_a_target_on_a_custom_measure(tmp_path, cli):
    _, result = _tune(cli, tmp_path, "params.rounds=1..3", "--measure", "settlers=units_built when built has settler",
                      "--target", "settlers_total=0", "--players", "2", "--games", "2", "--trials", "3",
                      "--confirm", "0", "-q")
    rounds = {t["params"]["params.rounds"]: t["estimates"][0]["raw"] for t in result["trials"]}
    assert all(v >= 0 for v in rounds.values()) and len(rounds) >= 2
    assert result["chosen"]["params"]["params.rounds"] == min(rounds, key=rounds.get)
    r = cli(["tune", "params.rounds=1..3", "--measure", "rounds", "--target", "rounds=2", "--out", str(tmp_path / "x")])
    assert r.exit_code == 2 and "hook firings" in r.output


def test_a_choice_knob_in_7_wonders(tmp_path, cli):
    _, result = _tune(cli, tmp_path, "params.military_victory=[1,3,5],[2,4,6]", "--target", "military=20", "--game",
                      "wonders7", "--players", "3", "--games", "2", "--trials", "2", "--batch", "2", "--confirm", "0",
                      "-q")
    assert result["game"] == "wonders7"
    tried = {t["params"]["params.military_victory"]: t["estimates"][0]["raw"] for t in result["trials"]}
    if len(tried) == 2:  # the same battles, each won for more points
        assert tried["[2,4,6]"] > tried["[1,3,5]"]
    if result["chosen"]["params"]["params.military_victory"] == "[1,3,5]":  # the base game's: nothing to write
        assert not (tmp_path / "tuned.yaml").exists()
    else:
        assert safe_load((tmp_path / "tuned.yaml").read_text())["params"]["military_victory"] == [2, 4, 6]


def test_civilization_with_random_bots(tmp_path, cli):
    _, result = _tune(cli, tmp_path, "params.coins_to_win=5..20", "--target", "turns=30", "--game", "civ_board",
                      "--bots", "random", "--players", "2", "--games", "2", "--trials", "2", "--confirm", "0", "-q")
    assert result["game"] == "civ_board" and result["bots"] == ["random"] and len(result["trials"]) == 2


def test_a_real_knob(tmp_path, cli):
    _, result = _tune(cli, tmp_path, "scoring.advance=0.25..1.5", "--target", "vp_mean=6", "--variant",
                      "params.rounds=1", "--players", "2", "--games", "2", "--trials", "3", "--confirm", "0", "-q")
    values = [t["params"]["scoring.advance"] for t in result["trials"]]
    assert all(0.25 <= v <= 1.5 and isinstance(v, float) for v in values)
    assert isinstance(safe_load((tmp_path / "tuned.yaml").read_text())["scoring"]["advance"], float)


def test_when_the_base_values_do_best_no_variant_is_written():
    """A settler costs 2 food in the base game: values equal to the base game's change nothing, so tune writes
    no variant file for them (lint would warn of it); any other value does change the game."""
    from types import SimpleNamespace

    from rulewright.tools.playtest.tune_answer import changes_the_game

    spec = SimpleNamespace(game_id="clash", packs=["base"], variants=["params.rounds=2"])
    assert not changes_the_game(spec, {"settings": ["content.units.settler.cost.food=2"]})
    assert changes_the_game(spec, {"settings": ["content.units.settler.cost.food=1"]})
    assert not changes_the_game(spec, {"settings": ["params.rounds=2"]})
