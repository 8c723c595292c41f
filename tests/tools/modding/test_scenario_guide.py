"""docs/scenarios.md: every YAML example of the scenario guide is a scenario that passes as written,
and the runner's own features (checkpoints, VP, a pack's tests/ folder, board labels) work."""

from __future__ import annotations

import re

import pytest
from ruamel.yaml import YAML
from rulewright.tools.modding.scenarios import run_scenario
from where import ROOT

GUIDE = ROOT / "docs" / "scenarios.md"
EXAMPLES = re.findall(r"```yaml\n(.*?)```", GUIDE.read_text(), re.S)


def test_guide_has_the_promised_examples():
    names = [YAML(typ="safe").load(x)["name"] for x in EXAMPLES]
    assert len(names) >= 5
    text = " ".join(names).lower()
    for topic in ("optional", "pay", "turn's start", "status phase", "vp"):
        assert topic in text, topic


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"example{i}" for i in range(len(EXAMPLES))])
def test_guide_example_runs(example):
    spec = YAML(typ="safe").load(example)
    result = run_scenario(spec, path=str(GUIDE))
    assert result.passed, "\n".join(result.messages)


def _spec(actions, expect=None):
    return {"name": "t", "players": 2,
            "position": {"players": [{"advances": ["farming", "mining"], "resources": {"food": 2, "ore": 2}}],
                         "cities": [{"owner": 0, "at": "D2"}]},
            "actions": actions, "expect": expect or []}


def test_checkpoint_failure_is_reported_at_its_step():
    result = run_scenario(_spec(["build", {"expect": [{"pending": "city"}, {"vp": {0: 5}}]}, "army"]))
    assert not result.passed
    assert result.messages[-1].startswith("  pending: 'Player 1: choose an action (2 left)' - waiting for player 0")
    assert result.messages[:-1] == [
        "checkpoint at step 2: expected a pending 'city' decision, got 'build'; waiting for player 0 "
        "(build: settler | army)",
        "checkpoint at step 2: expected VP {0: 5}, actual {0: 2.0, 1: 1.0}",
    ]


def test_errors_and_values_use_board_labels():
    result = run_scenario(_spec(["build", "army"], [{"path": "units", "length": 0}]))
    assert not result.passed
    assert "D2" in result.messages[0] and "3,0" not in result.messages[0]
    bad = run_scenario(_spec(["move"]))
    assert bad.messages[0].startswith("step 1: 'move' is not a legal choice")
    assert "waiting for player 0 (action:" in bad.messages[0]


def test_log_is_grammatical_and_matched_by_label():
    spec = {"name": "t", "players": 2, "position": {
        "players": [{"resources": {"culture": 1}, "culture_level": 3, "hand": {"action_card": ["militia"]}}],
        "cities": [{"owner": 0, "at": "D2"}]}, "actions": ["special:militia#0"],
        "expect": [{"log": "Player 1 gets an Army at D2"}, {"no_log": "a Army"}]}
    result = run_scenario(spec)
    assert result.passed, result.messages


def test_a_content_file_is_not_read_as_a_scenario():
    result = run_scenario({"kind": "advance", "entries": []}, path="mypack/advances.yaml")
    assert result.messages == ["this is a content file (kind: advance), not a scenario: content goes at the "
                               "top of a pack, scenarios in its tests/ folder"]


@pytest.mark.parametrize("depth", [0, 6])
def test_test_command_runs_a_packs_tests_folder(tmp_path, depth, write_pack, cli):
    """The messages hold whole paths on one line, however long the path (a deep folder here)."""
    root = tmp_path.joinpath(*[f"a-rather-long-folder-name-{i}" for i in range(depth)])
    pack = write_pack({"cards.yaml": "kind: advance\nentries: []\n", "tests/build.yaml":
                       "name: build in my pack\nplayers: 2\nposition:\n  players:\n    - {advances: [farming, mining], "
                       "resources: {food: 2, ore: 2}}\n  cities:\n    - {owner: 0, at: D2}\nactions: [build, army]\n"
                       "expect:\n  - {path: units, length: 1}\n  - {path: vp.0, equals: 2.0}\n"}, root=root / "mypack")
    res = cli("test", pack)
    assert res.exit_code == 0, res.output
    assert f"running the scenarios of pack {pack} in {pack / 'tests'}/\n" in res.output
    assert "1 passed, 0 failed" in res.output
    empty = write_pack(pack_id="empty", root=root / "empty")
    res = cli("test", empty)
    assert res.exit_code == 1 and "no tests/ folder" in res.output and str(empty / "tests") in res.output


def test_an_unknown_expectation_lists_the_known_ones():
    result = run_scenario(_spec([], [{"gold": 3}]))
    assert result.messages[:-1] == ['unknown expectation {"gold": 3}: an item checks one of path (with equals, '
                                    "at_least, at_most, contains, excludes, length or absent), log, no_log, "
                                    "log_order, options_include, options_exclude, pending, auto_picked, vp, over "
                                    "(docs/scenarios.md); view_of: N makes a path or log item seat N's"]
