"""The game registry (engine/games.py): the API, the service and the loader find a game by its id, and
what the loader and the explainer know of a game comes from its rules/<id>/content.yaml."""

from __future__ import annotations

import json

import pytest
from rulewright.api import load_game, new_game, scores
from rulewright.dsl.explain import explain_effect
from rulewright.dsl.parser import parse_effect
from rulewright.dsl.references import content_spec
from rulewright.engine import games
from rulewright.engine.machine import SaveError
from rulewright.engine.service import ServiceError, from_json, to_json


def test_clash_is_installed_registered_and_the_default():
    assert games.installed() == ["civ_board", "clash", "wonders7"]
    assert games.default_game() == "clash"
    game = games.find("clash")
    assert game.id == "clash" and game.default_packs == ("base",)


def test_an_unknown_game_is_refused_everywhere_with_the_games_hosted():
    with pytest.raises(KeyError, match="this version hosts: civ_board, clash, wonders7"):
        games.find("chess")
    with pytest.raises(ValueError, match=r"unknown game 'chess' \(this version hosts: civ_board, clash, wonders7\)"):
        new_game(players=2, seed=1, game_id="chess")
    save = new_game(players=2, seed=1).save()
    with pytest.raises(SaveError, match="this save is for game 'chess'"):
        load_game({**save, "game": "chess"})
    text = to_json(new_game(players=2, seed=1, checkpoints=True))
    with pytest.raises(ServiceError, match="unknown game 'chess'"):  # the service's refusal changes nothing
        from_json(json.dumps({**json.loads(text), "game": "chess"}))


def test_the_api_scores_through_the_games_own_rules():
    game = new_game(players=2, seed=3)
    assert set(scores(game)) >= {"winners"}


def test_the_game_declares_its_references_shapes_and_phrases():
    spec = content_spec("clash")
    assert spec["references"]["advance"]["unlocks"] == "city_piece"
    assert {s["kind"]: s["count"] for s in spec["shapes"]} == {"special_advance": 4, "leader": 3}
    assert content_spec("no_such_game") == {}


def test_a_grant_is_worded_by_the_game_or_generically():
    effect, errors = parse_effect("grant collect(fertile, food)")
    assert not errors and effect is not None
    phrases = content_spec("clash")["grant_phrases"]
    assert explain_effect(effect, phrases) == ["Your cities may collect food from fertile spaces."]
    assert explain_effect(effect) == ["You may collect (fertile, food)."]
