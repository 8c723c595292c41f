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
