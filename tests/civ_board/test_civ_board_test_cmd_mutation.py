"""`rulewright test --mutation`: the scenarios' game names its mutation kinds, a covered entry whose effect
no scenario needs is reported as survived, entries no scenario covers as uncovered, and either fails."""

from __future__ import annotations

from rulewright.tools.cli import app
from typer.testing import CliRunner
from where import ROOT

TESTS = ROOT / "content" / "civ_board" / "base" / "tests"
runner = CliRunner()

WEAK = """name: claims to cover the Colossus but checks nothing the Colossus does
game: civ_board
players: 2
covers: [colossus]
position: {civs: [germany, rome], first: 0, start: start_of_turn, players: [{}, {}],
           items: [{owner: 0, kind: wonder, id: colossus, at: "2,1"}]}
expect:
- {path: players.0.civ, equals: germany}
"""


def test_one_scenario_kills_its_entry_and_reports_the_rest_uncovered():
    result = runner.invoke(app, ["test", str(TESTS / "barracks_gives_a_combat_bonus_of_2.yaml"), "--mutation", "-q"])
    assert result.exit_code == 1
    assert "mutation (civ_board): 1 killed, 0 survived," in result.output
    assert "UNCOVERED civ_board: russia " in result.output
    assert "SURVIVED" not in result.output


def test_a_scenario_that_does_not_need_the_effect_lets_the_mutant_survive(tmp_path):
    (tmp_path / "weak.yaml").write_text(WEAK, encoding="utf-8")
    result = runner.invoke(app, ["test", str(tmp_path), "--mutation", "-q"])
    assert "1 passed, 0 failed" in result.output
    assert "SURVIVED civ_board: colossus survived" in result.output
    assert "mutation (civ_board): 0 killed, 1 survived," in result.output
    assert result.exit_code == 1
