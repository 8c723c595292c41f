"""Issue 45 item 3: restricted play you can trust. The report counts the informative seeds (those whose games
differ), tests them with the exact sign test and decides only with enough of them; `--restrict-all KIND`
ranks every entry of a kind with intervals and Holm's correction over the entries."""

from __future__ import annotations

import json

import pytest
from rulewright.tools.playtest.restricted_run import MIN_INFORMATIVE, restricted_report, sign_test, verdict

SETTINGS = {"players": 2, "game": "clash", "bots": ["greedy"]}


def test_the_exact_sign_test_by_hand():
    assert sign_test(0, 0) == 1.0
    assert sign_test(5, 0) == pytest.approx(2 / 32)  # P(all five one way) twice
    assert sign_test(4, 1) == pytest.approx(2 * 6 / 32)
    assert sign_test(15, 5) == pytest.approx(0.04138946533203125)


def _records(outcomes: list[tuple[int, int]]) -> list[dict]:
    """Seeds whose baseline winner and forbidden-seat-0 winner are given; seat 1 forbidden always as baseline."""
    out = []
    for i, (base_winner, forbidden_winner) in enumerate(outcomes):
        common = {"index": i, "bots": ["greedy", "greedy"], "taken": [True, True], "leaks": 0, "restrict": "x"}
        out.append({**common, "forbidden": None, "winners": [base_winner], "taken_by": {"x": [True, True]}})
        out.append({**common, "forbidden": 0, "winners": [forbidden_winner], "taken": [False, True]})
        out.append({**common, "forbidden": 1, "winners": [base_winner], "taken": [True, False]})
    return out


def test_few_informative_seeds_are_never_decided_however_small_p_looks():
    # 20 seeds, 5 of which differ, all five the same way: p = 0.0625 and only 5 informative
    rep = restricted_report(_records([(0, 1)] * 5 + [(0, 0)] * 15), SETTINGS, "x")
    assert rep["informative_seeds"] == 5 and rep["seeds_for"] == 5 and rep["discordant_pairs"] == 5
    assert not rep["decided"] and "only 5 informative seeds" in verdict(rep)
    # many informative seeds, one-sided: decided
    rep = restricted_report(_records([(0, 1)] * 22 + [(1, 0)] * 3), SETTINGS, "x")
    assert rep["informative_seeds"] == 25 >= MIN_INFORMATIVE and rep["sign_test_p"] < 0.001 and rep["decided"]
    assert verdict(rep) == "worth something"


def test_restrict_all_ranks_every_entry_of_a_kind(cli, tmp_path):
    r = cli(["balance", "--restrict-all", "units", "-g", "1", "-n", "2", "--variant", "params.rounds=1",
             "--width", "80", "-o", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert "restricted play of every unit in clash: 3 entries, 1 seeds" in r.output
    assert "Holm over 3 entries" in r.output.replace("\n", " ")
    rep = json.loads((tmp_path / "restricted_all.json").read_text())
    assert sorted(e["restrict"] for e in rep["entries"]) == ["army", "settler", "ship"]
    worths = [e["worth"]["mean"] for e in rep["entries"]]
    assert worths == sorted(worths, reverse=True) and all("p_holm" in e for e in rep["entries"])
    assert max(len(line) for line in r.output.splitlines()) <= 80
    r = cli(["balance", "--restrict-all", "spaceships", "-g", "1", "-n", "2"])
    assert r.exit_code == 2 and "no such content kind" in r.output and "units" in r.output


def test_one_restriction_reports_its_informative_seeds(cli):
    r = cli(["balance", "--restrict", "engineering", "-g", "1", "-n", "2", "--variant", "params.rounds=1"])
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    assert "informative seeds (allowed and forbidden games differ):" in text and "exact sign test p" in text
    assert "not decided: only" in text
