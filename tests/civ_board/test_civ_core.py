"""Civilization: The Board Game's rules core on a tiny made-up pack: the set-up, a whole bot game to a
victory (deterministic per seed), hidden information in the seats' views, and an illegal choice refused."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from civ_helpers import bot_game, new
from rulewright.engine.decision import IllegalAction
from rulewright.engine.games import find
from rulewright.rules.civ_board.board import board


def test_the_layout_lays_home_tiles_turned_and_neutral_tiles_facedown():
    g = new(3)
    tiles = g.state["map"]["tiles"]
    assert (g.state["map"]["rows"], g.state["map"]["cols"]) == (2, 4)
    assert tiles[0][0]["rot"] == board.DIRS["south"] and tiles[1][3]["rot"] == board.DIRS["north"]
    assert all(tiles[r][c] == {"hidden": True} for r, c in [(0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2)])
    assert len(g.state["tile_pool"]) == 6
    rt = g.rt
    assert rt.square(5, 1) is None and rt.square(1, 1) is not None   # facedown tiles show nothing
    assert g.pending.kind == "capital" and g.pending.player == g.state["first"]


def test_a_home_tile_turned_south_shows_its_squares_rotated_half_a_turn():
    g = new(3)
    data = g.definition.tiles["home_a"].data["squares"]
    assert g.rt.square(0, 0) == board.parse_square(data[3][3]) and g.rt.square(3, 3) == board.parse_square(data[0][0])


def test_set_up_gives_each_player_its_start_tech_forces_and_the_outskirts_trade():
    g = bot_game(5, until=lambda g: g.state["turn"] >= 1)
    for p, pl in enumerate(g.state["players"]):
        civ = g.definition.civs[pl["civ"]].data
        assert pl["techs"][0] == civ["start_tech"] and pl["pyramid"]["1"][0] == civ["start_tech"]
        assert len([c for c in g.rt.cities(p) if c["capital"]]) == 1
        types = sorted(g.definition.units[c].data["type"] for c in pl["forces"])
        assert types == ["artillery", "infantry", "mounted"]
    walled = [c["walled"] for c in g.state["cities_built"] if g.state["players"][c["owner"]]["civ"] == "civ_a"]
    assert walled == [True]   # civ_a's setup: a walled capital


@pytest.mark.parametrize("seed", [2])
def test_a_two_player_bot_game_ends_with_a_victory_and_the_same_seed_replays_it(seed):
    g = bot_game(seed)
    assert g.over and g.state["winner"] and g.state["victory"] in ("culture", "technology", "economic", "military")
    assert any(line.startswith("=== Turn 2:") for line in g.log)
    again = bot_game(seed)
    assert again.log == g.log and again.state == g.state


def test_the_first_player_marker_passes_to_the_left_each_turn():
    g = bot_game(1, until=lambda g: g.state["turn"] >= 3)
    firsts = [line.split("first player ")[1].rstrip(" =") for line in g.log if line.startswith("=== Turn")]
    assert firsts[0] != firsts[1] and firsts[0] == firsts[2]


def test_views_hide_facedown_tiles_markers_forces_and_culture_hands():
    g = bot_game(2, until=lambda g: g.state["turn"] >= 2)
    for key in ("rng", "tile_pool", "hut_pool", "village_pool", "great_people_pile"):
        assert key not in g.view(0)
    v0 = g.view(0)
    assert v0["players"][0]["forces"] == g.state["players"][0]["forces"]
    assert v0["players"][1]["forces"] == {"count": len(g.state["players"][1]["forces"])}
    assert v0["players"][1]["hand"] == {"count": len(g.state["players"][1]["hand"])}
    assert g.view(None)["players"][0]["forces"] == {"count": len(g.state["players"][0]["forces"])}


def test_an_illegal_choice_is_refused_and_leaves_the_game_unchanged():
    g = new(1)
    before = g.state_hash()
    with pytest.raises(IllegalAction):
        g.apply({"player": g.pending.player, "choice": "99,99"})
    assert g.state_hash() == before


def test_no_string_of_the_rules_python_is_a_content_id_or_name():
    content = find("civ_board").definition(["base"], []).content
    words = set(content.entries) | {e.name for e in content.entries.values()}
    rules = Path(board.__file__).resolve().parent
    found = [f"{p.name}:{node.lineno} {node.value!r}" for p in sorted(rules.glob("*.py"))
             for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in words]
    assert not found, found
