"""Civilization positions that say what the random stream would decide (issue 48): marker contents, tile draw
order, unit and culture decks, piles, the market's supply, battle hands, a figure's placement turn and a
government's history. Each is run as a scenario of tests/scenarios/civ_board/positions/; a position the packs
cannot make is a message naming where it is; a fixed position plays the same whatever the seed; what it fixes
in secret stays secret from every view and from the search bot's guess."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rulewright.engine.diagnostics import PositionError
from rulewright.engine.games import find
from rulewright.engine.machine import Game
from rulewright.engine.rng import Rng, seed_state
from rulewright.rules.civ_board.bots.search_support import determinise
from rulewright.tools.modding.scenarios import load_scenario, run_scenario
from where import TESTS

FOLDER = TESTS / "scenarios" / "civ_board" / "positions"
FILES = sorted(FOLDER.glob("*.yaml"))


def _game(position: dict, seed: int = 1) -> Game:
    return Game(find("civ_board").definition(["base"], []), {"players": 2, "seed": seed, "position": position})


@pytest.mark.parametrize("path", FILES, ids=lambda p: Path(p).stem)
def test_every_position_scenario_passes(path):
    result = run_scenario(load_scenario(path), path=str(path))
    assert result.passed, "\n".join(result.messages)


def test_each_new_position_word_has_its_scenario():
    text = "\n".join(p.read_text() for p in FILES)
    for word in ("hut_pile", "markers", "tile_order", "unit_decks", "unit_returned", "market", "battle_hands",
                 "since", "anarchy_since", "just_unlocked", "view_of", "log_order"):
        assert word in text, word


def test_a_position_naming_what_the_packs_lack_is_refused_with_where():
    with pytest.raises(PositionError) as err:
        _game({"civs": ["germany", "china"], "tile_order": ["home_rome"], "unit_decks": {"infantry": ["mounted_1234"],
               "boats": []}, "culture_decks": {"1": ["lost"]}, "market": {"gold": 1}, "hut_pile": ["village_iron"],
               "players": [{"just_unlocked": ["monarchy"], "battle_hands": [["no_such_unit"]]}]})
    where = dict(err.value.problems)
    assert "is not a facedown tile of this game" in where[("tile_order", 0)]
    assert "is no infantry unit card" in where[("unit_decks", "infantry", 0)]
    assert "is no unit deck" in where[("unit_decks", "boats")]
    assert "is no level 1 culture event card" in where[("culture_decks", "1", 0)]
    assert "is no resource" in where[("market", "gold")]
    assert "'village_iron' is no hut pile" in where[("hut_pile", 0)]
    assert "is no government" in where[("players", 0, "just_unlocked", 0)]
    assert "is unknown" in where[("players", 0, "battle_hands", 0, 0)]


def test_a_marker_cannot_hold_what_its_pile_lacks():
    with pytest.raises(PositionError) as err:
        _game({"civs": ["germany", "china"], "reveal": True, "hut_pile": ["hut_wheat"],
               "markers": {"5,5": "hut_silk", "5,6": "hut_wheat", "5,4": "hut_wheat", "6,6": "temple"}})
    where = dict(err.value.problems)
    assert where[("markers", "5,5")] == "no hut_silk is left in the hut pile for this marker"
    assert where[("markers", "5,4")] == "no hut_wheat is left in the hut pile for this marker"   # one copy, used at 5,6
    assert "'temple' is no marker" in where[("markers", "6,6")]


def test_what_a_position_fixes_is_the_same_whatever_the_seed():
    position = {"civs": ["germany", "china"], "first": 0, "start": "city_management", "reveal": True,
                "unit_decks": {"infantry": ["infantry_3456", "infantry_2345"]}, "market": {"wheat": 2},
                "culture_decks": {"1": ["sabotage", "drought"]}, "great_people": ["great_artist", "great_general"], "players": [{"forces": []}, {}]}
    first = [_game(position, seed) for seed in (1, 2, 3)]
    for g in first:
        g.apply({"player": 0, "choice": "unit:infantry"})
    assert {json.dumps(g.state["players"][0]["forces"]) for g in first} == {'["infantry_3456"]'}
    assert {json.dumps([g.state["culture_decks"]["1"], g.state["great_people_pile"]]) for g in first} == \
        {json.dumps([["sabotage", "drought"], ["great_artist", "great_general"]])}


def test_what_a_marker_holds_and_a_fixed_battle_hand_stay_out_of_every_view_and_the_search_guess():
    g = _game({"civs": ["germany", "china"], "first": 0, "start": "movement", "reveal": True,
               "markers": {"5,5": "hut_silk"},
               "players": [{"forces": ["infantry_1234"], "battle_hands": [["infantry_1234"]]}, {}]})
    assert g.state["marker_contents"] == {"5,5": "hut_silk"}
    for seat in (0, 1, None):
        view = g.view(seat)
        assert "marker_contents" not in view and view["markers"]["5,5"] == "hut"
    assert g.view(0)["players"][0]["battle_draws"] == [["infantry_1234"]]
    assert g.view(1)["players"][0]["battle_draws"] == {"count": 1}
    guess = json.loads(json.dumps(g.state))
    determinise(g.definition, guess, 1, Rng({"rng": seed_state(5)}))
    assert "marker_contents" not in guess and "battle_draws" not in guess["players"][0]


def test_a_position_cannot_put_a_piece_where_the_rules_never_would():
    """Terrain and the other placement rules hold in positions as in play: each piece the rules would refuse is a
    problem at its own path, naming the square (its label and terrain) and the rule."""
    with pytest.raises(PositionError) as err:
        _game({"civs": ["germany", "china"], "reveal": True, "players": [{}, {}],
               "items": [{"owner": 0, "kind": "building", "id": "library", "at": "0,2"},      # water
                         {"owner": 0, "kind": "building", "id": "harbor", "at": "1,0"},       # desert
                         {"owner": 0, "kind": "building", "id": "city_walls", "at": "2,0"},
                         {"owner": 0, "kind": "wonder", "id": "pentagon", "at": "3,3"},       # water
                         {"owner": 0, "kind": "person", "id": "great_artist", "at": "0,3"},   # water
                         {"owner": 0, "kind": "building", "id": "granary", "at": "1,1"},      # the capital
                         {"owner": 0, "kind": "building", "id": "workshop", "at": "2,1"},
                         {"owner": 0, "kind": "building", "id": "iron_mine", "at": "2,1"},
                         {"owner": 0, "kind": "wonder", "id": "library", "at": "2,2"},
                         {"owner": 4, "kind": "building", "id": "library", "at": "0,0"}],
               "cities": [{"owner": 0, "at": "7,7"}, {"owner": 0, "at": "2,3"}, {"owner": 1, "at": "6,2"}],
               "figures": [{"owner": 1, "kind": "army", "at": "3,3"}, {"owner": 0, "kind": "army", "at": "5,5"},
                           {"owner": 0, "kind": "scout", "at": "5,13"}, {"owner": 0, "kind": "army", "at": "4,12"},
                           {"owner": 0, "kind": "army", "at": "6,6"}, {"owner": 0, "kind": "army", "at": "6,6"},
                           {"owner": 0, "kind": "army", "at": "6,6"}, {"owner": 0, "kind": "scout", "at": "6,5"}],
               "markers": {"7,4": "hut", "6,2": "village"}})
    where = dict(err.value.problems)
    assert where[("items", 0, "at")] == "Library cannot stand at 0,2 (A3, water): it is built on grassland"
    assert where[("items", 1, "at")] == "Harbor cannot stand at 1,0 (B1, desert): it is built on water"
    assert "write `walled: true` on the city" in where[("items", 2, "id")]
    assert where[("items", 3, "at")] == "The Pentagon cannot stand at 3,3 (D4, water): a wonder never stands on water"
    assert where[("items", 4, "at")].endswith("(A4, water): a great person never stands on water")
    assert where[("items", 5, "at")] == "Granary cannot stand at 1,1 (B2, mountain): it is a city's centre"
    assert "items 6 and 7 both stand at 2,1" in where[("items", 7, "at")]
    assert "'library' is no wonder" in where[("items", 8, "id")]
    assert "owner 4 is no seat of this game" in where[("items", 9, "owner")]
    assert where[("cities", 0, "at")] == "a city cannot stand at 7,7 (H8, water): a city never stands on water"
    assert "the city at B2 is 2 squares away; cities stand at least 3 apart" in where[("cities", 1, "at")]
    assert ("cities", 2, "at") not in where   # 6,2 is a city site
    assert where[("figures", 0, "at")].startswith("an army cannot stand at 3,3 (D4, water): no figure stands on water")
    assert "a hut or village marker lies there" in where[("figures", 1, "at")]
    assert "a figure never stays in a city's centre" in where[("figures", 2, "at")]
    assert "another player's figures stand there" in where[("figures", 3, "at")]
    assert "3 figures of Player 1 there, over the stacking limit of 2" in where[("figures", 6, "at")]
    assert "Player 1 has 2 scout figures, all on the map already" in where[("figures", 7, "at")]
    assert where[("markers", "7,4")] == "a marker cannot lie at 7,4 (H5, water): a marker never lies on water"
    assert where[("markers", "6,2")] == "a marker cannot lie at 6,2 (G3, grassland): it is a city's centre"
    # a tech that lets figures end in water makes the same army legal
    ok = _game({"civs": ["germany", "china"], "reveal": True, "players": [{"techs": ["sailing"]}, {}],
                "figures": [{"owner": 0, "kind": "army", "at": "3,3"}]})
    assert [(f["x"], f["y"]) for f in ok.state["figures"] if f["owner"] == 0][-1] == (3, 3)


def test_a_scenario_file_placing_a_library_on_water_names_its_line_and_column(tmp_path):
    path = tmp_path / "library_on_water.yaml"
    path.write_text('name: "a Library on water"\ngame: civ_board\nplayers: 2\nposition:\n  civs: [germany, china]\n'
                    '  items:\n    - {owner: 0, kind: building, id: library, at: "0,2"}\nactions: []\n')
    result = run_scenario(load_scenario(path), path=str(path))
    assert not result.passed
    assert f"{path}:7:51: position.items.0.at: Library cannot stand at 0,2 (A3, water): it is built on grassland" in \
        "\n".join(result.messages)


def test_a_position_laid_after_a_set_up_decision_names_its_line_too(tmp_path):
    """Egypt's set-up asks where its wonder stands before the position is laid: a piece refused then is still
    named by file, line and column."""
    path = tmp_path / "egypt_city_too_near.yaml"
    path.write_text('name: "a city too near the capital"\ngame: civ_board\nplayers: 2\nposition:\n  civs: [egypt, rome]\n'
                    '  cities: [{owner: 0, at: "3,3"}]\nactions: ["2,2"]\n')
    messages = "\n".join(run_scenario(load_scenario(path), path=str(path)).messages)
    assert "step 1: cannot set up the position:" in messages
    assert f"{path}:6:27: position.cities.0.at: a city cannot stand at 3,3 (D4, forest): the city at B2 is 2 squares " \
           "away" in messages
