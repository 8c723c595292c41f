"""Labels everywhere (issue 28): every state path that holds a space compares equal to its board label, and
a failed comparison prints the label with the id; found by walking a whole state, not by a list of paths."""

from __future__ import annotations

import re

from rulewright.engine.hexgrid import axial_to_label, parse_space_id
from rulewright.tools.scenario_checks import check
from rulewright.tools.scenarios import _labels, run_scenario

SPACE = re.compile(r"^-?\d+,-?\d+$")
POSITION = {"players": [{"advances": ["farming", "mining", "fishing"], "resources": {"food": 2}}],
            "cities": [{"owner": 0, "at": "D2", "pieces": {"port": None}, "port": "D3", "wonders": ["great_wall"]}],
            "units": [{"owner": 0, "type": "army", "at": "D2"}, {"owner": 0, "type": "ship", "at": "D3"}],
            "exhausted": ["E2"]}


def _game():
    from rulewright.api import new_game

    return new_game(players=2, seed=1, packs=["base"], game_id="clash", position=POSITION)


def _space_paths(obj, path=()):
    """(path, space id) for every string value of the state that is a space id."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _space_paths(v, (*path, str(k)))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _space_paths(v, (*path, str(i)))
    elif isinstance(obj, str) and SPACE.match(obj):
        yield ".".join(path), obj


def _label(space: str) -> str:
    return axial_to_label(parse_space_id(space))


def test_every_space_valued_path_equals_its_label():
    game = _game()
    labels = _labels({"game": "clash"})
    found = list(_space_paths(game.state))
    kinds = {re.sub(r"\.[^.]*\d[^.]*", ".N", p) for p, _ in found}
    assert {"units.N.space", "cities.N.port", "board.exhausted.N", "wonders.built.great_wall"} <= kinds, kinds
    for path, space in found:
        label = _label(space)
        assert check(game, {"path": path, "equals": label}, labels) is None, path
        assert check(game, {"path": path, "equals": space}, labels) is None, path
        wrong = "A1" if label != "A1" else "B1"
        msg = check(game, {"path": path, "equals": wrong}, labels)
        # both sides as labels, with the ids beside them
        assert f"'{label}' (id '{space}')" in msg and f"'{wrong}' (id '" in msg, msg
        # the same path with labels in place of ids in its segments
        by_label = ".".join(_label(p) if SPACE.match(p) else p for p in path.split("."))
        assert check(game, {"path": by_label, "equals": label}, labels) is None, by_label


def test_labels_inside_lists_and_mappings():
    game = _game()
    labels = _labels({"game": "clash"})
    assert check(game, {"path": "board.exhausted", "equals": ["E2"]}, labels) is None
    assert check(game, {"path": "board.exhausted", "contains": "E2"}, labels) is None
    assert check(game, {"path": "board.exhausted", "excludes": "D2"}, labels) is None
    assert check(game, {"path": "wonders.built", "equals": {"great_wall": "D2"}}, labels) is None


def test_the_issue_example_unit_space_reads_as_label():
    spec = {"name": "t", "players": 2, "position": POSITION,
            "expect": [{"path": "units.3.space", "equals": "D2"}, {"path": "units.4.space", "equals": "D3"}]}
    assert run_scenario(spec).passed
    spec["expect"] = [{"path": "units.3.space", "equals": "D3"}]
    res = run_scenario(spec)
    assert res.messages[:-1] == ["units.3.space: expected 'D3' (id '3,1'), actual 'D2' (id '3,0')"]
