"""Verdicts across bot families (issue 46 item 4): compare, balance and restricted play with --bots given
more than once; a verdict that holds under every family reads "rules, not bots". Tiny budgets: short
2-player games (params.rounds=1 or 2), greedy and random families."""

from __future__ import annotations

import json

from rulewright.tools.playtest.families import BOTS, NONE, RULES, combined


def test_the_verdict_across_families():
    names = ["greedy", "random", "search:4"]
    assert combined([1, 1, 1], names) == RULES and combined([-1, -1, -1], names) == RULES
    assert combined([0, 0, 0], names) == NONE
    assert combined([1, 0, 1], names) == f"{BOTS} (holds under greedy, search:4 only)"
    assert combined([1, -1, 1], names) == f"{BOTS} (opposite directions)"


def test_compare_under_two_families(tmp_path, cli):
    r = cli(["compare", "params.rounds=1", "params.rounds=2", "--bots", "greedy", "--bots", "random", "--games", "3",
             "--players", "2", "-m", "rounds", "-m", "vp_mean", "-q", "--width", "100", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    across = json.loads((tmp_path / "compare_families.json").read_text())
    assert across["families"] == ["greedy", "random"]
    rounds = next(x for x in across["rows"] if x["measure"] == "rounds")
    assert [p["diff"] for p in rounds["per_family"]] == [1.0, 1.0] and rounds["verdict"] == RULES
    for family in ("bots-greedy", "bots-random"):  # each family's own comparison, as one --bots writes it
        own = json.loads((tmp_path / family / "compare.json").read_text())
        assert own["bots"] == [family[5:]] and own["games"] == 3
    assert "rules, not bots" in r.output and "greedy" in r.output and "random" in r.output
    r = cli(["compare", "base", "params.rounds=2", "--bots", "greedy", "--bots", "greedy", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "names a family twice" in r.output


def test_balance_per_family(tmp_path, cli):
    r = cli(["balance", "--bots", "greedy", "--bots", "random", "--games", "4", "--players", "2",
             "--variant", "params.rounds=2", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    across = json.loads((tmp_path / "balance_families.json").read_text())
    assert across["families"] == ["greedy", "random"] and len(across["reports"]) == 2
    assert {row["seat"] for row in across["seats"]} == {0, 1}
    for rep, bots in zip(across["reports"], ("greedy", "random"), strict=True):
        assert rep["bots"] == [bots] and rep["games"] == 4
        assert (tmp_path / f"bots-{bots}" / "balance.json").exists()
    assert "seats unequal (chi-square, 5%)" in r.output and "seat 1 away from an equal share" in r.output


def test_restricted_play_per_family(tmp_path, cli):
    r = cli(["balance", "--restrict", "bartering", "--bots", "greedy", "--bots", "random", "--games", "2",
             "--players", "2", "--variant", "params.rounds=1", "--json"])
    assert r.exit_code == 0, r.output
    across = json.loads(r.output)
    assert across["families"] == ["greedy", "random"]
    assert [rep["settings"]["bots"] for rep in across["reports"]] == [["greedy"], ["random"]]
    assert across["verdict"] in (RULES, NONE) or across["verdict"].startswith(BOTS)
