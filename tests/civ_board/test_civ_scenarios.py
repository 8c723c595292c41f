"""Civilization scenarios: a position laid over the set-up (ids and squares checked, turn 1 started at a
named phase), run by `rulewright test`; a bad position is refused naming where it is wrong."""

from __future__ import annotations

import pytest
from civ_helpers import MINI, definition
from rulewright.engine.diagnostics import PositionError
from rulewright.engine.machine import Game
from rulewright.tools.cli import app
from typer.testing import CliRunner


def test_the_mini_packs_scenarios_pass():
    result = CliRunner().invoke(app, ["test", f"{MINI}/tests"])
    assert result.exit_code == 0, result.output
    assert "1 passed, 0 failed" in result.output


def test_a_position_starts_turn_1_at_its_phase_with_what_it_sets():
    g = Game(definition(), {"players": 2, "seed": 4, "position": {
        "civs": ["civ_b", "civ_a"], "first": 1, "start": "city_management", "reveal": True,
        "players": [{"culture": 7, "resources": {"iron": 1}}, {"trade": 9}],
        "figures": [{"owner": 0, "kind": "army", "at": "6,6"}]}})
    st = g.state
    assert st["turn"] == 1 and st["phase"] == "city_management" and st["first"] == 1
    assert [pl["civ"] for pl in st["players"]] == ["civ_b", "civ_a"]
    assert st["players"][0]["culture"] == 7 and st["players"][1]["trade"] == 9
    assert not st["tile_pool"] and all(c and not c.get("hidden") for row in st["map"]["tiles"] for c in row)
    assert g.pending.kind == "city_action" and g.pending.player == 1


def test_a_position_naming_unknown_things_is_refused_with_where():
    with pytest.raises(PositionError) as err:
        Game(definition(), {"players": 2, "seed": 4, "position": {
            "players": [{"techs": ["t1_a", "no_such_tech"]}], "figures": [{"owner": 0, "at": "1,9"}]}})
    where = [w for w, _ in err.value.problems]
    assert ("players", 0, "techs", 1) in where and ("figures", 0, "at") in where
